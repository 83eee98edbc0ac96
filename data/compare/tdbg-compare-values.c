/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One recorded value against its twin: FULL_TENSOR values with a tolerance (NaN equal to NaN,
 * infinities equal when of the same sign), summaries element by element without the per-run
 * ids, and the sums of their differences. */
#include "tdbg-compare-private.h"

#include <math.h>
#include <string.h>

#include "libtdbg-data.h"

#define SUMMARY_MAX 16

void
tdbg_error_sums_add (TdbgErrorSums *into, const TdbgErrorSums *s)
{
  into->n += s->n;
  into->max_abs = MAX (into->max_abs, s->max_abs);
  into->sum_abs += s->sum_abs;
  into->max_rel = MAX (into->max_rel, s->max_rel);
  into->dot += s->dot;
  into->norm_a += s->norm_a;
  into->norm_b += s->norm_b;
  into->noise += s->noise;
}

double
tdbg_error_sums_cosine (const TdbgErrorSums *s)
{
  if (s->norm_a == 0 && s->norm_b == 0)
    return 1;
  if (s->norm_a == 0 || s->norm_b == 0)
    return 0;
  return s->dot / (sqrt (s->norm_a) * sqrt (s->norm_b));
}

double
tdbg_error_sums_sqnr_db (const TdbgErrorSums *s)
{
  if (s->noise == 0)
    return INFINITY;
  if (s->norm_a == 0)
    return -INFINITY;
  return 10 * log10 (s->norm_a / s->noise);
}

/* Adds one pair of elements; returns whether they are close. */
static inline gboolean
add_pair (TdbgErrorSums *s, double a, double b, const TdbgCompareOptions *o)
{
  double d;

  if (isnan (a) || isnan (b) || isinf (a) || isinf (b))
    return tdbg_values_close (a, b, o->rtol, o->atol);
  d = fabs (a - b);
  s->n++;
  s->sum_abs += d;
  s->max_abs = MAX (s->max_abs, d);
  if (b != 0)
    s->max_rel = MAX (s->max_rel, d / fabs (b));
  s->dot += a * b;
  s->norm_a += a * a;
  s->norm_b += b * b;
  s->noise += d * d;
  return tdbg_values_close (a, b, o->rtol, o->atol);
}

static gboolean
same_shape (const TdbgTensor *a, const TdbgTensor *b)
{
  if (a->rank != b->rank)
    return FALSE;
  for (gint i = 0; i < a->rank && i < TDBG_MAX_RANK; i++)
    if (a->shape[i] != b->shape[i])
      return FALSE;
  return TRUE;
}

static gboolean
strings_equal (const TdbgTensor *a, const TdbgTensor *b)
{
  if (a->repr == TDBG_REPR_CONTENT && b->repr == TDBG_REPR_CONTENT)
    return a->proto->tensor_content.len == b->proto->tensor_content.len &&
           memcmp (a->proto->tensor_content.data, b->proto->tensor_content.data, a->proto->tensor_content.len) == 0;
  for (guint64 i = 0; i < a->n_elements; i++)
    {
      g_autoptr(GBytes) x = tdbg_tensor_get_string (a, i);
      g_autoptr(GBytes) y = tdbg_tensor_get_string (b, i);
      if ((x == NULL) != (y == NULL) || (x && !g_bytes_equal (x, y)))
        return FALSE;
    }
  return TRUE;
}

/* @n float32 elements of little-endian content each. */
static gboolean
compare_floats (const guint8 *ca, const guint8 *cb, guint64 n, const TdbgCompareOptions *o, TdbgErrorSums *s)
{
  gboolean close = TRUE;
  for (guint64 i = 0; i < n; i++)
    {
      guint32 x, y;
      float fx, fy;
      memcpy (&x, ca + 4 * i, 4);
      memcpy (&y, cb + 4 * i, 4);
      x = GUINT32_FROM_LE (x);
      y = GUINT32_FROM_LE (y);
      memcpy (&fx, &x, 4);
      memcpy (&fy, &y, 4);
      close &= add_pair (s, fx, fy, o);
    }
  return close;
}

/* Summary vectors without their first @skip elements (the per-run ids), element by element. */
static TdbgDivergenceKind
compare_summary_doubles (guint mode, guint skip, const double *a, guint na, const double *b, guint nb, TdbgErrorSums *s)
{
  TdbgDivergenceKind kind = mode == TDBG_MODE_SHAPE ? TDBG_DIVERGENCE_SHAPE : TDBG_DIVERGENCE_HEALTH;
  /* Counts, dtypes and ranks: equal or not. */
  TdbgCompareOptions exact = { .rtol = 0, .atol = 0 };
  gboolean same = TRUE;

  for (guint i = skip; i < MIN (na, nb); i++)
    if (!add_pair (s, a[i], b[i], &exact))
      {
        /* SHAPE: [id, dtype, rank, size, dims…] */
        if (same && mode == TDBG_MODE_SHAPE && i == 1)
          kind = TDBG_DIVERGENCE_DTYPE;
        same = FALSE;
      }
  return same && na == nb ? TDBG_DIVERGENCE_NONE : kind;
}

