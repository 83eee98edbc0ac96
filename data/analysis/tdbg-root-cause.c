/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The root cause of the first NaN/∞: the origin's inputs and why any was not recorded, the
 * cause the catalogue's row for the op decides from them (tdbg-cause-catalogue.c, read by
 * tdbg_cause_decide()) and the culprit input; the explanation and advice for people are
 * written in tdbg-root-cause-text.c. A new op family is one row of the catalogue, a new kind of
 * cause one value of TdbgCause here (and its words there). */

#include "config.h"

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

static const char *const cause_codes[] = {
  [TDBG_CAUSE_NONE] = "none",
  [TDBG_CAUSE_LOG_OF_ZERO] = "log_of_zero",
  [TDBG_CAUSE_LOG_OF_NEGATIVE] = "log_of_negative",
  [TDBG_CAUSE_SQRT_OF_NEGATIVE] = "sqrt_of_negative",
  [TDBG_CAUSE_DIVISION_BY_ZERO] = "division_by_zero",
  [TDBG_CAUSE_OVERFLOW] = "overflow",
  [TDBG_CAUSE_INPUTS_NOT_RECORDED] = "inputs_not_recorded",
  [TDBG_CAUSE_NONFINITE_INPUT] = "nonfinite_input",
  [TDBG_CAUSE_POLE] = "pole",
  [TDBG_CAUSE_OUT_OF_DOMAIN] = "out_of_domain",
  [TDBG_CAUSE_EMPTY_REDUCTION] = "empty_reduction",
  [TDBG_CAUSE_GRADIENT_AT_ZERO] = "gradient_at_zero",
  [TDBG_CAUSE_SINGULAR_MATRIX] = "singular_matrix",
  [TDBG_CAUSE_ZERO_EPSILON] = "zero_epsilon",
  [TDBG_CAUSE_INF_MINUS_INF] = "inf_minus_inf",
  [TDBG_CAUSE_NOT_IN_CATALOGUE] = "not_in_catalogue",
  [TDBG_CAUSE_NOT_INSTRUMENTED] = "not_instrumented",
  [TDBG_CAUSE_CONSTANT] = "constant",
};

const char *
tdbg_cause_code (TdbgCause cause)
{
  return cause < G_N_ELEMENTS (cause_codes) ? cause_codes[cause] : "none";
}

const char *
tdbg_unrecorded_code (TdbgUnrecorded reason)
{
  static const char *const codes[] = { NULL, "function_argument", "not_instrumented", "circular_buffer", "unknown",
                                       "other_task", "dtype" };
  return reason < G_N_ELEMENTS (codes) ? codes[reason] : NULL;
}

const char *
tdbg_evidence_code (TdbgEvidenceKind kind)
{
  static const char *const codes[] = { NULL, "zeros", "negatives", "empty" };
  return kind < G_N_ELEMENTS (codes) ? codes[kind] : NULL;
}

const char *
tdbg_root_cause_family_of (const char *op_type)
{
  const TdbgCauseRow *row = tdbg_cause_catalogue_lookup (op_type);
  return row ? row->family : NULL;
}

/* ---- the origin and its inputs ---------------------------------------------------------- */

