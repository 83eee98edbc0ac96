#include "tdbg-secret-dialog.h"

#include <glib/gi18n.h>

struct _TdbgSecretDialog {
  GtkWindow parent_instance;

  GtkLabel *prompt_label;
  GtkPasswordEntry *password_entry;
  GtkEntry *echo_entry;
  gboolean echo;
  gboolean responded;
};

G_DEFINE_FINAL_TYPE (TdbgSecretDialog, tdbg_secret_dialog, GTK_TYPE_WINDOW)

enum { RESPONSE, N_SIGNALS };
static guint signals[N_SIGNALS];

GtkEditable *
tdbg_secret_dialog_get_entry (TdbgSecretDialog *self)
{
  return self->echo ? GTK_EDITABLE (self->echo_entry) : GTK_EDITABLE (self->password_entry);
}

char *
tdbg_secret_dialog_take_answer (TdbgSecretDialog *self)
{
  GtkEditable *entry = tdbg_secret_dialog_get_entry (self);
  char *answer = g_strdup (gtk_editable_get_text (entry));

  /* The password entry's own buffer wipes what it held. */
  gtk_editable_set_text (entry, "");
  return answer;
}

/* Emits "response" the first time only (and empties the entry); TRUE when it did. */
static gboolean
respond_once (TdbgSecretDialog *self, gboolean accepted)
{
  if (self->responded)
    return FALSE;
  self->responded = TRUE;
  g_signal_emit (self, signals[RESPONSE], 0, accepted);
  gtk_editable_set_text (tdbg_secret_dialog_get_entry (self), "");
  return TRUE;
}

void
tdbg_secret_dialog_respond (TdbgSecretDialog *self, gboolean accepted)
{
  if (respond_once (self, accepted))
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (TdbgSecretDialog *self)
{
  tdbg_secret_dialog_respond (self, FALSE);
}

static void
connect_clicked_cb (TdbgSecretDialog *self)
{
  tdbg_secret_dialog_respond (self, TRUE);
}

static gboolean
close_request_cb (GtkWindow *window)
{
  respond_once (TDBG_SECRET_DIALOG (window), FALSE);
  return FALSE;
}

static void
tdbg_secret_dialog_class_init (TdbgSecretDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  GTK_WINDOW_CLASS (klass)->close_request = close_request_cb;
  signals[RESPONSE] = g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-secret-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgSecretDialog, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgSecretDialog, password_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgSecretDialog, echo_entry);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, connect_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tdbg_secret_dialog_init (TdbgSecretDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TdbgSecretDialog *
tdbg_secret_dialog_new (GtkWindow *parent, const char *prompt, gboolean echo)
{
  TdbgSecretDialog *self = g_object_new (TDBG_TYPE_SECRET_DIALOG, "transient-for", parent, NULL);

  self->echo = echo;
  gtk_label_set_text (self->prompt_label, prompt);
  gtk_widget_set_visible (GTK_WIDGET (self->password_entry), !echo);
  gtk_widget_set_visible (GTK_WIDGET (self->echo_entry), echo);
  gtk_widget_grab_focus (GTK_WIDGET (tdbg_secret_dialog_get_entry (self)));
  return self;
}
