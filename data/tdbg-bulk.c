/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bulk path: graph execution traces and executions, millions of small records, read
 * straight from the wire into compact digests without allocating per record. A large file
 * is split at a record boundary and its halves are read on both cores. */

#include "tdbg-logdir-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-alert-kind.h"
#include "tdbg-records.h"
#include "tdbg-tensor.h"
#include "tdbg-wire.h"

#define MAX_SLOTS 16
#define SPLIT_THRESHOLD (8 * 1024 * 1024)
#define PROGRESS_EVERY 8192

/* What the bulk path needs of a TensorProto. */
typedef struct {
  gint dtype;
  gint rank;
  guint64 n_elements;
  const guint8 *content;
  gsize content_length;
  const guint8 *doubles;  /* packed double_val */
  gsize doubles_length;
  const guint8 *floats;   /* packed float_val */
  gsize floats_length;
  gboolean other_values;  /* any other typed field: decode the slow way */
  gboolean present;
} FastTensor;

static gboolean
parse_shape (const guint8 *data, gsize length, FastTensor *t)
{
  TdbgWire w;
  TdbgWireField f;

  tdbg_wire_init (&w, data, length);
  t->rank = 0;
  t->n_elements = 1;
  while (tdbg_wire_next (&w, &f))
    {
      if (f.number == 2 && f.wire_type == 2)
        {
          TdbgWire dim;
          TdbgWireField df;
          gint64 size = 0;
          tdbg_wire_init (&dim, f.data, f.length);
          while (tdbg_wire_next (&dim, &df))
            if (df.number == 1 && df.wire_type == 0)
              size = (gint64) df.varint;
          if (dim.failed)
            return FALSE;
          t->rank++;
          t->n_elements = size <= 0 ? 0 : (t->n_elements > G_MAXUINT64 / (guint64) size ? G_MAXUINT64 : t->n_elements * size);
        }
      else if (f.number == 3 && f.wire_type == 0 && f.varint)
        t->rank = -1;
    }
  return !w.failed;
}

static gboolean
parse_tensor (const guint8 *data, gsize length, FastTensor *t)
{
  TdbgWire w;
  TdbgWireField f;

  memset (t, 0, sizeof *t);
  t->present = TRUE;
  t->rank = -1;
  tdbg_wire_init (&w, data, length);
  while (tdbg_wire_next (&w, &f))
    {
      switch (f.number)
        {
        case 1: t->dtype = (gint) f.varint; break;
        case 2: if (f.wire_type == 2 && !parse_shape (f.data, f.length, t)) return FALSE; break;
        case 3: break;
        case 4: t->content = f.data; t->content_length = f.length; break;
        case 5: if (f.wire_type == 2) { t->floats = f.data; t->floats_length = f.length; } else t->other_values = TRUE; break;
        case 6: if (f.wire_type == 2) { t->doubles = f.data; t->doubles_length = f.length; } else t->other_values = TRUE; break;
        default: t->other_values = TRUE; break;
        }
    }
  return !w.failed;
}

/* A summary vector: up to MAX_SLOTS doubles from whichever field holds them. */
static guint
summary_slots (const FastTensor *t, double *slots)
{
  guint n = 0;
  if (t->content != NULL && t->dtype == TDBG_DT_DOUBLE)
    for (; n < MAX_SLOTS && (n + 1) * 8 <= t->content_length; n++)
      {
        guint64 u;
        memcpy (&u, t->content + n * 8, 8);
        u = GUINT64_FROM_LE (u);
        memcpy (&slots[n], &u, 8);
      }
  else if (t->content != NULL && t->dtype == TDBG_DT_FLOAT)
    for (; n < MAX_SLOTS && (n + 1) * 4 <= t->content_length; n++)
      {
        guint32 u;
        float f;
        memcpy (&u, t->content + n * 4, 4);
        u = GUINT32_FROM_LE (u);
        memcpy (&f, &u, 4);
        slots[n] = f;
      }
  else if (t->doubles != NULL)
    for (; n < MAX_SLOTS && (n + 1) * 8 <= t->doubles_length; n++)
      {
        guint64 u;
        memcpy (&u, t->doubles + n * 8, 8);
        u = GUINT64_FROM_LE (u);
        memcpy (&slots[n], &u, 8);
      }
  else if (t->floats != NULL)
    for (; n < MAX_SLOTS && (n + 1) * 4 <= t->floats_length; n++)
      {
        guint32 u;
        float f;
        memcpy (&u, t->floats + n * 4, 4);
        u = GUINT32_FROM_LE (u);
        memcpy (&f, &u, 4);
        slots[n] = f;
      }
  return n;
}

