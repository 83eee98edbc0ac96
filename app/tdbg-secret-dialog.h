/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Asks for a passphrase, a password or a keyboard-interactive answer. Hidden entry unless the
 * server says the answer may echo. Emits "answered" (TRUE for Connect) once, then closes;
 * the answer is taken with tdbg_secret_dialog_take_answer() inside the handler. */

#include "tdbg-answer-window.h"

G_BEGIN_DECLS

#define TDBG_TYPE_SECRET_DIALOG (tdbg_secret_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSecretDialog, tdbg_secret_dialog, TDBG, SECRET_DIALOG, TdbgAnswerWindow)

TdbgSecretDialog *tdbg_secret_dialog_new (GtkWindow *parent, const char *prompt, gboolean echo);
/* The entry that takes the answer (hidden or echoing). */
GtkEditable *tdbg_secret_dialog_get_entry (TdbgSecretDialog *self);
/* A copy of the answer (to be wiped by the caller); the entry is emptied. */
char *tdbg_secret_dialog_take_answer (TdbgSecretDialog *self);

G_END_DECLS
