/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Graph execution traces in another order than the files': by tensor name, op type, device,
 * host, dtype, size or a count of −∞, +∞ or NaN, as the tfdbg CLI's `lt -s` sorted them, at
 * the scale of tens of millions (each key made 32 bits wide, then a stable radix sort). What
 * a digest does not hold exactly (a size or a count past what it keeps) is read from the record. */

#include <gio/gio.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_TRACE_SORT_NONE,       /* trace order */
  TDBG_TRACE_SORT_TENSOR,     /* op name, then output slot */
  TDBG_TRACE_SORT_OP_TYPE,
  TDBG_TRACE_SORT_DEVICE,
  TDBG_TRACE_SORT_HOST,
  TDBG_TRACE_SORT_DTYPE,      /* by its name */
  TDBG_TRACE_SORT_SIZE,       /* element count; unknown below every known one */
  TDBG_TRACE_SORT_NEG_INF,    /* element counts; unknown (no health summary) below 0 */
  TDBG_TRACE_SORT_POS_INF,
  TDBG_TRACE_SORT_NAN,
  TDBG_TRACE_N_SORTS
} TdbgTraceSortKey;

/* Whether larger values (or later names) come first when a person picks @key: sizes and
 * counts, where the largest is what is looked for. */
gboolean tdbg_trace_sort_key_descends (TdbgTraceSortKey key);
/* The key's nick, as a menu's radio items name it ("" for trace order, "tensor", "op-type",
 * "device", "host", "dtype", "size", "neg-inf", "pos-inf", "nan"); NULL for none such. */
const char *tdbg_trace_sort_key_to_nick (TdbgTraceSortKey key);
/* TDBG_TRACE_N_SORTS for a nick that names no key. */
TdbgTraceSortKey tdbg_trace_sort_key_from_nick (const char *nick);

/* Puts @traces (trace indices) in the order of @key, reversed with @descending; traces with
 * equal keys keep their order. Call holding the logdir's read lock, off the main thread for
 * a large array. FALSE, with @traces as they were, when @cancellable was cancelled. */
gboolean tdbg_trace_sort (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending,
                          GCancellable *cancellable);
/* The same on a worker thread holding @logdir's read lock; takes @traces (NULL: every trace,
 * listed on the worker). */
void tdbg_trace_sort_async (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending,
                            GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
/* The sorted traces; NULL with G_IO_ERROR_CANCELLED when cancelled. */
GArray *tdbg_trace_sort_finish (GAsyncResult *result, GError **error);

G_END_DECLS
