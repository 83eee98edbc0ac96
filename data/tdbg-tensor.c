/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-tensor.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"
#include "tdbg-wire.h"

static const struct {
  const char *name;
  gsize size;
} dtype_info[] = {
  [TDBG_DT_INVALID] = { "invalid", 0 },   [TDBG_DT_FLOAT] = { "float32", 4 },
  [TDBG_DT_DOUBLE] = { "float64", 8 },    [TDBG_DT_INT32] = { "int32", 4 },
  [TDBG_DT_UINT8] = { "uint8", 1 },       [TDBG_DT_INT16] = { "int16", 2 },
  [TDBG_DT_INT8] = { "int8", 1 },         [TDBG_DT_STRING] = { "string", 0 },
  [TDBG_DT_COMPLEX64] = { "complex64", 8 }, [TDBG_DT_INT64] = { "int64", 8 },
  [TDBG_DT_BOOL] = { "bool", 1 },         [TDBG_DT_QINT8] = { "qint8", 1 },
  [TDBG_DT_QUINT8] = { "quint8", 1 },     [TDBG_DT_QINT32] = { "qint32", 4 },
  [TDBG_DT_BFLOAT16] = { "bfloat16", 2 }, [TDBG_DT_QINT16] = { "qint16", 2 },
  [TDBG_DT_QUINT16] = { "quint16", 2 },   [TDBG_DT_UINT16] = { "uint16", 2 },
  [TDBG_DT_COMPLEX128] = { "complex128", 16 }, [TDBG_DT_HALF] = { "float16", 2 },
  [TDBG_DT_RESOURCE] = { "resource", 0 }, [TDBG_DT_VARIANT] = { "variant", 0 },
  [TDBG_DT_UINT32] = { "uint32", 4 },     [TDBG_DT_UINT64] = { "uint64", 8 },
};

static gint
base_dtype (gint dtype)
{
  return dtype > 100 ? dtype - 100 : dtype; /* TF1 reference types */
}

const char *
tdbg_dtype_name (gint dtype)
{
  dtype = base_dtype (dtype);
  if (dtype >= 0 && dtype < (gint) G_N_ELEMENTS (dtype_info) && dtype_info[dtype].name != NULL)
    return dtype_info[dtype].name;
  return "unknown";
}

gsize
tdbg_dtype_size (gint dtype)
{
  dtype = base_dtype (dtype);
  if (dtype >= 0 && dtype < (gint) G_N_ELEMENTS (dtype_info))
    return dtype_info[dtype].size;
  return 0;
}

gboolean
tdbg_dtype_is_floating (gint dtype)
{
  dtype = base_dtype (dtype);
  return dtype == TDBG_DT_FLOAT || dtype == TDBG_DT_DOUBLE || dtype == TDBG_DT_HALF ||
         dtype == TDBG_DT_BFLOAT16;
}

