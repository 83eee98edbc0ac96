/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What to do about the root cause, translated: the advice of the cause, unless the origin says
 * more (a check the program makes, a gradient's forward op, a variable that held the culprit's
 * values, a library function's scope, a constant denominator, an underflow, a loop, a run that
 * trains nothing). */

#include "config.h"

#include "tdbg-root-cause-private.h"

#include <string.h>
#include <glib/gi18n.h>

/* The input that held the zero (the culprit) is a constant of the graph. */
static gboolean
divides_by_a_constant (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgCauseInput *input = rc->evidence_input >= 0 ? &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input)
                                                         : NULL;
  return input && input->op != TDBG_NONE && _tdbg_cause_is_constant (tdbg_logdir_get_op (logdir, input->op)->op_type);
}

/* The length of @name's scope up to a component @component (or @component_N), 0 when none. */
static gsize
scope_through (const char *name, const char *component)
{
  gsize n = strlen (component);

  for (const char *at = strstr (name, component); at; at = strstr (at + 1, component))
    {
      const char *end = at + n;
      if (at != name && at[-1] != '/')
        continue;
      if (*end == '_')
        end += 1 + strspn (end + 1, "0123456789");
      if (*end == '/')
        return (gsize) (end - name);
    }
  return 0;
}

/* x / tf.norm(x) where the norm came out 0 though x holds no zero: x's squares underflowed
 * (a float32 below about 1e-23 squares to 0). The numerator is the vector normed when an op of
 * the norm's scope reads it. */
static gboolean
divides_by_underflowed_norm (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgCauseInput *x, *norm;
  const char *name;
  gsize scope;

  if (rc->cause != TDBG_CAUSE_DIVISION_BY_ZERO || rc->evidence_input != 1 || rc->inputs->len != 2)
    return FALSE;
  x = &g_array_index (rc->inputs, TdbgCauseInput, 0);
  norm = &g_array_index (rc->inputs, TdbgCauseInput, 1);
  if (x->op == TDBG_NONE || norm->op == TDBG_NONE || !x->value_read || x->bad || !x->value.counts_known ||
      x->value.counts.zero > 0 || x->value.counts.neg + x->value.counts.pos == 0)
    return FALSE;
  name = tdbg_logdir_get_op (logdir, norm->op)->op_name;
  if ((scope = scope_through (name, "norm")) == 0)
    return FALSE;
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      if (strncmp (op->op_name, name, scope + 1) != 0)
        continue;
      for (guint k = 0; op->input_names[k]; k++)
        if (op->input_ops[k] == x->op)
          return TRUE;
    }
  return FALSE;
}

/* x / reduce_sum(exp(z)) where the sum is 0: its exponentials held zeros, which exp gives only
 * by underflow (below about −87 in float32), for every term of a row. */
static gboolean
divides_by_underflowed_exp_sum (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgCauseInput *sum;
  const TdbgOp *op;

  if (rc->cause != TDBG_CAUSE_DIVISION_BY_ZERO || rc->evidence_input != 1 || rc->inputs->len != 2)
    return FALSE;
  sum = &g_array_index (rc->inputs, TdbgCauseInput, 1);
  if (sum->op == TDBG_NONE || sum->trace == TDBG_NONE)
    return FALSE;
  op = tdbg_logdir_get_op (logdir, sum->op);
  if (!g_str_equal (op->op_type ? op->op_type : "", "Sum") && !g_str_equal (op->op_type ? op->op_type : "", "AddN"))
    return FALSE;
  for (guint k = 0; op->input_names[k] && op->input_names[k][0] != '^'; k++)
    {
      guint32 term = op->input_ops[k], trace;
      if (term == TDBG_NONE || g_strcmp0 (tdbg_logdir_get_op (logdir, term)->op_type, "Exp") != 0)
        continue;
      trace = _tdbg_cause_walk_input_trace (logdir, term, tdbg_input_name_slot (op->input_names[k]), sum->trace);
      if (trace != TDBG_NONE && _tdbg_cause_trace_holds (logdir, trace, TDBG_EVIDENCE_ZEROS))
        return TRUE;
    }
  return FALSE;
}

/* Advice for an origin made inside a library function, told by the name scope it gives its
 * ops: what to change is that function's use, not the op inside it. One row a function. */
