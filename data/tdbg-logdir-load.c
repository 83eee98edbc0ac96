/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loading and refreshing a logdir: reading the small files (their records taken in by
 * tdbg-logdir-small.c), linking them, and scanning every file from its saved offset; the file
 * sets are found by tdbg-logdir-discover.c. */

#include "tdbg-logdir-private.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "tdbg-error.h"

/* ---- records ---------------------------------------------------------------------- */

Tensorflow__DebugEvent *
_tdbg_logdir_unpack_event (TdbgLogdir *self, const char *file_name, const TdbgRecord *record)
{
  Tensorflow__DebugEvent *event = tensorflow__debug_event__unpack (NULL, record->length, record->data);
  if (event == NULL)
    tdbg_logdir_add_problem (self, file_name, record->offset,
                             _("intact record does not hold a valid DebugEvent message; skipped"));
  return event;
}

/* ---- linking ------------------------------------------------------------------------ */

/* Depths follow the outer-context chain; a chain that loops is cut where it repeats. */
static void
link_graphs (TdbgLogdir *self)
{
  for (guint i = 0; i < self->graphs->len; i++)
    {
      TdbgGraph *graph = g_ptr_array_index (self->graphs, i);
      guint depth = 0;
      for (guint32 g = graph->outer; g != TDBG_NONE && depth <= self->graphs->len;
           g = ((TdbgGraph *) g_ptr_array_index (self->graphs, g))->outer)
        depth++;
      graph->depth = depth > self->graphs->len ? 0 : depth;
    }
}

/* "src:slot" -> (src, slot); "^src" (control input) -> FALSE. */
static gboolean
parse_input_name (const char *input, const char **name, gsize *length, guint *slot)
{
  const char *colon;

  if (input[0] == '^')
    return FALSE;
  colon = strrchr (input, ':');
  *name = input;
  *slot = 0;
  if (colon != NULL && colon[1] != '\0' && strspn (colon + 1, "0123456789") == strlen (colon + 1))
    {
      *length = colon - input;
      *slot = (guint) MIN (g_ascii_strtoull (colon + 1, NULL, 10), G_MAXUINT16);
    }
  else
    *length = strlen (input);
  return TRUE;
}

static void
link_ops (TdbgLogdir *self)
{
  for (guint i = 0; i < self->ops->len; i++)
    g_array_set_size (((TdbgOp *) g_ptr_array_index (self->ops, i))->consumers, 0);

  for (guint i = 0; i < self->ops->len; i++)
    {
      TdbgOp *op = g_ptr_array_index (self->ops, i);
      guint n = g_strv_length (op->input_names);

      g_free (op->input_ops);
      op->input_ops = g_new (guint32, n + 1);
      for (guint k = 0; k < n; k++)
        {
          const char *name;
          gsize length;
          guint slot;
          op->input_ops[k] = TDBG_NONE;
          if (op->graph == TDBG_NONE || !parse_input_name (op->input_names[k], &name, &length, &slot))
            continue;
          op->input_ops[k] = tdbg_logdir_lookup_op_bytes (self, op->graph, name, length);
          if (op->input_ops[k] != TDBG_NONE)
            {
              TdbgConsumer consumer = { i, k, slot };
              g_array_append_val (((TdbgOp *) g_ptr_array_index (self->ops, op->input_ops[k]))->consumers, consumer);
            }
        }
    }
}

/* ---- scanning files from their saved offsets --------------------------------------- */

/* A file rewritten rather than appended to: what was read of it no longer holds, so it is
 * followed no more here, and the refresh says so (a run then reads the whole logdir again). */
static void
rewritten (TdbgLogdir *self, TdbgFileState *state, guint64 offset, const char *why)
{
  tdbg_logdir_add_problem (self, state->file_name, offset, why);
  state->resume_offset = G_MAXUINT64;
  self->n_rewritten++;
}

/* Where a file's next read starts: its last bytes already read, to be compared, then the new. */
guint64
_tdbg_file_state_read_from (const TdbgFileState *state)
{
  return state->resume_offset - state->checked_length;
}

/* Whether @read (from _tdbg_file_state_read_from()) begins with the bytes kept of the last read. */
static gboolean
checked_bytes_hold (const TdbgFileState *state, GBytes *read)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (read, &length);

  return length >= state->checked_length && memcmp (data, state->checked, state->checked_length) == 0;
}

