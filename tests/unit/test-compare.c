/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two runs compared (data/compare): pairs of runs of one program written with the fixture
 * writer, run B in another process (ids, host, suffixes), for every debug mode and every kind
 * of divergence — values, health, dtype, shape, missing, mode, keys in one run only, eager
 * executions, and nothing at all — each with the trace, the figures and the counts it must
 * give. */

#include <math.h>
#include <stdio.h>

#include "compare-fixtures.h"
#include "tdbg-compare-report.h"
#include "tdbg-error.h"
#include "test-util.h"

#define N_STEPS 3
#define RELU(step) (4 * (step) + 3)

typedef struct {
  char *dir_a, *dir_b;
  TdbgLogdir *a, *b;
  TdbgComparison *c;
} Pair;

static void
pair_clear (Pair *p)
{
  g_clear_pointer (&p->c, tdbg_comparison_free);
  g_clear_object (&p->a);
  g_clear_object (&p->b);
  test_remove_tree (p->dir_a);
  test_remove_tree (p->dir_b);
  g_free (p->dir_a);
  g_free (p->dir_b);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

/* Writes both runs, loads them and compares them with @options (NULL: the defaults). */
static void
pair_compare (Pair *p, const CompareRun *a, const CompareRun *b, const TdbgCompareOptions *options)
{
  g_autoptr(GError) error = NULL;

  p->dir_a = test_make_temp_dir ();
  p->dir_b = test_make_temp_dir ();
  g_assert_true (compare_run_write (a, p->dir_a, &error));
  g_assert_true (compare_run_write (b, p->dir_b, &error));
  g_assert_no_error (error);
  p->a = test_load_logdir (p->dir_a);
  p->b = test_load_logdir (p->dir_b);
  p->c = tdbg_comparison_new (p->a, p->b, options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p->c);
  /* Each diverging trace is marked with its kind (the window's Error column and filter). */
  {
    guint64 marked = 0;
    for (guint i = 0; i < tdbg_logdir_get_n_traces (p->a); i++)
      marked += p->c->divergences[i] != TDBG_DIVERGENCE_NONE;
    g_assert_cmpuint (marked, ==, p->c->diverging_traces);
  }
}

static const TdbgOpError *
op_error (TdbgComparison *c, const char *key)
{
  for (guint i = 0; i < c->ops->len; i++)
    {
      const TdbgOpError *op = &g_array_index (c->ops, TdbgOpError, i);
      if (g_str_equal (g_ptr_array_index (c->keys, op->key), key))
        return op;
    }
  g_error ("no compared op %s", key);
  return NULL;
}

static void
assert_first (TdbgComparison *c, TdbgDivergenceKind kind, guint32 a, guint32 b)
{
  g_assert_cmpstr (tdbg_divergence_kind_code (c->first.kind), ==, tdbg_divergence_kind_code (kind));
  g_assert_cmpuint (c->first.a, ==, a);
  g_assert_cmpuint (c->first.b, ==, b);
}

/* ---- nothing differs ---------------------------------------------------------------------- */

static void
test_suffix (void)
{
  const char *cases[][2] = {
    { "__inference_classify_98", "__inference_classify" }, { "cond_true_77", "cond_true" },
    { "train_step", "train_step" }, { "dense_1_2", "dense_1" }, { "_12", "_12" }, { "x_", "x_" },
    { "v2", "v2" }, { "", "" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = tdbg_compare_strip_suffix (cases[i][0]);
      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

/* Every mode: other ids, host, suffixes and device ids, the same values: nothing differs. */
static void
test_nothing (gconstpointer data)
{
  Tensorflow__TensorDebugMode mode = GPOINTER_TO_UINT (data);
  g_auto(Pair) p = { 0 };
  CompareRun a, b;
  const TdbgOpError *relu;

  compare_run_init (&a, FALSE, mode, N_STEPS);
  compare_run_init (&b, TRUE, mode, N_STEPS);
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
  g_assert_cmpuint (p.c->compared_traces, ==, 4 * N_STEPS);
  g_assert_cmpuint (p.c->compared_all, ==, 4 * N_STEPS);
  g_assert_cmpuint (p.c->diverging_traces, ==, 0);
  g_assert_cmpuint (p.c->only_in_a->len, ==, 0);
  g_assert_cmpuint (p.c->only_in_b->len, ==, 0);
  g_assert_cmpint (p.c->diverging_step, ==, -1);
  g_assert_cmpuint (p.c->first_execution.kind, ==, TDBG_DIVERGENCE_NONE);
  g_assert_cmpuint (p.c->compared_executions, ==, 2 * N_STEPS);
  g_assert_false (tdbg_comparison_diverges (p.c));
  /* One op per key, in the order of their first trace, each paired with B's op of that name. */
  g_assert_cmpuint (p.c->ops->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (p.c->keys, g_array_index (p.c->ops, TdbgOpError, 2).key), ==, "outer/cond_true/add:0");
  relu = op_error (p.c, "outer/Relu:0");
  g_assert_cmpuint (relu->compared, ==, N_STEPS);
  g_assert_cmpuint (relu->first_trace, ==, RELU (0));
  g_assert_cmpstr (tdbg_logdir_get_op (p.b, relu->op_b)->op_name, ==, "Relu");
  g_assert_cmpfloat (relu->sums.max_abs, ==, 0);
  for (guint i = 0; i < 4 * N_STEPS; i++)
    {
      g_assert_cmpuint (p.c->twins[i], ==, i);
      g_assert_cmpfloat (p.c->errors[i], ==, 0);
      g_assert_cmpuint (p.c->divergences[i], ==, TDBG_DIVERGENCE_NONE);
    }
  {
    g_autoptr(GArray) alerts = tdbg_comparison_alerts (p.c, 10);
    g_assert_cmpuint (alerts->len, ==, 0);
  }
  if (mode == TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR)
    {
      g_assert_cmpfloat (tdbg_error_sums_cosine (&relu->sums), ==, 1);
      g_assert_true (isinf (tdbg_error_sums_sqnr_db (&relu->sums)));
      g_assert_cmpuint (relu->sums.n, ==, 4 * N_STEPS);
    }
}

/* ---- values ------------------------------------------------------------------------------- */

static void
test_values (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;
  float v[4];
  double max_diff = 0, sum_sq = 0, noise = 0;
  const TdbgOpError *relu;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  b.change_step = 1;
  b.scale = 1 + 1e-3;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_VALUES, RELU (1), RELU (1));
  compare_run_values (1, 3, v);
  for (guint i = 0; i < 4; i++)
    {
      double d = fabs ((double) v[i] - (double) (float) (v[i] * b.scale));
      max_diff = MAX (max_diff, d);
      noise += d * d;
    }
  g_assert_cmpfloat_with_epsilon (p.c->first.max_abs_diff, max_diff, 1e-12);
  g_assert_cmpfloat (max_diff, >, 0);
  g_assert_cmpuint (p.c->compared_traces, ==, RELU (1) + 1);
  g_assert_cmpuint (p.c->compared_all, ==, 4 * N_STEPS);
  g_assert_cmpuint (p.c->diverging_traces, ==, 1);
  /* The function's second call held it. */
  g_assert_cmpint (p.c->diverging_step, ==, 1);
  g_assert_cmpuint (p.c->step_execution, ==, 3);
  g_assert_true (isnan (p.c->errors[RELU (0)]) == FALSE && p.c->errors[RELU (0)] == 0);
  g_assert_cmpfloat_with_epsilon (p.c->errors[RELU (1)], max_diff, 1e-9);
  g_assert_cmpuint (p.c->divergences[RELU (1)], ==, TDBG_DIVERGENCE_VALUES);
  g_assert_cmpuint (p.c->divergences[RELU (0)], ==, TDBG_DIVERGENCE_NONE);
  {
    /* The window's alert: the first divergence, on run A's trace, with its figure. */
    g_autoptr(GArray) alerts = tdbg_comparison_alerts (p.c, 10);
    const TdbgAlert *first;
    g_assert_cmpuint (alerts->len, ==, 1);
    first = &g_array_index (alerts, TdbgAlert, 0);
    g_assert_cmpint (first->type, ==, TDBG_ALERT_DIVERGENCE);
    g_assert_cmpuint (first->trace_index, ==, RELU (1));
    g_assert_cmpstr (tdbg_logdir_get_op (p.a, first->op)->op_name, ==, "Relu");
    g_assert_cmpfloat_with_epsilon (first->magnitude, max_diff, 1e-12);
  }
  relu = op_error (p.c, "outer/Relu:0");
  g_assert_cmpuint (relu->diverging, ==, 1);
  g_assert_cmpuint (relu->first_diverging, ==, RELU (1));
  g_assert_cmpfloat_with_epsilon (relu->sums.max_rel, 1e-3, 1e-6);
  for (guint s = 0; s < N_STEPS; s++)
    {
      compare_run_values (s, 3, v);
      for (guint i = 0; i < 4; i++)
        sum_sq += (double) v[i] * v[i];
    }
  g_assert_cmpfloat_with_epsilon (tdbg_error_sums_sqnr_db (&relu->sums), 10 * log10 (sum_sq / noise), 1e-6);
  g_assert_cmpfloat (tdbg_error_sums_cosine (&relu->sums), >, 0.999999);
  g_assert_true (tdbg_comparison_diverges (p.c));
}

/* Within the tolerance by default; beyond a tighter one. */
static void
test_tolerance (void)
{
  CompareRun a, b;
  TdbgCompareOptions tight = { .rtol = 1e-9, .atol = 0 };

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  b.change_step = 2;
  b.scale = 1 + 1e-6;
  {
    g_auto(Pair) p = { 0 };
    pair_compare (&p, &a, &b, NULL);
    assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
    g_assert_cmpfloat (op_error (p.c, "outer/Relu:0")->sums.max_abs, >, 0);
  }
  {
    g_auto(Pair) p = { 0 };
    pair_compare (&p, &a, &b, &tight);
    assert_first (p.c, TDBG_DIVERGENCE_VALUES, RELU (2), RELU (2));
    g_assert_cmpuint (p.c->compared_traces, ==, 4 * N_STEPS);
  }
}

/* NaN equals NaN and an infinity one of its sign; not one of the other sign, nor a number. */
static void
test_non_finite (void)
{
  const struct { double a, b; TdbgDivergenceKind kind; } cases[] = {
    { NAN, NAN, TDBG_DIVERGENCE_NONE }, { INFINITY, INFINITY, TDBG_DIVERGENCE_NONE },
    { -INFINITY, -INFINITY, TDBG_DIVERGENCE_NONE }, { INFINITY, -INFINITY, TDBG_DIVERGENCE_VALUES },
    { NAN, 1.5, TDBG_DIVERGENCE_VALUES }, { INFINITY, 1.5, TDBG_DIVERGENCE_VALUES },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Pair) p = { 0 };
      CompareRun a, b;
      compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
      compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
      a.change_step = b.change_step = 1;
      a.use_set0 = b.use_set0 = TRUE;
      a.set0 = cases[i].a;
      b.set0 = cases[i].b;
      pair_compare (&p, &a, &b, NULL);
      if (cases[i].kind == TDBG_DIVERGENCE_NONE)
        assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
      else
        {
          assert_first (p.c, cases[i].kind, RELU (1), RELU (1));
          /* The other elements are equal: no finite pair differs. */
          g_assert_true (isnan (p.c->first.max_abs_diff));
          g_assert_cmpfloat (p.c->errors[RELU (1)], ==, -1);
        }
    }
}

static void
test_dtype_shape (void)
{
  for (guint i = 0; i < 2; i++)
    {
      g_auto(Pair) p = { 0 };
      CompareRun a, b;
      compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
      compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
      b.change_step = 0;
      b.as_double = i == 0;
      b.reshape = i == 1;
      pair_compare (&p, &a, &b, NULL);
      assert_first (p.c, i == 0 ? TDBG_DIVERGENCE_DTYPE : TDBG_DIVERGENCE_SHAPE, RELU (0), RELU (0));
      g_assert_true (isnan (p.c->first.max_abs_diff));
      g_assert_cmpuint (p.c->compared_traces, ==, RELU (0) + 1);
      g_assert_cmpint (p.c->diverging_step, ==, 0);
    }
}

/* ---- summaries ---------------------------------------------------------------------------- */

static void
test_health (gconstpointer data)
{
  Tensorflow__TensorDebugMode mode = GPOINTER_TO_UINT (data);
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, mode, N_STEPS);
  compare_run_init (&b, TRUE, mode, N_STEPS);
  /* A NaN where run A has a positive number. */
  b.change_step = 2;
  b.use_set0 = TRUE;
  b.set0 = NAN;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_HEALTH, RELU (2), RELU (2));
  /* CURT: 0 → 1; CONCISE: the NaN count 0 → 1; FULL: NaN 0 → 1, positive 2 → 1. */
  g_assert_cmpfloat (p.c->first.max_abs_diff, ==, 1);
  g_assert_cmpuint (p.c->compared_traces, ==, 4 * N_STEPS);
  g_assert_cmpint (p.c->diverging_step, ==, 2);
}

