/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The health of one op's output across the traces of that op and slot (one point per time it
 * ran, in trace order): NaN/∞ counts, the −/0/+ counts where the mode tells them (FULL_HEALTH,
 * FULL_TENSOR) and the magnitudes of FULL_TENSOR values, so that a value growing towards
 * overflow shows steps before it does. No GTK here. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef struct {
  guint32 trace;
  guint8 mode;
  gboolean inf_nan_known;   /* neg_inf, pos_inf, nan */
  gboolean signs_known;     /* neg, zero, pos */
  gboolean magnitude_known; /* min_abs, max_abs, mean_abs of the finite elements */
  gboolean bad;             /* holds −∞, +∞ or NaN: from the counts, or from the digest's or the
                             * value's flag where the mode keeps no counts (CURT_HEALTH) */
  double neg_inf, pos_inf, nan;
  double neg, zero, pos;
  double min_abs, max_abs, mean_abs;
} TdbgOpHistoryPoint;

/* Decodes the traces of (@op, @output_slot), at most @max_points of them (evenly spread over
 * the series when there are more, the first with NaN/∞ always kept). A trace that cannot be
 * read keeps what its digest says. Returns an array of TdbgOpHistoryPoint (empty when the op
 * never ran). */
GArray *tdbg_op_history_collect (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points);
/* The same in a worker, which holds the logdir's read lock meanwhile (a followed logdir
 * grows on the main thread): every trace decoded may be a remote read. Cancelling stops it
 * between two traces; finish then fails with G_IO_ERROR_CANCELLED. */
void tdbg_op_history_collect_async (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points,
                                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
GArray *tdbg_op_history_collect_finish (TdbgLogdir *logdir, GAsyncResult *result, GError **error);
/* The first point whose mode says whether it held NaN/∞ but not how many (CURT_HEALTH), or
 * NULL: a plot of counts then shows such a point as bad without a height. */
const TdbgOpHistoryPoint *tdbg_op_history_find_uncounted (GArray *points);
/* The index of the first point holding −∞, +∞ or NaN, or -1. */
gint tdbg_op_history_first_inf_nan (GArray *points);
/* The magnitudes of a tensor's finite elements (its first million); FALSE when none is. */
gboolean tdbg_op_history_magnitudes (const TdbgTensor *tensor, double *min_abs, double *max_abs, double *mean_abs);
/* One line for people and screen readers: "Log:0 over 7 steps: first NaN/∞ at step 2". */
char *tdbg_op_history_describe (GArray *points, const char *tensor_name);

G_END_DECLS
