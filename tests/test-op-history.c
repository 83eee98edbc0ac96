/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The health of one op across the traces of it: the tutorial's Log op (FULL_HEALTH, one
 * trace a step, the first −∞ at trace 103) and a FULL_TENSOR value growing by decades. */

#include <math.h>
#include "alert-fixtures.h"
#include "tdbg-op-history.h"
#include "test-util.h"

static void
test_tutorial_log (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TDBG_SHARED_LOGDIRS"), "tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) logdir = test_load_logdir (path);
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
      g_assert_cmpuint (tdbg_logdir_get_trace (logdir, p->trace)->op, ==, log);
      g_assert_true (p->inf_nan_known && p->signs_known);
      g_assert_false (p->magnitude_known);
      /* 1000 elements a step, every one counted. */
      g_assert_cmpfloat (p->neg_inf + p->pos_inf + p->nan + p->neg + p->zero + p->pos, ==, 1000);
    }
  g_assert_cmpint (tdbg_op_history_first_inf_nan (points), ==, 1);
  bad = &g_array_index (points, TdbgOpHistoryPoint, 1);
  g_assert_cmpuint (bad->trace, ==, 103);
  g_assert_cmpfloat (bad->neg_inf, ==, 1);
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
  return g_test_run ();
}
