/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the window shows first when a logdir opens: something useful rather than nothing
 * selected, the first alert when there is one, else the first execution, else the first
 * trace. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Selects in @window what to show first; returns what was chosen for the status line
 * ("First alert", newly allocated, translated) or NULL when the logdir has nothing to show. */
char *tdbg_window_select_first (TdbgWindow *window);

G_END_DECLS