static void
test_shape_mode (void)
{
  for (guint i = 0; i < 2; i++)
    {
      g_auto(Pair) p = { 0 };
      CompareRun a, b;
      compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__SHAPE, N_STEPS);
      compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__SHAPE, N_STEPS);
      b.change_step = 1;
      b.as_double = i == 0;
      b.reshape = i == 1;
      pair_compare (&p, &a, &b, NULL);
      assert_first (p.c, i == 0 ? TDBG_DIVERGENCE_DTYPE : TDBG_DIVERGENCE_SHAPE, RELU (1), RELU (1));
    }
}

static void
test_mode (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, N_STEPS);
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_MODE, 0, 0);
  {
    /* The first divergence, then the first trace of each other diverging op, none twice. */
    g_autoptr(GArray) alerts = tdbg_comparison_alerts (p.c, 10);
    g_autoptr(GArray) two = tdbg_comparison_alerts (p.c, 1);
    g_assert_cmpuint (alerts->len, ==, 4);
    g_assert_cmpuint (g_array_index (alerts, TdbgAlert, 0).trace_index, ==, 0);
    for (guint i = 1; i < alerts->len; i++)
      {
        g_assert_cmpuint (g_array_index (alerts, TdbgAlert, i).trace_index, <, 4);
        for (guint j = 0; j < i; j++)
          g_assert_cmpuint (g_array_index (alerts, TdbgAlert, i).trace_index, !=,
                            g_array_index (alerts, TdbgAlert, j).trace_index);
      }
    g_assert_cmpuint (two->len, ==, 2);
  }
  g_assert_cmpuint (p.c->compared_traces, ==, 1);
  g_assert_cmpuint (p.c->diverging_traces, ==, 4 * N_STEPS);
}

