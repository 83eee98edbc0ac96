/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One recorded value against its twin: FULL_TENSOR values with a tolerance (NaN equal to NaN,
 * infinities equal when of the same sign), summaries element by element without the per-run
 * ids, and the sums of their differences. */
#include "tdbg-compare-private.h"

#include <math.h>
#include <string.h>

#include "tdbg-tensor.h"

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

  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  if (isinf (a) || isinf (b))
    return a == b;
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
  return d <= o->atol + o->rtol * fabs (b);
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
    {
      const guint8 *ca = pa->tensor_content.data, *cb = pb->tensor_content.data;
      for (guint64 i = 0; i < a.n_elements; i++)
        {
          float x, y;
          memcpy (&x, ca + 4 * i, 4);
          memcpy (&y, cb + 4 * i, 4);
          close &= add_pair (s, x, y, o);
        }
    }
  else
    for (guint64 i = 0; i < a.n_elements; i++)
      close &= add_pair (s, tdbg_tensor_get_double (&a, i), tdbg_tensor_get_double (&b, i), o);
  return close ? TDBG_DIVERGENCE_NONE : TDBG_DIVERGENCE_VALUES;
}

/* The summary of @proto, without its per-run ids. */
static GArray *
summary_of (guint mode, const Tensorflow__TensorProto *proto, guint *skip)
{
  TdbgTensor t;

  *skip = mode == TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS ? 0 : mode == TDBG_MODE_FULL_HEALTH ? 2 : 1;
  if (proto == NULL || tdbg_tensor_is_empty_proto (proto) || !tdbg_tensor_init (&t, proto, NULL))
    return NULL;
  return tdbg_tensor_to_doubles (&t, SUMMARY_MAX);
}

static TdbgDivergenceKind
compare_summaries (guint mode, const Tensorflow__TensorProto *pa, const Tensorflow__TensorProto *pb,
                   TdbgErrorSums *s)
{
  guint skip;
  g_autoptr(GArray) a = summary_of (mode, pa, &skip);
  g_autoptr(GArray) b = summary_of (mode, pb, &skip);
  TdbgDivergenceKind kind = mode == TDBG_MODE_SHAPE ? TDBG_DIVERGENCE_SHAPE : TDBG_DIVERGENCE_HEALTH;
  /* Counts, dtypes and ranks: equal or not. */
  TdbgCompareOptions exact = { 0, 0 };
  gboolean same = TRUE;

  if (a == NULL || b == NULL)
    return (a == NULL) == (b == NULL) ? TDBG_DIVERGENCE_NONE : kind;
  for (guint i = skip; i < MIN (a->len, b->len); i++)
    {
      double x = g_array_index (a, double, i), y = g_array_index (b, double, i);
      if (!add_pair (s, x, y, &exact))
        {
          /* SHAPE: [id, dtype, rank, size, dims…] */
          if (same && mode == TDBG_MODE_SHAPE && i == 1)
            kind = TDBG_DIVERGENCE_DTYPE;
          same = FALSE;
        }
    }
  return same && a->len == b->len ? TDBG_DIVERGENCE_NONE : kind;
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
