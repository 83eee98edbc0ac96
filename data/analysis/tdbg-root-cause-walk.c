/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Walking back from the first bad trace to where the bad values first appeared, through the
 * links a logdir records (format reference, section 6):
 *
 * - an op's inputs in its own graph ("src:slot"), through ops that are never traced
 *   (Identity, Enter, Merge, … pass their input on; a call op's output is its function's),
 *   on another host's file set, matched by time, when the function placed them there;
 * - a nested graph's placeholders, in creation order, and the inputs of the op of the outer
 *   graph that calls it (DebuggedGraph.outer_context_id; If and Case take a selector first);
 * - an outermost function's placeholders and the input_tensor_ids of the eager call that ran
 *   the trace, whose ids are output_tensor_ids of earlier executions;
 * - a variable's value, read by a function's op or an eager one, and the eager assignment that
 *   last wrote it (its input tensor ids: the variable's handle, the value);
 * - a function call's outputs and its graph's output ops (the Identity ops nothing consumes).
 *
 * The calling op of a nested graph is not recorded: it is the first call-like op of the outer
 * graph created after the nested graph's record (a function is built before the op calling
 * it), and the graph a call op runs is the last child graph recorded before it. */

#include "config.h"

#include "tdbg-root-cause-private.h"
#include "tdbg-diagnosis.h"
#include "libtdbg-data.h"

#include <math.h>
#include <string.h>

#define MAX_DEPTH 32
#define MAX_STEPS 64

/* Never traced (format reference 5.4); their outputs are their inputs. */
static const char pass_through_types[] =
  " Identity IdentityN Enter Exit Merge Switch NextIteration RefEnter RefExit RefIdentity RefMerge RefSwitch RefNextIteration ";
/* Their output is a variable's value (a gather's, some rows of it): their data inputs are the
 * variable's handle and integer indices, and what they read was written by an assignment,
 * which has no output TensorFlow records. */
static const char variable_reader_types[] =
  " ReadVariableOp ResourceGather ResourceGatherNd VariableV2 Variable ";
/* Ops that read values from outside the graph's tensors: a checkpoint file
 * (tf.train.Checkpoint.restore, load_weights), a tf.data pipeline (its input is the iterator,
 * a resource that holds no values TensorFlow records). */
static const char checkpoint_reader_types[] = " RestoreV2 Restore RestoreSlice ";
static const char dataset_reader_types[] =
  " IteratorGetNext IteratorGetNextSync IteratorGetNextAsOptional OptionalGetValue ";
/* Ops that parse numbers from text, where "nan", "inf" and "-inf" read as such. */
static const char text_parser_types[] =
  " StringToNumber DecodeCSV ParseExample ParseExampleV2 ParseSingleExample ParseSequenceExampleV2 ";
/* Ops that run a nested graph. */
static const char call_types[] =
  " StatefulPartitionedCall PartitionedCall While StatelessWhile If StatelessIf Case StatelessCase RemoteCall ";
/* Those whose first input selects a branch rather than feeding a placeholder. */
static const char selector_types[] = " If StatelessIf Case StatelessCase ";

static const char *const link_codes[] = {
  [TDBG_LINK_FIRST] = "first",
  [TDBG_LINK_INPUT] = "input",
  [TDBG_LINK_OUTER_GRAPH] = "outer_graph",
  [TDBG_LINK_FUNCTION_INPUT] = "function_input",
  [TDBG_LINK_EAGER_INPUT] = "eager_input",
  [TDBG_LINK_FUNCTION_OUTPUT] = "function_output",
  [TDBG_LINK_VARIABLE] = "variable",
};

const char *
tdbg_walk_link_code (TdbgWalkLink link)
{
  return link < G_N_ELEMENTS (link_codes) ? link_codes[link] : "first";
}

gboolean
_tdbg_cause_type_in (const char *list, const char *op_type)
{
  g_autofree char *needle = NULL;
  if (op_type == NULL)
    return FALSE;
  needle = g_strdup_printf (" %s ", op_type);
  return strstr (list, needle) != NULL;
}

