/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The root cause of the first NaN/∞. The decision is a table of op families: each row says
 * which cause an output of −∞, +∞ or NaN from finite inputs means for those ops, and which
 * input holds the evidence (zeros for a logarithm or a denominator, negatives for a square
 * root). A new op family is one row. */

#include "config.h"

#include "tdbg-root-cause-private.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

typedef struct {
  const char *name;
  const char *op_types;       /* space-separated, with spaces around; NULL: every other op */
  TdbgCause on_neg_inf;
  TdbgCause on_pos_inf;
  TdbgCause on_nan;
  TdbgCause unknown_kind;     /* when the mode tells only "some NaN or ∞" */
  gint evidence_input;        /* the input whose zeros/negatives explain it, -1 for none */
} OpFamily;

#define LOG_ZERO TDBG_CAUSE_LOG_OF_ZERO
#define LOG_NEG TDBG_CAUSE_LOG_OF_NEGATIVE
#define SQRT_NEG TDBG_CAUSE_SQRT_OF_NEGATIVE
#define DIV_ZERO TDBG_CAUSE_DIVISION_BY_ZERO
#define OVERFLOW TDBG_CAUSE_OVERFLOW

static const OpFamily op_families[] = {
  /* name          op types                                               −∞        +∞        NaN       unknown   evidence */
  { "log",        " Log ",                                                LOG_ZERO, OVERFLOW, LOG_NEG,  LOG_ZERO, 0 },
  { "sqrt",       " Sqrt ",                                               OVERFLOW, OVERFLOW, SQRT_NEG, SQRT_NEG, 0 },
  { "rsqrt",      " Rsqrt ",                                              DIV_ZERO, DIV_ZERO, SQRT_NEG, SQRT_NEG, 0 },
  { "division",   " Div RealDiv FloorDiv TruncateDiv Xdivy FloorMod Mod TruncateMod ",
                                                                          DIV_ZERO, DIV_ZERO, DIV_ZERO, DIV_ZERO, 1 },
  { "reciprocal", " Reciprocal Inv ",                                     DIV_ZERO, DIV_ZERO, DIV_ZERO, DIV_ZERO, 0 },
  { "other",      NULL,                                                   OVERFLOW, OVERFLOW, OVERFLOW, OVERFLOW, -1 },
};

static const char *const cause_codes[] = {
  [TDBG_CAUSE_NONE] = "none",
  [TDBG_CAUSE_LOG_OF_ZERO] = "log_of_zero",
  [TDBG_CAUSE_LOG_OF_NEGATIVE] = "log_of_negative",
  [TDBG_CAUSE_SQRT_OF_NEGATIVE] = "sqrt_of_negative",
  [TDBG_CAUSE_DIVISION_BY_ZERO] = "division_by_zero",
  [TDBG_CAUSE_OVERFLOW] = "overflow",
  [TDBG_CAUSE_INPUTS_NOT_RECORDED] = "inputs_not_recorded",
  [TDBG_CAUSE_NONFINITE_INPUT] = "nonfinite_input",
};

const char *
tdbg_cause_code (TdbgCause cause)
{
  return cause < G_N_ELEMENTS (cause_codes) ? cause_codes[cause] : "none";
}

const char *
tdbg_cause_name (TdbgCause cause)
{
  switch (cause)
    {
    case TDBG_CAUSE_LOG_OF_ZERO:
      return _("Log of zero");
    case TDBG_CAUSE_LOG_OF_NEGATIVE:
      return _("Log of a negative");
    case TDBG_CAUSE_SQRT_OF_NEGATIVE:
      return _("Square root of a negative");
    case TDBG_CAUSE_DIVISION_BY_ZERO:
      return _("Division by zero");
    case TDBG_CAUSE_OVERFLOW:
      return _("Overflow");
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
      /* Translators: the root cause is unknown because the op's inputs were not recorded */
      return _("Inputs not recorded");
    case TDBG_CAUSE_NONFINITE_INPUT:
      /* Translators: the op got a NaN or infinity from its inputs */
      return _("NaN/∞ input");
    case TDBG_CAUSE_NONE:
    default:
      return _("None");
    }
}

