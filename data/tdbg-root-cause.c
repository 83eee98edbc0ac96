/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The root cause of the first NaN/∞. The decision is a table of op families: each row says
 * which cause an output of −∞, +∞ or NaN from finite inputs means for those ops, and which
 * input holds the evidence (zeros for a logarithm or a denominator, negatives for a square
 * root). A new op family is one row. */

#include "config.h"

#include "tdbg-root-cause.h"

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
collect_inputs (TdbgLogdir *logdir, const TdbgOp *op, guint32 before, GPtrArray *events)
{
  GArray *inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
  g_array_set_clear_func (inputs, clear_input);
  for (guint k = 0; op->input_names[k]; k++)
    {
      const char *name = op->input_names[k];
      TdbgCauseInput input = { .op = op->input_ops[k], .trace = TDBG_NONE };
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

static guint
n_recorded_inputs (GArray *inputs)
{
  guint n = 0;
  for (guint i = 0; i < inputs->len; i++)
    n += g_array_index (inputs, TdbgCauseInput, i).trace != TDBG_NONE;
  return n;
}

/* When the first bad trace has no recorded input, the bad values came from outside its graph:
 * the earliest eager execution with a bad output before it in time is where they appeared. */
static guint32
earlier_bad_execution (TdbgLogdir *logdir, double before_time)
{
  guint n = tdbg_logdir_get_n_executions (logdir);
  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->wall_time > before_time)
        break;
      if (e->n_alert_outputs > 0)
        return i;
    }
  return TDBG_NONE;
}

/* ---- spread and step -------------------------------------------------------------------- */

static guint32
outermost_graph (TdbgLogdir *logdir, guint32 graph)
{
  for (guint depth = 0; graph != TDBG_NONE && depth <= tdbg_logdir_get_n_graphs (logdir); depth++)
    {
      guint32 outer = tdbg_logdir_get_graph (logdir, graph)->outer;
      if (outer == TDBG_NONE)
        return graph;
      graph = outer;
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

static void
count_spread (TdbgLogdir *logdir, TdbgRootCause *rc)
{
  g_autoptr(GHashTable) ops = g_hash_table_new (NULL, NULL);
  guint n = tdbg_logdir_get_n_traces (logdir);
  guint32 from = rc->origin_trace != TDBG_NONE ? rc->origin_trace + 1 : 0;

  for (guint i = from; i < n; i++)
    if (trace_is_bad (logdir, i))
      {
        rc->spread_traces++;
        g_hash_table_add (ops, GUINT_TO_POINTER (tdbg_logdir_get_trace (logdir, i)->op + 1));
      }
  rc->spread_ops = g_hash_table_size (ops);
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

static const char *
origin_kind_text (const TdbgRootCause *rc)
{
  if (rc->neg_inf > 0 && rc->nan > 0)
    return _("−∞ and NaN");
  if (rc->neg_inf > 0)
    return "−∞";
  if (rc->pos_inf > 0 && rc->nan > 0)
    return _("∞ and NaN");
  if (rc->pos_inf > 0)
    return "∞";
  if (rc->nan > 0)
    return "NaN";
  return _("NaN or ∞");
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
  if (input == NULL || input->trace == TDBG_NONE)
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
  if (rc->evidence_kind == TDBG_EVIDENCE_ZEROS)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Its latest trace before, #%u, holds %s zero.",
                                         "Its latest trace before, #%u, holds %s zeros.", n), input->trace, count);
  if (rc->evidence_kind == TDBG_EVIDENCE_NEGATIVES)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Its latest trace before, #%u, holds %s negative value.",
                                         "Its latest trace before, #%u, holds %s negative values.", n), input->trace, count);
  return NULL;
}

static void
explain (TdbgLogdir *logdir, TdbgRootCause *rc, const char *op_name)
{
  const TdbgCauseInput *input = rc->evidence_input >= 0
    ? &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input) : NULL;
  g_autofree char *sentence = cause_sentence (rc, op_name, input ? input->op_name : "?");
  g_autofree char *evidence = evidence_sentence (rc, input);

  rc->limitation = limitation_for (rc, input);
  rc->explanation = evidence ? g_strdup_printf ("%s %s", sentence, evidence)
                  : rc->limitation ? g_strdup_printf ("%s %s", sentence, rc->limitation)
                  : g_steal_pointer (&sentence);
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

