/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-logdir-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"
#include "tdbg-local-source.h"
#include "tdbg-records.h"

G_DEFINE_FINAL_TYPE (TdbgLogdir, tdbg_logdir, G_TYPE_OBJECT)

const char *
tdbg_debug_mode_name (guint mode)
{
  static const char *const names[] = {
    "UNSPECIFIED", "NO_TENSOR", "CURT_HEALTH", "CONCISE_HEALTH", "FULL_HEALTH",
    "SHAPE", "FULL_NUMERICS", "FULL_TENSOR", "REDUCE_INF_NAN_THREE_SLOTS",
  };
  return mode < G_N_ELEMENTS (names) ? names[mode] : "UNKNOWN";
}

gboolean
tdbg_debug_modes_tell_nonfinite (guint modes)
{
  const guint telling = (1u << TDBG_MODE_CURT_HEALTH) | (1u << TDBG_MODE_CONCISE_HEALTH) |
                        (1u << TDBG_MODE_FULL_HEALTH) | (1u << TDBG_MODE_FULL_TENSOR) |
                        (1u << TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS);

  return modes == 0 || (modes & telling) != 0;
}

char *
tdbg_debug_modes_names (guint modes)
{
  GString *names = g_string_new (NULL);

  for (guint m = 0; m < 32; m++)
    if (modes & (1u << m))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", tdbg_debug_mode_name (m));
  return g_string_free (names, FALSE);
}

guint
tdbg_input_name_slot (const char *input_name)
{
  const char *colon = strrchr (input_name, ':');
  return colon ? (guint) g_ascii_strtoull (colon + 1, NULL, 10) : 0;
}

const char *
tdbg_file_kind_suffix (TdbgFileKind kind)
{
  static const char *const suffixes[] = {
    "metadata", "source_files", "stack_frames", "graphs", "execution", "graph_execution_traces",
  };
  return kind < G_N_ELEMENTS (suffixes) ? suffixes[kind] : "unknown";
}

/* ---- small helpers ---------------------------------------------------------------- */

guint
tdbg_op_key_hash (gconstpointer key)
{
  const TdbgOpKey *k = key;
  guint32 h = 2166136261u ^ (k->tag * 0x9E3779B1u);
  for (guint32 i = 0; i < k->length; i++)
    h = (h ^ (guint8) k->data[i]) * 16777619u;
  return h;
}

gboolean
tdbg_op_key_equal (gconstpointer a, gconstpointer b)
{
  const TdbgOpKey *x = a, *y = b;
  return x->tag == y->tag && x->length == y->length && memcmp (x->data, y->data, x->length) == 0;
}

TdbgOpKey *
tdbg_op_key_new (guint32 tag, const char *data)
{
  TdbgOpKey *key = g_new (TdbgOpKey, 1);
  key->tag = tag;
  key->length = strlen (data);
  key->data = data; /* borrowed from the op or graph, which lives as long as the table */
  return key;
}

guint32
tdbg_logdir_intern (TdbgLogdir *self, const char *data, gsize length)
{
  g_autofree char *copy = g_strndup (data, length);
  gpointer found;
  guint32 id;

  g_mutex_lock (&self->string_lock);
  found = g_hash_table_lookup (self->string_ids, copy);
  if (found != NULL)
    id = GPOINTER_TO_UINT (found) - 1;
  else
    {
      id = self->strings->len;
      g_ptr_array_add (self->strings, g_strdup (copy));
      g_hash_table_insert (self->string_ids, g_ptr_array_index (self->strings, id), GUINT_TO_POINTER (id + 1));
    }
  g_mutex_unlock (&self->string_lock);
  return id;
}

const char *
tdbg_logdir_get_string (TdbgLogdir *self, guint32 id)
{
  const char *s = NULL;
  g_mutex_lock (&self->string_lock);
  if (id < self->strings->len)
    s = g_ptr_array_index (self->strings, id);
  g_mutex_unlock (&self->string_lock);
  return s;
}

