/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-report.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

guint *
tdbg_ops_count_traces (TdbgLogdir *logdir)
{
  guint *counts = g_new0 (guint, tdbg_logdir_get_n_ops (logdir) + 1);
  guint n = tdbg_logdir_get_n_traces (logdir);
  for (guint i = 0; i < n; i++)
    counts[tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i))]++;
  return counts;
}

/* @path is the frame's file, or ends with "/@file". */
static gboolean
path_matches (const char *path, const char *file)
{
  gsize path_length, file_length;
  if (path == NULL)
    return FALSE;
  if (g_str_equal (path, file))
    return TRUE;
  path_length = strlen (path);
  file_length = strlen (file);
  return path_length > file_length && path[path_length - file_length - 1] == '/' &&
         g_str_equal (path + path_length - file_length, file);
}

gboolean
tdbg_ops_filter_matches (TdbgLogdir *logdir, const TdbgOp *op, const TdbgOpsFilter *filter)
{
  const TdbgStackFrame *frame;

  if (op->record_offset == G_MAXUINT64)
    return FALSE; /* seen only in traces: not an op creation */
  if (filter->graph && (op->graph == TDBG_NONE ||
                        !g_str_equal (tdbg_logdir_get_graph (logdir, op->graph)->graph_id, filter->graph)))
    return FALSE;
  if (filter->file == NULL && filter->line <= 0)
    return TRUE;
  frame = tdbg_logdir_get_op_user_frame (logdir, op);
  return frame && (filter->file == NULL || path_matches (frame->file_path, filter->file)) &&
         (filter->line <= 0 || frame->line == filter->line);
}

/* The whole creation stack, outermost first; a frame the logdir does not hold is null. */
static void
json_stack (TdbgJson *j, TdbgLogdir *logdir, const TdbgOp *op)
{
  tdbg_json_key (j, "stack");
  tdbg_json_begin_array (j);
  for (char **id = op->stack_frame_ids; *id; id++)
    {
      const TdbgStackFrame *frame = tdbg_logdir_find_stack_frame (logdir, *id);
      if (frame)
        tdbg_report_frame_json (j, logdir, frame);
      else
        tdbg_json_null (j);
    }
  tdbg_json_end_array (j);
}

static void
json_user_frame (TdbgJson *j, TdbgLogdir *logdir, const TdbgStackFrame *frame)
{
  tdbg_json_key (j, "user_frame");
  if (frame == NULL)
    tdbg_json_null (j);
  else
    tdbg_report_frame_json (j, logdir, frame);
}

/* Each graph's GraphDef, decoded once, where the producer recorded one (NULL elsewhere). */
static GPtrArray *
parse_graph_defs (TdbgLogdir *logdir)
{
  GPtrArray *defs = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_graph_def_free);
  for (guint i = 0; i < tdbg_logdir_get_n_graphs (logdir); i++)
    {
      GBytes *bytes = tdbg_logdir_get_graph (logdir, i)->original_graph_def;
      g_ptr_array_add (defs, bytes ? tdbg_graph_def_parse (bytes, NULL) : NULL);
    }
  return defs;
}

/* attrs: the node's attributes from its graph's GraphDef, or null when there is none. */
static void
json_attrs (TdbgJson *j, GPtrArray *graph_defs, const TdbgOp *op)
{
  const Tensorflow__GraphDef *def = op->graph != TDBG_NONE ? g_ptr_array_index (graph_defs, op->graph) : NULL;
  const Tensorflow__NodeDef *node = def ? tdbg_graph_def_find_node (def, op->op_name) : NULL;
  tdbg_json_key (j, "attrs");
  if (node)
    tdbg_graph_def_attrs_json (j, node);
  else
    tdbg_json_null (j);
}

gboolean
tdbg_ops_json (TdbgJson *j, TdbgLogdir *logdir, const TdbgOpsFilter *filter, GError **error)
{
  g_autoptr(GError) first_error = NULL;
  g_autofree guint *traces = tdbg_ops_count_traces (logdir);
  g_autoptr(GPtrArray) graph_defs = parse_graph_defs (logdir);
  guint n = tdbg_logdir_get_n_ops (logdir);

  tdbg_json_begin_object (j);
  tdbg_json_key (j, "ops");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < n; i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      const TdbgGraph *graph = op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph) : NULL;
      if (!tdbg_ops_filter_matches (logdir, op, filter))
        continue;
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "graph_id", graph ? graph->graph_id : NULL);
      tdbg_json_member_string (j, "graph_name", graph ? graph->graph_name : NULL);
      tdbg_json_member_string (j, "op_name", op->op_name);
      tdbg_json_member_string (j, "op_type", op->op_type);
      tdbg_json_key (j, "inputs");
      tdbg_json_begin_array (j);
      for (char **input = op->input_names; *input; input++)
        tdbg_json_string (j, *input);
      tdbg_json_end_array (j);
      {
        g_autoptr(GError) device_error = NULL;
        g_autofree char *device = tdbg_logdir_read_op_device (logdir, op, &device_error);
        tdbg_json_member_string (j, "device_name", device);
        /* null, and said: the first op whose creation record could not be read again. */
        if (device_error && first_error == NULL)
          first_error = g_steal_pointer (&device_error);
      }
      tdbg_json_member_uint (j, "num_outputs", op->num_outputs);
      tdbg_json_key (j, "output_tensor_ids");
      tdbg_json_begin_array (j);
      for (guint k = 0; k < op->n_output_tensor_ids; k++)
        tdbg_json_int (j, op->output_tensor_ids[k]);
      tdbg_json_end_array (j);
      json_user_frame (j, logdir, tdbg_logdir_get_op_user_frame (logdir, op));
      json_stack (j, logdir, op);
      tdbg_json_member_uint (j, "num_traces", traces[i]);
      json_attrs (j, graph_defs, op);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
  tdbg_json_end_object (j);
  if (first_error)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return FALSE;
    }
  return TRUE;
}

char *
tdbg_ops_text (TdbgLogdir *logdir, const TdbgOpsFilter *filter)
{
  g_autofree guint *traces = tdbg_ops_count_traces (logdir);
  GString *out = g_string_new (NULL);
  guint n = tdbg_logdir_get_n_ops (logdir);

  for (guint i = 0; i < n; i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      const TdbgStackFrame *frame;
      if (!tdbg_ops_filter_matches (logdir, op, filter))
        continue;
      frame = tdbg_logdir_get_op_user_frame (logdir, op);
      g_string_append_printf (out, "%-40s %-20s %6u  ", op->op_name, op->op_type ? op->op_type : "?", traces[i]);
      if (frame)
        g_string_append_printf (out, "%s:%d (%s)\n", frame->file_path, frame->line, frame->func ? frame->func : "?");
      else
        g_string_append_printf (out, "%s\n", _("(no user frame)"));
    }
  return g_string_free (out, FALSE);
}
