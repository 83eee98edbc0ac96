/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-more-alerts.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "libtdbg-data.h"

/* Whether @name ends with one of @stems, then "_" and TensorFlow's number. */
static gboolean
has_numbered_stem (const char *name, const char *const *stems)
{
  const char *end = name + strlen (name);
  const char *digits = end;

  while (digits > name && g_ascii_isdigit (digits[-1]))
    digits--;
  if (digits == end || digits == name || digits[-1] != '_')
    return FALSE;
  for (guint i = 0; stems[i]; i++)
    {
      gsize n = strlen (stems[i]);
      if ((gsize) (digits - 1 - name) >= n && strncmp (digits - 1 - n, stems[i], n) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_python_identifier (const char *name)
{
  if (!g_ascii_isalpha (name[0]) && name[0] != '_')
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

char *
tdbg_graph_function_name (const char *graph_name)
{
  /* The graphs TensorFlow makes for control flow and tf.data, not for a Python function the
   * person wrapped: while_body_48, while_cond_true_77, cond_false_12, Dataset_map_f. */
  static const char *const control_flow[] = { "while_body", "while_cond", "_true", "_false", "cond_true",
                                              "cond_false", "_branch0", "_branch1", "_branch2", NULL };
  const char *prefix = "__inference_";
  const char *end;

  if (graph_name == NULL || !is_python_identifier (graph_name))
    return NULL;
  if (!g_str_has_prefix (graph_name, prefix))
    {
      /* TensorFlow 2.21 names a function's graphs after the Python function itself. */
      if (g_str_has_prefix (graph_name, "__") || g_str_has_prefix (graph_name, "Dataset_")
          || has_numbered_stem (graph_name, control_flow))
        return NULL;
      return g_strdup (graph_name);
    }
  graph_name += strlen (prefix);
  /* The function's name, then "_" and the number TensorFlow gives each trace. */
  end = graph_name + strlen (graph_name);
  while (end > graph_name && g_ascii_isdigit (end[-1]))
    end--;
  if (end == graph_name + strlen (graph_name) || end - 1 <= graph_name || end[-1] != '_')
    return NULL;
  return g_strndup (graph_name, (gsize) (end - 1 - graph_name));
}

/* The line of "def @function(" at or above @line in @file, or 0 when the source does not show it. */
static gint
find_def_line (const TdbgSourceFile *file, const char *function, gint line)
{
  g_autofree char *def = g_strdup_printf ("def %s(", function);

  for (gint l = MIN (line, (gint) file->n_lines); l >= 1; l--)
    {
      const char *text = file->lines[l - 1];
      while (*text == ' ' || *text == '\t')
        text++;
      if (g_str_has_prefix (text, "async "))
        text += strlen ("async ");
      if (g_str_has_prefix (text, def))
        return l;
    }
  return 0;
}

/* The first op of @graph created inside @function's body (its creation stack holds a frame of
 * that name), with that frame; the first op of the graph and its user frame when none is. */
static guint32
find_body_op (TdbgLogdir *logdir, guint32 graph, guint32 first, const char *function,
              const TdbgStackFrame **frame_out)
{
  *frame_out = NULL;
  if (first == TDBG_NONE)
    return TDBG_NONE;
  for (guint32 o = first; o < tdbg_logdir_get_n_ops (logdir); o++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, o);
      g_autoptr(GPtrArray) frames = NULL;
      if (op->graph != graph)
        continue;
      frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
      for (guint f = frames->len; f > 0; f--)
        {
          const TdbgStackFrame *frame = frames->pdata[f - 1];
          if (g_strcmp0 (frame->func, function) == 0)
            {
              *frame_out = frame;
              return o;
            }
        }
    }
  *frame_out = tdbg_logdir_get_op_user_frame (logdir, tdbg_logdir_get_op (logdir, first));
  return first;
}

/* What tells one Python function from another of the same name: the file and the line that
 * define it (the "def" line when its source was recorded, else the first line of its body
 * that made an op). */
static char *
function_key (TdbgLogdir *logdir, const char *function, const TdbgStackFrame *frame)
{
  gint line;

  if (frame == NULL)
    return g_strdup_printf ("%s\n", function);
  line = frame->line;
  if (frame->source_file != TDBG_NONE && g_strcmp0 (frame->func, function) == 0)
    {
      gint def = find_def_line (tdbg_logdir_get_source_file (logdir, frame->source_file), function, frame->line);
      if (def > 0)
        line = def;
    }
  return g_strdup_printf ("%s\n%s\n%d", function, frame->file_path ? frame->file_path : "", line);
}

/* The first op created in each graph (TDBG_NONE for a graph without ops). */
static guint32 *
first_ops (TdbgLogdir *logdir)
{
  guint n_graphs = tdbg_logdir_get_n_graphs (logdir);
  guint32 *first = g_new (guint32, MAX (n_graphs, 1));

  for (guint g = 0; g < n_graphs; g++)
    first[g] = TDBG_NONE;
  for (guint32 o = 0; o < tdbg_logdir_get_n_ops (logdir); o++)
    {
      guint32 g = tdbg_logdir_get_op (logdir, o)->graph;
      if (g < n_graphs && first[g] == TDBG_NONE)
        first[g] = o;
    }
  return first;
}

typedef struct {
  guint n_graphs;
  guint32 op;   /* the first graph's op made by the function's body */
} TracedFunction;

/* Graphs are grouped by the Python function that was traced into them, whatever TensorFlow
 * named them ("normalize", "__inference_normalize_123", Keras's "one_step_on_data"), and two
 * functions of one name are told apart by where they are defined. */
void
tdbg_more_alerts_find_retracing (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts)
{
  g_autoptr(GHashTable) functions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();  /* keys, by the function's first graph */
  g_autofree guint32 *first = first_ops (logdir);
  guint n = 0;

  for (guint g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    {
      g_autofree char *name = tdbg_graph_function_name (tdbg_logdir_get_graph (logdir, g)->graph_name);
      const TdbgStackFrame *frame;
      char *key;
      guint32 op;
      TracedFunction *traced;
      if (name == NULL)
        continue;
      op = find_body_op (logdir, g, first[g], name, &frame);
      key = function_key (logdir, name, frame);
      traced = g_hash_table_lookup (functions, key);
      if (traced == NULL)
        {
          traced = g_new0 (TracedFunction, 1);
          traced->op = TDBG_NONE;
          g_hash_table_insert (functions, key, traced);
          g_ptr_array_add (order, key);
        }
      else
        g_free (key);
      traced->n_graphs++;
      if (traced->op == TDBG_NONE)
        traced->op = op;
    }
  for (guint i = 0; i < order->len && n < TDBG_ALERT_LIMIT; i++)
    {
      const TracedFunction *traced = g_hash_table_lookup (functions, order->pdata[i]);
      TdbgAlert alert = { TDBG_ALERT_RETRACING, TDBG_NONE, TDBG_NONE, 0, NAN, NAN, NAN, NAN, NAN, 0 };
      if (traced->n_graphs < TDBG_RETRACING_MIN_GRAPHS)
        continue;
      alert.n_graphs = traced->n_graphs;
      alert.op = traced->op;
      g_array_append_val (alerts, alert);
      n++;
    }
}

/* Every floating FULL_TENSOR trace's magnitude, decoded once (the digests keep none); the
 * threshold is the person's to change, and applied here. FULL_TENSOR runs are small (each
 * value is dumped). */
void
tdbg_more_alerts_find_exploding (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts)
{
  g_autoptr(TdbgMagnitudes) own = options->magnitudes ? NULL : tdbg_magnitudes_new ();
  TdbgMagnitudes *magnitudes = options->magnitudes ? options->magnitudes : own;
  const GArray *found;
  guint n = 0;

  tdbg_magnitudes_update (magnitudes, logdir);
  found = tdbg_magnitudes_get (magnitudes);
  for (guint k = 0; k < found->len && n < TDBG_ALERT_LIMIT; k++)
    {
      const TdbgTraceMagnitude *m = &g_array_index (found, TdbgTraceMagnitude, k);
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, m->trace);
      TdbgAlert alert = { TDBG_ALERT_EXPLODING, m->trace, TDBG_NONE, d->output_slot, NAN, NAN, NAN, NAN, 0, 0 };
      guint64 size;
      if (isnan (m->magnitude) || m->magnitude <= options->magnitude_threshold)
        continue;
      alert.size = tdbg_logdir_get_trace_size (logdir, m->trace, &size) ? (double) size : NAN;
      alert.wall_time = m->wall_time;
      alert.op = tdbg_trace_digest_get_op (d);
      alert.magnitude = m->magnitude;
      g_array_append_val (alerts, alert);
      n++;
    }
}

/* The finder of each kind the table marks as not Debugger V2's, indexed by TdbgAlertType. */
static const TdbgAlertFindFunc finders[TDBG_N_ALERT_TYPES] = {
  [TDBG_ALERT_RETRACING] = tdbg_more_alerts_find_retracing,
  [TDBG_ALERT_EXPLODING] = tdbg_more_alerts_find_exploding,
};

TdbgAlertFindFunc
tdbg_more_alerts_get_finder (TdbgAlertType type)
{
  g_return_val_if_fail ((guint) type < TDBG_N_ALERT_TYPES, NULL);
  return finders[type];
}

GArray *
tdbg_more_alerts_find (TdbgLogdir *logdir, const TdbgAlertOptions *options)
{
  GArray *alerts = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));

  g_return_val_if_fail (TDBG_IS_LOGDIR (logdir), alerts);
  for (guint k = 0; k < tdbg_alert_kind_get_n (); k++)
    {
      const TdbgAlertKind *kind = tdbg_alert_kind_nth (k);
      if (!tdbg_alert_kind_is_debugger_v2 (kind) && finders[kind->type])
        finders[kind->type] (logdir, options, alerts);
    }
  return alerts;
}

const TdbgStackFrame *
tdbg_more_alerts_call_site (TdbgLogdir *logdir, const TdbgAlert *alert)
{
  if (alert->op == TDBG_NONE || alert->op >= tdbg_logdir_get_n_ops (logdir))
    return NULL;
  return tdbg_logdir_get_op_user_frame (logdir, tdbg_logdir_get_op (logdir, alert->op));
}

static char *
describe_retracing (TdbgLogdir *logdir, const TdbgAlert *a)
{
  const TdbgStackFrame *site = tdbg_more_alerts_call_site (logdir, a);
  const TdbgOp *op = a->op != TDBG_NONE ? tdbg_logdir_get_op (logdir, a->op) : NULL;
  const TdbgGraph *graph = op && op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph) : NULL;
  g_autofree char *function = graph ? tdbg_graph_function_name (graph->graph_name) : g_strdup ("?");
  g_autofree char *base = site && site->file_path ? g_path_get_basename (site->file_path) : NULL;

  if (base)
    /* Translators: a Python function, how many graphs it was traced into, where it was made */
    return g_strdup_printf (_("function %s traced into %u graphs, created at %s:%d"), function, a->n_graphs, base,
                            site->line);
  /* Translators: a Python function and how many graphs it was traced into */
  return g_strdup_printf (_("function %s traced into %u graphs"), function, a->n_graphs);
}