static void
clear_input (gpointer data)
{
  TdbgCauseInput *input = data;
  g_free (input->op_name);
  g_free (input->maker_task);
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

/* An input never traced: what made it, and which of its outputs, through the ops TensorFlow
 * never traces because they pass their input on (Identity, …). */
static guint32
maker_of (TdbgLogdir *logdir, guint32 op, guint *slot)
{
  const TdbgOp *p = tdbg_logdir_get_op (logdir, op);

  for (guint depth = 0; depth < 16 && p->first_trace == TDBG_NONE && _tdbg_cause_walk_passes_on (p->op_type) &&
                        p->input_names[0] && p->input_names[0][0] != '^' && p->input_ops[0] != TDBG_NONE; depth++)
    {
      *slot = tdbg_input_name_slot (p->input_names[0]);
      op = p->input_ops[0];
      p = tdbg_logdir_get_op (logdir, op);
    }
  return op;
}

/* Never instrumented by TensorFlow 2.21's op callback (op_callbacks_common.OP_CALLBACK_SKIP_OPS),
 * and a function's placeholders, which it does not trace: every other op's output of a type the
 * mode records is traced. */
static const char never_traced_types[] =
  " Placeholder PlaceholderWithDefault Enter Exit Identity If LoopCond Merge NextIteration StatelessIf "
  "StatefulPartitionedCall Switch While RemoteCall DestroyResourceOp TPUReplicatedInput TPUReplicateMetadata "
  "TPUCompilationResult TPUReplicatedOutput ConfigureDistributedTPU ";
/* Whether TensorFlow never traces this op's outputs, whatever their type. */
static gboolean
never_traced (const char *op_type)
{
  g_autofree char *needle = op_type ? g_strdup_printf (" %s ", op_type) : NULL;
  return needle && strstr (never_traced_types, needle) != NULL;
}

static gboolean
slot_ever_traced (TdbgLogdir *logdir, guint32 op, guint slot)
{
  guint n;
  const guint32 *traces;

  /* The load noted the slots each op's traces hold (past 62, only that one was). */
  if (slot < 63)
    return (tdbg_logdir_get_op (logdir, op)->traced_slots & tdbg_op_slot_bit (slot)) != 0;
  traces = tdbg_logdir_get_op_traces (logdir, op, &n);
  for (guint k = 0; k < n; k++)
    if (tdbg_logdir_get_trace (logdir, traces[k])->output_slot == slot)
      return TRUE;
  return FALSE;
}

/* The task part of a device name, "/job:worker/replica:0/task:1" of
 * "/job:worker/replica:0/task:1/device:CPU:0"; NULL when it names none. */
static char *
task_of (const char *device)
{
  const char *task = device ? strstr (device, "/task:") : NULL;

  if (device == NULL || !g_str_has_prefix (device, "/job:") || task == NULL)
    return NULL;
  task += strlen ("/task:");
  return g_strndup (device, task + strspn (task, "0123456789") - device);
}

/* The task @maker was placed on when that is not @consumer's: TensorFlow writes the records
 * of ops placed on a task on that task's host. NULL when both are on one task or either's
 * device is not known. */
static char *
other_task (TdbgLogdir *logdir, const TdbgOp *maker, const TdbgOp *consumer)
{
  g_autofree char *maker_device = tdbg_logdir_read_op_device (logdir, maker, NULL);
  g_autofree char *consumer_device = tdbg_logdir_read_op_device (logdir, consumer, NULL);
  g_autofree char *maker_task = task_of (maker_device);
  g_autofree char *consumer_task = task_of (consumer_device);

  if (maker_task == NULL || consumer_task == NULL || g_str_equal (maker_task, consumer_task))
    return NULL;
  return g_steal_pointer (&maker_task);
}

/* Why nothing of an input of @consumer, traced in @mode, was recorded before the origin. A
 * circular buffer is said only where the logdir shows that it dropped records; an op placed on
 * another task was recorded on that task's host, if at all; a never-traced placeholder of a
 * function is an argument, which TensorFlow does not trace (a nested function's too: Keras's
 * step inside its loop over the iterator, a replica's under MirroredStrategy); in a health mode, an
 * output of an op TensorFlow instruments that no trace ever shows is not floating-point (a
 * reduction's axis, a Shape, a Sum of integers): TensorFlow 2.21 traces floating-point
 * tensors only there. */
static TdbgUnrecorded
unrecorded_reason (TdbgLogdir *logdir, const TdbgOp *consumer, guint mode, TdbgCauseInput *input)
{
  guint slot = input->output_slot;
  guint32 maker_index;
  const TdbgOp *maker;
  gboolean skipped;

  if (_tdbg_cause_input_recorded (input))
    return TDBG_UNRECORDED_NONE;
  if (input->op == TDBG_NONE)
    return TDBG_UNRECORDED_UNKNOWN;
  maker_index = maker_of (logdir, input->op, &slot);
  maker = tdbg_logdir_get_op (logdir, maker_index);
  skipped = _tdbg_cause_records_floats_only (mode) && !slot_ever_traced (logdir, maker_index, slot);
  if (maker->graph != TDBG_NONE && _tdbg_cause_walk_records_dropped (logdir, maker->graph))
    return TDBG_UNRECORDED_CIRCULAR_BUFFER;
  if (maker->first_trace != TDBG_NONE && !skipped)
    return TDBG_UNRECORDED_UNKNOWN;
  if ((input->maker_task = other_task (logdir, maker, consumer)) != NULL)
    return TDBG_UNRECORDED_OTHER_TASK;
  if (g_strcmp0 (maker->op_type, "Placeholder") == 0 && maker->graph != TDBG_NONE)
    return TDBG_UNRECORDED_FUNCTION_ARGUMENT;
  if (skipped && !never_traced (maker->op_type))
    {
      input->skipping_mode = tdbg_debug_mode_name (mode);
      return TDBG_UNRECORDED_DTYPE;
    }
  input->maker_type = maker->op_type;
  return TDBG_UNRECORDED_NOT_INSTRUMENTED;
}

/* The data inputs of @op (control inputs left out) with their latest traces before @before. */
static GArray *
collect_inputs (TdbgCauseWalk *w, const TdbgOp *op, guint32 before, GPtrArray *events)
{
  TdbgLogdir *logdir = w->logdir;
  guint mode = tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (logdir, before));
  GArray *inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
  g_array_set_clear_func (inputs, clear_input);
  for (guint k = 0; op->input_names[k]; k++)
    {
      const char *name = op->input_names[k];
      TdbgCauseInput input = { .op = op->input_ops[k], .trace = TDBG_NONE, .execution = TDBG_NONE };
      if (name[0] == '^')
        continue;
      input.output_slot = tdbg_input_name_slot (name);
      input.op_name = input.op != TDBG_NONE ? g_strdup (tdbg_logdir_get_op (logdir, input.op)->op_name)
                                            : g_strndup (name, strcspn (name, ":"));
      if (input.op != TDBG_NONE)
        input.trace = _tdbg_cause_walk_input_trace (logdir, input.op, input.output_slot, before);
      if (input.trace != TDBG_NONE)
        {
          input.bad = _tdbg_cause_trace_bad (logdir, input.trace);
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
      input.unrecorded = unrecorded_reason (logdir, op, mode, &input);
      g_array_append_val (inputs, input);
    }
  return inputs;
}

/* An eager input counts when the execution that made it recorded its value: a resource (an
 * iterator, a variable) made by a recorded execution still tells nothing. */
gboolean
_tdbg_cause_input_recorded (const TdbgCauseInput *input)
{
  return input != NULL && (input->trace != TDBG_NONE || (input->execution != TDBG_NONE && input->value_read));
}

/* An integer or boolean tensor holds no NaN/∞. */
gboolean
_tdbg_cause_input_may_hide_nonfinite (const TdbgCauseInput *input)
{
  return !_tdbg_cause_input_recorded (input) && input->unrecorded != TDBG_UNRECORDED_DTYPE &&
         g_strcmp0 (input->maker_type, "Const") != 0;
}

/* ---- deciding --------------------------------------------------------------------------- */

static TdbgKinds
origin_kinds (const TdbgRootCause *rc)
{
  if (isnan (rc->nan))
    return 0;
  return (rc->neg_inf > 0 ? TDBG_KIND_NEG_INF : 0) | (rc->pos_inf > 0 ? TDBG_KIND_POS_INF : 0) |
         (rc->nan > 0 ? TDBG_KIND_NAN : 0);
}

static TdbgInputEvidence
input_evidence (const TdbgCauseInput *input)
{
  TdbgInputEvidence e = { _tdbg_cause_input_recorded (input), NAN, NAN, NAN,
                          _tdbg_cause_input_may_hide_nonfinite (input) };
  const TdbgValue *v = &input->value;

  if (!input->value_read || input->bad)
    return e;
  e.size = v->size;
  if (v->counts_known)
    e.zeros = (double) v->counts.zero, e.negatives = (double) v->counts.neg;
  return e;
}

static double
evidence_count (const TdbgCauseInput *input, TdbgEvidenceKind kind)
{
  TdbgInputEvidence e = input_evidence (input);
  return kind == TDBG_EVIDENCE_ZEROS ? e.zeros : kind == TDBG_EVIDENCE_NEGATIVES ? e.negatives : e.size;
}

static TdbgCauseDecision
decide_row (TdbgRootCause *rc, const TdbgCauseRow *row, TdbgKinds kinds)
{
  g_autofree TdbgInputEvidence *evidence = g_new0 (TdbgInputEvidence, rc->inputs->len + 1);

  for (guint i = 0; i < rc->inputs->len; i++)
    evidence[i] = input_evidence (&g_array_index (rc->inputs, TdbgCauseInput, i));
  return tdbg_cause_decide (row, kinds, evidence, rc->inputs->len);
}

/* A composition of unary ops: the rows of its ops in turn, their output kinds unknown (each op
 * changes them); the first whose evidence is seen decides, else the first that can decide. */
static TdbgCauseDecision
decide_composition (TdbgRootCause *rc, const char *const *op_types, const TdbgCauseRow **row)
{
  TdbgCauseDecision first = { TDBG_CAUSE_NOT_IN_CATALOGUE, NULL, FALSE, FALSE };

  for (guint i = 0; op_types && op_types[i]; i++)
    {
      const TdbgCauseRow *r = tdbg_cause_catalogue_lookup (op_types[i]);
      TdbgCauseDecision d = r ? decide_row (rc, r, 0) : first;
      if (d.cause == TDBG_CAUSE_INPUTS_NOT_RECORDED)
        first.cause = d.cause;
      if (d.rule == NULL)
        continue;
      d.inferred = !d.seen;
      if (first.rule == NULL || d.seen)
        first = d, *row = r;
      if (d.seen)
        break;
    }
  return first;
}

/* The culprit: the input the deciding rule names, when it held what explains the output (or,
 * for a condition no summary shows, when it was recorded finite). */
static void
mark_culprit (TdbgRootCause *rc, const TdbgCauseDecision *d)
{
  TdbgCauseInput *input;

  if (d->rule == NULL || d->rule->input < 0 || (guint) d->rule->input >= rc->inputs->len || d->input_unknown)
    return;
  input = &g_array_index (rc->inputs, TdbgCauseInput, d->rule->input);
  input->culprit = d->seen || (d->rule->evidence == TDBG_EVIDENCE_NONE && _tdbg_cause_input_recorded (input) && !input->bad);
  /* The input the sentence names, even for a condition no summary shows (a singular matrix). */
  rc->evidence_input = d->rule->input;
  if (d->rule->evidence == TDBG_EVIDENCE_NONE)
    return;
  rc->evidence_kind = d->rule->evidence;
  rc->evidence_count = d->seen ? evidence_count (input, rc->evidence_kind) : NAN;
}

static void
apply_decision (TdbgRootCause *rc, const TdbgCauseRow *row, const TdbgCauseDecision *d)
{
  rc->cause = d->cause;
  rc->family = row ? row->family : NULL;
  rc->semantics = row ? row->semantics : NULL;
  rc->inferred = d->inferred;
  mark_culprit (rc, d);
}

static void
origin_counts_from_value (TdbgRootCause *rc, const TdbgValue *v)
{
  rc->mode = v->mode;
  rc->neg_inf = v->inf_nan_known ? (double) v->counts.neg_inf : NAN;
  rc->pos_inf = v->inf_nan_known ? (double) v->counts.pos_inf : NAN;
  rc->nan = v->inf_nan_known ? (double) v->counts.nan : NAN;
}

/* The reason of the first data input not recorded that may have carried a NaN/∞ (else of the
 * first not recorded): what the sentence and the advice say. */
static void
note_unrecorded (TdbgRootCause *rc)
{
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < rc->inputs->len; i++)
      {
        const TdbgCauseInput *input = &g_array_index (rc->inputs, TdbgCauseInput, i);
        if (input->unrecorded == TDBG_UNRECORDED_NONE || (pass == 0 && !_tdbg_cause_input_may_hide_nonfinite (input)))
          continue;
        rc->unrecorded = input->unrecorded;
        rc->unrecorded_input = i;
        return;
      }
}

