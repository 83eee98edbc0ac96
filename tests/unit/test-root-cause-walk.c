/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The walk back from the first bad trace to where the bad values first appeared, on logdirs
 * written by the fixture writer for the cases the shared logdirs lack: an eager op feeding a
 * tf.function, a nested graph fed by its outer graph, a function run on another host, a
 * circular buffer that starts with bad values or dropped the inputs; in every debug mode. */

#include <math.h>
#include <glib.h>
#include <string.h>

#include "cause-fixtures.h"
#include "gated-source.h"
#include "tdbg-local-source.h"
#include "tdbg-diagnosis.h"
#include "tdbg-root-cause.h"
#include "test-util.h"

static const TdbgWalkStep *
step (const TdbgRootCause *rc, guint i)
{
  g_assert_cmpuint (i, <, rc->walk->len);
  return &g_array_index (rc->walk, TdbgWalkStep, i);
}

static const TdbgCauseInput *
input (const TdbgRootCause *rc, guint i)
{
  g_assert_cmpuint (i, <, rc->inputs->len);
  return &g_array_index (rc->inputs, TdbgCauseInput, i);
}

/* ---- an eager op feeding a tf.function ----------------------------------------------------- */

static void
check_eager_into_function (CauseMode mode, gboolean inferred)
{
  g_autofree char *dir = cause_fixture_write_eager_into_function (mode, FALSE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_fixture_find (dir, &logdir);

  /* y (trace 1) is the first bad trace; the call's second input is Log's output. */
  g_assert_cmpuint (rc->walk->len, ==, 2);
  g_assert_cmpuint (step (rc, 0)->trace, ==, 1);
  g_assert_cmpint (step (rc, 0)->link, ==, TDBG_LINK_FIRST);
  g_assert_cmpuint (step (rc, 1)->execution, ==, 1);
  g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_FUNCTION_INPUT);
  g_assert_cmpuint (rc->origin_trace, ==, TDBG_NONE);
  g_assert_cmpuint (rc->origin_execution, ==, 1);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  /* Its input: Sub's output, made by execution 0. */
  g_assert_cmpuint (rc->inputs->len, ==, 1);
  g_assert_cmpstr (input (rc, 0)->op_name, ==, "Sub");
  g_assert_cmpuint (input (rc, 0)->execution, ==, 0);
  g_assert_cmpuint (input (rc, 0)->trace, ==, TDBG_NONE);
  g_assert_false (input (rc, 0)->bad);
  g_assert_cmpint (rc->inferred, ==, inferred);
  if (inferred)
    g_assert_nonnull (rc->limitation);
  else
    {
      g_assert_cmpfloat (rc->evidence_count, ==, 2);
      g_assert_nonnull (strstr (rc->explanation, "2 zeros"));
    }
  g_assert_nonnull (strstr (rc->explanation, "y (#1)"));
  /* Every bad trace went bad after it. */
  g_assert_cmpuint (rc->spread_traces, ==, 2);
  test_remove_tree (dir);
}

static void test_eager_full_health (void) { check_eager_into_function (CAUSE_FULL, FALSE); }
static void test_eager_full_tensor (void) { check_eager_into_function (CAUSE_TENSOR, FALSE); }
static void test_eager_concise_health (void) { check_eager_into_function (CAUSE_CONCISE, TRUE); }
static void test_eager_curt_health (void) { check_eager_into_function (CAUSE_CURT, TRUE); }

/* The eager op that made the bad values is known, the ones before it were dropped: a Log that
 * gave −∞ took a zero, which is said as inferred. */