guint32
tdbg_logdir_lookup_graph_bytes (TdbgLogdir *self, const char *data, gsize length)
{
  TdbgOpKey key = { 0, length, data };
  gpointer found = g_hash_table_lookup (self->graph_index, &key);
  return found ? GPOINTER_TO_UINT (found) - 1 : TDBG_NONE;
}

guint32
tdbg_logdir_lookup_op_bytes (TdbgLogdir *self, guint32 graph, const char *data, gsize length)
{
  TdbgOpKey key = { graph, length, data };
  gpointer found = g_hash_table_lookup (self->op_index, &key);
  return found ? GPOINTER_TO_UINT (found) - 1 : TDBG_NONE;
}

static void
op_free (TdbgOp *op)
{
  g_free (op->op_name);
  g_free (op->op_type);
  g_strfreev (op->input_names);
  g_free (op->input_ops);
  g_free (op->output_tensor_ids);
  g_strfreev (op->stack_frame_ids);
  g_free (op->host_name);
  g_array_unref (op->consumers);
  g_free (op);
}

static TdbgOp *
op_new (guint32 graph, const char *name, gsize length)
{
  TdbgOp *op = g_new0 (TdbgOp, 1);
  op->graph = graph;
  op->op_name = g_strndup (name, length);
  op->input_names = g_new0 (char *, 1);
  op->stack_frame_ids = g_new0 (char *, 1);
  op->consumers = g_array_new (FALSE, FALSE, sizeof (TdbgConsumer));
  op->first_trace = TDBG_NONE;
  op->first_inf_nan_trace = TDBG_NONE;
  op->earliest_trace_time = INFINITY;
  op->record_offset = G_MAXUINT64;
  return op;
}

guint32
tdbg_logdir_add_op (TdbgLogdir *self, guint32 graph, const char *name, gsize length)
{
  guint32 index = tdbg_logdir_lookup_op_bytes (self, graph, name, length);
  if (index != TDBG_NONE)
    return index;
  if (self->ops->len >= TDBG_TRACE_MAX_OPS)
    {
      self->too_many_ops = TRUE;
      return TDBG_NONE;
    }
  TdbgOp *op = op_new (graph, name, length);
  index = self->ops->len;
  g_ptr_array_add (self->ops, op);
  g_hash_table_insert (self->op_index, tdbg_op_key_new (graph, op->op_name), GUINT_TO_POINTER (index + 1));
  return index;
}

static char *
problem_key (const char *file_name, guint64 offset)
{
  return g_strdup_printf ("%s@%" PRIu64, file_name, offset);
}

/* The problem added, or NULL when one was reported at that place already. */
static TdbgProblem *
add_problem (TdbgLogdir *self, const char *file_name, guint64 offset, const char *message)
{
  g_autofree char *key = problem_key (file_name, offset);
  TdbgProblem *problem;

  if (g_hash_table_contains (self->problem_keys, key))
    return NULL;
  g_hash_table_add (self->problem_keys, g_steal_pointer (&key));
  problem = tdbg_problem_new (file_name, offset, message);
  g_ptr_array_add (self->problems, problem);
  self->n_problems_added++;
  return problem;
}

void
tdbg_logdir_add_problem (TdbgLogdir *self, const char *file_name, guint64 offset, const char *message)
{
  add_problem (self, file_name, offset, message);
}

void
tdbg_logdir_add_read_failure (TdbgLogdir *self, const char *file_name, guint64 offset, const char *message)
{
  TdbgProblem *problem = add_problem (self, file_name, offset, message);

  if (problem)
    g_hash_table_add (self->read_failures, problem);
}

/* @file_name was read after all: what failed before (a lost connection, say) is no longer true. */
void
tdbg_logdir_withdraw_read_failures (TdbgLogdir *self, const char *file_name)
{
  if (g_hash_table_size (self->read_failures) == 0)
    return;
  for (guint i = self->problems->len; i-- > 0;)
    {
      TdbgProblem *p = g_ptr_array_index (self->problems, i);
      g_autofree char *key = NULL;

      if (strcmp (p->file_name, file_name) != 0 || !g_hash_table_remove (self->read_failures, p))
        continue;
      key = problem_key (p->file_name, p->byte_offset);
      g_hash_table_remove (self->problem_keys, key);
      g_ptr_array_remove_index (self->problems, i);
    }
}