/* Keeps the last bytes before the new resume offset; @scanned were the bytes from @scanned_from. */
static void
keep_checked_bytes (TdbgFileState *state, guint64 scanned_from, GBytes *scanned)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (scanned, &length);
  gsize used = MIN (state->resume_offset - scanned_from, length);
  gsize from_old = MIN (state->checked_length, TDBG_CHECKED_BYTES - MIN (used, TDBG_CHECKED_BYTES));
  gsize from_new = MIN (used, TDBG_CHECKED_BYTES);

  memmove (state->checked, state->checked + state->checked_length - from_old, from_old);
  memcpy (state->checked + from_old, data + used - from_new, from_new);
  state->checked_length = from_old + from_new;
}

/* A file's read in a refresh: its new bytes, with the last ones already read before them (to
 * be compared: else the file was rewritten), asked of the source together with every other
 * file's (a source afar keeps them in flight at once). */
typedef struct {
  guint fs_index;
  TdbgFileKind kind;
  TdbgSourceRead read;
  gboolean cut;             /* a bulk file's bytes end at the bulk limit, not at its end */
} FileRead;

static void
file_read_clear (FileRead *file)
{
  tdbg_source_read_clear (&file->read);
}

static TdbgFileState *
file_read_state (TdbgLogdir *self, const FileRead *file)
{
  return &((TdbgFileSet *) g_ptr_array_index (self->file_sets, file->fs_index))->files[file->kind];
}

/* A bulk limit applies to a file this many times longer (tdbg_logdir_set_bulk_limit()). */
#define BULK_LIMIT_FROM 16
/* Linux's scheduler weighs a niceness of 10 a tenth of 0. */
#define BACKGROUND_NICENESS 10

/* What @file's read is to ask for (a length of 0: nothing, or nothing that can be read, which
 * a problem then names); FALSE when cancelled. */
static gboolean
plan_read (TdbgLogdir *self, FileRead *file, GCancellable *cancellable, GError **error)
{
  TdbgFileState *state = file_read_state (self, file);
  g_autoptr(GError) local_error = NULL;
  guint64 size, from;
  gsize checked_and_limit = state->checked_length + self->bulk_limit;

  if (state->file_name == NULL || state->resume_offset == G_MAXUINT64)
    return TRUE;
  if (!tdbg_source_get_size (self->source, state->file_name, &size, cancellable, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      tdbg_logdir_add_read_failure (self, state->file_name, state->resume_offset, local_error->message);
      return TRUE;
    }
  tdbg_logdir_withdraw_read_failures (self, state->file_name);
  if (size < state->resume_offset)
    {
      rewritten (self, state, size, _("the file became shorter than what was already read; it is no longer followed"));
      return TRUE;
    }
  state->size_bytes = size;
  from = _tdbg_file_state_read_from (state);
  file->read.name = state->file_name;
  file->read.offset = from;
  file->read.length = size - from;
  /* A first look at a big logdir reads a bulk file's first bytes alone: the rest of its last
   * record is read next time, as if still being written. A file of less than
   * BULK_LIMIT_FROM limits is read whole: the whole of it comes in about the time the
   * window takes to show a first look (and then to show the whole again). */
  if (tdbg_file_kind_is_bulk (file->kind) && self->bulk_limit > 0 && file->read.length > checked_and_limit &&
      file->read.length / BULK_LIMIT_FROM > self->bulk_limit)
    {
      file->read.length = checked_and_limit;
      file->cut = TRUE;
      self->bulk_limited = TRUE;
    }
  return TRUE;
}

/* @file's new bytes once read, or NULL when there are none, or when the file cannot be read
 * (a problem says so) or was rewritten; FALSE when cancelled. */
static gboolean
take_new_bytes (TdbgLogdir *self, FileRead *file, GBytes **bytes, GError **error)
{
  TdbgFileState *state = file_read_state (self, file);
  TdbgSourceRead *read = &file->read;

  *bytes = NULL;
  if (read->length == 0 || state->resume_offset == G_MAXUINT64)
    return TRUE;
  if (read->error && g_error_matches (read->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&read->error));
      return FALSE;
    }
  if (read->error)
    {
      tdbg_logdir_add_read_failure (self, state->file_name, state->resume_offset, read->error->message);
      return TRUE;
    }
  if (!checked_bytes_hold (state, read->bytes))
    {
      rewritten (self, state, read->offset,
                 _("the bytes already read before this offset changed: the file was rewritten; it is no longer followed"));
      return TRUE;
    }
  if (g_bytes_get_size (read->bytes) > state->checked_length)
    *bytes = g_bytes_new_from_bytes (read->bytes, state->checked_length,
                                     g_bytes_get_size (read->bytes) - state->checked_length);
  g_clear_pointer (&read->bytes, g_bytes_unref);
  return TRUE;
}

