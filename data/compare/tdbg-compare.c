/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pairing the traces of two runs and comparing every pair: the keys and occurrence numbers
 * from the index alone (a pass over the digests), then the values of the pairs read and
 * compared in stretches of run A on every core, and the stretches' findings joined in order. */
#include "tdbg-compare-private.h"

#include <math.h>
#include <string.h>

#define TWIN_MISSING (TDBG_NONE - 1)
#define MIN_STRETCH 4096

const char *
tdbg_divergence_kind_code (TdbgDivergenceKind kind)
{
  static const char *const codes[] = { NULL, "values", "health", "dtype", "shape", "missing", "mode", "outputs" };
  return (guint) kind < G_N_ELEMENTS (codes) ? codes[kind] : NULL;
}

void
tdbg_compare_options_init (TdbgCompareOptions *options)
{
  options->rtol = TDBG_COMPARE_DEFAULT_RTOL;
  options->atol = TDBG_COMPARE_DEFAULT_ATOL;
  options->b_growing = FALSE;
}

void
tdbg_comparison_free (TdbgComparison *c)
{
  g_clear_object (&c->a);
  g_clear_object (&c->b);
  g_clear_pointer (&c->keys, g_ptr_array_unref);
  g_clear_pointer (&c->only_in_a, g_ptr_array_unref);
  g_clear_pointer (&c->only_in_b, g_ptr_array_unref);
  g_clear_pointer (&c->ops, g_array_unref);
  g_free (c->twins);
  g_free (c->errors);
  g_free (c->divergences);
  g_free (c);
}

/* ---- pairing ---------------------------------------------------------------------------- */

typedef struct {
  guint32 *keys_a;     /* per A trace */
  guint32 *count_b;    /* per key: occurrences in B */
  guint32 *count_a;
  guint n_keys;
} Pairing;

static guint32 *
trace_keys (TdbgLogdir *logdir, TdbgKeyMap *map)
{
  guint n = tdbg_logdir_get_n_traces (logdir);
  guint32 *keys = g_new (guint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      keys[i] = _tdbg_key_map_get (map, tdbg_trace_digest_get_op (d), d->output_slot);
    }
  return keys;
}

static guint32 *
count_keys (const guint32 *keys, guint n, guint n_keys)
{
  guint32 *count = g_new0 (guint32, MAX (n_keys, 1));
  for (guint i = 0; i < n; i++)
    if (keys[i] != TDBG_NONE)
      count[keys[i]]++;
  return count;
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Keys that occur in one run only, sorted. */
static GPtrArray *
only_in (GPtrArray *keys, const guint32 *count, const guint32 *other, guint n_keys)
{
  GPtrArray *only = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < n_keys; k++)
    if (count[k] > 0 && other[k] == 0)
      g_ptr_array_add (only, g_strdup (g_ptr_array_index (keys, k)));
  g_ptr_array_sort (only, compare_strings);
  return only;
}

/* The twin of every A trace: the B trace of the same key and occurrence number. */
static void
pair_traces (TdbgComparison *c, GHashTable *names, Pairing *p)
{
  g_autoptr(TdbgKeyMap) map_a = _tdbg_key_map_new (c->a, names, c->keys);
  g_autoptr(TdbgKeyMap) map_b = _tdbg_key_map_new (c->b, names, c->keys);
  guint n_a = tdbg_logdir_get_n_traces (c->a), n_b = tdbg_logdir_get_n_traces (c->b);
  g_autofree guint32 *keys_b = trace_keys (c->b, map_b);
  g_autofree guint32 *start = NULL, *seen = NULL, *list_b = NULL;

  p->keys_a = trace_keys (c->a, map_a);
  p->n_keys = c->keys->len;
  p->count_a = count_keys (p->keys_a, n_a, p->n_keys);
  p->count_b = count_keys (keys_b, n_b, p->n_keys);
  c->only_in_a = only_in (c->keys, p->count_a, p->count_b, p->n_keys);
  c->only_in_b = only_in (c->keys, p->count_b, p->count_a, p->n_keys);

  /* B's traces grouped by key, each group in trace order: occurrence k is start[key] + k. */
  start = g_new0 (guint32, p->n_keys + 1);
  for (guint k = 0; k < p->n_keys; k++)
    start[k + 1] = start[k] + p->count_b[k];
  seen = g_new0 (guint32, MAX (p->n_keys, 1));
  list_b = g_new (guint32, MAX (n_b, 1));
  for (guint i = 0; i < n_b; i++)
    if (keys_b[i] != TDBG_NONE)
      list_b[start[keys_b[i]] + seen[keys_b[i]]++] = i;
  memset (seen, 0, sizeof (guint32) * MAX (p->n_keys, 1));
  c->twins = g_new (guint32, MAX (n_a, 1));
  for (guint i = 0; i < n_a; i++)
    {
      guint32 key = p->keys_a[i], k;
      if (key == TDBG_NONE || p->count_b[key] == 0)
        {
          c->twins[i] = TDBG_NONE;
          continue;
        }
      k = seen[key]++;
      if (k < p->count_b[key])
        c->twins[i] = list_b[start[key] + k];
      else if (c->options.b_growing)
        {
          c->twins[i] = TDBG_NONE;
          c->awaiting++;
        }
      else
        c->twins[i] = TWIN_MISSING;
    }
}

