/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The window's settings of the alert kinds beyond NaN/∞ (the exploding-magnitude threshold,
 * the GSettings key "magnitude-threshold"), given to the Alerts pane. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Called once from the window's init. */
void tdbg_window_alerts_init (TdbgWindow *self);

G_END_DECLS
