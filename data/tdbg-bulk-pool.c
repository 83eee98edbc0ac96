/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bulk files are cut at record boundaries into stretches of a few megabytes, which every
 * core takes from one queue until none is left: a core slowed by other work then takes
 * fewer, and a small file (the executions) runs beside a big one. What the stretches found
 * is appended to the index in file order, as if they had been read one after another. */

#include "tdbg-bulk-private.h"
#include "tdbg-local-source.h"

#include <math.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/mman.h>
#include <unistd.h>
#include <glib/gi18n.h>

#define CHUNK_BYTES ((gsize) 8 * 1024 * 1024)
#define MAX_THREADS 8
/* After reading this much, the memory the pieces took is given back to the system. */
#define TRIM_BYTES ((gsize) 64 * 1024 * 1024)

typedef struct {
  TdbgBulkChunk chunk;
  guint file;               /* index into the files */
  const guint8 *data;
  gsize length;
  guint64 base_offset;
  gsize first;              /* where its digests go in the index */
} Piece;

typedef struct {
  TdbgLogdir *self;
  GArray *pieces;           /* Piece */
  gint next;                /* the next piece to take, atomically */
  gboolean placing;         /* the second round: digests put in place */
  gboolean release_pages;   /* the files are mapped: a piece read gives its pages back */
  TdbgBulkThread threads[MAX_THREADS];
} Pool;

typedef struct {
  Pool *pool;
  guint thread;
} Worker;

static void
add_piece (TdbgLogdir *self, GArray *pieces, const TdbgBulkFile *file, guint index,
           const guint8 *data, gsize from, gsize to, GCancellable *cancellable)
{
  const TdbgFileSet *fs = g_ptr_array_index (self->file_sets, file->file_set);
  Piece piece = { .file = index, .data = data + from, .length = to - from, .base_offset = file->base_offset + from };

  tdbg_bulk_chunk_init (&piece.chunk, self, file->file_set, file->kind, fs->files[file->kind].file_name, cancellable);
  g_array_append_val (pieces, piece);
}

/* Cuts @file where records begin, about every CHUNK_BYTES. */
static void
cut_file (TdbgLogdir *self, GArray *pieces, const TdbgBulkFile *file, guint index, GCancellable *cancellable)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (file->bytes, &length);
  gsize from = 0;

  while (length - from > CHUNK_BYTES + CHUNK_BYTES / 2)
    {
      gsize next = tdbg_record_find_next (data, length, from + CHUNK_BYTES);
      if (next == G_MAXSIZE || next <= from || next >= length)
        break;
      add_piece (self, pieces, file, index, data, from, next, cancellable);
      from = next;
    }
  add_piece (self, pieces, file, index, data, from, length, cancellable);
}

/* Adds @place to @places unless there. */
static void
add_place (GArray *places, TdbgTracePlace place)
{
  for (guint i = 0; i < places->len; i++)
    {
      const TdbgTracePlace *p = &g_array_index (places, TdbgTracePlace, i);
      if (p->device == place.device && p->file_set == place.file_set)
        return;
    }
  g_array_append_val (places, place);
}

/* The second round: a piece's digests copied to their place in the index (both cores share
 * the copying), and what the index keeps of them per op tallied on the way. */
static void
place (Pool *pool, TdbgBulkThread *t, Piece *piece)
{
  TdbgBulkChunk *c = &piece->chunk;
  TdbgVec *index = c->kind == TDBG_FILE_EXECUTION ? &pool->self->executions : &pool->self->traces;

  if (c->digests.len > 0)
    memcpy (index->data + piece->first * index->element_size, c->digests.data, c->digests.len * index->element_size);
  if (c->kind == TDBG_FILE_EXECUTION)
    {
      for (gsize i = 0; i < c->digests.len; i++)
        t->modes |= 1u << MIN (tdbg_vec_index (&c->digests, TdbgExecutionDigest, i).mode, 31);
    }
  else
    for (gsize i = 0; i < c->digests.len; i++)
      {
        const TdbgTraceDigest *d = &tdbg_vec_index (&c->digests, TdbgTraceDigest, i);
        guint32 at = piece->first + i;
        t->modes |= 1u << MIN (tdbg_trace_digest_get_mode (d), 31);
        if (G_UNLIKELY (d->device != t->last_place.device || c->file_set != t->last_place.file_set))
          {
            t->last_place = (TdbgTracePlace) { d->device, c->file_set };
            add_place (t->places, t->last_place);
          }
        guint32 op = tdbg_trace_digest_get_op (d);
        if (op >= t->n_ops)
          continue; /* an op never created: tallied when it is added */
        t->first_trace[op] = MIN (t->first_trace[op], at);
        t->traced_slots[op] |= tdbg_op_slot_bit (d->output_slot);
        if (d->flags & TDBG_DIGEST_HAS_INF_NAN)
          t->first_inf_nan[op] = MIN (t->first_inf_nan[op], at);
      }
  tdbg_vec_clear (&c->digests);
}

