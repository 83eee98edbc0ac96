/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bulk path's reading of one record: a trace record into its TdbgTraceInfo, an
 * execution's output tested for NaN/∞, straight from the wire bytes without allocating.
 * The usual layout is read field after field in a straight line; anything else by the
 * general field loops (tdbg-wire.h), which are the reference (test-bulk-decode.c). */

#include "tdbg-bulk-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-alert-kind.h"
#include "tdbg-records.h"
#include "tdbg-tensor.h"
#include "tdbg-wire.h"

/* The summary modes' slots that the index reads: FULL_HEALTH's eighth is the last. */
#define MAX_SLOTS 8

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

/* ---- the usual layout, read straight ------------------------------------------------
 * TensorFlow writes a trace's fields in their numbers' order, each once, with short
 * lengths. These read that layout and nothing else: anything unusual (another order, a
 * repeated or unknown field, a long varint) makes them return FALSE, and the record is read
 * again by the field loops above, which give the same answer for this layout. */

/* A varint of at most two bytes. */
static inline gboolean
fast_varint (const guint8 **p, const guint8 *end, gsize *value)
{
  const guint8 *q = *p;

  if (G_LIKELY (q < end && q[0] < 0x80))
    {
      *value = q[0];
      *p = q + 1;
      return TRUE;
    }
  if (q + 1 < end && q[1] < 0x80)
    {
      *value = (gsize) (q[0] & 0x7f) | (gsize) q[1] << 7;
      *p = q + 2;
      return TRUE;
    }
  return FALSE;
}

/* A length of at most two varint bytes that fits what is left. */
static inline gboolean
fast_length (const guint8 **p, const guint8 *end, gsize *length)
{
  return fast_varint (p, end, length) && *length <= (gsize) (end - *p);
}

/* A length-delimited field whose one-byte key is @key. */
static inline gboolean
fast_bytes (const guint8 **p, const guint8 *end, guint8 key, const guint8 **data, gsize *length)
{
  if (*p >= end || **p != key)
    return FALSE;
  (*p)++;
  if (!fast_length (p, end, length))
    return FALSE;
  *data = *p;
  *p += *length;
  return TRUE;
}

/* A varint field of one key byte and one value byte. */
static inline gboolean
fast_small (const guint8 **p, const guint8 *end, guint8 key, guint8 *value)
{
  if (*p + 1 >= end || (*p)[0] != key || (*p)[1] >= 0x80)
    return FALSE;
  *value = (*p)[1];
  *p += 2;
  return TRUE;
}

/* A TensorShapeProto of dims that hold only a size below 2^14 (none of them 0). */
static gboolean
fast_shape (const guint8 *p, gsize length, FastTensor *t)
{
  const guint8 *end = p + length;
  guint64 n = 1;
  gint rank = 0;

  while (p < end)
    {
      gsize dim_length, size;
      const guint8 *dim;
      if (!fast_bytes (&p, end, 2 << 3 | 2, &dim, &dim_length) || dim_length < 2 || dim[0] != 1 << 3)
        return FALSE;
      dim++;
      if (!fast_varint (&dim, p, &size) || dim != p || size == 0)
        return FALSE;
      n *= size; /* at most 2^14 per dim: fits unless the rank is above 4 */
      if (++rank > 4)
        return FALSE;
    }
  t->rank = rank;
  t->n_elements = n;
  return TRUE;
}

/* A TensorProto of dtype, shape and tensor_content, in that order. */
static gboolean
fast_tensor (const guint8 *data, gsize length, FastTensor *t)
{
  const guint8 *p = data, *end = data + length, *shape;
  gsize shape_length;
  guint8 dtype;

  memset (t, 0, sizeof *t);
  t->present = TRUE;
  t->rank = -1;
  if (!fast_small (&p, end, 1 << 3, &dtype) || !fast_bytes (&p, end, 2 << 3 | 2, &shape, &shape_length) ||
      !fast_bytes (&p, end, 4 << 3 | 2, &t->content, &t->content_length) || p != end)
    return FALSE;
  t->dtype = dtype;
  return fast_shape (shape, shape_length, t) || parse_shape (shape, shape_length, t);
}

static gboolean
read_tensor (const guint8 *data, gsize length, FastTensor *t)
{
  return G_LIKELY (fast_tensor (data, length, t)) || parse_tensor (data, length, t);
}

/* A DebugEvent of wall_time and a GraphExecutionTrace of context, name, the output slot
 * when not 0, mode, tensor and device. */
static gboolean
fast_trace (const TdbgRecord *record, TdbgTraceInfo *d, TdbgTraceNames *names,
            const guint8 **tensor, gsize *tensor_length)
{
  const guint8 *p = record->data, *end = p + record->length;
  gsize body_length;
  guint8 slot = 0;

  if (G_BYTE_ORDER != G_LITTLE_ENDIAN || record->length < 11 || p[0] != (1 << 3 | 1) || p[9] != (10 << 3 | 2))
    return FALSE;
  p += 10;
  if (!fast_length (&p, end, &body_length) || body_length != (gsize) (end - p) ||
      !fast_bytes (&p, end, 1 << 3 | 2, &names->context, &names->context_length) ||
      !fast_bytes (&p, end, 2 << 3 | 2, &names->name, &names->name_length) ||
      (p < end && *p == (3 << 3) && !fast_small (&p, end, 3 << 3, &slot)) ||
      !fast_small (&p, end, 4 << 3, &d->mode) ||
      !fast_bytes (&p, end, 5 << 3 | 2, tensor, tensor_length) ||
      !fast_bytes (&p, end, 6 << 3 | 2, &names->device, &names->device_length) || p != end)
    return FALSE;
  memcpy (&d->wall_time, record->data + 1, 8);
  d->output_slot = slot;
  return TRUE;
}

