/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-report.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

#define MAX_JSON_VALUES 100000
#define MAX_TEXT_VALUES 200

const char *
tdbg_report_short_device (const char *device_name)
{
  const char *device = device_name ? strstr (device_name, "device:") : NULL;
  return device ? device + strlen ("device:") : (device_name ? device_name : "");
}

/* ---- shared pieces -------------------------------------------------------------------- */

void
tdbg_report_frame_json (TdbgJson *j, TdbgLogdir *logdir, const TdbgStackFrame *frame)
{
  const char *line = tdbg_logdir_get_frame_line (logdir, frame);
  g_autofree char *code = line ? g_strstrip (g_strdup (line)) : NULL;

  tdbg_json_begin_object (j);
  tdbg_json_key (j, "file_path");
  tdbg_json_string (j, frame->file_path);
  tdbg_json_key (j, "line");
  tdbg_json_int (j, frame->line);
  tdbg_json_key (j, "func");
  tdbg_json_string (j, frame->func);
  tdbg_json_key (j, "code");
  tdbg_json_string (j, code);
  tdbg_json_end_object (j);
}

/* depth, library frame count, innermost user frame and the whole stack, under @prefix keys. */
static void
json_stack (TdbgJson *j, TdbgLogdir *logdir, char **frame_ids, const char *depth_key,
            const char *library_key, const char *user_key, const char *stack_key)
{
  g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (logdir, frame_ids);
  gint user = tdbg_stack_innermost_user_frame (frames);
  guint library = 0;

  for (guint i = 0; i < frames->len; i++)
    library += ((const TdbgStackFrame *) g_ptr_array_index (frames, i))->is_library;
  tdbg_json_key (j, depth_key);
  tdbg_json_uint (j, g_strv_length (frame_ids));
  if (library_key)
    {
      tdbg_json_key (j, library_key);
      tdbg_json_uint (j, library);
    }
  tdbg_json_key (j, user_key);
  if (user >= 0)
    tdbg_report_frame_json (j, logdir, g_ptr_array_index (frames, user));
  else
    tdbg_json_null (j);
  tdbg_json_key (j, stack_key);
  tdbg_json_begin_array (j);
  for (guint i = 0; i < frames->len; i++)
    tdbg_report_frame_json (j, logdir, g_ptr_array_index (frames, i));
  tdbg_json_end_array (j);
}

static void
json_element (TdbgJson *j, const TdbgTensor *t, guint64 i)
{
  if (t->dtype == TDBG_DT_STRING)
    {
      g_autoptr(GBytes) bytes = tdbg_tensor_get_string (t, i);
      gsize len = 0;
      const char *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
      tdbg_json_bytes (j, data ? data : "", len);
    }
  else if (t->dtype == TDBG_DT_INT64)
    tdbg_json_int (j, tdbg_tensor_get_int64 (t, i));
  else if (t->dtype == TDBG_DT_UINT64)
    tdbg_json_uint (j, tdbg_tensor_get_uint64 (t, i));
  else if (t->dtype == TDBG_DT_BOOL)
    tdbg_json_bool (j, tdbg_tensor_get_double (t, i) != 0);
  else if (tdbg_dtype_is_complex (t->dtype))
    {
      /* [real, imaginary] */
      tdbg_json_begin_array (j);
      tdbg_json_double (j, tdbg_tensor_get_double (t, i));
      tdbg_json_double (j, tdbg_tensor_get_imag (t, i));
      tdbg_json_end_array (j);
    }
  else
    tdbg_json_double (j, tdbg_tensor_get_double (t, i));
}

static void
json_values (TdbgJson *j, const TdbgTensor *t)
{
  tdbg_json_begin_array (j);
  for (guint64 i = 0; i < MIN (t->n_elements, MAX_JSON_VALUES); i++)
    json_element (j, t, i);
  tdbg_json_end_array (j);
}