double
tdbg_half_to_double (guint16 bits)
{
  int sign = bits >> 15, exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  double value;

  if (exponent == 0)
    value = ldexp (mantissa, -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = ldexp (mantissa + 1024, exponent - 25);
  return sign ? -value : value;
}

double
tdbg_bfloat16_to_double (guint16 bits)
{
  guint32 word = (guint32) bits << 16;
  float f;
  memcpy (&f, &word, 4);
  return f;
}

gboolean
tdbg_tensor_is_empty_proto (const Tensorflow__TensorProto *proto)
{
  return proto->dtype == 0 && proto->tensor_shape == NULL && proto->tensor_content.len == 0;
}

static guint64
typed_count (const Tensorflow__TensorProto *p)
{
  switch (base_dtype (p->dtype))
    {
    case TDBG_DT_FLOAT: return p->n_float_val;
    case TDBG_DT_DOUBLE: return p->n_double_val;
    case TDBG_DT_INT32: case TDBG_DT_INT16: case TDBG_DT_INT8: case TDBG_DT_UINT8:
    case TDBG_DT_QINT8: case TDBG_DT_QUINT8: case TDBG_DT_QINT32: case TDBG_DT_QINT16:
    case TDBG_DT_QUINT16: case TDBG_DT_UINT16:
      return p->n_int_val;
    case TDBG_DT_INT64: return p->n_int64_val;
    case TDBG_DT_BOOL: return p->n_bool_val;
    case TDBG_DT_HALF: case TDBG_DT_BFLOAT16: return p->n_half_val;
    case TDBG_DT_STRING: return p->n_string_val;
    case TDBG_DT_UINT32: return p->n_uint32_val;
    case TDBG_DT_UINT64: return p->n_uint64_val;
    case TDBG_DT_COMPLEX64: return p->n_scomplex_val / 2;
    case TDBG_DT_COMPLEX128: return p->n_dcomplex_val / 2;
    default: return 0;
    }
}

/* Strings in tensor_content: @n varint lengths first, then the bytes. Every length is checked
 * against what remains, so that no sum of lengths can wrap around and a hostile length can
 * neither size an allocation nor a read. Returns where the bytes start, or 0 when the lengths
 * don't fit (the bytes never start at 0: there is at least one length before them). */
static gsize
string_content_bytes_offset (const guint8 *data, gsize length, guint64 n)
{
  TdbgWire w;
  guint64 total = 0;

  tdbg_wire_init (&w, data, length);
  for (guint64 i = 0; i < n; i++)
    {
      guint64 v;
      if (!tdbg_wire_varint (&w, &v) || v > length - total)
        return 0;
      total += v;
    }
  return total <= (guint64) (w.end - w.p) ? (gsize) (w.p - data) : 0;
}

gboolean
tdbg_tensor_init (TdbgTensor *t, const Tensorflow__TensorProto *proto, GError **error)
{
  memset (t, 0, sizeof *t);
  t->proto = proto;
  t->dtype = proto->dtype;
  t->rank = -1;
  t->n_elements = 0;

  if (proto->tensor_shape != NULL && !proto->tensor_shape->unknown_rank)
    {
      gboolean overflow = FALSE;
      if (proto->tensor_shape->n_dim > TDBG_MAX_RANK)
        {
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
                       _("tensor rank %zu exceeds the supported %d"), proto->tensor_shape->n_dim, TDBG_MAX_RANK);
          return FALSE;
        }
      t->rank = proto->tensor_shape->n_dim;
      t->n_elements = 1;
      for (gint i = 0; i < t->rank; i++)
        {
          gint64 d = proto->tensor_shape->dim[i]->size;
          t->shape[i] = d;
          if (d < 0)
            {
              g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("tensor dimension %d is %" PRId64), i, d);
              return FALSE;
            }
          if (d != 0 && t->n_elements > G_MAXUINT64 / (guint64) d)
            overflow = TRUE;
          else
            t->n_elements *= (guint64) d;
        }
      if (overflow)
        {
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("tensor shape holds more elements than can be counted"));
          return FALSE;
        }
    }
  else if (proto->tensor_shape == NULL && tdbg_tensor_is_empty_proto (proto))
    return TRUE;

  if (t->n_elements == 0)
    {
      t->repr = TDBG_REPR_NONE;
      return TRUE;
    }

  if (proto->tensor_content.len > 0)
    {
      gsize size = tdbg_dtype_size (t->dtype);
      gboolean ok;
      if (base_dtype (t->dtype) == TDBG_DT_STRING)
        ok = (t->string_bytes_offset = string_content_bytes_offset (proto->tensor_content.data,
                                                                    proto->tensor_content.len, t->n_elements)) != 0;
      else
        ok = size != 0 && t->n_elements <= proto->tensor_content.len / size &&
             t->n_elements * size == proto->tensor_content.len;
      if (!ok)
        {
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
                       _("tensor content of %zu bytes does not hold %" PRIu64 " elements of %s"),
                       proto->tensor_content.len, t->n_elements, tdbg_dtype_name (t->dtype));
          return FALSE;
        }
      t->repr = TDBG_REPR_CONTENT;
      return TRUE;
    }

  guint64 n = typed_count (proto);
  if (n == 0)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
                   _("tensor of %" PRIu64 " elements of %s carries no values"),
                   t->n_elements, tdbg_dtype_name (t->dtype));
      return FALSE;
    }
  /* One typed value fills the whole tensor; otherwise there must be one per element. */
  if (n != 1 && n != t->n_elements)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
                   _("tensor of %" PRIu64 " elements carries %" PRIu64 " values"),
                   t->n_elements, n);
      return FALSE;
    }
  t->repr = TDBG_REPR_TYPED;
  return TRUE;
}

