/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A minimal protobuf wire-format reader for the bulk paths, where unpacking a whole message
 * per record would allocate (and the two writes that make such bytes by hand). Every read is bounds-checked; a malformed message makes the
 * reader fail rather than run past its buffer. */

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef struct {
  const guint8 *p;
  const guint8 *end;
  gboolean failed;
} TdbgWire;

typedef struct {
  guint32 number;
  guint8 wire_type;
  guint64 varint;           /* wire types 0, 1 (raw bits), 5 (raw bits) */
  const guint8 *data;       /* wire type 2 */
  gsize length;
} TdbgWireField;

static inline void
tdbg_wire_init (TdbgWire *w, const guint8 *data, gsize length)
{
  w->p = data;
  w->end = data + length;
  w->failed = FALSE;
}

static inline gboolean
tdbg_wire_varint (TdbgWire *w, guint64 *out)
{
  guint64 value = 0;
  /* Most keys, lengths and small values fit one byte. */
  if (G_LIKELY (w->p < w->end && *w->p < 0x80))
    {
      *out = *w->p++;
      return TRUE;
    }
  for (guint shift = 0; shift < 64; shift += 7)
    {
      if (w->p >= w->end)
        return !(w->failed = TRUE);
      guint8 byte = *w->p++;
      value |= (guint64) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        {
          *out = value;
          return TRUE;
        }
    }
  return !(w->failed = TRUE);
}

/* Reads the next field; FALSE at the end of the message or when it is malformed
 * (w->failed tells which). */
static inline gboolean
tdbg_wire_next (TdbgWire *w, TdbgWireField *f)
{
  guint64 key;
  if (w->p >= w->end || !tdbg_wire_varint (w, &key))
    return FALSE;
  /* Every field is set on every path, so that no caller reads one left from an earlier call. */
  f->number = (guint32) (key >> 3);
  f->wire_type = key & 7;
  f->varint = 0;
  f->data = NULL;
  f->length = 0;
  if (f->number == 0 || key >> 3 > G_MAXINT32)
    return !(w->failed = TRUE);
  switch (f->wire_type)
    {
    case 0:
      return tdbg_wire_varint (w, &f->varint);
    case 1:
      if (w->end - w->p < 8)
        return !(w->failed = TRUE);
      memcpy (&f->varint, w->p, 8);
      f->varint = GUINT64_FROM_LE (f->varint);
      w->p += 8;
      return TRUE;
    case 5:
      {
        guint32 v;
        if (w->end - w->p < 4)
          return !(w->failed = TRUE);
        memcpy (&v, w->p, 4);
        f->varint = GUINT32_FROM_LE (v);
        w->p += 4;
        return TRUE;
      }
    case 2:
      {
        guint64 length;
        if (!tdbg_wire_varint (w, &length) || length > (guint64) (w->end - w->p))
          return !(w->failed = TRUE);
        f->data = w->p;
        f->length = length;
        w->p += length;
        return TRUE;
      }
    default:
      return !(w->failed = TRUE);
    }
}

static inline double
tdbg_wire_double (const TdbgWireField *f)
{
  double d;
  memcpy (&d, &f->varint, 8);
  return d;
}

/* Writing, for what makes records by hand (a V1 dump's tensors, tests): a varint, and a
 * length-delimited field. */
static inline void
tdbg_wire_put_varint (GByteArray *out, guint64 value)
{
  do
    {
      guint8 byte = (value & 0x7f) | (value > 0x7f ? 0x80 : 0);
      g_byte_array_append (out, &byte, 1);
      value >>= 7;
    }
  while (value);
}

static inline void
tdbg_wire_put_bytes (GByteArray *out, guint32 number, const void *data, gsize length)
{
  tdbg_wire_put_varint (out, (guint64) number << 3 | 2);
  tdbg_wire_put_varint (out, length);
  g_byte_array_append (out, data, length);
}

G_END_DECLS