/* Inf/NaN test of one value of FULL_TENSOR mode, as TensorBoard does it: only floating
 * tensors with elements. Falls back to a full decode for typed fields. */
static gboolean
full_tensor_alert (const guint8 *data, gsize length, const FastTensor *t,
                   double *size, double *neg_inf, double *pos_inf, double *nan)
{
  TdbgCounts counts = { 0 };

  if (!tdbg_dtype_is_floating (t->dtype) || t->n_elements == 0 || t->rank < 0)
    return FALSE;
  if (t->content != NULL && !t->other_values)
    tdbg_counts_from_content (t->dtype, t->content, t->content_length, &counts);
  else
    {
      Tensorflow__TensorProto *proto = tensorflow__tensor_proto__unpack (NULL, length, data);
      TdbgTensor tensor;
      if (proto == NULL)
        return FALSE;
      if (tdbg_tensor_init (&tensor, proto, NULL))
        tdbg_tensor_count (&tensor, &counts);
      tensorflow__tensor_proto__free_unpacked (proto, NULL);
    }
  *size = (double) t->n_elements;
  *neg_inf = counts.neg_inf;
  *pos_inf = counts.pos_inf;
  *nan = counts.nan;
  return tdbg_alert_kind_get (TDBG_ALERT_INF_NAN)->counts_alert (*neg_inf, *pos_inf, *nan);
}

/* ---- per-thread scanning state ------------------------------------------------------- */

typedef struct {
  guint32 digest;     /* index into the chunk's digests */
  guint32 graph;
  char *name;
  double wall_time;
} Orphan;

/* The wall time of a trace that raises an alert: the digest does not keep it, and the
 * alerts (the first TDBG_ALERT_LIMIT) show it. */
typedef struct {
  guint32 digest;
  double wall_time;
} AlertTime;

typedef struct {
  TdbgLogdir *self;
  GCancellable *cancellable;
  const char *file_name;
  guint8 file_set;
  TdbgFileKind kind;
  TdbgVec *digests;          /* TdbgTraceDigest or TdbgExecutionDigest: the logdir's own for
                              * the first chunk (no copy), own_digests for the second */
  gsize base;                /* digests->len when the chunk began */
  TdbgVec own_digests;
  GPtrArray *problems;
  GArray *orphans;           /* traces whose op was never created */
  guint64 since_progress_records;
  const guint8 *since_progress_offset;
  const guint8 *buffer_start;
  gboolean cancelled;
  /* One-entry caches: consecutive records mostly share graph and device. */
  const guint8 *last_graph_id;
  gsize last_graph_id_length;
  guint32 last_graph;
  const guint8 *last_device;
  gsize last_device_length;
  guint32 last_device_id;
  GHashTable *op_type_ids;   /* char* -> id + 1, a lock-free copy of what this thread saw */
  /* Traces name their ops in the same order step after step: the op that followed an op
   * last time is tried first, by comparing names, before hashing the name. */
  guint32 n_ops;             /* the op table's length while the chunks run (read only) */
  guint32 last_op;
  guint32 *next_op;          /* per op: the op traced after it last time, or TDBG_NONE */
  guint32 *name_lengths;     /* per op: strlen (op_name) */
  double *op_times;          /* per op: the least wall time of its traces here */
  GArray *alert_times;       /* AlertTime, the first TDBG_ALERT_LIMIT */
  gboolean too_large;
  TdbgScanResult result;
} Chunk;

static void
chunk_problem (Chunk *c, guint64 offset, const char *message)
{
  g_ptr_array_add (c->problems, tdbg_problem_new (c->file_name, offset, message));
}