static gint
first_bad_input (const TdbgRootCause *rc)
{
  for (guint i = 0; i < rc->inputs->len; i++)
    if (g_array_index (rc->inputs, TdbgCauseInput, i).bad)
      return i;
  return -1;
}

gboolean
_tdbg_cause_is_constant (const char *op_type)
{
  return g_strcmp0 (op_type, "Const") == 0 || g_strcmp0 (op_type, "HostConst") == 0;
}

gboolean
_tdbg_root_cause_made_here (const TdbgRootCause *rc)
{
  switch (rc->cause)
    {
    case TDBG_CAUSE_NONE:
    case TDBG_CAUSE_NONFINITE_INPUT:
    case TDBG_CAUSE_INPUTS_NOT_RECORDED:
    case TDBG_CAUSE_NOT_INSTRUMENTED:
    case TDBG_CAUSE_CONSTANT:
      return FALSE;
    default:
      return TRUE;
    }
}

/* Made from constants alone (log(0.), a library's log-space zero): the program wrote it so. */
static gboolean
made_of_constants (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (!_tdbg_root_cause_made_here (rc))
    return FALSE;
  for (guint i = 0; i < rc->inputs->len; i++)
    {
      guint32 op = g_array_index (rc->inputs, TdbgCauseInput, i).op;
      if (op == TDBG_NONE || !_tdbg_cause_is_constant (tdbg_logdir_get_op (logdir, op)->op_type))
        return FALSE;
    }
  return rc->inputs->len > 0;
}

