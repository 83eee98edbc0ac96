#include "tdbg-host-key-dialog.h"

#include <glib/gi18n.h>

struct _TdbgHostKeyDialog {
  GtkWindow parent_instance;

  GtkLabel *heading_label;
  GtkLabel *host_label;
  GtkLabel *port_label;
  GtkLabel *type_label;
  GtkLabel *fingerprint_label;
  gboolean decided;
};

G_DEFINE_FINAL_TYPE (TdbgHostKeyDialog, tdbg_host_key_dialog, GTK_TYPE_WINDOW)

enum { DECIDED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Emits "decided" the first time only; TRUE when it did. */
static gboolean
decide_once (TdbgHostKeyDialog *self, TdbgHostKeyDecision decision)
{
  if (self->decided)
    return FALSE;
  self->decided = TRUE;
  g_signal_emit (self, signals[DECIDED], 0, (int) decision);
  return TRUE;
}

void
tdbg_host_key_dialog_decide (TdbgHostKeyDialog *self, TdbgHostKeyDecision decision)
{
  if (decide_once (self, decision))
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (TdbgHostKeyDialog *self)
{
  tdbg_host_key_dialog_decide (self, TDBG_HOST_KEY_REFUSE);
}

static void
accept_once_clicked_cb (TdbgHostKeyDialog *self)
{
  tdbg_host_key_dialog_decide (self, TDBG_HOST_KEY_ACCEPT_ONCE);
}

static void
remember_clicked_cb (TdbgHostKeyDialog *self)
{
  tdbg_host_key_dialog_decide (self, TDBG_HOST_KEY_ACCEPT_AND_REMEMBER);
}

static gboolean
close_request_cb (GtkWindow *window)
{
  decide_once (TDBG_HOST_KEY_DIALOG (window), TDBG_HOST_KEY_REFUSE);
  return FALSE;
}

static void
tdbg_host_key_dialog_class_init (TdbgHostKeyDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  GTK_WINDOW_CLASS (klass)->close_request = close_request_cb;
  signals[DECIDED] = g_signal_new ("decided", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-host-key-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgHostKeyDialog, heading_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgHostKeyDialog, host_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgHostKeyDialog, port_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgHostKeyDialog, type_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgHostKeyDialog, fingerprint_label);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, accept_once_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, remember_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tdbg_host_key_dialog_init (TdbgHostKeyDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TdbgHostKeyDialog *
tdbg_host_key_dialog_new (GtkWindow *parent, const char *host, guint port, const char *key_type,
                          const char *fingerprint)
{
  TdbgHostKeyDialog *self = g_object_new (TDBG_TYPE_HOST_KEY_DIALOG, "transient-for", parent, NULL);
  g_autofree char *heading = g_strdup_printf (_("The host “%s” is not known. Is this the key it should have?"), host);
  g_autofree char *port_text = g_strdup_printf ("%u", port);

  gtk_label_set_text (self->heading_label, heading);
  gtk_label_set_text (self->host_label, host);
  gtk_label_set_text (self->port_label, port_text);
  gtk_label_set_text (self->type_label, key_type);
  gtk_label_set_text (self->fingerprint_label, fingerprint);
  return self;
}
