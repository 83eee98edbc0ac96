/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* TensorProto values: dtypes, shapes, numeric views of every representation (tensor_content
 * and the typed fields), health counts and numpy-like printing. */

#include <math.h>
#include <glib.h>
#include "libtdbg-proto.h"

G_BEGIN_DECLS

enum {
  TDBG_DT_INVALID = 0, TDBG_DT_FLOAT = 1, TDBG_DT_DOUBLE = 2, TDBG_DT_INT32 = 3,
  TDBG_DT_UINT8 = 4, TDBG_DT_INT16 = 5, TDBG_DT_INT8 = 6, TDBG_DT_STRING = 7,
  TDBG_DT_COMPLEX64 = 8, TDBG_DT_INT64 = 9, TDBG_DT_BOOL = 10, TDBG_DT_QINT8 = 11,
  TDBG_DT_QUINT8 = 12, TDBG_DT_QINT32 = 13, TDBG_DT_BFLOAT16 = 14, TDBG_DT_QINT16 = 15,
  TDBG_DT_QUINT16 = 16, TDBG_DT_UINT16 = 17, TDBG_DT_COMPLEX128 = 18, TDBG_DT_HALF = 19,
  TDBG_DT_RESOURCE = 20, TDBG_DT_VARIANT = 21, TDBG_DT_UINT32 = 22, TDBG_DT_UINT64 = 23,
};

#define TDBG_MAX_RANK 64

typedef struct {
  guint64 neg_inf, pos_inf, nan, neg, zero, pos;
} TdbgCounts;

typedef enum {
  TDBG_REPR_NONE,      /* no values (zero elements, or an empty TensorProto) */
  TDBG_REPR_CONTENT,   /* tensor_content, little-endian */
  TDBG_REPR_TYPED,     /* float_val, int_val, ... */
} TdbgRepresentation;

/* A view of a TensorProto; borrows from it. */
typedef struct {
  gint dtype;
  gint rank;                    /* -1 when unknown */
  gint64 shape[TDBG_MAX_RANK];
  guint64 n_elements;
  TdbgRepresentation repr;
  const Tensorflow__TensorProto *proto;
  /* Strings in tensor_content: where the bytes start, after every length (set at init). */
  gsize string_bytes_offset;
} TdbgTensor;

const char *tdbg_dtype_name (gint dtype);   /* numpy spelling: "float32", "bool", ... */
gsize tdbg_dtype_size (gint dtype);         /* bytes per element in tensor_content, 0 if not fixed */
gboolean tdbg_dtype_is_floating (gint dtype); /* half, bfloat16, float, double */
gboolean tdbg_dtype_is_complex (gint dtype);  /* complex64, complex128 */

/* Fails (with the reason) when the shape or the content do not add up. Never allocates by
 * the claimed element count. */
gboolean tdbg_tensor_init (TdbgTensor *tensor, const Tensorflow__TensorProto *proto, GError **error);
gboolean tdbg_tensor_is_empty_proto (const Tensorflow__TensorProto *proto);

double tdbg_tensor_get_double (const TdbgTensor *tensor, guint64 index); /* NAN if not numeric; a complex's real part */
double tdbg_tensor_get_imag (const TdbgTensor *tensor, guint64 index);   /* a complex's imaginary part, 0 if real */
/* Strings: returns a newly allocated copy (bytes may not be UTF-8), or NULL. */
GBytes *tdbg_tensor_get_string (const TdbgTensor *tensor, guint64 index);
/* int64 and uint64, whose values a double does not hold exactly beyond 2^53. */
gboolean tdbg_dtype_is_wide_integer (gint dtype);
/* An int64 (or uint64) element exactly as recorded; 0 for another dtype. */
gint64 tdbg_tensor_get_int64 (const TdbgTensor *tensor, guint64 index);
guint64 tdbg_tensor_get_uint64 (const TdbgTensor *tensor, guint64 index);
/* Python's repr of bytes, b'…': every byte kept, NUL and bytes beyond ASCII as \xNN. */
char *tdbg_bytes_repr (const char *data, gsize length);
/* TRUE when one typed value fills the whole tensor, however many elements its shape claims. */
gboolean tdbg_tensor_is_fill (const TdbgTensor *tensor);
void tdbg_tensor_count (const TdbgTensor *tensor, TdbgCounts *counts);

/* Counts -inf, +inf, NaN, negative, zero and positive elements of raw little-endian content. */
void tdbg_counts_from_content (gint dtype, const guint8 *content, gsize length, TdbgCounts *counts);

double tdbg_half_to_double (guint16 bits);
double tdbg_bfloat16_to_double (guint16 bits);

/* numpy-like text of the values, at most @max_elements shown (the rest elided with "..."). */
char *tdbg_tensor_format (const TdbgTensor *tensor, guint64 max_elements);
/* One element, numpy-like ("nan", "-inf", "1.5", "True", "1.5-2j"). */
char *tdbg_tensor_format_element (const TdbgTensor *tensor, guint64 index);

/* Whether element @a of one run is close to its twin @b of another: |a − b| ≤ atol + rtol·|b|,
 * NaN close to NaN, an infinity to the same infinity. The one rule of comparing two runs: the
 * comparison (data/compare/) and the window's marks of differing elements both use it. */
static inline gboolean
tdbg_values_close (double a, double b, double rtol, double atol)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  if (isinf (a) || isinf (b))
    return a == b;
  return fabs (a - b) <= atol + rtol * fabs (b);
}

/* The summary vector (DT_DOUBLE rank 1, or any numeric tensor) as doubles. */
GArray *tdbg_tensor_to_doubles (const TdbgTensor *tensor, guint64 max_elements);

G_END_DECLS
