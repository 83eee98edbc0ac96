/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Connecting to remote logdirs from the window. The connection runs in a worker thread; when
 * libssh needs a decision about an unknown host key or a secret (passphrase, password,
 * keyboard-interactive answer), the worker asks the main thread, which shows a modal dialog,
 * and waits for the answer without ever blocking the main loop. Cancelling the connection
 * closes the dialog and releases the worker.
 *
 * The SSH files come from the environment when set, for tests and power users:
 * TDBG_KNOWN_HOSTS (instead of ~/.ssh/known_hosts), TDBG_SSH_CONFIG (instead of
 * ~/.ssh/config; empty for none) and TDBG_SSH_IDENTITY (a private key to try first).
 * TDBG_SSH_COMPRESSION=no (read by the SSH source itself) turns compression off, and
 * TDBG_SSH_CACHE=DIR keeps the bytes read there for the next open. */

#include <gtk/gtk.h>
#include "tdbg-ssh-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_SSH_PROMPT (tdbg_ssh_prompt_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSshPrompt, tdbg_ssh_prompt, TDBG, SSH_PROMPT, GObject)

/* Dialogs are shown over @parent (not referenced). */
TdbgSshPrompt *tdbg_ssh_prompt_new (GtkWindow *parent);

/* Connects to @location (ssh://…) in a worker; finish gives the TdbgSshSource. */
void tdbg_ssh_prompt_connect_async (TdbgSshPrompt *self, const char *location, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
TdbgSource *tdbg_ssh_prompt_connect_finish (TdbgSshPrompt *self, GAsyncResult *result, GError **error);
/* Connects @source (made by this prompt) again after its connection dropped. */
void tdbg_ssh_prompt_reconnect_async (TdbgSshPrompt *self, TdbgSource *source, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
gboolean tdbg_ssh_prompt_reconnect_finish (TdbgSshPrompt *self, GAsyncResult *result, GError **error);

/* The dialog shown now, or NULL. */
GtkWindow *tdbg_ssh_prompt_get_dialog (TdbgSshPrompt *self);

G_END_DECLS