static TdbgEvidenceKind
evidence_of (TdbgCause cause)
{
  switch (cause)
    {
    case TDBG_CAUSE_LOG_OF_ZERO:
    case TDBG_CAUSE_DIVISION_BY_ZERO:
      return TDBG_EVIDENCE_ZEROS;
    case TDBG_CAUSE_LOG_OF_NEGATIVE:
    case TDBG_CAUSE_SQRT_OF_NEGATIVE:
      return TDBG_EVIDENCE_NEGATIVES;
    default:
      return TDBG_EVIDENCE_NONE;
    }
}

static const OpFamily *
family_of (const char *op_type)
{
  g_autofree char *needle = g_strdup_printf (" %s ", op_type ? op_type : "");
  for (guint i = 0; i < G_N_ELEMENTS (op_families); i++)
    if (op_families[i].op_types == NULL || strstr (op_families[i].op_types, needle) != NULL)
      return &op_families[i];
  g_assert_not_reached ();
}

const char *
tdbg_root_cause_family_of (const char *op_type)
{
  return family_of (op_type)->name;
}

/* The row's cause for the output's kind of bad value; when the mode does not tell the kind,
 * the input's zeros or negatives (where recorded) pick among the row's causes. Comparisons
 * with NAN (unknown) are false. */
static TdbgCause
decide (const OpFamily *f, double neg_inf, double pos_inf, double nan, double zeros, double negatives)
{
  const TdbgCause row[] = { f->on_neg_inf, f->on_nan, f->on_pos_inf };

  if (neg_inf > 0)
    return f->on_neg_inf;
  if (nan > 0)
    return f->on_nan;
  if (pos_inf > 0)
    return f->on_pos_inf;
  for (guint i = 0; i < G_N_ELEMENTS (row); i++)
    if ((zeros > 0 && evidence_of (row[i]) == TDBG_EVIDENCE_ZEROS) ||
        (negatives > 0 && evidence_of (row[i]) == TDBG_EVIDENCE_NEGATIVES))
      return row[i];
  return f->unknown_kind;
}

TdbgCause
tdbg_root_cause_decide (const char *op_type, double neg_inf, double pos_inf, double nan,
                        double input_zeros, double input_negatives)
{
  return decide (family_of (op_type), neg_inf, pos_inf, nan, input_zeros, input_negatives);
}

/* ---- the origin and its inputs ---------------------------------------------------------- */

static gboolean
trace_is_bad (TdbgLogdir *logdir, guint32 index)
{
  return (tdbg_logdir_get_trace (logdir, index)->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
}

static guint
input_slot (const char *input_name)
{
  const char *colon = strrchr (input_name, ':');
  return colon ? (guint) g_ascii_strtoull (colon + 1, NULL, 10) : 0;
}

static void
clear_input (gpointer data)
{
  TdbgCauseInput *input = data;
  g_free (input->op_name);
  if (input->value_read)
    tdbg_value_clear (&input->value);
}

/* Decodes a trace's summary; FALSE when its record cannot be read. The event is kept alive by
 * @events, since a FULL_TENSOR value borrows from it. */
static gboolean
read_value (TdbgLogdir *logdir, guint32 index, GPtrArray *events, TdbgValue *value)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, index, NULL);
  if (event == NULL || event->what_case != TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      if (event)
        tensorflow__debug_event__free_unpacked (event, NULL);
      return FALSE;
    }
  g_ptr_array_add (events, event);
  tdbg_value_init (value, event->graph_execution_trace->tensor_debug_mode,
                   event->graph_execution_trace->tensor_proto);
  return TRUE;
}

