/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-more-alerts.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-alert-kind.h"

char *
tdbg_graph_function_name (const char *graph_name)
{
  const char *prefix = "__inference_";
  const char *end;

  if (graph_name == NULL || !g_str_has_prefix (graph_name, prefix))
    return NULL;
  graph_name += strlen (prefix);
  /* The function's name, then "_" and the number TensorFlow gives each trace. */
  end = graph_name + strlen (graph_name);
  while (end > graph_name && g_ascii_isdigit (end[-1]))
    end--;
  if (end == graph_name + strlen (graph_name) || end - 1 <= graph_name || end[-1] != '_')
    return NULL;
  return g_strndup (graph_name, (gsize) (end - 1 - graph_name));
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

void
tdbg_more_alerts_find_retracing (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts)
{
  g_autoptr(GHashTable) graphs_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           (GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();  /* function names, by their first graph */
  g_autofree guint32 *first = first_ops (logdir);
  guint n = 0;

  for (guint g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    {
      char *name = tdbg_graph_function_name (tdbg_logdir_get_graph (logdir, g)->graph_name);
      GArray *list;
      if (name == NULL)
        continue;
      list = g_hash_table_lookup (graphs_of, name);
      if (list == NULL)
        {
          list = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (graphs_of, name, list);
          g_ptr_array_add (order, name);
        }
      else
        g_free (name);
      g_array_append_val (list, g);
    }
  for (guint i = 0; i < order->len && n < TDBG_ALERT_LIMIT; i++)
    {
      GArray *list = g_hash_table_lookup (graphs_of, order->pdata[i]);
      TdbgAlert alert = { TDBG_ALERT_RETRACING, TDBG_NONE, TDBG_NONE, 0, NAN, NAN, NAN, NAN, NAN, 0 };
      if (list->len < TDBG_RETRACING_MIN_GRAPHS)
        continue;
      alert.n_graphs = list->len;
      alert.op = TDBG_NONE;
      for (guint k = 0; k < list->len && alert.op == TDBG_NONE; k++)
        alert.op = first[g_array_index (list, guint, k)];
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
      alert.op = d->op;
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