static void
test_eager_inputs_not_recorded (void)
{
  g_autofree char *dir = cause_fixture_write_eager_into_function (CAUSE_FULL, TRUE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_fixture_find (dir, &logdir);

  g_assert_cmpuint (rc->origin_execution, ==, 0);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_true (rc->inferred);
  g_assert_nonnull (rc->limitation);
  g_assert_cmpuint (input (rc, 0)->execution, ==, TDBG_NONE);
  g_assert_cmpint (input (rc, 0)->unrecorded, ==, TDBG_UNRECORDED_UNKNOWN);
  g_assert_null (strstr (rc->hint, "circular_buffer_size"));
  test_remove_tree (dir);
}

/* Where the file sets of a multi-host run are: everything on one host; the function's trace
 * on a worker; or the chief's file set second (its clock later than the worker's), the
 * worker's first holding an eager execution of its own whose tensor ids are the chief's too
 * (ids are a process's own). */
typedef enum { ONE_HOST, TRACE_ON_WORKER, CHIEF_SECOND } HostLayout;

#define assert_has(haystack, needle) \
  G_STMT_START { if (strstr ((haystack), (needle)) == NULL) \
      g_error ("%s: %s not in:\n%s", G_STRLOC, (needle), (haystack)); } G_STMT_END

/* `explain --json` on @dir: its origin object (to be freed) and its cause. */
static char *
explain_origin (const char *dir, const char *cause)
{
  int status;
  g_autofree char *json = test_run_cli (&status, "explain", "--json", dir, NULL);
  g_autofree char *code = g_strdup_printf ("\"cause\": \"%s\"", cause);
  const char *origin = strstr (json, "\"origin\"");
  const char *end = origin ? strstr (origin, "}") : NULL;

  g_assert_cmpint (status, ==, 1);
  assert_has (json, code);
  g_assert_nonnull (end);
  return g_strndup (origin, end - origin);
}

/* TensorFlow 2.21 traces no argument of a function: an eager Log of a zero is fed into a
 * function whose MatMul is the first bad trace. The walk goes from the MatMul's untraced
 * placeholder to the call's input tensor and the eager Log that made it. */
static void
check_eager_into_untraced_argument (HostLayout layout)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  /* Executions before the chief's: the worker's when its file set is first. */
  guint base = layout == CHIEF_SECOND ? 1 : 0;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", layout == CHIEF_SECOND ? 2 : 1, "f");
    g_autoptr(TdbgFixtureWriter) worker =
      layout != ONE_HOST ? cause_fixture_writer_new (dir, "worker", layout == CHIEF_SECOND ? 1 : 2, NULL) : NULL;
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Placeholder", "m", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "MatMul", "mm", (const char *const[]) { "x:0", "m:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "mm:0", NULL });
    if (layout == CHIEF_SECOND)
      cause_fixture_add_execution (worker, 9, "Fill", NULL, CAUSE_FULL, NULL, 0, 4, cause_finite_positive);
    cause_fixture_add_execution (w, 10, "Sub", NULL, CAUSE_FULL, (gint64[]) { 1, 2 }, 2, 3, cause_finite_with_zeros);
    cause_fixture_add_execution (w, 11, "Log", NULL, CAUSE_FULL, (gint64[]) { 3 }, 1, 4, cause_neg_infs);
    cause_fixture_add_execution (w, 11.5, "Fill", NULL, CAUSE_FULL, NULL, 0, 5, cause_finite_positive);
    cause_fixture_add_trace (layout == TRACE_ON_WORKER ? worker : w, 12, "f", "mm", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 15, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 4, 5 }, 2, 6, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (worker == NULL || tdbg_fixture_writer_flush (worker, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_execution, ==, base + 1);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_false (rc->inferred);
  g_assert_cmpuint (rc->walk->len, ==, 2);
  g_assert_cmpint (g_array_index (rc->walk, TdbgWalkStep, 1).link, ==, TDBG_LINK_FUNCTION_INPUT);
  g_assert_cmpuint (input (rc, 0)->execution, ==, base + 0);
  g_assert_true (input (rc, 0)->culprit);
  if (layout == CHIEF_SECOND)
    {
      g_autofree char *origin = explain_origin (dir, "log_of_zero");
      assert_has (origin, "\"execution_index\": 2");
      assert_has (origin, "\"op_type\": \"Log\"");
      assert_has (origin, "\"host_name\": \"chief\"");
    }
  test_remove_tree (dir);
}

static void test_eager_into_untraced_argument (void) { check_eager_into_untraced_argument (ONE_HOST); }
static void test_eager_into_untraced_argument_other_host (void) { check_eager_into_untraced_argument (TRACE_ON_WORKER); }
static void test_eager_into_untraced_argument_chief_second (void) { check_eager_into_untraced_argument (CHIEF_SECOND); }

/* An op placed on a worker inside the function (with tf.device("/job:worker/…")), as real
 * TensorFlow writes it with a remote task: the chief's file set holds the graph, the calls and
 * the traces of the ops it ran, the worker's the Log's traces, after all of them in file order.
 * The first bad trace, the chief's Mul of call 0, leads to the worker's Log of that call (by
 * its time), whose argument came from an eager Sub holding zeros. */
static void
test_op_on_worker_inside_function (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  g_autofree char *origin = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", 1, "f");
    g_autoptr(TdbgFixtureWriter) worker = cause_fixture_writer_new (dir, "worker", 2, NULL);
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Log", "l", (const char *const[]) { "x:0", NULL });
    cause_fixture_add_op (w, "f", "Const", "y", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Mul", "m", (const char *const[]) { "l:0", "y:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "m:0", NULL });
    cause_fixture_add_execution (w, 9, "Sub", NULL, CAUSE_FULL, NULL, 0, 3, cause_finite_with_zeros);
    for (guint k = 0; k < 3; k++)
      {
        const double *counts = k == 0 ? cause_neg_infs : cause_finite_positive;
        cause_fixture_add_trace (w, 10 + 4 * k, "f", "y", CAUSE_FULL, cause_finite_positive);
        cause_fixture_add_trace (worker, 11 + 4 * k, "f", "l", CAUSE_FULL, counts);
        cause_fixture_add_trace (w, 11.5 + 4 * k, "f", "m", CAUSE_FULL, counts);
        cause_fixture_add_execution (w, 12 + 4 * k, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 3 }, 1,
                                     10 + k, counts);
      }
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (tdbg_fixture_writer_flush (worker, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  /* Traces: y and m of each call (chief: 0 to 5), then l of each call (worker: 6 to 8). */
  g_assert_cmpuint (rc->walk->len, ==, 2);
  g_assert_cmpuint (step (rc, 0)->trace, ==, 1);
  g_assert_cmpuint (step (rc, 1)->trace, ==, 6);
  g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_INPUT);
  g_assert_cmpuint (rc->origin_trace, ==, 6);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_false (rc->inferred);
  g_assert_cmpuint (input (rc, 0)->execution, ==, 0);
  g_assert_true (input (rc, 0)->culprit);
  origin = explain_origin (dir, "log_of_zero");
  assert_has (origin, "\"graph_execution_trace_index\": 6");
  assert_has (origin, "\"op_type\": \"Log\"");
  assert_has (origin, "\"host_name\": \"worker\"");
  test_remove_tree (dir);
}

/* The same function with the worker's files missing from the logdir (each host writes its own):
 * the chief's Mul is the first bad trace, and its input, the Log placed on the worker, was never
 * recorded here. The reason names the worker's task, not "an op TensorFlow does not record". */
