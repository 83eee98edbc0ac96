/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Graph Execution's inside, shared by its files: tdbg-trace-pane.c (the filters, the list,
 * the details) and tdbg-trace-pane-order.c (the rows' order: sorted by a column). */

#include <gtk/gtk.h>
#include "tdbg-trace-pane.h"
#include "tdbg-index-model.h"
#include "tdbg-list-scroll.h"
#include "tdbg-tensor-details.h"
#include "tdbg-trace-columns.h"
#include "libtdbg-analysis.h"
#include "tdbg-trace-summary.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

struct _TdbgTracePane {
  TdbgPane parent_instance;

  GtkLabel *title_label;
  GtkSearchEntry *regex_entry;
  GtkLabel *regex_error_label;
  GtkDropDown *type_dropdown;
  GtkWidget *place_box;
  GtkWidget *common_place;  /* what is the same of every trace's place, under the heading */
  GtkLabel *place_label;
  GtkWidget *where_box;   /* the device and host filters, when there is a choice */
  GtkDropDown *host_dropdown;
  GtkDropDown *device_dropdown;
  GtkCheckButton *alerting_check;
  GtkCheckButton *diverging_check;  /* compare mode only */
  GtkEntry *goto_entry;
  GtkScrolledWindow *scroller;
  GtkPaned *values_paned;
  gboolean values_unplaced;    /* the values shown before the split had its size */
  GtkListView *list_view;
  TdbgTraceHeader *header;
  TdbgTensorDetails *details;

  TdbgTraceColumn column_defs[TDBG_TRACE_N_COLS];
  TdbgTraceColumns columns;
  TdbgIndexModel *rows;
  GtkSingleSelection *model;   /* the pane's */
  GtkStringList *types;
  GtkStringList *hosts;
  GtkStringList *devices;
  TdbgTraceSummary *summary;   /* the decoded values of the rows in view */
  GHashTable *bound;           /* TdbgTraceRow → itself, for re-tinting */
  GHashTable *input_ops;       /* op indices that feed the selected op */
  GCancellable *filter_cancellable;
  TdbgTraceFilter *filter;     /* the filter shown, NULL when every trace is */
  GArray *matching;            /* the filter's traces, ascending; NULL when every trace is */
  TdbgTraceSortKey sort_key;   /* what the rows are sorted by */
  gboolean sort_descending;
  GSimpleAction *sort_key_action;        /* "traces.sort-key": the sort menu's radio items */
  GSimpleAction *sort_descending_action; /* "traces.sort-descending" */
  GMenu *sort_menu;
  GMenuModel *columns_menu;              /* the columns the person may show or hide */
  GActionMap *column_actions;            /* the "traces" group (held by the pane) */
  gint8 column_choice[TDBG_TRACE_N_COLS];  /* the person's: 1 shown, -1 hidden, 0 as called for */
  GCancellable *sort_cancellable;        /* the sort under way, or NULL */
  gboolean updating;
  TdbgListScroll scroll;

  /* Compare mode (tdbg-trace-pane-compare.c): the twins in the run compared with, NULL when off. */
  TdbgTwins *compare;
  GBytes *diverging;           /* the twins' divergence flags, for "Diverging only" */
  TdbgTraceSummary *twin_summary;
};

/* The list shows @rows (the heading counts them, the selected trace is found in them). */
void _tdbg_trace_pane_set_rows (TdbgTracePane *self, TdbgIndexModel *rows);
/* The heading: the rows and all traces counted, and whether a sort is under way. */
void _tdbg_trace_pane_show_title (TdbgTracePane *self);

/* tdbg-trace-pane-columns.c */
void _tdbg_trace_pane_columns_init (TdbgTracePane *self);
/* The columns' geometry changed: the header and the rows follow. */
void _tdbg_trace_pane_relayout_rows (TdbgTracePane *self);
/* Shows the columns with @show[c] set (TDBG_TRACE_N_COLS of them). */
void _tdbg_trace_pane_show_columns (TdbgTracePane *self, const gboolean *show);
/* The places of the logdir's traces join those known (@grown: it had traces already, else
 * it is a new one): the columns, the Where column's width and the place said once follow. */
void _tdbg_trace_pane_learn_places (TdbgTracePane *self, gboolean grown);

/* tdbg-trace-pane-compare.c */
/* The Error column's text of @trace (NULL outside compare mode); *@bad when it diverges. */
char *_tdbg_trace_pane_error_text (TdbgTracePane *self, guint trace, gboolean *bad);
/* The twin's line under the list for @trace (hidden outside compare mode). */
void _tdbg_trace_pane_show_twin (TdbgTracePane *self, guint32 trace);
/* The traces "Diverging only" lets through, NULL when it is off (or not in compare mode). */
GBytes *_tdbg_trace_pane_get_wanted (TdbgTracePane *self);
/* The filters applied again as they are set (what "Diverging only" lets through changed). */
void _tdbg_trace_pane_refilter (TdbgTracePane *self);
/* Leaves compare mode (another logdir is shown, or the pane goes). */
void _tdbg_trace_pane_compare_clear (TdbgTracePane *self);

/* tdbg-trace-pane-order.c */
void _tdbg_trace_pane_order_init (TdbgTracePane *self);
void _tdbg_trace_pane_order_clear (TdbgTracePane *self);
/* A new logdir: every trace, in trace order (its filters start empty too). */
void _tdbg_trace_pane_show_all_in_trace_order (TdbgTracePane *self);
/* The rows become @matching (trace indices, ascending; taken), or every trace when NULL, in
 * the order picked. */
void _tdbg_trace_pane_show_traces (TdbgTracePane *self, GArray *matching);
/* A followed logdir grew: @appended (taken) are the new traces the filter lets through, or
 * NULL when every trace is shown. */
void _tdbg_trace_pane_traces_grew (TdbgTracePane *self, GArray *appended);
/* Whether a sort is under way (the rows shown are those before it). */
gboolean _tdbg_trace_pane_is_sorting (TdbgTracePane *self);

G_END_DECLS