static void
json_doubles (TdbgJson *j, GArray *values)
{
  tdbg_json_begin_array (j);
  for (guint i = 0; values && i < values->len; i++)
    tdbg_json_double (j, g_array_index (values, double, i));
  tdbg_json_end_array (j);
}

static void
json_counts (TdbgJson *j, const TdbgCounts *c)
{
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "neg_inf", c->neg_inf);
  tdbg_json_member_uint (j, "pos_inf", c->pos_inf);
  tdbg_json_member_uint (j, "nan", c->nan);
  tdbg_json_member_uint (j, "neg", c->neg);
  tdbg_json_member_uint (j, "zero", c->zero);
  tdbg_json_member_uint (j, "pos", c->pos);
  tdbg_json_end_object (j);
}

static void
json_shape (TdbgJson *j, const TdbgValue *v)
{
  tdbg_json_begin_array (j);
  for (gint i = 0; i < v->rank; i++)
    tdbg_json_int (j, v->shape[i]);
  tdbg_json_end_array (j);
}

/* dtype, shape (or rank and size), and the values of a trace. */
void
tdbg_report_value_json (TdbgJson *j, const TdbgValue *v)
{
  tdbg_json_key (j, "dtype");
  if (v->dtype >= 0)
    tdbg_json_string (j, tdbg_dtype_name (v->dtype));
  else
    tdbg_json_null (j);
  tdbg_json_key (j, "shape");
  if (v->shape_known)
    json_shape (j, v);
  else
    tdbg_json_null (j);
  if (v->rank >= 0)
    {
      tdbg_json_key (j, "rank");
      tdbg_json_int (j, v->rank);
    }
  if (!isnan (v->size))
    {
      tdbg_json_key (j, "size");
      tdbg_json_double (j, v->size);
    }
  if (v->mode == TDBG_MODE_FULL_TENSOR)
    {
      tdbg_json_key (j, "full_tensor_values");
      if (v->decoded)
        json_values (j, &v->tensor);
      else
        tdbg_json_null (j);
    }
  else
    {
      tdbg_json_key (j, "debug_tensor_value");
      if (v->summary)
        json_doubles (j, v->summary);
      else
        tdbg_json_null (j);
    }
  if (v->counts_known)
    {
      tdbg_json_key (j, "element_counts");
      json_counts (j, &v->counts);
    }
}

static guint
record_index_in_file (TdbgLogdir *logdir, guint index)
{
  guint8 file_set = tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, index));
  guint n = 0;
  /* One file set: every trace before it is in its file. */
  if (tdbg_logdir_get_n_file_sets (logdir) == 1)
    return index;
  for (guint i = 0; i < index; i++)
    n += tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, i)) == file_set;
  return n;
}

static void
json_graph_chain (TdbgJson *j, TdbgLogdir *logdir, guint32 graph)
{
  g_autoptr(GArray) chain = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 g = graph; g != TDBG_NONE && chain->len <= tdbg_logdir_get_n_graphs (logdir);
       g = tdbg_logdir_get_graph (logdir, g)->outer)
    g_array_prepend_val (chain, g);
  tdbg_json_begin_array (j);
  for (guint i = 0; i < chain->len; i++)
    tdbg_json_string (j, tdbg_logdir_get_graph (logdir, g_array_index (chain, guint32, i))->graph_id);
  tdbg_json_end_array (j);
}