/* ---- pairing ------------------------------------------------------------------------------ */

/* Run B traced Relu:0 once fewer: run A's last Relu:0 has no twin. */
static void
test_missing (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, N_STEPS);
  b.drop_last_relu = TRUE;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_MISSING, RELU (N_STEPS - 1), TDBG_NONE);
  g_assert_true (isnan (p.c->first.max_abs_diff));
  g_assert_cmpuint (p.c->compared_traces, ==, 4 * N_STEPS);
  g_assert_cmpuint (p.c->twins[RELU (N_STEPS - 1)], ==, TDBG_NONE);
  /* The key occurs in both runs: it is not listed as one run's only. */
  g_assert_cmpuint (p.c->only_in_a->len, ==, 0);
}

/* Run B still being written: the occurrence it lacks yet is awaited, neither compared nor
 * diverging, and the rest compares as before. */
static void
test_awaiting (void)
{
  g_auto(Pair) p = { 0 };
  TdbgCompareOptions growing;
  CompareRun a, b;

  tdbg_compare_options_init (&growing);
  growing.b_growing = TRUE;
  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, N_STEPS);
  b.drop_last_relu = TRUE;
  pair_compare (&p, &a, &b, &growing);
  assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
  g_assert_cmpuint (p.c->awaiting, ==, 1);
  g_assert_cmpuint (p.c->compared_all, ==, 4 * N_STEPS - 1);
  g_assert_cmpuint (p.c->diverging_traces, ==, 0);
  g_assert_cmpuint (p.c->twins[RELU (N_STEPS - 1)], ==, TDBG_NONE);
  g_assert_true (isnan (p.c->errors[RELU (N_STEPS - 1)]));
}

