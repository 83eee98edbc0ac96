/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words of the root cause (tdbg-root-cause.c decides it): the cause's name, the sentence
 * that explains it, the evidence and the caveat, and how far it spread, all translated; the
 * advice is tdbg-root-cause-advice.c's. What the command line, the report and the window's card
 * say. */

#include "config.h"

#include "tdbg-root-cause-private.h"

#include <inttypes.h>
#include <math.h>
#include <glib/gi18n.h>

static const char *const cause_names[] = {
  [TDBG_CAUSE_NONE] = N_("None"),
  [TDBG_CAUSE_LOG_OF_ZERO] = N_("Log of zero"),
  [TDBG_CAUSE_LOG_OF_NEGATIVE] = N_("Log of a negative"),
  [TDBG_CAUSE_SQRT_OF_NEGATIVE] = N_("Square root of a negative"),
  [TDBG_CAUSE_DIVISION_BY_ZERO] = N_("Division by zero"),
  [TDBG_CAUSE_OVERFLOW] = N_("Overflow"),
  /* Translators: the root cause is unknown because the op's inputs were not recorded */
  [TDBG_CAUSE_INPUTS_NOT_RECORDED] = N_("Inputs not recorded"),
  /* Translators: the op got a NaN or infinity from its inputs */
  [TDBG_CAUSE_NONFINITE_INPUT] = N_("NaN/∞ input"),
  /* Translators: a function evaluated where it is infinite (lgamma(0)) */
  [TDBG_CAUSE_POLE] = N_("Argument at a pole"),
  /* Translators: a function evaluated where it is not defined (acos(1.5)) */
  [TDBG_CAUSE_OUT_OF_DOMAIN] = N_("Argument out of domain"),
  /* Translators: a mean, maximum or minimum over no elements */
  [TDBG_CAUSE_EMPTY_REDUCTION] = N_("Reduction of nothing"),
  [TDBG_CAUSE_GRADIENT_AT_ZERO] = N_("Infinite gradient at zero"),
  [TDBG_CAUSE_SINGULAR_MATRIX] = N_("Singular matrix"),
  [TDBG_CAUSE_ZERO_EPSILON] = N_("Optimizer ε of zero"),
  [TDBG_CAUSE_INF_MINUS_INF] = N_("∞ − ∞ inside the op"),
  [TDBG_CAUSE_NOT_IN_CATALOGUE] = N_("Not in the catalogue"),
  /* Translators: TensorFlow recorded none of the ops inside the function that went bad */
  [TDBG_CAUSE_NOT_INSTRUMENTED] = N_("Function not instrumented"),
  /* Translators: the NaN or infinity is a constant the program wrote into its graph */
  [TDBG_CAUSE_CONSTANT] = N_("A constant"),
};

const char *
tdbg_cause_name (TdbgCause cause)
{
  return _(cause_names[cause < G_N_ELEMENTS (cause_names) ? cause : TDBG_CAUSE_NONE]);
}

/* ---- spread ------------------------------------------------------------------------------ */

char *
tdbg_root_cause_spread_text (const TdbgRootCause *rc)
{
  g_autofree char *traces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'" PRIu64 " trace",
                                                          "%'" PRIu64 " traces", rc->spread_traces),
                                             rc->spread_traces);
  g_autofree char *ops = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u op", "%'u ops", rc->spread_ops),
                                          rc->spread_ops);
  g_autofree char *executions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u eager execution",
                                                              "%'u eager executions", rc->spread_executions),
                                                 rc->spread_executions);

  if (rc->spread_traces == 0 && rc->spread_executions == 0)
    return g_strdup (_("Nothing else went bad after it"));
  if (rc->spread_executions == 0)
    /* TRANSLATORS: "295 traces of 52 ops went bad after it" */
    return g_strdup_printf (_("%s of %s went bad after it"), traces, ops);
  if (rc->spread_traces == 0)
    /* TRANSLATORS: "1 eager execution went bad after it" */
    return g_strdup_printf (_("%s went bad after it"), executions);
  /* TRANSLATORS: "295 traces of 52 ops and 3 eager executions went bad after it" */
  return g_strdup_printf (_("%s of %s and %s went bad after it"), traces, ops, executions);
}

/* ---- explanation ------------------------------------------------------------------------ */

