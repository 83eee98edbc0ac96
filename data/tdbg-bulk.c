/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bulk path: graph execution traces and executions, millions of small records, read
 * straight from the wire into compact digests without allocating per record (the record
 * itself is read by tdbg-bulk-decode.c). A large file is split at record boundaries and
 * its stretches are read on every core (tdbg-bulk-pool.c). */

#include "tdbg-bulk-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#ifdef __SSE2__
#include <emmintrin.h>
/* Whether all 128 bits are zero, with SSE2 alone (ptest is SSE4.1). */
static inline gboolean
all_zero_128 (__m128i v)
{
  return _mm_movemask_epi8 (_mm_cmpeq_epi8 (v, _mm_setzero_si128 ())) == 0xffff;
}
#endif

#include "tdbg-records.h"
#include "tdbg-wire.h"

#define PROGRESS_EVERY 8192

/* ---- per-thread scanning state ------------------------------------------------------- */

typedef TdbgBulkChunk Chunk;
typedef TdbgBulkOrphan Orphan;

static void
chunk_problem (Chunk *c, guint64 offset, const char *message)
{
  g_ptr_array_add (c->problems, tdbg_problem_new (c->file_name, offset, message));
}

/* memcmp () == 0 for the short names of every record, without the call or a byte loop:
 * the last word overlaps the one before it. */
static inline gboolean
same_bytes (const guint8 *a, const guint8 *b, gsize length)
{
  guint64 x, y;
  guint32 u, v;

#ifdef __SSE2__
  /* Names of 16 bytes or more (graph ids, devices) sixteen at a time. */
  if (length >= 16)
    {
      __m128i diff;
      for (gsize i = 0; i + 16 < length; i += 16)
        {
          diff = _mm_xor_si128 (_mm_loadu_si128 ((const __m128i *) (a + i)), _mm_loadu_si128 ((const __m128i *) (b + i)));
          if (!all_zero_128 (diff))
            return FALSE;
        }
      diff = _mm_xor_si128 (_mm_loadu_si128 ((const __m128i *) (a + length - 16)),
                            _mm_loadu_si128 ((const __m128i *) (b + length - 16)));
      return all_zero_128 (diff);
    }
#endif
  if (length >= 8)
    {
      for (gsize i = 0; i + 8 < length; i += 8)
        {
          memcpy (&x, a + i, 8);
          memcpy (&y, b + i, 8);
          if (x != y)
            return FALSE;
        }
      memcpy (&x, a + length - 8, 8);
      memcpy (&y, b + length - 8, 8);
      return x == y;
    }
  if (length >= 4)
    {
      memcpy (&u, a, 4);
      memcpy (&v, b, 4);
      if (u != v)
        return FALSE;
      memcpy (&u, a + length - 4, 4);
      memcpy (&v, b + length - 4, 4);
      return u == v;
    }
  for (; length > 0; length--)
    if (*a++ != *b++)
      return FALSE;
  return TRUE;
}

static inline guint
name_slot (const guint8 *bytes, gsize length)
{
  guint64 head = 0, tail = 0;

  if (length >= 8)
    {
      memcpy (&head, bytes, 8);
      memcpy (&tail, bytes + length - 8, 8);
    }
  else
    memcpy (&head, bytes, length);
  return ((head ^ (tail * 0x9E3779B97F4A7C15u) ^ length) * 0x9E3779B97F4A7C15u) >> 56;
}
G_STATIC_ASSERT (TDBG_BULK_NAME_SLOTS == 256);

typedef guint32 (*ResolveName) (TdbgLogdir *self, const char *name, gsize length);

/* The id of @name, from @cache when it was seen, else from @resolve (which may lock). */
static inline guint32
chunk_name (Chunk *c, TdbgBulkNames *cache, const guint8 *name, gsize length, ResolveName resolve)
{
  TdbgBulkName *e = &cache->slots[name_slot (name, length)];

  if (G_LIKELY (e->bytes != NULL && e->length == length && same_bytes (e->bytes, name, length)))
    return e->id;
  e->id = resolve (c->self, (const char *) name, length);
  e->bytes = name;
  e->length = (guint32) length;
  return e->id;
}

static guint32
chunk_graph (Chunk *c, const guint8 *id, gsize length)
{
  return chunk_name (c, &c->thread->graphs, id, length, tdbg_logdir_lookup_graph_bytes);
}