static void
free_event (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

/* The data inputs of @op (control inputs left out) with their latest traces before @before. */
static GArray *
collect_inputs (TdbgCauseWalk *w, const TdbgOp *op, guint32 before, GPtrArray *events)
{
  TdbgLogdir *logdir = w->logdir;
  GArray *inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
  g_array_set_clear_func (inputs, clear_input);
  for (guint k = 0; op->input_names[k]; k++)
    {
      const char *name = op->input_names[k];
      TdbgCauseInput input = { .op = op->input_ops[k], .trace = TDBG_NONE, .execution = TDBG_NONE };
      if (name[0] == '^')
        continue;
      input.output_slot = input_slot (name);
      input.op_name = input.op != TDBG_NONE ? g_strdup (tdbg_logdir_get_op (logdir, input.op)->op_name)
                                            : g_strndup (name, strcspn (name, ":"));
      if (input.op != TDBG_NONE)
        input.trace = tdbg_logdir_find_latest_trace_before (logdir, input.op, input.output_slot, before);
      if (input.trace != TDBG_NONE)
        {
          input.bad = trace_is_bad (logdir, input.trace);
          input.value_read = read_value (logdir, input.trace, events, &input.value);
        }
      else if (input.op != TDBG_NONE)
        {
          /* A function argument: what the eager call was given, as its maker recorded it. */
          guint slot;
          input.execution = _tdbg_cause_walk_argument_producer (w, input.op, before, &slot);
          if (input.execution != TDBG_NONE)
            {
              input.bad = _tdbg_cause_walk_output_bad (w, input.execution, slot);
              input.value_read = _tdbg_cause_walk_output_value (w, input.execution, slot, &input.value);
            }
        }
      g_array_append_val (inputs, input);
    }
  return inputs;
}

static guint32
first_bad_trace (TdbgLogdir *logdir)
{
  guint n = tdbg_logdir_get_n_traces (logdir);
  for (guint i = 0; i < n; i++)
    if (trace_is_bad (logdir, i))
      return i;
  return TDBG_NONE;
}

/* An eager input counts when the execution that made it recorded its value: a resource (an
 * iterator, a variable) made by a recorded execution still tells nothing. */
static gboolean
input_recorded (const TdbgCauseInput *input)
{
  return input != NULL && (input->trace != TDBG_NONE || (input->execution != TDBG_NONE && input->value_read));
}

static guint
n_recorded_inputs (GArray *inputs)
{
  guint n = 0;
  for (guint i = 0; i < inputs->len; i++)
    n += input_recorded (&g_array_index (inputs, TdbgCauseInput, i));
  return n;
}

/* The first execution with an output holding NaN/∞, in file order. */
static guint32
first_bad_execution (TdbgLogdir *logdir)
{
  guint n = tdbg_logdir_get_n_executions (logdir);
  for (guint i = 0; i < n; i++)
    if (tdbg_logdir_get_execution (logdir, i)->n_alert_outputs > 0)
      return i;
  return TDBG_NONE;
}

/* ---- spread and step -------------------------------------------------------------------- */

static guint32
outermost_graph (TdbgLogdir *logdir, guint32 graph)
{
  for (guint depth = 0; graph != TDBG_NONE && depth <= tdbg_logdir_get_n_graphs (logdir); depth++)
    {
      if (_tdbg_cause_graph_is_outermost (logdir, graph))
        return graph;
      graph = tdbg_logdir_get_graph (logdir, graph)->outer;
    }
  return graph;
}

/* The call of the function enclosing @graph that the trace at @wall_time ran in. A function
 * call's execution record is written when the call returns, after its graph's traces: the call
 * is the first one of that function at or after the trace. */
static void
find_step (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 graph, double wall_time)
{
  guint32 outer = outermost_graph (logdir, graph);
  guint n = tdbg_logdir_get_n_executions (logdir), calls = 0;

  if (outer == TDBG_NONE)
    return;
  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->graph == TDBG_NONE || outermost_graph (logdir, e->graph) != outer)
        continue;
      calls++;
      if (e->wall_time >= wall_time)
        {
          rc->step_execution = i;
          rc->step_graph = e->graph;
          rc->step_call = calls;
          return;
        }
    }
}

/* Every bad trace but the origin: the origin may be a later trace than the first bad one,
 * when a nested graph saw the values before the op that made them was traced. */