typedef struct {
  TdbgCause cause;
  const char *scopes;  /* components of the origin's name, any one of them ("matrix_solve_ls", or
                        * "matrix_solve_ls_1", …), separated by spaces */
  const char *hint;
} ScopedHint;

static const ScopedHint scoped_hints[] = {
  { TDBG_CAUSE_SINGULAR_MATRIX, "matrix_solve_ls",
    N_("tf.linalg.lstsq solves the normal equations (AᵀA x = Aᵀb) by Cholesky unless told otherwise: AᵀA is "
       "singular when the columns of A are linearly dependent (a column repeated, one-hot columns with an "
       "intercept). Drop the dependent columns, pass l2_regularizer > 0, or fast=False (a complete orthogonal "
       "decomposition, which gives the least-norm solution).") },
  { TDBG_CAUSE_LOG_OF_ZERO, "PSNR",
    N_("tf.image.psnr takes the logarithm of the mean squared error, which is 0 for two identical images "
       "(their PSNR is +∞): compare only images that differ, or cap the result (tf.minimum(psnr, 100.0)) where a "
       "perfect reconstruction can happen.") },
  { TDBG_CAUSE_DIVISION_BY_ZERO, "layer_normalization batch_normalization",
    N_("A normalization layer divides by the square root of the variance plus its epsilon: with epsilon = 0 a "
       "constant input (a variance of 0, a row of padding) divides by zero. Keep the layer's epsilon above 0 (its "
       "default).") },
  { TDBG_CAUSE_DIVISION_BY_ZERO, "adam adamw adamax nadam adagrad rmsprop adadelta lion ftrl",
    N_("The division is the optimizer's own update (its scope names it): its denominator is the square root of "
       "an accumulator of squared gradients plus epsilon, which is 0 where a gradient was 0 (an unused "
       "embedding row, a dead unit) and epsilon is 0. Give the optimizer a positive epsilon (its default); for "
       "Adagrad a positive initial_accumulator_value does too.") },
  { TDBG_CAUSE_LOG_OF_NEGATIVE, "poisson",
    N_("The Poisson loss takes the logarithm of the predicted rate, and the model predicted a negative one (a "
       "last layer without an activation): give the output layer activation=\"softplus\" or \"exponential\", "
       "or predict the log-rate and use tf.nn.log_poisson_loss; clipping the rate would push it further down.") },
};

/* The advice of the library function the origin was made in, or NULL. */
static const char *
scoped_hint (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const char *name = rc->origin_op != TDBG_NONE ? tdbg_logdir_get_op (logdir, rc->origin_op)->op_name : NULL;

  /* A constant denominator is the program's setting wherever it is divided by (a schedule's
   * warm-up steps of 0 inside the optimizer): that advice comes first. */
  if (rc->cause == TDBG_CAUSE_DIVISION_BY_ZERO && divides_by_a_constant (logdir, rc))
    return NULL;
  for (guint i = 0; name && i < G_N_ELEMENTS (scoped_hints); i++)
    {
      g_auto(GStrv) scopes = NULL;
      if (scoped_hints[i].cause != rc->cause)
        continue;
      scopes = g_strsplit (scoped_hints[i].scopes, " ", -1);
      for (guint k = 0; scopes[k]; k++)
        if (scope_through (name, scopes[k]) > 0)
          return _(scoped_hints[i].hint);
    }
  return NULL;
}

/* Ops an integer's negatives pass through unchanged, and the integer products and sums that
 * wrap around past int32's largest value. */
static const char moves_values[] = " GatherV2 Gather Identity Reshape StridedSlice Slice ExpandDims Squeeze Transpose ";
static const char integer_growers[] = " Cumprod Prod Mul Pow Cumsum Sum AddV2 Add Square ";

/* The culprit's negatives came through a Cast of an integer product or sum (never traced in a
 * health mode, as integers are not): 13! is past int32's largest, and wraps around negative. */
