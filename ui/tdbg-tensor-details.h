/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Under the Graph Execution list: the selected trace in one line (op, debug mode, dtype,
 * shape, counts), the health of its op across the times it ran (a small plot) and, for FULL_TENSOR traces, its values in an expander, sliced and
 * highlighted as its two entries say. */

#include <gtk/gtk.h>
#include "libtdbg-data.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TENSOR_DETAILS (tdbg_tensor_details_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTensorDetails, tdbg_tensor_details, TDBG, TENSOR_DETAILS, GtkBox)

/* Shows trace @trace of @logdir, @value its decoded summary (NULL when none could be read);
 * no logdir or TDBG_NONE shows nothing. */
void tdbg_tensor_details_show_trace (TdbgTensorDetails *self, TdbgLogdir *logdir, guint32 trace,
                                     const TdbgValue *value);

/* Compare mode: the shown trace beside its twin in the run compared with (@twins, tdbg-twins.h):
 * trace @twin of run B (TDBG_NONE for none), @value its decoded summary (NULL when none could
 * be read); @error_text the Error column's text, or NULL. Both summaries a row each, the fields
 * that differ marked; FULL_TENSOR values side by side, the elements that differ marked and
 * counted. Call after tdbg_tensor_details_show_trace(); NULL @twins shows the trace alone. */
void tdbg_tensor_details_show_twin (TdbgTensorDetails *self, TdbgTwins *twins, guint32 twin, const TdbgValue *value,
                                    const char *error_text);
/* The twin in a line ("Run B: trace 7 — Relu:0 (Relu), FULL_TENSOR…"), "" when none is shown. */
const char *tdbg_tensor_details_get_twin_text (TdbgTensorDetails *self);
/* Elements of the shown values that differ from the twin's, -1 when none are set side by side. */
gint64 tdbg_tensor_details_get_n_differing (TdbgTensorDetails *self);
/* The text of the field headed @title in run A's (@row 0) or run B's (1) summary, NULL when not
 * shown; *@marked when it is marked as differing. */
const char *tdbg_tensor_details_get_twin_cell (TdbgTensorDetails *self, guint row, const char *title,
                                               gboolean *marked);
/* The shown values of run A, or of run B (compare mode), as text ("tdbg-differs" marks). */
GtkTextBuffer *tdbg_tensor_details_get_values (TdbgTensorDetails *self, gboolean run_b);
/* Whether run B's values are shown beside run A's. */
gboolean tdbg_tensor_details_shows_twin_values (TdbgTensorDetails *self);
/* Whether run B's record of the twin is being read (in a worker) to show its values. */
gboolean tdbg_tensor_details_is_reading_twin (TdbgTensorDetails *self);

/* Writes the values of the shown FULL_TENSOR trace to @path as NumPy's .npy (what the "Save
 * as .npy…" button does once a file is chosen); FALSE with @error when none are shown or the
 * file cannot be written. */
gboolean tdbg_tensor_details_save_npy (TdbgTensorDetails *self, const char *path, GError **error);
/* The file name the button offers for the shown values ("Log_0_trace103.npy"), or NULL. */
const char *tdbg_tensor_details_get_npy_name (TdbgTensorDetails *self);

/* The "Tensor Values" expander (shown for FULL_TENSOR traces), and its heading. */
GtkExpander *tdbg_tensor_details_get_expander (TdbgTensorDetails *self);
GtkLabel *tdbg_tensor_details_get_heading (TdbgTensorDetails *self);
/* A value's shape as the details and the Shape column show it: "[2, 3]", "2D" when only the
 * rank is known, "" when neither is. */
char *tdbg_tensor_details_format_shape (const TdbgValue *value);

/* The plot of the shown trace's op across its traces. */
GtkWidget *tdbg_tensor_details_get_health_plot (TdbgTensorDetails *self);

G_END_DECLS