gboolean
_tdbg_cause_trace_bad (TdbgLogdir *logdir, guint32 index)
{
  return (tdbg_logdir_get_trace (logdir, index)->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
}

/* TensorFlow 2.21 records the eager context as a graph of its own, without a name or ops, and
 * makes it the outer graph of every function called eagerly: such a function is outermost. */
gboolean
_tdbg_cause_graph_is_outermost (TdbgLogdir *logdir, guint32 graph)
{
  guint32 outer = tdbg_logdir_get_graph (logdir, graph)->outer;
  const TdbgGraph *o;

  if (outer == TDBG_NONE)
    return TRUE;
  o = tdbg_logdir_get_graph (logdir, outer);
  return (o->graph_name == NULL || *o->graph_name == '\0') && o->n_ops == 0;
}

gboolean
_tdbg_cause_walk_passes_on (const char *op_type)
{
  return _tdbg_cause_type_in (pass_through_types, op_type);
}

gboolean
_tdbg_cause_records_floats_only (guint mode)
{
  return mode == TDBG_MODE_CURT_HEALTH || mode == TDBG_MODE_CONCISE_HEALTH || mode == TDBG_MODE_FULL_HEALTH;
}

gboolean
_tdbg_cause_reads_variable (const char *op_type)
{
  return _tdbg_cause_type_in (variable_reader_types, op_type);
}

gboolean
_tdbg_cause_reads_checkpoint (const char *op_type)
{
  return _tdbg_cause_type_in (checkpoint_reader_types, op_type);
}

gboolean
_tdbg_cause_parses_text (const char *op_type)
{
  return _tdbg_cause_type_in (text_parser_types, op_type);
}

gboolean
_tdbg_cause_reads_dataset (const char *op_type)
{
  return _tdbg_cause_type_in (dataset_reader_types, op_type);
}

guint32
_tdbg_cause_outermost_graph (TdbgLogdir *logdir, guint32 graph)
{
  for (guint depth = 0; graph != TDBG_NONE && depth <= tdbg_logdir_get_n_graphs (logdir); depth++)
    {
      if (_tdbg_cause_graph_is_outermost (logdir, graph))
        return graph;
      graph = tdbg_logdir_get_graph (logdir, graph)->outer;
    }
  return graph;
}

static double
earliest_trace_time (TdbgLogdir *logdir, guint32 outer)
{
  double earliest = INFINITY;
  for (guint32 i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, i);
      if (o->first_trace != TDBG_NONE && o->graph != TDBG_NONE &&
          _tdbg_cause_outermost_graph (logdir, o->graph) == outer)
        earliest = MIN (earliest, tdbg_logdir_get_trace_wall_time (logdir, o->first_trace));
    }
  return earliest;
}

gboolean
_tdbg_cause_walk_records_dropped (TdbgLogdir *logdir, guint32 graph)
{
  guint32 outer = _tdbg_cause_outermost_graph (logdir, graph);
  double earliest;

  if (outer == TDBG_NONE || isinf (earliest = earliest_trace_time (logdir, outer)))
    return FALSE;
  for (guint32 i = 0; i < tdbg_logdir_get_n_executions (logdir); i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->graph != TDBG_NONE && _tdbg_cause_outermost_graph (logdir, e->graph) == outer)
        return e->wall_time < earliest;
    }
  return FALSE;
}

gboolean
_tdbg_cause_function_untraced (TdbgLogdir *logdir, guint32 graph)
{
  guint32 outer = _tdbg_cause_outermost_graph (logdir, graph);
  TdbgCircularEvidence evidence;

  return outer != TDBG_NONE && isinf (earliest_trace_time (logdir, outer)) &&
         !tdbg_logdir_find_circular_evidence (logdir, &evidence);
}

/* ---- decoded executions ------------------------------------------------------------------- */

