/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-value.h"

#include <math.h>
#include <string.h>

#include "tdbg-model.h"

#define SUMMARY_MAX 16

/* Summary slots are doubles from the file: convert without trusting their range. */
static guint64
to_count (double v)
{
  return v >= 0 && v < 18446744073709551616.0 ? (guint64) v : (v >= 0 ? G_MAXUINT64 : 0);
}

static gint
to_int (double v)
{
  return v >= G_MININT && v <= G_MAXINT ? (gint) v : -1;
}

static void
interpret_summary (TdbgValue *v)
{
  const double *s = (const double *) v->summary->data;
  guint n = v->summary->len;

  switch (v->mode)
    {
    case TDBG_MODE_CURT_HEALTH:
      if (n >= 2)
        v->any_inf_nan = s[1] != 0;
      break;
    case TDBG_MODE_CONCISE_HEALTH:
      if (n < 5)
        break;
      v->size = s[1];
      v->counts.neg_inf = to_count (s[2]);
      v->counts.pos_inf = to_count (s[3]);
      v->counts.nan = to_count (s[4]);
      v->inf_nan_known = TRUE;
      break;
    case TDBG_MODE_FULL_HEALTH:
      if (n < 11)
        break;
      v->dtype = to_int (s[2]);
      v->rank = to_int (s[3]);
      v->size = s[4];
      v->counts = (TdbgCounts) { to_count (s[5]), to_count (s[6]), to_count (s[7]), to_count (s[8]), to_count (s[9]), to_count (s[10]) };
      v->inf_nan_known = v->counts_known = TRUE;
      break;
    case TDBG_MODE_SHAPE:
      if (n < 10)
        break;
      v->dtype = to_int (s[1]);
      v->rank = to_int (s[2]);
      v->size = s[3];
      /* Ranks above six keep only the last six dimensions: the shape is then not whole. */
      if (v->rank >= 0 && v->rank <= 6)
        {
          v->shape_known = TRUE;
          for (gint i = 0; i < v->rank; i++)
            v->shape[i] = (gint64) MIN (to_count (s[4 + i]), (guint64) G_MAXINT64);
        }
      break;
    default:
      break;
    }
  if (v->inf_nan_known)
    v->any_inf_nan = v->counts.neg_inf + v->counts.pos_inf + v->counts.nan > 0;
  if (n >= 1 && v->mode != TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS && s[0] >= 0 && s[0] < 9007199254740992.0)
    {
      v->tensor_id = (gint64) s[0];
      v->has_tensor_id = TRUE;
    }
}

static void
interpret_full_tensor (TdbgValue *v)
{
  TdbgTensor *t = &v->tensor;
  v->dtype = t->dtype;
  v->rank = t->rank;
  v->shape_known = t->rank >= 0;
  memcpy (v->shape, t->shape, sizeof v->shape);
  v->size = t->n_elements;
  if (t->dtype != 7 /* string */)
    {
      tdbg_tensor_count (t, &v->counts);
      v->counts_known = v->inf_nan_known = TRUE;
      v->any_inf_nan = tdbg_dtype_is_floating (t->dtype) &&
                       v->counts.neg_inf + v->counts.pos_inf + v->counts.nan > 0;
    }
}

void
tdbg_value_init (TdbgValue *v, guint mode, const Tensorflow__TensorProto *proto)
{
  memset (v, 0, sizeof *v);
  v->mode = mode;
  v->dtype = -1;
  v->rank = -1;
  v->size = NAN;
  v->tensor_id = -1;
  if (proto == NULL || tdbg_tensor_is_empty_proto (proto))
    {
      v->empty = TRUE;
      return;
    }
  if (!tdbg_tensor_init (&v->tensor, proto, NULL))
    return;
  v->decoded = TRUE;
  if (mode == TDBG_MODE_FULL_TENSOR)
    interpret_full_tensor (v);
  else if (mode != TDBG_MODE_NO_TENSOR)
    {
      v->summary = tdbg_tensor_to_doubles (&v->tensor, SUMMARY_MAX);
      interpret_summary (v);
    }
}

void
tdbg_value_clear (TdbgValue *v)
{
  g_clear_pointer (&v->summary, g_array_unref);
}
