/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The column titles above a list of TdbgTraceRow, drawn by one widget with the rows' column
 * geometry. It sits outside the list's scrolled window and follows its horizontal
 * scrolling (the adjustment's upper bound is the width the rows are laid out in). Dragging
 * a title's right edge resizes its column; a secondary click opens its menu. */

#include <gtk/gtk.h>
#include "tdbg-trace-columns.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TRACE_HEADER (tdbg_trace_header_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTraceHeader, tdbg_trace_header, TDBG, TRACE_HEADER, GtkWidget)

/* @columns must outlive the header. */
GtkWidget *tdbg_trace_header_new (TdbgTraceColumns *columns);
void tdbg_trace_header_set_hadjustment (TdbgTraceHeader *self, GtkAdjustment *hadjustment);
/* The shown columns changed. */
void tdbg_trace_header_update (TdbgTraceHeader *self);
/* Gives shown column @n @width, as dragging its right edge does, and emits "resized" (the
 * rows are to be laid out again). */
void tdbg_trace_header_resize_column (TdbgTraceHeader *self, guint n, int width);
/* Marks the title of column @column (an index into the columns' all[]; -1 for none) as the
 * one the rows are sorted by, largest first with @descending. A click on a title emits
 * "title-clicked" with its column. */
void tdbg_trace_header_set_sort (TdbgTraceHeader *self, int column, gboolean descending);
/* The menu a secondary click (or a long press) on the titles opens: which columns are shown. */
void tdbg_trace_header_set_menu (TdbgTraceHeader *self, GMenuModel *menu);
/* The menu's popover, NULL until a menu is set. */
GtkPopover *tdbg_trace_header_get_menu (TdbgTraceHeader *self);
/* Where the header places its shown column @n (0: the first), in its own coordinates. */
void tdbg_trace_header_get_column (TdbgTraceHeader *self, guint n, int *x, int *width);

G_END_DECLS