static void
test_op_on_worker_not_in_logdir (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  int status;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", 1, "f");
    tdbg_fixture_writer_set_op_device (w, "/job:chief/replica:0/task:0/device:CPU:0");
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Const", "y", (const char *const[]) { NULL });
    tdbg_fixture_writer_set_op_device (w, "/job:worker/replica:0/task:1/device:CPU:0");
    cause_fixture_add_op (w, "f", "Log", "l", (const char *const[]) { "x:0", NULL });
    tdbg_fixture_writer_set_op_device (w, "/job:chief/replica:0/task:0/device:CPU:0");
    cause_fixture_add_op (w, "f", "Mul", "m", (const char *const[]) { "l:0", "y:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "m:0", NULL });
    cause_fixture_add_trace (w, 10, "f", "y", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 11, "f", "m", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 12, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 3 }, 1, 10, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpstr (rc->origin_op_type, ==, "Mul");
  g_assert_cmpint (input (rc, 0)->unrecorded, ==, TDBG_UNRECORDED_OTHER_TASK);
  g_assert_cmpstr (input (rc, 0)->maker_task, ==, "/job:worker/replica:0/task:1");
  g_assert_cmpint (input (rc, 1)->unrecorded, ==, TDBG_UNRECORDED_NONE);
  text = test_run_cli (&status, "explain", dir, NULL);
  assert_has (text, "made on /job:worker/replica:0/task:1, whose records are not in the logdir");
  g_assert_null (strstr (text, "does not record"));
  json = test_run_cli (&status, "explain", "--json", dir, NULL);
  assert_has (json, "\"not_recorded_because\": \"other_task\"");
  test_remove_tree (dir);
}

/* Eager tensor ids are a process's own: with the Sub that made the Log's input dropped on the
 * chief (second file set), the worker's execution that made a tensor of the same id is not
 * its producer. */
static void
test_producer_on_own_host (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) worker = cause_fixture_writer_new (dir, "worker", 1, NULL);
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", 2, "f");
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Neg", "n", (const char *const[]) { "x:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "n:0", NULL });
    cause_fixture_add_execution (worker, 9, "Sub", NULL, CAUSE_FULL, NULL, 0, 3, cause_finite_with_zeros);
    cause_fixture_add_execution (w, 11, "Log", NULL, CAUSE_FULL, (gint64[]) { 3 }, 1, 4, cause_neg_infs);
    cause_fixture_add_trace (w, 12, "f", "n", CAUSE_FULL, cause_pos_infs);
    cause_fixture_add_execution (w, 15, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 4 }, 1, 6, cause_pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (tdbg_fixture_writer_flush (worker, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_execution, ==, 1);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_true (rc->inferred);
  g_assert_cmpuint (input (rc, 0)->execution, ==, TDBG_NONE);
  test_remove_tree (dir);
}

/* The first NaN/∞ is on the second host, whose own .graphs file holds its graph (TensorBoard
 * reads the first file set's only, the worker's here, which has no graphs): the trace leads
 * to its op, a Log, and from its traced input to the zero it took. */
