/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TensorProto decoding: every representation, special dtypes, counts and printing. */

#include <math.h>
#include <string.h>
#include <glib.h>

#include "tdbg-error.h"
#include "tdbg-json.h"
#include "tdbg-tensor.h"
#include "tdbg-value.h"

static Tensorflow__TensorShapeProto *
shape_of (const gint64 *dims, gsize rank)
{
  Tensorflow__TensorShapeProto *shape = g_new0 (Tensorflow__TensorShapeProto, 1);
  tensorflow__tensor_shape_proto__init (shape);
  shape->n_dim = rank;
  shape->dim = g_new0 (Tensorflow__TensorShapeProto__Dim *, rank ? rank : 1);
  for (gsize i = 0; i < rank; i++)
    {
      shape->dim[i] = g_new0 (Tensorflow__TensorShapeProto__Dim, 1);
      tensorflow__tensor_shape_proto__dim__init (shape->dim[i]);
      shape->dim[i]->size = dims[i];
    }
  return shape;
}

static void
shape_free (Tensorflow__TensorShapeProto *shape)
{
  for (gsize i = 0; i < shape->n_dim; i++)
    g_free (shape->dim[i]);
  g_free (shape->dim);
  g_free (shape);
}

static void
test_half_and_bfloat16 (void)
{
  g_assert_cmpfloat (tdbg_half_to_double (0x3C00), ==, 1.0);
  g_assert_cmpfloat (tdbg_half_to_double (0xC000), ==, -2.0);
  g_assert_cmpfloat (tdbg_half_to_double (0x3E00), ==, 1.5);
  g_assert_cmpfloat (tdbg_half_to_double (0x0001), ==, ldexp (1, -24));
  g_assert_true (isinf (tdbg_half_to_double (0x7C00)) && tdbg_half_to_double (0x7C00) > 0);
  g_assert_true (isinf (tdbg_half_to_double (0xFC00)) && tdbg_half_to_double (0xFC00) < 0);
  g_assert_true (isnan (tdbg_half_to_double (0x7E00)));
  g_assert_cmpfloat (tdbg_bfloat16_to_double (0x3FC0), ==, 1.5);
  g_assert_cmpfloat (tdbg_bfloat16_to_double (0xC000), ==, -2.0);
  g_assert_true (isnan (tdbg_bfloat16_to_double (0x7FC0)));
}

