/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the colours of Graph Structure's nodes mean: a button whose popover shows a swatch,
 * drawn in the graph's own colours (tdbg_neighbourhood_color()), beside each meaning. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *tdbg_graph_legend_new (void);
/* The popover's rows: the swatch's fill and outline ("#rrggbb") as the style draws them now,
 * and the meaning; FALSE past the last. For tests. */
gboolean tdbg_graph_legend_get_row (GtkWidget *legend, guint row, const char **fill, const char **outline,
                                    const char **meaning);

G_END_DECLS