/* Why an input was not recorded, one row per reason: what its line says ("not recorded: …",
 * given the detail), the sentence when it leaves the cause untold (given the op, its type, the
 * input and the detail), the caveat when it leaves the cause inferred (given the input and the
 * detail), and the advice. The detail is the op type TensorFlow does not record, the other
 * task, or the debug mode that skips the input's type; a sentence that does not name it leaves
 * it out. UNKNOWN's row serves any other. */
typedef struct {
  const char *note;
  const char *untold;
  const char *inferred;
  const char *hint;
} UnrecordedRow;

static const UnrecordedRow unrecorded_rows[] = {
  [TDBG_UNRECORDED_FUNCTION_ARGUMENT] = {
    N_("not recorded: an argument of its tf.function, which TensorFlow does not record"),
    N_("%s (%s) is the first tensor with NaN/∞, but its input %s is an argument of its tf.function, which "
       "TensorFlow does not record, and no recorded op made it: the cause cannot be told."),
    N_("The input %s is an argument of its tf.function, which TensorFlow does not record, so this is inferred "
       "from the op type and the kind of its output."),
    N_("TensorFlow does not record a tf.function's arguments: check them before the call "
       "(tf.debugging.check_numerics, or print their smallest and largest values), or make them with TensorFlow "
       "ops outside the function, whose outputs are recorded."),
  },
  [TDBG_UNRECORDED_NOT_INSTRUMENTED] = {
    N_("not recorded: made by %s, an op TensorFlow does not record"),
    N_("%s (%s) is the first tensor with NaN/∞, but its input %s comes from %s, an op TensorFlow does not "
       "record: the cause cannot be told."),
    N_("The input %s comes from %s, an op TensorFlow does not record, so this is inferred from the op type and "
       "the kind of its output."),
    N_("TensorFlow does not record this input's op: check its value with tf.debugging.check_numerics or "
       "tf.print where it is made."),
  },
  [TDBG_UNRECORDED_CIRCULAR_BUFFER] = {
    N_("not recorded: the circular buffer dropped it"),
    N_("%s (%s) is the first tensor with NaN/∞ in the logdir, but none of its inputs was recorded before it: "
       "the circular buffer dropped the earliest records of its function. The cause cannot be told."),
    N_("The circular buffer dropped the records of the input %s, so this is inferred from the op type and the "
       "kind of its output."),
    N_("Record more: a larger circular_buffer_size (or -1) in enable_dump_debug_info keeps the traces before "
       "the first NaN/∞."),
  },
  [TDBG_UNRECORDED_UNKNOWN] = {
    N_("not recorded before it"),
    N_("%s (%s) is the first tensor with NaN/∞ in the logdir, but none of its inputs was recorded before it: "
       "the cause cannot be told."),
    N_("The input %s was not recorded before it, so this is inferred from the op type."),
    N_("Check what feeds this op with tf.debugging.check_numerics, or record from the start of the run."),
  },
  /* Translators: %s in these is a TensorFlow task, "/job:worker/replica:0/task:1" */
  [TDBG_UNRECORDED_OTHER_TASK] = {
    N_("not recorded here: made on %s, whose records are not in the logdir"),
    N_("%s (%s) is the first tensor with NaN/∞ in the logdir, but its input %s was made on %s, whose records "
       "are not in the logdir: the cause cannot be told."),
    N_("The input %s was made on %s, whose records are not in the logdir, so this is inferred from the op type "
       "and the kind of its output."),
    N_("TensorFlow records an op on the host of the task it was placed on: put that host's tfdbg_events files "
       "beside these (every task's files in one logdir), then open it again."),
  },
  /* Translators: %s in these is a debug mode, "FULL_HEALTH" */
  [TDBG_UNRECORDED_DTYPE] = {
    N_("not recorded: not floating-point, and %s records floating-point tensors only"),
    N_("%s (%s) is the first tensor with NaN/∞, but its input %s is not floating-point, and %s records "
       "floating-point tensors only: the cause cannot be told."),
    N_("The input %s is not floating-point, and %s records floating-point tensors only, so this is inferred from "
       "the op type and the kind of its output."),
    N_("The health modes (CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH) record floating-point tensors only: record "
       "with FULL_TENSOR to see integer and boolean tensors too, or check this input with tf.debugging.assert_* "
       "where it is made."),
  },
};