static void
decide_cause (TdbgRootCause *rc, const char *op_type, char **op_names)
{
  const TdbgCauseRow *row = tdbg_cause_catalogue_lookup (op_type);
  TdbgCauseDecision d;

  note_unrecorded (rc);
  if (rc->inputs->len == 0 && _tdbg_cause_is_constant (op_type))
    {
      rc->cause = TDBG_CAUSE_CONSTANT;
      return;
    }
  if (rc->inputs->len == 0 || first_bad_input (rc) >= 0 || _tdbg_cause_reads_variable (op_type) ||
      _tdbg_cause_reads_checkpoint (op_type) || _tdbg_cause_reads_dataset (op_type) || _tdbg_cause_parses_text (op_type))
    {
      /* No input, one already bad that the walk could not go past, a variable's value (an
       * assignment, which TensorFlow records no output of, wrote it), a checkpoint's (the file
       * holds them), a tf.data pipeline's (the data fed) or text's ("nan" parses as NaN): passed
       * on, not made. */
      rc->cause = TDBG_CAUSE_NONFINITE_INPUT;
      rc->evidence_input = first_bad_input (rc);
      return;
    }
  if (row && row->composition)
    {
      rc->composition = op_names ? g_strjoinv (", ", op_names) : NULL;
      d = decide_composition (rc, (const char *const *) op_names, &row);
    }
  else
    d = decide_row (rc, row, origin_kinds (rc));
  apply_decision (rc, row, &d);
}

