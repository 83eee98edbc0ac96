#pragma once

/* Pane 3, Graph Execution: every graph execution trace in a virtual list, with the summary
 * of its debug mode, filters, and "go to index". */

#include <gtk/gtk.h>
#include "tdbg-selection.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TRACE_PANE (tdbg_trace_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTracePane, tdbg_trace_pane, TDBG, TRACE_PANE, GtkBox)

void tdbg_trace_pane_set_selection (TdbgTracePane *self, TdbgSelection *selection);
/* The trace of the selected row, TDBG_NONE when none. */
guint32 tdbg_trace_pane_get_selected_trace (TdbgTracePane *self);
/* Rows in the list (after filtering). */
guint tdbg_trace_pane_get_n_rows (TdbgTracePane *self);
/* Filters; @regex on op names (NULL or "" for all), @op_type NULL for all, @device NULL for
 * all. The result arrives asynchronously; "filtered" is emitted when it is in place. */
void tdbg_trace_pane_set_filter (TdbgTracePane *self, const char *regex, const char *op_type,
                                 const char *device, gboolean alerting_only);
GtkColumnView *tdbg_trace_pane_get_column_view (TdbgTracePane *self);

/* Puts the keyboard focus in the op-name filter (Find). */
void tdbg_trace_pane_focus_filter (TdbgTracePane *self);

G_END_DECLS
