/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The alert kinds beyond Debugger V2's: a function traced into 5 graphs (and not into 4), a
 * FULL_TENSOR value of |x| = 1e7 against the default and a changed threshold, and the shared
 * logdirs, whose NaN/∞ alerts stay exactly Debugger V2's. */

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include "alert-fixtures.h"
#include "tdbg-more-alerts.h"
#include "test-util.h"
#include "follow-util.h"

static const TdbgAlertOptions defaults = { TDBG_MAGNITUDE_THRESHOLD_DEFAULT };

static guint
count_kind (GArray *alerts, TdbgAlertType type)
{
  guint n = 0;

  for (guint i = 0; i < alerts->len; i++)
    n += g_array_index (alerts, TdbgAlert, i).type == type;
  return n;
}

static void
test_function_names (void)
{
  static const char *const cases[][2] = {
    { "__inference_model_173", "model" }, { "__inference_model_334", "model" },
    { "__inference_train_step_12", "train_step" }, { "__inference__wrapped_9", "_wrapped" },
    { "__forward_model_12", NULL }, { "__inference_model", NULL }, { "__inference_12", NULL },
    { "Dataset_map_format_example", NULL }, { NULL, NULL },
    /* TensorFlow 2.21 names a function's graphs after the Python function. */
    { "normalize", "normalize" }, { "one_step_on_data", "one_step_on_data" }, { "layer_2", "layer_2" },
    { "while_body_48", NULL }, { "while_cond_47", NULL }, { "while_cond_true_77", NULL },
    { "cond_false_12", NULL }, { "", NULL }, { "a b", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = tdbg_graph_function_name (cases[i][0]);
      g_assert_cmpstr (name, ==, cases[i][1]);
    }
}

static GArray *
find_in (guint n_graphs, TdbgLogdir **logdir_out)
{
  g_autofree char *dir = test_make_temp_dir ();
  GArray *alerts;

  alert_fixture_write_retracing (dir, n_graphs);
  *logdir_out = test_load_logdir (dir);
  alerts = tdbg_more_alerts_find (*logdir_out, &defaults);
  test_remove_tree (dir);
  return alerts;
}

static void
test_retracing (void)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgLogdir) four_logdir = NULL;
  g_autoptr(GArray) alerts = find_in (5, &logdir);
  g_autoptr(GArray) four = find_in (4, &four_logdir);
  const TdbgAlert *a;
  const TdbgStackFrame *site;
  g_autofree char *text = NULL;

  g_assert_cmpuint (count_kind (alerts, TDBG_ALERT_RETRACING), ==, 1);
  a = &g_array_index (alerts, TdbgAlert, 0);
  g_assert_cmpint (a->type, ==, TDBG_ALERT_RETRACING);
  g_assert_cmpuint (a->n_graphs, ==, 5);
  g_assert_cmpuint (a->trace_index, ==, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, a->op)->op_name, ==, "model/dense");
  g_assert_cmpstr (tdbg_logdir_get_graph (logdir, tdbg_logdir_get_op (logdir, a->op)->graph)->graph_name, ==,
                   "__inference_model_100");
  site = tdbg_more_alerts_call_site (logdir, a);
  g_assert_nonnull (site);
  g_assert_cmpint (site->line, ==, 12);
  text = tdbg_more_alerts_describe (logdir, a);
  g_assert_cmpstr (text, ==, "function model traced into 5 graphs, created at model.py:12");
  /* Four graphs are not excessive; the NaN/∞ list holds none of these. */
  g_assert_cmpuint (count_kind (four, TDBG_ALERT_RETRACING), ==, 0);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 0);
  g_assert_cmpuint (count_kind (alerts, TDBG_ALERT_EXPLODING), ==, 0);
}

static char *run_alerts (const char *dir, const char *option, int *status);

/* Graphs named after the Python function, as TensorFlow 2.21 names them: six of "normalize"
 * (called from two lines, defined at one), five of Keras's one_step_on_data; two functions
 * named "step" in two files with three graphs each are two functions, not one of six. */
