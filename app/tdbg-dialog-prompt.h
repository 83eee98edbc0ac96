/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The window's answers to what opening a location asks (data/tdbg-prompt.h). A location is
 * opened in a worker thread (tdbg_location_open_async()); when it needs a decision about an
 * unknown host key or a secret (passphrase, password, keyboard-interactive answer), the worker
 * asks here, the main thread shows a modal dialog, and the worker waits for the answer without
 * ever blocking the main loop. Cancelling the open closes the dialog and releases the worker.
 *
 * The SSH settings come from the environment when set, for tests and power users:
 * TDBG_KNOWN_HOSTS (instead of ~/.ssh/known_hosts and the system's), TDBG_SSH_CONFIG (instead
 * of ~/.ssh/config; empty for none) and TDBG_SSH_IDENTITY (a private key to try first).
 * TDBG_SSH_COMPRESSION=no (read by the SSH source itself) turns compression off, and
 * TDBG_SSH_CACHE=DIR keeps the bytes read there for the next open. */

#include <gtk/gtk.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_DIALOG_PROMPT (tdbg_dialog_prompt_get_type ())
G_DECLARE_FINAL_TYPE (TdbgDialogPrompt, tdbg_dialog_prompt, TDBG, DIALOG_PROMPT, GObject)

/* Dialogs are shown over @parent (not referenced). */
TdbgDialogPrompt *tdbg_dialog_prompt_new (GtkWindow *parent);

/* The dialog shown now, or NULL. */
GtkWindow *tdbg_dialog_prompt_get_dialog (TdbgDialogPrompt *self);

G_END_DECLS
