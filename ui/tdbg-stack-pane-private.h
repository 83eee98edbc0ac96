/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The stack pane's read-backs for the tests and benchmarks (through tests/common/gui-util.h). */

#include "tdbg-stack-pane.h"

G_BEGIN_DECLS

/* The frames shown (const TdbgStackFrame*, outermost first), or NULL. */
GPtrArray *tdbg_stack_pane_get_frames (TdbgStackPane *self);

/* The "In run B" line as shown, NULL when hidden; its button. */
const char *tdbg_stack_pane_get_twin_line (TdbgStackPane *self);
GtkButton *tdbg_stack_pane_get_twin_button (TdbgStackPane *self);

G_END_DECLS
