/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-filter.h"

struct _TdbgTraceFilter {
  GObject parent_instance;

  TdbgLogdir *logdir;
  GRegex *regex;
  char *op_type;
  char *device;
  char *host;
  gboolean alerting_only;
  GBytes *wanted;       /* a byte per trace, not 0 for those let through; NULL for any */
  gint device_id;       /* the device's interned id, -1 until a trace names it */
  GArray *op_state;     /* guint8 per op: 0 not looked at yet, 1 matches, 2 does not */
  GArray *file_set_state; /* the same per file set, for the host */
  guint n_filtered;     /* traces 0..n_filtered-1 have been looked at */
  gboolean done;        /* the worker has finished: appended ranges are the caller's to filter */
};

G_DEFINE_FINAL_TYPE (TdbgTraceFilter, tdbg_trace_filter, G_TYPE_OBJECT)

static void
tdbg_trace_filter_finalize (GObject *object)
{
  TdbgTraceFilter *self = TDBG_TRACE_FILTER (object);

  g_clear_object (&self->logdir);
  g_clear_pointer (&self->regex, g_regex_unref);
  g_free (self->op_type);
  g_free (self->device);
  g_free (self->host);
  g_clear_pointer (&self->wanted, g_bytes_unref);
  g_clear_pointer (&self->file_set_state, g_array_unref);
  g_clear_pointer (&self->op_state, g_array_unref);
  G_OBJECT_CLASS (tdbg_trace_filter_parent_class)->finalize (object);
}

static void
tdbg_trace_filter_class_init (TdbgTraceFilterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_trace_filter_finalize;
}

static void
tdbg_trace_filter_init (TdbgTraceFilter *self)
{
  self->device_id = -1;
}

TdbgTraceFilter *
tdbg_trace_filter_new (TdbgLogdir *logdir, const char *regex, const char *op_type, const char *device,
                       gboolean alerting_only, GError **error)
{
  g_autoptr(TdbgTraceFilter) self = NULL;

  g_return_val_if_fail (TDBG_IS_LOGDIR (logdir), NULL);
  self = g_object_new (TDBG_TYPE_TRACE_FILTER, NULL);
  if (regex && *regex)
    {
      self->regex = g_regex_new (regex, G_REGEX_OPTIMIZE | G_REGEX_CASELESS, 0, error);
      if (self->regex == NULL)
        return NULL;
    }
  self->logdir = g_object_ref (logdir);
  self->op_type = g_strdup (op_type);
  self->device = g_strdup (device);
  self->alerting_only = alerting_only;
  self->op_state = g_array_sized_new (FALSE, TRUE, sizeof (guint8), tdbg_logdir_get_n_ops (logdir));
  self->file_set_state = g_array_new (FALSE, TRUE, sizeof (guint8));
  return g_steal_pointer (&self);
}

void
tdbg_trace_filter_set_host (TdbgTraceFilter *self, const char *host)
{
  g_return_if_fail (TDBG_IS_TRACE_FILTER (self));
  g_return_if_fail (self->n_filtered == 0);
  g_free (self->host);
  self->host = g_strdup (host);
}

void
tdbg_trace_filter_set_wanted (TdbgTraceFilter *self, GBytes *wanted)
{
  g_return_if_fail (TDBG_IS_TRACE_FILTER (self));
  g_return_if_fail (self->n_filtered == 0);
  g_clear_pointer (&self->wanted, g_bytes_unref);
  self->wanted = wanted ? g_bytes_ref (wanted) : NULL;
}

static gboolean
is_wanted (TdbgTraceFilter *self, guint trace)
{
  gsize n;
  const guint8 *flags;

  if (self->wanted == NULL)
    return TRUE;
  flags = g_bytes_get_data (self->wanted, &n);
  return trace < n && flags[trace] != 0;
}

const char *
tdbg_trace_filter_get_file_set_host (TdbgLogdir *logdir, guint file_set)
{
  const TdbgFileSet *fs = file_set < tdbg_logdir_get_n_file_sets (logdir) ? tdbg_logdir_get_file_set (logdir, file_set)
                                                                          : NULL;
  return fs && fs->host_name ? fs->host_name : "";
}

/* Hosts are compared once per file set (a followed logdir may gain file sets). */
static gboolean
host_matches (TdbgTraceFilter *self, guint file_set)
{
  guint8 *state;

  if (self->host == NULL)
    return TRUE;
  if (self->file_set_state->len <= file_set)
    g_array_set_size (self->file_set_state, file_set + 1);
  state = &g_array_index (self->file_set_state, guint8, file_set);
  if (*state == 0)
    *state = g_str_equal (tdbg_trace_filter_get_file_set_host (self->logdir, file_set), self->host) ? 1 : 2;
  return *state == 1;
}

