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
  for (const char *const *t = (const char *const[]) { "Div", "RealDiv", "FloorDiv", "TruncateDiv", NULL }; *t; t++)
    g_assert_cmpstr (tdbg_root_cause_family_of (*t), ==, "division");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Reciprocal"), ==, "reciprocal");
  g_assert_cmpstr (tdbg_root_cause_family_of ("SqrtGrad"), ==, "sqrt-grad");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Mean"), ==, "mean");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Min"), ==, "max-min");
  g_assert_cmpstr (tdbg_root_cause_family_of ("BesselK1e"), ==, "bessel-k");
  g_assert_cmpstr (tdbg_root_cause_family_of ("Zeta"), ==, "zeta");
  g_assert_cmpstr (tdbg_root_cause_family_of ("_UnaryOpsComposition"), ==, "unary-composition");
  /* Patterns: "Conv*" and "_MklFused*" match by prefix. */
  for (const char *const *t = (const char *const[]) { "MatMul", "BatchMatMulV3", "Conv2D", "Conv3DBackpropInputV2",
                                                       "_FusedConv2D", "_MklFusedMatMul", NULL }; *t; t++)
    g_assert_cmpstr (tdbg_root_cause_family_of (*t), ==, "matmul");
  /* A prefix or suffix of a listed type is another op; an unknown op is in no row. */
  g_assert_null (tdbg_root_cause_family_of ("Lo"));
  g_assert_cmpstr (tdbg_root_cause_family_of ("Log1p"), ==, "log1p");
  g_assert_null (tdbg_root_cause_family_of ("Logistic"));
  g_assert_null (tdbg_root_cause_family_of ("MyCustomOp"));
  g_assert_null (tdbg_root_cause_family_of (NULL));
}

/* Every row cites its semantics and has a rule unless it says the op is finite from finite
 * inputs; every rule's input is one the op has. */
static void
test_catalogue_rows (void)
{
  for (guint i = 0; i < tdbg_cause_catalogue_n_rows (); i++)
    {
      const TdbgCauseRow *row = tdbg_cause_catalogue_row (i);
      g_assert_nonnull (row->semantics);
      g_assert_cmpuint (strlen (row->semantics), >, 10);
      g_assert_true (row->op_types[0] == ' ' && row->op_types[strlen (row->op_types) - 1] == ' ');
      for (guint k = 0; k < TDBG_CAUSE_MAX_RULES; k++)
        g_assert_cmpint (row->rules[k].input, <, 10);
      g_autofree char *trimmed = g_strstrip (g_strdup (row->op_types));
      g_auto(GStrv) types = g_strsplit (trimmed, " ", -1);
      g_assert_true (tdbg_cause_catalogue_lookup (types[0]) == row);
    }
  g_assert_null (tdbg_cause_catalogue_row (tdbg_cause_catalogue_n_rows ()));
}

#define U NAN

/* The decision for @op whose output held @kinds (0: the mode only tells "some"), its input @k
 * of two recorded with these zeros, negatives and size (NAN: not told), the other unknown. */
static TdbgCause
decide (const char *op, TdbgKinds kinds, guint k, double zeros, double negatives, double size)
{
  TdbgInputEvidence inputs[2] = { { TRUE, U, U, U }, { TRUE, U, U, U } };
  inputs[k] = (TdbgInputEvidence) { TRUE, zeros, negatives, size };
  return tdbg_cause_decide (tdbg_cause_catalogue_lookup (op), kinds, inputs, 2).cause;
}

/* With no input recorded at all; one at least may have held NaN/∞ unless @finite (integers,
 * constants). */
static TdbgCauseDecision
decide_unrecorded_of (const char *op, TdbgKinds kinds, gboolean finite)
{
  TdbgInputEvidence inputs[2] = { { FALSE, U, U, U, !finite }, { FALSE, U, U, U, FALSE } };
  return tdbg_cause_decide (tdbg_cause_catalogue_lookup (op), kinds, inputs, 2);
}

static TdbgCauseDecision
decide_unrecorded (const char *op, TdbgKinds kinds)
{
  return decide_unrecorded_of (op, kinds, FALSE);
}