/* A fused op's list of the ops it runs (its GraphDef's `op_names` attribute), or NULL. */
static char **
composition_op_names (TdbgLogdir *logdir, const TdbgOp *op)
{
  GBytes *bytes = op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph)->original_graph_def : NULL;
  g_autoptr(Tensorflow__GraphDef) graph_def = bytes ? tdbg_graph_def_parse (bytes, NULL) : NULL;
  const Tensorflow__NodeDef *node = graph_def ? tdbg_graph_def_find_node (graph_def, op->op_name) : NULL;
  GPtrArray *names;

  for (gsize i = 0; node && i < node->n_attr; i++)
    {
      const Tensorflow__AttrValue *v = node->attr[i]->value;
      if (g_strcmp0 (node->attr[i]->key, "op_names") != 0 || v == NULL ||
          v->value_case != TENSORFLOW__ATTR_VALUE__VALUE_LIST || v->list == NULL)
        continue;
      names = g_ptr_array_new ();
      for (gsize k = 0; k < v->list->n_s; k++)
        g_ptr_array_add (names, g_utf8_make_valid ((const char *) v->list->s[k].data, v->list->s[k].len));
      g_ptr_array_add (names, NULL);
      return (char **) g_ptr_array_free (names, FALSE);
    }
  return NULL;
}

/* Whether @op_type updates the variable its first input is the handle of, without an output
 * TensorFlow records (ResourceApplyAdam, …), and the catalogue has its row. */
static gboolean
untraced_update (const char *op_type)
{
  return op_type && (g_str_has_prefix (op_type, "ResourceApply") || g_str_has_prefix (op_type, "ResourceSparseApply")) &&
         tdbg_cause_catalogue_lookup (op_type) != NULL;
}