/* ---- comparing a stretch of run A ------------------------------------------------------- */

typedef struct {
  TdbgComparison *c;
  const Pairing *p;
  guint from, to;
  GCancellable *cancellable;
  /* Findings */
  TdbgDivergence first;
  guint64 compared_before_first; /* up to and including the first divergence */
  guint64 compared, diverging;
  TdbgOpError *ops;              /* per key; compared == 0 when untouched */
  GError *error;
} Stretch;

static void
record_pair (Stretch *s, guint32 i, guint32 key, guint mode, TdbgDivergenceKind kind, const TdbgErrorSums *sums)
{
  TdbgComparison *c = s->c;
  TdbgOpError *op = &s->ops[key];
  double diff = sums->max_abs;

  if (op->compared == 0)
    {
      const TdbgTraceDigest *da = tdbg_logdir_get_trace (c->a, i);
      op->key = key;
      op->op_a = tdbg_trace_digest_get_op (da);
      op->op_b = c->twins[i] < TWIN_MISSING ? tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->b, c->twins[i])) : TDBG_NONE;
      op->output_slot = da->output_slot;
      op->mode = mode;
      op->first_trace = i;
      op->first_diverging = TDBG_NONE;
    }
  op->compared++;
  tdbg_error_sums_add (&op->sums, sums);
  s->compared++;
  if (s->first.kind == TDBG_DIVERGENCE_NONE)
    s->compared_before_first++;
  c->errors[i] = kind != TDBG_DIVERGENCE_NONE && diff == 0 ? -1 : (float) diff;
  c->divergences[i] = (guint8) kind;
  if (kind == TDBG_DIVERGENCE_NONE)
    return;
  op->diverging++;
  s->diverging++;
  if (op->first_diverging == TDBG_NONE)
    op->first_diverging = i;
  if (s->first.kind == TDBG_DIVERGENCE_NONE)
    s->first = (TdbgDivergence) { kind, i, c->twins[i] < TWIN_MISSING ? c->twins[i] : TDBG_NONE, 0,
                                  diff > 0 ? diff : NAN };
}

/* The values of both records unpacked and compared: every kind of value. */
static gboolean
compare_unpacked (TdbgComparison *c, guint mode_a, const guint8 *ra, gsize la, guint mode_b, const guint8 *rb,
                  gsize lb, TdbgErrorSums *sums, TdbgDivergenceKind *kind)
{
  Tensorflow__DebugEvent *ea = tensorflow__debug_event__unpack (NULL, la, ra);
  Tensorflow__DebugEvent *eb = ea ? tensorflow__debug_event__unpack (NULL, lb, rb) : NULL;

  if (eb != NULL)
    *kind = _tdbg_compare_values (mode_a, ea->graph_execution_trace ? ea->graph_execution_trace->tensor_proto : NULL,
                                  mode_b, eb->graph_execution_trace ? eb->graph_execution_trace->tensor_proto : NULL,
                                  &c->options, sums);
  if (ea)
    tensorflow__debug_event__free_unpacked (ea, NULL);
  if (eb)
    tensorflow__debug_event__free_unpacked (eb, NULL);
  return eb != NULL;
}

