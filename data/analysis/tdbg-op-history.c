/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-op-history.h"

#include <math.h>
#include <glib/gi18n.h>
#include "libtdbg-data.h"

/* Past this many elements a FULL_TENSOR value's magnitudes are taken from its first ones:
 * the plot shows orders of magnitude, and the GUI thread must not stall. */
#define MAGNITUDE_ELEMENTS 1000000

gboolean
tdbg_op_history_magnitudes (const TdbgTensor *tensor, double *min_abs, double *max_abs, double *mean_abs)
{
  double lo = INFINITY, hi = 0, sum = 0;
  guint64 finite = 0;
  guint64 n = MIN (tensor->n_elements, MAGNITUDE_ELEMENTS);

  for (guint64 i = 0; i < n; i++)
    {
      double a = fabs (tdbg_tensor_get_double (tensor, i));
      if (!isfinite (a))
        continue;
      lo = MIN (lo, a);
      hi = MAX (hi, a);
      sum += a;
      finite++;
    }
  if (finite == 0)
    return FALSE;
  *min_abs = lo;
  *max_abs = hi;
  *mean_abs = sum / (double) finite;
  return TRUE;
}

static void
point_from_digest (TdbgOpHistoryPoint *p, TdbgLogdir *logdir, guint32 trace)
{
  *p = (TdbgOpHistoryPoint) { .trace = trace, .mode = tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (logdir, trace)) };
  p->inf_nan_known = tdbg_logdir_get_trace_counts (logdir, trace, &p->neg_inf, &p->pos_inf, &p->nan);
  /* CURT_HEALTH keeps only this flag: the digest has it even when the record cannot be read. */
  p->bad = (tdbg_logdir_get_trace (logdir, trace)->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
}

static void
point_from_value (TdbgOpHistoryPoint *p, const TdbgValue *v)
{
  if (v->inf_nan_known)
    {
      p->inf_nan_known = TRUE;
      p->neg_inf = (double) v->counts.neg_inf;
      p->pos_inf = (double) v->counts.pos_inf;
      p->nan = (double) v->counts.nan;
    }
  if (v->counts_known)
    {
      p->signs_known = TRUE;
      p->neg = (double) v->counts.neg;
      p->zero = (double) v->counts.zero;
      p->pos = (double) v->counts.pos;
    }
  p->bad |= v->any_inf_nan;
  if (v->mode == TDBG_MODE_FULL_TENSOR && v->decoded && !v->empty)
    p->magnitude_known = tdbg_op_history_magnitudes (&v->tensor, &p->min_abs, &p->max_abs, &p->mean_abs);
}

static void
decode_point (TdbgLogdir *logdir, TdbgOpHistoryPoint *p)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, p->trace, NULL);
  TdbgValue value;

  if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      tdbg_value_init (&value, p->mode, event->graph_execution_trace->tensor_proto);
      point_from_value (p, &value);
      tdbg_value_clear (&value);
    }
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
}

/* The traces of the series, thinned evenly to @max_points, keeping the first NaN/∞ one. */
static GArray *
find_traces (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint32));
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (guint32));
  const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
  guint32 first_bad = o->first_inf_nan_trace;
  guint32 n = tdbg_logdir_get_n_traces (logdir);
  const TdbgTraceDigest *digests = n > 0 ? tdbg_logdir_get_trace (logdir, 0) : NULL;

  /* One pass over the digests, on this worker, rather than every op's traces listed for good
   * (four bytes a trace, an eighth of the window's memory): a history is one op's at a time. */
  for (guint32 t = o->first_trace == TDBG_NONE ? n : o->first_trace; t < n; t++)
    if (tdbg_trace_digest_get_op (&digests[t]) == op && digests[t].output_slot == output_slot)
      g_array_append_val (all, t);
  max_points = MAX (max_points, 2);
  for (guint i = 0; i < all->len; i++)
    {
      guint32 t = g_array_index (all, guint32, i);
      /* Point i is kept when it starts a new bucket of the thinned series. */
      gboolean keep = all->len <= max_points || (guint64) i * max_points / all->len !=
                      (i == 0 ? G_MAXUINT64 : (guint64) (i - 1) * max_points / all->len);
      if (keep || t == first_bad)
        g_array_append_val (kept, t);
    }
  return kept;
}