char *
tdbg_more_alerts_describe (TdbgLogdir *logdir, const TdbgAlert *a)
{
  const TdbgOp *op;

  if (a->type == TDBG_ALERT_RETRACING)
    return describe_retracing (logdir, a);
  op = tdbg_logdir_get_op (logdir, a->op);
  if (a->type == TDBG_ALERT_DIVERGENCE && isnan (a->magnitude))
    /* Translators: op name, output slot, op type, trace index: its twin in the other run differs */
    return g_strdup_printf (_("%s:%u (%s), trace %u: differs from its twin"), op->op_name, a->output_slot,
                            op->op_type ? op->op_type : "?", a->trace_index);
  if (a->type == TDBG_ALERT_DIVERGENCE)
    /* Translators: op name, output slot, op type, trace index, the largest difference from its twin */
    return g_strdup_printf (_("%s:%u (%s), trace %u: max |a−b| %.3g"), op->op_name, a->output_slot,
                            op->op_type ? op->op_type : "?", a->trace_index, a->magnitude);
  /* Translators: op name, output slot, op type, trace index, the largest |x| */
  return g_strdup_printf (_("%s:%u (%s), trace %u: max |x| %.3g"), op->op_name, a->output_slot,
                          op->op_type ? op->op_type : "?", a->trace_index, a->magnitude);
}