/* After a scan of @scanned, the bytes from the old resume offset. */
static void
finish_file (TdbgFileState *state, const TdbgScanResult *result, GBytes *scanned)
{
  /* The scan resumes at the last bytes of damage (a header might yet complete there): when a
   * later scan finds only those, they are still the damage, not a record being written. */
  gboolean in_damage = result->ended_in_damage || (state->in_damage && result->n_records == 0);
  guint64 scanned_from = state->resume_offset;

  state->records += result->n_records;
  state->resume_offset = result->resume_offset;
  state->partial_tail = result->partial_tail && !in_damage;
  state->partial_tail_bytes = state->partial_tail ? result->partial_tail_bytes : 0;
  state->in_damage = in_damage;
  keep_checked_bytes (state, scanned_from, scanned);
}

/* A file that is not bulk: every record unpacked. TensorBoard reads sources, stack frames,
 * graphs and executions from the earliest file set only; every file set's are read here, so
 * that a trace whose graph another host recorded (a host whose clock put it later) still has
 * its op, and an eager call on any host its inputs' producers. */
static gboolean
scan_file (TdbgLogdir *self, FileRead *file, GError **error)
{
  TdbgFileState *state = file_read_state (self, file);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  TdbgScanResult result;
  TdbgSmallScan scan = { self, g_ptr_array_index (self->file_sets, file->fs_index), file->fs_index, file->kind,
                     state->file_name };
  gsize length;
  const guint8 *data;

  if (!take_new_bytes (self, file, &bytes, error))
    return FALSE;
  if (bytes == NULL)
    return TRUE;
  data = g_bytes_get_data (bytes, &length);
  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  tdbg_record_scan (data, length, state->resume_offset, state->file_name, problems,
                    _tdbg_logdir_small_record, &scan, &result);
  tdbg_logdir_take_problems (self, problems);
  tdbg_logdir_add_progress (self, length, result.n_records, 0);
  tdbg_logdir_keep_read_bytes (self, state->file_name, state->resume_offset, bytes);
  finish_file (state, &result, bytes);
  return TRUE;
}

/* The bulk files' new bytes (@reads: the traces of every file set, then the executions of
 * every file set), scanned together. */