static void
json_inputs (TdbgJson *j, TdbgLogdir *logdir, const TdbgOp *op, guint index)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  tdbg_json_key (j, "input_names");
  tdbg_json_begin_array (j);
  for (char **n = op->input_names; *n; n++)
    tdbg_json_string (j, *n);
  tdbg_json_end_array (j);

  tdbg_json_key (j, "inputs");
  tdbg_json_begin_array (j);
  for (guint k = 0; op->input_names[k]; k++)
    {
      const char *name = op->input_names[k];
      const char *colon = strrchr (name, ':');
      guint slot = colon ? (guint) g_ascii_strtoull (colon + 1, NULL, 10) : 0;
      const TdbgOp *input;
      guint32 latest;

      if (name[0] == '^' || op->input_ops[k] == TDBG_NONE)
        continue;
      input = tdbg_logdir_get_op (logdir, op->input_ops[k]);
      if (!g_ptr_array_find_with_equal_func (names, input->op_name, g_str_equal, NULL))
        g_ptr_array_add (names, input->op_name);
      latest = tdbg_logdir_find_latest_trace_before (logdir, op->input_ops[k], slot, index);
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "op_name", input->op_name);
      tdbg_json_member_uint (j, "output_slot", slot);
      tdbg_json_member_string (j, "op_type", input->op_type);
      tdbg_json_key (j, "latest_trace_index_before");
      if (latest == TDBG_NONE)
        tdbg_json_null (j);
      else
        {
          Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, latest, NULL);
          tdbg_json_uint (j, latest);
          tdbg_json_key (j, "rows_before");
          tdbg_json_uint (j, index - latest);
          if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
            {
              TdbgValue v;
              tdbg_value_init (&v, event->graph_execution_trace->tensor_debug_mode,
                               event->graph_execution_trace->tensor_proto);
              if (v.summary)
                {
                  tdbg_json_key (j, "latest_trace_debug_tensor_value");
                  json_doubles (j, v.summary);
                }
              if (v.counts_known)
                {
                  tdbg_json_key (j, "latest_trace_element_counts");
                  json_counts (j, &v.counts);
                }
              tdbg_value_clear (&v);
            }
          if (event)
            tensorflow__debug_event__free_unpacked (event, NULL);
        }
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);

  tdbg_json_key (j, "input_op_names");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < names->len; i++)
    tdbg_json_string (j, g_ptr_array_index (names, i));
  tdbg_json_end_array (j);
}

static void
json_consumers (TdbgJson *j, TdbgLogdir *logdir, const TdbgOp *op, guint output_slot)
{
  tdbg_json_key (j, "consumers");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < op->consumers->len; i++)
    {
      const TdbgConsumer *c = &g_array_index (op->consumers, TdbgConsumer, i);
      if (c->output_slot != output_slot)
        continue;
      tdbg_json_begin_object (j);
      tdbg_json_key (j, "op_name");
      tdbg_json_string (j, tdbg_logdir_get_op (logdir, c->op)->op_name);
      tdbg_json_key (j, "input_slot");
      tdbg_json_uint (j, c->input_slot);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

/* ---- traces ---------------------------------------------------------------------------- */

gboolean
tdbg_report_trace_json (TdbgJson *j, TdbgLogdir *logdir, guint index, GError **error)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, index, error);
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  const TdbgGraph *graph;
  Tensorflow__GraphExecutionTrace *trace;
  TdbgValue v;

  if (event == NULL)
    return FALSE;
  d = tdbg_logdir_get_trace (logdir, index);
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  graph = op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph) : NULL;
  trace = event->graph_execution_trace;
  tdbg_value_init (&v, tdbg_trace_digest_get_mode (d), trace->tensor_proto);

  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "index", index);
  tdbg_json_member_string (j, "host_name", tdbg_logdir_get_file_set (logdir, tdbg_trace_digest_get_file_set (d))->host_name);
  tdbg_json_member_uint (j, "record_index_in_file", record_index_in_file (logdir, index));
  tdbg_json_member_string (j, "op_name", op->op_name);
  tdbg_json_member_string (j, "op_type", op->op_type);
  tdbg_json_member_uint (j, "output_slot", d->output_slot);
  tdbg_json_member_string (j, "graph_id", graph ? graph->graph_id : trace->tfdbg_context_id);
  tdbg_json_member_string (j, "graph_name", graph ? (graph->graph_name ? graph->graph_name : "") : NULL);
  tdbg_json_key (j, "graph_ids_outer_to_inner"); json_graph_chain (j, logdir, op->graph);
  tdbg_json_key (j, "tensor_id");
  if (v.has_tensor_id)
    tdbg_json_int (j, v.tensor_id);
  else if (d->output_slot < op->n_output_tensor_ids)
    tdbg_json_int (j, op->output_tensor_ids[d->output_slot]);
  else
    tdbg_json_null (j);
  tdbg_json_member_string (j, "device_name", trace->device_name);
  tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (tdbg_trace_digest_get_mode (d)));
  tdbg_json_key (j, "wall_time"); tdbg_json_double (j, event->wall_time);
  tdbg_report_value_json (j, &v);
  json_inputs (j, logdir, op, index);
  json_consumers (j, logdir, op, d->output_slot);
  tdbg_json_member_string (j, "creation_host_name", op->host_name);
  json_stack (j, logdir, op->stack_frame_ids, "creation_stack_depth", "creation_library_frames",
              "creation_innermost_user_frame", "creation_stack");
  tdbg_json_end_object (j);

  tdbg_value_clear (&v);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return TRUE;
}