static GArray *
collect (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points, GCancellable *cancellable)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (TdbgOpHistoryPoint));
  g_autoptr(GArray) traces = NULL;

  g_return_val_if_fail (TDBG_IS_LOGDIR (logdir), points);
  if (op >= tdbg_logdir_get_n_ops (logdir))
    return points;
  traces = find_traces (logdir, op, output_slot, max_points);
  g_array_set_size (points, traces->len);
  for (guint i = 0; i < traces->len; i++)
    {
      TdbgOpHistoryPoint *p = &g_array_index (points, TdbgOpHistoryPoint, i);
      if (g_cancellable_is_cancelled (cancellable))
        break;
      guint32 t = g_array_index (traces, guint32, i);
      point_from_digest (p, logdir, t);
      decode_point (logdir, p);
      p->bad |= p->inf_nan_known && (p->neg_inf != 0 || p->pos_inf != 0 || p->nan != 0);
    }
  return points;
}

GArray *
tdbg_op_history_collect (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points)
{
  return collect (logdir, op, output_slot, max_points, NULL);
}

typedef struct {
  guint32 op;
  guint output_slot;
  guint max_points;
} CollectJob;

static void
collect_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  TdbgLogdir *logdir = source;
  CollectJob *job = data;
  GArray *points;

  tdbg_logdir_read_lock (logdir);
  points = collect (logdir, job->op, job->output_slot, job->max_points, cancellable);
  tdbg_logdir_read_unlock (logdir);
  if (g_task_return_error_if_cancelled (task))
    g_array_unref (points);
  else
    g_task_return_pointer (task, points, (GDestroyNotify) g_array_unref);
}

void
tdbg_op_history_collect_async (TdbgLogdir *logdir, guint32 op, guint output_slot, guint max_points,
                               GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  CollectJob *job;

  g_return_if_fail (TDBG_IS_LOGDIR (logdir));
  task = g_task_new (logdir, cancellable, callback, user_data);
  g_task_set_source_tag (task, tdbg_op_history_collect_async);
  job = g_new (CollectJob, 1);
  *job = (CollectJob) { op, output_slot, max_points };
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, collect_in_thread);
}

GArray *
tdbg_op_history_collect_finish (TdbgLogdir *logdir, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, logdir), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gint
tdbg_op_history_first_inf_nan (GArray *points)
{
  for (guint i = 0; i < points->len; i++)
    {
      if (g_array_index (points, TdbgOpHistoryPoint, i).bad)
        return (gint) i;
    }
  return -1;
}

const TdbgOpHistoryPoint *
tdbg_op_history_find_uncounted (GArray *points)
{
  for (guint i = 0; i < points->len; i++)
    {
      const TdbgOpHistoryPoint *p = &g_array_index (points, TdbgOpHistoryPoint, i);
      if (p->mode == TDBG_MODE_CURT_HEALTH && !p->inf_nan_known)
        return p;
    }
  return NULL;
}

char *
tdbg_op_history_describe (GArray *points, const char *tensor_name)
{
  gint bad = tdbg_op_history_first_inf_nan (points);
  g_autofree char *over = NULL;

  /* Translators: a tensor's name ("Log:0") and how many times its op ran */
  over = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s over %u step", "%s over %u steps", points->len),
                          tensor_name, points->len);
  if (bad >= 0)
    /* Translators: "Log:0 over 7 steps", then the 1-based step of the first NaN/∞ */
    return g_strdup_printf (_("%s: first NaN/∞ at step %d"), over, bad + 1);
  /* Translators: "Log:0 over 7 steps" */
  return g_strdup_printf (_("%s: no NaN/∞"), over);
}