static void
free_event (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

void
_tdbg_cause_walk_init (TdbgCauseWalk *w, TdbgLogdir *logdir, GPtrArray *records)
{
  w->logdir = logdir;
  w->records = records;
  w->executions = g_hash_table_new (NULL, NULL);
}

void
_tdbg_cause_walk_clear (TdbgCauseWalk *w)
{
  g_clear_pointer (&w->executions, g_hash_table_unref);
}

const Tensorflow__Execution *
_tdbg_cause_walk_execution (TdbgCauseWalk *w, guint32 index)
{
  Tensorflow__DebugEvent *event;
  gpointer key = GUINT_TO_POINTER (index + 1);

  if (index >= tdbg_logdir_get_n_executions (w->logdir))
    return NULL;
  if (g_hash_table_contains (w->executions, key))
    return g_hash_table_lookup (w->executions, key);
  event = tdbg_logdir_read_execution (w->logdir, index, NULL);
  if (event != NULL && event->what_case != TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION)
    g_clear_pointer (&event, free_event);
  if (event != NULL)
    g_ptr_array_add (w->records, event);
  g_hash_table_insert (w->executions, key, event ? event->execution : NULL);
  return event ? event->execution : NULL;
}

/* Eager tensor ids count up as tensors are made: once this many executions in a row made
 * only older tensors, none before them made the one looked for (a few may interleave when
 * several Python threads run ops). A constant's tensor was made by no execution at all. */
#define OLDER_IN_A_ROW 64

guint32
_tdbg_cause_walk_producer (TdbgCauseWalk *w, guint32 before, gint64 tensor_id, guint *slot)
{
  guint n = tdbg_logdir_get_n_executions (w->logdir);
  guint older = 0, file_set;

  if (before >= n)
    return TDBG_NONE;
  /* Tensor ids are a process's own: the producer ran on the host of the call. */
  file_set = tdbg_logdir_get_execution (w->logdir, before)->file_set;
  for (guint32 i = before; i-- > 0 && older < OLDER_IN_A_ROW;)
    {
      const Tensorflow__Execution *ex;
      gint64 newest = G_MININT64;
      if (tdbg_logdir_get_execution (w->logdir, i)->file_set != file_set)
        continue;
      ex = _tdbg_cause_walk_execution (w, i);
      for (gsize s = 0; ex && s < ex->n_output_tensor_ids; s++)
        {
          if (ex->output_tensor_ids[s] == tensor_id)
            {
              *slot = s;
              return i;
            }
          newest = MAX (newest, ex->output_tensor_ids[s]);
        }
      older = ex && ex->n_output_tensor_ids > 0 && newest < tensor_id ? older + 1 : 0;
    }
  return TDBG_NONE;
}

/* tensor_protos line up with the outputs only when every output was dumpable (5.3). */
static const Tensorflow__TensorProto *
output_proto (const Tensorflow__Execution *ex, guint slot)
{
  gsize n_outputs = MAX ((gsize) ex->num_outputs, ex->n_output_tensor_ids);
  if (ex->n_tensor_protos != n_outputs || slot >= ex->n_tensor_protos)
    return NULL;
  return ex->tensor_protos[slot];
}

gboolean
_tdbg_cause_walk_output_value (TdbgCauseWalk *w, guint32 execution, guint slot, TdbgValue *value)
{
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, execution);
  const Tensorflow__TensorProto *proto = ex ? output_proto (ex, slot) : NULL;

  if (proto == NULL)
    return FALSE;
  tdbg_value_init (value, ex->tensor_debug_mode, proto);
  if (value->empty)
    {
      tdbg_value_clear (value);
      return FALSE;
    }
  return TRUE;
}

gboolean
_tdbg_cause_walk_output_skipped (TdbgCauseWalk *w, guint32 execution, guint slot)
{
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, execution);
  const Tensorflow__TensorProto *proto = ex ? output_proto (ex, slot) : NULL;

  return proto != NULL && _tdbg_cause_records_floats_only (ex->tensor_debug_mode) && tdbg_tensor_is_empty_proto (proto);
}

