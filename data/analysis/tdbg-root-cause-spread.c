/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How far the first NaN/∞ went: the bad traces and eager executions after its origin, the
 * function call (training step) it happened in, and, for a constant's ±∞, the first NaN made
 * after it. */

#include "config.h"

#include <math.h>

#include "tdbg-root-cause-private.h"
#include "tdbg-calls.h"
#include "libtdbg-data.h"

/* How many calls of the step function were recorded, and the last one a trace of its graphs
 * (@outer and those inside it) went bad in: whether NaN/∞ stopped (a loss scaler's settled
 * scale) or went on to the end. From the last bad trace of those graphs, back from the end. */
static void
find_last_bad_call (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 outer)
{
  guint n = tdbg_logdir_get_n_executions (logdir);
  guint32 last = TDBG_NONE;
  double last_time;

  for (guint i = tdbg_logdir_get_n_traces (logdir); i-- > 0 && last == TDBG_NONE;)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      guint32 op = tdbg_trace_digest_get_op (d);
      if ((d->flags & TDBG_DIGEST_HAS_INF_NAN) && op != TDBG_NONE &&
          _tdbg_cause_outermost_graph (logdir, tdbg_logdir_get_op (logdir, op)->graph) == outer)
        last = i;
    }
  last_time = last != TDBG_NONE ? tdbg_logdir_get_trace_wall_time (logdir, last) : -INFINITY;
  rc->step_calls = rc->step_last_bad_call = 0;
  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->graph != rc->step_graph)
        continue;
      rc->step_calls++;
      if (rc->step_last_bad_call == 0 && e->wall_time >= last_time)
        rc->step_last_bad_call = rc->step_calls;
    }
  /* A call still running when the recording stopped: the last. */
  if (rc->step_last_bad_call == 0)
    rc->step_last_bad_call = rc->step_calls;
}

/* The call of the function enclosing @graph that the trace at @wall_time ran in. A function
 * call's execution record is written when the call returns, after its graph's traces: the call
 * is the first one of that function at or after the trace. Its number counts the calls of the
 * same function only: another function whose graph was made inside it (Keras's
 * __inference_initialize_variables, run eagerly from the first step for an optimizer's slots)
 * is not a step. */
/* Which run of the origin's op (its output slot) in the call @call the origin was: its traces
 * in that call up to the origin, the first found by bisection (a trace's call is worked out
 * from its wall time, a record read over SSH); 0 when it ran once (or is not a trace of its
 * own). */
static guint
op_run_in_call (TdbgLogdir *logdir, const TdbgRootCause *rc, guint32 call)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (guint32));
  const guint32 *traces;
  guint n, low = 0, high;

  if (rc->origin_trace == TDBG_NONE || rc->origin_untraced)
    return 0;
  traces = tdbg_logdir_get_op_traces (logdir, rc->origin_op, &n);
  for (guint k = 0; k < n && traces[k] <= rc->origin_trace; k++)
    if (tdbg_logdir_get_trace (logdir, traces[k])->output_slot == rc->origin_output_slot)
      g_array_append_val (runs, traces[k]);
  if (runs->len < 2)
    return 0;
  /* The calls of the op's traces only grow: the first of @call's is after every earlier call's. */
  high = runs->len - 1;
  while (low < high)
    {
      guint mid = low + (high - low) / 2;
      if (tdbg_calls_execution_of_trace (logdir, g_array_index (runs, guint32, mid)) == call)
        high = mid;
      else
        low = mid + 1;
    }
  return runs->len - low > 1 ? runs->len - low : 0;
}

