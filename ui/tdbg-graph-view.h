#pragma once

/* Draws a laid-out neighbourhood with cairo, scaled to fit, and maps clicks back to nodes. */

#include <gtk/gtk.h>
#include "tdbg-graph-export.h"

G_BEGIN_DECLS

#define TDBG_TYPE_GRAPH_VIEW (tdbg_graph_view_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGraphView, tdbg_graph_view, TDBG, GRAPH_VIEW, GtkWidget)

GtkWidget *tdbg_graph_view_new (void);
/* Takes @layout (may be NULL to clear). */
void tdbg_graph_view_set_layout (TdbgGraphView *self, TdbgGraphLayout *layout);
TdbgGraphLayout *tdbg_graph_view_get_layout (TdbgGraphView *self);

/* Widget coordinates of the centre of node @name; FALSE when it is not drawn. */
gboolean tdbg_graph_view_get_node_center (TdbgGraphView *self, const char *name, double *x, double *y);
/* The node under widget point (x, y), or NULL. */
const char *tdbg_graph_view_node_at (TdbgGraphView *self, double x, double y);
/* What a primary click at (x, y) does: emits "node-activated" with the node's name when a
 * node is there. Returns whether one was. */
gboolean tdbg_graph_view_click (TdbgGraphView *self, double x, double y);

G_END_DECLS