gboolean
_tdbg_cause_walk_output_bad (TdbgCauseWalk *w, guint32 execution, guint slot)
{
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, execution);
  TdbgValue value;
  gboolean bad;

  if (ex != NULL && output_proto (ex, slot) == NULL)
    return tdbg_logdir_get_execution (w->logdir, execution)->n_alert_outputs > 0;
  if (!_tdbg_cause_walk_output_value (w, execution, slot, &value))
    return FALSE;
  bad = value.any_inf_nan;
  tdbg_value_clear (&value);
  return bad;
}

/* ---- the graphs' links -------------------------------------------------------------------- */

/* @op's position among its graph's placeholders, in creation order; -1 if it is none. */
static gint
placeholder_position (TdbgLogdir *logdir, guint32 op)
{
  const TdbgOp *p = tdbg_logdir_get_op (logdir, op);
  gint k = 0;

  if (g_strcmp0 (p->op_type, "Placeholder") != 0)
    return -1;
  for (guint32 i = 0; i < op; i++)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, i);
      k += o->graph == p->graph && g_strcmp0 (o->op_type, "Placeholder") == 0;
    }
  return k;
}

static guint32
calling_op (TdbgLogdir *logdir, guint32 graph)
{
  const TdbgGraph *g = tdbg_logdir_get_graph (logdir, graph);
  guint32 best = TDBG_NONE;
  guint n = tdbg_logdir_get_n_ops (logdir);

  for (guint32 i = 0; i < n; i++)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, i);
      if (o->graph != g->outer || !_tdbg_cause_type_in (call_types, o->op_type) || o->record_offset == G_MAXUINT64 ||
          o->record_offset < g->record_offset)
        continue;
      if (best == TDBG_NONE || o->record_offset < tdbg_logdir_get_op (logdir, best)->record_offset)
        best = i;
    }
  return best;
}

static guint32
called_graph (TdbgLogdir *logdir, const TdbgOp *call)
{
  guint32 best = TDBG_NONE;
  for (guint32 i = 0; i < tdbg_logdir_get_n_graphs (logdir); i++)
    {
      const TdbgGraph *g = tdbg_logdir_get_graph (logdir, i);
      if (g->outer != call->graph || call->graph == TDBG_NONE || g->record_offset > call->record_offset)
        continue;
      if (best == TDBG_NONE || g->record_offset > tdbg_logdir_get_graph (logdir, best)->record_offset)
        best = i;
    }
  return best;
}

/* The op making output @slot of a function: its graph's @slot-th Identity nothing consumes. */
static guint32
output_op (TdbgLogdir *logdir, guint32 graph, guint slot)
{
  guint k = 0;
  if (graph == TDBG_NONE)
    return TDBG_NONE;
  for (guint32 i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, i);
      if (o->graph == graph && g_strcmp0 (o->op_type, "Identity") == 0 && o->consumers->len == 0 && k++ == slot)
        return i;
    }
  return TDBG_NONE;
}

/* Index into input_names of @op's @k-th data input, or -1. */
static gint
data_input (const TdbgOp *op, guint k)
{
  for (guint i = 0; op->input_names[i]; i++)
    if (op->input_names[i][0] != '^' && k-- == 0)
      return i;
  return -1;
}

/* ---- where one tensor's values came from -------------------------------------------------- */

typedef struct {
  TdbgCauseWalk *w;
  guint32 ref;                /* the trace that saw the values */
  guint32 window_end;         /* a producer's trace up to here (after ref) still fed it */
  double by_time;             /* or, when not NAN: the producer's latest trace by this time */
} Seen;

static gboolean source_of (const Seen *seen, guint32 op, guint slot, TdbgWalkLink link, guint depth, TdbgWalkStep *out);

static gboolean
found_trace (guint32 trace, guint slot, TdbgWalkLink link, TdbgWalkStep *out)
{
  *out = (TdbgWalkStep) { .trace = trace, .execution = TDBG_NONE, .output_slot = slot, .link = link };
  return TRUE;
}

