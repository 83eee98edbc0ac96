/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-host-key-dialog.h"
#include "libtdbg-ui.h"

#include <glib/gi18n.h>

struct _TdbgHostKeyDialog {
  TdbgAnswerWindow parent_instance;

  GtkLabel *heading_label;
  GtkLabel *host_label;
  GtkLabel *port_label;
  GtkLabel *type_label;
  GtkLabel *fingerprint_label;
};

G_DEFINE_FINAL_TYPE (TdbgHostKeyDialog, tdbg_host_key_dialog, TDBG_TYPE_ANSWER_WINDOW)

static void
tdbg_host_key_dialog_class_init (TdbgHostKeyDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-host-key-dialog.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgHostKeyDialog, heading_label, host_label, port_label, type_label,
                               fingerprint_label);
}

static void
tdbg_host_key_dialog_init (TdbgHostKeyDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tdbg_answer_window_set_close_answer (TDBG_ANSWER_WINDOW (self), TDBG_HOST_KEY_REFUSE);
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