static double
content_double (gint dtype, const guint8 *p)
{
  switch (base_dtype (dtype))
    {
    case TDBG_DT_FLOAT: { guint32 u; float f; memcpy (&u, p, 4); u = GUINT32_FROM_LE (u); memcpy (&f, &u, 4); return f; }
    case TDBG_DT_DOUBLE: { guint64 u; double d; memcpy (&u, p, 8); u = GUINT64_FROM_LE (u); memcpy (&d, &u, 8); return d; }
    case TDBG_DT_HALF: return tdbg_half_to_double (p[0] | (p[1] << 8));
    case TDBG_DT_BFLOAT16: return tdbg_bfloat16_to_double (p[0] | (p[1] << 8));
    case TDBG_DT_INT8: case TDBG_DT_QINT8: return (gint8) p[0];
    case TDBG_DT_UINT8: case TDBG_DT_QUINT8: case TDBG_DT_BOOL: return p[0];
    case TDBG_DT_INT16: case TDBG_DT_QINT16: return (gint16) (p[0] | (p[1] << 8));
    case TDBG_DT_UINT16: case TDBG_DT_QUINT16: return (guint16) (p[0] | (p[1] << 8));
    case TDBG_DT_INT32: case TDBG_DT_QINT32: { gint32 v; memcpy (&v, p, 4); return GINT32_FROM_LE (v); }
    case TDBG_DT_UINT32: { guint32 v; memcpy (&v, p, 4); return GUINT32_FROM_LE (v); }
    case TDBG_DT_INT64: { gint64 v; memcpy (&v, p, 8); return (double) GINT64_FROM_LE (v); }
    case TDBG_DT_UINT64: { guint64 v; memcpy (&v, p, 8); return (double) GUINT64_FROM_LE (v); }
    case TDBG_DT_COMPLEX64: { guint32 u; float f; memcpy (&u, p, 4); u = GUINT32_FROM_LE (u); memcpy (&f, &u, 4); return f; }
    case TDBG_DT_COMPLEX128: { guint64 u; double d; memcpy (&u, p, 8); u = GUINT64_FROM_LE (u); memcpy (&d, &u, 8); return d; }
    default: return NAN;
    }
}

static double
typed_double (const Tensorflow__TensorProto *p, guint64 i)
{
  switch (base_dtype (p->dtype))
    {
    case TDBG_DT_FLOAT: return p->float_val[i];
    case TDBG_DT_DOUBLE: return p->double_val[i];
    case TDBG_DT_INT32: case TDBG_DT_INT16: case TDBG_DT_INT8: case TDBG_DT_UINT8:
    case TDBG_DT_QINT8: case TDBG_DT_QUINT8: case TDBG_DT_QINT32: case TDBG_DT_QINT16:
    case TDBG_DT_QUINT16: case TDBG_DT_UINT16:
      return p->int_val[i];
    case TDBG_DT_INT64: return (double) p->int64_val[i];
    case TDBG_DT_BOOL: return p->bool_val[i] ? 1 : 0;
    case TDBG_DT_HALF: return tdbg_half_to_double ((guint16) p->half_val[i]);
    case TDBG_DT_BFLOAT16: return tdbg_bfloat16_to_double ((guint16) p->half_val[i]);
    case TDBG_DT_UINT32: return p->uint32_val[i];
    case TDBG_DT_UINT64: return (double) p->uint64_val[i];
    case TDBG_DT_COMPLEX64: return p->scomplex_val[2 * i];
    case TDBG_DT_COMPLEX128: return p->dcomplex_val[2 * i];
    default: return NAN;
    }
}

