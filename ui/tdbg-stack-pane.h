/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 6, Stack Trace: the frames of the selected op's creation or of the selected eager
 * execution, outermost first; library frames muted and folded. */

#include "tdbg-pane.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

#define TDBG_TYPE_STACK_PANE (tdbg_stack_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgStackPane, tdbg_stack_pane, TDBG, STACK_PANE, TdbgPane)

/* Compare mode: under the header, the line that made the selected op's twin in run B when it
 * is another line ("In run B: file:line"); activated, it emits "open-run-b-line" (run B's
 * source file, the line). NULL @twins leaves compare mode. */
void tdbg_stack_pane_set_twins (TdbgStackPane *self, TdbgTwins *twins);

G_END_DECLS