static gboolean
compare_pair (Stretch *s, TdbgRecordReader *ra, TdbgRecordReader *rb, guint32 i, GError **error)
{
  TdbgComparison *c = s->c;
  const TdbgTraceDigest *da = tdbg_logdir_get_trace (c->a, i), *db;
  const guint8 *record_a, *record_b;
  gsize length_a, length_b;
  TdbgRawTensor ta, tb;
  TdbgErrorSums sums = { 0 };
  TdbgDivergenceKind kind = TDBG_DIVERGENCE_NONE;
  guint mode_a, mode_b;

  mode_a = tdbg_trace_digest_get_mode (da);
  if (c->twins[i] == TWIN_MISSING)
    {
      record_pair (s, i, s->p->keys_a[i], mode_a, TDBG_DIVERGENCE_MISSING, &sums);
      return TRUE;
    }
  db = tdbg_logdir_get_trace (c->b, c->twins[i]);
  mode_b = tdbg_trace_digest_get_mode (db);
  record_a = _tdbg_record_reader_get (ra, tdbg_trace_digest_get_file_set (da), tdbg_trace_digest_get_offset (da),
                                      &length_a, error);
  record_b = record_a ? _tdbg_record_reader_get (rb, tdbg_trace_digest_get_file_set (db),
                                                 tdbg_trace_digest_get_offset (db), &length_b, error)
                      : NULL;
  if (record_b == NULL)
    return FALSE;
  /* Most pairs: plain values read where they lie; the rest unpacked. */
  if (mode_a != mode_b)
    kind = TDBG_DIVERGENCE_MODE;
  else if (!(_tdbg_raw_trace_tensor (record_a, length_a, &ta) && _tdbg_raw_trace_tensor (record_b, length_b, &tb) &&
             _tdbg_compare_raw (mode_a, &ta, &tb, &c->options, &sums, &kind)) &&
           !compare_unpacked (c, mode_a, record_a, length_a, mode_b, record_b, length_b, &sums, &kind))
    return _tdbg_record_reader_set_unreadable (ra, tdbg_trace_digest_get_file_set (da),
                                               tdbg_trace_digest_get_offset (da), error);
  record_pair (s, i, s->p->keys_a[i], mode_a, kind, &sums);
  return TRUE;
}

static gpointer
compare_stretch (gpointer data)
{
  Stretch *s = data;
  g_autoptr(TdbgRecordReader) ra = _tdbg_record_reader_new (s->c->a, TDBG_FILE_GRAPH_EXECUTION_TRACES);
  g_autoptr(TdbgRecordReader) rb = _tdbg_record_reader_new (s->c->b, TDBG_FILE_GRAPH_EXECUTION_TRACES);

  for (guint i = s->from; i < s->to; i++)
    {
      if (s->c->twins[i] == TDBG_NONE)
        continue;
      if ((i & 1023) == 0 && g_cancellable_set_error_if_cancelled (s->cancellable, &s->error))
        break;
      if (!compare_pair (s, ra, rb, i, &s->error))
        break;
    }
  return NULL;
}

/* ---- joining the stretches -------------------------------------------------------------- */

static void
join_op (TdbgOpError *into, const TdbgOpError *op)
{
  if (op->compared == 0)
    return;
  if (into->compared == 0)
    {
      *into = *op;
      return;
    }
  into->compared += op->compared;
  into->diverging += op->diverging;
  if (into->first_diverging == TDBG_NONE)
    into->first_diverging = op->first_diverging;
  tdbg_error_sums_add (&into->sums, &op->sums);
}

static gint
by_first_trace (gconstpointer a, gconstpointer b)
{
  const TdbgOpError *x = a, *y = b;
  return (x->first_trace > y->first_trace) - (x->first_trace < y->first_trace);
}

static gboolean
join (TdbgComparison *c, Stretch *stretches, guint n, guint n_keys, GError **error)
{
  g_autofree TdbgOpError *ops = g_new0 (TdbgOpError, MAX (n_keys, 1));

  for (guint t = 0; t < n; t++)
    {
      Stretch *s = &stretches[t];
      if (s->error)
        {
          g_propagate_error (error, g_steal_pointer (&s->error));
          return FALSE;
        }
      if (c->first.kind == TDBG_DIVERGENCE_NONE)
        {
          c->compared_traces += s->compared_before_first;
          if (s->first.kind != TDBG_DIVERGENCE_NONE)
            c->first = s->first;
        }
      c->compared_all += s->compared;
      c->diverging_traces += s->diverging;
      for (guint k = 0; k < n_keys; k++)
        join_op (&ops[k], &s->ops[k]);
    }
  for (guint k = 0; k < n_keys; k++)
    if (ops[k].compared > 0)
      g_array_append_val (c->ops, ops[k]);
  g_array_sort (c->ops, by_first_trace);
  return TRUE;
}