static void
count_spread_traces (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  g_autoptr(GHashTable) ops = g_hash_table_new (NULL, NULL);
  guint n = tdbg_logdir_get_n_traces (logdir);

  for (guint i = 0; i < n; i++)
    if (i != rc->origin_trace && trace_is_bad (logdir, i))
      {
        rc->spread_traces++;
        g_hash_table_add (ops, GUINT_TO_POINTER (tdbg_logdir_get_trace (logdir, i)->op + 1));
      }
  rc->spread_ops = g_hash_table_size (ops);
}

/* Eager executions with a bad output written at or after the origin: the function call that
 * ran the origin's graph returns (and is written) after its traces, so it counts; an eager op
 * that went bad on its own before the origin does not. */
static void
count_spread_executions (TdbgLogdir *logdir, TdbgRootCause *rc, double origin_wall_time)
{
  guint n = tdbg_logdir_get_n_executions (logdir);

  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (i != rc->origin_execution && e->n_alert_outputs > 0 && e->wall_time >= origin_wall_time)
        rc->spread_executions++;
    }
}

static void
count_spread (TdbgLogdir *logdir, TdbgRootCause *rc, double origin_wall_time)
{
  count_spread_traces (logdir, rc);
  count_spread_executions (logdir, rc, origin_wall_time);
}

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

static const char *
hint_for (TdbgCause cause)
{
  switch (cause)
    {
    case TDBG_CAUSE_LOG_OF_ZERO:
      return _("Keep the argument away from zero: tf.math.log(x + 1e-7), or compute log-probabilities "
               "directly with tf.nn.log_softmax or tf.nn.softmax_cross_entropy_with_logits.");
    case TDBG_CAUSE_LOG_OF_NEGATIVE:
      return _("The argument of the logarithm went negative: check what feeds it, clip it "
               "(tf.math.log(tf.maximum(x, 1e-7))), or use tf.math.log1p where log(1 + x) is meant.");
    case TDBG_CAUSE_SQRT_OF_NEGATIVE:
      return _("Clip the argument to non-negative values (tf.sqrt(tf.maximum(x, 0.0))), and add a small ε "
               "where the gradient of the square root at zero matters.");
    case TDBG_CAUSE_DIVISION_BY_ZERO:
      return _("Guard the denominator: tf.math.divide_no_nan(x, y), or add a small ε to it (x / (y + 1e-7)).");
    case TDBG_CAUSE_OVERFLOW:
      return _("Values grew past what the type can hold: lower the learning rate, clip gradients "
               "(tf.clip_by_global_norm), use loss scaling with float16, or normalise the inputs.");
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
      return _("Record more: a larger circular_buffer_size (or -1) in enable_dump_debug_info keeps the "
               "traces before the first NaN/∞.");
    case TDBG_CAUSE_NONFINITE_INPUT:
      return _("The bad values came from outside what was recorded: check the data fed to the program "
               "(tf.debugging.check_numerics on the inputs), or record from the start of the run.");
    default:
      return NULL;
    }
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

static char *
cause_sentence (const TdbgRootCause *rc, const char *op, const char *input)
{
  const char *type = rc->origin_op_type ? rc->origin_op_type : "?";
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
      return g_strdup_printf (_("%s (%s) produced %s from finite inputs: its values grew past what the type can hold."),
                              op, type, kind);
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
      return g_strdup_printf (_("%s (%s) is the first tensor with NaN/∞ in the logdir, but none of its inputs was "
                                "recorded before it (a circular buffer may have dropped them): the cause cannot be told."),
                              op, type);
    case TDBG_CAUSE_NONFINITE_INPUT:
      return g_strdup_printf (_("%s (%s) already held NaN/∞ where the recording starts: there is no recorded input "
                                "to walk back to."), op, type);
    default:
      return g_strdup (_("No tensor held NaN or ∞."));
    }
}