static gboolean
negatives_from_integer_overflow (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgCauseInput *culprit;
  const TdbgOp *op;

  if (rc->evidence_input < 0 || rc->evidence_kind != TDBG_EVIDENCE_NEGATIVES)
    return FALSE;
  culprit = &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input);
  if (culprit->op == TDBG_NONE || g_strcmp0 ((op = tdbg_logdir_get_op (logdir, culprit->op))->op_type, "Cast") != 0)
    return FALSE;
  for (guint depth = 0; depth < 6 && op->input_names[0] && op->input_ops[0] != TDBG_NONE; depth++)
    {
      guint32 index = op->input_ops[0];
      op = tdbg_logdir_get_op (logdir, index);
      if (op->first_trace != TDBG_NONE)
        return FALSE;
      if (_tdbg_cause_type_in (integer_growers, op->op_type))
        return TRUE;
      if (!_tdbg_cause_type_in (moves_values, op->op_type))
        return FALSE;
    }
  return FALSE;
}

/* Whether the origin is an op of a tf.while_loop's body (its scope while, while_1, …): not a
 * function a loop calls, as Keras's steps_per_execution does with its training step. */
static gboolean
in_while_loop (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  return rc->origin_op != TDBG_NONE && scope_through (tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, "while") > 0;
}

static const char *
integer_overflow_hint (void)
{
  return _("The negative values come through a cast of an integer product or sum: positive integers past int32's "
           "largest value (2,147,483,647; 13! already is) wrap around to negative. Compute in int64 or float64, or "
           "in log space (tf.math.lgamma(n + 1) for log n!); a clip would hide the wrong values.");
}