static guint
summary_skip (guint mode)
{
  return mode == TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS ? 0 : mode == TDBG_MODE_FULL_HEALTH ? 2 : 1;
}

static TdbgDivergenceKind
compare_full_tensors (const Tensorflow__TensorProto *pa, const Tensorflow__TensorProto *pb,
                      const TdbgCompareOptions *o, TdbgErrorSums *s)
{
  TdbgTensor a, b;
  gboolean close = TRUE;
  gboolean ok_a = pa && !tdbg_tensor_is_empty_proto (pa) && tdbg_tensor_init (&a, pa, NULL);
  gboolean ok_b = pb && !tdbg_tensor_is_empty_proto (pb) && tdbg_tensor_init (&b, pb, NULL);

  if (!ok_a || !ok_b)
    /* Nothing to read on one side (an empty or undecodable tensor): alike only when both are. */
    return ok_a == ok_b ? TDBG_DIVERGENCE_NONE : TDBG_DIVERGENCE_VALUES;
  if (a.dtype != b.dtype)
    return TDBG_DIVERGENCE_DTYPE;
  if (!same_shape (&a, &b) || a.n_elements != b.n_elements)
    return TDBG_DIVERGENCE_SHAPE;
  if (a.dtype == TDBG_DT_STRING)
    return strings_equal (&a, &b) ? TDBG_DIVERGENCE_NONE : TDBG_DIVERGENCE_VALUES;
  if (a.dtype == TDBG_DT_FLOAT && a.repr == TDBG_REPR_CONTENT && b.repr == TDBG_REPR_CONTENT)
    close = compare_floats (pa->tensor_content.data, pb->tensor_content.data, a.n_elements, o, s);
  else
    for (guint64 i = 0; i < a.n_elements; i++)
      {
        gboolean pair_close = add_pair (s, tdbg_tensor_get_double (&a, i), tdbg_tensor_get_double (&b, i), o);
        /* Beyond 2^53 two int64 (or uint64) values can differ where their doubles do not. */
        if (pair_close && tdbg_dtype_is_wide_integer (a.dtype)
            && tdbg_tensor_get_uint64 (&a, i) != tdbg_tensor_get_uint64 (&b, i)
            && tdbg_tensor_get_double (&a, i) == tdbg_tensor_get_double (&b, i) && o->rtol == 0 && o->atol == 0)
          pair_close = FALSE;
        close &= pair_close;
      }
  return close ? TDBG_DIVERGENCE_NONE : TDBG_DIVERGENCE_VALUES;
}

static GArray *
summary_of (const Tensorflow__TensorProto *proto)
{
  TdbgTensor t;

  if (proto == NULL || tdbg_tensor_is_empty_proto (proto) || !tdbg_tensor_init (&t, proto, NULL))
    return NULL;
  return tdbg_tensor_to_doubles (&t, SUMMARY_MAX);
}

static TdbgDivergenceKind
compare_summaries (guint mode, const Tensorflow__TensorProto *pa, const Tensorflow__TensorProto *pb,
                   TdbgErrorSums *s)
{
  g_autoptr(GArray) a = summary_of (pa);
  g_autoptr(GArray) b = summary_of (pb);

  if (a == NULL || b == NULL)
    return (a == NULL) == (b == NULL) ? TDBG_DIVERGENCE_NONE
                                      : mode == TDBG_MODE_SHAPE ? TDBG_DIVERGENCE_SHAPE : TDBG_DIVERGENCE_HEALTH;
  return compare_summary_doubles (mode, summary_skip (mode), (const double *) a->data, a->len,
                                  (const double *) b->data, b->len, s);
}

TdbgDivergenceKind
_tdbg_compare_values (guint mode_a, const Tensorflow__TensorProto *a, guint mode_b, const Tensorflow__TensorProto *b,
                      const TdbgCompareOptions *options, TdbgErrorSums *sums)
{
  memset (sums, 0, sizeof *sums);
  if (mode_a != mode_b)
    return TDBG_DIVERGENCE_MODE;
  switch (mode_a)
    {
    case TDBG_MODE_FULL_TENSOR:
      return compare_full_tensors (a, b, options, sums);
    case TDBG_MODE_NO_TENSOR:
    case TDBG_MODE_UNSPECIFIED:
      return TDBG_DIVERGENCE_NONE;
    default:
      return compare_summaries (mode_a, a, b, sums);
    }
}

/* ---- without unpacking -------------------------------------------------------------------- */

/* DebugEvent.execution = 9 and .graph_execution_trace = 10; Execution.tensor_debug_mode = 6
 * and .tensor_protos = 7; GraphExecutionTrace.tensor_proto = 5. */
#define EVENT_EXECUTION 9
#define EVENT_GRAPH_EXECUTION_TRACE 10
#define EXECUTION_TENSOR_DEBUG_MODE 6
#define EXECUTION_TENSOR_PROTOS 7
#define TRACE_TENSOR_PROTO 5