void
tdbg_logdir_take_problems (TdbgLogdir *self, GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      TdbgProblem *p = g_ptr_array_index (problems, i);
      tdbg_logdir_add_problem (self, p->file_name, p->byte_offset, p->message);
    }
  g_ptr_array_set_size (problems, 0);
}

void
tdbg_logdir_add_progress (TdbgLogdir *self, guint64 bytes, guint64 records, guint64 alerts)
{
  g_mutex_lock (&self->progress_lock);
  self->progress_done += bytes;
  self->progress_records += records;
  self->progress_alerts += alerts;
  g_mutex_unlock (&self->progress_lock);
}

void
tdbg_logdir_get_progress (TdbgLogdir *self, guint64 *bytes_done, guint64 *bytes_total, guint64 *records)
{
  g_mutex_lock (&self->progress_lock);
  if (bytes_done)
    *bytes_done = self->progress_done;
  if (bytes_total)
    *bytes_total = self->progress_total;
  if (records)
    *records = self->progress_records;
  g_mutex_unlock (&self->progress_lock);
}

guint64
tdbg_logdir_get_progress_alerts (TdbgLogdir *self)
{
  guint64 alerts;

  g_mutex_lock (&self->progress_lock);
  alerts = self->progress_alerts;
  g_mutex_unlock (&self->progress_lock);
  return alerts;
}

/* ---- object ----------------------------------------------------------------------- */

void
tdbg_file_set_free (TdbgFileSet *fs)
{
  g_free (fs->file_prefix);
  g_free (fs->host_name);
  g_free (fs->tfdbg_run_id);
  g_free (fs->tensorflow_version);
  g_free (fs->file_version);
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    g_free (fs->files[k].file_name);
  g_free (fs);
}

static void
graph_free (TdbgGraph *graph)
{
  g_free (graph->graph_id);
  g_free (graph->graph_name);
  g_clear_pointer (&graph->original_graph_def, g_bytes_unref);
  g_free (graph);
}

static void
device_free (TdbgDevice *device)
{
  g_free (device->device_name);
  g_free (device->host_name);
  g_free (device);
}

static void
frame_free (TdbgStackFrame *frame)
{
  g_free (frame->id);
  g_free (frame->file_path);
  g_free (frame->func);
  g_free (frame);
}

static void
source_file_free (TdbgSourceFile *sf)
{
  g_free (sf->file_path);
  g_free (sf->host_name);
  g_free (sf->lines);   /* one block with the text (tdbg-logdir-load.c) */
  g_free (sf);
}

static void
tdbg_logdir_finalize (GObject *object)
{
  TdbgLogdir *self = TDBG_LOGDIR (object);

  g_clear_object (&self->source);
  g_ptr_array_unref (self->file_sets);
  g_ptr_array_unref (self->problems);
  g_hash_table_unref (self->problem_keys);
  g_hash_table_unref (self->read_failures);
  g_free (self->run_id);
  g_free (self->tensorflow_version);
  g_hash_table_unref (self->string_ids);
  g_ptr_array_unref (self->strings);
  g_mutex_clear (&self->string_lock);
  g_hash_table_unref (self->graph_index);
  g_ptr_array_unref (self->graphs);
  g_hash_table_unref (self->op_index);
  g_ptr_array_unref (self->ops);
  g_ptr_array_unref (self->devices);
  g_hash_table_unref (self->frame_index);
  g_ptr_array_unref (self->source_files);
  g_ptr_array_unref (self->set_sources);
  g_array_unref (self->frames_waiting);
  tdbg_vec_clear (&self->traces);
  g_free (self->op_trace_starts);
  g_free (self->op_traces);
  tdbg_vec_clear (&self->executions);
  g_array_unref (self->alerts);
  g_array_unref (self->alert_traces);
  g_array_unref (self->alert_outputs);
  g_array_unref (self->trace_places);
  g_hash_table_unref (self->kept);
  g_mutex_clear (&self->kept_lock);
  g_mutex_clear (&self->progress_lock);
  g_mutex_clear (&self->op_traces_lock);
  g_rw_lock_clear (&self->index_lock);
  g_hash_table_unref (self->ignored_prefixes);
  G_OBJECT_CLASS (tdbg_logdir_parent_class)->finalize (object);
}