/* Op names and types are looked at once per op, not once per trace. */
static gboolean
op_matches (TdbgTraceFilter *self, guint32 op)
{
  guint n_ops = tdbg_logdir_get_n_ops (self->logdir);
  guint8 *state;

  if (op >= n_ops)
    return FALSE;
  if (self->op_state->len < n_ops)
    g_array_set_size (self->op_state, n_ops);
  state = &g_array_index (self->op_state, guint8, op);
  if (*state == 0)
    {
      const TdbgOp *o = tdbg_logdir_get_op (self->logdir, op);
      gboolean ok = (self->regex == NULL || g_regex_match (self->regex, o->op_name, 0, NULL)) &&
                    (self->op_type == NULL || g_strcmp0 (self->op_type, o->op_type) == 0);
      *state = ok ? 1 : 2;
    }
  return *state == 1;
}

static gboolean
trace_matches (TdbgTraceFilter *self, const TdbgTraceDigest *d)
{
  if (!op_matches (self, tdbg_trace_digest_get_op (d)))
    return FALSE;
  if (self->alerting_only && !(d->flags & TDBG_DIGEST_HAS_INF_NAN))
    return FALSE;
  if (!host_matches (self, tdbg_trace_digest_get_file_set (d)))
    return FALSE;
  if (self->device)
    {
      if (self->device_id < 0 && g_strcmp0 (tdbg_logdir_get_string (self->logdir, d->device), self->device) == 0)
        self->device_id = d->device;
      if (d->device != self->device_id)
        return FALSE;
    }
  return TRUE;
}

GArray *
tdbg_trace_filter_more (TdbgTraceFilter *self, GCancellable *cancellable)
{
  guint n = tdbg_logdir_get_n_traces (self->logdir);
  GArray *indices = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = self->n_filtered; i < n; i++)
    {
      if ((i & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))
        break;
      if (is_wanted (self, i) && trace_matches (self, tdbg_logdir_get_trace (self->logdir, i)))
        g_array_append_val (indices, i);
    }
  self->n_filtered = n;
  return indices;
}

/* A followed logdir grows on the main thread: the worker holds the read lock meanwhile. */
static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  TdbgTraceFilter *self = source;
  GArray *indices;

  tdbg_logdir_read_lock (self->logdir);
  indices = tdbg_trace_filter_more (self, cancellable);
  tdbg_logdir_read_unlock (self->logdir);
  if (g_task_return_error_if_cancelled (task))
    g_array_unref (indices);
  else
    g_task_return_pointer (task, indices, (GDestroyNotify) g_array_unref);
}

void
tdbg_trace_filter_run_async (TdbgTraceFilter *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (TDBG_IS_TRACE_FILTER (self));
  g_task_set_source_tag (task, tdbg_trace_filter_run_async);
  g_task_run_in_thread (task, run_thread);
}

GArray *
tdbg_trace_filter_run_finish (TdbgTraceFilter *self, GAsyncResult *result, GError **error)
{
  GArray *indices;
  g_autoptr(GArray) appended = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  indices = g_task_propagate_pointer (G_TASK (result), error);
  if (indices == NULL)
    return NULL;
  self->done = TRUE;
  appended = tdbg_trace_filter_more (self, NULL);
  g_array_append_vals (indices, appended->data, appended->len);
  return indices;
}

gboolean
tdbg_trace_filter_is_done (TdbgTraceFilter *self)
{
  return self->done;
}

void
tdbg_trace_filter_collect_op_types (TdbgLogdir *logdir, GHashTable *set)
{
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      if (op->op_type && op->first_trace != TDBG_NONE)
        g_hash_table_add (set, op->op_type);
    }
}

/* From the places the load noted (a few): no pass over the traces. */
void
tdbg_trace_filter_collect_devices (TdbgLogdir *logdir, GHashTable *set)
{
  guint n;
  const TdbgTracePlace *places = tdbg_logdir_get_trace_places (logdir, &n);

  for (guint i = 0; i < n; i++)
    {
      const char *name = tdbg_logdir_get_string (logdir, places[i].device);
      if (name && *name)
        g_hash_table_add (set, (gpointer) name);
    }
}

const char *
tdbg_trace_filter_get_host (TdbgLogdir *logdir, guint trace)
{
  if (trace >= tdbg_logdir_get_n_traces (logdir))
    return "";
  return tdbg_trace_filter_get_file_set_host (logdir, tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, trace)));
}

void
tdbg_trace_filter_collect_hosts (TdbgLogdir *logdir, GHashTable *set)
{
  guint n;
  const TdbgTracePlace *places = tdbg_logdir_get_trace_places (logdir, &n);

  for (guint i = 0; i < n; i++)
    {
      const char *host = tdbg_trace_filter_get_file_set_host (logdir, places[i].file_set);
      if (*host)
        g_hash_table_add (set, (gpointer) host);
    }
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
tdbg_trace_filter_sorted_names (GHashTable *set)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, compare_strings);
  return keys;
}