gboolean
tdbg_dtype_is_complex (gint dtype)
{
  dtype = base_dtype (dtype);
  return dtype == TDBG_DT_COMPLEX64 || dtype == TDBG_DT_COMPLEX128;
}

/* The imaginary part: the second half of a complex element's bytes, or its typed value's
 * second number. */
double
tdbg_tensor_get_imag (const TdbgTensor *t, guint64 index)
{
  gint dtype = base_dtype (t->dtype);
  gsize half = tdbg_dtype_size (dtype) / 2;
  const Tensorflow__TensorProto *p = t->proto;
  guint64 i;

  if (!tdbg_dtype_is_complex (dtype))
    return 0.0;
  if (index >= t->n_elements)
    return NAN;
  if (t->repr == TDBG_REPR_CONTENT)
    {
      const guint8 *at = p->tensor_content.data + index * tdbg_dtype_size (dtype) + half;
      return dtype == TDBG_DT_COMPLEX64 ? content_double (TDBG_DT_FLOAT, at) : content_double (TDBG_DT_DOUBLE, at);
    }
  if (t->repr != TDBG_REPR_TYPED)
    return NAN;
  i = typed_count (p) == 1 ? 0 : index;
  return dtype == TDBG_DT_COMPLEX64 ? p->scomplex_val[2 * i + 1] : p->dcomplex_val[2 * i + 1];
}

double
tdbg_tensor_get_double (const TdbgTensor *t, guint64 index)
{
  if (index >= t->n_elements)
    return NAN;
  switch (t->repr)
    {
    case TDBG_REPR_CONTENT:
      if (tdbg_dtype_size (t->dtype) == 0)
        return NAN;
      return content_double (t->dtype, t->proto->tensor_content.data + index * tdbg_dtype_size (t->dtype));
    case TDBG_REPR_TYPED:
      if (base_dtype (t->dtype) == TDBG_DT_STRING)
        return NAN;
      return typed_double (t->proto, typed_count (t->proto) == 1 ? 0 : index);
    case TDBG_REPR_NONE:
    default:
      return NAN;
    }
}

gboolean
tdbg_dtype_is_wide_integer (gint dtype)
{
  dtype = base_dtype (dtype);
  return dtype == TDBG_DT_INT64 || dtype == TDBG_DT_UINT64;
}

/* The 64 bits of an int64 or uint64 element as recorded (a double keeps only 53 of them). */
static guint64
wide_integer_bits (const TdbgTensor *t, guint64 index)
{
  gint dtype = base_dtype (t->dtype);
  guint64 i;

  if (!tdbg_dtype_is_wide_integer (dtype) || index >= t->n_elements)
    return 0;
  if (t->repr == TDBG_REPR_CONTENT)
    {
      guint64 v;
      memcpy (&v, t->proto->tensor_content.data + index * 8, 8);
      return GUINT64_FROM_LE (v);
    }
  if (t->repr != TDBG_REPR_TYPED)
    return 0;
  i = typed_count (t->proto) == 1 ? 0 : index;
  return dtype == TDBG_DT_INT64 ? (guint64) t->proto->int64_val[i] : t->proto->uint64_val[i];
}

gint64
tdbg_tensor_get_int64 (const TdbgTensor *t, guint64 index)
{
  return (gint64) wide_integer_bits (t, index);
}

guint64
tdbg_tensor_get_uint64 (const TdbgTensor *t, guint64 index)
{
  return wide_integer_bits (t, index);
}

gboolean
tdbg_tensor_is_fill (const TdbgTensor *t)
{
  return t->repr == TDBG_REPR_TYPED && typed_count (t->proto) == 1;
}

