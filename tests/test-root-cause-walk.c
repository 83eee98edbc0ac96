/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The walk back from the first bad trace to where the bad values first appeared, on logdirs
 * written by the fixture writer for the cases the shared logdirs lack: an eager op feeding a
 * tf.function, a nested graph fed by its outer graph, a function run on another host, a
 * circular buffer that starts with bad values or dropped the inputs; in every debug mode. */

#include <math.h>
#include <glib.h>
#include <string.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-root-cause.h"
#include "test-util.h"

typedef Tensorflow__TensorDebugMode Mode;
#define CURT TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH
#define CONCISE TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH
#define FULL TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH
#define TENSOR TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR
#define NO_TENSOR TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR

/* Element counts: −∞, +∞, NaN, negative, zero, positive. */
typedef double Counts[6];
static const Counts finite_with_zeros = { 0, 0, 0, 0, 2, 2 };
static const Counts finite_positive = { 0, 0, 0, 0, 0, 4 };
static const Counts neg_infs = { 2, 0, 0, 0, 0, 2 };
static const Counts nans = { 0, 0, 4, 0, 0, 0 };
static const Counts pos_infs = { 0, 4, 0, 0, 0, 0 };

/* What @mode records of a float32 tensor with these counts (tensor id -1: eager). */
static Tensorflow__TensorProto *
value (Mode mode, double tensor_id, const Counts c)
{
  double size = c[0] + c[1] + c[2] + c[3] + c[4] + c[5];
  switch ((gint) mode)
    {
    case CURT:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, c[0] + c[1] + c[2] > 0 }, 2);
    case CONCISE:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, size, c[0], c[1], c[2] }, 5);
    case FULL:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, -1, 1, 1, size, c[0], c[1], c[2], c[3], c[4], c[5] }, 11);
    case TENSOR:
      {
        const float kinds[6] = { -INFINITY, INFINITY, NAN, -1.5f, 0.0f, 2.5f };
        float elements[16];
        guint n = 0;
        for (guint k = 0; k < 6; k++)
          for (guint i = 0; i < (guint) c[k] && n < G_N_ELEMENTS (elements); i++)
            elements[n++] = kinds[k];
        return tdbg_fixture_content_tensor (1, (gint64[]) { n }, 1, elements, n * sizeof (float));
      }
    default:
      return NULL;
    }
}

static void
add_trace (TdbgFixtureWriter *w, double time, const char *graph, const char *op, Mode mode, const Counts c)
{
  Tensorflow__TensorProto *t = value (mode, time, c);
  g_assert_true (tdbg_fixture_writer_add_trace (w, time, graph, op, 0, mode, t, "/device:CPU:0", NULL));
  if (t)
    tdbg_fixture_tensor_free (t);
}

static void
add_op (TdbgFixtureWriter *w, const char *graph, const char *type, const char *name, const char *const *inputs)
{
  static gint32 next_id = 100;
  gint32 ids[1] = { next_id++ };
  g_assert_true (tdbg_fixture_writer_add_op (w, 1, graph, graph, type, name, inputs, ids, 1, NULL, NULL));
}

/* An eager execution of @op_type (a function call when @graph is set) with one output. */
static void
add_execution (TdbgFixtureWriter *w, double time, const char *op_type, const char *graph, Mode mode,
               const gint64 *inputs, guint n_inputs, gint64 output, const Counts c)
{
  Tensorflow__TensorProto *t = value (mode, -1, c);
  TdbgFixtureExecution e = {
    .op_type = op_type, .graph_id = graph, .mode = mode, .n_outputs = 1, .output_ids = &output,
    .n_inputs = n_inputs, .input_ids = inputs, .n_tensor_protos = t ? 1 : 0,
    .tensor_protos = (Tensorflow__TensorProto *const[]) { t },
  };
  g_assert_true (tdbg_fixture_writer_add_execution_full (w, time, &e, NULL));
  if (t)
    tdbg_fixture_tensor_free (t);
}

static TdbgRootCause *
find_in (const char *dir, TdbgLogdir **logdir_out)
{
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, NULL));
  TdbgRootCause *rc = tdbg_root_cause_find (logdir);
  *logdir_out = g_steal_pointer (&logdir);
  return rc;
}

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

/* Eager: Sub (execution 0, zeros) → Log (execution 1, −∞); then f(Sub's, Log's output) whose
 * placeholder y is the first bad trace. With @drop_sub, the Sub execution was dropped. */