/* ---- executions ------------------------------------------------------------------------ */

static void
json_execution_value (TdbgJson *j, guint mode, const Tensorflow__TensorProto *proto)
{
  TdbgValue v;
  tdbg_value_init (&v, mode, proto);
  if (v.empty || !v.decoded)
    tdbg_json_null (j);
  else if (mode == TDBG_MODE_FULL_TENSOR)
    {
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "dtype", tdbg_dtype_name (v.dtype));
      tdbg_json_key (j, "shape"); json_shape (j, &v);
      tdbg_json_key (j, "values"); json_values (j, &v.tensor);
      tdbg_json_end_object (j);
    }
  else
    json_doubles (j, v.summary);
  tdbg_value_clear (&v);
}

static void
json_ints (TdbgJson *j, const gint64 *values, gsize n)
{
  tdbg_json_begin_array (j);
  for (gsize i = 0; i < n; i++)
    tdbg_json_int (j, values[i]);
  tdbg_json_end_array (j);
}

/* Protobuf-c's repeated strings are counted, not NULL-terminated. */
static GStrv
execution_frame_ids (const Tensorflow__Execution *e)
{
  gsize n = e->code_location ? e->code_location->n_stack_frame_ids : 0;
  GStrv ids = g_new0 (char *, n + 1);
  for (gsize i = 0; i < n; i++)
    ids[i] = g_strdup (e->code_location->stack_frame_ids[i]);
  return ids;
}

const TdbgStackFrame *
tdbg_report_execution_user_frame (TdbgLogdir *logdir, guint index)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, index, NULL);
  const TdbgStackFrame *frame = NULL;

  if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION)
    {
      g_auto(GStrv) ids = execution_frame_ids (event->execution);
      g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (logdir, ids);
      gint user = tdbg_stack_innermost_user_frame (frames);
      frame = user >= 0 ? g_ptr_array_index (frames, user) : NULL;
    }
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  return frame;
}

