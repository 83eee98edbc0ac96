/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-sort.h"

#include <stdlib.h>
#include <string.h>
#include "libtdbg-data.h"
#include "tdbg-trace-filter.h"

/* How many traces between looks at the cancellable. */
#define CHECK_EVERY (1u << 16)
/* The output slot: the tensor sort's first pass, for ties of the op name. */
#define SORT_SLOT TDBG_TRACE_N_SORTS

gboolean
tdbg_trace_sort_key_descends (TdbgTraceSortKey key)
{
  return key >= TDBG_TRACE_SORT_SIZE;
}

static const char *const nicks[TDBG_TRACE_N_SORTS] = {
  [TDBG_TRACE_SORT_NONE] = "",
  [TDBG_TRACE_SORT_TENSOR] = "tensor",
  [TDBG_TRACE_SORT_OP_TYPE] = "op-type",
  [TDBG_TRACE_SORT_DEVICE] = "device",
  [TDBG_TRACE_SORT_HOST] = "host",
  [TDBG_TRACE_SORT_DTYPE] = "dtype",
  [TDBG_TRACE_SORT_SIZE] = "size",
  [TDBG_TRACE_SORT_NEG_INF] = "neg-inf",
  [TDBG_TRACE_SORT_POS_INF] = "pos-inf",
  [TDBG_TRACE_SORT_NAN] = "nan",
};

const char *
tdbg_trace_sort_key_to_nick (TdbgTraceSortKey key)
{
  return key < TDBG_TRACE_N_SORTS ? nicks[key] : NULL;
}

TdbgTraceSortKey
tdbg_trace_sort_key_from_nick (const char *nick)
{
  TdbgTraceSortKey key = 0;

  while (key < TDBG_TRACE_N_SORTS && g_strcmp0 (nick, nicks[key]) != 0)
    key++;
  return key;
}

/* ---- names made ranks ---------------------------------------------------------------------- */

typedef const char *(*NameFunc) (TdbgLogdir *logdir, guint item);

typedef struct {
  const char *name;
  guint item;
} Named;

static int
compare_named (const void *a, const void *b)
{
  return strcmp (((const Named *) a)->name, ((const Named *) b)->name);
}

/* The rank of each of @n items by its name, equal names sharing one: a name's order in a
 * 32-bit key. */
static guint32 *
rank_by_name (TdbgLogdir *logdir, guint n, NameFunc name_of)
{
  g_autofree Named *named = g_new (Named, MAX (n, 1));
  guint32 *rank = g_new0 (guint32, MAX (n, 1));
  guint32 r = 0;

  for (guint i = 0; i < n; i++)
    {
      const char *name = name_of (logdir, i);
      named[i] = (Named) { name ? name : "", i };
    }
  qsort (named, n, sizeof *named, compare_named);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && strcmp (named[i].name, named[i - 1].name) != 0)
        r = i;
      rank[named[i].item] = r;
    }
  return rank;
}

static const char *
op_name (TdbgLogdir *logdir, guint op)
{
  return tdbg_logdir_get_op (logdir, op)->op_name;
}

static const char *
op_type (TdbgLogdir *logdir, guint op)
{
  return tdbg_logdir_get_op (logdir, op)->op_type;
}

static const char *
string_name (TdbgLogdir *logdir, guint id)
{
  return tdbg_logdir_get_string (logdir, id);
}

static const char *
dtype_name (TdbgLogdir *logdir, guint dtype)
{
  return tdbg_dtype_name (dtype);
}

/* ---- keys ---------------------------------------------------------------------------------- */

/* @value + 1, so that 0 stays for "unknown"; values past 32 bits share the largest key. */
static guint32
known (guint64 value)
{
  return value >= G_MAXUINT32 - 1 ? G_MAXUINT32 : (guint32) value + 1;
}

/* The size: the digest's, or the record's past what the digest keeps. */
static guint32
size_key (TdbgLogdir *logdir, guint32 trace, const TdbgTraceDigest *d)
{
  guint64 size;

  if (!(d->flags & TDBG_DIGEST_HAS_SIZE))
    return 0;
  if (!(d->flags & TDBG_DIGEST_SIZE_WIDE) || !tdbg_logdir_get_trace_size (logdir, trace, &size))
    size = d->size24;
  return known (size);
}

/* Count @which (0 −∞, 1 +∞, 2 NaN): the digest's, or the record's past what the digest keeps. */
static guint32
count_key (TdbgLogdir *logdir, guint32 trace, const TdbgTraceDigest *d, guint which)
{
  double counts[3];
  guint64 count;

  if (!(d->flags & TDBG_DIGEST_HAS_COUNTS))
    return 0;
  if (tdbg_trace_digest_get_count (d, which, &count))
    return known (count);
  if (!tdbg_logdir_get_trace_counts (logdir, trace, &counts[0], &counts[1], &counts[2]))
    return known (TDBG_TRACE_COUNT_EXACT_MAX + 1);
  return known ((guint64) MIN (counts[which], (double) G_MAXUINT32));
}

/* The ranks a key is looked up in (NULL for keys that are numbers), for @key's name. */
static guint32 *
ranks_for (TdbgLogdir *logdir, guint key)
{
  switch (key)
    {
    case TDBG_TRACE_SORT_TENSOR: return rank_by_name (logdir, tdbg_logdir_get_n_ops (logdir), op_name);
    case TDBG_TRACE_SORT_OP_TYPE: return rank_by_name (logdir, tdbg_logdir_get_n_ops (logdir), op_type);
    case TDBG_TRACE_SORT_DEVICE: return rank_by_name (logdir, G_MAXUINT16 + 1, string_name);
    case TDBG_TRACE_SORT_HOST: return rank_by_name (logdir, G_MAXUINT8 + 1, tdbg_trace_filter_get_file_set_host);
    case TDBG_TRACE_SORT_DTYPE: return rank_by_name (logdir, G_MAXUINT8 + 1, dtype_name);
    default: return NULL;
    }
}

