/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The packing of a graph execution trace's digest, in one place, and what the digest does
 * not keep (the wall time; sizes and counts too wide for it) read back from the record. */

#include "tdbg-logdir-private.h"

#include <string.h>

void
tdbg_trace_digest_unpack (const TdbgTraceDigest *d, TdbgTraceInfo *info)
{
  memset (info, 0, sizeof *info);
  info->offset = tdbg_trace_digest_get_offset (d);
  info->file_set = tdbg_trace_digest_get_file_set (d);
  info->mode = tdbg_trace_digest_get_mode (d);
  info->dtype = tdbg_trace_digest_get_dtype (d);
  info->op = tdbg_trace_digest_get_op (d);
  info->output_slot = d->output_slot;
  info->device = d->device;
  info->flags = d->flags;
  info->size = d->size24;
  /* A count the digest does not hold is at least one past those it holds exactly (the record
   * read tells it) */
  if (!tdbg_trace_digest_get_count (d, 0, &info->neg_inf))
    info->neg_inf = TDBG_TRACE_COUNT_EXACT_MAX + 1;
  if (!tdbg_trace_digest_get_count (d, 1, &info->pos_inf))
    info->pos_inf = TDBG_TRACE_COUNT_EXACT_MAX + 1;
  if (!tdbg_trace_digest_get_count (d, 2, &info->nan))
    info->nan = TDBG_TRACE_COUNT_EXACT_MAX + 1;
}

/* Reads the record again for what the digest does not hold; FALSE when it cannot be read
 * (the file changed or went away), leaving @info as the digest tells it. */
static gboolean
read_wide (TdbgLogdir *self, const TdbgTraceDigest *d, TdbgTraceInfo *info)
{
  const TdbgFileSet *fs = g_ptr_array_index (self->file_sets, tdbg_trace_digest_get_file_set (d));
  g_autoptr(GBytes) payload = NULL;
  TdbgTraceInfo wide;
  TdbgTraceNames names;
  TdbgRecord record;
  gsize length;

  payload = tdbg_logdir_read_record (self, &fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES], info->offset, NULL);
  if (payload == NULL)
    return FALSE;
  record.offset = info->offset;
  record.data = g_bytes_get_data (payload, &length);
  record.length = length;
  if (tdbg_bulk_parse_trace (&record, &wide, &names) != NULL)
    return FALSE;
  info->wall_time = wide.wall_time;
  info->size = wide.size;
  info->neg_inf = wide.neg_inf;
  info->pos_inf = wide.pos_inf;
  info->nan = wide.nan;
  return TRUE;
}

gboolean
tdbg_logdir_get_trace_info (TdbgLogdir *self, guint index, TdbgTraceInfo *info)
{
  const TdbgTraceDigest *d;

  g_return_val_if_fail (index < self->traces.len, FALSE);
  d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, index);
  tdbg_trace_digest_unpack (d, info);
  return read_wide (self, d, info);
}

double
tdbg_logdir_get_trace_wall_time (TdbgLogdir *self, guint index)
{
  TdbgTraceInfo info;
  tdbg_logdir_get_trace_info (self, index, &info);
  return info.wall_time;
}

/* The trace's @info when the digest says @known; the record is read when it also says @wide. */
static gboolean
get_narrowed (TdbgLogdir *self, guint index, TdbgDigestFlags known, TdbgDigestFlags wide, TdbgTraceInfo *info)
{
  const TdbgTraceDigest *d;

  g_return_val_if_fail (index < self->traces.len, FALSE);
  d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, index);
  if (!(d->flags & known))
    return FALSE;
  tdbg_trace_digest_unpack (d, info);
  if (d->flags & wide)
    read_wide (self, d, info);
  return TRUE;
}

gboolean
tdbg_logdir_get_trace_size (TdbgLogdir *self, guint index, guint64 *size)
{
  TdbgTraceInfo info;

  if (!get_narrowed (self, index, TDBG_DIGEST_HAS_SIZE, TDBG_DIGEST_SIZE_WIDE, &info))
    return FALSE;
  *size = info.size;
  return TRUE;
}

gboolean
tdbg_logdir_get_trace_counts (TdbgLogdir *self, guint index, double *neg_inf, double *pos_inf, double *nan)
{
  TdbgTraceInfo info;

  if (!get_narrowed (self, index, TDBG_DIGEST_HAS_COUNTS, TDBG_DIGEST_COUNTS_SATURATED, &info))
    return FALSE;
  *neg_inf = info.neg_inf;
  *pos_inf = info.pos_inf;
  *nan = info.nan;
  return TRUE;
}