static const char *
hint_for (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const char *scoped = scoped_hint (logdir, rc);

  if (scoped)
    return scoped;
  switch (rc->cause)
    {
    case TDBG_CAUSE_LOG_OF_ZERO:
      return _("Keep the argument away from zero: tf.math.log(x + 1e-7), or compute log-probabilities "
               "directly with tf.nn.log_softmax or tf.nn.softmax_cross_entropy_with_logits.");
    case TDBG_CAUSE_LOG_OF_NEGATIVE:
      if (negatives_from_integer_overflow (logdir, rc))
        return integer_overflow_hint ();
      return _("The argument of the logarithm went negative: check what feeds it, clip it "
               "(tf.math.log(tf.maximum(x, 1e-7))), or use tf.math.log1p where log(1 + x) is meant.");
    case TDBG_CAUSE_SQRT_OF_NEGATIVE:
      if (negatives_from_integer_overflow (logdir, rc))
        return integer_overflow_hint ();
      return _("Clip the argument to non-negative values (tf.sqrt(tf.maximum(x, 0.0))), and add a small ε "
               "where the gradient of the square root at zero matters.");
    case TDBG_CAUSE_DIVISION_BY_ZERO:
      if (divides_by_a_constant (logdir, rc))
        return _("The denominator is a constant the program wrote as zero (a setting, a size computed as 0): "
                 "correct it where it is set; tf.math.divide_no_nan would only hide it.");
      if (divides_by_underflowed_exp_sum (logdir, rc))
        return _("The denominator is a sum of exponentials that all underflowed to 0 (exp of anything below about "
                 "−87 is 0 in float32): subtract the largest exponent first, so that the largest term is 1 "
                 "(tf.nn.softmax and tf.math.reduce_logsumexp do); ε or divide_no_nan would turn the row into "
                 "zeros.");
      if (divides_by_underflowed_norm (logdir, rc))
        return _("The norm of a vector that holds no zero came out 0: its squares underflowed (a float32 below "
                 "about 1e-23 squares to 0). Scale the vector before its norm (divide it by its largest absolute "
                 "value), or compute in float64; an ε in the denominator would hide values this small.");
      return _("Guard the denominator: tf.math.divide_no_nan(x, y), or add a small ε to it (x / (y + 1e-7)).");
    case TDBG_CAUSE_OVERFLOW:
      /* Loss scaling is for float16 gradients that underflow: not a forward op's overflow. */
      if (rc->dtype == TDBG_DT_HALF)
        return _("The op computes in float16, whose largest value is 65504: compute it in float32 (a layer's "
                 "dtype=\"float32\", or tf.cast before it; under mixed_float16 keep the last layer and the softmax "
                 "in float32), or keep its inputs small (normalise them; a stable softmax subtracts the maximum).");
      if (rc->step_op_run > 1 && in_while_loop (logdir, rc))
        return _("The values grew with each iteration of the loop until they passed what the type can hold: each "
                 "step multiplies them by more than 1. An unscaled recursion (probabilities of a sequence) is "
                 "rescaled at each iteration, carrying the logarithm of the scale, or computed in log space "
                 "(tf.math.reduce_logsumexp); an unstable integrator needs a smaller or implicit step.");
      if (g_strcmp0 (rc->family, "exponential") == 0 || g_strcmp0 (rc->family, "bessel-i") == 0)
        return _("The op grows exponentially: in float32 its result passes the largest value (3.4e38) once its "
                 "input passes about 88. Compute it in a form that stays in range: tf.math.softplus, "
                 "tf.math.reduce_logsumexp, the log of a scaled function (log(bessel_i0e(x)) + |x|), "
                 "s + log(-expm1(-s)) for an inverse softplus; if training drove its input up, lower the learning "
                 "rate or clip gradients too.");
      if (!_tdbg_root_cause_logdir_trains (logdir))
        return _("Values grew past what the type can hold, and nothing here is trained: look at the range of the "
                 "op's inputs. A recurrence or a product whose factor is above 1 grows each step (a recurrent "
                 "weight's gain above 1, an unscaled recursion); normalise the inputs, keep the factor below 1, "
                 "compute in float32 what float16 cannot hold, or compute in log space.");
      return _("Values grew past what the type can hold: lower the learning rate, clip gradients "
               "(tf.clip_by_global_norm), compute in float32 what float16 cannot hold, or normalise the inputs.");
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
      return _tdbg_root_cause_unrecorded_hint (rc->unrecorded);
    case TDBG_CAUSE_NONFINITE_INPUT:
      /* Passed on from an input not recorded (a tf.function's argument): where to look is why it
       * was not recorded. */
      if (rc->inferred && rc->unrecorded != TDBG_UNRECORDED_NONE)
        return _tdbg_root_cause_unrecorded_hint (rc->unrecorded);
      if (_tdbg_cause_reads_checkpoint (rc->origin_op_type))
        return _("Check the checkpoint: tf.train.load_checkpoint(path) and np.isfinite on each of its variables "
                 "(get_tensor); restore one saved before the values went bad, and stop saving once they do "
                 "(tf.keras.callbacks.TerminateOnNaN).");
      if (_tdbg_cause_parses_text (rc->origin_op_type))
        return _("Clean the text before it is parsed: treat \"NaN\" and \"inf\" fields as missing values "
                 "(tf.strings.regex_replace, or a default for an empty field), or check the parsed values with "
                 "tf.debugging.check_numerics.");
      if (_tdbg_cause_reads_variable (rc->origin_op_type))
        return _("Check what writes the variable: the values assigned to it (np.isfinite on a NumPy array "
                 "before assign or set_weights, tf.debugging.check_numerics on a restored one) and its optimizer's "
                 "settings (an epsilon of zero, a learning rate too large), or record from before the variable was "
                 "first written.");
      return _("The bad values came from outside what was recorded: check the data fed to the program "
               "(tf.debugging.check_numerics on the inputs), or record from the start of the run.");
    case TDBG_CAUSE_POLE:
      return _("Keep the argument away from the function's poles: shift or clip it before the op "
               "(tf.maximum(x, ε) for a pole at zero).");
    case TDBG_CAUSE_OUT_OF_DOMAIN:
      return _("Clip the argument into the op's domain before it (tf.clip_by_value(x, -1.0, 1.0) for acos "
               "and asin; tf.maximum(x, 0.0) for a fractional power, whose base must not be negative), and "
               "check what pushed it out.");
    case TDBG_CAUSE_EMPTY_REDUCTION:
      return _("A reduction got no elements: check the mask or filter that emptied it, or guard it "
               "(tf.cond(tf.size(x) > 0, …) or tf.math.divide_no_nan(tf.reduce_sum(x), tf.cast(tf.size(x), x.dtype))).");
    case TDBG_CAUSE_GRADIENT_AT_ZERO:
      return _("The derivative is infinite at zero: add a small ε inside (tf.sqrt(x + 1e-12)), or use a safe form "
               "(tf.norm's gradient at a zero vector: tf.sqrt(tf.reduce_sum(tf.square(x)) + 1e-12)).");
    case TDBG_CAUSE_SINGULAR_MATRIX:
      if (g_strcmp0 (rc->origin_op_type, "LogMatrixDeterminant") == 0)
        return _("The determinant of a singular matrix is 0, and its logarithm −∞ by definition: the matrix lost "
                 "its rank (a row or column repeated, or a combination of others). Keep it invertible by how it is "
                 "built (an LU or orthogonal parametrisation, as Glow's invertible 1×1 convolution is); adding "
                 "ε · I would hide it with a meaningless value.");
      return _("The matrix is singular or not positive definite: add a small multiple of the identity "
               "(x + 1e-6 · I), or use tf.linalg.pinv or tf.linalg.lstsq.");
    case TDBG_CAUSE_ZERO_EPSILON:
      return _("Give the optimizer a positive epsilon (the default 1e-7): with ε = 0 a zero gradient divides 0 by 0.");
    case TDBG_CAUSE_INF_MINUS_INF:
      return _("Products inside the op grew past what the type can hold, both ways: scale the inputs down, "
               "or compute in a wider type (float32 rather than float16).");
    case TDBG_CAUSE_NOT_INSTRUMENTED:
      return _("TensorFlow records no op inside this function: run the Python code it was made from (not the "
               "SavedModel) under the debugger to see which op made the NaN/∞, or check the function's inputs "
               "with tf.debugging.check_numerics before the call.");
    case TDBG_CAUSE_NOT_IN_CATALOGUE:
      return _("Look at the op's documentation for the inputs it cannot take, and check its inputs with "
               "tf.debugging.check_numerics and tf.debugging.assert_* before it.");
    case TDBG_CAUSE_CONSTANT:
      if (rc->inputs->len > 0)
        return _("The program computed the NaN/∞ from constants: on purpose (log(0.) as a log-space zero, as "
                 "tf.nn.ctc_loss does), then the NaN/∞ it led to is what to look at, the ops after it in Graph "
                 "Execution, and nothing went wrong when none followed; or by mistake (a constant zero where a "
                 "small positive value was meant).");
      return _("A constant holds the NaN/∞ the program put in it: on purpose (a mask of −∞, a starting maximum), "
               "then the NaN/∞ it led to is what to look at, the ops after it in Graph Execution (a softmax or a "
               "logsumexp of a row masked entirely subtracts its maximum, −∞, from −∞: NaN); or by mistake (np.inf or float(\"nan\") where a finite value was meant).");
    default:
      return NULL;
    }
}