static guint32
key_of (TdbgLogdir *logdir, guint32 trace, guint key, const guint32 *rank)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);

  switch (key)
    {
    case TDBG_TRACE_SORT_NONE: return trace;
    case SORT_SLOT: return d->output_slot;
    case TDBG_TRACE_SORT_TENSOR:
    case TDBG_TRACE_SORT_OP_TYPE: return rank[tdbg_trace_digest_get_op (d)];
    case TDBG_TRACE_SORT_DEVICE: return rank[d->device];
    case TDBG_TRACE_SORT_HOST: return rank[tdbg_trace_digest_get_file_set (d)];
    case TDBG_TRACE_SORT_DTYPE: return rank[tdbg_trace_digest_get_dtype (d)];
    case TDBG_TRACE_SORT_SIZE: return size_key (logdir, trace, d);
    case TDBG_TRACE_SORT_NEG_INF: return count_key (logdir, trace, d, 0);
    case TDBG_TRACE_SORT_POS_INF: return count_key (logdir, trace, d, 1);
    case TDBG_TRACE_SORT_NAN: return count_key (logdir, trace, d, 2);
    default: g_assert_not_reached ();
    }
}

/* ---- the sort ------------------------------------------------------------------------------ */

/* Sorts @values by @keys (both @n long), stably: least significant byte first, a pass skipped
 * when every key has the same byte there. The result is in @values; @keys is spent. */
static void
radix_sort (guint32 *keys, guint32 *values, guint n)
{
  g_autofree guint32 *keys2 = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *values2 = g_new (guint32, MAX (n, 1));
  guint32 *k = keys, *v = values, *k2 = keys2, *v2 = values2, *swap;

  for (guint shift = 0; n > 0 && shift < 32; shift += 8)
    {
      guint start[257] = { 0 };
      for (guint i = 0; i < n; i++)
        start[((k[i] >> shift) & 0xff) + 1]++;
      if (start[((k[0] >> shift) & 0xff) + 1] == n)
        continue;
      for (guint b = 0; b < 256; b++)
        start[b + 1] += start[b];
      for (guint i = 0; i < n; i++)
        {
          guint at = start[(k[i] >> shift) & 0xff]++;
          k2[at] = k[i];
          v2[at] = v[i];
        }
      swap = k, k = k2, k2 = swap;
      swap = v, v = v2, v2 = swap;
    }
  if (v != values)
    memcpy (values, v, n * sizeof *values);
}

/* One stable pass of @order (a copy of the traces) by @key. */
static gboolean
sort_pass (TdbgLogdir *logdir, guint32 *order, guint n, guint key, gboolean descending,
           GCancellable *cancellable)
{
  g_autofree guint32 *rank = ranks_for (logdir, key);
  g_autofree guint32 *keys = g_new (guint32, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      if (i % CHECK_EVERY == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      keys[i] = key_of (logdir, order[i], key, rank);
      if (descending)
        keys[i] = ~keys[i];
    }
  radix_sort (keys, order, n);
  return TRUE;
}

gboolean
tdbg_trace_sort (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending,
                 GCancellable *cancellable)
{
  guint n = traces->len;
  g_autofree guint32 *order = NULL;

  g_return_val_if_fail (key < TDBG_TRACE_N_SORTS, FALSE);
  g_return_val_if_fail (g_array_get_element_size (traces) == sizeof (guint32), FALSE);

  if (n == 0)
    return !g_cancellable_is_cancelled (cancellable);
  order = g_memdup2 (traces->data, n * sizeof *order);
  /* Tensor names: by output slot, then (stably) by op name. */
  if (key == TDBG_TRACE_SORT_TENSOR && !sort_pass (logdir, order, n, SORT_SLOT, descending, cancellable))
    return FALSE;
  if (!sort_pass (logdir, order, n, key, descending, cancellable))
    return FALSE;
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  memcpy (traces->data, order, n * sizeof *order);
  return TRUE;
}

/* ---- on a worker --------------------------------------------------------------------------- */

typedef struct {
  TdbgLogdir *logdir;
  GArray *traces;
  TdbgTraceSortKey key;
  gboolean descending;
} SortJob;

static void
sort_job_free (SortJob *job)
{
  g_object_unref (job->logdir);
  g_clear_pointer (&job->traces, g_array_unref);
  g_free (job);
}

static void
sort_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SortJob *job = data;
  gboolean sorted;

  tdbg_logdir_read_lock (job->logdir);
  if (job->traces == NULL)
    {
      guint n = tdbg_logdir_get_n_traces (job->logdir);
      job->traces = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);
      g_array_set_size (job->traces, n);
      for (guint32 i = 0; i < n; i++)
        g_array_index (job->traces, guint32, i) = i;
    }
  sorted = tdbg_trace_sort (job->logdir, job->traces, job->key, job->descending, cancellable);
  tdbg_logdir_read_unlock (job->logdir);
  if (!sorted)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_pointer (task, g_steal_pointer (&job->traces), (GDestroyNotify) g_array_unref);
}

void
tdbg_trace_sort_async (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending,
                       GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  SortJob *job = g_new0 (SortJob, 1);

  job->logdir = g_object_ref (logdir);
  job->traces = traces;
  job->key = key;
  job->descending = descending;
  g_task_set_source_tag (task, tdbg_trace_sort_async);
  g_task_set_task_data (task, job, (GDestroyNotify) sort_job_free);
  g_task_run_in_thread (task, sort_thread);
}

GArray *
tdbg_trace_sort_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
