/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The graph pane's read-backs for the tests and benchmarks (through tests/common/gui-util.h). */

#include "tdbg-graph-pane.h"
#include "tdbg-graph-view.h"
#include "tdbg-graph-browser.h"

G_BEGIN_DECLS

TdbgGraphView *tdbg_graph_pane_get_view (TdbgGraphPane *self);
/* The button of the nodes' colour legend (tdbg-graph-legend.h). */
GtkWidget *tdbg_graph_pane_get_legend (TdbgGraphPane *self);
/* The op drawn (the centre of the shown layout), TDBG_NONE while none or while laying out. */
guint32 tdbg_graph_pane_get_shown_op (TdbgGraphPane *self);
/* The op whose neighbourhood is shown or being laid out (its DOT is built), TDBG_NONE when
 * none. */
guint32 tdbg_graph_pane_get_requested_op (TdbgGraphPane *self);
/* The DOT node name of @op in the shown layout ("n3"), or NULL. */
const char *tdbg_graph_pane_get_node_name (TdbgGraphPane *self, guint32 op);
/* The whole-graph browser, shown instead of the neighbourhood while "Whole Graph" is on. */
TdbgGraphBrowser *tdbg_graph_pane_get_browser (TdbgGraphPane *self);
/* Turns "Whole Graph" on or off, as its button does. */
void tdbg_graph_pane_set_whole_graph (TdbgGraphPane *self, gboolean whole);

/* Compare mode: draws run B's neighbourhood (TRUE) or run A's, as the "A | B" switch does. */
void tdbg_graph_pane_set_run_b (TdbgGraphPane *self, gboolean run_b);
/* The run whose op is drawn (run A's logdir, or run B's), NULL while none is. */
TdbgLogdir *tdbg_graph_pane_get_shown_logdir (TdbgGraphPane *self);
/* The header's text: the op drawn ("Run B: Relu (Relu)" when it is run B's). */
const char *tdbg_graph_pane_get_op_text (TdbgGraphPane *self);

G_END_DECLS