static void
test_content_float32 (void)
{
  float values[6] = { 1.5f, -2.0f, 0.0f, INFINITY, -INFINITY, NAN };
  gint64 dims[2] = { 2, 3 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  TdbgCounts c;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  proto.dtype = 1;
  proto.tensor_shape = shape_of (dims, 2);
  proto.tensor_content.data = (guint8 *) values;
  proto.tensor_content.len = sizeof values;
  g_assert_true (tdbg_tensor_init (&t, &proto, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.n_elements, ==, 6);
  g_assert_cmpint (t.rank, ==, 2);
  g_assert_cmpfloat (tdbg_tensor_get_double (&t, 1), ==, -2.0);
  tdbg_tensor_count (&t, &c);
  g_assert_cmpuint (c.neg_inf, ==, 1);
  g_assert_cmpuint (c.pos_inf, ==, 1);
  g_assert_cmpuint (c.nan, ==, 1);
  g_assert_cmpuint (c.neg, ==, 1);
  g_assert_cmpuint (c.zero, ==, 1);
  g_assert_cmpuint (c.pos, ==, 1);
  text = tdbg_tensor_format (&t, 100);
  g_assert_cmpstr (text, ==, "[[1.5 -2. 0.]\n [inf -inf nan]]");
  shape_free (proto.tensor_shape);
}

/* A content length that does not match the shape is refused, not read past. */
static void
test_content_mismatch (void)
{
  double values[2] = { 1, 2 };
  gint64 dims[1] = { G_GINT64_CONSTANT (1) << 40 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autoptr(GError) error = NULL;

  proto.dtype = 2;
  proto.tensor_shape = shape_of (dims, 1);
  proto.tensor_content.data = (guint8 *) values;
  proto.tensor_content.len = sizeof values;
  g_assert_false (tdbg_tensor_init (&t, &proto, &error));
  g_assert_nonnull (error);
  shape_free (proto.tensor_shape);
}

static void
test_typed_fields (void)
{
  gboolean bools[3] = { TRUE, FALSE, TRUE };
  gint32 halfs[2] = { 0x3C00, 0x7C00 };
  gint64 dims3[1] = { 3 }, dims2[1] = { 2 };
  Tensorflow__TensorProto b = TENSORFLOW__TENSOR_PROTO__INIT, h = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autofree char *text = NULL;

  b.dtype = 10;
  b.tensor_shape = shape_of (dims3, 1);
  b.n_bool_val = 3;
  b.bool_val = (protobuf_c_boolean *) bools;
  g_assert_true (tdbg_tensor_init (&t, &b, NULL));
  text = tdbg_tensor_format (&t, 10);
  g_assert_cmpstr (text, ==, "[True False True]");

  h.dtype = 19;
  h.tensor_shape = shape_of (dims2, 1);
  h.n_half_val = 2;
  h.half_val = halfs;
  g_assert_true (tdbg_tensor_init (&t, &h, NULL));
  g_assert_cmpfloat (tdbg_tensor_get_double (&t, 0), ==, 1.0);
  g_assert_true (isinf (tdbg_tensor_get_double (&t, 1)));
  shape_free (b.tensor_shape);
  shape_free (h.tensor_shape);
}

/* Complex values keep their imaginary part: in tensor_content (graph traces) and in
 * scomplex_val (eager), printed as numpy prints them and written to JSON as pairs. */
static void
test_complex (void)
{
  float content[4] = { 2.5f, 1.25f, -0.5f, -3.0f };
  float typed[4] = { 1.0f, -2.0f, NAN, INFINITY };
  gint64 dims[1] = { 2 };
  Tensorflow__TensorProto c = TENSORFLOW__TENSOR_PROTO__INIT, e = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autofree char *text = NULL, *element = NULL;

  c.dtype = 8;
  c.tensor_shape = shape_of (dims, 1);
  c.tensor_content.data = (guint8 *) content;
  c.tensor_content.len = sizeof content;
  g_assert_true (tdbg_tensor_init (&t, &c, NULL));
  g_assert_cmpfloat (tdbg_tensor_get_double (&t, 1), ==, -0.5);
  g_assert_cmpfloat (tdbg_tensor_get_imag (&t, 0), ==, 1.25);
  g_assert_cmpfloat (tdbg_tensor_get_imag (&t, 1), ==, -3.0);
  text = tdbg_tensor_format (&t, 10);
  g_assert_cmpstr (text, ==, "[2.5+1.25j -0.5-3j]");

  e.dtype = 8;
  e.tensor_shape = shape_of (dims, 1);
  e.n_scomplex_val = 4;
  e.scomplex_val = typed;
  g_assert_true (tdbg_tensor_init (&t, &e, NULL));
  g_assert_cmpfloat (tdbg_tensor_get_imag (&t, 0), ==, -2.0);
  g_assert_true (isinf (tdbg_tensor_get_imag (&t, 1)));
  element = tdbg_tensor_format_element (&t, 1);
  g_assert_cmpstr (element, ==, "nan+infj");
  g_assert_true (tdbg_dtype_is_complex (8) && tdbg_dtype_is_complex (18) && !tdbg_dtype_is_complex (1));
  shape_free (c.tensor_shape);
  shape_free (e.tensor_shape);
}

/* Graph strings: all lengths as varints, then all bytes. */
static void
test_string_content (void)
{
  const guint8 content[] = { 2, 3, 'h', 'i', 'y', 'o', 'u' };
  gint64 dims[1] = { 2 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autoptr(GBytes) second = NULL;

  proto.dtype = 7;
  proto.tensor_shape = shape_of (dims, 1);
  proto.tensor_content.data = (guint8 *) content;
  proto.tensor_content.len = sizeof content;
  g_assert_true (tdbg_tensor_init (&t, &proto, NULL));
  second = tdbg_tensor_get_string (&t, 1);
  g_assert_cmpmem (g_bytes_get_data (second, NULL), g_bytes_get_size (second), "you", 3);
  shape_free (proto.tensor_shape);
}

/* Lengths whose sum wraps around 2^64 (1 + (2^64 - 1) = 0) once passed the check and then
 * sized an allocation of 2^64 - 1 bytes: every length must fit in what remains. */
static void
test_string_content_wrapping_lengths (void)
{
  const guint8 content[] = { 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 'a' };
  gint64 dims[1] = { 2 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autoptr(GError) error = NULL;

  proto.dtype = 7;
  proto.tensor_shape = shape_of (dims, 1);
  proto.tensor_content.data = (guint8 *) content;
  proto.tensor_content.len = sizeof content;
  g_assert_false (tdbg_tensor_init (&t, &proto, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
  shape_free (proto.tensor_shape);
}

static void
test_full_health_value (void)
{
  double slots[11] = { 55, -1, 1, 2, 1000, 1, 0, 0, 999, 0, 0 };
  gint64 dims[1] = { 11 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgValue v;

  proto.dtype = 2;
  proto.tensor_shape = shape_of (dims, 1);
  proto.tensor_content.data = (guint8 *) slots;
  proto.tensor_content.len = sizeof slots;
  tdbg_value_init (&v, 4, &proto);
  g_assert_true (v.decoded);
  g_assert_cmpint (v.dtype, ==, 1);
  g_assert_cmpint (v.rank, ==, 2);
  g_assert_cmpfloat (v.size, ==, 1000);
  g_assert_true (v.counts_known);
  g_assert_cmpuint (v.counts.neg_inf, ==, 1);
  g_assert_cmpuint (v.counts.neg, ==, 999);
  g_assert_true (v.any_inf_nan);
  g_assert_cmpint (v.tensor_id, ==, 55);
  tdbg_value_clear (&v);
  shape_free (proto.tensor_shape);
}

/* Slots from a damaged file: NaN and absurd values must not reach an integer cast. */
static void
test_hostile_summary (void)
{
  double slots[11] = { NAN, -1, 1e300, -5, NAN, -1, INFINITY, 1e183, NAN, -3, 7 };
  gint64 dims[1] = { 11 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgValue v;

  proto.dtype = 2;
  proto.tensor_shape = shape_of (dims, 1);
  proto.tensor_content.data = (guint8 *) slots;
  proto.tensor_content.len = sizeof slots;
  tdbg_value_init (&v, 4, &proto);
  g_assert_cmpint (v.dtype, ==, -1);
  g_assert_cmpint (v.rank, ==, -5);
  g_assert_false (v.has_tensor_id);
  g_assert_cmpuint (v.counts.neg_inf, ==, 0);
  g_assert_cmpuint (v.counts.pos_inf, ==, G_MAXUINT64);
  g_assert_cmpuint (v.counts.neg, ==, 0);
  g_assert_cmpuint (v.counts.pos, ==, 7);
  tdbg_value_clear (&v);
  shape_free (proto.tensor_shape);
}

/* Found by fuzzing: an empty tensor whose other dimension is huge printed forever. */
static void
test_format_empty_huge (void)
{
  gint64 dims[2] = { G_GINT64_CONSTANT (1) << 40, 0 };
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  g_autofree char *text = NULL;

  proto.dtype = 1;
  proto.tensor_shape = shape_of (dims, 2);
  g_assert_true (tdbg_tensor_init (&t, &proto, NULL));
  text = tdbg_tensor_format (&t, 100);
  g_assert_cmpstr (text, ==, "[]");
  shape_free (proto.tensor_shape);
}

/* Found by fuzzing: one typed value filling a huge shape was counted element by element. */
static void
test_count_huge_fill (void)
{
  gint64 dims[2] = { G_GINT64_CONSTANT (1) << 30, 1 << 10 };
  float nan_value = NAN;
  Tensorflow__TensorProto proto = TENSORFLOW__TENSOR_PROTO__INIT;
  TdbgTensor t;
  TdbgCounts counts;

  proto.dtype = 1;
  proto.tensor_shape = shape_of (dims, 2);
  proto.n_float_val = 1;
  proto.float_val = &nan_value;
  g_assert_true (tdbg_tensor_init (&t, &proto, NULL));
  tdbg_tensor_count (&t, &counts);
  g_assert_cmpuint (counts.nan, ==, G_GUINT64_CONSTANT (1) << 40);
  g_assert_cmpuint (counts.neg + counts.zero + counts.pos + counts.neg_inf + counts.pos_inf, ==, 0);
  shape_free (proto.tensor_shape);
}

static void
test_json_writer (void)
{
  TdbgJson *j = tdbg_json_new (FALSE);
  g_autofree char *text = NULL;

  tdbg_json_begin_object (j);
  tdbg_json_key (j, "a");
  tdbg_json_begin_array (j);
  tdbg_json_double (j, NAN);
  tdbg_json_double (j, -INFINITY);
  tdbg_json_double (j, 3.0);
  tdbg_json_double (j, 0.5);
  tdbg_json_end_array (j);
  tdbg_json_key (j, "s");
  tdbg_json_string_len (j, "q\"\\\n\x01\xff", 6);
  tdbg_json_key (j, "n");
  tdbg_json_null (j);
  tdbg_json_end_object (j);
  text = tdbg_json_free_to_string (j);
  g_assert_cmpstr (text, ==, "{\"a\":[\"nan\",\"-inf\",3,0.5],\"s\":\"q\\\"\\\\\\n\\u0001\xef\xbf\xbd\",\"n\":null}");
}

/* Two runs' elements: close within atol + rtol·|b| (b the second run's), NaN only with NaN, an
 * infinity only with the same one. */
static void
test_values_close (void)
{
  g_assert_true (tdbg_values_close (1.0, 1.0, 0, 0));
  g_assert_true (tdbg_values_close (1.00001, 1.0, 1e-5, 1e-8));
  g_assert_false (tdbg_values_close (1.0001, 1.0, 1e-5, 1e-8));
  /* The tolerance is relative to run B's element: not symmetric. */
  g_assert_true (tdbg_values_close (0.0, 1e-8, 0, 1e-8));
  g_assert_true (tdbg_values_close (2.0, 1.0, 1.0, 0));
  g_assert_false (tdbg_values_close (4.0, 2.0, 0.99, 0));
  g_assert_true (tdbg_values_close (4.0, 2.0, 1.0, 0));
  g_assert_false (tdbg_values_close (2.0, 4.0, 0.49, 0));
  g_assert_true (tdbg_values_close (2.0, 4.0, 0.5, 0));
  g_assert_true (tdbg_values_close (NAN, NAN, 0, 0));
  g_assert_false (tdbg_values_close (NAN, 1.0, 1e9, 1e9));
  g_assert_false (tdbg_values_close (1.0, NAN, 1e9, 1e9));
  g_assert_true (tdbg_values_close (INFINITY, INFINITY, 0, 0));
  g_assert_false (tdbg_values_close (INFINITY, -INFINITY, 1e9, 1e9));
  g_assert_false (tdbg_values_close (1e300, INFINITY, 1e9, 1e9));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tensor/half-bfloat16", test_half_and_bfloat16);
  g_test_add_func ("/tensor/content-float32", test_content_float32);
  g_test_add_func ("/tensor/content-mismatch", test_content_mismatch);
  g_test_add_func ("/tensor/typed-fields", test_typed_fields);
  g_test_add_func ("/tensor/complex", test_complex);
  g_test_add_func ("/tensor/string-content", test_string_content);
  g_test_add_func ("/tensor/string-content-wrapping-lengths", test_string_content_wrapping_lengths);
  g_test_add_func ("/value/full-health", test_full_health_value);
  g_test_add_func ("/value/hostile-summary", test_hostile_summary);
  g_test_add_func ("/tensor/format-empty-huge", test_format_empty_huge);
  g_test_add_func ("/tensor/count-huge-fill", test_count_huge_fill);
  g_test_add_func ("/json/writer", test_json_writer);
  g_test_add_func ("/tensor/values-close", test_values_close);
  return g_test_run ();
}
