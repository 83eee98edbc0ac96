/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A small plot of one op's health across the times it ran (a TdbgOpHistoryPoint series):
 * NaN/∞ counts as bars; with FULL_HEALTH the −/0/+ shares stacked; with FULL_TENSOR the
 * min, mean and max |x| as lines, on a log scale when they span decades. Steps holding
 * NaN/∞ are marked red, the shown trace's step outlined. Its accessible label sums it up. */

#include <gtk/gtk.h>
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_TYPE_HEALTH_PLOT (tdbg_health_plot_get_type ())
G_DECLARE_FINAL_TYPE (TdbgHealthPlot, tdbg_health_plot, TDBG, HEALTH_PLOT, GtkWidget)

GtkWidget *tdbg_health_plot_new (void);
/* Shows @points (TdbgOpHistoryPoint, referenced; NULL shows nothing) of the tensor
 * @tensor_name, @current the trace to outline (TDBG_NONE for none). */
void tdbg_health_plot_set_series (TdbgHealthPlot *self, GArray *points, const char *tensor_name, guint32 current);
/* While the series of @tensor_name is read (in a worker): a placeholder saying so. The next
 * set_series replaces it. */
void tdbg_health_plot_set_reading (TdbgHealthPlot *self, const char *tensor_name);
gboolean tdbg_health_plot_is_reading (TdbgHealthPlot *self);
/* What the plot shows, as its accessible label says it ("" when empty). */
const char *tdbg_health_plot_get_summary (TdbgHealthPlot *self);
/* Whether the magnitudes are drawn on a log scale. */
gboolean tdbg_health_plot_is_log_scale (TdbgHealthPlot *self);

G_END_DECLS