static const UnrecordedRow *
unrecorded_row (TdbgUnrecorded reason)
{
  return reason < G_N_ELEMENTS (unrecorded_rows) && unrecorded_rows[reason].note
    ? &unrecorded_rows[reason] : &unrecorded_rows[TDBG_UNRECORDED_UNKNOWN];
}

/* What a row's sentences name besides the input: the op type or the task. */
static const char *
unrecorded_detail (const TdbgCauseInput *input)
{
  const char *detail = NULL;

  if (input && input->unrecorded == TDBG_UNRECORDED_NOT_INSTRUMENTED)
    detail = input->maker_type;
  else if (input && input->unrecorded == TDBG_UNRECORDED_OTHER_TASK)
    detail = input->maker_task;
  else if (input && input->unrecorded == TDBG_UNRECORDED_DTYPE)
    detail = input->skipping_mode;
  return detail ? detail : "?";
}

char *
tdbg_root_cause_unrecorded_text (const TdbgCauseInput *input)
{
  return g_strdup_printf (_(unrecorded_row (input->unrecorded)->note), unrecorded_detail (input));
}

const char *
_tdbg_root_cause_unrecorded_hint (TdbgUnrecorded reason)
{
  return _(unrecorded_row (reason)->hint);
}

/* Every kind of bad value the origin made, not only the first found: an op with −∞×4 and
 * +∞×9 made both. */
static const char *
origin_kind_text (const TdbgRootCause *rc)
{
  guint kinds = (rc->neg_inf > 0 ? 1 : 0) | (rc->pos_inf > 0 ? 2 : 0) | (rc->nan > 0 ? 4 : 0);

  switch (kinds)
    {
    case 1: return "−∞";
    case 2: return "+∞";
    case 3: return _("−∞ and +∞");
    case 4: return "NaN";
    case 5: return _("−∞ and NaN");
    case 6: return _("+∞ and NaN");
    case 7: return _("−∞, +∞ and NaN");
    default: return _("NaN or ∞");
    }
}

/* The first input not recorded that may have carried a NaN/∞ born earlier, or NULL. */
static const TdbgCauseInput *
input_hiding_nonfinite (const TdbgRootCause *rc)
{
  for (guint i = 0; i < rc->inputs->len; i++)
    if (_tdbg_cause_input_may_hide_nonfinite (&g_array_index (rc->inputs, TdbgCauseInput, i)))
      return &g_array_index (rc->inputs, TdbgCauseInput, i);
  return NULL;
}

static char *
unrecorded_sentence (const TdbgRootCause *rc, const char *op, const char *type)
{
  const TdbgCauseInput *input = rc->unrecorded_input >= 0
    ? &g_array_index (rc->inputs, TdbgCauseInput, rc->unrecorded_input) : NULL;

  if (rc->function_name && rc->unrecorded == TDBG_UNRECORDED_CIRCULAR_BUFFER)
    /* TRANSLATORS: the call's op type (__inference_f_12), twice, then its function's name */
    return g_strdup_printf (_("%s (%s), a call of %s, returned NaN/∞, but the circular buffer dropped the traces of "
                              "the ops inside it: which of them made the NaN/∞ cannot be told."),
                            op, type, rc->function_name);
  return g_strdup_printf (_(unrecorded_row (rc->unrecorded)->untold), op, type, input ? input->op_name : "?",
                          unrecorded_detail (input));
}

/* The catalogue's causes other than the classic ones: one sentence each, with the op's
 * documented semantics where they say more than the name. */
