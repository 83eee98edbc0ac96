/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* FULL_TENSOR values as text in a GtkTextBuffer: a numpy-like slice ("[0:50, :]") of the
 * tensor, with chosen values highlighted (by default -inf, +inf and NaN). */

#include <gtk/gtk.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TENSOR_TEXT_MAX_ELEMENTS 20000

/* Parses "[a:b, c, :]" against @shape of @rank into per-dimension [start, stop) ranges.
 * An empty or NULL @spec selects everything. FALSE on a syntax error. */
gboolean tdbg_tensor_parse_slice (const char *spec, gint rank, const gint64 *shape, gint64 *start, gint64 *stop);

/* Values to highlight: NaN, or the closed interval [lo, hi] (bounds may be ±inf). */
typedef struct {
  gboolean nan;
  double lo, hi;
} TdbgHighlightRange;

/* Parses a list of values to highlight into @ranges (TdbgHighlightRange): "nan", "inf",
 * "-inf", numbers, and closed intervals "[-inf, -1]", separated by commas or spaces; the
 * tfdbg form "[[-inf, -1], [1, inf]]" too. Case does not matter. An empty @spec adds
 * nothing. FALSE on a syntax error. */
gboolean tdbg_tensor_parse_highlight (const char *spec, GArray *ranges);

/* Fills @buffer with @slice of @tensor, the elements in @ranges (TdbgHighlightRange) tagged
 * "tdbg-bad"; @ranges NULL or empty highlights -inf, +inf and NaN. */
void tdbg_tensor_text_fill (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice,
                            const GArray *ranges);

/* Compare mode: how many elements of @a (run A's) are not close to their twins in @b (run B's,
 * tdbg_values_close()), and the largest |a − b| among the finite pairs in *@max_abs; -1 when
 * they cannot be paired element by element (another dtype or shape, strings). */
gint64 tdbg_tensor_count_differing (const TdbgTensor *a, const TdbgTensor *b, double rtol, double atol,
                                    double *max_abs);

/* As tdbg_tensor_text_fill(), and the elements not close to their twins in @twin (of the same
 * shape) also tagged "tdbg-differs": @tensor is run A's when @tensor_is_a, else run B's. */
void tdbg_tensor_text_fill_twin (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice,
                                 const GArray *ranges, const TdbgTensor *twin, gboolean tensor_is_a, double rtol,
                                 double atol);

G_END_DECLS
