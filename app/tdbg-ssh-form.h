/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* "Open over SSH…": host, user, port and path fields, and the recent remote logdirs to pick
 * from. Connect checks the fields, builds the ssh:// address and emits "location-chosen". */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_REMOTE_DIALOG (tdbg_remote_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TdbgRemoteDialog, tdbg_remote_dialog, TDBG, REMOTE_DIALOG, GtkWindow)

/* @recents: locations, newest first; the ssh:// ones are offered. */
TdbgRemoteDialog *tdbg_remote_dialog_new (GtkWindow *parent, const char *const *recents);
/* The address the fields make, or NULL with a message for the person. */
char *tdbg_remote_dialog_build_address (TdbgRemoteDialog *self, GError **error);
/* Fills the fields from an ssh:// address (as picking a recent one does). */
gboolean tdbg_remote_dialog_set_address (TdbgRemoteDialog *self, const char *address);
/* The same as pressing Connect: emits "location-chosen" and closes when the fields are valid,
 * else shows why. */
void tdbg_remote_dialog_connect (TdbgRemoteDialog *self);
/* The message shown under the fields ("" when none). */
const char *tdbg_remote_dialog_get_message (TdbgRemoteDialog *self);

G_END_DECLS