static char *
limitation_for (const TdbgRootCause *rc, const TdbgCauseInput *input)
{
  if (rc->mode == TDBG_MODE_CURT_HEALTH)
    return g_strdup (_("CURT_HEALTH records only whether a tensor held any NaN or ∞ — not which, nor zero or "
                       "negative counts — so this is inferred from the op type."));
  if (rc->evidence_kind == TDBG_EVIDENCE_NONE || !rc->inferred)
    return NULL;
  if (!input_recorded (input))
    return g_strdup_printf (_("The input %s was not recorded before it, so this is inferred from the op type."),
                            input ? input->op_name : "?");
  switch (input->value.mode)
    {
    case TDBG_MODE_CURT_HEALTH:
      return g_strdup (_("CURT_HEALTH records only whether a tensor held any NaN or ∞ — not which, nor zero or "
                         "negative counts — so this is inferred from the op type."));
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

  if (rc->walk == NULL || rc->walk->len < 2)
    return NULL;
  first = &g_array_index (rc->walk, TdbgWalkStep, 0);
  second = &g_array_index (rc->walk, TdbgWalkStep, 1);
  if (first->trace == TDBG_NONE)
    return g_strdup_printf (_("The first execution with NaN/∞, #%u, only passed on what %s made."),
                            first->execution, origin);
  name = tdbg_logdir_get_op (logdir, tdbg_logdir_get_trace (logdir, first->trace)->op)->op_name;
  switch (second->link)
    {
    case TDBG_LINK_FUNCTION_INPUT:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), is an input of its function: the eager "
                                "call passed in what %s made."), name, first->trace, origin);
    case TDBG_LINK_OUTER_GRAPH:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), is an input of a nested graph: the op "
                                "of the outer graph calling it passed in what %s made."), name, first->trace, origin);
    default:
      return g_strdup_printf (_("The first trace with NaN/∞, %s (#%u), only passed on what %s made."),
                              name, first->trace, origin);
    }
}

static void
explain (TdbgLogdir *logdir, TdbgRootCause *rc, const char *op_name)
{
  const TdbgCauseInput *input = rc->evidence_input >= 0
    ? &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input) : NULL;
  g_autofree char *sentence = cause_sentence (rc, op_name, input ? input->op_name : "?");
  g_autofree char *evidence = evidence_sentence (rc, input);
  g_autofree char *walk = walk_sentence (logdir, rc, op_name);
  g_autofree char *said = NULL;

  rc->limitation = limitation_for (rc, input);
  said = evidence ? g_strdup_printf ("%s %s", sentence, evidence)
       : rc->limitation ? g_strdup_printf ("%s %s", sentence, rc->limitation)
       : g_steal_pointer (&sentence);
  rc->explanation = walk ? g_strdup_printf ("%s %s", said, walk) : g_steal_pointer (&said);
  rc->hint = g_strdup (hint_for (rc->cause));
}

/* ---- deciding --------------------------------------------------------------------------- */

static double
input_count (const TdbgCauseInput *input, TdbgEvidenceKind kind)
{
  if (input == NULL || !input->value_read || !input->value.counts_known)
    return NAN;
  return kind == TDBG_EVIDENCE_ZEROS ? (double) input->value.counts.zero : (double) input->value.counts.neg;
}

static void
decide_for_trace (TdbgRootCause *rc, const OpFamily *family)
{
  const TdbgCauseInput *evidence = NULL;

  rc->family = family->name;
  if (family->evidence_input >= 0 && (guint) family->evidence_input < rc->inputs->len)
    {
      rc->evidence_input = family->evidence_input;
      evidence = &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input);
    }
  rc->cause = decide (family, rc->neg_inf, rc->pos_inf, rc->nan,
                      input_count (evidence, TDBG_EVIDENCE_ZEROS), input_count (evidence, TDBG_EVIDENCE_NEGATIVES));
  rc->evidence_kind = evidence_of (rc->cause);
  if (rc->evidence_kind == TDBG_EVIDENCE_NONE)
    rc->evidence_input = -1;
  rc->evidence_count = input_count (rc->evidence_input >= 0 ? evidence : NULL, rc->evidence_kind);
  /* Inferred: the evidence was not recorded, or the mode did not tell which bad values came out. */
  rc->inferred = (rc->evidence_kind != TDBG_EVIDENCE_NONE && isnan (rc->evidence_count)) || isnan (rc->nan);
}

