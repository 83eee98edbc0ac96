/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 4, Graph Structure: the selected op with its inputs above and consumers below, to a
 * chosen depth; zoom (buttons, Ctrl+wheel, pinch, + - 0) and pan (drag, wheel, arrows). */

#include "tdbg-pane.h"
#include "tdbg-graph-view.h"
#include "tdbg-graph-browser.h"

G_BEGIN_DECLS

#define TDBG_TYPE_GRAPH_PANE (tdbg_graph_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGraphPane, tdbg_graph_pane, TDBG, GRAPH_PANE, TdbgPane)

TdbgGraphView *tdbg_graph_pane_get_view (TdbgGraphPane *self);
/* The op drawn (the centre of the shown layout), TDBG_NONE while none or while laying out. */
guint32 tdbg_graph_pane_get_shown_op (TdbgGraphPane *self);
/* The op whose neighbourhood is shown or being laid out (its DOT is built), TDBG_NONE when
 * none. */
guint32 tdbg_graph_pane_get_requested_op (TdbgGraphPane *self);
/* Levels of inputs above and of consumers below the op (the spin buttons; remembered by the
 * window). */
void tdbg_graph_pane_get_depths (TdbgGraphPane *self, guint *inputs, guint *consumers);
void tdbg_graph_pane_set_depths (TdbgGraphPane *self, guint inputs, guint consumers);
/* The DOT node name of @op in the shown layout ("n3"), or NULL. */
const char *tdbg_graph_pane_get_node_name (TdbgGraphPane *self, guint32 op);
/* Writes the current neighbourhood to @path (format "png", "svg" or "pdf") on the layout
 * thread. */
void tdbg_graph_pane_export_async (TdbgGraphPane *self, const char *format, const char *path,
                                   GAsyncReadyCallback callback, gpointer user_data);
/* The whole-graph browser, shown instead of the neighbourhood while "Whole Graph" is on. */
TdbgGraphBrowser *tdbg_graph_pane_get_browser (TdbgGraphPane *self);
void tdbg_graph_pane_set_whole_graph (TdbgGraphPane *self, gboolean whole);
gboolean tdbg_graph_pane_export_finish (TdbgGraphPane *self, GAsyncResult *result, GError **error);

G_END_DECLS