static void
tdbg_logdir_class_init (TdbgLogdirClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_logdir_finalize;
}

static void
tdbg_logdir_init (TdbgLogdir *self)
{
  self->file_sets = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_file_set_free);
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  self->problem_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->read_failures = g_hash_table_new (NULL, NULL);
  g_mutex_init (&self->string_lock);
  self->string_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->strings = g_ptr_array_new_with_free_func (g_free);
  self->graphs = g_ptr_array_new_with_free_func ((GDestroyNotify) graph_free);
  self->graph_index = g_hash_table_new_full (tdbg_op_key_hash, tdbg_op_key_equal, g_free, NULL);
  self->ops = g_ptr_array_new_with_free_func ((GDestroyNotify) op_free);
  self->op_index = g_hash_table_new_full (tdbg_op_key_hash, tdbg_op_key_equal, g_free, NULL);
  self->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) device_free);
  self->frame_index = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) frame_free);
  self->source_files = g_ptr_array_new_with_free_func ((GDestroyNotify) source_file_free);
  self->set_sources = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->frames_waiting = g_array_new (FALSE, FALSE, sizeof (TdbgWaitingFrame));
  tdbg_vec_init (&self->traces, sizeof (TdbgTraceDigest));
  tdbg_vec_init (&self->executions, sizeof (TdbgExecutionDigest));
  self->alerts = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
  self->alert_traces = g_array_new (FALSE, FALSE, sizeof (TdbgAlertTrace));
  self->alert_outputs = g_array_new (FALSE, FALSE, sizeof (TdbgAlertOutput));
  self->trace_places = g_array_new (FALSE, FALSE, sizeof (TdbgTracePlace));
  g_mutex_init (&self->kept_lock);
  self->kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, _tdbg_kept_bytes_free);
  g_mutex_init (&self->progress_lock);
  g_mutex_init (&self->op_traces_lock);
  g_rw_lock_init (&self->index_lock);
  self->ignored_prefixes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

TdbgLogdir *
tdbg_logdir_new (TdbgSource *source)
{
  TdbgLogdir *self = g_object_new (TDBG_TYPE_LOGDIR, NULL);
  self->source = g_object_ref (source);
  return self;
}

TdbgLogdir *
tdbg_logdir_new_for_path (const char *path)
{
  g_autoptr(TdbgSource) source = tdbg_local_source_new (path);
  return tdbg_logdir_new (source);
}

TdbgSource *
tdbg_logdir_get_source (TdbgLogdir *self)
{
  return self->source;
}

char *
tdbg_logdir_describe (TdbgLogdir *self)
{
  return tdbg_source_describe (self->source);
}

/* ---- accessors ---------------------------------------------------------------------- */

const char *tdbg_logdir_get_run_id (TdbgLogdir *self) { return self->run_id; }
const char *tdbg_logdir_get_tensorflow_version (TdbgLogdir *self) { return self->tensorflow_version; }
guint tdbg_logdir_get_modes (TdbgLogdir *self) { return self->modes; }
guint tdbg_logdir_get_n_file_sets (TdbgLogdir *self) { return self->file_sets->len; }
GPtrArray *tdbg_logdir_get_problems (TdbgLogdir *self) { return self->problems; }
guint tdbg_logdir_get_n_traces (TdbgLogdir *self) { return self->traces.len; }
guint tdbg_logdir_get_n_executions (TdbgLogdir *self) { return self->executions.len; }
guint64 tdbg_logdir_get_n_executions_all_file_sets (TdbgLogdir *self) { return self->n_executions_all; }
guint tdbg_logdir_get_n_graphs (TdbgLogdir *self) { return self->graphs->len; }
guint tdbg_logdir_get_n_ops (TdbgLogdir *self) { return self->ops->len; }
guint tdbg_logdir_get_n_op_creations (TdbgLogdir *self) { return self->n_op_creations; }
guint tdbg_logdir_get_n_devices (TdbgLogdir *self) { return self->devices->len; }
guint tdbg_logdir_get_n_stack_frames (TdbgLogdir *self) { return self->n_frames; }
guint tdbg_logdir_get_n_frames_waiting (TdbgLogdir *self) { return self->frames_waiting->len; }
guint tdbg_logdir_get_n_source_files (TdbgLogdir *self) { return self->source_files->len; }
guint tdbg_logdir_get_n_alerts (TdbgLogdir *self) { return self->alerts->len; }
guint64 tdbg_logdir_get_n_inf_nan_traces (TdbgLogdir *self) { return self->n_inf_nan_traces; }
guint64 tdbg_logdir_get_n_inf_nan_execution_outputs (TdbgLogdir *self) { return self->n_inf_nan_execution_outputs; }