static void
test_graph_on_second_host (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  g_autofree char *origin = NULL;
  {
    g_autoptr(TdbgFixtureWriter) worker = cause_fixture_writer_new (dir, "worker", 1, NULL);
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", 2, "f");
    cause_fixture_add_op (w, "f", "Placeholder", "u", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Log", "l", (const char *const[]) { "u:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "l:0", NULL });
    cause_fixture_add_trace (worker, 8, "f", "u", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 10, "f", "u", CAUSE_FULL, cause_finite_with_zeros);
    cause_fixture_add_trace (w, 11, "f", "l", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 12, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 1, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (tdbg_fixture_writer_flush (worker, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpstr (tdbg_logdir_get_file_set (logdir, 1)->host_name, ==, "chief");
  /* Traces: the worker's u (0), then the chief's u (1) and l (2). */
  g_assert_cmpuint (rc->origin_trace, ==, 2);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_false (rc->inferred);
  g_assert_cmpuint (input (rc, 0)->trace, ==, 1);
  g_assert_true (input (rc, 0)->culprit);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 1);
  origin = explain_origin (dir, "log_of_zero");
  assert_has (origin, "\"graph_execution_trace_index\": 2");
  assert_has (origin, "\"op_name\": \"l\"");
  assert_has (origin, "\"op_type\": \"Log\"");
  assert_has (origin, "\"graph_name\": \"f\"");
  test_remove_tree (dir);
}

/* ---- a variable written by an eager assignment ----------------------------------------------- */

/* An eager AssignVariableOp (handle 1, value 4; no output) of what an eager Log made (−∞) into
 * the variable that f reads (ReadVariableOp, the first bad trace): the walk goes from the read
 * through the assignment to the Log, past an eager read given the handle in between. With
 * @updated_after, an AssignAddVariableOp given the handle ran after the assignment: it may
 * have made the values itself, so the walk stops at the read, whose values came from outside
 * the recording; the eager Log wrote −∞ before that read, and is the origin all the same, found
 * from the first bad execution (the walk's only step). */
static void
check_variable_written_eagerly (gboolean updated_after)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    TdbgFixtureExecution assign = { .op_type = "AssignVariableOp", .mode = CAUSE_FULL,
                                    .n_inputs = 2, .input_ids = (gint64[]) { 1, 4 } };
    TdbgFixtureExecution add = { .op_type = "AssignAddVariableOp", .mode = CAUSE_FULL,
                                 .n_inputs = 2, .input_ids = (gint64[]) { 1, 3 } };
    cause_fixture_add_op (w, "f", "Placeholder", "h", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "ReadVariableOp", "r", (const char *const[]) { "h:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "r:0", NULL });
    cause_fixture_add_execution (w, 9, "VarHandleOp", NULL, CAUSE_FULL, NULL, 0, 1, cause_finite_positive);
    cause_fixture_add_execution (w, 10, "Sub", NULL, CAUSE_FULL, NULL, 0, 3, cause_finite_with_zeros);
    cause_fixture_add_execution (w, 11, "Log", NULL, CAUSE_FULL, (gint64[]) { 3 }, 1, 4, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_add_execution_full (w, 11.5, &assign, NULL));
    if (updated_after)
      g_assert_true (tdbg_fixture_writer_add_execution_full (w, 11.7, &add, NULL));
    cause_fixture_add_execution (w, 11.8, "ReadVariableOp", NULL, CAUSE_FULL, (gint64[]) { 1 }, 1, 5, cause_neg_infs);
    cause_fixture_add_trace (w, 12, "f", "r", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 15, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 1 }, 1, 6, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  if (updated_after)
    {
      g_assert_cmpuint (rc->walk->len, ==, 1);
      g_assert_cmpint (step (rc, 0)->link, ==, TDBG_LINK_FIRST);
      g_assert_cmpuint (rc->origin_trace, ==, TDBG_NONE);
      g_assert_cmpuint (rc->origin_execution, ==, 2);
      g_assert_cmpstr (rc->origin_op_type, ==, "Log");
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
    }
  else
    {
      g_assert_cmpuint (step (rc, 0)->trace, ==, 0);
      g_assert_cmpuint (rc->walk->len, ==, 2);
      g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_VARIABLE);
      g_assert_cmpstr (tdbg_walk_link_code (step (rc, 1)->link), ==, "variable");
      g_assert_cmpuint (rc->origin_execution, ==, 2);
      g_assert_cmpstr (rc->origin_op_type, ==, "Log");
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
      g_assert_true (input (rc, 0)->culprit);
    }
  test_remove_tree (dir);
}

static void test_variable_written_eagerly (void) { check_variable_written_eagerly (FALSE); }
static void test_variable_updated_after (void) { check_variable_written_eagerly (TRUE); }

/* ---- the step ---------------------------------------------------------------------------- */

/* The second call of f went bad. A function whose graph was made inside f (an optimizer's
 * slots initialised eagerly from f's first trace, as Keras's __inference_initialize_variables)
 * ran before the first call: it is not a call of f, and the step stays the second. */
static void
test_step_not_nested_function (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "init", "init", "f", NULL));
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Log", "l", (const char *const[]) { "x:0", NULL });
    cause_fixture_add_execution (w, 5, "__inference_initialize_variables_2", "init", CAUSE_FULL, NULL, 0, 1,
                                 cause_finite_positive);
    cause_fixture_add_trace (w, 10, "f", "x", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 10.5, "f", "l", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_execution (w, 11, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 2, cause_finite_positive);
    cause_fixture_add_trace (w, 20, "f", "x", CAUSE_FULL, cause_finite_with_zeros);
    cause_fixture_add_trace (w, 20.5, "f", "l", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 21, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 3, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 3);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpuint (rc->step_execution, ==, 2);
  g_assert_cmpuint (rc->step_call, ==, 2);
  test_remove_tree (dir);
}

/* A product in a loop's body overflowed in its third run of the second call: the card says
 * which run, and advises rescaling each iteration when the op is a tf.while_loop's (its scope
 * while/), not when a loop only calls the step (Keras's steps_per_execution). An op run once
 * in its call says nothing of runs. */
static void
check_loop_run (const char *name, guint runs)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  g_autofree char *input = g_strdup_printf ("%s:0", name);
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Mul", name, (const char *const[]) { "x:0", "x:0", NULL });
    cause_fixture_add_op (w, "f", "Sum", "s", (const char *const[]) { input, NULL });
    cause_fixture_add_trace (w, 10, "f", name, CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_execution (w, 11, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 2, cause_finite_positive);
    cause_fixture_add_trace (w, 20, "f", "x", CAUSE_FULL, cause_finite_positive);
    for (guint k = 1; k < runs; k++)
      cause_fixture_add_trace (w, 20 + 0.1 * k, "f", name, CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 21, "f", name, CAUSE_FULL, cause_pos_infs);
    cause_fixture_add_execution (w, 22, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 3, cause_pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpuint (rc->step_call, ==, 2);
  g_assert_cmpuint (rc->step_op_run, ==, runs > 1 ? runs : 0);
  g_assert_true ((strstr (rc->explanation, "it went bad in its run 3") != NULL) == (runs == 3));
  g_assert_true ((strstr (rc->hint, "each iteration of the loop") != NULL) ==
                 (runs > 1 && g_str_has_prefix (name, "while/")));
  test_remove_tree (dir);
}

static void
test_loop_run (void)
{
  check_loop_run ("while/mul", 3);
  check_loop_run ("mul", 3);
  check_loop_run ("while/mul", 1);
}

/* A nested graph's input, written first (an optimizer's cond branch under MirroredStrategy, by
 * another thread), leads forward in file order to a gradient's division; a forward division
 * between them went bad first on its own: it is explained, not the gradient's. Without it, the
 * walk's origin stays. */
static void
check_earlier_root (gboolean forward_bad)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "outer");
    cause_fixture_add_op (w, "outer", "Placeholder", "a", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "outer", "Placeholder", "b", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "outer", "RealDiv", "truediv", (const char *const[]) { "a:0", "b:0", NULL });
    cause_fixture_add_op (w, "outer", "RealDiv", "gradient_tape/truediv/RealDiv", (const char *const[]) { "a:0", "b:0", NULL });
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "inner", "inner", "outer", NULL));
    cause_fixture_add_op (w, "inner", "Placeholder", "p", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "inner", "Identity", "Identity", (const char *const[]) { "p:0", NULL });
    cause_fixture_add_op (w, "outer", "StatefulPartitionedCall", "call",
                          (const char *const[]) { "gradient_tape/truediv/RealDiv:0", NULL });
    cause_fixture_add_trace (w, 10, "outer", "a", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 11, "outer", "b", CAUSE_FULL, cause_finite_with_zeros);
    cause_fixture_add_trace (w, 12, "inner", "p", CAUSE_FULL, cause_nans);
    cause_fixture_add_trace (w, 13, "outer", "truediv", CAUSE_FULL, forward_bad ? cause_nans : cause_finite_positive);
    cause_fixture_add_trace (w, 14, "outer", "gradient_tape/truediv/RealDiv", CAUSE_FULL, cause_nans);
    cause_fixture_add_execution (w, 20, "__inference_outer_1", "outer", CAUSE_FULL, (gint64[]) { 1, 2 }, 2, 3, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpuint (rc->origin_trace, ==, forward_bad ? 3 : 4);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==,
                   forward_bad ? "truediv" : "gradient_tape/truediv/RealDiv");
  test_remove_tree (dir);
}