static guint32
chunk_device (Chunk *c, const guint8 *name, gsize length)
{
  return chunk_name (c, &c->thread->devices, name, length, tdbg_logdir_intern);
}

static guint32
chunk_op_type (Chunk *c, const guint8 *name, gsize length)
{
  return chunk_name (c, &c->thread->op_types, name, length, tdbg_logdir_intern);
}

/* Whether @op is the one named @name in the graph whose id is @context. */
static inline gboolean
op_is (const TdbgBulkThread *t, guint32 op, const guint8 *context, gsize context_length, const guint8 *name, gsize length)
{
  guint32 graph;

  if (op >= t->n_ops || t->name_lengths[op] != length)
    return FALSE;
  graph = t->op_graphs[op];
  if (graph >= t->n_graphs || t->graph_id_lengths[graph] != context_length)
    return FALSE;
  return same_bytes ((const guint8 *) t->names + t->name_starts[op], name, length) &&
         same_bytes ((const guint8 *) t->names + t->graph_id_starts[graph], context, context_length);
}

/* The op is most often the one that followed the last op before, or the last op again (its
 * next output): those are compared by name before the names are looked up. */
static guint32
chunk_op (Chunk *c, const guint8 *context, gsize context_length, const guint8 *name, gsize length, guint32 *graph)
{
  TdbgBulkThread *t = c->thread;
  guint32 last = t->last_op;
  guint32 op;

  if (last < t->n_ops && op_is (t, t->next_op[last], context, context_length, name, length))
    op = t->next_op[last];
  else if (op_is (t, last, context, context_length, name, length))
    op = last;
  else
    {
      *graph = chunk_graph (c, context, context_length);
      op = tdbg_logdir_lookup_op_bytes (c->self, *graph, (const char *) name, length);
      if (op != TDBG_NONE && last < t->n_ops)
        t->next_op[last] = op;
      return t->last_op = op;
    }
  *graph = t->op_graphs[op];
  return t->last_op = op;
}

static void
chunk_note_time (Chunk *c, guint32 op, double wall_time)
{
  if (c->file_set == 0 && op < c->thread->n_ops && wall_time < c->thread->op_times[op])
    c->thread->op_times[op] = wall_time;
}

static void
chunk_note_alert_trace (Chunk *c, gsize digest, const TdbgTraceInfo *info)
{
  TdbgAlertTrace at = { digest, *info };
  if (c->alert_traces->len < TDBG_ALERT_LIMIT)
    g_array_append_val (c->alert_traces, at);
}

static gboolean
chunk_tick (Chunk *c, const TdbgRecord *record)
{
  if (++c->since_progress_records < PROGRESS_EVERY)
    return TRUE;
  const guint8 *here = record->data + record->length;
  tdbg_logdir_add_progress (c->self, here - c->since_progress_offset, c->since_progress_records,
                            c->since_progress_alerts);
  c->since_progress_offset = here;
  c->since_progress_records = 0;
  c->since_progress_alerts = 0;
  if (g_cancellable_is_cancelled (c->cancellable))
    {
      c->cancelled = TRUE;
      return FALSE;
    }
  return TRUE;
}

static const guint8 *
or_empty (const guint8 *bytes)
{
  return bytes ? bytes : (const guint8 *) "";
}

static gboolean
trace_record (const TdbgRecord *record, gpointer user_data)
{
  Chunk *c = user_data;
  TdbgTraceInfo d;
  TdbgTraceNames names;
  TdbgTraceDigest *packed;
  const char *problem = tdbg_bulk_parse_trace (record, &d, &names);
  guint32 graph, device;

  if (problem != NULL)
    {
      chunk_problem (c, record->offset, problem);
      return chunk_tick (c, record);
    }
  if (record->offset > TDBG_TRACE_MAX_OFFSET)
    {
      if (!c->too_large)
        chunk_problem (c, record->offset, _("records past the first terabyte of a file are not indexed"));
      c->too_large = TRUE;
      return chunk_tick (c, record);
    }
  d.file_set = c->file_set;
  device = chunk_device (c, or_empty (names.device), names.device_length);
  d.device = (guint16) MIN (device, G_MAXUINT16);
  d.op = chunk_op (c, or_empty (names.context), names.context_length, or_empty (names.name), names.name_length, &graph);
  if (d.op == TDBG_NONE)
    {
      Orphan orphan = { c->digests.len, graph, g_strndup ((const char *) names.name, names.name_length), d.wall_time };
      g_array_append_val (c->orphans, orphan);
    }
  else
    chunk_note_time (c, d.op, d.wall_time);
  /* Packed in place: a copy of the packed digest would wait for its parts to be stored. */
  packed = tdbg_vec_push (&c->digests);
  tdbg_trace_digest_pack (packed, &d);
  if (c->inf_nan->trace_alerts (packed))
    {
      c->n_inf_nan++;
      c->since_progress_alerts++;
      chunk_note_alert_trace (c, c->digests.len - 1, &d);
    }
  return chunk_tick (c, record);
}