/* A mapped file's pages given back once read (tdbg_logdir_set_release_read_pages(): the page
 * cache keeps them, a record read again maps its page anew). */
static void
release_pages (const guint8 *data, gsize length)
{
  gsize page = sysconf (_SC_PAGESIZE);
  guintptr start = ((guintptr) data + page - 1) & ~(guintptr) (page - 1);
  guintptr end = ((guintptr) data + length) & ~(guintptr) (page - 1);

  if (end > start)
    madvise ((void *) start, end - start, MADV_DONTNEED);
}

static gpointer
work (gpointer user_data)
{
  Worker *worker = user_data;
  Pool *pool = worker->pool;
  TdbgBulkThread *t = &pool->threads[worker->thread];

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&pool->next, 1);
      Piece *piece;
      if (i >= pool->pieces->len)
        return NULL;
      piece = &g_array_index (pool->pieces, Piece, i);
      if (pool->placing)
        place (pool, t, piece);
      else
        {
          tdbg_bulk_chunk_run (&piece->chunk, t, piece->data, piece->length, piece->base_offset);
          if (pool->release_pages)
            release_pages (piece->data, piece->length);
        }
    }
}

/* Runs work() on @n_threads threads, this one among them. */
static void
run_threads (Pool *pool, guint n_threads)
{
  GThread *threads[MAX_THREADS] = { NULL };
  Worker workers[MAX_THREADS];

  pool->next = 0;
  for (guint t = 0; t < n_threads; t++)
    {
      workers[t] = (Worker) { pool, t };
      if (t > 0)
        threads[t] = g_thread_new ("tdbg-bulk", work, &workers[t]);
    }
  if (n_threads > 0)
    work (&workers[0]);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
}

static void
note_op_time (TdbgLogdir *self, guint32 op, double wall_time)
{
  TdbgOp *o = g_ptr_array_index (self->ops, op);
  o->earliest_trace_time = MIN (o->earliest_trace_time, wall_time);
}

static void
note_first (TdbgOp *op, guint32 trace, const TdbgTraceDigest *d)
{
  op->first_trace = MIN (op->first_trace, trace);
  op->traced_slots |= tdbg_op_slot_bit (d->output_slot);
  if (d->flags & TDBG_DIGEST_HAS_INF_NAN)
    op->first_inf_nan_trace = MIN (op->first_inf_nan_trace, trace);
}

/* Alerts listed, and alerting traces and outputs kept to be listed. */
static guint
alerts_kept (TdbgLogdir *self)
{
  return self->alerts->len + self->alert_traces->len + self->alert_outputs->len;
}

/* What a placed chunk found besides its digests, in file order: ops never created (added
 * now, serially: the op table is only read while the threads run), alerts, problems. */
static void
merge_chunk (TdbgLogdir *self, Piece *piece)
{
  TdbgBulkChunk *c = &piece->chunk;

  for (guint i = 0; i < c->orphans->len; i++)
    {
      TdbgBulkOrphan *o = &g_array_index (c->orphans, TdbgBulkOrphan, i);
      guint32 op = tdbg_logdir_add_op (self, o->graph, o->name, strlen (o->name));
      TdbgTraceDigest *d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, piece->first + o->digest);
      if (op == TDBG_NONE)
        continue; /* past the ops the index can name: the load then fails (check_op_count()) */
      tdbg_trace_digest_set_op (d, op);
      note_first (g_ptr_array_index (self->ops, op), piece->first + o->digest, d);
      if (c->file_set == 0)
        note_op_time (self, op, o->wall_time);
    }
  /* Only the first TDBG_ALERT_LIMIT alerts are listed, traces' before executions': no more is
   * kept of what the pieces found (every piece kept up to the limit). */
  for (guint i = 0; i < c->alert_traces->len && alerts_kept (self) < TDBG_ALERT_LIMIT; i++)
    {
      TdbgAlertTrace at = g_array_index (c->alert_traces, TdbgAlertTrace, i);
      at.trace += piece->first;
      g_array_append_val (self->alert_traces, at);
    }
  for (guint i = 0; i < c->alert_outputs->len && alerts_kept (self) < TDBG_ALERT_LIMIT; i++)
    {
      TdbgAlertOutput out = g_array_index (c->alert_outputs, TdbgAlertOutput, i);
      out.execution += piece->first;
      g_array_append_val (self->alert_outputs, out);
    }
  self->n_inf_nan_traces += c->n_inf_nan;
  tdbg_logdir_take_problems (self, c->problems);
}

