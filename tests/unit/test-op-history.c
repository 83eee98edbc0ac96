/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The health of one op across the traces of it: the tutorial's Log op (FULL_HEALTH, one
 * trace a step, the first −∞ at trace 103) and a FULL_TENSOR value growing by decades. */

#include <math.h>
#include "alert-fixtures.h"
#include "tdbg-op-history.h"
#include "test-util.h"

static TdbgLogdir *
load_shared (const char *scenario)
{
  g_autofree char *path = g_build_filename (g_getenv ("TDBG_SHARED_LOGDIRS"), scenario, "logdir", NULL);

  return test_load_logdir (path);
}

static void
test_tutorial_log (void)
{
  g_autoptr(TdbgLogdir) logdir = load_shared ("tutorial_mnist");
  guint32 log = test_find_op (logdir, "Log");
  g_autoptr(GArray) points = NULL;
  g_autoptr(GArray) thinned = NULL;
  g_autofree char *text = NULL;
  const TdbgOpHistoryPoint *bad;

  g_assert_cmpuint (log, !=, TDBG_NONE);
  points = tdbg_op_history_collect (logdir, log, 0, 500);
  g_assert_cmpuint (points->len, ==, 7);
  for (guint i = 0; i < points->len; i++)
    {
      const TdbgOpHistoryPoint *p = &g_array_index (points, TdbgOpHistoryPoint, i);
      g_assert_cmpuint (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, p->trace)), ==, log);
      g_assert_true (p->inf_nan_known && p->signs_known);
      g_assert_false (p->magnitude_known);
      /* 1000 elements a step, every one counted. */
      g_assert_cmpfloat (p->neg_inf + p->pos_inf + p->nan + p->neg + p->zero + p->pos, ==, 1000);
    }
  g_assert_cmpint (tdbg_op_history_first_inf_nan (points), ==, 1);
  bad = &g_array_index (points, TdbgOpHistoryPoint, 1);
  g_assert_cmpuint (bad->trace, ==, 103);
  g_assert_cmpfloat (bad->neg_inf, ==, 1);
  g_assert_true (bad->bad);
  g_assert_null (tdbg_op_history_find_uncounted (points));
  text = tdbg_op_history_describe (points, "Log:0");
  g_assert_cmpstr (text, ==, "Log:0 over 7 steps: first NaN/∞ at step 2");

  /* Thinned to 3 points, the first bad one is kept. */
  thinned = tdbg_op_history_collect (logdir, log, 0, 3);
  g_assert_cmpuint (thinned->len, <=, 4);
  g_assert_cmpint (tdbg_op_history_first_inf_nan (thinned), >=, 0);
  g_assert_cmpuint (g_array_index (thinned, TdbgOpHistoryPoint, tdbg_op_history_first_inf_nan (thinned)).trace, ==, 103);
  g_array_unref (thinned);
  thinned = tdbg_op_history_collect (logdir, G_MAXUINT32 - 1, 0, 10);
  g_assert_cmpuint (thinned->len, ==, 0);
}

/* TF1's CURT_HEALTH keeps only whether a value held NaN/∞: the Square op's first such trace
 * (240, EXPECTED.json) is a bad point without counts, and the series says so. */
static void
test_curt_health_flag (void)
{
  g_autoptr(TdbgLogdir) logdir = load_shared ("tf1_graph_only");
  guint32 square = test_find_op (logdir, "Square");
  g_autoptr(GArray) points = NULL;
  const TdbgOpHistoryPoint *bad;
  guint n_bad = 0;
  gint first;

  g_assert_cmpuint (square, !=, TDBG_NONE);
  points = tdbg_op_history_collect (logdir, square, 0, 500);
  g_assert_cmpuint (points->len, >, 1);
  first = tdbg_op_history_first_inf_nan (points);
  g_assert_cmpint (first, >=, 0);
  bad = &g_array_index (points, TdbgOpHistoryPoint, first);
  g_assert_cmpuint (bad->trace, ==, 240);
  g_assert_cmpuint (bad->mode, ==, TDBG_MODE_CURT_HEALTH);
  g_assert_false (bad->inf_nan_known);
  g_assert_true (bad->bad);
  for (guint i = 0; i < points->len; i++)
    {
      const TdbgOpHistoryPoint *p = &g_array_index (points, TdbgOpHistoryPoint, i);
      /* Every bad point is one the logdir raises an alert for, and only those. */
      g_assert_cmpint (p->bad, ==, (tdbg_logdir_get_trace (logdir, p->trace)->flags & TDBG_DIGEST_HAS_INF_NAN) != 0);
      n_bad += p->bad;
    }
  g_assert_cmpuint (n_bad, >=, 1);
  g_assert_true (tdbg_op_history_find_uncounted (points) != NULL);
}

