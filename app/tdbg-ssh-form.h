/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The host, user, port and path of an ssh:// address as fields: Open Location's way of making
 * one (a build with remote access adds it to the dialog). Its "address" is the address the
 * fields make, NULL while they make none ("problem" says why); setting an ssh:// address fills
 * the fields, any other is left alone. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_SSH_FORM (tdbg_ssh_form_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSshForm, tdbg_ssh_form, TDBG, SSH_FORM, GtkGrid)

GtkWidget *tdbg_ssh_form_new (void);
/* The address the fields make, or NULL with a message for the person. */
char *tdbg_ssh_form_build_address (TdbgSshForm *self, GError **error);
/* Fills the fields from an ssh:// address; FALSE (the fields as they were) for any other text. */
gboolean tdbg_ssh_form_set_address (TdbgSshForm *self, const char *address);

G_END_DECLS