static gboolean
execution_record (const TdbgRecord *record, gpointer user_data)
{
  Chunk *c = user_data;
  TdbgExecutionDigest d = { 0 };
  guint32 what;
  const guint8 *body = NULL;
  gsize body_length = 0;
  TdbgWire w;
  TdbgWireField f;
  const guint8 *tensor_ptrs[64];
  gsize tensor_lengths[64];
  guint n_tensors = 0;
  guint64 n_alerts = 0;

  if (!tdbg_bulk_parse_envelope (record, &what, &d.wall_time, &body, &body_length) || what != 9)
    {
      chunk_problem (c, record->offset, what == 0 || what == 9
                     ? _("intact record does not hold a valid DebugEvent message; skipped")
                     : _("event of a kind that does not belong in this file; skipped"));
      return chunk_tick (c, record);
    }
  d.graph = TDBG_NONE;
  tdbg_wire_init (&w, body, body_length);
  while (tdbg_wire_next (&w, &f))
    switch (f.number)
      {
      case 1: d.op_type = chunk_op_type (c, f.data, f.length); break;
      case 2: d.num_outputs = (guint16) MIN (f.varint, G_MAXUINT16); break;
      case 3: d.graph = f.length ? chunk_graph (c, f.data, f.length) : TDBG_NONE; break;
      case 6: d.mode = (guint8) MIN (f.varint, 255); break;
      case 7:
        /* Test each output as it comes; the mode field may follow, so keep a few. */
        if (n_tensors < G_N_ELEMENTS (tensor_ptrs))
          {
            tensor_ptrs[n_tensors] = f.data;
            tensor_lengths[n_tensors] = f.length;
          }
        n_tensors++;
        break;
      default: break;
      }
  if (w.failed)
    {
      chunk_problem (c, record->offset, _("intact record does not hold a valid Execution; skipped"));
      return chunk_tick (c, record);
    }
  if (n_tensors > G_N_ELEMENTS (tensor_ptrs))
    d.flags |= TDBG_DIGEST_UNDECODABLE; /* more outputs than the bulk path tests: the alert pass decodes it */
  for (guint i = 0; i < MIN (n_tensors, G_N_ELEMENTS (tensor_ptrs)); i++)
    {
      TdbgAlertOutput out = { c->digests.len, i }; /* the digest pushed below */
      if (!tdbg_bulk_output_alert (d.mode, tensor_ptrs[i], tensor_lengths[i], &out.size, &out.neg_inf, &out.pos_inf, &out.nan))
        continue;
      n_alerts++;
      if (c->alert_outputs->len < TDBG_ALERT_LIMIT)
        g_array_append_val (c->alert_outputs, out);
    }
  d.n_alert_outputs = (guint16) MIN (n_alerts, G_MAXUINT16);
  c->since_progress_alerts += n_alerts;
  if (n_alerts > 0)
    d.flags |= TDBG_DIGEST_HAS_INF_NAN;
  d.offset = record->offset;
  d.file_set = c->file_set;
  *(TdbgExecutionDigest *) tdbg_vec_push (&c->digests) = d;
  return chunk_tick (c, record);
}