static char *
write_eager_into_function (Mode mode, gboolean drop_sub)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);

  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "f", "f", NULL, NULL));
  add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
  add_op (w, "f", "Placeholder", "y", (const char *const[]) { NULL });
  add_op (w, "f", "Mul", "m", (const char *const[]) { "x:0", "y:0", NULL });
  add_op (w, "f", "Identity", "Identity", (const char *const[]) { "m:0", NULL });
  if (!drop_sub)
    add_execution (w, 10, "Sub", NULL, mode, (gint64[]) { 1, 2 }, 2, 3, finite_with_zeros);
  add_execution (w, 11, "Log", NULL, mode, (gint64[]) { 3 }, 1, 4, neg_infs);
  add_trace (w, 12, "f", "x", mode, finite_positive);
  add_trace (w, 13, "f", "y", mode, neg_infs);
  add_trace (w, 14, "f", "m", mode, neg_infs);
  add_execution (w, 15, "__inference_f_1", "f", mode, (gint64[]) { 5, 4 }, 2, 6, neg_infs);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}

static void
check_eager_into_function (Mode mode, gboolean inferred)
{
  g_autofree char *dir = write_eager_into_function (mode, FALSE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = find_in (dir, &logdir);

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

static void test_eager_full_health (void) { check_eager_into_function (FULL, FALSE); }
static void test_eager_full_tensor (void) { check_eager_into_function (TENSOR, FALSE); }
static void test_eager_concise_health (void) { check_eager_into_function (CONCISE, TRUE); }
static void test_eager_curt_health (void) { check_eager_into_function (CURT, TRUE); }

/* The eager op that made the bad values is known, the ones before it were dropped. */
static void
test_eager_inputs_not_recorded (void)
{
  g_autofree char *dir = write_eager_into_function (FULL, TRUE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = find_in (dir, &logdir);

  g_assert_cmpuint (rc->origin_execution, ==, 0);
  g_assert_cmpstr (rc->origin_op_type, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpuint (input (rc, 0)->execution, ==, TDBG_NONE);
  g_assert_nonnull (strstr (rc->hint, "circular_buffer_size"));
  test_remove_tree (dir);
}

/* ---- a nested graph fed by its outer graph ------------------------------------------------- */

/* outer: a, b → RealDiv d → Identity i → call(inner); inner: p → Exp e. The inner placeholder's
 * trace comes before d's (they ran side by side), so it is the first bad trace. */
static char *
write_nested (Mode mode)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);

  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "outer", "outer", NULL, NULL));
  add_op (w, "outer", "Placeholder", "a", (const char *const[]) { NULL });
  add_op (w, "outer", "Placeholder", "b", (const char *const[]) { NULL });
  add_op (w, "outer", "RealDiv", "d", (const char *const[]) { "a:0", "b:0", NULL });
  add_op (w, "outer", "Identity", "i", (const char *const[]) { "d:0", NULL });
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "inner", "inner", "outer", NULL));
  add_op (w, "inner", "Placeholder", "p", (const char *const[]) { NULL });
  add_op (w, "inner", "Exp", "e", (const char *const[]) { "p:0", NULL });
  add_op (w, "inner", "Identity", "Identity", (const char *const[]) { "e:0", NULL });
  add_op (w, "outer", "StatefulPartitionedCall", "call", (const char *const[]) { "i:0", NULL });
  add_trace (w, 10, "outer", "a", mode, finite_positive);
  add_trace (w, 11, "outer", "b", mode, finite_with_zeros);
  add_trace (w, 12, "inner", "p", mode, nans);
  add_trace (w, 13, "outer", "d", mode, nans);
  add_trace (w, 14, "inner", "e", mode, nans);
  add_execution (w, 20, "__inference_outer_1", "outer", mode, (gint64[]) { 1, 2 }, 2, 3, nans);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}