static void
test_earlier_root (void)
{
  check_earlier_root (TRUE);
  check_earlier_root (FALSE);
}

/* A circular buffer kept only the second call of f, whose first call already returned NaN/∞
 * (TensorFlow 2.21 records the eager context as f's outer graph, unnamed and without ops):
 * the logdir says traces were dropped, and where the kept trace's cause cannot be told (a
 * MatMul's NaN, its inputs dropped) the first call is the origin, in call 1, its cause untold
 * because the buffer dropped what came before it. */
static void
test_circular_dropped_first_call (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  TdbgCircularEvidence evidence;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, NULL);
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "ctx", "", NULL, NULL));
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "f", "f", "ctx", NULL));
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "MatMul", "m", (const char *const[]) { "x:0", "x:0", NULL });
    cause_fixture_add_execution (w, 5, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 7 }, 1, 8, cause_nans);
    cause_fixture_add_trace (w, 10, "f", "m", CAUSE_FULL, cause_nans);
    cause_fixture_add_execution (w, 11, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 9 }, 1, 10, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_true (tdbg_logdir_find_circular_evidence (logdir, &evidence));
  g_assert_cmpuint (rc->origin_execution, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_CIRCULAR_BUFFER);
  g_assert_nonnull (strstr (rc->hint, "circular_buffer_size"));
  g_assert_cmpuint (rc->step_call, ==, 1);
  test_remove_tree (dir);
}

/* Keras records its train and its test function under one name (multi_step_on_iterator): a
 * NaN/∞ in the one that computes no gradient is said to be evaluation's, not a training step's. */
static void
check_step_evaluates (gboolean in_test_function)
{
  const char *graph = in_test_function ? "test" : "train";
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, NULL);
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "train", "multi_step", NULL, NULL));
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "test", "multi_step", NULL, NULL));
    cause_fixture_add_op (w, "train", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "train", "Mul", "gradient_tape/l/Mul", (const char *const[]) { "x:0", "x:0", NULL });
    cause_fixture_add_op (w, graph, "Placeholder", "y", (const char *const[]) { NULL });
    cause_fixture_add_op (w, graph, "Log", "l", (const char *const[]) { "y:0", NULL });
    cause_fixture_add_trace (w, 10, graph, "y", CAUSE_FULL, cause_finite_with_zeros);
    cause_fixture_add_trace (w, 11, graph, "l", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_execution (w, 12, in_test_function ? "__inference_multi_step_2" : "__inference_multi_step_1",
                                 graph, CAUSE_FULL, NULL, 0, 3, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpuint (rc->step_call, ==, 1);
  g_assert_cmpint (rc->step_evaluates, ==, in_test_function);
  test_remove_tree (dir);
}

static void
test_step_evaluates (void)
{
  check_step_evaluates (TRUE);
  check_step_evaluates (FALSE);
}

/* An eager division made +∞ that a tf.function captured as a constant of its graph: the
 * eager op went bad first and is the origin. With no eager op gone bad, the constant stays. */
static void
check_captured_constant (gboolean eager_bad)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    cause_fixture_add_execution (w, 2, "Mul", NULL, CAUSE_FULL, NULL, 0, 1, cause_finite_with_zeros);
    cause_fixture_add_execution (w, 3, "RealDiv", NULL, CAUSE_FULL, (gint64[]) { 1 }, 1, 2,
                                 eager_bad ? cause_pos_infs : cause_finite_positive);
    cause_fixture_add_op (w, "f", "Const", "mul/y", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Mul", "mul", (const char *const[]) { "x:0", "mul/y:0", NULL });
    cause_fixture_add_trace (w, 10, "f", "mul/y", CAUSE_FULL, cause_pos_infs);
    cause_fixture_add_trace (w, 11, "f", "mul", CAUSE_FULL, cause_nans);
    cause_fixture_add_execution (w, 12, "__inference_f_1", "f", CAUSE_FULL, NULL, 0, 3, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  if (eager_bad)
    {
      g_assert_cmpuint (rc->origin_execution, ==, 1);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
    }
  else
    {
      g_assert_cmpuint (rc->origin_trace, ==, 0);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_CONSTANT);
    }
  test_remove_tree (dir);
}

static void
test_captured_constant (void)
{
  check_captured_constant (TRUE);
  check_captured_constant (FALSE);
}

/* ---- a nested graph fed by its outer graph ------------------------------------------------- */

static void
check_nested (CauseMode mode, gboolean inferred, gboolean as_cond)
{
  g_autofree char *dir = cause_fixture_write_nested (mode, as_cond);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_fixture_find (dir, &logdir);

  g_assert_cmpuint (rc->walk->len, ==, 2);
  g_assert_cmpuint (step (rc, 0)->trace, ==, 2);
  g_assert_cmpuint (step (rc, 1)->trace, ==, 3);
  g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_OUTER_GRAPH);
  g_assert_cmpuint (rc->origin_trace, ==, 3);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==, "d");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpuint (rc->inputs->len, ==, 2);
  g_assert_cmpstr (input (rc, 0)->op_name, ==, "a");
  g_assert_cmpuint (input (rc, 0)->trace, ==, 0);
  g_assert_cmpstr (input (rc, 1)->op_name, ==, "b");
  g_assert_cmpuint (input (rc, 1)->trace, ==, 1);
  g_assert_cmpint (rc->evidence_input, ==, 1);
  g_assert_cmpint (rc->inferred, ==, inferred);
  g_assert_nonnull (strstr (rc->explanation, "nested graph"));
  /* p and e: every bad trace but the origin. */
  g_assert_cmpuint (rc->spread_traces, ==, 2);
  g_assert_cmpuint (rc->step_call, ==, 1);
  test_remove_tree (dir);
}