/* Up to MAX_SLOTS little-endian doubles (@width 8) or floats (4) of @length bytes. */
static guint
read_values (const guint8 *p, gsize length, gsize width, double *slots)
{
  guint n = 0;
  for (; n < MAX_SLOTS && (n + 1) * width <= length; n++)
    if (width == 8)
      {
        guint64 u;
        memcpy (&u, p + n * 8, 8);
        u = GUINT64_FROM_LE (u);
        memcpy (&slots[n], &u, 8);
      }
    else
      {
        guint32 u;
        float f;
        memcpy (&u, p + n * 4, 4);
        u = GUINT32_FROM_LE (u);
        memcpy (&f, &u, 4);
        slots[n] = f;
      }
  return n;
}

/* A summary vector: up to MAX_SLOTS doubles from whichever field holds them. */
static guint
summary_slots (const FastTensor *t, double *slots)
{
  guint n;
  if (t->content != NULL && t->dtype == TDBG_DT_DOUBLE && G_BYTE_ORDER == G_LITTLE_ENDIAN)
    {
      n = MIN (MAX_SLOTS, t->content_length / 8);
      if (n == MAX_SLOTS)
        memcpy (slots, t->content, MAX_SLOTS * 8); /* a constant size: no call */
      else
        memcpy (slots, t->content, n * 8);
      return n;
    }
  if (t->content != NULL && t->dtype == TDBG_DT_DOUBLE)
    return read_values (t->content, t->content_length, 8, slots);
  if (t->content != NULL && t->dtype == TDBG_DT_FLOAT)
    return read_values (t->content, t->content_length, 4, slots);
  if (t->doubles != NULL)
    return read_values (t->doubles, t->doubles_length, 8, slots);
  if (t->floats != NULL)
    return read_values (t->floats, t->floats_length, 4, slots);
  return 0;
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

/* Reads the DebugEvent envelope: wall_time and the member of `what`. */
gboolean
tdbg_bulk_parse_envelope (const TdbgRecord *record, guint32 *what, double *wall_time, const guint8 **body, gsize *length)
{
  TdbgWire w;
  TdbgWireField f;

  *what = 0;
  *wall_time = 0;
  /* The usual layout: the wall time first, then the event, and nothing else. */
  if (record->length > 9 && record->data[0] == (1 << 3 | 1))
    {
      memcpy (wall_time, record->data + 1, 8);
      tdbg_wire_init (&w, record->data + 9, record->length - 9);
      if (G_BYTE_ORDER == G_LITTLE_ENDIAN && tdbg_wire_next (&w, &f) && f.wire_type == 2 && f.number >= 3 &&
          w.p == w.end)
        {
          *what = f.number;
          *body = f.data;
          *length = f.length;
          return TRUE;
        }
      *wall_time = 0;
    }
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
  /* Counts fit 63 bits: the signed conversion is one instruction. */
  if (G_LIKELY (v >= 0 && v < 9223372036854775808.0))
    return (guint64) (gint64) v;
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
  double slots[MAX_SLOTS]; /* the first n are read */
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

/* The field loops alone: the reference the straight reading is tested against. */
const char *
tdbg_bulk_parse_trace_slow (const TdbgRecord *record, TdbgTraceInfo *d, TdbgTraceNames *names)
{
  guint32 what;
  const guint8 *body = NULL, *tensor = NULL;
  gsize body_length = 0, tensor_length = 0;
  TdbgWire w;
  TdbgWireField f;
  FastTensor t = { 0 };

  memset (d, 0, sizeof *d);
  memset (names, 0, sizeof *names);
  if (!tdbg_bulk_parse_envelope (record, &what, &d->wall_time, &body, &body_length) || what != 10)
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

const char *
tdbg_bulk_parse_trace (const TdbgRecord *record, TdbgTraceInfo *d, TdbgTraceNames *names)
{
  const guint8 *tensor = NULL;
  gsize tensor_length = 0;
  FastTensor t;

  memset (d, 0, sizeof *d);
  memset (names, 0, sizeof *names);
  if (!fast_trace (record, d, names, &tensor, &tensor_length) || !fast_tensor (tensor, tensor_length, &t))
    return tdbg_bulk_parse_trace_slow (record, d, names);
  d->offset = record->offset;
  fill_trace_health (d, &t, tensor, tensor_length);
  return NULL;
}
gboolean
tdbg_bulk_output_alert (guint mode, const guint8 *data, gsize length,
                        double *size, double *neg_inf, double *pos_inf, double *nan)
{
  FastTensor t;
  double slots[MAX_SLOTS];

  *size = *neg_inf = *pos_inf = *nan = NAN;
  if (!read_tensor (data, length, &t))
    return FALSE;
  if (mode == TDBG_MODE_FULL_TENSOR)
    return full_tensor_alert (data, length, &t, size, neg_inf, pos_inf, nan);
  return tdbg_summary_alert (mode, slots, summary_slots (&t, slots), size, neg_inf, pos_inf, nan);
}