static char *
catalogue_sentence (const TdbgRootCause *rc, const char *op, const char *type, const char *kind, const char *input)
{
  const char *semantics = rc->semantics ? rc->semantics : "";
  switch (rc->cause)
    {
    case TDBG_CAUSE_POLE:
      if (rc->evidence_input < 0)
        return g_strdup_printf (_("%s (%s) produced %s: one of its inputs held values at a pole of the function (%s)."),
                                op, type, kind, semantics);
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held values at a pole of the function (%s)."),
                              op, type, kind, input, semantics);
    case TDBG_CAUSE_OUT_OF_DOMAIN:
      if (rc->evidence_input < 0)
        return g_strdup_printf (_("%s (%s) produced %s: one of its inputs held values outside the op's domain (%s)."),
                                op, type, kind, semantics);
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held values outside the op's domain (%s)."),
                              op, type, kind, input, semantics);
    case TDBG_CAUSE_EMPTY_REDUCTION:
      if (g_strcmp0 (rc->family, "max-min") == 0)
        return g_strdup_printf (_("%s (%s) produced %s: its input %s had no elements (%s)."),
                                op, type, kind, input, semantics);
      return g_strdup_printf (_("%s (%s) produced %s: its input %s had no elements, and their mean is 0/0."),
                              op, type, kind, input);
    case TDBG_CAUSE_GRADIENT_AT_ZERO:
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held zeros, where the derivative is infinite (%s)."),
                              op, type, kind, input, semantics);
    case TDBG_CAUSE_SINGULAR_MATRIX:
      return g_strdup_printf (_("%s (%s) produced %s from finite inputs: the matrix %s is singular or not positive "
                                "definite (%s)."), op, type, kind, input, semantics);
    case TDBG_CAUSE_ZERO_EPSILON:
      return g_strdup_printf (_("%s (%s) produced %s: its epsilon %s was zero, so a zero second moment divides 0 by 0."),
                              op, type, kind, input);
    case TDBG_CAUSE_INF_MINUS_INF:
      if (input_hiding_nonfinite (rc))
        return g_strdup_printf (_("%s (%s) produced %s, and no input recorded held NaN/∞: partial results inside it "
                                  "grew to +∞ and −∞ and cancelled (∞ − ∞), unless an input not recorded already held "
                                  "NaN/∞."), op, type, kind);
      return g_strdup_printf (_("%s (%s) produced %s from finite inputs: partial results inside it grew to +∞ and −∞ "
                                "and cancelled (∞ − ∞)."), op, type, kind);
    default:
      if (rc->family == NULL)
        return g_strdup_printf (_("%s (%s) produced %s from finite inputs; %s is not in the catalogue, so the "
                                  "cause is not guessed."), op, type, kind, type);
      return g_strdup_printf (_("%s (%s) produced %s from finite inputs; the catalogue knows no way for %s to do "
                                "that from what its inputs held (%s)."), op, type, kind, type, semantics);
    }
}

