/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Logdirs for the walk back of the root cause, written with the fixture writer. */

#include <math.h>
#include "cause-fixtures.h"
#include "test-util.h"

const CauseCounts cause_finite_with_zeros = { 0, 0, 0, 0, 2, 2 };
const CauseCounts cause_finite_positive = { 0, 0, 0, 0, 0, 4 };
const CauseCounts cause_neg_infs = { 2, 0, 0, 0, 0, 2 };
const CauseCounts cause_nans = { 0, 0, 4, 0, 0, 0 };
const CauseCounts cause_pos_infs = { 0, 4, 0, 0, 0, 0 };

TdbgFixtureWriter *
cause_fixture_writer_new (const char *dir, const char *host, gint64 start, const char *graph)
{
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, host, start, start, "run", "2.17.0", NULL);

  g_assert_nonnull (w);
  if (graph)
    g_assert_true (tdbg_fixture_writer_add_graph (w, 1, graph, graph, NULL, NULL));
  return w;
}

/* What @mode records of a float32 tensor with these counts (tensor id -1: eager). */
static Tensorflow__TensorProto *
value (CauseMode mode, double tensor_id, const CauseCounts c)
{
  double size = c[0] + c[1] + c[2] + c[3] + c[4] + c[5];
  switch ((gint) mode)
    {
    case CAUSE_CURT:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, c[0] + c[1] + c[2] > 0 }, 2);
    case CAUSE_CONCISE:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, size, c[0], c[1], c[2] }, 5);
    case CAUSE_FULL:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, -1, 1, 1, size, c[0], c[1], c[2], c[3], c[4], c[5] }, 11);
    case CAUSE_TENSOR:
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

void
cause_fixture_add_trace (TdbgFixtureWriter *w, double time, const char *graph, const char *op, CauseMode mode, const CauseCounts c)
{
  Tensorflow__TensorProto *t = value (mode, time, c);
  g_assert_true (tdbg_fixture_writer_add_trace (w, time, graph, op, 0, mode, t, "/device:CPU:0", NULL));
  if (t)
    tdbg_fixture_tensor_free (t);
}

void
cause_fixture_add_op (TdbgFixtureWriter *w, const char *graph, const char *type, const char *name, const char *const *inputs)
{
  static gint32 next_id = 100;
  gint32 ids[1] = { next_id++ };
  g_assert_true (tdbg_fixture_writer_add_op (w, 1, graph, graph, type, name, inputs, ids, 1, NULL, NULL));
}

/* An eager execution of @op_type (a function call when @graph is set) with one output. */
void
cause_fixture_add_execution (TdbgFixtureWriter *w, double time, const char *op_type, const char *graph, CauseMode mode,
               const gint64 *inputs, guint n_inputs, gint64 output, const CauseCounts c)
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

/* Eager: Sub (execution 0, zeros) → Log (execution 1, −∞); then f(Sub's, Log's output) whose
 * placeholder y is the first bad trace. With @drop_sub, the Sub execution was dropped. */
char *
cause_fixture_write_eager_into_function (CauseMode mode, gboolean drop_sub)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");

  cause_fixture_add_op (w, "f", "Placeholder", "x", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "f", "Placeholder", "y", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "f", "Mul", "m", (const char *const[]) { "x:0", "y:0", NULL });
  cause_fixture_add_op (w, "f", "Identity", "Identity", (const char *const[]) { "m:0", NULL });
  if (!drop_sub)
    cause_fixture_add_execution (w, 10, "Sub", NULL, mode, (gint64[]) { 1, 2 }, 2, 3, cause_finite_with_zeros);
  cause_fixture_add_execution (w, 11, "Log", NULL, mode, (gint64[]) { 3 }, 1, 4, cause_neg_infs);
  cause_fixture_add_trace (w, 12, "f", "x", mode, cause_finite_positive);
  cause_fixture_add_trace (w, 13, "f", "y", mode, cause_neg_infs);
  cause_fixture_add_trace (w, 14, "f", "m", mode, cause_neg_infs);
  cause_fixture_add_execution (w, 15, "__inference_f_1", "f", mode, (gint64[]) { 5, 4 }, 2, 6, cause_neg_infs);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}

/* outer: a, b → RealDiv d → Identity i → call(inner); inner: p → Exp e. The inner placeholder's
 * trace comes before d's (they ran side by side), so it is the first bad trace. */