static void test_nested_full_health (void) { check_nested (CAUSE_FULL, FALSE, FALSE); }
static void test_nested_cond (void) { check_nested (CAUSE_FULL, FALSE, TRUE); }
static void test_nested_full_tensor (void) { check_nested (CAUSE_TENSOR, FALSE, FALSE); }
static void test_nested_concise_health (void) { check_nested (CAUSE_CONCISE, TRUE, FALSE); }
static void test_nested_curt_health (void) { check_nested (CAUSE_CURT, TRUE, FALSE); }

/* ---- a function run on another host -------------------------------------------------------- */

/* g (first file set) is called last with the output of call @bad of f, called @n times; f's
 * traces are in a worker's file set, after g's in file order, its Log bad in that call only:
 * g's placeholder is the first bad trace, f's Log in call @bad the origin, found among the @n
 * by the call's time. Returns the reads the walk made. */
static guint
check_many_calls (guint n, guint bad)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgSource) local = NULL;
  g_autoptr(GatedSource) counted = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  guint loaded;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "chief", 1, "f");
    g_autoptr(TdbgFixtureWriter) worker = cause_fixture_writer_new (dir, "worker", 2, NULL);

    cause_fixture_add_op (w, "f", "Placeholder", "u", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Log", "l", (const char *const[]) { "u:0", NULL });
    cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "l:0", NULL });
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "g", "g", NULL, NULL));
    cause_fixture_add_op (w, "g", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "g", "Neg", "n", (const char *const[]) { "x:0", NULL });
    for (guint k = 0; k < n; k++)
      {
        const double *counts = k == bad ? cause_neg_infs : cause_finite_positive;
        cause_fixture_add_trace (worker, 10 + 4 * k, "f", "u", CAUSE_FULL, cause_finite_with_zeros);
        cause_fixture_add_trace (worker, 11 + 4 * k, "f", "l", CAUSE_FULL, counts);
        cause_fixture_add_execution (w, 12 + 4 * k, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 1 }, 1,
                                     100 + k, counts);
      }
    cause_fixture_add_trace (w, 13 + 4 * n, "g", "x", CAUSE_FULL, cause_neg_infs);
    cause_fixture_add_trace (w, 14 + 4 * n, "g", "n", CAUSE_FULL, cause_pos_infs);
    cause_fixture_add_execution (w, 15 + 4 * n, "__inference_g_2", "g", CAUSE_FULL, (gint64[]) { 100 + bad }, 1,
                                 100 + n, cause_pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (tdbg_fixture_writer_flush (worker, NULL));
  }
  local = tdbg_local_source_new (dir);
  counted = gated_source_new (local, NULL);
  logdir = tdbg_logdir_new (TDBG_SOURCE (counted));
  g_assert_true (tdbg_logdir_load (logdir, NULL, NULL));
  loaded = gated_source_get_n_reads (counted);
  rc = tdbg_root_cause_find (logdir);
  /* Traces: x 0, n 1 (chief), then u and l of each call (worker). */
  g_assert_cmpuint (rc->walk->len, ==, 3);
  g_assert_cmpuint (step (rc, 0)->trace, ==, 0);
  g_assert_cmpuint (step (rc, 1)->execution, ==, bad);
  g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_FUNCTION_INPUT);
  g_assert_cmpuint (step (rc, 2)->trace, ==, 3 + 2 * bad);
  g_assert_cmpint (step (rc, 2)->link, ==, TDBG_LINK_FUNCTION_OUTPUT);
  g_assert_cmpuint (rc->origin_trace, ==, 3 + 2 * bad);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpuint (input (rc, 0)->trace, ==, 2 + 2 * bad);
  g_assert_cmpfloat (rc->evidence_count, ==, 2);
  test_remove_tree (dir);
  return gated_source_get_n_reads (counted) - loaded;
}

static void
test_function_on_other_host (void)
{
  check_many_calls (1, 0);
}

/* Log's trace of the call is found by bisection: a few record reads (each a round trip over
 * SSH), not one per call. */