GBytes *
tdbg_tensor_get_string (const TdbgTensor *t, guint64 index)
{
  if (base_dtype (t->dtype) != TDBG_DT_STRING || index >= t->n_elements)
    return NULL;
  if (t->repr == TDBG_REPR_TYPED)
    {
      const ProtobufCBinaryData *s = &t->proto->string_val[t->proto->n_string_val == 1 ? 0 : index];
      return g_bytes_new (s->data, s->len);
    }
  if (t->repr != TDBG_REPR_CONTENT)
    return NULL;
  /* The lengths before @index give its offset among the bytes; init checked that they all fit. */
  TdbgWire w;
  guint64 offset = 0, length = 0;
  tdbg_wire_init (&w, t->proto->tensor_content.data, t->string_bytes_offset);
  for (guint64 i = 0; i <= index; i++)
    {
      offset += length;
      if (!tdbg_wire_varint (&w, &length))
        return NULL;
    }
  return g_bytes_new (t->proto->tensor_content.data + t->string_bytes_offset + offset, length);
}

static inline void
count_value (double v, TdbgCounts *c)
{
  if (isnan (v))
    c->nan++;
  else if (isinf (v))
    {
      if (v < 0)
        c->neg_inf++;
      else
        c->pos_inf++;
    }
  else if (v < 0)
    c->neg++;
  else if (v == 0)
    c->zero++;
  else
    c->pos++;
}

void
tdbg_counts_from_content (gint dtype, const guint8 *content, gsize length, TdbgCounts *counts)
{
  gsize size = tdbg_dtype_size (dtype);
  memset (counts, 0, sizeof *counts);
  if (size == 0)
    return;
  if (base_dtype (dtype) == TDBG_DT_FLOAT)
    {
      for (gsize i = 0; i + 4 <= length; i += 4)
        {
          guint32 u;
          float f;
          memcpy (&u, content + i, 4);
          u = GUINT32_FROM_LE (u);
          memcpy (&f, &u, 4);
          count_value (f, counts);
        }
      return;
    }
  for (gsize i = 0; i + size <= length; i += size)
    count_value (content_double (dtype, content + i), counts);
}

void
tdbg_tensor_count (const TdbgTensor *t, TdbgCounts *counts)
{
  memset (counts, 0, sizeof *counts);
  if (t->repr == TDBG_REPR_CONTENT && base_dtype (t->dtype) != TDBG_DT_STRING)
    {
      tdbg_counts_from_content (t->dtype, t->proto->tensor_content.data, t->proto->tensor_content.len, counts);
      return;
    }
  if (t->repr != TDBG_REPR_TYPED || base_dtype (t->dtype) == TDBG_DT_STRING)
    return;
  if (typed_count (t->proto) == 1)
    {
      /* One value fills the whole tensor, however many elements the shape claims: it is
       * counted once, not walked (found by fuzzing: a 2^40-element fill took minutes). */
      TdbgCounts one = { 0 };
      count_value (tdbg_tensor_get_double (t, 0), &one);
      counts->neg_inf = one.neg_inf * t->n_elements;
      counts->pos_inf = one.pos_inf * t->n_elements;
      counts->nan = one.nan * t->n_elements;
      counts->neg = one.neg * t->n_elements;
      counts->zero = one.zero * t->n_elements;
      counts->pos = one.pos * t->n_elements;
      return;
    }
  for (guint64 i = 0; i < t->n_elements; i++)
    count_value (tdbg_tensor_get_double (t, i), counts);
}

GArray *
tdbg_tensor_to_doubles (const TdbgTensor *t, guint64 max_elements)
{
  guint64 n = MIN (t->n_elements, max_elements);
  GArray *values = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  for (guint64 i = 0; i < n; i++)
    {
      double v = tdbg_tensor_get_double (t, i);
      g_array_append_val (values, v);
    }
  return values;
}