char *
cause_fixture_write_nested (CauseMode mode, gboolean as_cond)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "outer");

  cause_fixture_add_op (w, "outer", "Placeholder", "a", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "outer", "Placeholder", "b", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "outer", "RealDiv", "d", (const char *const[]) { "a:0", "b:0", NULL });
  cause_fixture_add_op (w, "outer", "Identity", "i", (const char *const[]) { "d:0", NULL });
  cause_fixture_add_op (w, "outer", "Const", "pred", (const char *const[]) { NULL });
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "inner", "inner", "outer", NULL));
  cause_fixture_add_op (w, "inner", "Placeholder", "p", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "inner", "Exp", "e", (const char *const[]) { "p:0", NULL });
  cause_fixture_add_op (w, "inner", "Identity", "Identity", (const char *const[]) { "e:0", NULL });
  if (as_cond)
    {
      /* The other branch, then the op calling both: its first input picks the branch. */
      g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "else", "else", "outer", NULL));
      cause_fixture_add_op (w, "else", "Placeholder", "q", (const char *const[]) { NULL });
      cause_fixture_add_op (w, "else", "Identity", "Identity", (const char *const[]) { "q:0", NULL });
      cause_fixture_add_op (w, "outer", "StatelessIf", "call", (const char *const[]) { "pred:0", "i:0", NULL });
    }
  else
    cause_fixture_add_op (w, "outer", "StatefulPartitionedCall", "call", (const char *const[]) { "i:0", NULL });
  cause_fixture_add_trace (w, 10, "outer", "a", mode, cause_finite_positive);
  cause_fixture_add_trace (w, 11, "outer", "b", mode, cause_finite_with_zeros);
  cause_fixture_add_trace (w, 12, "inner", "p", mode, cause_nans);
  cause_fixture_add_trace (w, 13, "outer", "d", mode, cause_nans);
  cause_fixture_add_trace (w, 14, "inner", "e", mode, cause_nans);
  cause_fixture_add_execution (w, 20, "__inference_outer_1", "outer", mode, (gint64[]) { 1, 2 }, 2, 3, cause_nans);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}


TdbgRootCause *
cause_fixture_find (const char *dir, TdbgLogdir **logdir_out)
{
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  TdbgRootCause *rc;

  g_assert_true (tdbg_logdir_load (logdir, NULL, NULL));
  rc = tdbg_root_cause_find (logdir);
  *logdir_out = g_steal_pointer (&logdir);
  return rc;
}

void
cause_fixture_assert_nothing_bad (const TdbgRootCause *rc)
{
  g_assert_cmpuint (rc->origin_trace, ==, TDBG_NONE);
  g_assert_cmpuint (rc->origin_execution, ==, TDBG_NONE);
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_NONE);
  g_assert_cmpuint (rc->walk->len, ==, 0);
  g_assert_nonnull (rc->explanation);
}

/* f: h → ResourceApplyAdam update (epsilon eps, traced holding a zero; no output) and
 * ReadVariableOp read of h, traced NaN (trace 1); the update created before the read unless
 * @update_after. */
char *
cause_fixture_write_constant_mask (void)
{
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");

  cause_fixture_add_op (w, "f", "Placeholder", "a", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "f", "Const", "mask_value", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "f", "SelectV2", "masked", (const char *const[]) { "a:0", "a:0", "mask_value:0", NULL });
  cause_fixture_add_op (w, "f", "Softmax", "probs", (const char *const[]) { "masked:0", NULL });
  cause_fixture_add_trace (w, 10, "f", "mask_value", CAUSE_FULL, cause_neg_infs);
  cause_fixture_add_trace (w, 11, "f", "masked", CAUSE_FULL, cause_neg_infs);
  cause_fixture_add_trace (w, 12, "f", "probs", CAUSE_FULL, cause_nans);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}

char *
cause_fixture_write_untraced_update (gboolean update_after)
{
  const char *const update_inputs[] = { "h:0", "h:0", "h:0", "h:0", "h:0", "h:0", "h:0", "h:0", "eps:0", "h:0", NULL };
  const CauseCounts one_zero = { 0, 0, 0, 0, 1, 0 };
  char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "host", 1, "f");

  cause_fixture_add_op (w, "f", "Placeholder", "h", (const char *const[]) { NULL });
  cause_fixture_add_op (w, "f", "Const", "eps", (const char *const[]) { NULL });
  if (!update_after)
    cause_fixture_add_op (w, "f", "ResourceApplyAdam", "update", update_inputs);
  cause_fixture_add_op (w, "f", "ReadVariableOp", "read", (const char *const[]) { "h:0", NULL });
  if (update_after)
    cause_fixture_add_op (w, "f", "ResourceApplyAdam", "update", update_inputs);
  cause_fixture_add_trace (w, 10, "f", "eps", CAUSE_FULL, one_zero);
  cause_fixture_add_trace (w, 11, "f", "read", CAUSE_FULL, cause_nans);
  g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  return dir;
}