static gboolean
compare_all (TdbgComparison *c, const Pairing *p, GCancellable *cancellable, GError **error)
{
  guint n_a = tdbg_logdir_get_n_traces (c->a);
  guint n_threads = CLAMP (n_a / MIN_STRETCH, 1, (guint) CLAMP (g_get_num_processors (), 1, 16));
  g_autofree Stretch *stretches = g_new0 (Stretch, n_threads);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  gboolean ok;

  for (guint t = 0; t < n_threads; t++)
    {
      Stretch *s = &stretches[t];
      s->c = c;
      s->p = p;
      s->from = (guint) ((guint64) n_a * t / n_threads);
      s->to = (guint) ((guint64) n_a * (t + 1) / n_threads);
      s->cancellable = cancellable;
      s->first.kind = TDBG_DIVERGENCE_NONE;
      s->ops = g_new0 (TdbgOpError, MAX (p->n_keys, 1));
      threads[t] = t > 0 ? g_thread_new ("tdbg-compare", compare_stretch, s) : NULL;
    }
  compare_stretch (&stretches[0]);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  ok = join (c, stretches, n_threads, p->n_keys, error);
  for (guint t = 0; t < n_threads; t++)
    {
      g_free (stretches[t].ops);
      g_clear_error (&stretches[t].error);
    }
  return ok;
}

/* ---- the step ----------------------------------------------------------------------------- */

static guint32
outermost_graph (TdbgLogdir *logdir, guint32 graph)
{
  guint n = tdbg_logdir_get_n_graphs (logdir);
  for (guint depth = 0; graph < n && depth <= n; depth++)
    {
      guint32 outer = tdbg_logdir_get_graph (logdir, graph)->outer;
      if (outer == TDBG_NONE)
        return graph;
      graph = outer;
    }
  return TDBG_NONE;
}

/* The call of the outermost function that ran trace @trace of run A. A call's execution is
 * written when it returns, after the traces of its graphs: the first call at or after it. */
static void
find_step (TdbgComparison *c, guint32 trace)
{
  const TdbgOp *op = tdbg_logdir_get_op (c->a, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->a, trace)));
  guint32 outer = outermost_graph (c->a, op->graph);
  double wall_time = tdbg_logdir_get_trace_wall_time (c->a, trace);
  guint n = tdbg_logdir_get_n_executions (c->a), calls = 0;

  c->diverging_step = -1;
  c->step_execution = TDBG_NONE;
  if (outer == TDBG_NONE)
    return;
  for (guint i = 0; i < n; i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (c->a, i);
      if (e->graph == TDBG_NONE || outermost_graph (c->a, e->graph) != outer)
        continue;
      if (e->wall_time >= wall_time)
        {
          c->diverging_step = calls;
          c->step_execution = i;
          return;
        }
      calls++;
    }
}

/* ---- the whole comparison --------------------------------------------------------------- */

typedef struct {
  TdbgComparison *c;
  GHashTable *names;
  GCancellable *cancellable;
  gboolean ok;
  GError *error;
} ExecutionsJob;

/* The eager executions are compared beside the traces: they touch only their own fields of
 * the comparison (and its keys, which the traces' stretches no longer read). */
static gpointer
compare_executions (gpointer data)
{
  ExecutionsJob *job = data;

  job->ok = _tdbg_compare_executions (job->c, job->names, job->cancellable, &job->error);
  return NULL;
}