/* An op of a gradient went bad: the program did not write it, TensorFlow did for the forward op,
 * whose input is what to move. */
static char *
gradient_hint (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *forward = tdbg_logdir_get_op (logdir, rc->gradient_of);

  /* TRANSLATORS: the forward op's name and type */
  return g_strdup_printf (_("TensorFlow wrote this op for the gradient of %s (%s): keep that op's input away from "
                            "where its derivative is infinite or undefined (clip it short of the edge, as "
                            "tf.clip_by_value(x, -1 + 1e-6, 1 - 1e-6) before an acos; add a small ε under a square "
                            "root or a norm), or use a form whose gradient is finite there."),
                          forward->op_name, forward->op_type ? forward->op_type : "?");
}

static const char *
checked_hint (void)
{
  return _("NaN/∞ in the first steps are expected under dynamic loss scaling: the step is skipped and the scale "
           "lowered. Look at alerts after the scale has settled (later calls of the function); if they keep "
           "coming, part of the model overflows float16 whatever the scale: compute that part in float32.");
}

static const char *
variable_hint (const TdbgRootCause *rc)
{
  if (rc->evidence_kind == TDBG_EVIDENCE_NEGATIVES)
    return _("A variable that must not be negative (a variance, a scale) holds negative values: look at what wrote "
             "it (set_weights or assign given the wrong values, such as log-variances where variances belong; a "
             "restored checkpoint) and at its updates. Keep it positive with a constraint "
             "(tf.keras.constraints.NonNeg()) or store its logarithm and use tf.exp of it; a clip at this op would "
             "hide the mistake.");
  return _("A variable holds zeros where this op cannot take them: look at its initializer (zeros where ones were "
           "meant) and at what wrote it (set_weights, assign, a restored checkpoint); a guard at this op would "
           "hide the mistake.");
}

char *
_tdbg_root_cause_advice (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->checked_by != TDBG_NONE)
    return g_strdup (checked_hint ());
  if (rc->gradient_of != TDBG_NONE && _tdbg_root_cause_made_here (rc))
    return gradient_hint (logdir, rc);
  if (rc->variable_read != TDBG_NONE)
    return g_strdup (variable_hint (rc));
  return g_strdup (hint_for (logdir, rc));
}