static guint32
chunk_graph (Chunk *c, const guint8 *id, gsize length)
{
  if (c->last_graph_id == NULL || length != c->last_graph_id_length || memcmp (id, c->last_graph_id, length) != 0)
    {
      c->last_graph = tdbg_logdir_lookup_graph_bytes (c->self, (const char *) id, length);
      c->last_graph_id = id;
      c->last_graph_id_length = length;
    }
  return c->last_graph;
}

static guint32
chunk_device (Chunk *c, const guint8 *name, gsize length)
{
  if (c->last_device == NULL || length != c->last_device_length || memcmp (name, c->last_device, length) != 0)
    {
      c->last_device_id = tdbg_logdir_intern (c->self, (const char *) name, length);
      c->last_device = name;
      c->last_device_length = length;
    }
  return c->last_device_id;
}

static guint32
chunk_op_type (Chunk *c, const guint8 *name, gsize length)
{
  char stack_copy[256];
  g_autofree char *heap_copy = NULL;
  char *key = length < sizeof stack_copy ? stack_copy : (heap_copy = g_malloc (length + 1));
  gpointer found;
  guint32 id;

  memcpy (key, name, length);
  key[length] = '\0';
  found = g_hash_table_lookup (c->op_type_ids, key);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  id = tdbg_logdir_intern (c->self, key, length);
  g_hash_table_insert (c->op_type_ids, g_strdup (key), GUINT_TO_POINTER (id + 1));
  return id;
}

static guint32
chunk_op (Chunk *c, guint32 graph, const guint8 *name, gsize length)
{
  guint32 guess = c->last_op < c->n_ops ? c->next_op[c->last_op] : TDBG_NONE;
  guint32 op;

  if (guess != TDBG_NONE && c->name_lengths[guess] == length)
    {
      const TdbgOp *o = g_ptr_array_index (c->self->ops, guess);
      if (o->graph == graph && memcmp (o->op_name, name, length) == 0)
        return c->last_op = guess;
    }
  op = tdbg_logdir_lookup_op_bytes (c->self, graph, (const char *) name, length);
  if (op != TDBG_NONE && c->last_op < c->n_ops)
    c->next_op[c->last_op] = op;
  c->last_op = op;
  return op;
}

static void
chunk_note_time (Chunk *c, guint32 op, double wall_time)
{
  if (c->file_set == 0 && op < c->n_ops && wall_time < c->op_times[op])
    c->op_times[op] = wall_time;
}

static void
chunk_note_alert_time (Chunk *c, double wall_time)
{
  AlertTime at = { c->digests->len - c->base, wall_time };
  if (c->alert_times->len < TDBG_ALERT_LIMIT)
    g_array_append_val (c->alert_times, at);
}

