/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Following a run that is still writing, from a program with a main loop. The slow half
 * (listing the directory, reading what was appended, over the disk or the network) runs in a
 * worker and touches nothing of the logdir; the fast half (parsing those bytes into the index)
 * runs on the caller's thread, so that the index never changes under the UI. */

#include "tdbg-logdir-private.h"

#include <glib/gi18n.h>

#include "tdbg-records.h"
#include "tdbg-snapshot-source.h"

/* Where a file's next read starts (its last bytes read, to be compared by the refresh) and
 * where its new bytes do. */
typedef struct {
  guint64 from;
  guint64 resume;        /* G_MAXUINT64: not followed */
} Start;

typedef struct {
  TdbgSource *origin;
  GHashTable *offsets;   /* file name -> Start */
  GHashTable *ignored;   /* file set prefixes never read */
  guint64 max_bulk_bytes;
  gboolean more;         /* the budget ran out before the end of some file */
} FetchJob;

static void
fetch_job_free (FetchJob *job)
{
  g_object_unref (job->origin);
  g_hash_table_unref (job->offsets);
  g_hash_table_unref (job->ignored);
  g_free (job);
}

static GHashTable *
resume_offsets (TdbgLogdir *self)
{
  GHashTable *offsets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < self->file_sets->len; i++)
    {
      const TdbgFileSet *fs = g_ptr_array_index (self->file_sets, i);
      for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
        if (fs->files[k].file_name)
          {
            Start start = { _tdbg_file_state_read_from (&fs->files[k]), fs->files[k].resume_offset };
            g_hash_table_insert (offsets, g_strdup (fs->files[k].file_name), g_memdup2 (&start, sizeof start));
          }
    }
  return offsets;
}

/* Whether @name is a file the next refresh reads, and from where. */
static gboolean
start_of (FetchJob *job, const char *name, TdbgFileKind *kind, Start *start)
{
  g_autofree char *prefix = NULL;
  const Start *known;

  if (!tdbg_parse_file_name (name, &prefix, kind) || g_hash_table_contains (job->ignored, prefix))
    return FALSE;
  known = g_hash_table_lookup (job->offsets, name);
  *start = known ? *known : (Start) { 0, 0 };
  return start->resume != G_MAXUINT64;
}

/* Where the record starting @bytes ends, as its header says (it may lie). */
static guint64
first_record_end (GBytes *bytes)
{
  gsize n;
  const guint8 *data = g_bytes_get_data (bytes, &n);
  guint64 length = 0;

  if (n < TDBG_RECORD_HEADER_SIZE)
    return G_MAXUINT64;
  for (int i = 7; i >= 0; i--)
    length = (length << 8) | data[i];
  if (length > G_MAXUINT64 - TDBG_RECORD_HEADER_SIZE - 4)
    return G_MAXUINT64;
  return TDBG_RECORD_HEADER_SIZE + length + 4;
}

/* One file's fetch: its bytes from @start.from, the bytes kept to compare (which the refresh
 * checks), then the new ones, read together with every other file's. */
typedef struct {
  const char *name;
  TdbgFileKind kind;
  Start start;
  guint64 size;
  TdbgSourceRead read;
} FetchFile;

static void
fetch_file_clear (FetchFile *file)
{
  tdbg_source_read_clear (&file->read);
}

/* What @file's read is to ask for, within the bulk files' budget. */
static gboolean
plan_fetch (FetchJob *job, FetchFile *file, guint64 *bulk_budget, GCancellable *cancellable, GError **error)
{
  guint64 checked = file->start.resume - file->start.from;
  guint64 length;

  if (!tdbg_source_get_size (job->origin, file->name, &file->size, cancellable, error))
    return FALSE;
  /* A file now shorter: the refresh reports it, and needs only the size. */
  if (file->size < file->start.resume)
    return TRUE;
  length = file->size - file->start.from;
  if (tdbg_file_kind_is_bulk (file->kind))
    {
      if (length - checked > *bulk_budget)
        length = checked + MAX (*bulk_budget, TDBG_RECORD_HEADER_SIZE);
      /* A cut read empties the budget, as the longer read that may follow it would. */
      *bulk_budget -= MIN (*bulk_budget, length - checked);
    }
  file->read = (TdbgSourceRead) { file->name, file->start.from, length };
  return TRUE;
}

/* @file's bytes into @snapshot, once read. A read the budget cut must not cut the first
 * record, or the refresh would wait for its end for ever: it is read again up to that end,
 * or, when the header points past the file, whole. */
static gboolean
finish_fetch (FetchJob *job, TdbgSnapshotSource *snapshot, FetchFile *file, GCancellable *cancellable,
              GError **error)
{
  guint64 checked = file->start.resume - file->start.from;
  guint64 length = file->read.length;
  g_autoptr(GBytes) bytes = NULL;

  if (file->size < file->start.resume)
    {
      bytes = g_bytes_new (NULL, 0);
      tdbg_snapshot_source_add (snapshot, file->name, file->size, bytes);
      return TRUE;
    }
  if (file->read.error)
    {
      g_propagate_error (error, g_steal_pointer (&file->read.error));
      return FALSE;
    }
  bytes = g_steal_pointer (&file->read.bytes);
  if (length < file->size - file->start.from && g_bytes_get_size (bytes) >= checked)
    {
      g_autoptr(GBytes) fresh = g_bytes_new_from_bytes (bytes, checked, g_bytes_get_size (bytes) - checked);
      guint64 first_end = first_record_end (fresh);
      if (first_end > length - checked)
        {
          g_clear_pointer (&bytes, g_bytes_unref);
          length = first_end <= file->size - file->start.resume ? checked + first_end
                                                                : file->size - file->start.from;
          bytes = tdbg_source_read (job->origin, file->name, file->start.from, length, cancellable, error);
          if (bytes == NULL)
            return FALSE;
        }
      job->more |= length < file->size - file->start.from;
    }
  tdbg_snapshot_source_add (snapshot, file->name, file->start.from, bytes);
  return TRUE;
}