static gboolean
scan_bulk_files (TdbgLogdir *self, FileRead *reads, guint n_reads, GCancellable *cancellable, GError **error)
{
  g_autoptr(GArray) files = g_array_new (FALSE, TRUE, sizeof (TdbgBulkFile));
  gboolean ok = TRUE;

  for (guint i = 0; i < n_reads && ok; i++)
    {
      TdbgBulkFile file = { reads[i].fs_index, reads[i].kind };
      ok = take_new_bytes (self, &reads[i], &file.bytes, error);
      if (file.bytes != NULL)
        {
          file.cut = reads[i].cut;
          file.base_offset = file_read_state (self, &reads[i])->resume_offset;
          g_array_append_val (files, file);
        }
    }
  if (ok && files->len > 0 && !tdbg_bulk_scan_files (self, (TdbgBulkFile *) files->data, files->len, cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      ok = FALSE;
    }
  for (guint i = 0; i < files->len; i++)
    {
      TdbgBulkFile *file = &g_array_index (files, TdbgBulkFile, i);
      TdbgFileSet *fs = g_ptr_array_index (self->file_sets, file->file_set);
      if (ok)
        finish_file (&fs->files[file->kind], &file->result, file->bytes);
      /* The record our cut ends in is not one still being written: say nothing of it (this
       * first look is replaced by the whole logdir, never followed from here). */
      if (ok && file->cut)
        fs->files[file->kind].partial_tail = FALSE, fs->files[file->kind].partial_tail_bytes = 0;
      if (ok)
        tdbg_logdir_keep_read_bytes (self, fs->files[file->kind].file_name, file->base_offset, file->bytes);
      g_bytes_unref (file->bytes);
    }
  return ok;
}

/* Every file's read, in the order they are scanned: sources, stack frames and graphs of each
 * file set, then the traces of every file set, then the executions of every file set
 * (TensorBoard's order of alerts); *n_small: how many come before the bulk ones. NULL when
 * cancelled. */
static GArray *
plan_reads (TdbgLogdir *self, guint *n_small, GCancellable *cancellable, GError **error)
{
  static const TdbgFileKind small_kinds[] = { TDBG_FILE_SOURCE_FILES, TDBG_FILE_STACK_FRAMES, TDBG_FILE_GRAPHS };
  static const TdbgFileKind bulk_kinds[] = { TDBG_FILE_GRAPH_EXECUTION_TRACES, TDBG_FILE_EXECUTION };
  g_autoptr(GArray) reads = g_array_new (FALSE, TRUE, sizeof (FileRead));
  guint n = self->file_sets->len;

  g_array_set_clear_func (reads, (GDestroyNotify) file_read_clear);
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < G_N_ELEMENTS (small_kinds); k++)
      g_array_append_val (reads, ((FileRead) { i, small_kinds[k] }));
  *n_small = reads->len;
  for (guint k = 0; k < G_N_ELEMENTS (bulk_kinds); k++)
    for (guint i = 0; i < n; i++)
      g_array_append_val (reads, ((FileRead) { i, bulk_kinds[k] }));
  for (guint i = 0; i < reads->len; i++)
    if (!plan_read (self, &g_array_index (reads, FileRead, i), cancellable, error))
      return NULL;
  return g_steal_pointer (&reads);
}

/* The progress's whole: the new bytes of every file's read (not those read again to be
 * compared). */
static void
set_progress_total (TdbgLogdir *self, GArray *reads)
{
  guint64 total = 0;

  for (guint i = 0; i < reads->len; i++)
    {
      FileRead *file = &g_array_index (reads, FileRead, i);
      if (file->read.length > 0)
        total += file->read.length - file_read_state (self, file)->checked_length;
    }
  g_mutex_lock (&self->progress_lock);
  self->progress_total = self->progress_done + total;
  g_mutex_unlock (&self->progress_lock);
}

/* The reads @first to @first + @n - 1 answered, asked at once. */
static void
read_together (TdbgLogdir *self, GArray *reads, guint first, guint n, GCancellable *cancellable)
{
  g_autofree TdbgSourceRead *asked = g_new0 (TdbgSourceRead, n ? n : 1);

  for (guint i = 0; i < n; i++)
    asked[i] = g_array_index (reads, FileRead, first + i).read;
  tdbg_source_read_many (self->source, asked, n, cancellable);
  for (guint i = 0; i < n; i++)
    g_array_index (reads, FileRead, first + i).read = asked[i];
}

/* Traces name their op in 24 bits: a logdir of more ops (gigabytes of graphs) is refused
 * whole rather than shown with traces of no op. */
static gboolean
check_op_count (TdbgLogdir *self, GError **error)
{
  g_autofree char *where = NULL;

  if (!self->too_many_ops)
    return TRUE;
  where = tdbg_source_describe (self->source);
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_TOO_LARGE, _("%s creates more than %u ops, more than tfdbg-gtk can index"),
               where, TDBG_TRACE_MAX_OPS);
  return FALSE;
}