void
tdbg_bulk_thread_init (TdbgBulkThread *t, TdbgLogdir *self)
{
  GString *names = g_string_new (NULL);

  memset (t, 0, sizeof *t);
  t->n_ops = self->ops->len;
  t->n_graphs = self->graphs->len;
  t->last_op = TDBG_NONE;
  t->graph_id_lengths = g_new (guint32, t->n_graphs);
  t->graph_id_starts = g_new (gsize, t->n_graphs);
  for (guint i = 0; i < t->n_graphs; i++)
    {
      const char *id = ((TdbgGraph *) g_ptr_array_index (self->graphs, i))->graph_id;
      t->graph_id_lengths[i] = strlen (id);
      t->graph_id_starts[i] = names->len;
      g_string_append_len (names, id, t->graph_id_lengths[i]);
    }
  t->next_op = g_new (guint32, t->n_ops);
  t->name_lengths = g_new (guint32, t->n_ops);
  t->name_starts = g_new (gsize, t->n_ops);
  t->op_graphs = g_new (guint32, t->n_ops);
  t->op_times = g_new (double, t->n_ops);
  t->first_trace = g_new (guint32, t->n_ops);
  t->first_inf_nan = g_new (guint32, t->n_ops);
  t->traced_slots = g_new0 (guint64, t->n_ops);
  t->places = g_array_new (FALSE, FALSE, sizeof (TdbgTracePlace));
  t->last_place = (TdbgTracePlace) { G_MAXUINT16, G_MAXUINT8 };
  for (guint i = 0; i < t->n_ops; i++)
    {
      t->next_op[i] = t->first_trace[i] = t->first_inf_nan[i] = TDBG_NONE;
      const TdbgOp *op = g_ptr_array_index (self->ops, i);
      t->name_lengths[i] = strlen (op->op_name);
      t->name_starts[i] = names->len;
      g_string_append_len (names, op->op_name, t->name_lengths[i]);
      t->op_graphs[i] = op->graph;
      t->op_times[i] = INFINITY;
    }
  t->names = g_string_free (names, FALSE);
}

void
tdbg_bulk_thread_clear (TdbgBulkThread *t)
{
  g_free (t->next_op);
  g_free (t->name_lengths);
  g_free (t->names);
  g_free (t->name_starts);
  g_free (t->op_graphs);
  g_free (t->graph_id_starts);
  g_free (t->graph_id_lengths);
  g_free (t->op_times);
  g_free (t->first_trace);
  g_free (t->first_inf_nan);
  g_free (t->traced_slots);
  g_clear_pointer (&t->places, g_array_unref);
}

void
tdbg_bulk_chunk_init (TdbgBulkChunk *c, TdbgLogdir *self, guint file_set, TdbgFileKind kind,
                      const char *file_name, GCancellable *cancellable)
{
  memset (c, 0, sizeof *c);
  c->self = self;
  c->file_set = file_set;
  c->kind = kind;
  c->file_name = file_name;
  c->cancellable = cancellable;
  tdbg_vec_init (&c->digests, kind == TDBG_FILE_EXECUTION ? sizeof (TdbgExecutionDigest) : sizeof (TdbgTraceDigest));
  c->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  c->orphans = g_array_new (FALSE, FALSE, sizeof (Orphan));
  c->alert_traces = g_array_new (FALSE, FALSE, sizeof (TdbgAlertTrace));
  c->alert_outputs = g_array_new (FALSE, FALSE, sizeof (TdbgAlertOutput));
  c->inf_nan = tdbg_alert_kind_get (TDBG_ALERT_INF_NAN);
}

void
tdbg_bulk_chunk_clear (TdbgBulkChunk *c)
{
  tdbg_vec_clear (&c->digests);
  g_ptr_array_unref (c->problems);
  for (guint i = 0; i < c->orphans->len; i++)
    g_free (g_array_index (c->orphans, Orphan, i).name);
  g_array_unref (c->orphans);
  g_array_unref (c->alert_traces);
  g_array_unref (c->alert_outputs);
}

void
tdbg_bulk_chunk_run (TdbgBulkChunk *c, TdbgBulkThread *thread, const guint8 *data, gsize length, guint64 base_offset)
{
  c->thread = thread;
  c->since_progress_offset = data;
  /* A guess at the digests' number saves growing them: the records of a kind are much alike. */
  tdbg_vec_reserve (&c->digests, length / 256 + 16);
  tdbg_record_scan (data, length, base_offset, c->file_name, c->problems,
                    c->kind == TDBG_FILE_EXECUTION ? execution_record : trace_record, c, &c->result);
  tdbg_logdir_add_progress (c->self, data + length - c->since_progress_offset, c->since_progress_records,
                            c->since_progress_alerts);
  c->since_progress_alerts = 0;
  c->thread = NULL;
}