static void
test_function_called_often (void)
{
  guint few = check_many_calls (2, 1), many = check_many_calls (512, 511);

  /* Bisection: log2(512) = 9 more probes of Log's traces, a record read each (header and
   * payload: two reads of the source at most), where reading every trace made 1,000 more. */
  g_test_message ("%u reads after 2 calls, %u after 512", few, many);
  g_assert_cmpuint (many, <=, few + 2 * 9);
  check_many_calls (40, 0);
  check_many_calls (41, 17);
  check_many_calls (1, 0);
}

/* ---- where the walk must stop -------------------------------------------------------------- */

/* A circular buffer whose first kept trace is a function's bad placeholder: the eager op that
 * made the call's input was dropped (@producer FALSE) or was itself finite. */
static void
check_bad_at_start (gboolean producer)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Exp", "e", (const char *const[]) { "x:0", NULL });
    if (producer)
      cause_fixture_add_execution (w, 9, "Add", NULL, CAUSE_FULL, (gint64[]) { 1, 2 }, 2, 7, cause_finite_positive);
    cause_fixture_add_trace (w, 10, "f", "x", CAUSE_FULL, cause_nans);
    cause_fixture_add_trace (w, 11, "f", "e", CAUSE_FULL, cause_nans);
    cause_fixture_add_execution (w, 12, "__inference_f_1", "f", CAUSE_FULL, (gint64[]) { 7 }, 1, 8, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->walk->len, ==, 1);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_cmpuint (rc->inputs->len, ==, 0);
  g_assert_nonnull (strstr (rc->hint, "check_numerics"));
  test_remove_tree (dir);
}

static void test_bad_at_start_dropped (void) { check_bad_at_start (FALSE); }
static void test_bad_at_start_finite_feed (void) { check_bad_at_start (TRUE); }

/* The ops of a graph run side by side: a producer's trace of one call may come after its
 * consumer's (tf.data's parallel map writes them so). The gather's NaN is first in the file,
 * but its feed's trace of that call, the next record, already held it; the feed traced before
 * the gather's previous trace is an earlier call's, not taken for this call's. With
 * @in_order, each call's feed comes first: the feed traced before the gather is this call's,
 * finite, and the gather is the origin even though the next call's feed (before the gather's
 * next trace) holds NaN. (A run whose every call writes the consumer first is not told from
 * one whose calls write the producer first: that needs every trace before counted.) */
static void
check_producer_traced_after (gboolean in_order)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "map");
    cause_fixture_add_op (w, "map", "Placeholder", "feed", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "map", "GatherV2", "gather", (const char *const[]) { "feed:0", NULL });
    if (in_order)
      {
        cause_fixture_add_trace (w, 10, "map", "feed", CAUSE_FULL, cause_finite_positive); /* 0 */
        cause_fixture_add_trace (w, 11, "map", "gather", CAUSE_FULL, cause_finite_positive);
        cause_fixture_add_trace (w, 12, "map", "feed", CAUSE_FULL, cause_finite_positive); /* 2 */
        cause_fixture_add_trace (w, 13, "map", "gather", CAUSE_FULL, cause_nans);          /* 3 */
        cause_fixture_add_trace (w, 14, "map", "feed", CAUSE_FULL, cause_nans);            /* 4 */
        cause_fixture_add_trace (w, 15, "map", "gather", CAUSE_FULL, cause_nans);
      }
    else
      {
        cause_fixture_add_trace (w, 10, "map", "feed", CAUSE_FULL, cause_finite_positive); /* 0 */
        cause_fixture_add_trace (w, 11, "map", "gather", CAUSE_FULL, cause_finite_positive);
        cause_fixture_add_trace (w, 12, "map", "gather", CAUSE_FULL, cause_nans);          /* 2 */
        cause_fixture_add_trace (w, 13, "map", "feed", CAUSE_FULL, cause_nans);            /* 3 */
        cause_fixture_add_trace (w, 14, "map", "feed", CAUSE_FULL, cause_nans);
        cause_fixture_add_trace (w, 15, "map", "gather", CAUSE_FULL, cause_nans);
      }
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  if (in_order)
    {
      g_assert_cmpuint (rc->walk->len, ==, 1);
      g_assert_cmpuint (rc->origin_trace, ==, 3);
      g_assert_cmpuint (rc->inputs->len, ==, 1);
      g_assert_cmpuint (input (rc, 0)->trace, ==, 2);
      g_assert_false (input (rc, 0)->bad);
    }
  else
    {
      g_assert_cmpuint (rc->walk->len, ==, 2);
      g_assert_cmpuint (step (rc, 0)->trace, ==, 2);
      g_assert_cmpuint (step (rc, 1)->trace, ==, 3);
      g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_INPUT);
      g_assert_cmpuint (rc->origin_trace, ==, 3);
      g_assert_cmpstr (rc->origin_op_type, ==, "Placeholder");
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
    }
  test_remove_tree (dir);
}

static void test_producer_traced_after (void) { check_producer_traced_after (FALSE); }
static void test_producer_traced_before (void) { check_producer_traced_after (TRUE); }