const TdbgTracePlace *
tdbg_logdir_get_trace_places (TdbgLogdir *self, guint *n_places)
{
  g_return_val_if_fail (TDBG_IS_LOGDIR (self), NULL);
  *n_places = self->trace_places->len;
  return (const TdbgTracePlace *) self->trace_places->data;
}

const TdbgFileSet *
tdbg_logdir_get_file_set (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->file_sets->len, NULL);
  return g_ptr_array_index (self->file_sets, index);
}

const TdbgTraceDigest *
tdbg_logdir_get_trace (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->traces.len, NULL);
  return &tdbg_vec_index (&self->traces, TdbgTraceDigest, index);
}

const TdbgExecutionDigest *
tdbg_logdir_get_execution (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->executions.len, NULL);
  return &tdbg_vec_index (&self->executions, TdbgExecutionDigest, index);
}

const TdbgGraph *
tdbg_logdir_get_graph (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->graphs->len, NULL);
  return g_ptr_array_index (self->graphs, index);
}

guint32
tdbg_logdir_find_graph (TdbgLogdir *self, const char *graph_id)
{
  return tdbg_logdir_lookup_graph_bytes (self, graph_id, strlen (graph_id));
}

const TdbgOp *
tdbg_logdir_get_op (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->ops->len, NULL);
  return g_ptr_array_index (self->ops, index);
}

guint32
tdbg_logdir_find_op (TdbgLogdir *self, guint32 graph, const char *op_name)
{
  return tdbg_logdir_lookup_op_bytes (self, graph, op_name, strlen (op_name));
}

const TdbgDevice *
tdbg_logdir_get_device (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->devices->len, NULL);
  return g_ptr_array_index (self->devices, index);
}

const TdbgStackFrame *
tdbg_logdir_find_stack_frame (TdbgLogdir *self, const char *id)
{
  return g_hash_table_lookup (self->frame_index, id);
}

const TdbgSourceFile *
tdbg_logdir_get_source_file (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->source_files->len, NULL);
  return g_ptr_array_index (self->source_files, index);
}

const TdbgAlert *
tdbg_logdir_get_alert (TdbgLogdir *self, guint index)
{
  g_return_val_if_fail (index < self->alerts->len, NULL);
  return &g_array_index (self->alerts, TdbgAlert, index);
}

/* ---- stacks and traces of an op ----------------------------------------------------- */

GPtrArray *
tdbg_logdir_resolve_stack (TdbgLogdir *self, char **stack_frame_ids)
{
  GPtrArray *frames = g_ptr_array_new ();
  for (char **id = stack_frame_ids; id && *id; id++)
    {
      const TdbgStackFrame *frame = g_hash_table_lookup (self->frame_index, *id);
      if (frame != NULL)
        g_ptr_array_add (frames, (gpointer) frame);
    }
  return frames;
}

gint
tdbg_stack_innermost_user_frame (GPtrArray *frames)
{
  for (gint i = (gint) frames->len - 1; i >= 0; i--)
    if (!((const TdbgStackFrame *) g_ptr_array_index (frames, i))->is_library)
      return i;
  return -1;
}

const TdbgStackFrame *
tdbg_logdir_get_op_user_frame (TdbgLogdir *self, const TdbgOp *op)
{
  g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (self, op->stack_frame_ids);
  gint user = tdbg_stack_innermost_user_frame (frames);
  /* The frames belong to the logdir: the array only borrows them. */
  return user >= 0 ? g_ptr_array_index (frames, user) : NULL;
}

