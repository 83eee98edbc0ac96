/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The root cause of the first NaN/∞: the rule table per op family, and whole logdirs written
 * by the fixture writer in each health mode, including those that cannot show the evidence. */

#include <math.h>
#include <glib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-root-cause.h"
#include "cause-fixtures.h"
#include "test-env.h"
#include "test-util.h"

static void
test_families (void)
{
  g_assert_cmpstr (tdbg_root_cause_family_of ("Log"), ==, "log");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Sqrt"), ==, "sqrt");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Rsqrt"), ==, "rsqrt");
  for (const char *const *t = (const char *const[]) { "Div", "RealDiv", "FloorDiv", "TruncateDiv", "Xdivy", "FloorMod", NULL }; *t; t++)
    g_assert_cmpstr (tdbg_root_cause_family_of (*t), ==, "division");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Reciprocal"), ==, "reciprocal");
  for (const char *const *t = (const char *const[]) { "MatMul", "Exp", "Square", "Mul", "Logistic", "LogSoftmax", NULL }; *t; t++)
    g_assert_cmpstr (tdbg_root_cause_family_of (*t), ==, "other");
  /* A prefix or suffix of a listed type is another op. */
  g_assert_cmpstr (tdbg_root_cause_family_of ("Lo"), ==, "other");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Log1p"), ==, "other");
  g_assert_cmpstr (tdbg_root_cause_family_of (NULL), ==, "other");
}

static void
test_rule_table (void)
{
  /* Output counts known (FULL_HEALTH, CONCISE_HEALTH, FULL_TENSOR). */
  g_assert_cmpint (tdbg_root_cause_decide ("Log", 1, 0, 0, NAN, NAN), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Log", 0, 0, 3, NAN, NAN), ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_cmpint (tdbg_root_cause_decide ("Sqrt", 0, 0, 2, NAN, NAN), ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpint (tdbg_root_cause_decide ("Rsqrt", 0, 4, 0, NAN, NAN), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Rsqrt", 0, 0, 4, NAN, NAN), ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpint (tdbg_root_cause_decide ("RealDiv", 0, 0, 32, NAN, NAN), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Div", 0, 5, 0, NAN, NAN), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Reciprocal", 1, 0, 0, NAN, NAN), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Exp", 0, 8, 0, NAN, NAN), ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (tdbg_root_cause_decide ("MatMul", 0, 0, 12, NAN, NAN), ==, TDBG_CAUSE_OVERFLOW);
  /* CURT_HEALTH: the kind is unknown; the input's counts, where some mode recorded them, pick. */
  g_assert_cmpint (tdbg_root_cause_decide ("Log", NAN, NAN, NAN, 2, 0), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Log", NAN, NAN, NAN, 0, 2), ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_cmpint (tdbg_root_cause_decide ("Rsqrt", NAN, NAN, NAN, 1, 0), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  /* Nothing recorded at all: the row's default for the op. */
  g_assert_cmpint (tdbg_root_cause_decide ("Log", NAN, NAN, NAN, NAN, NAN), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (tdbg_root_cause_decide ("Sqrt", NAN, NAN, NAN, NAN, NAN), ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpint (tdbg_root_cause_decide ("Square", NAN, NAN, NAN, NAN, NAN), ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpstr (tdbg_cause_code (TDBG_CAUSE_DIVISION_BY_ZERO), ==, "division_by_zero");
  g_assert_cmpstr (tdbg_cause_code (TDBG_CAUSE_NONFINITE_INPUT), ==, "nonfinite_input");
}

/* ---- whole logdirs ------------------------------------------------------------------------ */

#define GRAPH "g-1"

/* A health summary of 4 float32 elements in @mode: -inf, +inf, NaN, negative, zero, positive. */
static Tensorflow__TensorProto *
summary (Tensorflow__TensorDebugMode mode, gint tensor_id, const double counts[6])
{
  double size = counts[0] + counts[1] + counts[2] + counts[3] + counts[4] + counts[5];
  switch (mode)
    {
    case TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, counts[0] + counts[1] + counts[2] > 0 }, 2);
    case TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, size, counts[0], counts[1], counts[2] }, 5);
    default:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, -1, 1, 1, size, counts[0], counts[1], counts[2],
                                                       counts[3], counts[4], counts[5] }, 11);
    }
}

static void
add_trace (TdbgFixtureWriter *w, double time, const char *op, Tensorflow__TensorDebugMode mode, const double counts[6])
{
  Tensorflow__TensorProto *t = summary (mode, (gint) time, counts);
  g_assert_true (tdbg_fixture_writer_add_trace (w, time, GRAPH, op, 0, mode, t, "/device:CPU:0", NULL));
  tdbg_fixture_tensor_free (t);
}