/* A traced producer: its latest trace before, or (across graphs, where a producer and the
 * nested graph it feeds run side by side) its first trace after within the same call. */
static gboolean
traced_source (const Seen *seen, guint32 op, guint slot, TdbgWalkLink link, TdbgWalkStep *out)
{
  TdbgLogdir *logdir = seen->w->logdir;
  guint32 t = isnan (seen->by_time) ? _tdbg_cause_walk_input_trace (logdir, op, slot, seen->ref)
                                    : _tdbg_cause_walk_latest_trace_by_time (logdir, op, slot, seen->by_time);

  if (t != TDBG_NONE && _tdbg_cause_trace_bad (logdir, t))
    return found_trace (t, slot, link, out);
  for (t = tdbg_logdir_find_trace_of_op_before (logdir, op, seen->ref + 1, seen->window_end); t != TDBG_NONE;
       t = tdbg_logdir_find_trace_of_op_before (logdir, op, t + 1, seen->window_end))
    if (tdbg_logdir_get_trace (logdir, t)->output_slot == slot)
      return _tdbg_cause_trace_bad (logdir, t) && found_trace (t, slot, link, out);
  return FALSE;
}

/* An outermost function's placeholder @k: the eager call that ran @seen->ref, its input. */
static gboolean
eager_feed (const Seen *seen, guint32 graph, guint k, TdbgWalkStep *out)
{
  TdbgLogdir *logdir = seen->w->logdir;
  double time = tdbg_logdir_get_trace_wall_time (logdir, seen->ref);
  guint n = tdbg_logdir_get_n_executions (logdir), slot;

  for (guint32 call = 0; call < n; call++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, call);
      const Tensorflow__Execution *ex;
      guint32 producer;
      if (e->graph != graph || e->wall_time < time)
        continue;
      ex = _tdbg_cause_walk_execution (seen->w, call);
      if (ex == NULL || k >= ex->n_input_tensor_ids)
        return FALSE;
      producer = _tdbg_cause_walk_producer (seen->w, call, ex->input_tensor_ids[k], &slot);
      if (producer == TDBG_NONE || !_tdbg_cause_walk_output_bad (seen->w, producer, slot))
        return FALSE;
      *out = (TdbgWalkStep) { TDBG_NONE, producer, slot, TDBG_LINK_FUNCTION_INPUT };
      return TRUE;
    }
  return FALSE;
}

/* The eager call of @graph (an outermost function) that ran the trace @ref: the first call at
 * or after it. TensorFlow leaves the graph id of a call out when it runs a function through a
 * tape (__forward_<name>_<n>): such a call is matched by the name of a graph no other shares. */
static guint32
eager_call_of (TdbgLogdir *logdir, guint32 graph, guint32 ref)
{
  const char *name = tdbg_logdir_get_graph (logdir, graph)->graph_name;
  double time = tdbg_logdir_get_trace_wall_time (logdir, ref);
  g_autofree char *prefix = name && *name ? g_strdup_printf ("__forward_%s_", name) : NULL;
  guint n = tdbg_logdir_get_n_executions (logdir);

  for (guint32 i = 0; prefix && i < tdbg_logdir_get_n_graphs (logdir); i++)
    if (i != graph && g_strcmp0 (tdbg_logdir_get_graph (logdir, i)->graph_name, name) == 0)
      g_clear_pointer (&prefix, g_free);
  for (guint32 call = 0; call < n; call++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, call);
      const char *type = tdbg_logdir_get_string (logdir, e->op_type);
      gboolean named = prefix && e->graph == TDBG_NONE && type && g_str_has_prefix (type, prefix) &&
                       type[strspn (type + strlen (prefix), "0123456789") + strlen (prefix)] == '\0';
      if ((e->graph == graph || named) && e->wall_time >= time)
        return call;
    }
  return TDBG_NONE;
}

/* The eager call that ran trace @ref of the outermost function whose never-traced placeholder
 * is @op, and the tensor it gave that placeholder. */