/* A trace of an op whose creation record is missing: its inputs are unknown, not absent. */
static void
test_op_without_creation (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    cause_fixture_add_trace (w, 10, "f", "ghost", CAUSE_FULL, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpuint (rc->walk->len, ==, 1);
  test_remove_tree (dir);
}

/* Mul(x, w) gave +∞ with w recorded finite: an overflow, but one told only when x was recorded
 * finite too. x a function argument TensorFlow does not trace may have carried the ∞, so the
 * overflow is then inferred, the sentence says so, and the limitation names x. */
static void
check_overflow_with_input (gboolean x_recorded)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");
    cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Identity", "w", (const char *const[]) { NULL });
    cause_fixture_add_op (w, "f", "Mul", "m", (const char *const[]) { "x:0", "w:0", NULL });
    if (x_recorded)
      cause_fixture_add_trace (w, 9, "f", "x", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 10, "f", "w", CAUSE_FULL, cause_finite_positive);
    cause_fixture_add_trace (w, 11, "f", "m", CAUSE_FULL, cause_pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpstr (rc->origin_op_type, ==, "Mul");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (rc->inferred, ==, !x_recorded);
  if (x_recorded)
    {
      assert_has (rc->explanation, "from finite inputs");
      g_assert_null (rc->limitation);
    }
  else
    {
      g_assert_null (strstr (rc->explanation, "from finite inputs"));
      assert_has (rc->explanation, "unless an input not recorded already held NaN/∞");
      g_assert_nonnull (rc->limitation);
      assert_has (rc->limitation, "The input x ");
      assert_has (rc->limitation, "inferred");
    }
  test_remove_tree (dir);
}

static void test_overflow_inputs_recorded (void) { check_overflow_with_input (TRUE); }
static void test_overflow_input_not_recorded (void) { check_overflow_with_input (FALSE); }

/* NO_TENSOR records no values: nothing is bad, nothing is walked. */
static void
test_no_tensor_cannot_tell (void)
{
  g_autofree char *dir = cause_fixture_write_nested (CAUSE_NO_TENSOR, FALSE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_fixture_find (dir, &logdir);

  cause_fixture_assert_nothing_bad (rc);
  /* …which that mode could not have seen: it says so rather than "no NaN". */
  g_assert_nonnull (rc->limitation);
  g_assert_nonnull (strstr (rc->explanation, "NO_TENSOR records nothing of NaN or ∞"));
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/root-cause-walk/loop-run", test_loop_run);
  g_test_add_func ("/root-cause-walk/earlier-root", test_earlier_root);
  g_test_add_func ("/root-cause-walk/step-evaluates", test_step_evaluates);
  g_test_add_func ("/root-cause-walk/captured-constant", test_captured_constant);
  g_test_add_func ("/root-cause-walk/circular-dropped-first-call", test_circular_dropped_first_call);
  g_test_add_func ("/root-cause-walk/step-not-nested-function", test_step_not_nested_function);
  g_test_add_func ("/root-cause-walk/eager/full-health", test_eager_full_health);
  g_test_add_func ("/root-cause-walk/eager/full-tensor", test_eager_full_tensor);
  g_test_add_func ("/root-cause-walk/eager/concise-health", test_eager_concise_health);
  g_test_add_func ("/root-cause-walk/eager/curt-health", test_eager_curt_health);
  g_test_add_func ("/root-cause-walk/eager/into-untraced-argument", test_eager_into_untraced_argument);
  g_test_add_func ("/root-cause-walk/eager/into-untraced-argument-other-host", test_eager_into_untraced_argument_other_host);
  g_test_add_func ("/root-cause-walk/eager/into-untraced-argument-chief-second",
                   test_eager_into_untraced_argument_chief_second);
  g_test_add_func ("/root-cause-walk/eager/inputs-not-recorded", test_eager_inputs_not_recorded);
  g_test_add_func ("/root-cause-walk/nested/full-health", test_nested_full_health);
  g_test_add_func ("/root-cause-walk/nested/full-tensor", test_nested_full_tensor);
  g_test_add_func ("/root-cause-walk/nested/cond", test_nested_cond);
  g_test_add_func ("/root-cause-walk/nested/concise-health", test_nested_concise_health);
  g_test_add_func ("/root-cause-walk/nested/curt-health", test_nested_curt_health);
  g_test_add_func ("/root-cause-walk/other-host", test_function_on_other_host);
  g_test_add_func ("/root-cause-walk/other-host/called-often", test_function_called_often);
  g_test_add_func ("/root-cause-walk/other-host/graph-on-second-host", test_graph_on_second_host);
  g_test_add_func ("/root-cause-walk/other-host/producer-on-own-host", test_producer_on_own_host);
  g_test_add_func ("/root-cause-walk/other-host/op-on-worker-inside-function", test_op_on_worker_inside_function);
  g_test_add_func ("/root-cause-walk/other-host/op-on-worker-not-in-logdir", test_op_on_worker_not_in_logdir);
  g_test_add_func ("/root-cause-walk/bad-at-start/dropped", test_bad_at_start_dropped);
  g_test_add_func ("/root-cause-walk/overflow/inputs-recorded", test_overflow_inputs_recorded);
  g_test_add_func ("/root-cause-walk/overflow/input-not-recorded", test_overflow_input_not_recorded);
  g_test_add_func ("/root-cause-walk/bad-at-start/finite-feed", test_bad_at_start_finite_feed);
  g_test_add_func ("/root-cause-walk/producer-traced/after", test_producer_traced_after);
  g_test_add_func ("/root-cause-walk/producer-traced/before", test_producer_traced_before);
  g_test_add_func ("/root-cause-walk/op-without-creation", test_op_without_creation);
  g_test_add_func ("/root-cause-walk/no-tensor", test_no_tensor_cannot_tell);
  g_test_add_func ("/root-cause-walk/variable/written-eagerly", test_variable_written_eagerly);
  g_test_add_func ("/root-cause-walk/variable/updated-after", test_variable_updated_after);
  return g_test_run ();
}
