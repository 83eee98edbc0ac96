/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which trace of an input fed a trace: its latest before in file order; the first after in
 * the same call when the graph's threads wrote the consumer first; on another host's file
 * set, the latest by the call's time. */

#include "config.h"

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

/* The last of @run (traces in file order) whose time is at most @time, by bisection, and its
 * time in @found_time; -1 when none. The traces of one op and output slot in one file set
 * come in time order (one call after another), so a few record reads find it (each a round
 * trip over SSH), not one a trace. */
static int
last_by_time (TdbgLogdir *logdir, const GArray *run, double time, double *found_time)
{
  int lo = 0, hi = run->len;   /* the answer + 1 lies in [lo, hi] */

  while (lo < hi)
    {
      int mid = lo + (hi - lo) / 2;
      double mid_time = tdbg_logdir_get_trace_wall_time (logdir, g_array_index (run, guint32, mid));
      if (mid_time <= time)
        lo = mid + 1, *found_time = mid_time;
      else
        hi = mid;
    }
  return lo - 1;
}

/* A function's traces may be in another host's file set, after those of the ops that used
 * its result in file order: there, the call's time tells which trace belongs to it (the
 * latest by then over every file set). */
guint32
_tdbg_cause_walk_latest_trace_by_time (TdbgLogdir *logdir, guint32 op, guint slot, double time)
{
  g_autoptr(GArray) run = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 best = TDBG_NONE;
  double best_time = -INFINITY;
  guint n;
  const guint32 *traces = tdbg_logdir_get_op_traces (logdir, op, &n);

  for (guint fs = 0; fs < tdbg_logdir_get_n_file_sets (logdir); fs++)
    {
      double t_time = -INFINITY;
      int last;
      g_array_set_size (run, 0);
      for (guint k = 0; k < n; k++)
        {
          const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, traces[k]);
          if (d->output_slot == slot && tdbg_trace_digest_get_file_set (d) == fs)
            g_array_append_val (run, traces[k]);
        }
      if ((last = last_by_time (logdir, run, time, &t_time)) >= 0 && (best == TDBG_NONE || t_time >= best_time))
        best = g_array_index (run, guint32, last), best_time = t_time;
    }
  return best;
}

static guint
trace_file_set (TdbgLogdir *logdir, guint32 trace)
{
  return tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, trace));
}

/* The ops of a graph run side by side, and each output's debug op beside the ops using it: the
 * trace of what @ref's op was given in this call may come after @ref in file order (tf.data's
 * parallel map writes them so). @t, (op, slot)'s latest trace before @ref, is of an earlier
 * call when @ref's op was traced since; then this call's is the first after @ref in its file
 * set, before @ref's op is traced again. Where a circular buffer dropped the first calls'
 * records, a producer with no trace before is taken as dropped instead. */
static guint32
input_trace_of_call (TdbgLogdir *logdir, guint32 op, guint slot, guint32 ref, guint32 t)
{
  const TdbgTraceDigest *r = tdbg_logdir_get_trace (logdir, ref);
  guint32 consumer = tdbg_trace_digest_get_op (r);
  guint32 graph = tdbg_logdir_get_op (logdir, consumer)->graph;
  guint32 next, end, prev;

  if (t != TDBG_NONE &&
      ((prev = tdbg_logdir_find_latest_trace_before (logdir, consumer, r->output_slot, ref)) == TDBG_NONE || t > prev))
    return t;
  next = tdbg_logdir_find_trace_of_op (logdir, consumer, ref + 1);
  end = next != TDBG_NONE ? next : tdbg_logdir_get_n_traces (logdir);
  for (guint32 u = tdbg_logdir_find_trace_of_op_before (logdir, op, ref + 1, end); u != TDBG_NONE;
       u = tdbg_logdir_find_trace_of_op_before (logdir, op, u + 1, end))
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, u);
      if (d->output_slot != slot || tdbg_trace_digest_get_file_set (d) != tdbg_trace_digest_get_file_set (r))
        continue;
      return t == TDBG_NONE && graph != TDBG_NONE && _tdbg_cause_walk_records_dropped (logdir, graph) ? t : u;
    }
  return t;
}

guint32
_tdbg_cause_walk_input_trace (TdbgLogdir *logdir, guint32 op, guint slot, guint32 ref)
{
  guint32 t = input_trace_of_call (logdir, op, slot, ref, tdbg_logdir_find_latest_trace_before (logdir, op, slot, ref));
  guint32 first = tdbg_logdir_get_op (logdir, op)->first_trace;

  /* An op another host ran (tf.device("/job:worker…") in the function) is traced in that
   * host's file set, after every trace of this one in file order: there, the call's time
   * tells which of its traces fed this one. */
  if (t == TDBG_NONE && first != TDBG_NONE && first > ref && trace_file_set (logdir, first) != trace_file_set (logdir, ref))
    t = _tdbg_cause_walk_latest_trace_by_time (logdir, op, slot, tdbg_logdir_get_trace_wall_time (logdir, ref));
  return t;
}