static char *
cause_sentence (const TdbgRootCause *rc, const char *op, const char *input)
{
  g_autofree char *type = rc->composition ? g_strdup_printf ("%s: %s", rc->origin_op_type, rc->composition)
                                          : g_strdup (rc->origin_op_type ? rc->origin_op_type : "?");
  const char *kind = origin_kind_text (rc);
  switch (rc->cause)
    {
    case TDBG_CAUSE_LOG_OF_ZERO:
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held zeros, and the logarithm of zero is −∞."),
                              op, type, kind, input);
    case TDBG_CAUSE_LOG_OF_NEGATIVE:
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held negative values, whose logarithm is not a number."),
                              op, type, kind, input);
    case TDBG_CAUSE_SQRT_OF_NEGATIVE:
      return g_strdup_printf (_("%s (%s) produced %s: its input %s held negative values, whose square root is not a number."),
                              op, type, kind, input);
    case TDBG_CAUSE_DIVISION_BY_ZERO:
      return g_strdup_printf (_("%s (%s) produced %s: its denominator %s held zeros."), op, type, kind, input);
    case TDBG_CAUSE_OVERFLOW:
      if (input_hiding_nonfinite (rc))
        return g_strdup_printf (_("%s (%s) produced %s, and no input recorded held NaN/∞: its values grew past what "
                                  "the type can hold, unless an input not recorded already held NaN/∞."), op, type, kind);
      return g_strdup_printf (_("%s (%s) produced %s from finite inputs: its values grew past what the type can hold."),
                              op, type, kind);
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
      return unrecorded_sentence (rc, op, type);
    case TDBG_CAUSE_NONFINITE_INPUT:
      if (rc->evidence_input >= 0)
        return g_strdup_printf (_("%s (%s) passed on the NaN/∞ its input %s already held; what made them was not "
                                  "recorded."), op, type, input);
      if (_tdbg_cause_reads_checkpoint (rc->origin_op_type))
        return g_strdup_printf (_("%s (%s) read NaN/∞ from a checkpoint file: they were saved so, by a run whose "
                                  "values had already gone bad."), op, type);
      if (_tdbg_cause_parses_text (rc->origin_op_type))
        return g_strdup_printf (_("%s (%s) parsed NaN/∞ from text: tf.strings.to_number and the CSV and Example "
                                  "parsers read \"nan\", \"inf\" and \"-inf\" as such (a missing value written as "
                                  "NaN)."), op, type);
      if (_tdbg_cause_reads_dataset (rc->origin_op_type))
        return g_strdup_printf (_("%s (%s) read NaN/∞ from a tf.data pipeline: the data it was made from held them "
                                  "(a NumPy array, a file), or a function of the pipeline made them where TensorFlow "
                                  "records nothing."), op, type);
      if (_tdbg_cause_reads_variable (rc->origin_op_type))
        return g_strdup_printf (_("%s (%s) read NaN/∞ from a variable, and the recording does not show what wrote "
                                  "them into it: TensorFlow records no output of an op that writes a variable (an "
                                  "assignment from NumPy or Python, a restore from a checkpoint, an optimizer's update), "
                                  "nor anything written before the recording started."), op, type);
      return g_strdup_printf (_("%s (%s) already held NaN/∞ where the recording starts: there is no recorded input "
                                "to walk back to."), op, type);
    case TDBG_CAUSE_NONE:
      return g_strdup (_("No tensor held NaN or ∞."));
    case TDBG_CAUSE_CONSTANT:
      if (rc->inputs->len > 0)
        /* TRANSLATORS: the op's name, its type ("Log"), the bad values ("−∞"), its constant input's name */
        return g_strdup_printf (_("%s (%s) produced %s from constants alone (%s): the program wrote it so, as "
                                  "log-space code writes log(0) = −∞ for a probability of zero."), op, type, kind,
                                input);
      /* TRANSLATORS: the op's name, its type ("Const"), the bad values ("−∞") */
      return g_strdup_printf (_("%s (%s) is a constant of the graph holding %s: the program wrote it so."), op, type,
                              kind);
    case TDBG_CAUSE_NOT_INSTRUMENTED:
      /* TRANSLATORS: the function call, its graph's name, the bad values */
      return g_strdup_printf (_("The function %s (%s) produced %s, but TensorFlow recorded none of the ops inside it "
                                "(it does not instrument a function loaded with tf.saved_model.load): the op that "
                                "made them cannot be named."), op, rc->function_name ? rc->function_name : "?",
                              kind);
    default:
      return catalogue_sentence (rc, op, type, kind, input);
    }
}

/* Why an inferred cause could not be seen: the input was not recorded, and why. */
static char *
unrecorded_limitation (const TdbgCauseInput *input)
{
  return g_strdup_printf (_(unrecorded_row (input ? input->unrecorded : TDBG_UNRECORDED_UNKNOWN)->inferred),
                          input ? input->op_name : "?", unrecorded_detail (input));
}

static const char *
curt_limitation (void)
{
  return _("CURT_HEALTH records only whether a tensor held any NaN or ∞ — not which, nor zero or "
           "negative counts — so this is inferred from the op type.");
}

static char *
limitation_for (const TdbgRootCause *rc, const TdbgCauseInput *input)
{
  const TdbgCauseInput *hiding;

  /* Nothing was inferred where no cause is told. */
  if (rc->cause == TDBG_CAUSE_INPUTS_NOT_RECORDED || rc->cause == TDBG_CAUSE_NOT_IN_CATALOGUE ||
      rc->cause == TDBG_CAUSE_NOT_INSTRUMENTED || rc->cause == TDBG_CAUSE_CONSTANT)
    return NULL;
  if (rc->mode == TDBG_MODE_CURT_HEALTH)
    return g_strdup (curt_limitation ());
  if (!rc->inferred)
    return NULL;
  /* Told by finite inputs: the one not recorded is what leaves it open. */
  hiding = input_hiding_nonfinite (rc);
  if ((rc->cause == TDBG_CAUSE_OVERFLOW || rc->cause == TDBG_CAUSE_INF_MINUS_INF) && hiding)
    return unrecorded_limitation (hiding);
  /* Passed on by an op that only moves values: the input that brought them was not recorded. */
  if (rc->cause == TDBG_CAUSE_NONFINITE_INPUT && rc->unrecorded_input >= 0)
    return unrecorded_limitation (&g_array_index (rc->inputs, TdbgCauseInput, rc->unrecorded_input));
  if (rc->evidence_kind == TDBG_EVIDENCE_NONE)
    return g_strdup (_("No debug mode records this condition of an input, so it is inferred from the op type and "
                       "the kind of its output."));
  if (!_tdbg_cause_input_recorded (input))
    return unrecorded_limitation (input);
  switch (input->value.mode)
    {
    case TDBG_MODE_CURT_HEALTH:
      return g_strdup (curt_limitation ());
    case TDBG_MODE_CONCISE_HEALTH:
      return g_strdup (_("CONCISE_HEALTH records no zero or negative counts, so this is inferred from the op type."));
    default:
      return g_strdup_printf (_("%s records no zero or negative counts, so this is inferred from the op type."),
                              tdbg_debug_mode_name (input->value.mode));
    }
}

