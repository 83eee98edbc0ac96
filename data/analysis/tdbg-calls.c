/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-calls.h"

/* Whether @graph is @inner or one of the graphs @inner is nested in. */
static gboolean
graph_holds (TdbgLogdir *logdir, guint32 graph, guint32 inner)
{
  guint n_graphs = tdbg_logdir_get_n_graphs (logdir);

  for (guint depth = 0; inner < n_graphs && depth < 64; depth++)
    {
      if (inner == graph)
        return TRUE;
      inner = tdbg_logdir_get_graph (logdir, inner)->outer;
    }
  return FALSE;
}

static guint32
graph_of_trace (TdbgLogdir *logdir, guint32 trace)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);

  return tdbg_trace_digest_get_op (d) < tdbg_logdir_get_n_ops (logdir) ? tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->graph : TDBG_NONE;
}

/* Per graph g: graph_holds (@holder, g) when @holder is given (the graphs it holds), else
 * graph_holds (g, @inner) (the graphs that hold @inner). A million rows are then looked
 * through with a table lookup each, not a walk up the graphs. */
static guint8 *
mark_graphs (TdbgLogdir *logdir, guint32 holder, guint32 inner)
{
  guint n_graphs = tdbg_logdir_get_n_graphs (logdir);
  guint8 *marks = g_new0 (guint8, MAX (n_graphs, 1));

  for (guint32 g = 0; g < n_graphs; g++)
    marks[g] = holder != TDBG_NONE ? graph_holds (logdir, holder, g) : graph_holds (logdir, g, inner);
  return marks;
}

guint32
tdbg_calls_execution_of_trace (TdbgLogdir *logdir, guint32 trace)
{
  guint32 graph, before = TDBG_NONE, n_executions, n_graphs;
  g_autofree guint8 *holds = NULL;
  const TdbgExecutionDigest *executions;
  double wall_time;

  g_return_val_if_fail (logdir != NULL, TDBG_NONE);
  if (trace >= tdbg_logdir_get_n_traces (logdir) || (graph = graph_of_trace (logdir, trace)) == TDBG_NONE)
    return TDBG_NONE;
  if ((n_executions = tdbg_logdir_get_n_executions (logdir)) == 0)
    return TDBG_NONE;
  wall_time = tdbg_logdir_get_trace_wall_time (logdir, trace);
  /* A million executions may come before the call: looked through as a plain array. */
  holds = mark_graphs (logdir, TDBG_NONE, graph);
  n_graphs = tdbg_logdir_get_n_graphs (logdir);
  executions = tdbg_logdir_get_execution (logdir, 0);
  for (guint32 e = 0; e < n_executions; e++)
    {
      const TdbgExecutionDigest *d = &executions[e];
      if (d->graph >= n_graphs || !holds[d->graph])
        continue;
      if (d->wall_time >= wall_time)
        return e;
      before = e;
    }
  /* Written before the trace (another host's clock, or the call's record lost to a
   * circular buffer): the latest call of the graph. */
  return before;
}

guint32
tdbg_calls_first_trace (TdbgLogdir *logdir, guint32 execution)
{
  const TdbgExecutionDigest *call;
  g_autofree guint8 *held = NULL;
  guint n_graphs;
  double after = -G_MAXDOUBLE;

  g_return_val_if_fail (logdir != NULL, TDBG_NONE);
  if (execution >= tdbg_logdir_get_n_executions (logdir))
    return TDBG_NONE;
  call = tdbg_logdir_get_execution (logdir, execution);
  if (call->graph == TDBG_NONE)
    return TDBG_NONE;
  /* The call's traces were written after the previous call of the same graph finished. */
  for (guint32 e = execution; e-- > 0;)
    if (tdbg_logdir_get_execution (logdir, e)->graph == call->graph)
      {
        after = tdbg_logdir_get_execution (logdir, e)->wall_time;
        break;
      }
  held = mark_graphs (logdir, call->graph, TDBG_NONE);
  n_graphs = tdbg_logdir_get_n_graphs (logdir);
  for (guint32 t = 0; t < tdbg_logdir_get_n_traces (logdir); t++)
    {
      guint32 graph = graph_of_trace (logdir, t);
      double wall_time;

      if (graph >= n_graphs || !held[graph])
        continue;
      wall_time = tdbg_logdir_get_trace_wall_time (logdir, t);
      if (wall_time > after && wall_time <= call->wall_time)
        return t;
    }
  return TDBG_NONE;
}
