/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the window shows first when a logdir opens: something useful rather than nothing
 * selected, the first alert when there is one, else the first execution, else the first
 * trace; and the status line says so while that is what the panes show. The choice waits for
 * the loaded window's first frame, so that the panes, laid out by then, scroll to it. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Called at the loaded window's first frame: ends the load of @loaded and returns whether
 * the logdir is on show to choose in (FALSE as well when another load began since). */
typedef gboolean (*TdbgFirstLookBegin) (TdbgWindow *window, gpointer loaded);

/* Selects in @window what to show first; returns what was chosen for the status line
 * ("Showing the first alert", newly allocated, translated) or NULL when there is nothing. */
char *tdbg_window_select_first (TdbgWindow *window);
/* After @window's next frame: @begin, then (when it returns TRUE) the first look. */
void tdbg_window_first_look_when_drawn (TdbgWindow *window, gpointer loaded, TdbgFirstLookBegin begin);
/* Puts "Showing the first alert: " before @status while the first look is on show. */
void tdbg_window_first_look_prepend_note (TdbgWindow *window, GString *status);

G_END_DECLS