static char *
evidence_sentence (const TdbgRootCause *rc, const TdbgCauseInput *input)
{
  g_autofree char *count = NULL;
  if (rc->inferred || input == NULL || isnan (rc->evidence_count))
    return NULL;
  gulong n = (gulong) MIN (rc->evidence_count, (double) G_MAXULONG);
  if (rc->evidence_kind == TDBG_EVIDENCE_EMPTY)
    return input->trace == TDBG_NONE
      ? g_strdup_printf (_("Execution #%u, which made it, has no elements."), input->execution)
      : g_strdup_printf (_("Its latest trace before, #%u, has no elements."), input->trace);
  count = g_strdup_printf ("%lu", n);
  if (input->trace == TDBG_NONE && rc->evidence_kind == TDBG_EVIDENCE_ZEROS)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Execution #%u, which made it, holds %s zero.",
                                         "Execution #%u, which made it, holds %s zeros.", n), input->execution, count);
  if (input->trace == TDBG_NONE && rc->evidence_kind == TDBG_EVIDENCE_NEGATIVES)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Execution #%u, which made it, holds %s negative value.",
                                         "Execution #%u, which made it, holds %s negative values.", n),
                            input->execution, count);
  if (rc->evidence_kind == TDBG_EVIDENCE_ZEROS)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Its latest trace before, #%u, holds %s zero.",
                                         "Its latest trace before, #%u, holds %s zeros.", n), input->trace, count);
  if (rc->evidence_kind == TDBG_EVIDENCE_NEGATIVES)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Its latest trace before, #%u, holds %s negative value.",
                                         "Its latest trace before, #%u, holds %s negative values.", n), input->trace, count);
  return NULL;
}

/* When the walk left the first bad trace: how its values came from the origin. */
static char *
walk_sentence (TdbgLogdir *logdir, const TdbgRootCause *rc, const char *origin)
{
  const TdbgWalkStep *first, *second;
  const char *name;

  /* A constant's ±∞ is often meant (a mask): the NaN made from it is what to look at. */
  if (rc->cause == TDBG_CAUSE_CONSTANT && rc->first_nan_after != TDBG_NONE)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, rc->first_nan_after)));
      /* TRANSLATORS: the op's name, its type, the trace's number */
      return g_strdup_printf (_("The first NaN after it is %s (%s), trace #%u."), op->op_name,
                              op->op_type ? op->op_type : "?", rc->first_nan_after);
    }

  if (rc->origin_untraced)
    {
      name = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, rc->origin_trace)))->op_name;
      return g_strdup_printf (_("TensorFlow records no output of %s, so it is inferred as the origin: it updated the "
                                "variable that %s (#%u), the first trace with NaN/∞, read after it in the same "
                                "graph."), origin, name, rc->origin_trace);
    }
  if (rc->walk == NULL || rc->walk->len < 2)
    return NULL;
  first = &g_array_index (rc->walk, TdbgWalkStep, 0);
  second = &g_array_index (rc->walk, TdbgWalkStep, 1);
  if (first->trace == TDBG_NONE)
    return g_strdup_printf (_("The first execution with NaN/∞, #%u, only passed on what %s made."),
                            first->execution, origin);
  name = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, first->trace)))->op_name;
  switch (second->link)
    {
    case TDBG_LINK_FUNCTION_INPUT:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), is an input of its function: the eager "
                                "call passed in what %s made."), name, first->trace, origin);
    case TDBG_LINK_OUTER_GRAPH:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), is an input of a nested graph: the op "
                                "of the outer graph calling it passed in what %s made."), name, first->trace, origin);
    case TDBG_LINK_VARIABLE:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), read a variable: an eager assignment "
                                "wrote into it what %s made."), name, first->trace, origin);
    default:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), only passed on what %s made."),
                              name, first->trace, origin);
    }
}