gboolean
tdbg_report_execution_json (TdbgJson *j, TdbgLogdir *logdir, guint index, gint first_alert_slot, GError **error)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, index, error);
  const TdbgExecutionDigest *d;
  const TdbgGraph *graph;
  Tensorflow__Execution *e;
  g_auto(GStrv) frame_ids = NULL;

  if (event == NULL)
    return FALSE;
  d = tdbg_logdir_get_execution (logdir, index);
  e = event->execution;
  graph = d->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, d->graph) : NULL;

  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "index", index);
  tdbg_json_member_string (j, "op_type", e->op_type);
  tdbg_json_member_string (j, "graph_id", e->graph_id ? e->graph_id : "");
  tdbg_json_member_string (j, "graph_name", graph ? graph->graph_name : NULL);
  tdbg_json_key (j, "num_outputs"); tdbg_json_int (j, e->num_outputs);
  tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (e->tensor_debug_mode));
  tdbg_json_key (j, "output_tensor_device_ids");
  tdbg_json_begin_array (j);
  for (gsize i = 0; i < e->n_output_tensor_device_ids; i++)
    tdbg_json_int (j, e->output_tensor_device_ids[i]);
  tdbg_json_end_array (j);
  tdbg_json_key (j, "input_tensor_ids"); json_ints (j, e->input_tensor_ids, e->n_input_tensor_ids);
  tdbg_json_key (j, "output_tensor_ids"); json_ints (j, e->output_tensor_ids, e->n_output_tensor_ids);
  tdbg_json_member_uint (j, "num_tensor_protos", e->n_tensor_protos);
  tdbg_json_key (j, "debug_tensor_values");
  tdbg_json_begin_array (j);
  for (gsize i = 0; i < e->n_tensor_protos; i++)
    json_execution_value (j, e->tensor_debug_mode, e->tensor_protos[i]);
  tdbg_json_end_array (j);
  tdbg_json_key (j, "wall_time"); tdbg_json_double (j, d->wall_time);
  frame_ids = execution_frame_ids (e);
  json_stack (j, logdir, frame_ids, "stack_depth", NULL, "innermost_user_frame", "stack");
  if (first_alert_slot >= 0)
    {
      tdbg_json_key (j, "first_alert_output_slot");
      tdbg_json_int (j, first_alert_slot);
    }
  tdbg_json_end_object (j);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return TRUE;
}

/* ---- text ------------------------------------------------------------------------------ */

static void
text_stack (GString *out, TdbgLogdir *logdir, char **frame_ids)
{
  g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (logdir, frame_ids);
  gint user = tdbg_stack_innermost_user_frame (frames);

  g_string_append_printf (out, _("Stack (%u frames, outermost first; > marks the innermost user frame, · library code):\n"),
                          frames->len);
  for (guint i = 0; i < frames->len; i++)
    {
      const TdbgStackFrame *f = g_ptr_array_index (frames, i);
      const char *line = tdbg_logdir_get_frame_line (logdir, f);
      g_autofree char *code = line ? g_strstrip (g_strdup (line)) : NULL;
      g_string_append_printf (out, "  %s %s:%d in %s\n", (gint) i == user ? ">" : f->is_library ? "·" : " ",
                              f->file_path ? f->file_path : "?", f->line, f->func ? f->func : "?");
      if (code && *code)
        g_string_append_printf (out, "        %s\n", code);
    }
}

static void
text_value (GString *out, const TdbgValue *v)
{
  if (v->dtype >= 0)
    g_string_append_printf (out, _("  dtype: %s\n"), tdbg_dtype_name (v->dtype));
  if (v->shape_known)
    {
      g_string_append (out, _("  shape: ("));
      for (gint i = 0; i < v->rank; i++)
        g_string_append_printf (out, i ? ", %" PRId64 : "%" PRId64, v->shape[i]);
      g_string_append (out, v->rank == 1 ? ",)\n" : ")\n");
    }
  else if (v->rank >= 0)
    g_string_append_printf (out, _("  rank: %d\n"), v->rank);
  if (!isnan (v->size))
    g_string_append_printf (out, _("  size: %.0f\n"), v->size);
  if (v->counts_known)
    g_string_append_printf (out, _("  -inf: %" PRIu64 "  +inf: %" PRIu64 "  NaN: %" PRIu64
                                   "  negative: %" PRIu64 "  zero: %" PRIu64 "  positive: %" PRIu64 "\n"),
                            v->counts.neg_inf, v->counts.pos_inf, v->counts.nan, v->counts.neg, v->counts.zero, v->counts.pos);
  else if (v->inf_nan_known)
    g_string_append_printf (out, _("  -inf: %" PRIu64 "  +inf: %" PRIu64 "  NaN: %" PRIu64 "\n"),
                            v->counts.neg_inf, v->counts.pos_inf, v->counts.nan);
  else if (v->mode == TDBG_MODE_CURT_HEALTH && v->summary)
    g_string_append_printf (out, _("  any -inf, +inf or NaN: %s\n"), v->any_inf_nan ? _("yes") : _("no"));
  if (v->summary)
    {
      g_string_append (out, _("  summary: ["));
      for (guint i = 0; i < v->summary->len; i++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          g_string_append_printf (out, i ? ", %s" : "%s", g_ascii_formatd (buf, sizeof buf, "%g", g_array_index (v->summary, double, i)));
        }
      g_string_append (out, "]\n");
    }
  if (v->mode == TDBG_MODE_FULL_TENSOR && v->decoded)
    {
      g_autofree char *text = tdbg_tensor_format (&v->tensor, MAX_TEXT_VALUES);
      g_string_append_printf (out, _("  value:\n%s\n"), text);
    }
}