static void
check_nested (Mode mode, gboolean inferred)
{
  g_autofree char *dir = write_nested (mode);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = find_in (dir, &logdir);

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

static void test_nested_full_health (void) { check_nested (FULL, FALSE); }
static void test_nested_full_tensor (void) { check_nested (TENSOR, FALSE); }
static void test_nested_concise_health (void) { check_nested (CONCISE, TRUE); }
static void test_nested_curt_health (void) { check_nested (CURT, TRUE); }

/* ---- a function run on another host -------------------------------------------------------- */

/* g (first file set) is called with the output of f, whose traces are in a worker's file set,
 * after g's in file order: g's placeholder is the first bad trace, f's Log the origin. */
static void
test_function_on_other_host (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "chief", 1, 1, "run", "2.17.0", NULL);
    g_autoptr(TdbgFixtureWriter) worker = tdbg_fixture_writer_new (dir, "worker", 2, 2, "run", "2.17.0", NULL);

    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "f", "f", NULL, NULL));
    add_op (w, "f", "Placeholder", "u", (const char *const[]) { NULL });
    add_op (w, "f", "Log", "l", (const char *const[]) { "u:0", NULL });
    add_op (w, "f", "Identity", "Identity", (const char *const[]) { "l:0", NULL });
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "g", "g", NULL, NULL));
    add_op (w, "g", "Placeholder", "x", (const char *const[]) { NULL });
    add_op (w, "g", "Neg", "n", (const char *const[]) { "x:0", NULL });
    add_trace (worker, 10, "f", "u", FULL, finite_with_zeros);
    add_trace (worker, 11, "f", "l", FULL, neg_infs);
    add_execution (w, 12, "__inference_f_1", "f", FULL, (gint64[]) { 1 }, 1, 2, neg_infs);
    add_trace (w, 13, "g", "x", FULL, neg_infs);
    add_trace (w, 14, "g", "n", FULL, pos_infs);
    add_execution (w, 15, "__inference_g_2", "g", FULL, (gint64[]) { 2 }, 1, 3, pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
    g_assert_true (tdbg_fixture_writer_flush (worker, NULL));
  }
  rc = find_in (dir, &logdir);
  /* Traces: x 0, n 1 (chief), u 2, l 3 (worker). */
  g_assert_cmpuint (rc->walk->len, ==, 3);
  g_assert_cmpuint (step (rc, 0)->trace, ==, 0);
  g_assert_cmpuint (step (rc, 1)->execution, ==, 0);
  g_assert_cmpint (step (rc, 1)->link, ==, TDBG_LINK_FUNCTION_INPUT);
  g_assert_cmpuint (step (rc, 2)->trace, ==, 3);
  g_assert_cmpint (step (rc, 2)->link, ==, TDBG_LINK_FUNCTION_OUTPUT);
  g_assert_cmpuint (rc->origin_trace, ==, 3);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpuint (input (rc, 0)->trace, ==, 2);
  g_assert_cmpfloat (rc->evidence_count, ==, 2);
  test_remove_tree (dir);
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
    g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "f", "f", NULL, NULL));
    add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
    add_op (w, "f", "Exp", "e", (const char *const[]) { "x:0", NULL });
    if (producer)
      add_execution (w, 9, "Add", NULL, FULL, (gint64[]) { 1, 2 }, 2, 7, finite_positive);
    add_trace (w, 10, "f", "x", FULL, nans);
    add_trace (w, 11, "f", "e", FULL, nans);
    add_execution (w, 12, "__inference_f_1", "f", FULL, (gint64[]) { 7 }, 1, 8, nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = find_in (dir, &logdir);
  g_assert_cmpuint (rc->walk->len, ==, 1);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_cmpuint (rc->inputs->len, ==, 0);
  g_assert_nonnull (strstr (rc->hint, "check_numerics"));
  test_remove_tree (dir);
}

static void test_bad_at_start_dropped (void) { check_bad_at_start (FALSE); }
static void test_bad_at_start_finite_feed (void) { check_bad_at_start (TRUE); }

/* NO_TENSOR records no values: nothing is bad, nothing is walked. */
static void
test_no_tensor_cannot_tell (void)
{
  g_autofree char *dir = write_nested (NO_TENSOR);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = find_in (dir, &logdir);

  g_assert_cmpuint (rc->origin_trace, ==, TDBG_NONE);
  g_assert_cmpuint (rc->origin_execution, ==, TDBG_NONE);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONE);
  g_assert_cmpuint (rc->walk->len, ==, 0);
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/root-cause-walk/eager/full-health", test_eager_full_health);
  g_test_add_func ("/root-cause-walk/eager/full-tensor", test_eager_full_tensor);
  g_test_add_func ("/root-cause-walk/eager/concise-health", test_eager_concise_health);
  g_test_add_func ("/root-cause-walk/eager/curt-health", test_eager_curt_health);
  g_test_add_func ("/root-cause-walk/eager/inputs-not-recorded", test_eager_inputs_not_recorded);
  g_test_add_func ("/root-cause-walk/nested/full-health", test_nested_full_health);
  g_test_add_func ("/root-cause-walk/nested/full-tensor", test_nested_full_tensor);
  g_test_add_func ("/root-cause-walk/nested/concise-health", test_nested_concise_health);
  g_test_add_func ("/root-cause-walk/nested/curt-health", test_nested_curt_health);
  g_test_add_func ("/root-cause-walk/other-host", test_function_on_other_host);
  g_test_add_func ("/root-cause-walk/bad-at-start/dropped", test_bad_at_start_dropped);
  g_test_add_func ("/root-cause-walk/bad-at-start/finite-feed", test_bad_at_start_finite_feed);
  g_test_add_func ("/root-cause-walk/no-tensor", test_no_tensor_cannot_tell);
  return g_test_run ();
}