/* The last update of the variable @read reads, created before it in its graph and given the
 * same handle tensor: what wrote what the read saw, when nothing else of the graph did. */
static guint32
untraced_writer (TdbgLogdir *logdir, guint32 read_index)
{
  const TdbgOp *read = tdbg_logdir_get_op (logdir, read_index);
  const char *handle = read->input_names[0];
  guint32 found = TDBG_NONE;

  if (handle == NULL || handle[0] == '^' || read->graph == TDBG_NONE)
    return TDBG_NONE;
  for (guint32 i = 0; i < read_index; i++)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, i);
      if (o->graph == read->graph && o->first_trace == TDBG_NONE && untraced_update (o->op_type) &&
          o->input_names[0] && g_str_equal (o->input_names[0], handle))
        found = i;
    }
  return found;
}

/* The read's values came from an update TensorFlow records nothing of: it becomes the origin,
 * its cause decided from its inputs and the kind the read saw, said to be inferred. */
static gboolean
take_untraced_writer (TdbgCauseWalk *w, TdbgRootCause *rc, guint32 index, guint32 read)
{
  guint32 writer = untraced_writer (w->logdir, read);
  const TdbgOp *op;

  if (writer == TDBG_NONE)
    return FALSE;
  op = tdbg_logdir_get_op (w->logdir, writer);
  g_array_unref (rc->inputs);
  rc->origin_op = writer;
  rc->origin_op_type = op->op_type;
  rc->origin_output_slot = 0;
  rc->origin_untraced = TRUE;
  rc->evidence_input = rc->unrecorded_input = -1;
  rc->unrecorded = TDBG_UNRECORDED_NONE;
  rc->inputs = collect_inputs (w, op, index, rc->records);
  decide_cause (rc, op->op_type, NULL);
  return TRUE;
}

static void
find_for_trace (TdbgCauseWalk *w, TdbgRootCause *rc, guint32 index)
{
  TdbgLogdir *logdir = w->logdir;
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, index);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  TdbgValue value;

  rc->origin_trace = index;
  rc->origin_op = tdbg_trace_digest_get_op (d);
  rc->origin_op_type = op->op_type;
  rc->origin_output_slot = d->output_slot;
  rc->dtype = tdbg_trace_digest_get_dtype (d);
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
    {
      g_auto(GStrv) op_names = composition_op_names (logdir, op);
      decide_cause (rc, op->op_type, op_names);
      if (made_of_constants (logdir, rc))
        rc->cause = TDBG_CAUSE_CONSTANT;
      else if (_tdbg_root_cause_made_here (rc) && !rc->origin_untraced)
        rc->checked_by = _tdbg_root_cause_checked_by (logdir, rc->origin_op);
    }
  if (rc->cause == TDBG_CAUSE_CONSTANT)
    rc->first_nan_after = _tdbg_root_cause_first_nan_after (logdir, index);
  if (rc->cause == TDBG_CAUSE_NONFINITE_INPUT && _tdbg_cause_reads_variable (op->op_type) && first_bad_input (rc) < 0 &&
      take_untraced_writer (w, rc, index, tdbg_trace_digest_get_op (d)))
    op = tdbg_logdir_get_op (logdir, rc->origin_op);
  rc->gradient_of = _tdbg_root_cause_gradient_of (logdir, rc->origin_op);
  if (_tdbg_root_cause_made_here (rc))
    rc->variable_read = _tdbg_root_cause_variable_read (logdir, rc);
  _tdbg_root_cause_find_step (logdir, rc, op->graph, tdbg_logdir_get_trace_wall_time (logdir, index));
  _tdbg_root_cause_count_spread (logdir, rc, tdbg_logdir_get_trace_wall_time (logdir, index));
  _tdbg_root_cause_explain (logdir, rc, op->op_name);
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
          if (!input.value_read && _tdbg_cause_walk_output_skipped (w, input.execution, input.output_slot))
            {
              input.unrecorded = TDBG_UNRECORDED_DTYPE;
              input.skipping_mode = tdbg_debug_mode_name (_tdbg_cause_walk_execution (w, input.execution)->tensor_debug_mode);
            }
        }
      else
        {
          g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, ex->input_tensor_ids[i]);
          input.op_name = g_strdup_printf (_("tensor %s"), id);
          input.output_slot = 0;
          input.unrecorded = TDBG_UNRECORDED_UNKNOWN;
        }
      g_array_append_val (inputs, input);
    }
  return inputs;
}

