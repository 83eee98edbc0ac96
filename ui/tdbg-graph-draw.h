/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Draws a Graphviz layout with cairo as the DOT describes it: cluster boxes with their
 * labels (dashed when their style says so), edges (dashed for control edges) with their
 * arrows and slot labels, and the nodes with their fill, pen and border style (dotted for
 * ops never traced, a raised box for a folded scope). Colours come from the DOT; @fg stands
 * in where the DOT gives none. */

#include <gtk/gtk.h>
#include "libtdbg-graph.h"

G_BEGIN_DECLS

/* In graph points: the caller has set the transform. */
void tdbg_graph_draw (cairo_t *cr, PangoLayout *pl, TdbgGraphLayout *layout, const GdkRGBA *fg);

G_END_DECLS