static gboolean
argument_tensor (TdbgCauseWalk *w, guint32 op, guint32 ref, guint32 *call, gint64 *tensor_id)
{
  TdbgLogdir *logdir = w->logdir;
  const TdbgOp *p = tdbg_logdir_get_op (logdir, op);
  gint k = placeholder_position (logdir, op);
  const Tensorflow__Execution *ex;

  if (k < 0 || p->graph == TDBG_NONE || p->first_trace != TDBG_NONE ||
      !_tdbg_cause_graph_is_outermost (logdir, p->graph) ||
      (*call = eager_call_of (logdir, p->graph, ref)) == TDBG_NONE ||
      (ex = _tdbg_cause_walk_execution (w, *call)) == NULL || (gsize) k >= ex->n_input_tensor_ids)
    return FALSE;
  *tensor_id = ex->input_tensor_ids[k];
  return TRUE;
}

guint32
_tdbg_cause_walk_argument_producer (TdbgCauseWalk *w, guint32 op, guint32 ref, guint *slot)
{
  guint32 call;
  gint64 id;

  return argument_tensor (w, op, ref, &call, &id) ? _tdbg_cause_walk_producer (w, call, id, slot) : TDBG_NONE;
}

/* ---- a variable's writer ------------------------------------------------------------------ */

/* Eager executions looked at for the last one given a variable's handle: a variable written
 * long before is left unexplained rather than paid for with a record read each. */
#define MAX_WRITER_SCAN 4096

static gboolean
takes_tensor (const Tensorflow__Execution *ex, gint64 tensor_id)
{
  for (gsize i = 0; i < ex->n_input_tensor_ids; i++)
    if (ex->input_tensor_ids[i] == tensor_id)
      return TRUE;
  return FALSE;
}

/* What the eager assignment that last wrote the variable @handle before execution @before was
 * given, when the execution that made it held NaN/∞. The last execution given the handle that
 * does not merely read it must be an AssignVariableOp: a function call or another update (an
 * AssignAdd, an optimizer's) may have made the values itself. */
static gboolean
variable_writer_source (TdbgCauseWalk *w, guint32 before, gint64 handle, TdbgWalkStep *out)
{
  guint file_set = tdbg_logdir_get_execution (w->logdir, before)->file_set;
  guint scanned = 0;

  for (guint32 i = before; i-- > 0 && scanned++ < MAX_WRITER_SCAN;)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (w->logdir, i);
      const char *type = tdbg_logdir_get_string (w->logdir, e->op_type);
      const Tensorflow__Execution *ex;
      guint32 producer;
      guint slot;
      if (e->file_set != file_set || (ex = _tdbg_cause_walk_execution (w, i)) == NULL ||
          !takes_tensor (ex, handle) || (e->graph == TDBG_NONE && _tdbg_cause_reads_variable (type)))
        continue;
      if (g_strcmp0 (type, "AssignVariableOp") != 0 || e->graph != TDBG_NONE || ex->n_input_tensor_ids != 2 ||
          ex->input_tensor_ids[0] != handle)
        return FALSE;
      producer = _tdbg_cause_walk_producer (w, i, ex->input_tensor_ids[1], &slot);
      if (producer == TDBG_NONE || !_tdbg_cause_walk_output_bad (w, producer, slot))
        return FALSE;
      *out = (TdbgWalkStep) { TDBG_NONE, producer, slot, TDBG_LINK_VARIABLE };
      return TRUE;
    }
  return FALSE;
}

/* A function's op reading a variable: the handle is an argument of the eager call. */
static gboolean
traced_variable_source (TdbgCauseWalk *w, guint32 trace, const TdbgOp *op, TdbgWalkStep *out)
{
  gint k = data_input (op, 0);
  guint32 call;
  gint64 handle;

  return k >= 0 && op->input_ops[k] != TDBG_NONE && argument_tensor (w, op->input_ops[k], trace, &call, &handle) &&
         variable_writer_source (w, call, handle, out);
}