/* A function call went bad while the circular buffer dropped its function's earliest traces
 * (and the executions before it): what its inputs and ops held is what was dropped. */
static void
blame_circular_buffer (TdbgRootCause *rc)
{
  for (guint i = 0; i < rc->inputs->len; i++)
    {
      TdbgCauseInput *input = &g_array_index (rc->inputs, TdbgCauseInput, i);
      if (input->unrecorded == TDBG_UNRECORDED_UNKNOWN)
        input->unrecorded = TDBG_UNRECORDED_CIRCULAR_BUFFER;
    }
  if (rc->unrecorded == TDBG_UNRECORDED_UNKNOWN || rc->unrecorded == TDBG_UNRECORDED_NONE)
    rc->unrecorded = TDBG_UNRECORDED_CIRCULAR_BUFFER;
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
  /* A function call that made them while none of its ops was traced: its ops cannot be named
   * (TensorFlow 2.21 instruments no op of a function loaded with tf.saved_model.load). */
  if (e->graph != TDBG_NONE && first_bad_input (rc) < 0 && _tdbg_cause_function_untraced (w->logdir, e->graph))
    {
      rc->cause = TDBG_CAUSE_NOT_INSTRUMENTED;
      rc->unrecorded = TDBG_UNRECORDED_NOT_INSTRUMENTED;
      rc->function_name = tdbg_logdir_get_graph (w->logdir, e->graph)->graph_name;
    }
  /* Its ops' traces dropped by a circular buffer: which op made them cannot be told. */
  else if (e->graph != TDBG_NONE && first_bad_input (rc) < 0 && _tdbg_cause_walk_records_dropped (w->logdir, e->graph))
    {
      rc->cause = TDBG_CAUSE_INPUTS_NOT_RECORDED;
      rc->function_name = tdbg_logdir_get_graph (w->logdir, e->graph)->graph_name;
      blame_circular_buffer (rc);
    }
  else
    decide_cause (rc, rc->origin_op_type, NULL);
  if (e->graph != TDBG_NONE)
    _tdbg_root_cause_find_step (w->logdir, rc, e->graph, e->wall_time);
  _tdbg_root_cause_count_spread (w->logdir, rc, e->wall_time);
  _tdbg_root_cause_explain (w->logdir, rc, rc->origin_op_type);
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

TdbgRootCause *
_tdbg_root_cause_find_from (TdbgLogdir *logdir, TdbgWalkStep *start)
{
  TdbgRootCause *rc = g_new0 (TdbgRootCause, 1);
  TdbgCauseWalk w;
  const TdbgWalkStep *origin;

  rc->records = g_ptr_array_new_with_free_func (free_event);
  rc->origin_trace = rc->origin_execution = rc->origin_op = TDBG_NONE;
  rc->step_execution = rc->step_graph = rc->first_nan_after = rc->checked_by = rc->gradient_of = rc->constant_before =
    rc->guarded_trace = rc->guarded_op = rc->guarded_by = rc->discarded_by = rc->variable_read = TDBG_NONE;
  rc->evidence_input = rc->unrecorded_input = -1;
  rc->evidence_count = NAN;
  rc->neg_inf = rc->pos_inf = rc->nan = NAN;
  _tdbg_cause_walk_init (&w, logdir, rc->records);

  if (start->trace == TDBG_NONE && start->execution == TDBG_NONE)
    {
      rc->inputs = g_array_new (FALSE, TRUE, sizeof (TdbgCauseInput));
      rc->walk = g_array_new (FALSE, FALSE, sizeof (TdbgWalkStep));
      _tdbg_root_cause_explain_nothing_bad (logdir, rc);
      _tdbg_cause_walk_clear (&w);
      return rc;
    }
  if (start->execution != TDBG_NONE)
    start->output_slot = first_bad_output (&w, start->execution);
  rc->walk = _tdbg_cause_walk_back (&w, start);
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
  g_free (rc->composition);
  g_free (rc->explanation);
  g_free (rc->hint);
  g_free (rc->limitation);
  g_free (rc);
}