static void
add_op (TdbgFixtureWriter *w, const char *type, const char *name, const char *const *inputs)
{
  gint32 ids[1] = { 0 };
  g_assert_true (tdbg_fixture_writer_add_op (w, 1, GRAPH, "f", type, name, inputs, ids, 1, NULL, NULL));
}

static const double finite_with_zero[6] = { 0, 0, 0, 1, 2, 1 };
static const double finite_positive[6] = { 0, 0, 0, 0, 0, 4 };
static const double all_nan[6] = { 0, 0, 4, 0, 0, 0 };

/* x and y placeholders traced finite (y holds zeros), then RealDiv(x, y) traced NaN. */
static char *
write_division (Tensorflow__TensorDebugMode mode)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);

  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, GRAPH, "f", NULL, NULL));
  add_op (w, "Placeholder", "x", (const char *const[]) { NULL });
  add_op (w, "Placeholder", "y", (const char *const[]) { NULL });
  add_op (w, "RealDiv", "div", (const char *const[]) { "x:0", "y:0", NULL });
  add_op (w, "Neg", "neg", (const char *const[]) { "div:0", NULL });
  add_trace (w, 10, "x", mode, finite_positive);
  add_trace (w, 11, "y", mode, finite_with_zero);
  add_trace (w, 12, "div", mode, all_nan);
  add_trace (w, 13, "neg", mode, all_nan);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}

static void
check_division (Tensorflow__TensorDebugMode mode, gboolean inferred)
{
  g_autofree char *dir = write_division (mode);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_fixture_find (dir, &logdir);
  const TdbgCauseInput *denominator;

  g_assert_cmpuint (rc->origin_trace, ==, 2);
  g_assert_cmpstr (rc->origin_op_type, ==, "RealDiv");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpstr (rc->family, ==, "division");
  g_assert_cmpuint (rc->inputs->len, ==, 2);
  g_assert_cmpstr (g_array_index (rc->inputs, TdbgCauseInput, 0).op_name, ==, "x");
  g_assert_cmpuint (g_array_index (rc->inputs, TdbgCauseInput, 0).trace, ==, 0);
  denominator = &g_array_index (rc->inputs, TdbgCauseInput, 1);
  g_assert_cmpstr (denominator->op_name, ==, "y");
  g_assert_cmpuint (denominator->trace, ==, 1);
  g_assert_false (denominator->bad);
  g_assert_cmpint (rc->evidence_input, ==, 1);
  g_assert_cmpint (rc->evidence_kind, ==, TDBG_EVIDENCE_ZEROS);
  g_assert_cmpint (rc->inferred, ==, inferred);
  if (inferred)
    {
      g_assert_true (isnan (rc->evidence_count));
      /* What the mode could not tell is said, naming the mode. */
      g_assert_nonnull (rc->limitation);
      g_assert_nonnull (strstr (rc->explanation, tdbg_debug_mode_name (mode)));
    }
  else
    {
      g_assert_cmpfloat (rc->evidence_count, ==, 2);
      g_assert_null (rc->limitation);
      g_assert_nonnull (strstr (rc->explanation, "2 zeros"));
    }
  g_assert_nonnull (strstr (rc->explanation, "div"));
  g_assert_nonnull (strstr (rc->hint, "divide_no_nan"));
  g_assert_cmpuint (rc->spread_traces, ==, 1);
  g_assert_cmpuint (rc->spread_ops, ==, 1);
  test_remove_tree (dir);
}

/* A division whose output holds −∞×4 and +∞×9 made both: the explanation names both, not
 * only the first kind it finds. */
static void
test_origin_kinds (void)
{
  static const double both_infs[6] = { 4, 9, 0, 0, 0, 0 };
  static const double all_kinds[6] = { 1, 2, 3, 0, 0, 0 };
  const double *outputs[] = { both_infs, all_kinds, all_nan };
  const char *says[] = { "produced −∞ and +∞:", "produced −∞, +∞ and NaN:", "produced NaN:" };

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *dir = test_make_temp_dir ();
      g_autoptr(TdbgLogdir) logdir = NULL;
      g_autoptr(TdbgRootCause) rc = NULL;
      g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);
      g_assert_true (tdbg_fixture_writer_add_graph (w, 1, GRAPH, "f", NULL, NULL));
      add_op (w, "Placeholder", "x", (const char *const[]) { NULL });
      add_op (w, "Placeholder", "y", (const char *const[]) { NULL });
      add_op (w, "RealDiv", "div", (const char *const[]) { "x:0", "y:0", NULL });
      add_trace (w, 10, "x", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
      add_trace (w, 11, "y", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
      add_trace (w, 12, "div", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, outputs[i]);
      g_assert_true (tdbg_fixture_writer_flush (w, NULL));
      rc = cause_fixture_find (dir, &logdir);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
      g_test_message ("%s", rc->explanation);
      g_assert_nonnull (strstr (rc->explanation, says[i]));
      test_remove_tree (dir);
    }
}