static void
collected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GError **error = ((gpointer *) data)[1];

  *(GArray **) ((gpointer *) data)[0] = tdbg_op_history_collect_finish (TDBG_LOGDIR (source), result, error);
  *(gboolean *) ((gpointer *) data)[2] = TRUE;
}

static GArray *
collect_in_worker (TdbgLogdir *logdir, guint32 op, GCancellable *cancellable, GError **error)
{
  GArray *points = NULL;
  gboolean done = FALSE;
  gpointer data[3] = { &points, error, &done };

  tdbg_op_history_collect_async (logdir, op, 0, 500, cancellable, collected_cb, data);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  return points;
}

/* In a worker: the points of the synchronous read; cancelled, none. */
static void
test_in_worker (void)
{
  g_autoptr(TdbgLogdir) logdir = load_shared ("tutorial_mnist");
  guint32 log = test_find_op (logdir, "Log");
  g_autoptr(GArray) here = tdbg_op_history_collect (logdir, log, 0, 500);
  g_autoptr(GArray) there = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  there = collect_in_worker (logdir, log, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (there);
  g_assert_cmpmem (there->data, there->len * sizeof (TdbgOpHistoryPoint), here->data,
                   here->len * sizeof (TdbgOpHistoryPoint));
  g_clear_pointer (&there, g_array_unref);
  g_cancellable_cancel (cancellable);
  there = collect_in_worker (logdir, log, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (there);
}

static void
test_growing_magnitude (void)
{
  const double magnitudes[] = { 10, 1e3, 1e5, 1e7 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GArray) points = NULL;
  g_autofree char *text = NULL;

  alert_fixture_write_growth (dir, magnitudes, G_N_ELEMENTS (magnitudes), 3);
  logdir = test_load_logdir (dir);
  points = tdbg_op_history_collect (logdir, test_find_op (logdir, "grow"), 0, 500);
  g_assert_cmpuint (points->len, ==, 4);
  for (guint i = 0; i < points->len; i++)
    {
      const TdbgOpHistoryPoint *p = &g_array_index (points, TdbgOpHistoryPoint, i);
      g_assert_true (p->magnitude_known);
      g_assert_cmpfloat_with_epsilon (p->max_abs, magnitudes[i], magnitudes[i] * 1e-6);
      g_assert_cmpfloat (p->min_abs, ==, i == 3 ? 0.5 : 0); /* the NaN took the zero's place */
      g_assert_true (p->signs_known);
      g_assert_cmpfloat (p->neg, ==, 1);
    }
  /* The NaN is left out of the magnitudes: (0.5 + 1e7 + 0) / 2 finite elements. */
  g_assert_cmpfloat_with_epsilon (g_array_index (points, TdbgOpHistoryPoint, 3).mean_abs, (0.5 + 1e7) / 2, 1);
  text = tdbg_op_history_describe (points, "grow:0");
  g_assert_cmpstr (text, ==, "grow:0 over 4 steps: first NaN/∞ at step 4");
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/op-history/tutorial-log", test_tutorial_log);
  g_test_add_func ("/op-history/growing-magnitude", test_growing_magnitude);
  g_test_add_func ("/op-history/curt-health-flag", test_curt_health_flag);
  g_test_add_func ("/op-history/in-worker", test_in_worker);
  return g_test_run ();
}