static gboolean
find_message (const guint8 *data, gsize length, guint32 number, const guint8 **out, gsize *out_length)
{
  TdbgWire w;
  TdbgWireField f;
  gboolean found = FALSE;

  tdbg_wire_init (&w, data, length);
  while (tdbg_wire_next (&w, &f))
    if (f.number == number)
      {
        /* Protobuf merges repeated message fields: leave that to the unpacker. */
        if (f.wire_type != 2 || found)
          return FALSE;
        *out = f.data;
        *out_length = f.length;
        found = TRUE;
      }
  return found && !w.failed;
}

gboolean
_tdbg_raw_trace_tensor (const guint8 *record, gsize length, TdbgRawTensor *t)
{
  const guint8 *trace, *tensor;
  gsize trace_length, tensor_length;

  return find_message (record, length, EVENT_GRAPH_EXECUTION_TRACE, &trace, &trace_length) &&
         find_message (trace, trace_length, TRACE_TENSOR_PROTO, &tensor, &tensor_length) &&
         _tdbg_raw_tensor (tensor, tensor_length, t);
}

gboolean
_tdbg_raw_execution (const guint8 *record, gsize length, TdbgRawExecution *e)
{
  const guint8 *execution;
  gsize execution_length;
  TdbgWire w;
  TdbgWireField f;

  if (!find_message (record, length, EVENT_EXECUTION, &execution, &execution_length))
    return FALSE;
  memset (e, 0, sizeof *e);
  tdbg_wire_init (&w, execution, execution_length);
  while (tdbg_wire_next (&w, &f))
    if (f.number == EXECUTION_TENSOR_DEBUG_MODE && f.wire_type == 0)
      e->mode = (guint) MIN (f.varint, G_MAXUINT);
    else if (f.number == EXECUTION_TENSOR_PROTOS && f.wire_type == 2)
      {
        if (e->n_outputs == G_N_ELEMENTS (e->outputs))
          return FALSE;
        e->outputs[e->n_outputs] = f.data;
        e->output_lengths[e->n_outputs++] = f.length;
      }
  return !w.failed;
}

gboolean
_tdbg_raw_tensor (const guint8 *tensor, gsize tensor_length, TdbgRawTensor *t)
{
  TdbgWire w;
  TdbgWireField f;
  guint seen = 0;

  memset (t, 0, sizeof *t);
  tdbg_wire_init (&w, tensor, tensor_length);
  while (tdbg_wire_next (&w, &f))
    {
      guint bit = 1u << MIN (f.number, 31);
      if (seen & bit)
        return FALSE;
      seen |= bit;
      if (f.number == 1 && f.wire_type == 0 && f.varint <= G_MAXINT32)
        t->dtype = (gint) f.varint;
      else if (f.number == 2 && f.wire_type == 2)
        {
          t->shape = f.data;
          t->shape_length = f.length;
        }
      else if (f.number == 4 && f.wire_type == 2)
        {
          t->content = f.data;
          t->content_length = f.length;
        }
      else
        return FALSE;
    }
  return !w.failed;
}

gboolean
_tdbg_compare_raw (guint mode, const TdbgRawTensor *a, const TdbgRawTensor *b, const TdbgCompareOptions *options,
                   TdbgErrorSums *sums, TdbgDivergenceKind *kind)
{
  memset (sums, 0, sizeof *sums);
  if (a->dtype != b->dtype || a->shape_length != b->shape_length ||
      (a->shape_length && memcmp (a->shape, b->shape, a->shape_length) != 0))
    return FALSE;
  if (mode == TDBG_MODE_FULL_TENSOR && a->dtype == TDBG_DT_FLOAT && a->content_length == b->content_length &&
      a->content_length % 4 == 0 && a->content_length > 0)
    {
      *kind = compare_floats (a->content, b->content, a->content_length / 4, options, sums) ? TDBG_DIVERGENCE_NONE
                                                                                            : TDBG_DIVERGENCE_VALUES;
      return TRUE;
    }
  if (mode != TDBG_MODE_FULL_TENSOR && mode != TDBG_MODE_NO_TENSOR && mode != TDBG_MODE_UNSPECIFIED &&
      a->dtype == TDBG_DT_DOUBLE && a->content_length % 8 == 0 && b->content_length % 8 == 0 &&
      a->content_length > 0 && b->content_length > 0 &&
      a->content_length <= 8 * SUMMARY_MAX && b->content_length <= 8 * SUMMARY_MAX)
    {
      double da[SUMMARY_MAX], db[SUMMARY_MAX];
      guint na = a->content_length / 8, nb = b->content_length / 8;
      for (guint i = 0; i < na; i++)
        {
          guint64 bits;
          memcpy (&bits, a->content + 8 * i, 8);
          bits = GUINT64_FROM_LE (bits);
          memcpy (&da[i], &bits, 8);
        }
      for (guint i = 0; i < nb; i++)
        {
          guint64 bits;
          memcpy (&bits, b->content + 8 * i, 8);
          bits = GUINT64_FROM_LE (bits);
          memcpy (&db[i], &bits, 8);
        }
      *kind = compare_summary_doubles (mode, summary_skip (mode), da, na, db, nb, sums);
      return TRUE;
    }
  return FALSE;
}