/* Python's repr of bytes: every byte kept, a NUL or a byte that is not printable ASCII as \\xNN. */
char *
tdbg_bytes_repr (const char *data, gsize length)
{
  GString *out = g_string_sized_new (length + 3);

  g_string_append (out, "b'");
  for (gsize i = 0; i < length; i++)
    {
      guchar c = data[i];
      if (c == '\\' || c == '\'')
        g_string_append_printf (out, "\\%c", c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c >= 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

/* A real number numpy-like: nan, -inf, 1.5, and "2." for a whole one when @point. */
static char *
format_real (double v, const char *format, gboolean point)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (isnan (v))
    return g_strdup ("nan");
  if (isinf (v))
    return g_strdup (v < 0 ? "-inf" : "inf");
  g_ascii_formatd (buf, sizeof buf, format, v);
  if (point && strpbrk (buf, ".en") == NULL)
    return g_strconcat (buf, ".", NULL);
  return g_strdup (buf);
}

char *
tdbg_tensor_format_element (const TdbgTensor *t, guint64 index)
{
  gint dtype = base_dtype (t->dtype);

  if (dtype == TDBG_DT_STRING)
    {
      g_autoptr(GBytes) bytes = tdbg_tensor_get_string (t, index);
      gsize len = 0;
      const char *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
      return tdbg_bytes_repr (data, len);
    }
  if (dtype == TDBG_DT_INT64 && index < t->n_elements)
    return g_strdup_printf ("%" G_GINT64_FORMAT, tdbg_tensor_get_int64 (t, index));
  if (dtype == TDBG_DT_UINT64 && index < t->n_elements)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, tdbg_tensor_get_uint64 (t, index));
  double v = tdbg_tensor_get_double (t, index);
  if (dtype == TDBG_DT_BOOL)
    return g_strdup (v != 0 ? "True" : "False");
  if (tdbg_dtype_is_complex (dtype))
    {
      /* numpy's way: 1.5-2j, nan+infj */
      double im = tdbg_tensor_get_imag (t, index);
      const char *format = dtype == TDBG_DT_COMPLEX128 ? "%.8g" : "%.6g";
      g_autofree char *re_text = format_real (v, format, FALSE);
      g_autofree char *im_text = format_real (im, format, FALSE);
      return g_strdup_printf ("%s%s%sj", re_text, im_text[0] == '-' ? "" : "+", im_text);
    }
  if (!tdbg_dtype_is_floating (dtype))
    return isnan (v) ? g_strdup ("nan") : g_strdup_printf ("%.0f", v);
  return format_real (v, dtype == TDBG_DT_DOUBLE ? "%.8g" : "%.6g", TRUE);
}

/* Writes the nested bracket structure of dims [@dim, rank), numpy-style. */
static void
format_block (GString *out, const TdbgTensor *t, gint dim, guint64 *index, guint64 budget, gboolean *elided)
{
  if (dim == t->rank)
    {
      g_autofree char *text = tdbg_tensor_format_element (t, *index);
      g_string_append (out, text);
      (*index)++;
      return;
    }
  g_string_append_c (out, '[');
  for (gint64 i = 0; i < t->shape[dim]; i++)
    {
      if (*index >= budget)
        {
          g_string_append (out, "...");
          *elided = TRUE;
          break;
        }
      if (i > 0 && dim + 1 == t->rank)
        g_string_append_c (out, ' ');
      else if (i > 0)
        {
          /* numpy style: a line per row, aligned under the opening brackets */
          g_string_append_c (out, '\n');
          for (gint pad = 0; pad <= dim; pad++)
            g_string_append_c (out, ' ');
        }
      format_block (out, t, dim + 1, index, budget, elided);
    }
  g_string_append_c (out, ']');
}

char *
tdbg_tensor_format (const TdbgTensor *t, guint64 max_elements)
{
  GString *out = g_string_new (NULL);
  guint64 index = 0;
  gboolean elided = FALSE;

  /* With no zero dimension, every block holds an element, so the element budget bounds the
   * work; an empty tensor is printed without walking its (possibly huge) other dimensions. */
  if (t->n_elements == 0 || t->repr == TDBG_REPR_NONE)
    g_string_append (out, "[]");
  else if (t->rank <= 0)
    {
      g_autofree char *text = tdbg_tensor_format_element (t, 0);
      g_string_append (out, text);
    }
  else
    format_block (out, t, 0, &index, max_elements, &elided);
  return g_string_free (out, FALSE);
}
