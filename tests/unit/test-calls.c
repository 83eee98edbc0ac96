/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which eager call ran a graph execution trace, and a call's first trace (tdbg-calls.h), on
 * the shared logdirs: every trace and every call against the rules themselves, walked the
 * plain way, and the tutorial's first alert against the call Debugger V2 shows for it. */
#include <string.h>
#include <glib.h>
#include "test-env.h"
#include "test-util.h"
#include "tdbg-calls.h"
#include "tdbg-logdir.h"

/* The rule, spelled out: the first call (in the executions' order) of the trace's graph, or of
 * a graph it is nested in, written at or after the trace; else the latest such call. */
static guint32
call_by_rule (TdbgLogdir *logdir, guint32 trace)
{
  const TdbgTraceDigest *t = tdbg_logdir_get_trace (logdir, trace);
  guint32 graph = tdbg_trace_digest_get_op (t) < tdbg_logdir_get_n_ops (logdir) ? tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (t))->graph : TDBG_NONE;
  double wall_time = tdbg_logdir_get_trace_wall_time (logdir, trace);
  guint32 before = TDBG_NONE;

  if (graph == TDBG_NONE)
    return TDBG_NONE;
  for (guint32 e = 0; e < tdbg_logdir_get_n_executions (logdir); e++)
    {
      const TdbgExecutionDigest *d = tdbg_logdir_get_execution (logdir, e);
      gboolean holds = FALSE;

      for (guint32 g = graph; g != TDBG_NONE && !holds; g = tdbg_logdir_get_graph (logdir, g)->outer)
        holds = d->graph == g;
      if (!holds)
        continue;
      if (d->wall_time >= wall_time)
        return e;
      before = e;
    }
  return before;
}

/* The rule of a call's first trace, spelled out: the first trace (in file order) of the call's
 * graph or a graph nested in it, written after the graph's call before it and by the call. */
static guint32
first_trace_by_rule (TdbgLogdir *logdir, guint32 execution)
{
  const TdbgExecutionDigest *call = tdbg_logdir_get_execution (logdir, execution);
  double after = -G_MAXDOUBLE;

  if (call->graph == TDBG_NONE)
    return TDBG_NONE;
  for (guint32 e = 0; e < execution; e++)
    if (tdbg_logdir_get_execution (logdir, e)->graph == call->graph)
      after = tdbg_logdir_get_execution (logdir, e)->wall_time;
  for (guint32 t = 0; t < tdbg_logdir_get_n_traces (logdir); t++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, t);
      double wall_time = tdbg_logdir_get_trace_wall_time (logdir, t);
      gboolean held = FALSE;

      if (tdbg_trace_digest_get_op (d) >= tdbg_logdir_get_n_ops (logdir))
        continue;
      for (guint32 g = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->graph; g != TDBG_NONE && !held;
           g = tdbg_logdir_get_graph (logdir, g)->outer)
        held = g == call->graph;
      if (held && wall_time > after && wall_time <= call->wall_time)
        return t;
    }
  return TDBG_NONE;
}

static void
test_every_trace (void)
{
  const char *names[] = { "tutorial_mnist/logdir", "nested_control_flow/logdir", "multi_host/logdir",
                          "multi_device/logdir", "modes/FULL_HEALTH" };

  for (guint l = 0; l < G_N_ELEMENTS (names); l++)
    {
      g_autofree char *dir = test_env_shared_path (names[l], NULL);
      g_autoptr(TdbgLogdir) logdir = test_load_logdir (dir);
      guint found = 0;

      g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 0);
      for (guint32 t = 0; t < tdbg_logdir_get_n_traces (logdir); t++)
        {
          guint32 call = tdbg_calls_execution_of_trace (logdir, t);
          g_assert_cmpuint (call, ==, call_by_rule (logdir, t));
          found += call != TDBG_NONE;
        }
      g_test_message ("%s: %u of %u traces have their call", names[l], found, tdbg_logdir_get_n_traces (logdir));
      g_assert_cmpuint (found, >, 0);
      found = 0;
      for (guint32 e = 0; e < tdbg_logdir_get_n_executions (logdir); e++)
        {
          guint32 first = tdbg_calls_first_trace (logdir, e);
          g_assert_cmpuint (first, ==, first_trace_by_rule (logdir, e));
          found += first != TDBG_NONE;
        }
      g_test_message ("%s: %u of %u executions have a first trace", names[l], found,
                      tdbg_logdir_get_n_executions (logdir));
      g_assert_cmpuint (found, >, 0);
    }
}

/* The tutorial's first alert, trace 103 (Log:0), ran in the call of cross_entropy. */
static void
test_first_alert_call (void)
{
  g_autofree char *dir = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) logdir = test_load_logdir (dir);
  guint32 call = tdbg_calls_execution_of_trace (logdir, 103);
  const TdbgExecutionDigest *d;

  g_assert_cmpuint (call, !=, TDBG_NONE);
  d = tdbg_logdir_get_execution (logdir, call);
  g_assert_nonnull (strstr (tdbg_logdir_get_graph (logdir, d->graph)->graph_name, "cross_entropy"));
  g_assert_cmpuint (tdbg_calls_execution_of_trace (logdir, tdbg_logdir_get_n_traces (logdir)), ==, TDBG_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/calls/every-trace", test_every_trace);
  g_test_add_func ("/calls/first-alert-call", test_first_alert_call);
  return g_test_run ();
}