static void
test_division_full_health (void)
{
  check_division (TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, FALSE);
}

static void
test_division_concise_health (void)
{
  check_division (TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, TRUE);
}

static void
test_division_curt_health (void)
{
  check_division (TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH, TRUE);
}

/* A logdir in @dir with one graph holding the placeholder "a". */
static TdbgFixtureWriter *
writer_with_placeholder (const char *dir)
{
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, GRAPH, "f", NULL, NULL));
  add_op (w, "Placeholder", "a", (const char *const[]) { NULL });
  return w;
}

/* The inputs of the first bad op were never traced (a circular buffer dropped them). */
static void
test_inputs_not_recorded (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "MatMul", "mm", (const char *const[]) { "a:0", "a:0", NULL });
    add_trace (w, 10, "mm", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpuint (rc->inputs->len, ==, 2);
  g_assert_cmpuint (g_array_index (rc->inputs, TdbgCauseInput, 0).trace, ==, TDBG_NONE);
  g_assert_nonnull (strstr (rc->hint, "circular_buffer_size"));
  test_remove_tree (dir);
}

/* A placeholder already bad where the recording starts, with nothing before it. */
static void
test_nonfinite_input (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Exp", "e", (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    add_trace (w, 11, "e", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_cmpuint (rc->inputs->len, ==, 0);
  g_assert_cmpuint (rc->spread_traces, ==, 1);
  test_remove_tree (dir);
}

/* The demo run: log() of a zero in the cross-entropy, in the training step asked for. */
static void
test_demo_step (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgDemoOptions options = { .n_steps = 4, .bad_step = 2, .host_name = "host", .timestamp = 1 };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, NULL));
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==, "Log");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_false (rc->inferred);
  g_assert_cmpuint (rc->step_execution, !=, TDBG_NONE);
  g_assert_cmpuint (rc->step_call, ==, 3);
  test_remove_tree (dir);
}

static void
test_nothing_bad (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgDemoOptions options = { .n_steps = 2, .bad_step = -1, .host_name = "host", .timestamp = 1 };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, NULL));
  rc = cause_fixture_find (dir, &logdir);
  cause_fixture_assert_nothing_bad (rc);
  test_remove_tree (dir);
}

/* modes/FULL_TENSOR: Sqrt's NaN is the only bad trace, and the call of its function returns
 * NaN after it: the spread counts that execution, never "0 traces of 0 ops". The eager
 * Reciprocal that went to +∞ before the call is not counted as after it. */
static void
test_spread_counts_executions (void)
{
  g_autofree char *path = test_env_shared_path ("modes", "FULL_TENSOR", NULL);
  g_autoptr(TdbgLogdir) logdir = test_load_logdir (path);
  g_autoptr(TdbgRootCause) rc = tdbg_root_cause_find (logdir);
  g_autofree char *text = tdbg_root_cause_spread_text (rc);

  g_assert_cmpuint (rc->origin_trace, ==, 3);
  g_assert_cmpuint (rc->spread_traces, ==, 0);
  g_assert_cmpuint (rc->spread_executions, ==, 1);
  g_assert_cmpstr (text, ==, "1 eager execution went bad after it");
}

/* The sentence in each combination of counts, singular and plural. */
static void
test_spread_text (void)
{
  struct { guint64 traces; guint ops, executions; const char *text; } cases[] = {
    { 0, 0, 0, "Nothing else went bad after it" },
    { 1, 1, 0, "1 trace of 1 op went bad after it" },
    { 295, 52, 0, "295 traces of 52 ops went bad after it" },
    { 0, 0, 2, "2 eager executions went bad after it" },
    { 3, 1, 1, "3 traces of 1 op and 1 eager execution went bad after it" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TdbgRootCause rc = { .spread_traces = cases[i].traces, .spread_ops = cases[i].ops,
                           .spread_executions = cases[i].executions };
      g_autofree char *text = tdbg_root_cause_spread_text (&rc);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/root-cause/families", test_families);
  g_test_add_func ("/root-cause/rule-table", test_rule_table);
  g_test_add_func ("/root-cause/origin-kinds", test_origin_kinds);
  g_test_add_func ("/root-cause/division-full-health", test_division_full_health);
  g_test_add_func ("/root-cause/division-concise-health", test_division_concise_health);
  g_test_add_func ("/root-cause/division-curt-health", test_division_curt_health);
  g_test_add_func ("/root-cause/inputs-not-recorded", test_inputs_not_recorded);
  g_test_add_func ("/root-cause/nonfinite-input", test_nonfinite_input);
  g_test_add_func ("/root-cause/demo-step", test_demo_step);
  g_test_add_func ("/root-cause/nothing-bad", test_nothing_bad);
  g_test_add_func ("/root-cause/spread-counts-executions", test_spread_counts_executions);
  g_test_add_func ("/root-cause/spread-text", test_spread_text);
  return g_test_run ();
}