static void
origin_counts_from_value (TdbgRootCause *rc, const TdbgValue *v)
{
  rc->mode = v->mode;
  rc->neg_inf = v->inf_nan_known ? (double) v->counts.neg_inf : NAN;
  rc->pos_inf = v->inf_nan_known ? (double) v->counts.pos_inf : NAN;
  rc->nan = v->inf_nan_known ? (double) v->counts.nan : NAN;
}

static void
decide_cause (TdbgRootCause *rc, const char *op_type)
{
  if (rc->inputs->len > 0 && n_recorded_inputs (rc->inputs) == 0)
    rc->cause = TDBG_CAUSE_INPUTS_NOT_RECORDED;
  else if (rc->inputs->len == 0)
    rc->cause = TDBG_CAUSE_NONFINITE_INPUT;
  else
    decide_for_trace (rc, family_of (op_type));
}

static void
find_for_trace (TdbgCauseWalk *w, TdbgRootCause *rc, guint32 index)
{
  TdbgLogdir *logdir = w->logdir;
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, index);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, d->op);
  TdbgValue value;

  rc->origin_trace = index;
  rc->origin_op = d->op;
  rc->origin_op_type = op->op_type;
  rc->origin_output_slot = d->output_slot;
  rc->inputs = collect_inputs (w, op, index, rc->records);
  if (read_value (logdir, index, rc->records, &value))
    {
      origin_counts_from_value (rc, &value);
      tdbg_value_clear (&value);
    }
  /* An op known only from its traces (its creation record missing): its inputs are unknown. */
  if (op->op_type == NULL)
    rc->cause = TDBG_CAUSE_INPUTS_NOT_RECORDED;
  else
    decide_cause (rc, op->op_type);
  find_step (logdir, rc, op->graph, tdbg_logdir_get_trace_wall_time (logdir, index));
  count_spread (logdir, rc, tdbg_logdir_get_trace_wall_time (logdir, index));
  explain (logdir, rc, op->op_name);
}

/* The executions that made an eager op's input tensors, and what they recorded of them. */
static GArray *
collect_eager_inputs (TdbgCauseWalk *w, guint32 index)
{
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, index);
  GArray *inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));

  g_array_set_clear_func (inputs, clear_input);
  for (gsize i = 0; ex && i < ex->n_input_tensor_ids; i++)
    {
      TdbgCauseInput input = { .op = TDBG_NONE, .trace = TDBG_NONE };
      input.execution = _tdbg_cause_walk_producer (w, index, ex->input_tensor_ids[i], &input.output_slot);
      if (input.execution != TDBG_NONE)
        {
          const TdbgExecutionDigest *e = tdbg_logdir_get_execution (w->logdir, input.execution);
          input.op_name = g_strdup (tdbg_logdir_get_string (w->logdir, e->op_type));
          input.bad = _tdbg_cause_walk_output_bad (w, input.execution, input.output_slot);
          input.value_read = _tdbg_cause_walk_output_value (w, input.execution, input.output_slot, &input.value);
        }
      else
        {
          g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, ex->input_tensor_ids[i]);
          input.op_name = g_strdup_printf (_("tensor %s"), id);
          input.output_slot = 0;
        }
      g_array_append_val (inputs, input);
    }
  return inputs;
}

static void
find_for_execution (TdbgCauseWalk *w, TdbgRootCause *rc, guint32 index, guint slot)
{
  const TdbgExecutionDigest *e = tdbg_logdir_get_execution (w->logdir, index);
  TdbgValue value;

  rc->origin_execution = index;
  rc->origin_op_type = tdbg_logdir_get_string (w->logdir, e->op_type);
  rc->origin_output_slot = slot;
  rc->mode = e->mode;
  if (_tdbg_cause_walk_output_value (w, index, slot, &value))
    {
      origin_counts_from_value (rc, &value);
      tdbg_value_clear (&value);
    }
  rc->inputs = collect_eager_inputs (w, index);
  decide_cause (rc, rc->origin_op_type);
  if (e->graph != TDBG_NONE)
    find_step (w->logdir, rc, e->graph, e->wall_time);
  count_spread (w->logdir, rc, e->wall_time);
  explain (w->logdir, rc, rc->origin_op_type);
}