TdbgComparison *
tdbg_comparison_new (TdbgLogdir *a, TdbgLogdir *b, const TdbgCompareOptions *options, GCancellable *cancellable,
                     GError **error)
{
  g_autoptr(TdbgComparison) c = g_new0 (TdbgComparison, 1);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  Pairing p = { 0 };
  ExecutionsJob job = { c, names, cancellable, FALSE, NULL };
  GThread *executions;
  gboolean ok;
  guint n_a;

  c->a = g_object_ref (a);
  c->b = g_object_ref (b);
  if (options)
    c->options = *options;
  else
    tdbg_compare_options_init (&c->options);
  c->keys = g_ptr_array_new_with_free_func (g_free);
  c->ops = g_array_new (FALSE, TRUE, sizeof (TdbgOpError));
  c->first.kind = c->first_execution.kind = TDBG_DIVERGENCE_NONE;
  c->first.a = c->first.b = c->first_execution.a = c->first_execution.b = TDBG_NONE;
  c->diverging_step = -1;
  c->step_execution = TDBG_NONE;

  tdbg_logdir_read_lock (a);
  if (b != a)
    tdbg_logdir_read_lock (b);
  n_a = tdbg_logdir_get_n_traces (a);
  c->n_a = n_a;
  c->n_b = tdbg_logdir_get_n_traces (b);
  pair_traces (c, names, &p);
  c->errors = g_new (float, MAX (n_a, 1));
  for (guint i = 0; i < n_a; i++)
    c->errors[i] = NAN;
  c->divergences = g_new0 (guint8, MAX (n_a, 1));
  executions = g_thread_new ("tdbg-compare-exec", compare_executions, &job);
  ok = compare_all (c, &p, cancellable, error);
  g_thread_join (executions);
  if (ok && !job.ok)
    g_propagate_error (error, g_steal_pointer (&job.error));
  g_clear_error (&job.error);
  ok = ok && job.ok;
  for (guint i = 0; ok && i < n_a; i++)
    if (c->twins[i] == TWIN_MISSING)
      c->twins[i] = TDBG_NONE;
  if (ok && c->first.kind != TDBG_DIVERGENCE_NONE)
    find_step (c, c->first.a);
  if (b != a)
    tdbg_logdir_read_unlock (b);
  tdbg_logdir_read_unlock (a);
  g_free (p.keys_a);
  g_free (p.count_a);
  g_free (p.count_b);
  return ok ? g_steal_pointer (&c) : NULL;
}

static gint
by_worst (gconstpointer x, gconstpointer y, gpointer data)
{
  GArray *ops = data;
  const TdbgOpError *a = &g_array_index (ops, TdbgOpError, *(const guint *) x);
  const TdbgOpError *b = &g_array_index (ops, TdbgOpError, *(const guint *) y);
  double ra = a->sums.max_rel, rb = b->sums.max_rel;

  if (ra != rb)
    return ra < rb ? 1 : -1;
  if (a->sums.max_abs != b->sums.max_abs)
    return a->sums.max_abs < b->sums.max_abs ? 1 : -1;
  return (a->first_trace > b->first_trace) - (a->first_trace < b->first_trace);
}

GArray *
tdbg_comparison_worst_ops (TdbgComparison *c, guint max)
{
  GArray *worst = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < c->ops->len; i++)
    if (g_array_index (c->ops, TdbgOpError, i).diverging > 0)
      g_array_append_val (worst, i);
  g_array_sort_with_data (worst, by_worst, c->ops);
  if (worst->len > max)
    g_array_set_size (worst, max);
  return worst;
}

static TdbgAlert
divergence_alert (TdbgComparison *c, guint32 trace, double max_abs_diff)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (c->a, trace);
  TdbgAlert alert = { TDBG_ALERT_DIVERGENCE, trace, TDBG_NONE, d->output_slot, NAN, NAN, NAN, NAN, 0, 0 };

  alert.op = tdbg_trace_digest_get_op (d);
  alert.magnitude = max_abs_diff > 0 ? max_abs_diff : NAN;
  alert.wall_time = tdbg_logdir_get_trace_wall_time (c->a, trace);
  return alert;
}

GArray *
tdbg_comparison_alerts (TdbgComparison *c, guint max_ops)
{
  GArray *alerts = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
  g_autoptr(GArray) worst = NULL;
  TdbgAlert alert;

  if (c->first.kind == TDBG_DIVERGENCE_NONE || c->first.a == TDBG_NONE)
    return alerts;
  alert = divergence_alert (c, c->first.a, c->first.max_abs_diff);
  g_array_append_val (alerts, alert);
  worst = tdbg_comparison_worst_ops (c, max_ops + 1);
  for (guint i = 0; i < worst->len && alerts->len <= max_ops; i++)
    {
      const TdbgOpError *op = &g_array_index (c->ops, TdbgOpError, g_array_index (worst, guint, i));
      if (op->first_diverging == TDBG_NONE || op->first_diverging == c->first.a)
        continue;
      alert = divergence_alert (c, op->first_diverging, c->errors[op->first_diverging]);
      g_array_append_val (alerts, alert);
    }
  return alerts;
}
