/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each op's traces, listed once when first asked for: a question about an op's traces far
 * from a known one (a root cause across hosts, `inspect`'s counts) then reads its own few
 * thousand, not every digest. Four bytes a trace, made only when used (the lookups near a
 * known trace walk the rows first, and an op's history reads the digests itself, so that the
 * window keeps none for its first look), and forgotten by the refresh that grows the index
 * (under the index's write lock, so never under a reader's feet). Readers on several threads
 * may ask at once. */

#include "tdbg-logdir-private.h"

static void
build (TdbgLogdir *self)
{
  guint n_ops = self->ops->len;
  guint32 *fill;

  g_free (self->op_trace_starts);
  g_free (self->op_traces);
  self->op_trace_starts = g_new0 (guint32, n_ops + 1);
  self->op_traces = g_new (guint32, MAX (self->traces.len, 1));
  /* Counts, then where each op's list begins, then the lists in trace order. */
  for (gsize i = 0; i < self->traces.len; i++)
    {
      guint32 op = tdbg_trace_digest_get_op (&tdbg_vec_index (&self->traces, TdbgTraceDigest, i));
      if (op < n_ops)
        self->op_trace_starts[op + 1]++;
    }
  for (guint op = 0; op < n_ops; op++)
    self->op_trace_starts[op + 1] += self->op_trace_starts[op];
  fill = g_memdup2 (self->op_trace_starts, sizeof (guint32) * n_ops);
  for (gsize i = 0; i < self->traces.len; i++)
    {
      guint32 op = tdbg_trace_digest_get_op (&tdbg_vec_index (&self->traces, TdbgTraceDigest, i));
      if (op < n_ops)
        self->op_traces[fill[op]++] = i;
    }
  g_free (fill);
  self->op_traces_built_for = self->traces.len;
  self->op_traces_n_ops = n_ops;
}

const guint32 *
tdbg_logdir_get_op_traces (TdbgLogdir *self, guint32 op, guint *n_traces)
{
  const guint32 *traces;

  g_return_val_if_fail (TDBG_IS_LOGDIR (self), NULL);

  *n_traces = 0;
  if (op >= self->ops->len)
    return NULL;
  g_mutex_lock (&self->op_traces_lock);
  if (self->op_traces == NULL)
    build (self);
  g_mutex_unlock (&self->op_traces_lock);
  if (op >= self->op_traces_n_ops)
    return NULL;
  *n_traces = self->op_trace_starts[op + 1] - self->op_trace_starts[op];
  traces = self->op_traces + self->op_trace_starts[op];
  return traces;
}

void
tdbg_logdir_forget_op_traces (TdbgLogdir *self)
{
  if (self->op_traces != NULL &&
      self->op_traces_built_for == self->traces.len && self->op_traces_n_ops == self->ops->len)
    return;
  g_clear_pointer (&self->op_trace_starts, g_free);
  g_clear_pointer (&self->op_traces, g_free);
}
