/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The trace details' inside, shared by tdbg-tensor-details.c (the trace, its plot and values)
 * and tdbg-tensor-details-twin.c (compare mode: its twin beside it). */

#include "tdbg-tensor-details.h"
#include "tdbg-health-plot.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

/* A trace's summary as compare mode sets it beside its twin's, a column each. */
typedef enum {
  FIELD_TRACE,
  FIELD_OP,
  FIELD_MODE,
  FIELD_DTYPE,
  FIELD_SHAPE,
  FIELD_SIZE,
  FIELD_NEG_INF,
  FIELD_POS_INF,
  FIELD_NAN,
  FIELD_NEG,
  FIELD_ZERO,
  FIELD_POS,
  N_FIELDS
} TdbgDetailsField;

struct _TdbgTensorDetails {
  GtkBox parent_instance;

  GtkLabel *details_label;
  GtkWidget *twin_scroller;
  GtkGrid *twin_grid;
  GtkLabel *values_a_label;
  GtkWidget *values_b_box;
  GtkLabel *values_b_label;
  GtkScrolledWindow *values_a_scroller;
  GtkScrolledWindow *values_b_scroller;
  GtkTextView *tensor_view_b;
  GtkExpander *tensor_expander;
  GtkEntry *slice_entry;
  GtkEntry *highlight_entry;
  GtkTextView *tensor_view;
  TdbgHealthPlot *health_plot;
  GtkWidget *plot_revealer;

  /* The series the plot shows, and what it is of: computed again only for another op or
   * output slot, or once the logdir grew. */
  GArray *history;
  TdbgLogdir *history_logdir;  /* weak: compared, never dereferenced */
  guint32 history_op;
  guint history_slot;
  guint history_n_traces;
  GCancellable *history_reading; /* the series being read in a worker, NULL once shown */
  guint32 history_current;       /* the trace to outline once it is */
  char *history_name;
  GtkButton *save_button;
  GtkLabel *save_label;

  Tensorflow__DebugEvent *shown_event; /* of the shown FULL_TENSOR trace */
  char *shown_name;                    /* its file name to offer: "Log_0_trace103.npy" */
  char *fields[N_FIELDS];              /* the shown trace's summary, a text per field */

  /* Compare mode: the shown trace's twin in run B (tdbg-tensor-details-twin.c). */
  TdbgTwins *twins;
  Tensorflow__DebugEvent *twin_event;  /* its FULL_TENSOR values, NULL for none */
  GCancellable *twin_reading;          /* its record being read in a worker, NULL once in */
  char *twin_text;                     /* the twin in a line, "" when none is shown */
  gint64 n_differing;                  /* elements not close to their twins', -1 when not paired */
  guint value_rows;                    /* the rows of values the scrollers keep room for */
  GtkNativeDialog *chooser;
};

/* tdbg-tensor-details.c */
/* Fills @fields (N_FIELDS texts, "" for what the mode does not tell) for trace @trace. */
void _tdbg_tensor_details_fill_fields (TdbgLogdir *logdir, guint32 trace, const TdbgValue *value, char **fields);
/* Renders the shown values (and the twin's, in compare mode) as the slice and highlight say. */
void _tdbg_tensor_details_render (TdbgTensorDetails *self);
/* The rows of values the scrollers keep room for: TDBG_VALUE_ROWS, TDBG_TWIN_VALUE_ROWS in compare
 * mode (the twin's values beside them, each under its run's name). */
#define TDBG_VALUE_ROWS 2
#define TDBG_TWIN_VALUE_ROWS 6
void _tdbg_tensor_details_keep_rows (TdbgTensorDetails *self, guint rows);
/* The values' expander's title (with its mnemonic), wrapped where the pane is narrow. */
void _tdbg_tensor_details_set_heading (TdbgTensorDetails *self, const char *heading);

/* tdbg-tensor-details-twin.c */
/* Forgets the twin (another trace is shown, or compare mode ends). */
void _tdbg_tensor_details_twin_clear (TdbgTensorDetails *self);

G_END_DECLS