/* Where each piece's digests go: after those of the pieces before it. */
static void
make_room (TdbgLogdir *self, GArray *pieces)
{
  gsize n_traces = 0, n_executions = 0;

  for (guint i = 0; i < pieces->len; i++)
    {
      const TdbgBulkChunk *c = &g_array_index (pieces, Piece, i).chunk;
      *(c->kind == TDBG_FILE_EXECUTION ? &n_executions : &n_traces) += c->digests.len;
    }
  tdbg_vec_reserve (&self->traces, n_traces);
  tdbg_vec_reserve (&self->executions, n_executions);
  self->n_executions_all += n_executions;
  for (guint i = 0; i < pieces->len; i++)
    {
      Piece *piece = &g_array_index (pieces, Piece, i);
      TdbgVec *index = piece->chunk.kind == TDBG_FILE_EXECUTION ? &self->executions : &self->traces;
      piece->first = index->len;
      index->len += piece->chunk.digests.len;
    }
}

/* The tallies of every thread, joined. */
static void
join_tallies (TdbgLogdir *self, Pool *pool, guint n_threads)
{
  for (guint t = 0; t < n_threads; t++)
    {
      TdbgBulkThread *thread = &pool->threads[t];
      for (guint i = 0; i < thread->n_ops; i++)
        {
          TdbgOp *op = g_ptr_array_index (self->ops, i);
          op->first_trace = MIN (op->first_trace, thread->first_trace[i]);
          op->first_inf_nan_trace = MIN (op->first_inf_nan_trace, thread->first_inf_nan[i]);
          op->traced_slots |= thread->traced_slots[i];
          if (isfinite (thread->op_times[i]))
            note_op_time (self, i, thread->op_times[i]);
        }
      self->modes |= thread->modes;
      for (guint i = 0; i < thread->places->len; i++)
        add_place (self->trace_places, g_array_index (thread->places, TdbgTracePlace, i));
    }
}

/* Each file's result: the records of all its pieces, the end of the last. */
static void
file_results (TdbgBulkFile *files, guint n_files, GArray *pieces)
{
  for (guint f = 0; f < n_files; f++)
    memset (&files[f].result, 0, sizeof files[f].result);
  for (guint i = 0; i < pieces->len; i++)
    {
      Piece *piece = &g_array_index (pieces, Piece, i);
      TdbgScanResult *result = &files[piece->file].result;
      guint64 n_records = result->n_records + piece->chunk.result.n_records;
      gboolean last = i + 1 == pieces->len || g_array_index (pieces, Piece, i + 1).file != piece->file;

      /* A piece ends exactly where the next begins unless damage straddles the cut; then
       * what it took for a partial record is damage. */
      if (!last && piece->chunk.result.partial_tail)
        g_ptr_array_add (piece->chunk.problems,
                         tdbg_problem_new (piece->chunk.file_name, piece->chunk.result.resume_offset,
                                           _("damaged record; skipped to the next intact record")));
      *result = piece->chunk.result;
      result->n_records = n_records;
    }
}

gboolean
tdbg_bulk_scan_files (TdbgLogdir *self, TdbgBulkFile *files, guint n_files, GCancellable *cancellable)
{
  Pool pool = { self, g_array_new (FALSE, FALSE, sizeof (Piece)), 0 };
  pool.release_pages = self->release_read_pages && TDBG_IS_LOCAL_SOURCE (self->source);
  guint n_threads = CLAMP (g_get_num_processors (), 1, MAX_THREADS);
  gsize scanned = 0;
  gboolean ok = TRUE;

  for (guint f = 0; f < n_files; f++)
    {
      cut_file (self, pool.pieces, &files[f], f, cancellable);
      scanned += g_bytes_get_size (files[f].bytes);
    }
  n_threads = MIN (n_threads, pool.pieces->len);
  for (guint t = 0; t < n_threads; t++)
    tdbg_bulk_thread_init (&pool.threads[t], self);
  run_threads (&pool, n_threads);

  file_results (files, n_files, pool.pieces);
  make_room (self, pool.pieces);
  pool.placing = TRUE;
  run_threads (&pool, n_threads);
  join_tallies (self, &pool, n_threads);
  for (guint i = 0; i < pool.pieces->len; i++)
    {
      Piece *piece = &g_array_index (pool.pieces, Piece, i);
      ok = ok && !piece->chunk.cancelled;
      merge_chunk (self, piece);
      tdbg_bulk_chunk_clear (&piece->chunk);
    }
  for (guint t = 0; t < n_threads; t++)
    tdbg_bulk_thread_clear (&pool.threads[t]);
#ifdef __GLIBC__
  /* The pieces' digests were freed in the threads' own arenas, which glibc keeps: tens of
   * megabytes after a big logdir, held for the life of the window otherwise. */
  if (scanned >= TRIM_BYTES)
    malloc_trim (0);
#endif
  g_array_unref (pool.pieces);
  return ok;
}