/* *@text with @sentence (taken; NULL: nothing) after it, a space between. */
static void
append_sentence (char **text, char *sentence)
{
  g_autofree char *before = *text;
  g_autofree char *added = sentence;

  if (added == NULL)
    *text = g_steal_pointer (&before);
  else
    *text = before ? g_strdup_printf ("%s %s", before, added) : g_steal_pointer (&added);
}

/* The origin is part of a gradient: the forward op it derives, and the user's line that made
 * that op (the gradient's own stack ends in whoever called tape.gradient: model.fit). */
static char *
gradient_sentence (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *forward;
  const TdbgStackFrame *frame;
  g_autofree char *file = NULL;

  if (rc->gradient_of == TDBG_NONE)
    return NULL;
  forward = tdbg_logdir_get_op (logdir, rc->gradient_of);
  frame = tdbg_logdir_get_op_user_frame (logdir, forward);
  if (frame == NULL || frame->file_path == NULL)
    /* TRANSLATORS: the forward op's name and type */
    return g_strdup_printf (_("It is part of the gradient (the backward pass) of %s (%s)."), forward->op_name,
                            forward->op_type ? forward->op_type : "?");
  file = g_path_get_basename (frame->file_path);
  /* TRANSLATORS: the forward op's name and type, the file and line that made it */
  return g_strdup_printf (_("It is part of the gradient (the backward pass) of %s (%s), made at %s line %d: "
                            "the derivative of that op is what went bad."),
                          forward->op_name, forward->op_type ? forward->op_type : "?",
                          file, frame->line);
}

/* The program checks the values the origin made (tf.math.is_finite): said, with what a loss
 * scaler does with them. */
static char *
checked_sentence (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  char *said;

  if (rc->checked_by == TDBG_NONE)
    return NULL;
  /* TRANSLATORS: the IsFinite op's name */
  said = g_strdup_printf (_("The program checks these values: they reach %s (IsFinite), as dynamic loss scaling "
                            "(a LossScaleOptimizer) does before each update, skipping a step whose gradients are "
                            "not finite and lowering its scale."),
                          tdbg_logdir_get_op (logdir, rc->checked_by)->op_name);
  if (rc->step_calls == 0)
    return said;
  if (rc->step_last_bad_call < rc->step_calls)
    /* TRANSLATORS: the last call with NaN/∞, the calls recorded */
    append_sentence (&said, g_strdup_printf (_("NaN/∞ came up to call %u of the %u recorded, then stopped: the scale "
                                               "settled."), rc->step_last_bad_call, rc->step_calls));
  else
    /* TRANSLATORS: the calls recorded */
    append_sentence (&said, g_strdup_printf (_("NaN/∞ came until the last of the %u calls recorded: the scale has "
                                               "not settled."), rc->step_calls));
  return said;
}

/* The origin ran several times in the call before it went bad: a loop's body, and which
 * iteration. */
static char *
loop_sentence (const TdbgRootCause *rc)
{
  if (rc->step_op_run < 2)
    return NULL;
  /* TRANSLATORS: the op's runs before in that call, then the run it went bad in */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "It ran %u time before in the same call with finite values, as a loop's body "
                                       "does: it went bad in its run %u.",
                                       "It ran %u times before in the same call with finite values, as a loop's body "
                                       "does: it went bad in its run %u.", rc->step_op_run - 1),
                          rc->step_op_run - 1, rc->step_op_run);
}

/* The culprit's values were a variable's, read by an op that held them already. */
static char *
variable_sentence (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *read;

  if (rc->variable_read == TDBG_NONE)
    return NULL;
  read = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, rc->variable_read)));
  /* TRANSLATORS: the op reading the variable, its type (ReadVariableOp), its trace number */
  return g_strdup_printf (rc->evidence_kind == TDBG_EVIDENCE_NEGATIVES
                            ? _("The negative values are a variable's: %s (%s, trace #%u) read them from it.")
                            : _("The zeros are a variable's: %s (%s, trace #%u) read them from it."),
                          read->op_name, read->op_type ? read->op_type : "?", rc->variable_read);
}

