/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The window's back and forward through the selection (win.back, win.forward, Alt+Left,
 * Alt+Right and the header bar's buttons). */

#include "tdbg-window.h"
#include "tdbg-history.h"

G_BEGIN_DECLS

/* Called once from the window's init, with its selection. */
void tdbg_window_history_init (TdbgWindow *self, TdbgSelection *selection);
TdbgHistory *tdbg_window_get_history (TdbgWindow *self);

G_END_DECLS