/* The outermost graph @outer computes no gradient, while another of its name does. */
static gboolean
evaluates (TdbgLogdir *logdir, guint32 outer)
{
  g_autofree guint8 *trains = NULL;
  const char *name = tdbg_logdir_get_graph (logdir, outer)->graph_name;

  if (name == NULL || *name == '\0')
    return FALSE;
  trains = _tdbg_root_cause_training_graphs (logdir);
  if (trains[outer])
    return FALSE;
  for (guint32 g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    if (g != outer && trains[g] && g_strcmp0 (tdbg_logdir_get_graph (logdir, g)->graph_name, name) == 0)
      return TRUE;
  return FALSE;
}

void
_tdbg_root_cause_find_step (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 graph, double wall_time)
{
  guint32 outer = _tdbg_cause_outermost_graph (logdir, graph);
  guint n = tdbg_logdir_get_n_executions (logdir);
  guint32 call = TDBG_NONE;

  if (outer == TDBG_NONE)
    return;
  for (guint i = 0; i < n && call == TDBG_NONE; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->graph != TDBG_NONE && e->wall_time >= wall_time && _tdbg_cause_outermost_graph (logdir, e->graph) == outer)
        call = i;
    }
  if (call == TDBG_NONE)
    return;
  rc->step_execution = call;
  rc->step_graph = tdbg_logdir_get_execution (logdir, call)->graph;
  rc->step_call = 0;
  for (guint i = 0; i <= call; i++)
    if (tdbg_logdir_get_execution (logdir, i)->graph == rc->step_graph)
      rc->step_call++;
  find_last_bad_call (logdir, rc, outer);
  rc->step_op_run = op_run_in_call (logdir, rc, call);
  rc->step_evaluates = evaluates (logdir, outer);
}

/* Every bad trace but the origin's own: the origin may be a later trace than the first bad one,
 * when a nested graph saw the values before the op that made them was traced; an untraced
 * origin has none (origin_trace is the read that showed what it wrote). */
static void
count_spread_traces (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  g_autoptr(GHashTable) ops = g_hash_table_new (NULL, NULL);
  guint n = tdbg_logdir_get_n_traces (logdir);

  for (guint i = 0; i < n; i++)
    if ((i != rc->origin_trace || rc->origin_untraced) && (tdbg_logdir_get_trace (logdir, i)->flags & TDBG_DIGEST_HAS_INF_NAN))
      {
        rc->spread_traces++;
        g_hash_table_add (ops, GUINT_TO_POINTER (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)) + 1));
      }
  rc->spread_ops = g_hash_table_size (ops);
}

/* Eager executions with a bad output written at or after the origin: the function call that
 * ran the origin's graph returns (and is written) after its traces, so it counts; an eager op
 * that went bad on its own before the origin does not. */
static void
count_spread_executions (TdbgLogdir *logdir, TdbgRootCause *rc, double origin_wall_time)
{
  guint n = tdbg_logdir_get_n_executions (logdir);

  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (i != rc->origin_execution && e->n_alert_outputs > 0 && e->wall_time >= origin_wall_time)
        rc->spread_executions++;
    }
}

void
_tdbg_root_cause_count_spread (TdbgLogdir *logdir, TdbgRootCause *rc, double origin_wall_time)
{
  count_spread_traces (logdir, rc);
  count_spread_executions (logdir, rc, origin_wall_time);
}

/* Ops looked at downstream of the origin for a check of its values. */
#define MAX_CHECK_SEARCH 512

/* The program may check the values itself: Keras's LossScaleOptimizer asks tf.math.is_finite
 * of every gradient and skips the step when one is not finite. Breadth first through the
 * consumers, so the nearest check is named. */
guint32
_tdbg_root_cause_checked_by (TdbgLogdir *logdir, guint32 op)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GQueue) queue = g_queue_new ();

  g_queue_push_tail (queue, GUINT_TO_POINTER (op));
  g_hash_table_add (seen, GUINT_TO_POINTER (op));
  while (!g_queue_is_empty (queue) && g_hash_table_size (seen) < MAX_CHECK_SEARCH)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, GPOINTER_TO_UINT (g_queue_pop_head (queue)));
      for (guint i = 0; i < o->consumers->len; i++)
        {
          guint32 c = g_array_index (o->consumers, TdbgConsumer, i).op;
          if (g_hash_table_contains (seen, GUINT_TO_POINTER (c)))
            continue;
          if (g_strcmp0 (tdbg_logdir_get_op (logdir, c)->op_type, "IsFinite") == 0)
            return c;
          g_hash_table_add (seen, GUINT_TO_POINTER (c));
          g_queue_push_tail (queue, GUINT_TO_POINTER (c));
        }
    }
  return TDBG_NONE;
}

/* The first trace after @index whose counts show NaN, or TDBG_NONE. */
guint32
_tdbg_root_cause_first_nan_after (TdbgLogdir *logdir, guint32 index)
{
  for (guint32 t = index + 1; t < tdbg_logdir_get_n_traces (logdir); t++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, t);
      if (tdbg_trace_digest_holds (d, 2))
        return t;
    }
  return TDBG_NONE;
}