char *
tdbg_report_trace_text (TdbgLogdir *logdir, guint index, GError **error)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, index, error);
  GString *out;
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  const TdbgGraph *graph;
  TdbgValue v;

  if (event == NULL)
    return NULL;
  out = g_string_new (NULL);
  d = tdbg_logdir_get_trace (logdir, index);
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  graph = op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph) : NULL;
  tdbg_value_init (&v, tdbg_trace_digest_get_mode (d), event->graph_execution_trace->tensor_proto);

  g_string_append_printf (out, _("Graph execution trace %u: %s:%u (%s)\n"), index, op->op_name, d->output_slot,
                          op->op_type ? op->op_type : _("op never created"));
  g_string_append_printf (out, _("  graph: %s (%s)\n"), graph && graph->graph_name ? graph->graph_name : _("unnamed"),
                          graph ? graph->graph_id : event->graph_execution_trace->tfdbg_context_id);
  g_string_append_printf (out, _("  device: %s\n"), event->graph_execution_trace->device_name);
  g_string_append_printf (out, _("  mode: %s\n"), tdbg_debug_mode_name (tdbg_trace_digest_get_mode (d)));
  text_value (out, &v);
  for (guint k = 0; op->input_names[k]; k++)
    g_string_append_printf (out, _("  input %u: %s\n"), k, op->input_names[k]);
  for (guint i = 0; i < op->consumers->len; i++)
    {
      const TdbgConsumer *c = &g_array_index (op->consumers, TdbgConsumer, i);
      g_string_append_printf (out, _("  output %u consumed by %s (input %u)\n"), c->output_slot,
                              tdbg_logdir_get_op (logdir, c->op)->op_name, c->input_slot);
    }
  text_stack (out, logdir, op->stack_frame_ids);
  tdbg_value_clear (&v);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return g_string_free (out, FALSE);
}

char *
tdbg_report_execution_text (TdbgLogdir *logdir, guint index, GError **error)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, index, error);
  g_auto(GStrv) frame_ids = NULL;
  Tensorflow__Execution *e;
  GString *out;

  if (event == NULL)
    return NULL;
  e = event->execution;
  out = g_string_new (NULL);
  g_string_append_printf (out, _("Execution %u: %s, %d output(s), mode %s\n"), index, e->op_type, e->num_outputs,
                          tdbg_debug_mode_name (e->tensor_debug_mode));
  if (e->graph_id && *e->graph_id)
    g_string_append_printf (out, _("  tf.function graph: %s\n"), e->graph_id);
  for (gsize i = 0; i < e->n_tensor_protos; i++)
    {
      TdbgValue v;
      tdbg_value_init (&v, e->tensor_debug_mode, e->tensor_protos[i]);
      g_string_append_printf (out, _("Output %zu:\n"), i);
      if (v.empty)
        g_string_append (out, _("  (not summarised: not a floating-point tensor)\n"));
      text_value (out, &v);
      tdbg_value_clear (&v);
    }
  frame_ids = execution_frame_ids (e);
  text_stack (out, logdir, frame_ids);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return g_string_free (out, FALSE);
}