static gboolean
placeholder_feed (const Seen *seen, guint32 op, guint depth, TdbgWalkStep *out)
{
  TdbgLogdir *logdir = seen->w->logdir;
  const TdbgOp *p = tdbg_logdir_get_op (logdir, op);
  gint k = placeholder_position (logdir, op);
  const TdbgOp *call;
  guint32 call_index;
  gint name;

  if (k < 0 || p->graph == TDBG_NONE)
    return FALSE;
  if (_tdbg_cause_graph_is_outermost (logdir, p->graph))
    return eager_feed (seen, p->graph, k, out);
  if ((call_index = calling_op (logdir, p->graph)) == TDBG_NONE)
    return FALSE;
  call = tdbg_logdir_get_op (logdir, call_index);
  name = data_input (call, k + (_tdbg_cause_type_in (selector_types, call->op_type) ? 1 : 0));
  return name >= 0 && source_of (seen, call->input_ops[name], tdbg_input_name_slot (call->input_names[name]),
                                 TDBG_LINK_OUTER_GRAPH, depth + 1, out);
}

static gboolean
argument_source (const Seen *seen, guint32 op, TdbgWalkStep *out)
{
  guint slot;
  guint32 producer = isnan (seen->by_time) ? _tdbg_cause_walk_argument_producer (seen->w, op, seen->ref, &slot)
                                           : TDBG_NONE;

  if (producer == TDBG_NONE || !_tdbg_cause_walk_output_bad (seen->w, producer, slot))
    return FALSE;
  *out = (TdbgWalkStep) { TDBG_NONE, producer, slot, TDBG_LINK_FUNCTION_INPUT };
  return TRUE;
}

static gboolean
source_of (const Seen *seen, guint32 op, guint slot, TdbgWalkLink link, guint depth, TdbgWalkStep *out)
{
  TdbgLogdir *logdir = seen->w->logdir;
  const TdbgOp *p;

  if (op == TDBG_NONE || depth > MAX_DEPTH)
    return FALSE;
  p = tdbg_logdir_get_op (logdir, op);
  if (p->first_trace != TDBG_NONE)
    return traced_source (seen, op, slot, link, out);
  if (_tdbg_cause_type_in (pass_through_types, p->op_type))
    {
      gboolean per_slot = g_strcmp0 (p->op_type, "IdentityN") == 0;
      for (guint i = 0, k = 0; p->input_names[i]; i++)
        if (p->input_names[i][0] != '^' && (!per_slot || k++ == slot) &&
            source_of (seen, p->input_ops[i], tdbg_input_name_slot (p->input_names[i]), link, depth + 1, out))
          return TRUE;
      return FALSE;
    }
  if (_tdbg_cause_type_in (call_types, p->op_type))
    return source_of (seen, output_op (logdir, called_graph (logdir, p), slot), 0,
                      TDBG_LINK_FUNCTION_OUTPUT, depth + 1, out);
  /* An argument of an outermost function, which TensorFlow never traces: the eager execution
   * that made what the call was given, when that held the bad values. */
  if (link == TDBG_LINK_INPUT && argument_source (seen, op, out))
    return TRUE;
  /* An input never traced (or dropped by a circular buffer) is not recorded: the origin's cause
   * then says so (inputs_not_recorded) rather than guessing past it. Placeholders are followed
   * out of their graph only when they are what went bad, or on the way out from one. */
  if (link == TDBG_LINK_INPUT)
    return FALSE;
  return placeholder_feed (seen, op, depth, out);
}

/* ---- one step back ------------------------------------------------------------------------ */

/* Prefers the earliest trace; an execution only when no trace was found. */
static void
keep_earliest (TdbgWalkStep *best, const TdbgWalkStep *candidate)
{
  if (best->trace == TDBG_NONE && best->execution == TDBG_NONE)
    *best = *candidate;
  else if (candidate->trace != TDBG_NONE && (best->trace == TDBG_NONE || candidate->trace < best->trace))
    *best = *candidate;
  else if (best->trace == TDBG_NONE && candidate->execution < best->execution)
    *best = *candidate;
}