/* An op in one run only is listed, and skipped: the rest still pairs. */
static void
test_only_in (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, N_STEPS);
  a.extra_op = "standardize/add/y";
  b.extra_op = "Other_1";
  b.extra_in_cond = TRUE;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
  g_assert_cmpuint (p.c->only_in_a->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (p.c->only_in_a, 0), ==, "outer/standardize/add/y:0");
  g_assert_cmpuint (p.c->only_in_b->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (p.c->only_in_b, 0), ==, "outer/cond_true/Other_1:0");
  g_assert_cmpuint (p.c->compared_traces, ==, 4 * N_STEPS);
  /* A's traces are 5 a step: the twin of A's step-1 Relu is B's. */
  g_assert_cmpuint (p.c->twins[5 + 3], ==, 5 + 3);
  g_assert_cmpuint (p.c->twins[5 + 4], ==, TDBG_NONE);
  g_assert_true (tdbg_comparison_diverges (p.c));
}

static void
test_execution (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  b.change_step = 1;
  b.exec_scale = 2;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_NONE, TDBG_NONE, TDBG_NONE);
  /* AddV2 of step 1 is execution 2; the function calls, named apart, were paired before it. */
  g_assert_cmpuint (p.c->first_execution.kind, ==, TDBG_DIVERGENCE_VALUES);
  g_assert_cmpuint (p.c->first_execution.a, ==, 2);
  g_assert_cmpuint (p.c->first_execution.b, ==, 2);
  g_assert_cmpuint (p.c->compared_executions, ==, 3);
  g_assert_true (tdbg_comparison_diverges (p.c));
}