void
_tdbg_root_cause_explain (TdbgLogdir *logdir, TdbgRootCause *rc, const char *op_name)
{
  const TdbgCauseInput *input = rc->evidence_input >= 0
    ? &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input) : NULL;
  char *said = cause_sentence (rc, op_name, input ? input->op_name : "?");
  char *evidence = evidence_sentence (rc, input);

  rc->limitation = limitation_for (rc, input);
  append_sentence (&said, evidence ? evidence : g_strdup (rc->limitation));
  append_sentence (&said, variable_sentence (logdir, rc));
  append_sentence (&said, loop_sentence (rc));
  append_sentence (&said, gradient_sentence (logdir, rc));
  append_sentence (&said, checked_sentence (logdir, rc));
  append_sentence (&said, walk_sentence (logdir, rc, op_name));
  rc->explanation = said;
  rc->hint = _tdbg_root_cause_advice (logdir, rc);
}

/* What came before the NaN/∞ explained, or after it, that tdbg-root-cause-first.c found: said
 * after the explanation, so that the list's first alert is accounted for. */
void
_tdbg_root_cause_explain_first_alert (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  if (rc->constant_before != TDBG_NONE)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, rc->constant_before);
      /* TRANSLATORS: the constant's name and type (Const) */
      append_sentence (&rc->explanation,
                       g_strdup_printf (_("The first alert, %s (%s), is a constant holding the ±∞ the program wrote "
                                          "(a mask, a starting maximum): this NaN was not made from it."),
                                        op->op_name, op->op_type ? op->op_type : "?"));
    }
  if (rc->guarded_trace != TDBG_NONE)
    {
      const TdbgOp *first = tdbg_logdir_get_op (logdir, rc->guarded_op);
      const TdbgOp *by = tdbg_logdir_get_op (logdir, rc->guarded_by);
      /* TRANSLATORS: the first NaN/∞'s op, its type and trace number; the op that read it and
       * came out finite, and its type */
      append_sentence (&rc->explanation,
                       g_strdup_printf (_("The first NaN/∞, %s (%s, trace #%u), was discarded: %s (%s), which read "
                                          "it, came out finite, as a guard such as tf.where(x > 0, tf.math.log(x), "
                                          "0.) makes it; the NaN/∞ explained here is the first that went on."),
                                        first->op_name, first->op_type ? first->op_type : "?", rc->guarded_trace,
                                        by->op_name, by->op_type ? by->op_type : "?"));
    }
  if (rc->discarded_by != TDBG_NONE)
    {
      const TdbgOp *by = tdbg_logdir_get_op (logdir, rc->discarded_by);
      /* TRANSLATORS: the op that read the value and came out finite, its type */
      append_sentence (&rc->explanation,
                       g_strdup_printf (_("%s (%s), which read it, came out finite, and nothing went bad after it: "
                                          "the program discarded this value, as a guard such as tf.where or a "
                                          "learning-rate schedule's minimum over rsqrt(step) at step 0 does."),
                                        by->op_name, by->op_type ? by->op_type : "?"));
      g_free (rc->hint);
      rc->hint = g_strdup (_("Nothing to fix if the program means to discard it. To keep it from being made, compute "
                             "the op only where its value is used: tf.math.log(tf.where(x > 0, x, 1.0)) rather than "
                             "tf.where(x > 0, tf.math.log(x), 0.0)."));
    }
}

/* Nothing alerted: in NO_TENSOR or SHAPE alone that is because nothing could, and is said. */
void
_tdbg_root_cause_explain_nothing_bad (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  guint modes = tdbg_logdir_get_modes (logdir);
  g_autofree char *names = NULL;

  if (tdbg_debug_modes_tell_nonfinite (modes))
    {
      rc->explanation = g_strdup (_("No tensor held NaN or ∞."));
      return;
    }
  names = tdbg_debug_modes_names (modes);
  /* TRANSLATORS: %s: the debug modes recorded, "NO_TENSOR" or "SHAPE" */
  rc->limitation = g_strdup_printf (_("%s records nothing of NaN or ∞, so whether a tensor held any cannot be told: "
                                      "record with CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH or FULL_TENSOR."),
                                    names);
  rc->explanation = g_strdup (rc->limitation);
}
