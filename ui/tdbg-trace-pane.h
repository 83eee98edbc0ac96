/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 3, Graph Execution: every graph execution trace in a virtual list, with the summary
 * of its debug mode, filters, and "go to index". */

#include "tdbg-pane.h"
#include "tdbg-trace-header.h"
#include "tdbg-trace-row.h"
#include "libtdbg-analysis.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TRACE_PANE (tdbg_trace_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTracePane, tdbg_trace_pane, TDBG, TRACE_PANE, TdbgPane)

/* The trace of the selected row, TDBG_NONE when none. */
guint32 tdbg_trace_pane_get_selected_trace (TdbgTracePane *self);
/* Rows in the list (after filtering). */
guint tdbg_trace_pane_get_n_rows (TdbgTracePane *self);
/* Filters; @regex on op names (NULL or "" for all), @op_type, @device and @host (a file
 * set's host name) NULL for all. The result arrives asynchronously; "filtered" is emitted
 * when it is in place. */
void tdbg_trace_pane_set_filter (TdbgTracePane *self, const char *regex, const char *op_type,
                                 const char *device, const char *host, gboolean alerting_only);
/* The host filter's drop-down (shown when the traces come from several hosts). */
GtkDropDown *tdbg_trace_pane_get_host_drop_down (TdbgTracePane *self);
/* The list of rows (a TdbgTraceRow each) and the column titles above it. */
GtkListView *tdbg_trace_pane_get_list_view (TdbgTracePane *self);
TdbgTraceHeader *tdbg_trace_pane_get_header (TdbgTracePane *self);
/* The shown columns, left to right: how many, their titles, and which one has @title (-1
 * for none). Columns depend on the logdir's debug modes and devices. */
guint tdbg_trace_pane_get_n_columns (TdbgTracePane *self);
const char *tdbg_trace_pane_get_column_title (TdbgTracePane *self, guint n);
int tdbg_trace_pane_find_column (TdbgTracePane *self, const char *title);
/* The row on show for @trace (bound and mapped), or NULL: its texts are the columns'. */
TdbgTraceRow *tdbg_trace_pane_find_row (TdbgTracePane *self, guint32 trace);

/* Why the op-name filter is no regular expression, as shown under the filters; "" when it is. */
const char *tdbg_trace_pane_get_regex_error (TdbgTracePane *self);
/* The split between the list and the selected trace's values. */
GtkPaned *tdbg_trace_pane_get_values_paned (TdbgTracePane *self);
/* What the rows are sorted by, and which way (the sort menu's actions are "traces.sort-key",
 * a key's nick, and "traces.sort-descending"). */
void tdbg_trace_pane_get_sort (TdbgTracePane *self, TdbgTraceSortKey *key, gboolean *descending);
/* Compare mode: the shown logdir's traces against their twins in the run compared with
 * (tdbg-twins.h). Shows the Error column, the "Diverging only" check and, under the list, the
 * selected trace beside its twin; NULL leaves compare mode, as a new logdir does. */
void tdbg_trace_pane_set_comparison (TdbgTracePane *self, TdbgTwins *twins);
/* The "Diverging only" check (shown in compare mode). */
GtkCheckButton *tdbg_trace_pane_get_diverging_check (TdbgTracePane *self);
/* Puts the keyboard focus in the op-name filter (Find). */
void tdbg_trace_pane_focus_filter (TdbgTracePane *self);

G_END_DECLS