static void
test_rule_table (void)
{
  const TdbgKinds N = TDBG_KIND_NEG_INF, P = TDBG_KIND_POS_INF, Q = TDBG_KIND_NAN;

  /* Output kinds known (FULL_HEALTH, CONCISE_HEALTH, FULL_TENSOR). */
  g_assert_cmpint (decide ("Log", N, 0, U, U, U), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (decide ("Log", Q, 0, U, U, U), ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_cmpint (decide ("Sqrt", Q, 0, U, U, U), ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpint (decide ("Rsqrt", P, 0, U, U, U), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (decide ("Rsqrt", Q, 0, U, U, U), ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpint (decide ("RealDiv", Q, 1, U, U, U), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (decide ("Div", P, 1, 3, 0, 8), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  /* x/y = +∞ with no zero in y: the quotient overflowed. */
  g_assert_cmpint (decide ("Div", P, 1, 0, 0, 8), ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (decide ("Reciprocal", N, 0, U, U, U), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (decide ("Exp", P, 0, U, U, U), ==, TDBG_CAUSE_OVERFLOW);
  /* NaN from finite inputs is never an overflow. */
  g_assert_cmpint (decide ("Exp", Q, 0, U, U, U), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  g_assert_cmpint (decide ("Mul", Q, 0, U, U, U), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  g_assert_cmpint (decide ("MatMul", Q, 0, U, U, U), ==, TDBG_CAUSE_INF_MINUS_INF);
  g_assert_cmpint (decide ("MyCustomOp", Q, 0, 0, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  g_assert_cmpint (decide ("MyCustomOp", P, 0, 0, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  /* The known wrong cases: tf.norm's gradient at zero, the mean of an empty mask. */
  g_assert_cmpint (decide ("SqrtGrad", P, 0, 1, 0, 1), ==, TDBG_CAUSE_GRADIENT_AT_ZERO);
  g_assert_cmpint (decide ("Mean", Q, 0, 0, 0, 0), ==, TDBG_CAUSE_EMPTY_REDUCTION);
  /* The max of nothing is −∞, the min +∞: a reduction of nothing, as a mean's NaN is. */
  g_assert_cmpint (decide ("Max", N, 0, 0, 0, 0), ==, TDBG_CAUSE_EMPTY_REDUCTION);
  g_assert_cmpint (decide ("Min", P, 0, U, U, U), ==, TDBG_CAUSE_EMPTY_REDUCTION);
  g_assert_cmpint (decide ("Max", N, 0, 0, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  g_assert_cmpint (decide_unrecorded ("Max", N).cause, ==, TDBG_CAUSE_EMPTY_REDUCTION);
  /* Special functions at their domain's edges, as TensorFlow 2.21 computes them. */
  g_assert_cmpint (decide ("Erfinv", P, 0, 0, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("Erfinv", Q, 0, 0, 0, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide_unrecorded ("Ndtri", N).cause, ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide_unrecorded ("Ndtri", P).cause, ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("Ndtri", Q, 0, 0, 1, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("BesselY0", N, 0, 1, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("BesselY0", N, 0, 0, 1, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("BesselY1", Q, 0, 1, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("BesselK1e", P, 0, 0, 2, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("BesselK0", P, 0, 2, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide_unrecorded ("Expint", N).cause, ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("Expint", Q, 0, 0, 3, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("Expint", P, 0, 0, 0, 4), ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (decide ("Zeta", P, 1, 1, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide_unrecorded ("Zeta", Q).cause, ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("Mean", Q, 0, 0, 0, 4), ==, TDBG_CAUSE_INF_MINUS_INF);
  g_assert_cmpint (decide ("Mean", P, 0, 0, 0, 4), ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (decide ("Lgamma", P, 0, 1, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("Acos", Q, 0, 0, 0, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("Xlogy", N, 1, 1, 0, 4), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (decide ("Pow", Q, 0, 0, 2, 4), ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (decide ("Pow", P, 0, 1, 0, 4), ==, TDBG_CAUSE_POLE);
  g_assert_cmpint (decide ("LogMatrixDeterminant", N, 0, U, U, U), ==, TDBG_CAUSE_SINGULAR_MATRIX);
  g_assert_cmpint (decide ("ResourceApplyAdam", Q, 1, U, U, U), ==, TDBG_CAUSE_ZERO_EPSILON);
  g_assert_cmpint (decide ("FusedBatchNormV3", Q, 0, 0, 0, 0), ==, TDBG_CAUSE_EMPTY_REDUCTION);
  g_assert_cmpint (decide ("Softmax", Q, 0, 0, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  /* A Log's NaN whose input held no negative but zeros is not a log of a negative. */
  g_assert_cmpint (decide ("Log", Q, 0, 2, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  /* CURT_HEALTH: the kind is unknown; the input's counts, where some mode recorded them, pick. */
  g_assert_cmpint (decide ("Log", 0, 0, 2, 0, 4), ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (decide ("Log", 0, 0, 0, 2, 4), ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_cmpint (decide ("Rsqrt", 0, 0, 1, 0, 4), ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  /* Nothing recorded of the inputs: the op and its output's kind alone, where they decide. */
  g_assert_cmpint (decide_unrecorded ("Log", N).cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_true (decide_unrecorded ("Log", N).inferred);
  g_assert_cmpint (decide_unrecorded ("Log", Q).cause, ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_cmpint (decide_unrecorded ("Log", 0).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (decide_unrecorded ("Log", N | Q).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (decide_unrecorded ("Mul", P).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  /* An op the catalogue does not know, an input not recorded that may have brought the NaN/∞:
   * not "from finite inputs". With none that could (integers, constants), it is. */
  g_assert_cmpint (decide_unrecorded ("MyCustomOp", P).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (decide_unrecorded_of ("MyCustomOp", P, TRUE).cause, ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  /* Ops that only move values pass on what an input not recorded held, whatever the kind; an
   * input recorded finite did not bring it. */
  for (const char *const *t = (const char *const[]) { "Transpose", "Reshape", "GatherV2", "StridedSlice", "ConcatV2",
                                                       "SelectV2", NULL }; *t; t++)
    {
      g_assert_cmpint (decide_unrecorded (*t, Q).cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
      g_assert_true (decide_unrecorded (*t, Q).inferred);
      g_assert_cmpint (decide_unrecorded (*t, N | P).cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
      g_assert_cmpint (decide (*t, Q, 0, 0, 0, 4), ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
    }
  /* A MatMul of a recorded weight and an input not recorded that may have held NaN: a NaN out is
   * not inferred to be ∞ − ∞ inside it (NaN in the data is the likelier); ±∞ is still an
   * overflow, inferred. */
  {
    TdbgInputEvidence inputs[2] = { { FALSE, U, U, U, TRUE }, { TRUE, 0, 9, 15, FALSE } };
    g_assert_cmpint (tdbg_cause_decide (tdbg_cause_catalogue_lookup ("MatMul"), Q, inputs, 2).cause, ==,
                     TDBG_CAUSE_INPUTS_NOT_RECORDED);
    g_assert_cmpint (tdbg_cause_decide (tdbg_cause_catalogue_lookup ("MatMul"), P, inputs, 2).cause, ==,
                     TDBG_CAUSE_OVERFLOW);
    g_assert_true (tdbg_cause_decide (tdbg_cause_catalogue_lookup ("MatMul"), P, inputs, 2).inferred);
  }
  /* Its first input alone brings a Transpose's values: the permutation is an integer. */
  {
    TdbgInputEvidence inputs[2] = { { TRUE, 0, 0, 4, FALSE }, { FALSE, U, U, U, TRUE } };
    g_assert_cmpint (tdbg_cause_decide (tdbg_cause_catalogue_lookup ("Transpose"), Q, inputs, 2).cause, ==,
                     TDBG_CAUSE_NOT_IN_CATALOGUE);
    g_assert_cmpint (tdbg_cause_decide (tdbg_cause_catalogue_lookup ("ConcatV2"), Q, inputs, 2).cause, ==,
                     TDBG_CAUSE_NONFINITE_INPUT);
  }
  /* No input recorded, but none could hold NaN/∞ (integers the health modes skip): ±∞ from
   * finite inputs is an overflow, told; what needs an input's counts is still not guessed. */
  g_assert_cmpint (decide_unrecorded_of ("Cast", P, TRUE).cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_false (decide_unrecorded_of ("Cast", P, TRUE).inferred);
  g_assert_cmpint (decide_unrecorded_of ("Sum", Q, TRUE).cause, ==, TDBG_CAUSE_INF_MINUS_INF);
  g_assert_cmpint (decide_unrecorded_of ("Log", 0, TRUE).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (decide_unrecorded_of ("Pow", P, TRUE).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (decide_unrecorded_of ("Sum", 0, TRUE).cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  /* CURT_HEALTH: a Cast makes nothing but an overflow from finite inputs, inferred. */
  g_assert_cmpint (decide_unrecorded_of ("Cast", 0, TRUE).cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_true (decide_unrecorded_of ("Cast", 0, TRUE).inferred);
  g_assert_cmpstr (tdbg_cause_code (TDBG_CAUSE_DIVISION_BY_ZERO), ==, "division_by_zero");
  g_assert_cmpstr (tdbg_cause_code (TDBG_CAUSE_NONFINITE_INPUT), ==, "nonfinite_input");
  g_assert_cmpstr (tdbg_cause_code (TDBG_CAUSE_NOT_IN_CATALOGUE), ==, "not_in_catalogue");
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
static const double neg_inf_only[6] = { 4, 0, 0, 0, 0, 0 };
static const double pos_inf_only[6] = { 0, 4, 0, 0, 0, 0 };
static const double one_zero[6] = { 0, 0, 0, 0, 1, 0 };

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
  /* The zeros of the denominator explain the NaN when they were seen: it is the culprit. */
  g_assert_true (denominator->culprit == !inferred);
  g_assert_false (g_array_index (rc->inputs, TdbgCauseInput, 0).culprit);
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

/* The root cause in a logdir written in @dir whose one traced op, @type of @inputs after the
 * placeholder "a" (its function's argument, never traced), held NaN everywhere. */
static TdbgRootCause *
cause_of_one_op (const char *dir, const char *type, const char *const *inputs, TdbgLogdir **logdir)
{
  g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);

  add_op (w, type, "op", inputs);
  add_trace (w, 10, "op", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return cause_fixture_find (dir, logdir);
}

/* The inputs of the first bad op are its function's arguments, which TensorFlow never traces:
 * said so, not blamed on a circular buffer. */
static void
test_inputs_not_recorded (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_of_one_op (dir, "MatMul", (const char *const[]) { "a:0", "a:0", NULL }, &logdir);

  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpuint (rc->inputs->len, ==, 2);
  g_assert_cmpuint (g_array_index (rc->inputs, TdbgCauseInput, 0).trace, ==, TDBG_NONE);
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_FUNCTION_ARGUMENT);
  g_assert_cmpint (g_array_index (rc->inputs, TdbgCauseInput, 0).unrecorded, ==, TDBG_UNRECORDED_FUNCTION_ARGUMENT);
  g_assert_null (strstr (rc->hint, "circular_buffer_size"));
  g_assert_null (strstr (rc->explanation, "circular"));
  g_assert_nonnull (strstr (rc->explanation, "argument"));
  test_remove_tree (dir);
}

/* The same, in a function called by another (Keras's one_step_on_data inside
 * multi_step_on_iterator, a replica's step under MirroredStrategy): its placeholder is an
 * argument too, fed by the calling function, never "an op TensorFlow does not record". */
static void
test_nested_function_argument (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "host", 1, 1, "run", "2.17.0", NULL);
    gint32 ids[1] = { 0 };
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "outer", "multi_step", NULL, NULL));
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, GRAPH, "one_step", "outer", NULL));
    g_assert_true (tdbg_fixture_writer_add_op (w, 1, "outer", "multi_step", "Const", "c", (const char *const[]) { NULL },
                                               ids, 1, NULL, NULL));
    add_op (w, "Placeholder", "data_3", (const char *const[]) { NULL });
    add_op (w, "Log", "op", (const char *const[]) { "data_3:0", NULL });
    add_trace (w, 10, "op", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpint (g_array_index (rc->inputs, TdbgCauseInput, 0).unrecorded, ==, TDBG_UNRECORDED_FUNCTION_ARGUMENT);
  g_assert_nonnull (strstr (rc->explanation, "argument"));
  g_assert_null (strstr (rc->explanation, "Placeholder"));
  test_remove_tree (dir);
}

/* The first bad op only moves values (a Transpose of the batch, as Keras's LSTM starts), its
 * input a function argument: the NaN came in with the argument (the op passed it on, it did not
 * make it from finite inputs), and the advice is to check the arguments before the call. */
static void
test_passed_on_from_argument (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_of_one_op (dir, "Transpose", (const char *const[]) { "a:0", NULL }, &logdir);

  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_cmpstr (rc->family, ==, "moves-values");
  g_assert_true (rc->inferred);
  g_assert_cmpint (rc->evidence_input, ==, 0);
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_FUNCTION_ARGUMENT);
  g_assert_nonnull (strstr (rc->explanation, "passed on"));
  g_assert_null (strstr (rc->explanation, "finite inputs"));
  g_assert_nonnull (strstr (rc->limitation, "argument"));
  g_assert_nonnull (strstr (rc->hint, "before the call"));
  test_remove_tree (dir);
}

/* A constant of the graph holding −∞ (a mask written with -np.inf): the program wrote it, which
 * is said, with the first NaN it led to and advice for a value meant and one written by mistake;
 * not "from outside the recording". */
static void
test_constant (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Const", "mask_value", (const char *const[]) { NULL });
    add_op (w, "SelectV2", "masked", (const char *const[]) { "a:0", "a:0", "mask_value:0", NULL });
    add_op (w, "Softmax", "probs", (const char *const[]) { "masked:0", NULL });
    add_trace (w, 10, "mask_value", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 11, "masked", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 12, "probs", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_CONSTANT);
  g_assert_cmpstr (tdbg_cause_code (rc->cause), ==, "constant");
  g_assert_nonnull (strstr (rc->explanation, "constant of the graph holding −∞"));
  g_assert_null (strstr (rc->explanation, "outside"));
  g_assert_nonnull (strstr (rc->hint, "mask"));
  g_assert_null (rc->limitation);
  /* What it led to: the select passed the −∞ on, the softmax made NaN of it. */
  g_assert_cmpuint (rc->first_nan_after, ==, 2);
  g_assert_nonnull (strstr (rc->explanation, "The first NaN after it is probs (Softmax), trace #2."));
  g_assert_cmpuint (rc->constant_before, ==, TDBG_NONE);
  test_remove_tree (dir);
}

/* A loss scaler's first calls overflow and are skipped; whether NaN/∞ stopped once its scale
 * settled is told from the last call of the step function a trace of its graph went bad in. */
static void
check_checked_settled (gboolean settled)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Identity", "x", (const char *const[]) { "a:0", NULL });
    add_op (w, "Exp", "grad", (const char *const[]) { "x:0", NULL });
    add_op (w, "IsFinite", "is_finite", (const char *const[]) { "grad:0", NULL });
    for (guint call = 1; call <= 3; call++)
      {
        gboolean bad = call < 3 || !settled;
        add_trace (w, 10 * call, "x", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
        add_trace (w, 10 * call + 1, "grad", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                   bad ? pos_inf_only : finite_positive);
        cause_fixture_add_execution (w, 10 * call + 2, "__inference_f_1", GRAPH, CAUSE_FULL, NULL, 0, call,
                                     cause_finite_positive);
      }
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->checked_by, !=, TDBG_NONE);
  g_assert_cmpuint (rc->step_call, ==, 1);
  g_assert_cmpuint (rc->step_calls, ==, 3);
  g_assert_cmpuint (rc->step_last_bad_call, ==, settled ? 2 : 3);
  g_assert_nonnull (strstr (rc->explanation, settled ? "NaN/∞ came up to call 2 of the 3 recorded, then stopped"
                                                     : "NaN/∞ came until the last of the 3 calls recorded"));
  test_remove_tree (dir);
}

static void test_checked_settled (void) { check_checked_settled (TRUE); }
static void test_checked_not_settled (void) { check_checked_settled (FALSE); }

/* A mask's −∞ is the first alert, and the softmax of it is finite; the first NaN after it is a
 * division of finite values by a zero (a mean over padding that is all zero): that NaN is
 * explained, its division by zero, and the constant said not to have made it. */
static void
test_constant_before_nan_made_apart (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Const", "mask_value", (const char *const[]) { NULL });
    add_op (w, "SelectV2", "masked", (const char *const[]) { "a:0", "a:0", "mask_value:0", NULL });
    add_op (w, "Softmax", "probs", (const char *const[]) { "masked:0", NULL });
    add_op (w, "Sum", "count", (const char *const[]) { "a:0", NULL });
    add_op (w, "RealDiv", "mean", (const char *const[]) { "probs:0", "count:0", NULL });
    add_trace (w, 10, "mask_value", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 11, "masked", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 12, "probs", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 13, "count", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 14, "mean", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->origin_trace, ==, 4);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpuint (rc->constant_before, !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->constant_before)->op_name, ==, "mask_value");
  g_assert_nonnull (strstr (rc->explanation, "The first alert, mask_value (Const)"));
  test_remove_tree (dir);
}

/* tf.where(a > 0, tf.math.log(a), 0.) then b / a: the Log's −∞ is the first alert, but the
 * SelectV2 reading it came out finite (a guard discarded it); the division went bad on its own
 * and is explained, the guard said. When the select passed the −∞ on, the Log stays. */
static void
check_guarded (gboolean guard_holds, gboolean division_bad)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Placeholder", "b", (const char *const[]) { NULL });
    add_op (w, "Log", "l", (const char *const[]) { "a:0", NULL });
    add_op (w, "SelectV2", "guarded", (const char *const[]) { "a:0", "l:0", "a:0", NULL });
    add_op (w, "RealDiv", "ratio", (const char *const[]) { "b:0", "a:0", NULL });
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 10.5, "b", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 11, "l", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 12, "guarded", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, guard_holds ? finite_with_zero : neg_inf_only);
    add_trace (w, 13, "ratio", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, division_bad ? pos_inf_only : finite_positive);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  if (guard_holds && !division_bad)
    {
      /* Discarded, and nothing bad after it: harmless, said. */
      g_assert_cmpuint (rc->origin_trace, ==, 2);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->discarded_by)->op_name, ==, "guarded");
      g_assert_nonnull (strstr (rc->explanation, "nothing went bad after it"));
      g_assert_true (g_str_has_prefix (rc->hint, "Nothing to fix if the program means to discard it."));
    }
  else if (guard_holds)
    {
      g_assert_cmpuint (rc->discarded_by, ==, TDBG_NONE);
      g_assert_cmpuint (rc->origin_trace, ==, 4);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
      g_assert_cmpuint (rc->guarded_trace, ==, 2);
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->guarded_op)->op_name, ==, "l");
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->guarded_by)->op_name, ==, "guarded");
      g_assert_nonnull (strstr (rc->explanation, "The first NaN/∞, l (Log, trace #2), was discarded: guarded (SelectV2)"));
    }
  else
    {
      g_assert_cmpuint (rc->origin_trace, ==, 2);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
      g_assert_cmpuint (rc->guarded_trace, ==, TDBG_NONE);
    }
  test_remove_tree (dir);
}

static void test_guarded (void) { check_guarded (TRUE, TRUE); }
static void test_guard_passed_it_on (void) { check_guarded (FALSE, TRUE); }
static void test_guarded_nothing_after (void) { check_guarded (TRUE, FALSE); }

/* An op made the −∞ from constants alone (tf.nn.ctc_loss's log(0.), a log-space zero): the
 * program wrote it so, said as a constant; the first NaN it led to is named. A division of a
 * traced value by a constant zero is not made of constants alone. */
static void
test_made_of_constants (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *div_dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL, div_logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL, div = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Const", "zero", (const char *const[]) { NULL });
    add_op (w, "Log", "log_zero", (const char *const[]) { "zero:0", NULL });
    add_op (w, "Mul", "m", (const char *const[]) { "log_zero:0", "zero:0", NULL });
    add_trace (w, 10, "zero", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, "log_zero", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 12, "m", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_trace, ==, 1);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_CONSTANT);
  g_assert_nonnull (strstr (rc->explanation, "log_zero (Log) produced −∞ from constants alone (zero)"));
  g_assert_nonnull (strstr (rc->explanation, "The first NaN after it is m (Mul), trace #2."));
  g_assert_nonnull (strstr (rc->hint, "tf.nn.ctc_loss"));
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (div_dir);
    add_op (w, "Const", "zero", (const char *const[]) { NULL });
    add_op (w, "RealDiv", "d", (const char *const[]) { "a:0", "zero:0", NULL });
    add_trace (w, 10, "zero", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, "d", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  div = cause_fixture_find (div_dir, &div_logdir);
  g_assert_cmpint (div->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  /* A constant zero denominator is corrected where it is set, not hidden by divide_no_nan. */
  g_assert_true (g_str_has_prefix (div->hint, "The denominator is a constant the program wrote as zero"));
  test_remove_tree (dir);
  test_remove_tree (div_dir);
}

/* An overflow whose values the program checks with tf.math.is_finite (a loss scaler's, before
 * its update): the nearest IsFinite downstream is named and the advice is the loss scaler's.
 * Without the check, the overflow's own advice. */
static void
check_overflow_checked (gboolean checked)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Identity", "x", (const char *const[]) { "a:0", NULL });
    add_op (w, "Exp", "grad", (const char *const[]) { "x:0", NULL });
    add_op (w, "Mul", "scaled", (const char *const[]) { "grad:0", "x:0", NULL });
    if (checked)
      add_op (w, "IsFinite", "is_finite", (const char *const[]) { "scaled:0", NULL });
    add_trace (w, 10, "x", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 11, "grad", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  if (checked)
    {
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->checked_by)->op_name, ==, "is_finite");
      g_assert_nonnull (strstr (rc->explanation, "The program checks these values: they reach is_finite (IsFinite)"));
      g_assert_nonnull (strstr (rc->hint, "expected under dynamic loss scaling"));
    }
  else
    {
      g_assert_cmpuint (rc->checked_by, ==, TDBG_NONE);
      g_assert_null (strstr (rc->explanation, "checks these values"));
      g_assert_nonnull (strstr (rc->hint, "lower the learning rate"));
    }
  test_remove_tree (dir);
}

static void test_overflow_checked (void) { check_overflow_checked (TRUE); }
static void test_overflow_unchecked (void) { check_overflow_checked (FALSE); }

/* An op the catalogue does not know whose input is a function argument: the argument may have
 * brought the NaN, so no "from finite inputs" and no cause guessed. */
static void
test_unknown_op_of_argument (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = cause_of_one_op (dir, "MyCustomOp", (const char *const[]) { "a:0", NULL }, &logdir);

  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_FUNCTION_ARGUMENT);
  g_assert_null (strstr (rc->explanation, "finite inputs"));
  g_assert_nonnull (strstr (rc->explanation, "argument"));
  test_remove_tree (dir);
}

/* A call of the function was written before the earliest trace kept of its ops: the logdir
 * shows that a circular buffer dropped the inputs' traces, and that is said. */
static void
test_circular_buffer_shown (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Exp", "u", (const char *const[]) { "a:0", NULL });
    add_op (w, "MatMul", "mm", (const char *const[]) { "u:0", "u:0", NULL });
    cause_fixture_add_execution (w, 5, "__inference_f_1", GRAPH, CAUSE_FULL, NULL, 0, 7, cause_finite_positive);
    add_trace (w, 10, "mm", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    add_trace (w, 11, "u", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_INPUTS_NOT_RECORDED);
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_CIRCULAR_BUFFER);
  g_assert_nonnull (strstr (rc->hint, "circular_buffer_size"));
  test_remove_tree (dir);
}

/* A mean over an empty axis whose axis, an int32 Const, TensorFlow does not trace in a health
 * mode: the axis is said to be left out for its type, not made by an op TensorFlow does not
 * record; and it is not the input the mean of nothing is told of. */
static void
check_integer_axis (Tensorflow__TensorDebugMode mode)
{
  static const double empty[6] = { 0, 0, 0, 0, 0, 0 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  g_autofree char *note = NULL;
  const TdbgCauseInput *axis;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Exp", "e", (const char *const[]) { "a:0", NULL });
    add_op (w, "Const", "Mean/reduction_indices", (const char *const[]) { NULL });
    add_op (w, "Mean", "m", (const char *const[]) { "e:0", "Mean/reduction_indices:0", NULL });
    add_trace (w, 10, "e", mode, empty);
    add_trace (w, 11, "m", mode, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  axis = &g_array_index (rc->inputs, TdbgCauseInput, 1);
  g_assert_cmpint (axis->unrecorded, ==, TDBG_UNRECORDED_DTYPE);
  g_assert_cmpstr (tdbg_unrecorded_code (axis->unrecorded), ==, "dtype");
  note = tdbg_root_cause_unrecorded_text (axis);
  g_test_message ("%s: %s", tdbg_debug_mode_name (mode), note);
  g_assert_nonnull (strstr (note, "floating-point"));
  g_assert_nonnull (strstr (note, tdbg_debug_mode_name (mode)));
  g_assert_null (strstr (note, "Const"));
  g_assert_false (axis->culprit);
  /* CONCISE_HEALTH and FULL_HEALTH record the size of what was averaged; CURT_HEALTH does not. */
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_EMPTY_REDUCTION);
  g_assert_true (g_array_index (rc->inputs, TdbgCauseInput, 0).culprit == (mode != TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH));
  test_remove_tree (dir);
}

static void
test_integer_axis (void)
{
  check_integer_axis (TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH);
  check_integer_axis (TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH);
  check_integer_axis (TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH);
}

/* A count (a Sum of integers, never traced in FULL_HEALTH) cast to float16 gives +∞: its input
 * holds no NaN/∞, being an integer, so the +∞ is an overflow from finite inputs, told, and the
 * count is said to be left out for its type. */
static void
test_integer_input_overflow (void)
{
  static const double pos_inf[6] = { 0, 1, 0, 0, 0, 0 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Const", "Const", (const char *const[]) { NULL });
    add_op (w, "Sum", "count", (const char *const[]) { "a:0", "Const:0", NULL });
    add_op (w, "Cast", "c", (const char *const[]) { "count:0", NULL });
    add_trace (w, 10, "c", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_false (rc->inferred);
  g_assert_cmpint (g_array_index (rc->inputs, TdbgCauseInput, 0).unrecorded, ==, TDBG_UNRECORDED_DTYPE);
  g_assert_nonnull (strstr (rc->explanation, "from finite inputs"));
  g_assert_null (strstr (rc->explanation, "unless"));
  test_remove_tree (dir);
}

/* Eager: an int32 count (TensorFlow writes an empty TensorProto for it in a health mode) cast
 * to float16 gives +∞: the count is left out for its type and holds no NaN/∞, so it is an
 * overflow from finite inputs. */
static void
test_eager_integer_input (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, NULL);
    Tensorflow__TensorProto skipped = TENSORFLOW__TENSOR_PROTO__INIT;
    gint64 count = 7;
    TdbgFixtureExecution sum = {
      .op_type = "Sum", .mode = CAUSE_FULL, .n_outputs = 1, .output_ids = &count,
      .n_tensor_protos = 1, .tensor_protos = (Tensorflow__TensorProto *const[]) { &skipped },
    };
    g_assert_true (tdbg_fixture_writer_add_execution_full (w, 10, &sum, NULL));
    cause_fixture_add_execution (w, 11, "Cast", NULL, CAUSE_FULL, &count, 1, 8, cause_pos_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->origin_execution, ==, 1);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_cmpint (g_array_index (rc->inputs, TdbgCauseInput, 0).unrecorded, ==, TDBG_UNRECORDED_DTYPE);
  g_assert_nonnull (strstr (rc->explanation, "from finite inputs"));
  test_remove_tree (dir);
}

/* ResourceApplyAdam has no output TensorFlow records: the NaN it wrote into a variable is first
 * seen in the variable's next read. The update given the read's handle before it in the graph
 * is the origin, inferred, its cause told by its traced epsilon of 0; an update created after
 * the read did not write what it saw, and the read stays the origin. */
static void
check_untraced_writer (gboolean update_first)
{
  g_autofree char *dir = cause_fixture_write_untraced_update (!update_first);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;

  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->origin_trace, ==, 1);
  if (!update_first)
    {
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
      g_assert_cmpstr (rc->origin_op_type, ==, "ReadVariableOp");
      g_assert_false (rc->origin_untraced);
      test_remove_tree (dir);
      return;
    }
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_ZERO_EPSILON);
  g_assert_cmpstr (rc->origin_op_type, ==, "ResourceApplyAdam");
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==, "update");
  g_assert_true (rc->origin_untraced);
  g_assert_true (g_array_index (rc->inputs, TdbgCauseInput, 8).culprit);
  g_assert_nonnull (strstr (rc->explanation, "its epsilon eps was zero"));
  g_assert_nonnull (strstr (rc->explanation, "so it is inferred as the origin"));
  /* The read's trace is not the update's own: its NaN is the spread. */
  g_assert_cmpuint (rc->spread_traces, ==, 1);
  test_remove_tree (dir);
}

static void
test_untraced_writer (void)
{
  check_untraced_writer (TRUE);
  check_untraced_writer (FALSE);
}

/* An op the catalogue does not know, NaN from finite inputs: said so, never a guess. */
static void
test_not_in_catalogue (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "MyCustomOp", "c", (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, "c", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NOT_IN_CATALOGUE);
  g_assert_null (rc->family);
  g_assert_nonnull (strstr (rc->explanation, "not in the catalogue"));
  g_assert_null (strstr (rc->hint, "learning rate"));
  g_assert_false (g_array_index (rc->inputs, TdbgCauseInput, 0).culprit);
  test_remove_tree (dir);
}

/* A Cholesky of a matrix that is not positive definite: no summary shows that, so it is
 * inferred, and the sentence names the matrix (the recorded finite input, the culprit). The
 * advice fits the op: inside tf.linalg.lstsq (its scope matrix_solve_ls) that op's own settings,
 * not to use the op the program already uses; a log-determinant's −∞ is its definition, to be
 * kept from by how the matrix is built. */
static void
check_singular (const char *type, const char *op_name, const double *made, const char *advice)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, type, op_name, (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 11, op_name, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, made);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_SINGULAR_MATRIX);
  g_assert_true (rc->inferred);
  g_assert_true (g_array_index (rc->inputs, TdbgCauseInput, 0).culprit);
  g_assert_nonnull (strstr (rc->explanation, "the matrix a is singular"));
  g_assert_nonnull (strstr (rc->hint, advice));
  test_remove_tree (dir);
}

static void
test_singular_names_matrix (void)
{
  check_singular ("Cholesky", "chol", all_nan, "or use tf.linalg.pinv or tf.linalg.lstsq");
  check_singular ("Cholesky", "matrix_solve_ls/Cholesky", all_nan, "pass l2_regularizer > 0, or fast=False");
  check_singular ("Cholesky", "model/fit/matrix_solve_ls_1/Cholesky", all_nan, "pass l2_regularizer > 0");
  check_singular ("Cholesky", "not_matrix_solve_ls/Cholesky", all_nan, "or use tf.linalg.pinv or tf.linalg.lstsq");
  check_singular ("LogMatrixDeterminant", "slogdet", neg_inf_only, "its logarithm −∞ by definition");
}

/* Rsqrt(v + ε) of a variable v holding negatives (a moving variance given log-variances): the
 * card names v's read and advises what wrote it; the same values made by an op (a difference
 * of means gone negative) name no variable. */
static void
check_variable_read (gboolean from_variable)
{
  static const double negatives[6] = { 0, 0, 0, 3, 0, 3 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, from_variable ? "ReadVariableOp" : "Sub", "v", (const char *const[]) { "a:0", NULL });
    add_op (w, "Const", "eps", (const char *const[]) { NULL });
    add_op (w, "AddV2", "add", (const char *const[]) { "v:0", "eps:0", NULL });
    add_op (w, "Rsqrt", "rsqrt", (const char *const[]) { "add:0", NULL });
    add_trace (w, 10, "v", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, negatives);
    add_trace (w, 11, "eps", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 12, "add", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, negatives);
    add_trace (w, 13, "rsqrt", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_SQRT_OF_NEGATIVE);
  g_assert_cmpuint (rc->variable_read, ==, from_variable ? 0 : TDBG_NONE);
  g_assert_true ((strstr (rc->explanation, "The negative values are a variable's: v (ReadVariableOp, trace #0)") != NULL) ==
                 from_variable);
  g_assert_true ((strstr (rc->hint, "look at what wrote it") != NULL) == from_variable);
  test_remove_tree (dir);
}

static void
test_variable_read (void)
{
  check_variable_read (TRUE);
  check_variable_read (FALSE);
}

/* x / tf.norm(x) with a zero norm: when x holds no zero, its squares underflowed and the advice
 * is to scale it, not to hide the division with ε; a zero vector's division gets the guard. */
static void
check_underflowed_norm (gboolean x_holds_zero)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "MatMul", "av", (const char *const[]) { "a:0", "a:0", NULL });
    add_op (w, "Mul", "while/norm/mul", (const char *const[]) { "av:0", "av:0", NULL });
    add_op (w, "Sum", "while/norm/Sum", (const char *const[]) { "while/norm/mul:0", NULL });
    add_op (w, "Sqrt", "while/norm/Sqrt", (const char *const[]) { "while/norm/Sum:0", NULL });
    add_op (w, "RealDiv", "while/truediv", (const char *const[]) { "av:0", "while/norm/Sqrt:0", NULL });
    add_trace (w, 10, "av", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, x_holds_zero ? finite_with_zero : finite_positive);
    add_trace (w, 11, "while/norm/Sqrt", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, one_zero);
    add_trace (w, 12, "while/truediv", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_cmpint (rc->evidence_input, ==, 1);
  g_assert_true ((strstr (rc->hint, "its squares underflowed") != NULL) == !x_holds_zero);
  g_assert_true ((strstr (rc->hint, "tf.math.divide_no_nan") != NULL) == x_holds_zero);
  test_remove_tree (dir);
}

static void
test_underflowed_norm (void)
{
  check_underflowed_norm (FALSE);
  check_underflowed_norm (TRUE);
}

/* e / reduce_sum(e) with e = exp(z) and a zero sum: the exponentials underflowed, and the
 * advice is to subtract the largest exponent, not divide_no_nan; a sum of another op's values
 * gets the guard. */
static void
check_underflowed_exp_sum (const char *term_type)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  gboolean exp = g_str_equal (term_type, "Exp");
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, term_type, "e", (const char *const[]) { "a:0", NULL });
    add_op (w, "Sum", "s", (const char *const[]) { "e:0", NULL });
    add_op (w, "RealDiv", "w", (const char *const[]) { "e:0", "s:0", NULL });
    add_trace (w, 10, "e", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, "s", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, one_zero);
    add_trace (w, 12, "w", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  g_assert_true ((strstr (rc->hint, "exponentials that all underflowed") != NULL) == exp);
  g_assert_true ((strstr (rc->hint, "Guard the denominator") != NULL) == !exp);
  test_remove_tree (dir);
}

static void
test_underflowed_exp_sum (void)
{
  check_underflowed_exp_sum ("Exp");
  check_underflowed_exp_sum ("Relu");
}

/* +∞ from finite inputs: an op that grows exponentially (exp, a Bessel I) is told a form that
 * stays in range; another op, in a run that computes no gradient, the range of its inputs; in
 * a run that trains, the learning rate. */
static void
check_overflow_advice (const char *type, gboolean trains, const char *advice)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Identity", "x", (const char *const[]) { "a:0", NULL });
    add_op (w, type, "op", (const char *const[]) { "x:0", "x:0", NULL });
    if (trains)
      add_op (w, "Mul", "gradient_tape/op/Mul", (const char *const[]) { "x:0", "x:0", NULL });
    add_trace (w, 10, "x", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 11, "op", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OVERFLOW);
  g_assert_nonnull (strstr (rc->hint, advice));
  test_remove_tree (dir);
}

static void
test_overflow_advice (void)
{
  check_overflow_advice ("Mul", FALSE, "nothing here is trained");
  check_overflow_advice ("Mul", TRUE, "lower the learning rate, clip gradients (tf.clip_by_global_norm)");
  check_overflow_advice ("BesselI0", FALSE, "The op grows exponentially");
  check_overflow_advice ("Exp", TRUE, "log(bessel_i0e(x)) + |x|");
}

/* An origin inside a library function is told that function's use (its name scope): Keras's
 * Poisson loss, tf.image.psnr, a normalization layer or an optimizer with epsilon 0; the same
 * op written by hand gets the op's own advice. */
static void
check_scoped_hint (const char *type, const char *name, const double *held, const double *made, TdbgCause cause,
                   const char *advice)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Identity", "x", (const char *const[]) { "a:0", NULL });
    add_op (w, type, name, (const char *const[]) { "x:0", NULL });
    add_trace (w, 10, "x", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, held);
    add_trace (w, 11, name, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, made);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, cause);
  g_assert_nonnull (strstr (rc->hint, advice));
  test_remove_tree (dir);
}

static void
test_scoped_hint (void)
{
  static const double negatives[6] = { 0, 0, 0, 2, 0, 2 };
  static const double neg_inf[6] = { 1, 0, 0, 0, 0, 0 };

  check_scoped_hint ("Log", "compile_loss/poisson/Log", negatives, all_nan, TDBG_CAUSE_LOG_OF_NEGATIVE,
                     "The Poisson loss takes the logarithm of the predicted rate");
  check_scoped_hint ("Log", "compile_loss/rmsle/Log", negatives, all_nan, TDBG_CAUSE_LOG_OF_NEGATIVE,
                     "The argument of the logarithm went negative");
  check_scoped_hint ("Log", "PSNR/Log_2", one_zero, neg_inf, TDBG_CAUSE_LOG_OF_ZERO, "tf.image.psnr takes the logarithm");
  check_scoped_hint ("Rsqrt", "model/layer_normalization_1/Rsqrt", one_zero, pos_inf_only, TDBG_CAUSE_DIVISION_BY_ZERO,
                     "Keep the layer's epsilon above 0");
  check_scoped_hint ("Rsqrt", "batch_normalization/batchnorm/Rsqrt", one_zero, pos_inf_only,
                     TDBG_CAUSE_DIVISION_BY_ZERO, "Keep the layer's epsilon above 0");
  check_scoped_hint ("Rsqrt", "my_norm/Rsqrt", one_zero, pos_inf_only, TDBG_CAUSE_DIVISION_BY_ZERO,
                     "Guard the denominator");
  check_scoped_hint ("Reciprocal", "adagrad/Reciprocal", one_zero, pos_inf_only, TDBG_CAUSE_DIVISION_BY_ZERO,
                     "The division is the optimizer's own update");
  check_scoped_hint ("Reciprocal", "adagrad_helper/Reciprocal", one_zero, pos_inf_only, TDBG_CAUSE_DIVISION_BY_ZERO,
                     "Guard the denominator");
}

/* igamma(a, x) is NaN for a ≤ 0 or x < 0: under CURT_HEALTH, which counts nothing, the cause is
 * told but not which input brought it; under FULL_HEALTH a zero in a is seen, and a is named. */
static void
check_igamma_inputs (Tensorflow__TensorDebugMode mode)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  gboolean counts = mode != TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Identity", "df", (const char *const[]) { "a:0", NULL });
    add_op (w, "Identity", "chi2", (const char *const[]) { "a:0", NULL });
    add_op (w, "Igammac", "p", (const char *const[]) { "df:0", "chi2:0", NULL });
    add_trace (w, 10, "df", mode, finite_with_zero);
    add_trace (w, 11, "chi2", mode, finite_positive);
    add_trace (w, 12, "p", mode, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_OUT_OF_DOMAIN);
  g_assert_cmpint (rc->inferred, ==, !counts);
  g_assert_cmpint (rc->evidence_input, ==, counts ? 0 : -1);
  g_assert_true ((strstr (rc->explanation, "one of its inputs held values outside the op's domain") != NULL) == !counts);
  g_assert_true ((strstr (rc->explanation, "its input df held values outside") != NULL) == counts);
  g_assert_false (g_array_index (rc->inputs, TdbgCauseInput, 1).culprit);
  test_remove_tree (dir);
}

static void
test_igamma_inputs (void)
{
  check_igamma_inputs (TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH);
  check_igamma_inputs (TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH);
}

/* A function call whose output holds −∞ while none of its function's ops was traced (what
 * TensorFlow 2.21 writes for a function loaded with tf.saved_model.load): the function is
 * not instrumented, said with its name, never "not in the catalogue". */
static void
test_function_not_instrumented (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Log", "l", (const char *const[]) { "a:0", NULL });
    cause_fixture_add_execution (w, 5, "__inference_restored_function_body_9", GRAPH, CAUSE_FULL, NULL, 0, 7,
                                 cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpuint (rc->origin_execution, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NOT_INSTRUMENTED);
  g_assert_cmpstr (tdbg_cause_code (rc->cause), ==, "not_instrumented");
  g_assert_cmpint (rc->unrecorded, ==, TDBG_UNRECORDED_NOT_INSTRUMENTED);
  g_assert_cmpstr (rc->function_name, ==, "f");
  g_assert_nonnull (strstr (rc->explanation, "__inference_restored_function_body_9 (f)"));
  g_assert_nonnull (strstr (rc->explanation, "tf.saved_model.load"));
  g_assert_null (rc->limitation);
  test_remove_tree (dir);
}

/* The same call, but an op of its function was traced: the walk goes into the function, and
 * nothing says it is not instrumented. */
static void
test_function_instrumented (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Log", "l", (const char *const[]) { "a:0", NULL });
    add_trace (w, 4, "l", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    cause_fixture_add_execution (w, 5, "__inference_f_9", GRAPH, CAUSE_FULL, NULL, 0, 7, cause_neg_infs);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, !=, TDBG_CAUSE_NOT_INSTRUMENTED);
  g_assert_null (rc->function_name);
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

/* An eager Log wrote −∞ (preprocessing) and a graph's placeholder, fed through tf.data with
 * nothing linking it to the eager tensor, is the first bad trace. The Log is the origin when it
 * came first by wall time; an eager op that went bad after the graph's traces is not. */
static void
check_eager_before_graph (double eager_time)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Exp", "e", (const char *const[]) { "a:0", NULL });
    cause_fixture_add_execution (w, eager_time, "Log", NULL, CAUSE_FULL, NULL, 0, 7, cause_neg_infs);
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, neg_inf_only);
    add_trace (w, 11, "e", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  if (eager_time < 10)
    {
      g_assert_cmpuint (rc->origin_execution, ==, 0);
      g_assert_cmpuint (rc->origin_trace, ==, TDBG_NONE);
      g_assert_cmpstr (rc->origin_op_type, ==, "Log");
      g_assert_cmpint (g_array_index (rc->walk, TdbgWalkStep, 0).link, ==, TDBG_LINK_FIRST);
    }
  else
    {
      g_assert_cmpuint (rc->origin_trace, ==, 0);
      g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
    }
  test_remove_tree (dir);
}

static void
test_eager_before_graph (void)
{
  check_eager_before_graph (5);
}

static void
test_eager_after_graph (void)
{
  check_eager_before_graph (20);
}

/* An op of a gradient names its forward op: tf.GradientTape's "gradient_tape/<op>/<grad op>"
 * (Keras's too), tf.gradients' "gradients/<op>_grad/<grad op>"; the explanation names it and
 * its line. An op outside a gradient names none. */
static void
check_gradient_of (const char *grad_name, const char *forward_name)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Log", forward_name, (const char *const[]) { "a:0", NULL });
    add_op (w, "Reciprocal", grad_name, (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "a", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, grad_name, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==, grad_name);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_DIVISION_BY_ZERO);
  if (g_str_has_prefix (grad_name, "loss/"))
    {
      g_assert_cmpuint (rc->gradient_of, ==, TDBG_NONE);
      g_assert_null (strstr (rc->explanation, "gradient"));
      g_assert_true (g_str_has_prefix (rc->hint, "Guard the denominator"));
    }
  else
    {
      g_assert_cmpuint (rc->gradient_of, !=, TDBG_NONE);
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->gradient_of)->op_name, ==, forward_name);
      g_assert_nonnull (strstr (rc->explanation, "part of the gradient (the backward pass) of"));
      g_assert_nonnull (strstr (rc->explanation, forward_name));
      g_assert_true (g_str_has_prefix (rc->hint, "TensorFlow wrote this op for the gradient of"));
    }
  test_remove_tree (dir);
}

static void
test_gradient_of (void)
{
  check_gradient_of ("gradient_tape/loss/Log/Reciprocal", "loss/Log");
  check_gradient_of ("training/gradients/loss/Log_grad/Reciprocal", "loss/Log");
  check_gradient_of ("loss/Log/Reciprocal", "loss/Log");
}

/* The origin's op of type @grad_type, named @grad_name, reads @input: its forward op is
 * @forward. */
static void
check_gradient_of_structure (const char *grad_type, const char *grad_name, const char *const *inputs,
                             const char *forward)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Maximum", "clip", (const char *const[]) { "a:0", "a:0", NULL });
    add_op (w, "Acos", "Acos", (const char *const[]) { "clip:0", NULL });
    add_op (w, "Cos", "later", (const char *const[]) { "Acos:0", NULL });
    add_op (w, "Sqrt", "root", (const char *const[]) { "later:0", NULL });
    add_op (w, "Sin", "gradient_tape/dy", (const char *const[]) { "Acos:0", NULL });
    add_op (w, "Square", "gradient_tape/Square", (const char *const[]) { "clip:0", NULL });
    add_op (w, grad_type, grad_name, inputs);
    add_trace (w, 10, "clip", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 11, "gradient_tape/dy", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_positive);
    add_trace (w, 12, "gradient_tape/Square", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, finite_with_zero);
    add_trace (w, 13, grad_name, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, pos_inf_only);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, ==, grad_name);
  g_assert_cmpuint (rc->gradient_of, !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, rc->gradient_of)->op_name, ==, forward);
  test_remove_tree (dir);
}

/* Gradients whose ops open no scope of the forward op's name: an XGrad op names the X it reads
 * (SqrtGrad(y, dy)); otherwise the forward op that alone reads a tensor the gradient reads,
 * the first made of them (tf.math.acos's gradient reads its input; the gradient flowing in
 * came through the ops made after it: Cos, read by the Sin of its own gradient). */
static void
test_gradient_of_structure (void)
{
  check_gradient_of_structure ("SqrtGrad", "gradient_tape/SqrtGrad", (const char *const[]) { "root:0", "gradient_tape/dy:0", NULL },
                               "root");
  check_gradient_of_structure ("RealDiv", "gradient_tape/truediv",
                               (const char *const[]) { "gradient_tape/dy:0", "gradient_tape/Square:0", NULL }, "Acos");
}

/* tf.train.Checkpoint.restore of a variable saved holding NaN: the eager RestoreV2 (its inputs
 * the file's prefix and the names, strings no recorded op made) read them from the file. */
static void
test_restored_from_checkpoint (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    cause_fixture_add_execution (w, 5, "RestoreV2", NULL, CAUSE_FULL, (gint64[]) { 87, 89, 90 }, 3, 91, cause_nans);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->origin_execution, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_nonnull (strstr (rc->explanation, "from a checkpoint file"));
  g_assert_nonnull (strstr (rc->hint, "tf.train.load_checkpoint"));
  test_remove_tree (dir);
}

/* A tf.data pipeline made from a NumPy array holding NaN: the step function's IteratorGetNext
 * reads it from the iterator (a resource argument, no values): the data fed, not an argument
 * that was not recorded. */
static void
test_read_from_dataset (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "IteratorGetNext", "IteratorGetNext", (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "IteratorGetNext", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_test_message ("%s", rc->explanation);
  g_assert_cmpuint (rc->origin_trace, ==, 0);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_nonnull (strstr (rc->explanation, "read NaN/∞ from a tf.data pipeline"));
  g_assert_nonnull (strstr (rc->hint, "check the data fed"));
  test_remove_tree (dir);
}

/* log(cast(gather(cumprod(int32 range)))): the negatives came through a cast of an integer
 * product (never traced: the health modes skip integers), which wrapped around past int32's
 * largest; a cast of an argument's values gets the log's own advice. */
static void
check_integer_overflow (gboolean from_product)
{
  static const double negatives[6] = { 0, 0, 0, 1, 0, 7 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "Cumprod", "fact", (const char *const[]) { "a:0", NULL });
    add_op (w, "GatherV2", "g", (const char *const[]) { from_product ? "fact:0" : "a:0", "a:0", NULL });
    add_op (w, "Cast", "cast", (const char *const[]) { "g:0", NULL });
    add_op (w, "Log", "l", (const char *const[]) { "cast:0", NULL });
    add_trace (w, 10, "cast", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, negatives);
    add_trace (w, 11, "l", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_NEGATIVE);
  g_assert_true ((strstr (rc->hint, "wrap around to negative") != NULL) == from_product);
  g_assert_true ((strstr (rc->hint, "The argument of the logarithm went negative") != NULL) == !from_product);
  test_remove_tree (dir);
}

static void
test_integer_overflow (void)
{
  check_integer_overflow (TRUE);
  check_integer_overflow (FALSE);
}

/* tf.strings.to_number of a "NaN" field: the text held it, passed on, not made from finite
 * inputs (its input, a string, holds no NaN a summary could show). */
static void
test_parsed_from_text (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) rc = NULL;
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_placeholder (dir);
    add_op (w, "StringToNumber", "to_number", (const char *const[]) { "a:0", NULL });
    add_trace (w, 10, "to_number", TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, all_nan);
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  rc = cause_fixture_find (dir, &logdir);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONFINITE_INPUT);
  g_assert_nonnull (strstr (rc->explanation, "parsed NaN/∞ from text"));
  g_assert_nonnull (strstr (rc->hint, "Clean the text before it is parsed"));
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
  g_test_add_func ("/root-cause/catalogue-rows", test_catalogue_rows);
  g_test_add_func ("/root-cause/origin-kinds", test_origin_kinds);
  g_test_add_func ("/root-cause/division-full-health", test_division_full_health);
  g_test_add_func ("/root-cause/division-concise-health", test_division_concise_health);
  g_test_add_func ("/root-cause/division-curt-health", test_division_curt_health);
  g_test_add_func ("/root-cause/inputs-not-recorded", test_inputs_not_recorded);
  g_test_add_func ("/root-cause/circular-buffer-shown", test_circular_buffer_shown);
  g_test_add_func ("/root-cause/not-in-catalogue", test_not_in_catalogue);
  g_test_add_func ("/root-cause/passed-on-from-argument", test_passed_on_from_argument);
  g_test_add_func ("/root-cause/unknown-op-of-argument", test_unknown_op_of_argument);
  g_test_add_func ("/root-cause/constant", test_constant);
  g_test_add_func ("/root-cause/constant-before-nan-made-apart", test_constant_before_nan_made_apart);
  g_test_add_func ("/root-cause/guarded", test_guarded);
  g_test_add_func ("/root-cause/restored-from-checkpoint", test_restored_from_checkpoint);
  g_test_add_func ("/root-cause/read-from-dataset", test_read_from_dataset);
  g_test_add_func ("/root-cause/guard-passed-it-on", test_guard_passed_it_on);
  g_test_add_func ("/root-cause/guarded-nothing-after", test_guarded_nothing_after);
  g_test_add_func ("/root-cause/made-of-constants", test_made_of_constants);
  g_test_add_func ("/root-cause/overflow-checked", test_overflow_checked);
  g_test_add_func ("/root-cause/overflow-unchecked", test_overflow_unchecked);
  g_test_add_func ("/root-cause/checked-settled", test_checked_settled);
  g_test_add_func ("/root-cause/checked-not-settled", test_checked_not_settled);
  g_test_add_func ("/root-cause/integer-axis", test_integer_axis);
  g_test_add_func ("/root-cause/untraced-writer", test_untraced_writer);
  g_test_add_func ("/root-cause/eager-integer-input", test_eager_integer_input);
  g_test_add_func ("/root-cause/integer-input-overflow", test_integer_input_overflow);
  g_test_add_func ("/root-cause/singular-names-matrix", test_singular_names_matrix);
  g_test_add_func ("/root-cause/variable-read", test_variable_read);
  g_test_add_func ("/root-cause/underflowed-norm", test_underflowed_norm);
  g_test_add_func ("/root-cause/underflowed-exp-sum", test_underflowed_exp_sum);
  g_test_add_func ("/root-cause/overflow-advice", test_overflow_advice);
  g_test_add_func ("/root-cause/scoped-hint", test_scoped_hint);
  g_test_add_func ("/root-cause/parsed-from-text", test_parsed_from_text);
  g_test_add_func ("/root-cause/integer-overflow", test_integer_overflow);
  g_test_add_func ("/root-cause/igamma-inputs", test_igamma_inputs);
  g_test_add_func ("/root-cause/function-not-instrumented", test_function_not_instrumented);
  g_test_add_func ("/root-cause/nested-function-argument", test_nested_function_argument);
  g_test_add_func ("/root-cause/function-instrumented", test_function_instrumented);
  g_test_add_func ("/root-cause/nonfinite-input", test_nonfinite_input);
  g_test_add_func ("/root-cause/eager-before-graph", test_eager_before_graph);
  g_test_add_func ("/root-cause/gradient-of", test_gradient_of);
  g_test_add_func ("/root-cause/gradient-of-structure", test_gradient_of_structure);
  g_test_add_func ("/root-cause/eager-after-graph", test_eager_after_graph);
  g_test_add_func ("/root-cause/demo-step", test_demo_step);
  g_test_add_func ("/root-cause/nothing-bad", test_nothing_bad);
  g_test_add_func ("/root-cause/spread-counts-executions", test_spread_counts_executions);
  g_test_add_func ("/root-cause/spread-text", test_spread_text);
  return g_test_run ();
}
