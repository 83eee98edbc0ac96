/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The window's win.copy-report action: the root cause of the first NaN/∞ as a Markdown bug
 * report (tdbg_explain_markdown()) on the clipboard, its picture of the neighbourhood saved
 * as a PNG in the user's cache and linked from the report by its path. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Adds win.copy-report to @self, enabled while the open logdir has a root cause to report. */
void tdbg_window_report_init (TdbgWindow *self);
/* The report the action copies (@picture: the link to its picture, or NULL), or NULL when
 * nothing went bad (or nothing is open). */
char *tdbg_window_report_markdown (TdbgWindow *self, const char *picture);

G_END_DECLS
