/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The whole-graph browser of Graph Structure: any graph of the logdir, all its ops, laid out
 * on the layout thread (with a spinner and Cancel, never blocking the window). Top-level name
 * scopes fold into one node each (by default above TDBG_GRAPH_BROWSER_FOLD_ABOVE ops);
 * activating a folded scope opens it, activating the label of an open scope's box (or
 * Backspace on one of its ops) folds it again, activating an op selects it everywhere, and activating
 * a call op (While, If, a function call) offers the function graphs it runs; the up button
 * goes back out. Ctrl+F finds an op by name or type. */

#include <gtk/gtk.h>
#include "tdbg-selection.h"
#include "tdbg-graph-view.h"
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_GRAPH_BROWSER_FOLD_ABOVE 150

#define TDBG_TYPE_GRAPH_BROWSER (tdbg_graph_browser_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGraphBrowser, tdbg_graph_browser, TDBG, GRAPH_BROWSER, GtkWidget)

/* The selection to read the logdir from and to select ops in; call again when its logdir
 * changes (the browser then shows the selected op's graph, else the first). */
void tdbg_graph_browser_set_selection (TdbgGraphBrowser *self, TdbgSelection *selection);
void tdbg_graph_browser_set_dark (TdbgGraphBrowser *self, gboolean dark);

/* Shows graph @graph (an index of the logdir's graphs), folded when it is large. */
void tdbg_graph_browser_set_graph (TdbgGraphBrowser *self, guint32 graph);
guint32 tdbg_graph_browser_get_graph (TdbgGraphBrowser *self);
/* Folds every scope (TRUE) or none (FALSE), as the fold button does. */
void tdbg_graph_browser_set_folded (TdbgGraphBrowser *self, gboolean folded);
gboolean tdbg_graph_browser_get_folded (TdbgGraphBrowser *self);
/* Whether @scope (a top-level name scope of the shown graph) is folded into one node. */
gboolean tdbg_graph_browser_get_scope_folded (TdbgGraphBrowser *self, const char *scope);
/* Folds @scope into one node if it is open, opens it if it is folded, as activating its
 * folded node or its box's label does (or Backspace on one of its ops). */
void tdbg_graph_browser_toggle_scope (TdbgGraphBrowser *self, const char *scope);
/* A followed logdir grew: new graphs join the list and the shown graph is laid out again if
 * what it draws changed, keeping the folding, the zoom, the part in view and the focus. */
void tdbg_graph_browser_logdir_grew (TdbgGraphBrowser *self);
/* Finds the next op whose name or type holds @text, opens its scope, selects it; FALSE when
 * none does. */
gboolean tdbg_graph_browser_find (TdbgGraphBrowser *self, const char *text);

/* The selected op's details beside the graph (a TdbgOpDetails). */
GtkWidget *tdbg_graph_browser_get_details (TdbgGraphBrowser *self);
TdbgGraphView *tdbg_graph_browser_get_view (TdbgGraphBrowser *self);
/* The nodes laid out and drawn, NULL while laying out or when none. */
TdbgWholeGraph *tdbg_graph_browser_get_shown (TdbgGraphBrowser *self);
/* Whether a layout is under way. */
gboolean tdbg_graph_browser_is_busy (TdbgGraphBrowser *self);
/* The DOT name of the node showing @op in the shown layout ("n4"), NULL when none; free it. */
char *tdbg_graph_browser_get_node_name (TdbgGraphBrowser *self, guint32 op);

/* Shows @op: its graph (entering it when another is shown), its scope opened, the op in the
 * middle at a readable zoom (once laid out, when the browser is on show). */
void tdbg_graph_browser_show_op (TdbgGraphBrowser *self, guint32 op);

G_END_DECLS
