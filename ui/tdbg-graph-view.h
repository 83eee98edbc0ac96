/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Draws a laid-out neighbourhood with cairo and maps clicks back to nodes. It starts fitted
 * to the widget; Ctrl+wheel, a pinch, the keys + - 0 (and the pane's buttons) zoom, and a
 * drag, the wheel or the arrow keys pan. Clicks map to nodes at any zoom and pan; a
 * double-click acts as its first click alone.
 *
 * Every node also has a flat, focusable button over it that the pointer passes through: Tab
 * and the arrow keys move between nodes, Enter or Space activates one, and assistive
 * technologies see each node as a push button named after it. A cluster's label has one
 * too, which emits "cluster-activated". */

#include <gtk/gtk.h>
#include "libtdbg-graph.h"

G_BEGIN_DECLS

#define TDBG_TYPE_GRAPH_VIEW (tdbg_graph_view_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGraphView, tdbg_graph_view, TDBG, GRAPH_VIEW, GtkWidget)

/* Takes @layout (may be NULL to clear). */
void tdbg_graph_view_set_layout (TdbgGraphView *self, TdbgGraphLayout *layout);
TdbgGraphLayout *tdbg_graph_view_get_layout (TdbgGraphView *self);
/* The button of node @name (to give it a fuller accessible label), or NULL. */
GtkWidget *tdbg_graph_view_get_node_widget (TdbgGraphView *self, const char *name);

/* Widget coordinates of the centre of node @name; FALSE when it is not drawn. */
gboolean tdbg_graph_view_get_node_center (TdbgGraphView *self, const char *name, double *x, double *y);
/* The node under widget point (x, y), or NULL. */
const char *tdbg_graph_view_node_at (TdbgGraphView *self, double x, double y);
/* What a primary click at (x, y) does: emits "node-activated" with the node's name when a
 * node is there, else "cluster-activated" with the cluster's name ("cluster_3") when its
 * label is. Returns whether one was. */
gboolean tdbg_graph_view_click (TdbgGraphView *self, double x, double y);
/* The cluster whose label is under widget point (x, y), or NULL. */
const char *tdbg_graph_view_cluster_at (TdbgGraphView *self, double x, double y);
/* Widget coordinates of the middle of cluster @name's label; FALSE when it is not drawn. */
gboolean tdbg_graph_view_get_cluster_label_center (TdbgGraphView *self, const char *name, double *x, double *y);
/* The name of the node or cluster whose button has the focus, or NULL. */
const char *tdbg_graph_view_get_focused (TdbgGraphView *self);
/* The button over cluster @name's label (to name it for what it does), or NULL. */
GtkWidget *tdbg_graph_view_get_cluster_widget (TdbgGraphView *self, const char *name);

/* @name shortened by whole leading name scopes ("…/Log_grad/mul") until @layout shows it in
 * @width pixels, the last component always whole (newly allocated). */
char *tdbg_graph_view_fit_name (PangoLayout *layout, const char *name, int width);
/* Zooms by @factor keeping widget point (x, y) in place (the centre when x or y < 0). */
void tdbg_graph_view_zoom_by (TdbgGraphView *self, double factor, double x, double y);
/* Moves the drawing by (dx, dy) widget pixels. */
void tdbg_graph_view_pan_by (TdbgGraphView *self, double dx, double dy);
/* Back to fitting the widget. */
void tdbg_graph_view_zoom_fit (TdbgGraphView *self);
gboolean tdbg_graph_view_get_fit (TdbgGraphView *self);
/* Drawn pixels per graph point. */
double tdbg_graph_view_get_scale (TdbgGraphView *self);

G_END_DECLS