static gboolean
chunk_tick (Chunk *c, const TdbgRecord *record)
{
  if (++c->since_progress_records < PROGRESS_EVERY)
    return TRUE;
  const guint8 *here = record->data + record->length;
  tdbg_logdir_add_progress (c->self, here - c->since_progress_offset, c->since_progress_records);
  c->since_progress_offset = here;
  c->since_progress_records = 0;
  if (g_cancellable_is_cancelled (c->cancellable))
    {
      c->cancelled = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Reads the DebugEvent envelope: wall_time and the member of `what`. */
static gboolean
parse_envelope (const TdbgRecord *record, guint32 *what, double *wall_time, const guint8 **body, gsize *length)
{
  TdbgWire w;
  TdbgWireField f;

  *what = 0;
  *wall_time = 0;
  tdbg_wire_init (&w, record->data, record->length);
  while (tdbg_wire_next (&w, &f))
    {
      if (f.number == 1 && f.wire_type == 1)
        *wall_time = tdbg_wire_double (&f);
      else if (f.wire_type == 2 && f.number >= 3)
        {
          *what = f.number;
          *body = f.data;
          *length = f.length;
        }
    }
  return !w.failed;
}

/* Slots are doubles from the file: NaN and huge values must not reach a cast. */
static guint8
slot_byte (double v)
{
  return v >= 0 && v <= 255 ? (guint8) v : 0;
}

static guint64
slot_count (double v)
{
  return v >= 0 && v < 18446744073709551616.0 ? (guint64) v : (v >= 0 ? G_MAXUINT64 : 0);
}

static void
store_counts (TdbgTraceInfo *d, double neg_inf, double pos_inf, double nan)
{
  d->neg_inf = slot_count (neg_inf);
  d->pos_inf = slot_count (pos_inf);
  d->nan = slot_count (nan);
}

static void
fill_trace_health (TdbgTraceInfo *d, const FastTensor *t, const guint8 *tensor_data, gsize tensor_length)
{
  double slots[MAX_SLOTS] = { 0 };
  double size = 0, neg_inf = 0, pos_inf = 0, nan = 0;
  guint n;

  switch (d->mode)
    {
    case TDBG_MODE_FULL_TENSOR:
      d->dtype = t->dtype >= 0 && t->dtype <= 255 ? t->dtype : 0;
      if (t->rank >= 0)
        {
          d->size = t->n_elements;
          d->flags |= TDBG_DIGEST_HAS_SIZE;
        }
      if (tdbg_dtype_is_floating (t->dtype))
        d->flags |= TDBG_DIGEST_HAS_COUNTS;
      if (full_tensor_alert (tensor_data, tensor_length, t, &size, &neg_inf, &pos_inf, &nan))
        d->flags |= TDBG_DIGEST_HAS_INF_NAN;
      store_counts (d, neg_inf, pos_inf, nan);
      return;
    case TDBG_MODE_SHAPE:
      n = summary_slots (t, slots);
      if (n >= 4)
        {
          d->dtype = slot_byte (slots[1]);
          d->size = slot_count (slots[3]);
          d->flags |= TDBG_DIGEST_HAS_SIZE;
        }
      return;
    default:
      n = summary_slots (t, slots);
      if (d->mode == TDBG_MODE_FULL_HEALTH && n >= 3)
        d->dtype = slot_byte (slots[2]);
      if (tdbg_summary_alert (d->mode, slots, n, &size, &neg_inf, &pos_inf, &nan))
        d->flags |= TDBG_DIGEST_HAS_INF_NAN;
      if (!isnan (size))
        {
          d->size = slot_count (size);
          d->flags |= TDBG_DIGEST_HAS_SIZE;
        }
      if (!isnan (neg_inf))
        {
          store_counts (d, neg_inf, pos_inf, nan);
          d->flags |= TDBG_DIGEST_HAS_COUNTS;
        }
      return;
    }
}

const char *
tdbg_bulk_parse_trace (const TdbgRecord *record, TdbgTraceInfo *d, TdbgTraceNames *names)
{
  guint32 what;
  const guint8 *body = NULL, *tensor = NULL;
  gsize body_length = 0, tensor_length = 0;
  TdbgWire w;
  TdbgWireField f;
  FastTensor t = { 0 };

  memset (d, 0, sizeof *d);
  memset (names, 0, sizeof *names);
  if (!parse_envelope (record, &what, &d->wall_time, &body, &body_length) || what != 10)
    return what == 0 || what == 10
           ? _("intact record does not hold a valid DebugEvent message; skipped")
           : _("event of a kind that does not belong in this file; skipped");
  tdbg_wire_init (&w, body, body_length);
  while (tdbg_wire_next (&w, &f))
    switch (f.number)
      {
      case 1: names->context = f.data; names->context_length = f.length; break;
      case 2: names->name = f.data; names->name_length = f.length; break;
      case 3: d->output_slot = (guint16) MIN (f.varint, G_MAXUINT16); break;
      case 4: d->mode = (guint8) MIN (f.varint, 255); break;
      case 5: tensor = f.data; tensor_length = f.length; break;
      case 6: names->device = f.data; names->device_length = f.length; break;
      default: break;
      }
  if (w.failed || (tensor != NULL && !parse_tensor (tensor, tensor_length, &t)))
    return _("intact record does not hold a valid GraphExecutionTrace; skipped");
  d->offset = record->offset;
  fill_trace_health (d, &t, tensor, tensor_length);
  return NULL;
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
  TdbgTraceDigest packed;
  const char *problem = tdbg_bulk_parse_trace (record, &d, &names);
  guint32 graph;

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
  d.device = (guint16) MIN (chunk_device (c, or_empty (names.device), names.device_length), G_MAXUINT16);
  graph = chunk_graph (c, or_empty (names.context), names.context_length);
  d.op = chunk_op (c, graph, or_empty (names.name), names.name_length);
  if (d.op == TDBG_NONE)
    {
      Orphan orphan = { c->digests->len - c->base, graph, g_strndup ((const char *) names.name, names.name_length), d.wall_time };
      g_array_append_val (c->orphans, orphan);
    }
  else
    chunk_note_time (c, d.op, d.wall_time);
  if (d.flags & TDBG_DIGEST_HAS_INF_NAN)
    chunk_note_alert_time (c, d.wall_time);
  tdbg_trace_digest_pack (&packed, &d);
  tdbg_vec_append (c->digests, &packed, 1);
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

  if (!parse_envelope (record, &what, &d.wall_time, &body, &body_length) || what != 9)
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
      case 3: d.graph = f.length ? tdbg_logdir_lookup_graph_bytes (c->self, (const char *) f.data, f.length) : TDBG_NONE; break;
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
      FastTensor t;
      double slots[MAX_SLOTS], size, neg_inf, pos_inf, nan;
      gboolean alert;
      if (!parse_tensor (tensor_ptrs[i], tensor_lengths[i], &t))
        continue;
      if (d.mode == TDBG_MODE_FULL_TENSOR)
        alert = full_tensor_alert (tensor_ptrs[i], tensor_lengths[i], &t, &size, &neg_inf, &pos_inf, &nan);
      else
        alert = tdbg_summary_alert (d.mode, slots, summary_slots (&t, slots), &size, &neg_inf, &pos_inf, &nan);
      n_alerts += alert;
    }
  d.n_alert_outputs = (guint16) MIN (n_alerts, G_MAXUINT16);
  if (n_alerts > 0)
    d.flags |= TDBG_DIGEST_HAS_INF_NAN;
  d.offset = record->offset;
  d.file_set = c->file_set;
  tdbg_vec_append (c->digests, &d, 1);
  return chunk_tick (c, record);
}

static void
chunk_init (Chunk *c, TdbgLogdir *self, guint file_set, TdbgFileKind kind, const char *file_name,
            gboolean first, GCancellable *cancellable)
{
  memset (c, 0, sizeof *c);
  c->self = self;
  c->file_set = file_set;
  c->kind = kind;
  c->file_name = file_name;
  c->cancellable = cancellable;
  tdbg_vec_init (&c->own_digests, kind == TDBG_FILE_EXECUTION ? sizeof (TdbgExecutionDigest) : sizeof (TdbgTraceDigest));
  c->digests = !first ? &c->own_digests : kind == TDBG_FILE_EXECUTION ? &self->executions : &self->traces;
  c->base = c->digests->len;
  c->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  c->orphans = g_array_new (FALSE, FALSE, sizeof (Orphan));
  c->op_type_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->alert_times = g_array_new (FALSE, FALSE, sizeof (AlertTime));
  c->n_ops = self->ops->len;
  c->last_op = TDBG_NONE;
  if (kind == TDBG_FILE_GRAPH_EXECUTION_TRACES)
    {
      c->next_op = g_new (guint32, c->n_ops);
      c->name_lengths = g_new (guint32, c->n_ops);
      c->op_times = g_new (double, c->n_ops);
      for (guint i = 0; i < c->n_ops; i++)
        {
          c->next_op[i] = TDBG_NONE;
          c->name_lengths[i] = strlen (((TdbgOp *) g_ptr_array_index (self->ops, i))->op_name);
          c->op_times[i] = INFINITY;
        }
    }
}

static void
chunk_clear (Chunk *c)
{
  tdbg_vec_clear (&c->own_digests);
  g_ptr_array_unref (c->problems);
  for (guint i = 0; i < c->orphans->len; i++)
    g_free (g_array_index (c->orphans, Orphan, i).name);
  g_array_unref (c->orphans);
  g_hash_table_unref (c->op_type_ids);
  g_array_unref (c->alert_times);
  g_free (c->next_op);
  g_free (c->name_lengths);
  g_free (c->op_times);
}

typedef struct {
  Chunk *chunk;
  const guint8 *data;
  gsize length;
  guint64 base_offset;
} ChunkJob;

static gpointer
run_chunk (gpointer user_data)
{
  ChunkJob *job = user_data;
  Chunk *c = job->chunk;

  c->buffer_start = c->since_progress_offset = job->data;
  tdbg_record_scan (job->data, job->length, job->base_offset, c->file_name, c->problems,
                    c->kind == TDBG_FILE_EXECUTION ? execution_record : trace_record, c, &c->result);
  tdbg_logdir_add_progress (c->self, job->data + job->length - c->since_progress_offset, c->since_progress_records);
  return NULL;
}

static void
note_op_time (TdbgLogdir *self, guint32 op, double wall_time)
{
  TdbgOp *o = g_ptr_array_index (self->ops, op);
  o->earliest_trace_time = MIN (o->earliest_trace_time, wall_time);
}

/* Appends a chunk's digests, resolving ops that were never created (serially: the op
 * table is only read while the chunks run). */
static void
merge_chunk (TdbgLogdir *self, Chunk *c)
{
  gsize base = self->traces.len;

  if (c->kind == TDBG_FILE_EXECUTION)
    {
      if (c->digests != &self->executions)
        tdbg_vec_append (&self->executions, c->digests->data, c->digests->len);
      self->n_executions_all += c->digests->len - c->base;
      tdbg_logdir_take_problems (self, c->problems);
      return;
    }
  if (c->digests != &self->traces)
    tdbg_vec_append (&self->traces, c->digests->data, c->digests->len);
  else
    base = c->base;
  for (guint i = 0; i < c->orphans->len; i++)
    {
      Orphan *o = &g_array_index (c->orphans, Orphan, i);
      guint32 op = tdbg_logdir_add_op (self, o->graph, o->name, strlen (o->name));
      tdbg_vec_index (&self->traces, TdbgTraceDigest, base + o->digest).op = op;
      if (c->file_set == 0)
        note_op_time (self, op, o->wall_time);
    }
  for (guint i = 0; i < c->n_ops; i++)
    if (c->op_times[i] != INFINITY)
      note_op_time (self, i, c->op_times[i]);
  for (guint i = 0; i < c->alert_times->len; i++)
    {
      AlertTime *at = &g_array_index (c->alert_times, AlertTime, i);
      TdbgAlertTime t = { base + at->digest, at->wall_time };
      g_array_append_val (self->alert_times, t);
    }
  tdbg_logdir_take_problems (self, c->problems);
}

gboolean
tdbg_bulk_scan (TdbgLogdir *self, guint file_set, TdbgFileKind kind, GBytes *bytes,
                guint64 base_offset, TdbgScanResult *result, GCancellable *cancellable)
{
  const TdbgFileSet *fs = g_ptr_array_index (self->file_sets, file_set);
  const char *file_name = fs->files[kind].file_name;
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  gsize split = length;
  Chunk chunks[2];
  ChunkJob jobs[2];
  guint n_chunks = 1;
  gboolean ok = TRUE;

  if (length >= SPLIT_THRESHOLD)
    split = tdbg_record_find_next (data, length, length / 2);
  if (split != G_MAXSIZE && split < length && split > 0)
    n_chunks = 2;
  else
    split = length;

  for (guint i = 0; i < n_chunks; i++)
    chunk_init (&chunks[i], self, file_set, kind, file_name, i == 0, cancellable);
  jobs[0] = (ChunkJob) { &chunks[0], data, split, base_offset };
  if (n_chunks == 2)
    {
      GThread *worker;
      jobs[1] = (ChunkJob) { &chunks[1], data + split, length - split, base_offset + split };
      worker = g_thread_new ("tdbg-bulk", run_chunk, &jobs[1]);
      run_chunk (&jobs[0]);
      g_thread_join (worker);
      /* The first half ends exactly where the second begins unless damage straddles the
       * split; then what it took for a partial record is damage. */
      if (chunks[0].result.partial_tail)
        chunk_problem (&chunks[0], chunks[0].result.resume_offset,
                       _("damaged record; skipped to the next intact record"));
    }
  else
    run_chunk (&jobs[0]);

  *result = chunks[n_chunks - 1].result;
  for (guint i = 0; i < n_chunks; i++)
    {
      ok = ok && !chunks[i].cancelled;
      if (i + 1 < n_chunks)
        result->n_records += chunks[i].result.n_records;
      merge_chunk (self, &chunks[i]);
      chunk_clear (&chunks[i]);
    }
  return ok;
}