/* The files the next refresh reads, the small ones first (traces name the ops and frames they
 * describe), each with its read planned. */
static GArray *
plan_fetches (FetchJob *job, char **names, GCancellable *cancellable, GError **error)
{
  g_autoptr(GArray) files = g_array_new (FALSE, TRUE, sizeof (FetchFile));
  guint64 bulk_budget = job->max_bulk_bytes;

  g_array_set_clear_func (files, (GDestroyNotify) fetch_file_clear);
  for (int pass = 0; pass < 2; pass++)
    for (char **n = names; *n; n++)
      {
        FetchFile file = { *n };

        if (start_of (job, *n, &file.kind, &file.start) && tdbg_file_kind_is_bulk (file.kind) == (pass == 1))
          g_array_append_val (files, file);
      }
  for (guint i = 0; i < files->len; i++)
    if (!plan_fetch (job, &g_array_index (files, FetchFile, i), &bulk_budget, cancellable, error))
      return NULL;
  return g_steal_pointer (&files);
}

static void
fetch_in_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  FetchJob *job = task_data;
  GError *error = NULL;
  g_auto(GStrv) names = tdbg_source_list_files (job->origin, cancellable, &error);
  g_autofree char *description = tdbg_source_describe (job->origin);
  g_autoptr(TdbgSnapshotSource) snapshot = NULL;
  g_autoptr(GArray) files = NULL;
  g_autofree TdbgSourceRead *reads = NULL;

  if (names == NULL || (files = plan_fetches (job, names, cancellable, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* Every file's read asked at once (a source afar keeps them in flight together). */
  reads = g_new0 (TdbgSourceRead, files->len);
  for (guint i = 0; i < files->len; i++)
    reads[i] = g_array_index (files, FetchFile, i).read;
  tdbg_source_read_many (job->origin, reads, files->len, cancellable);
  for (guint i = 0; i < files->len; i++)
    g_array_index (files, FetchFile, i).read = reads[i];
  snapshot = tdbg_snapshot_source_new (description, (const char *const *) names);
  for (guint i = 0; i < files->len; i++)
    if (!finish_fetch (job, snapshot, &g_array_index (files, FetchFile, i), cancellable, &error))
      {
        g_task_return_error (task, error);
        return;
      }
  g_task_return_pointer (task, g_steal_pointer (&snapshot), g_object_unref);
}

void
tdbg_logdir_fetch_async (TdbgLogdir *self, guint64 max_bulk_bytes, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  FetchJob *job = g_new0 (FetchJob, 1);

  job->origin = g_object_ref (self->source);
  /* Read here, on the thread that applies: the worker never looks at the file sets. */
  job->offsets = resume_offsets (self);
  job->ignored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  {
    GHashTableIter iter;
    gpointer prefix;
    g_hash_table_iter_init (&iter, self->ignored_prefixes);
    while (g_hash_table_iter_next (&iter, &prefix, NULL))
      g_hash_table_add (job->ignored, g_strdup (prefix));
  }
  job->max_bulk_bytes = max_bulk_bytes ? max_bulk_bytes : G_MAXUINT64;
  g_task_set_source_tag (task, tdbg_logdir_fetch_async);
  g_task_set_task_data (task, job, (GDestroyNotify) fetch_job_free);
  /* A first look at a big logdir (tdbg_logdir_set_bulk_limit()) is not followed: the whole
   * logdir, read meanwhile, takes its place. */
  if (self->bulk_limit > 0)
    {
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  g_task_run_in_thread (task, fetch_in_thread);
}

TdbgSource *
tdbg_logdir_fetch_finish (TdbgLogdir *self, GAsyncResult *result, gboolean *more, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  if (more)
    *more = ((FetchJob *) g_task_get_task_data (G_TASK (result)))->more;
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
tdbg_logdir_apply (TdbgLogdir *self, TdbgSource *snapshot, TdbgRefreshStats *stats, GError **error)
{
  TdbgSource *origin;
  gboolean ok;

  g_return_val_if_fail (TDBG_IS_SNAPSHOT_SOURCE (snapshot), FALSE);
  if (!g_rw_lock_writer_trylock (&self->index_lock))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The logdir is being read; try again later"));
      return FALSE;
    }
  origin = self->source;
  self->source = snapshot;
  ok = tdbg_logdir_refresh (self, stats, NULL, error);
  self->source = origin;
  g_rw_lock_writer_unlock (&self->index_lock);
  return ok;
}

void
tdbg_logdir_read_lock (TdbgLogdir *self)
{
  g_rw_lock_reader_lock (&self->index_lock);
}

void
tdbg_logdir_read_unlock (TdbgLogdir *self)
{
  g_rw_lock_reader_unlock (&self->index_lock);
}