/* Big enough for several stretches on several cores: the first divergence and the counts
 * come out as a single walk gives them, wherever the stretches part. */
static void
test_stretches (void)
{
  const guint n_steps = 2600, change = 2001;
  g_auto(Pair) p = { 0 };
  CompareRun a, b;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, n_steps);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH, n_steps);
  b.change_step = change;
  b.use_set0 = TRUE;
  b.set0 = INFINITY;
  b.drop_last_relu = TRUE;
  pair_compare (&p, &a, &b, NULL);
  assert_first (p.c, TDBG_DIVERGENCE_HEALTH, RELU (change), RELU (change));
  g_assert_cmpuint (p.c->compared_traces, ==, RELU (change) + 1);
  g_assert_cmpuint (p.c->compared_all, ==, 4 * n_steps);
  g_assert_cmpuint (p.c->diverging_traces, ==, 2);
  g_assert_cmpuint (op_error (p.c, "outer/Relu:0")->compared, ==, n_steps);
  g_assert_cmpuint (op_error (p.c, "outer/Relu:0")->first_diverging, ==, RELU (change));
  g_assert_cmpint (p.c->diverging_step, ==, change);
}

/* The report names both sides and the JSON states the facts. */
static void
test_reports (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;
  g_autofree char *text = NULL, *markdown = NULL, *json_text = NULL;
  TdbgJson *json = tdbg_json_new (FALSE);

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  b.change_step = 1;
  b.scale = 2;
  pair_compare (&p, &a, &b, NULL);
  text = tdbg_comparison_text (p.c, 5);
  g_assert_true (g_str_has_prefix (text, "The runs first part at Relu:0 in graph outer_98 (trace #7 of run A, #7 of run B)"));
  g_assert_nonnull (strstr (text, "Run B: Relu:0 (Relu) in graph outer_301, trace #7"));
  g_assert_nonnull (strstr (text, "  outer/Relu:0  1/3  "));
  markdown = tdbg_comparison_markdown (p.c, "r-a-graph.png", NULL);
  g_assert_nonnull (strstr (markdown, "](r-a-graph.png)"));
  g_assert_nonnull (strstr (markdown, "| `outer/Relu:0` | 1 / 3 |"));
  tdbg_comparison_json (json, p.c);
  json_text = tdbg_json_free_to_string (json);
  g_assert_nonnull (strstr (json_text, "\"first_divergence\":{\"kind\":\"values\",\"a\":{\"graph_execution_trace_index\":7,"
                                       "\"op_name\":\"Relu\",\"output_slot\":0,\"graph_name\":\"outer_98\""));
  g_assert_nonnull (strstr (json_text, "\"compared_traces\":8,"));
}