static gboolean
back_from_trace (TdbgCauseWalk *w, guint32 trace, TdbgWalkStep *out)
{
  TdbgLogdir *logdir = w->logdir;
  guint32 op_index = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, trace));
  const TdbgOp *op = tdbg_logdir_get_op (logdir, op_index);
  TdbgWalkStep best = { TDBG_NONE, TDBG_NONE, 0, TDBG_LINK_INPUT }, candidate;
  guint32 next = tdbg_logdir_find_trace_of_op (logdir, op_index, trace + 1);
  Seen seen = { w, trace, trace, NAN };

  if (data_input (op, 0) < 0)
    {
      seen.window_end = next != TDBG_NONE ? next : tdbg_logdir_get_n_traces (logdir);
      return placeholder_feed (&seen, op_index, 0, out);
    }
  for (guint i = 0; op->input_names[i]; i++)
    if (op->input_names[i][0] != '^' &&
        source_of (&seen, op->input_ops[i], tdbg_input_name_slot (op->input_names[i]), TDBG_LINK_INPUT, 0, &candidate))
      keep_earliest (&best, &candidate);
  if (best.trace == TDBG_NONE && best.execution == TDBG_NONE && _tdbg_cause_reads_variable (op->op_type))
    return traced_variable_source (w, trace, op, out);
  *out = best;
  return best.trace != TDBG_NONE || best.execution != TDBG_NONE;
}

static gboolean
back_from_execution (TdbgCauseWalk *w, guint32 execution, guint slot, TdbgWalkStep *out)
{
  const TdbgExecutionDigest *e = tdbg_logdir_get_execution (w->logdir, execution);
  const Tensorflow__Execution *ex = _tdbg_cause_walk_execution (w, execution);
  TdbgWalkStep best = { TDBG_NONE, TDBG_NONE, 0, TDBG_LINK_EAGER_INPUT };

  if (e->graph != TDBG_NONE)
    {
      Seen seen = { w, 0, 0, e->wall_time };
      return source_of (&seen, output_op (w->logdir, e->graph, slot), 0, TDBG_LINK_FUNCTION_OUTPUT, 0, out);
    }
  for (gsize i = 0; ex && i < ex->n_input_tensor_ids; i++)
    {
      guint producer_slot;
      guint32 producer = _tdbg_cause_walk_producer (w, execution, ex->input_tensor_ids[i], &producer_slot);
      if (producer != TDBG_NONE && _tdbg_cause_walk_output_bad (w, producer, producer_slot) &&
          (best.execution == TDBG_NONE || producer < best.execution))
        best = (TdbgWalkStep) { TDBG_NONE, producer, producer_slot, TDBG_LINK_EAGER_INPUT };
    }
  if (best.execution == TDBG_NONE && ex && ex->n_input_tensor_ids > 0 &&
      _tdbg_cause_reads_variable (tdbg_logdir_get_string (w->logdir, e->op_type)))
    return variable_writer_source (w, execution, ex->input_tensor_ids[0], out);
  *out = best;
  return best.execution != TDBG_NONE;
}

static gboolean
visited (GArray *steps, const TdbgWalkStep *step)
{
  for (guint i = 0; i < steps->len; i++)
    {
      const TdbgWalkStep *s = &g_array_index (steps, TdbgWalkStep, i);
      if (s->trace == step->trace && s->execution == step->execution && s->output_slot == step->output_slot)
        return TRUE;
    }
  return FALSE;
}

GArray *
_tdbg_cause_walk_back (TdbgCauseWalk *w, const TdbgWalkStep *start)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (TdbgWalkStep));
  TdbgWalkStep step = *start, next;

  g_array_append_val (steps, step);
  while (steps->len < MAX_STEPS)
    {
      gboolean found = step.trace != TDBG_NONE ? back_from_trace (w, step.trace, &next)
                                               : back_from_execution (w, step.execution, step.output_slot, &next);
      if (!found || visited (steps, &next))
        break;
      g_array_append_val (steps, next);
      step = next;
    }
  return steps;
}
