/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>

#include "tdbg-npy.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"
#include "tdbg-write-file.h"

/* Values are written whole: a tensor whose shape claims more than this is refused. */
#define MAX_NPY_BYTES (G_GUINT64_CONSTANT (4) << 30)

static gint
base_dtype (gint dtype)
{
  return dtype > 100 ? dtype - 100 : dtype;
}

const char *
tdbg_npy_descr (gint dtype)
{
  switch (base_dtype (dtype))
    {
    case TDBG_DT_FLOAT: case TDBG_DT_BFLOAT16: return "<f4";
    case TDBG_DT_DOUBLE: return "<f8";
    case TDBG_DT_HALF: return "<f2";
    case TDBG_DT_INT8: case TDBG_DT_QINT8: return "|i1";
    case TDBG_DT_UINT8: case TDBG_DT_QUINT8: return "|u1";
    case TDBG_DT_INT16: case TDBG_DT_QINT16: return "<i2";
    case TDBG_DT_UINT16: case TDBG_DT_QUINT16: return "<u2";
    case TDBG_DT_INT32: case TDBG_DT_QINT32: return "<i4";
    case TDBG_DT_UINT32: return "<u4";
    case TDBG_DT_INT64: return "<i8";
    case TDBG_DT_UINT64: return "<u8";
    case TDBG_DT_BOOL: return "|b1";
    case TDBG_DT_COMPLEX64: return "<c8";
    case TDBG_DT_COMPLEX128: return "<c16";
    default: return NULL;
    }
}

static gsize
element_size (gint dtype)
{
  const char *descr = tdbg_npy_descr (dtype);
  return descr ? (gsize) g_ascii_strtoull (descr + 2, NULL, 10) : 0;
}

static void
put_le (guint8 *out, guint64 bits, gsize size)
{
  for (gsize i = 0; i < size; i++)
    out[i] = (guint8) (bits >> (8 * i));
}

static guint32
float_bits (float f)
{
  guint32 u;
  memcpy (&u, &f, 4);
  return u;
}

static guint64
double_bits (double d)
{
  guint64 u;
  memcpy (&u, &d, 8);
  return u;
}

/* One element of a tensor in typed fields (@i already folded to 0 for a one-value fill). */
static void
typed_element (const Tensorflow__TensorProto *p, guint64 i, guint8 *out)
{
  switch (base_dtype (p->dtype))
    {
    case TDBG_DT_FLOAT: put_le (out, float_bits (p->float_val[i]), 4); break;
    case TDBG_DT_DOUBLE: put_le (out, double_bits (p->double_val[i]), 8); break;
    case TDBG_DT_HALF: put_le (out, (guint16) p->half_val[i], 2); break;
    case TDBG_DT_BFLOAT16: put_le (out, (guint32) (guint16) p->half_val[i] << 16, 4); break;
    case TDBG_DT_INT64: put_le (out, (guint64) p->int64_val[i], 8); break;
    case TDBG_DT_UINT32: put_le (out, p->uint32_val[i], 4); break;
    case TDBG_DT_UINT64: put_le (out, p->uint64_val[i], 8); break;
    case TDBG_DT_BOOL: out[0] = p->bool_val[i] ? 1 : 0; break;
    case TDBG_DT_COMPLEX64:
      put_le (out, float_bits (p->scomplex_val[2 * i]), 4);
      put_le (out + 4, float_bits (p->scomplex_val[2 * i + 1]), 4);
      break;
    case TDBG_DT_COMPLEX128:
      put_le (out, double_bits (p->dcomplex_val[2 * i]), 8);
      put_le (out + 8, double_bits (p->dcomplex_val[2 * i + 1]), 8);
      break;
    default: /* the int_val family: int8 … int32 and the quantized types */
      put_le (out, (guint32) p->int_val[i], element_size (p->dtype));
      break;
    }
}