/* The first output of an execution that holds NaN/∞ (0 when the outputs cannot be told apart). */
static guint
first_bad_output (TdbgCauseWalk *w, guint32 index)
{
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, index);
  for (guint s = 0; ex && s < ex->n_tensor_protos; s++)
    if (_tdbg_cause_walk_output_bad (w, index, s))
      return s;
  return 0;
}

/* Nothing alerted: in NO_TENSOR or SHAPE alone that is because nothing could, and is said. */
static void
nothing_bad (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  guint modes = tdbg_logdir_get_modes (logdir);
  guint telling = (1u << TDBG_MODE_CURT_HEALTH) | (1u << TDBG_MODE_CONCISE_HEALTH) | (1u << TDBG_MODE_FULL_HEALTH) |
                  (1u << TDBG_MODE_FULL_TENSOR) | (1u << TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS);
  GString *names;

  if (modes == 0 || (modes & telling) != 0)
    {
      rc->explanation = g_strdup (_("No tensor held NaN or ∞."));
      return;
    }
  names = g_string_new (NULL);
  for (guint m = 0; m < 32; m++)
    if (modes & (1u << m))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", tdbg_debug_mode_name (m));
  /* TRANSLATORS: %s: the debug modes recorded, "NO_TENSOR" or "SHAPE" */
  rc->limitation = g_strdup_printf (_("%s records nothing of NaN or ∞, so whether a tensor held any cannot be told: "
                                      "record with CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH or FULL_TENSOR."),
                                    names->str);
  rc->explanation = g_strdup (rc->limitation);
  g_string_free (names, TRUE);
}

TdbgRootCause *
tdbg_root_cause_find (TdbgLogdir *logdir)
{
  TdbgRootCause *rc = g_new0 (TdbgRootCause, 1);
  TdbgWalkStep start = { TDBG_NONE, TDBG_NONE, 0, TDBG_LINK_FIRST };
  TdbgCauseWalk w;
  const TdbgWalkStep *origin;

  rc->records = g_ptr_array_new_with_free_func (free_event);
  rc->origin_trace = rc->origin_execution = rc->origin_op = TDBG_NONE;
  rc->step_execution = rc->step_graph = TDBG_NONE;
  rc->evidence_input = -1;
  rc->neg_inf = rc->pos_inf = rc->nan = NAN;
  _tdbg_cause_walk_init (&w, logdir, rc->records);

  /* Start where alerts are counted first: the first bad trace in file order (see the header),
   * else the first bad execution; then walk back to where the values first went bad. */
  if ((start.trace = first_bad_trace (logdir)) == TDBG_NONE &&
      (start.execution = first_bad_execution (logdir)) != TDBG_NONE)
    start.output_slot = first_bad_output (&w, start.execution);
  if (start.trace == TDBG_NONE && start.execution == TDBG_NONE)
    {
      rc->inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
      rc->walk = g_array_new (FALSE, FALSE, sizeof (TdbgWalkStep));
      nothing_bad (logdir, rc);
      _tdbg_cause_walk_clear (&w);
      return rc;
    }
  rc->walk = _tdbg_cause_walk_back (&w, &start);
  origin = &g_array_index (rc->walk, TdbgWalkStep, rc->walk->len - 1);
  if (origin->trace != TDBG_NONE)
    find_for_trace (&w, rc, origin->trace);
  else
    find_for_execution (&w, rc, origin->execution, origin->output_slot);
  _tdbg_cause_walk_clear (&w);
  return rc;
}

void
tdbg_root_cause_free (TdbgRootCause *rc)
{
  if (rc == NULL)
    return;
  g_clear_pointer (&rc->inputs, g_array_unref);
  g_clear_pointer (&rc->walk, g_array_unref);
  g_clear_pointer (&rc->records, g_ptr_array_unref);
  g_free (rc->explanation);
  g_free (rc->hint);
  g_free (rc->limitation);
  g_free (rc);
}