const char *
tdbg_logdir_get_frame_line (TdbgLogdir *self, const TdbgStackFrame *frame)
{
  const TdbgSourceFile *sf;
  if (frame->source_file == TDBG_NONE || frame->line < 1)
    return NULL;
  sf = g_ptr_array_index (self->source_files, frame->source_file);
  return (guint) frame->line <= sf->n_lines ? sf->lines[frame->line - 1] : NULL;
}

/* The first of @traces (ascending) at or after @from. */
static guint
lower_bound (const guint32 *traces, guint n, guint32 from)
{
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (traces[mid] < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* How far tdbg_logdir_find_latest_trace_before() and tdbg_logdir_find_trace_of_op_before()
 * walk the traces themselves before they list every op's (four bytes a trace, built once): an
 * input's latest trace is most often a few rows back, an op's next a step ahead. */
#define LATEST_WALK_BACK 4096

guint32
tdbg_logdir_find_latest_trace_before (TdbgLogdir *self, guint32 op, guint output_slot, guint32 before)
{
  guint n;
  const guint32 *traces;
  guint32 from = MIN (before, (guint32) self->traces.len);

  /* Listing each op's traces reads every digest: one question, as a command asks, is answered
   * sooner from the rows before it. */
  for (guint32 t = from; t-- > 0 && from - t <= LATEST_WALK_BACK;)
    {
      const TdbgTraceDigest *d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, t);
      if (tdbg_trace_digest_get_op (d) == op && d->output_slot == output_slot)
        return t;
    }
  if (from <= LATEST_WALK_BACK)
    return TDBG_NONE;
  traces = tdbg_logdir_get_op_traces (self, op, &n);

  for (guint k = lower_bound (traces, n, before); k-- > 0;)
    if (tdbg_vec_index (&self->traces, TdbgTraceDigest, traces[k]).output_slot == output_slot)
      return traces[k];
  return TDBG_NONE;
}

guint32
tdbg_logdir_find_trace_of_op (TdbgLogdir *self, guint32 op, guint32 from)
{
  return tdbg_logdir_find_trace_of_op_before (self, op, from, G_MAXUINT32);
}

guint32
tdbg_logdir_find_trace_of_op_before (TdbgLogdir *self, guint32 op, guint32 from, guint32 until)
{
  guint n, k;
  const guint32 *traces;
  guint32 end = MIN (until, (guint32) self->traces.len), walked;

  for (walked = from; walked < end && walked - from < LATEST_WALK_BACK; walked++)
    if (tdbg_trace_digest_get_op (&tdbg_vec_index (&self->traces, TdbgTraceDigest, walked)) == op)
      return walked;
  if (walked >= end)
    return TDBG_NONE;
  traces = tdbg_logdir_get_op_traces (self, op, &n);
  k = lower_bound (traces, n, walked);
  return k < n && traces[k] < end ? traces[k] : TDBG_NONE;
}

gboolean
tdbg_logdir_holds_no_traceback (TdbgLogdir *self)
{
  g_return_val_if_fail (TDBG_IS_LOGDIR (self), FALSE);
  return tdbg_logdir_get_n_stack_frames (self) == 0
         && (tdbg_logdir_get_n_ops (self) > 0 || tdbg_logdir_get_n_executions (self) > 0)
         && (self->tensorflow_version == NULL || *self->tensorflow_version == '\0');
}

void
tdbg_logdir_counts_take (TdbgLogdir *logdir, TdbgLogdirCounts *counts)
{
  counts->traces = tdbg_logdir_get_n_traces (logdir);
  counts->executions = tdbg_logdir_get_n_executions (logdir);
  counts->alerts = tdbg_logdir_get_n_alerts (logdir);
  counts->file_sets = tdbg_logdir_get_n_file_sets (logdir);
  counts->source_files = tdbg_logdir_get_n_source_files (logdir);
  counts->graphs = tdbg_logdir_get_n_graphs (logdir);
  counts->ops = tdbg_logdir_get_n_ops (logdir);
}