static void
test_retracing_real_names (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GArray) alerts = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *out = NULL;
  int status;

  alert_fixture_write_real_retracing (dir);
  logdir = test_load_logdir (dir);
  alerts = tdbg_more_alerts_find (logdir, &defaults);
  g_assert_cmpuint (count_kind (alerts, TDBG_ALERT_RETRACING), ==, 2);
  g_assert_cmpuint (g_array_index (alerts, TdbgAlert, 0).n_graphs, ==, 6);
  g_assert_cmpuint (g_array_index (alerts, TdbgAlert, 1).n_graphs, ==, 5);
  first = tdbg_more_alerts_describe (logdir, &g_array_index (alerts, TdbgAlert, 0));
  second = tdbg_more_alerts_describe (logdir, &g_array_index (alerts, TdbgAlert, 1));
  g_assert_cmpstr (first, ==, "function normalize traced into 6 graphs, created at train.py:5");
  g_assert_cmpstr (second, ==, "function one_step_on_data traced into 5 graphs, created at train.py:10");
  out = run_alerts (dir, NULL, &status);
  g_assert_cmpstr (out, ==, "Retracing: function normalize traced into 6 graphs, created at train.py:5\n"
                            "Retracing: function one_step_on_data traced into 5 graphs, created at train.py:10\n");
  g_assert_cmpint (status, ==, 0);
  test_remove_tree (dir);
}

static void
test_exploding (void)
{
  const double magnitudes[] = { 10, 1e3, 1e7, 5e5 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GArray) alerts = NULL;
  g_autoptr(GArray) lower = NULL;
  g_autoptr(GArray) higher = NULL;
  const TdbgAlertOptions low = { 1e4 }, high = { 1e8 };
  const TdbgAlert *a;
  g_autofree char *text = NULL;

  alert_fixture_write_growth (dir, magnitudes, G_N_ELEMENTS (magnitudes), -1);
  logdir = test_load_logdir (dir);
  alerts = tdbg_more_alerts_find (logdir, &defaults);
  g_assert_cmpuint (alerts->len, ==, 1);
  a = &g_array_index (alerts, TdbgAlert, 0);
  g_assert_cmpint (a->type, ==, TDBG_ALERT_EXPLODING);
  g_assert_cmpuint (a->trace_index, ==, 2);
  g_assert_cmpfloat_with_epsilon (a->magnitude, 1e7, 1);
  text = tdbg_more_alerts_describe (logdir, a);
  g_assert_cmpstr (text, ==, "grow:0 (MatMul), trace 2: max |x| 1e+07");
  /* The threshold is the person's: lower, two steps pass it; higher, none. */
  lower = tdbg_more_alerts_find (logdir, &low);
  g_assert_cmpuint (count_kind (lower, TDBG_ALERT_EXPLODING), ==, 2);
  higher = tdbg_more_alerts_find (logdir, &high);
  g_assert_cmpuint (higher->len, ==, 0);
  /* Not a NaN/∞ alert: Debugger V2's list stays empty. */
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 0);
  test_remove_tree (dir);
}

/* Following a FULL_TENSOR run: each search decodes only the traces appended since the last,
 * finds what a search of the whole logdir finds, and a new threshold decodes nothing. */
static void
test_exploding_following (void)
{
  const double magnitudes[] = { 10, 1e7, 1e3, 5e8, 2e6, 1 };
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  g_autoptr(TdbgMagnitudes) cache = tdbg_magnitudes_new ();
  TdbgAlertOptions options = { TDBG_MAGNITUDE_THRESHOLD_DEFAULT, cache };
  g_autoptr(TdbgLogdir) logdir = NULL, whole = NULL;
  g_autoptr(GArray) first = NULL, later = NULL, expected = NULL, lower = NULL;
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats;

  alert_fixture_write_growth (full, magnitudes, G_N_ELEMENTS (magnitudes), -1);
  follow_copy_written (full, grow, ".graph_execution_traces", 0.4);
  logdir = test_load_logdir (grow);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 2);
  first = tdbg_more_alerts_find (logdir, &options);
  g_assert_cmpuint (count_kind (first, TDBG_ALERT_EXPLODING), ==, 1);
  g_assert_cmpuint (tdbg_magnitudes_get_n_decoded (cache), ==, 2);

  /* The run writes four more steps; the window follows. */
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (follow_logdir (logdir, 0, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 6);
  later = tdbg_more_alerts_find (logdir, &options);
  g_assert_cmpuint (tdbg_magnitudes_get_n_decoded (cache), ==, 6);
  whole = test_load_logdir (full);
  expected = tdbg_more_alerts_find (whole, &defaults);
  g_assert_cmpuint (later->len, ==, 3);
  g_assert_cmpuint (later->len, ==, expected->len);
  for (guint i = 0; i < later->len; i++)
    {
      const TdbgAlert *a = &g_array_index (later, TdbgAlert, i), *b = &g_array_index (expected, TdbgAlert, i);
      g_assert_cmpuint (a->trace_index, ==, b->trace_index);
      g_assert_cmpfloat (a->magnitude, ==, b->magnitude);
      g_assert_cmpfloat (a->wall_time, ==, b->wall_time);
    }

  /* Nothing new, a lower threshold: no trace is decoded again. */
  options.magnitude_threshold = 100;
  lower = tdbg_more_alerts_find (logdir, &options);
  g_assert_cmpuint (count_kind (lower, TDBG_ALERT_EXPLODING), ==, 4);
  g_assert_cmpuint (tdbg_magnitudes_get_n_decoded (cache), ==, 6);
  test_remove_tree (full);
  test_remove_tree (grow);
}