static gboolean
refresh_files (TdbgLogdir *self, TdbgRefreshStats *stats, GCancellable *cancellable, GError **error)
{
  guint n_traces = self->traces.len, n_executions = self->executions.len;
  guint n_problems = self->n_problems_added;
  guint n_rewritten = self->n_rewritten;
  guint n_sets = self->file_sets->len;
  guint new_sets, n_small;
  g_autoptr(GArray) reads = NULL;

  g_return_val_if_fail (TDBG_IS_LOGDIR (self), FALSE);

  new_sets = _tdbg_logdir_discover (self, cancellable, error);
  if (new_sets == G_MAXUINT)
    return FALSE;
  if (self->file_sets->len == 0)
    {
      g_autofree char *where = tdbg_source_describe (self->source);
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR,
                   _("%s holds no tfdbg2 files (tfdbg_events.*.metadata, .graphs, …)"), where);
      return FALSE;
    }

  self->bulk_limited = FALSE;
  if ((reads = plan_reads (self, &n_small, cancellable, error)) == NULL)
    return FALSE;
  set_progress_total (self, reads);
  /* The small files, then the bulk ones: the progress moves with the first while the second
   * are read. */
  read_together (self, reads, 0, n_small, cancellable);
  for (guint i = 0; i < n_small; i++)
    if (!scan_file (self, &g_array_index (reads, FileRead, i), error))
      return FALSE;
  link_graphs (self);
  link_ops (self);

  read_together (self, reads, n_small, reads->len - n_small, cancellable);
  if (!scan_bulk_files (self, &g_array_index (reads, FileRead, n_small), reads->len - n_small, cancellable, error) ||
      !check_op_count (self, error))
    return FALSE;
  tdbg_vec_trim (&self->traces);
  tdbg_vec_trim (&self->executions);
  tdbg_alerts_extend (self, n_executions);

  if (stats != NULL)
    {
      stats->new_traces = self->traces.len - n_traces;
      stats->new_executions = self->executions.len - n_executions;
      stats->new_file_sets = self->file_sets->len - n_sets;
      stats->new_problems = self->n_problems_added - n_problems;
      stats->rewritten_files = self->n_rewritten - n_rewritten;
    }
  return TRUE;
}

gboolean
tdbg_logdir_refresh (TdbgLogdir *self, TdbgRefreshStats *stats, GCancellable *cancellable, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (TDBG_IS_LOGDIR (self), FALSE);
  tdbg_logdir_forget_kept_bytes (self);
  ok = refresh_files (self, stats, cancellable, error);
  /* Even a refresh that failed half way may have grown the index. */
  tdbg_logdir_forget_op_traces (self);
  return ok;
}

void
tdbg_logdir_set_release_read_pages (TdbgLogdir *self, gboolean release)
{
  g_return_if_fail (TDBG_IS_LOGDIR (self));
  self->release_read_pages = release;
}

void
tdbg_logdir_set_bulk_limit (TdbgLogdir *self, guint64 max_bytes)
{
  g_return_if_fail (TDBG_IS_LOGDIR (self));
  self->bulk_limit = max_bytes;
}

gboolean
tdbg_logdir_get_bulk_limited (TdbgLogdir *self)
{
  g_return_val_if_fail (TDBG_IS_LOGDIR (self), FALSE);
  return self->bulk_limited;
}

gboolean
tdbg_logdir_load (TdbgLogdir *self, GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) source_problems = NULL;

  g_return_val_if_fail (self->file_sets->len == 0, FALSE);
  if (!tdbg_logdir_refresh (self, NULL, cancellable, error))
    return FALSE;
  /* What a source that makes its files from another format found wrong in it. */
  if ((source_problems = tdbg_source_get_problems (self->source)) != NULL)
    for (guint i = 0; i < source_problems->len; i++)
      {
        TdbgProblem *p = g_ptr_array_index (source_problems, i);
        tdbg_logdir_add_problem (self, p->file_name, p->byte_offset, p->message);
      }
  return TRUE;
}

/* A load behind a window yields the processor to the thread that draws it: the window is made
 * and first drawn while the logdir is read (the load's threads on every core otherwise took
 * two thirds of the window's processor time), and the load takes every core when the window
 * is idle. Linux's niceness is a thread's own, and the threads the load starts inherit it; it
 * cannot be taken back unprivileged, so the load gets a thread of its own rather than one of
 * GIO's shared pool. */
static void
yield_to_the_window (void)
{
#ifdef __linux__
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), BACKGROUND_NICENESS) != 0)
    g_debug ("could not lower the load's priority: %s", g_strerror (errno));
#endif
}

static gpointer
load_in_thread (gpointer data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;

  yield_to_the_window ();
  if (tdbg_logdir_load (g_task_get_source_object (task), g_task_get_cancellable (task), &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
  return NULL;
}

void
tdbg_logdir_load_async (TdbgLogdir *self, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tdbg_logdir_load_async);
  g_thread_unref (g_thread_new ("tdbg-load", load_in_thread, task));
}

gboolean
tdbg_logdir_load_finish (TdbgLogdir *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

