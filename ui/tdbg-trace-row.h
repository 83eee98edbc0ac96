/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One row of a big table drawn as a single widget: every column's text is laid out and drawn
 * by the row itself, instead of a widget per cell. GtkListView (4.8) keeps up to 200 rows
 * bound around the visible ones and rebinds them all on a far jump; with a dozen cell widgets
 * per row, GTK's per-widget work (CSS, signals, type checks) alone overran a frame.
 *
 * The row asks for its texts (through the columns' text function) and shapes them only when
 * it is drawn inside the list's visible area, or when its texts are read. Its height comes
 * from the font alone; its minimum width is the columns' total. The columns' geometry is
 * shared with the header (TdbgTraceHeader) through TdbgTraceColumns. */

#include <gtk/gtk.h>
#include "tdbg-trace-columns.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TRACE_ROW (tdbg_trace_row_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTraceRow, tdbg_trace_row, TDBG, TRACE_ROW, GtkWidget)

/* @columns must outlive the row. */
GtkWidget *tdbg_trace_row_new (TdbgTraceColumns *columns);
/* Shows @record: its texts are asked again when next drawn in view, or read. */
void tdbg_trace_row_set_record (TdbgTraceRow *self, guint record);
guint tdbg_trace_row_get_record (TdbgTraceRow *self);
/* The text of shown column @n (0: the first shown), asking for it first if out of date; ""
 * past the last column. */
const char *tdbg_trace_row_get_text (TdbgTraceRow *self, guint n);
/* Whether shown column @n's value stands out (∞ or NaN): drawn bold in red on a red tint. */
gboolean tdbg_trace_row_get_bad (TdbgTraceRow *self, guint n);
/* Tints the row as an input of the selected op ("tdbg-input-row"). */
void tdbg_trace_row_set_input (TdbgTraceRow *self, gboolean input);
gboolean tdbg_trace_row_get_input (TdbgTraceRow *self);
/* Whether the last snapshot skipped the texts because the row was outside the visible area. */
gboolean tdbg_trace_row_get_culled (TdbgTraceRow *self);
/* Where the row places its shown column @n (0: the first), in its own coordinates. */
void tdbg_trace_row_get_column (TdbgTraceRow *self, guint n, int *x, int *width);
/* Whether shown column @n's text was cut short (with an ellipsis) when last drawn. */
gboolean tdbg_trace_row_get_ellipsized (TdbgTraceRow *self, guint n);

G_END_DECLS