/* One element of a tensor in tensor_content: the bytes as they are, but bfloat16 widened. */
static void
content_element (const TdbgTensor *t, guint64 i, guint8 *out)
{
  const guint8 *p = t->proto->tensor_content.data;
  if (base_dtype (t->dtype) == TDBG_DT_BFLOAT16)
    put_le (out, (guint32) (p[2 * i] | (p[2 * i + 1] << 8)) << 16, 4);
  else
    memcpy (out, p + i * element_size (t->dtype), element_size (t->dtype));
}

static gsize
longest_string (const TdbgTensor *t)
{
  gsize longest = 1;
  for (guint64 i = 0; i < t->n_elements; i++)
    {
      g_autoptr(GBytes) s = tdbg_tensor_get_string (t, i);
      longest = MAX (longest, s ? g_bytes_get_size (s) : 0);
    }
  return longest;
}

static GString *
header (const char *descr, const TdbgTensor *t)
{
  GString *dict = g_string_new (NULL);
  g_string_append_printf (dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (gint i = 0; i < t->rank; i++)
    g_string_append_printf (dict, "%" G_GINT64_FORMAT "%s", t->shape[i], t->rank == 1 ? "," : i + 1 < t->rank ? ", " : "");
  g_string_append (dict, "), }");
  /* The magic, version and length take 10 bytes; the whole header is padded to 64. */
  while ((10 + dict->len + 1) % 64 != 0)
    g_string_append_c (dict, ' ');
  g_string_append_c (dict, '\n');
  return dict;
}

GBytes *
tdbg_npy_encode (const TdbgTensor *t, GError **error)
{
  gboolean strings = base_dtype (t->dtype) == TDBG_DT_STRING;
  gsize size = strings ? longest_string (t) : element_size (t->dtype);
  g_autofree char *string_descr = strings ? g_strdup_printf ("|S%zu", size) : NULL;
  const char *descr = strings ? string_descr : tdbg_npy_descr (t->dtype);
  g_autoptr(GString) dict = NULL;
  GByteArray *out;
  guint8 *values;

  if (descr == NULL || t->rank < 0 || (t->repr == TDBG_REPR_NONE && t->n_elements > 0))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID,
                   _("a tensor of %s has no NumPy form"), tdbg_dtype_name (t->dtype));
      return NULL;
    }
  if (t->n_elements > MAX_NPY_BYTES / size)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID,
                   _("a tensor of %" PRIu64 " elements is too large to write"), t->n_elements);
      return NULL;
    }
  dict = header (descr, t);
  out = g_byte_array_sized_new (10 + dict->len + t->n_elements * size);
  g_byte_array_append (out, (const guint8 *) "\x93NUMPY\x01\x00", 8);
  g_byte_array_append (out, (const guint8[]) { dict->len & 0xff, dict->len >> 8 }, 2);
  g_byte_array_append (out, (const guint8 *) dict->str, dict->len);
  g_byte_array_set_size (out, 10 + dict->len + t->n_elements * size);
  values = out->data + 10 + dict->len;
  memset (values, 0, t->n_elements * size);
  for (guint64 i = 0; i < t->n_elements; i++)
    if (strings)
      {
        g_autoptr(GBytes) s = tdbg_tensor_get_string (t, i);
        if (s)
          memcpy (values + i * size, g_bytes_get_data (s, NULL), g_bytes_get_size (s));
      }
    else if (t->repr == TDBG_REPR_CONTENT)
      content_element (t, i, values + i * size);
    else
      typed_element (t->proto, tdbg_tensor_is_fill (t) ? 0 : i, values + i * size);
  return g_byte_array_free_to_bytes (out);
}

gboolean
tdbg_npy_write (const TdbgTensor *t, const char *path, GError **error)
{
  g_autoptr(GBytes) bytes = tdbg_npy_encode (t, error);
  if (bytes == NULL)
    return FALSE;
  return tdbg_write_file (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
}