/* The shared logdirs: their NaN/∞ alerts are untouched (the shared-logdirs test checks them
 * against EXPECTED.json); no magnitude there passes 1e6 and no function is traced 5 times. */
static void
test_shared_logdirs (void)
{
  static const char *const logdirs[] = { "tutorial_mnist/logdir", "modes/FULL_TENSOR", "nested_control_flow/logdir" };

  for (guint i = 0; i < G_N_ELEMENTS (logdirs); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("TDBG_SHARED_LOGDIRS"), logdirs[i], NULL);
      g_autoptr(TdbgLogdir) logdir = NULL;
      g_autoptr(GArray) alerts = NULL;
      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      logdir = test_load_logdir (path);
      alerts = tdbg_more_alerts_find (logdir, &defaults);
      g_test_message ("%s: %u more alerts", logdirs[i], alerts->len);
      for (guint k = 0; k < alerts->len; k++)
        g_assert_cmpint (g_array_index (alerts, TdbgAlert, k).type, !=, TDBG_ALERT_INF_NAN);
    }
}

static char *
run_alerts (const char *dir, const char *option, int *status)
{
  const char *argv[] = { g_getenv ("TDBG_CLI"), "alerts", dir, option, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int wait_status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &wait_status, &error));
  g_assert_no_error (error);
  *status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return out;
}

/* `tfdbg-gtk alerts` lists the other kinds after NaN/∞, each marked by its kind; the exit
 * status stays about NaN/∞. */
static void
test_command_line (void)
{
  const double magnitudes[] = { 10, 1e7 };
  g_autofree char *retracing = test_make_temp_dir ();
  g_autofree char *growth = test_make_temp_dir ();
  g_autofree char *out = NULL;
  g_autofree char *lowered = NULL;
  g_autofree char *raised = NULL;
  int status;

  alert_fixture_write_retracing (retracing, 5);
  alert_fixture_write_growth (growth, magnitudes, G_N_ELEMENTS (magnitudes), 0);
  out = run_alerts (retracing, NULL, &status);
  g_assert_cmpstr (out, ==, "Retracing: function model traced into 5 graphs, created at model.py:12\n");
  g_assert_cmpint (status, ==, 0);
  g_free (out);
  out = run_alerts (growth, NULL, &status);
  g_assert_cmpstr (out, ==, "NaN/∞ in graph execution trace 0: grow:0 (MatMul): -inf 0, +inf 0, NaN 1 of 3 elements\n"
                            "Exploding magnitude: grow:0 (MatMul), trace 1: max |x| 1e+07\n");
  g_assert_cmpint (status, ==, 1);
  lowered = run_alerts (growth, "--magnitude-threshold=5", &status);
  g_assert_nonnull (strstr (lowered, "Exploding magnitude: grow:0 (MatMul), trace 0: max |x| 10\n"));
  g_assert_nonnull (strstr (lowered, "Exploding magnitude: grow:0 (MatMul), trace 1: max |x| 1e+07\n"));
  raised = run_alerts (growth, "--magnitude-threshold=1e8", &status);
  g_assert_null (strstr (raised, "Exploding"));
  test_remove_tree (retracing);
  test_remove_tree (growth);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/more-alerts/function-names", test_function_names);
  g_test_add_func ("/more-alerts/retracing", test_retracing);
  g_test_add_func ("/more-alerts/retracing-real-names", test_retracing_real_names);
  g_test_add_func ("/more-alerts/exploding", test_exploding);
  g_test_add_func ("/more-alerts/exploding-following", test_exploding_following);
  g_test_add_func ("/more-alerts/shared-logdirs", test_shared_logdirs);
  g_test_add_func ("/more-alerts/command-line", test_command_line);
  return g_test_run ();
}
