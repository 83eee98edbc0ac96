/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Asks whether to trust a host whose key is not in known_hosts: shows the host, port, key
 * type and SHA256 fingerprint and emits "answered" (a TdbgHostKeyDecision) once, then closes.
 * Closing the dialog refuses. */

#include "tdbg-answer-window.h"
#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_HOST_KEY_DIALOG (tdbg_host_key_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TdbgHostKeyDialog, tdbg_host_key_dialog, TDBG, HOST_KEY_DIALOG, TdbgAnswerWindow)

TdbgHostKeyDialog *tdbg_host_key_dialog_new (GtkWindow *parent, const char *host, guint port, const char *key_type,
                                             const char *fingerprint);

G_END_DECLS