/* A record of run B changed after loading: the comparison fails, naming the file and the offset. */
static void
test_changed_file (void)
{
  g_auto(Pair) p = { 0 };
  CompareRun a, b;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgComparison) c = NULL;
  const TdbgFileSet *fs;
  g_autofree char *path = NULL, *expected = NULL;
  guint64 offset;
  FILE *file;

  compare_run_init (&a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, N_STEPS);
  compare_run_init (&b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, N_STEPS);
  pair_compare (&p, &a, &b, NULL);
  fs = tdbg_logdir_get_file_set (p.b, 0);
  offset = tdbg_trace_digest_get_offset (tdbg_logdir_get_trace (p.b, 5));
  path = g_build_filename (p.dir_b, fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].file_name, NULL);
  /* In place, as a writer reusing the file would: one byte of the payload flipped. */
  file = fopen (path, "r+b");
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, (long) offset + 20, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc (0x5a, file), !=, EOF);
  fclose (file);
  c = tdbg_comparison_new (p.a, p.b, NULL, NULL, &error);
  g_assert_null (c);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
  expected = g_strdup_printf ("%s: the record at offset %" G_GUINT64_FORMAT " ",
                              fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].file_name, offset);
  g_assert_true (g_str_has_prefix (error->message, expected));
}

int
main (int argc, char **argv)
{
  const struct { const char *name; Tensorflow__TensorDebugMode mode; } modes[] = {
    { "NO_TENSOR", TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR },
    { "CURT_HEALTH", TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH },
    { "CONCISE_HEALTH", TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH },
    { "FULL_HEALTH", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH },
    { "SHAPE", TENSORFLOW__TENSOR_DEBUG_MODE__SHAPE },
    { "FULL_TENSOR", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR },
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/suffix", test_suffix);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/compare/nothing/%s", modes[i].name);
      g_test_add_data_func (path, GUINT_TO_POINTER (modes[i].mode), test_nothing);
    }
  for (guint i = 1; i < 4; i++)
    {
      g_autofree char *path = g_strdup_printf ("/compare/health/%s", modes[i].name);
      g_test_add_data_func (path, GUINT_TO_POINTER (modes[i].mode), test_health);
    }
  g_test_add_func ("/compare/values", test_values);
  g_test_add_func ("/compare/tolerance", test_tolerance);
  g_test_add_func ("/compare/non-finite", test_non_finite);
  g_test_add_func ("/compare/dtype-shape", test_dtype_shape);
  g_test_add_func ("/compare/shape-mode", test_shape_mode);
  g_test_add_func ("/compare/mode", test_mode);
  g_test_add_func ("/compare/missing", test_missing);
  g_test_add_func ("/compare/awaiting", test_awaiting);
  g_test_add_func ("/compare/only-in", test_only_in);
  g_test_add_func ("/compare/execution", test_execution);
  g_test_add_func ("/compare/stretches", test_stretches);
  g_test_add_func ("/compare/reports", test_reports);
  g_test_add_func ("/compare/changed-file", test_changed_file);
  return g_test_run ();
}