/* @inputs: the op's inputs with their latest traces, taken over. */
static void
find_for_trace (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 index, GArray *inputs)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, index);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, d->op);
  TdbgValue value;

  rc->origin_trace = index;
  rc->origin_op = d->op;
  rc->origin_op_type = op->op_type;
  rc->origin_output_slot = d->output_slot;
  rc->inputs = inputs;
  if (read_value (logdir, index, rc->records, &value))
    {
      origin_counts_from_value (rc, &value);
      tdbg_value_clear (&value);
    }

  if (rc->inputs->len > 0 && n_recorded_inputs (rc->inputs) == 0)
    rc->cause = TDBG_CAUSE_INPUTS_NOT_RECORDED;
  else if (rc->inputs->len == 0)
    rc->cause = TDBG_CAUSE_NONFINITE_INPUT;
  else
    decide_for_trace (rc, family_of (op->op_type));
  find_step (logdir, rc, op->graph, tdbg_logdir_get_trace_wall_time (logdir, index));
  count_spread (logdir, rc);
  explain (logdir, rc, op->op_name);
}

/* The counts of the first output of an execution that holds NaN/∞, where the mode tells them. */
static void
execution_counts (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 index)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, index, NULL);
  Tensorflow__Execution *execution;

  if (event == NULL)
    return;
  execution = event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION ? event->execution : NULL;
  for (gsize i = 0; execution && i < execution->n_tensor_protos; i++)
    {
      TdbgValue value;
      gboolean bad;
      tdbg_value_init (&value, execution->tensor_debug_mode, execution->tensor_protos[i]);
      bad = value.any_inf_nan;
      if (bad)
        {
          origin_counts_from_value (rc, &value);
          rc->origin_output_slot = i;
        }
      tdbg_value_clear (&value);
      if (bad)
        break;
    }
  tensorflow__debug_event__free_unpacked (event, NULL);
}

static void
find_for_execution (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 index)
{
  const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, index);
  const OpFamily *family;

  rc->origin_execution = index;
  rc->origin_op_type = tdbg_logdir_get_string (logdir, e->op_type);
  rc->mode = e->mode;
  execution_counts (logdir, rc, index);
  rc->inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
  family = family_of (rc->origin_op_type);
  decide_for_trace (rc, family);
  count_spread (logdir, rc);
  explain (logdir, rc, rc->origin_op_type);
}

TdbgRootCause *
tdbg_root_cause_find (TdbgLogdir *logdir)
{
  TdbgRootCause *rc = g_new0 (TdbgRootCause, 1);
  guint32 first;

  rc->records = g_ptr_array_new_with_free_func (free_event);
  rc->origin_trace = rc->origin_execution = rc->origin_op = TDBG_NONE;
  rc->step_execution = rc->step_graph = TDBG_NONE;
  rc->evidence_input = -1;
  rc->neg_inf = rc->pos_inf = rc->nan = NAN;

  /* Traces come in file order across the file sets, as alerts are counted: every input of the
   * first bad trace was finite (or unrecorded) at its latest trace before it. */
  first = first_bad_trace (logdir);
  if (first != TDBG_NONE)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, first);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, d->op);
      g_autoptr(GArray) inputs = collect_inputs (logdir, op, first, rc->records);
      /* An op without inputs (a placeholder, a function argument) that holds NaN/∞ was fed
       * them from outside its graph: by an eager op, if one went bad before. */
      guint32 eager = inputs->len == 0 ? earlier_bad_execution (logdir, tdbg_logdir_get_trace_wall_time (logdir, first)) : TDBG_NONE;

      if (eager != TDBG_NONE)
        find_for_execution (logdir, rc, eager);
      else
        find_for_trace (logdir, rc, first, g_steal_pointer (&inputs));
    }
  else
    {
      guint32 eager = earlier_bad_execution (logdir, INFINITY);
      if (eager != TDBG_NONE)
        find_for_execution (logdir, rc, eager);
      else
        {
          rc->inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
          rc->explanation = g_strdup (_("No tensor held NaN or ∞."));
        }
    }
  return rc;
}

void
tdbg_root_cause_free (TdbgRootCause *rc)
{
  if (rc == NULL)
    return;
  g_clear_pointer (&rc->inputs, g_array_unref);
  g_clear_pointer (&rc->records, g_ptr_array_unref);
  g_free (rc->explanation);
  g_free (rc->hint);
  g_free (rc->limitation);
  g_free (rc);
}
