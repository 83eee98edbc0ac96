/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-secret-dialog.h"
#include "libtdbg-ui.h"

#include <glib/gi18n.h>

struct _TdbgSecretDialog {
  TdbgAnswerWindow parent_instance;

  GtkLabel *prompt_label;
  GtkPasswordEntry *password_entry;
  GtkEntry *echo_entry;
  gboolean echo;
};

G_DEFINE_FINAL_TYPE (TdbgSecretDialog, tdbg_secret_dialog, TDBG_TYPE_ANSWER_WINDOW)

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

/* After the handlers took the answer (or not): nothing of it stays in the entry. */
static void
tdbg_secret_dialog_answered (TdbgAnswerWindow *window, int accepted)
{
  gtk_editable_set_text (tdbg_secret_dialog_get_entry (TDBG_SECRET_DIALOG (window)), "");
}

static void
tdbg_secret_dialog_class_init (TdbgSecretDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TDBG_ANSWER_WINDOW_CLASS (klass)->answered = tdbg_secret_dialog_answered;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-secret-dialog.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgSecretDialog, prompt_label, password_entry, echo_entry);
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
