/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The eager executions of two runs paired by op type (a function's name without its numeric
 * suffix: __inference_train_step_301 is __inference_train_step) and occurrence number, and
 * the first whose recorded outputs differ. */
#include "tdbg-compare-private.h"

#include <math.h>
#include <string.h>

static guint32 *
execution_keys (TdbgLogdir *logdir, GHashTable *names, GPtrArray *keys)
{
  guint n = tdbg_logdir_get_n_executions (logdir);
  guint32 *out = g_new (guint32, MAX (n, 1));
  g_autoptr(GHashTable) by_type = g_hash_table_new (NULL, NULL); /* interned op type + 1 → key + 1 */

  for (guint i = 0; i < n; i++)
    {
      guint32 type = tdbg_logdir_get_execution (logdir, i)->op_type;
      gpointer key = g_hash_table_lookup (by_type, GUINT_TO_POINTER (type + 1));
      if (key == NULL)
        {
          g_autofree char *stripped = tdbg_compare_strip_suffix (tdbg_logdir_get_string (logdir, type));
          g_autofree char *text = g_strconcat ("\x01", stripped, NULL); /* apart from trace keys */
          key = GUINT_TO_POINTER (_tdbg_key_intern (names, keys, text) + 1);
          g_hash_table_insert (by_type, GUINT_TO_POINTER (type + 1), key);
        }
      out[i] = GPOINTER_TO_UINT (key) - 1;
    }
  return out;
}

/* Compares the recorded outputs of one pair; @slot receives the first that differs. */
static TdbgDivergenceKind
compare_outputs (const Tensorflow__Execution *a, const Tensorflow__Execution *b, const TdbgCompareOptions *options,
                 guint *slot, double *max_abs_diff)
{
  if (a->n_tensor_protos != b->n_tensor_protos)
    {
      *slot = MIN (a->n_tensor_protos, b->n_tensor_protos);
      return TDBG_DIVERGENCE_OUTPUTS;
    }
  for (gsize i = 0; i < a->n_tensor_protos; i++)
    {
      TdbgErrorSums sums;
      TdbgDivergenceKind kind = _tdbg_compare_values (a->tensor_debug_mode, a->tensor_protos[i],
                                                      b->tensor_debug_mode, b->tensor_protos[i], options, &sums);
      if (kind != TDBG_DIVERGENCE_NONE)
        {
          *slot = i;
          *max_abs_diff = sums.max_abs > 0 ? sums.max_abs : NAN;
          return kind;
        }
    }
  return TDBG_DIVERGENCE_NONE;
}

/* The outputs of one pair compared where they lie, as compare_outputs() compares them
 * unpacked (without a malloc per field: most pairs); FALSE when one is of a kind it cannot
 * tell, to be unpacked. */
static gboolean
compare_raw_outputs (const guint8 *record_a, gsize length_a, const guint8 *record_b, gsize length_b,
                     const TdbgCompareOptions *options, TdbgDivergenceKind *kind, guint *slot, double *max_abs_diff)
{
  TdbgRawExecution a, b;

  if (!_tdbg_raw_execution (record_a, length_a, &a) || !_tdbg_raw_execution (record_b, length_b, &b))
    return FALSE;
  *kind = TDBG_DIVERGENCE_NONE;
  if (a.n_outputs != b.n_outputs)
    {
      *slot = MIN (a.n_outputs, b.n_outputs);
      *kind = TDBG_DIVERGENCE_OUTPUTS;
      return TRUE;
    }
  for (guint i = 0; i < a.n_outputs; i++)
    {
      TdbgErrorSums sums = { 0 };
      TdbgRawTensor ta, tb;

      if (a.mode != b.mode)
        *kind = TDBG_DIVERGENCE_MODE;
      else if (a.mode == TDBG_MODE_NO_TENSOR || a.mode == TDBG_MODE_UNSPECIFIED)
        continue;
      else if (!_tdbg_raw_tensor (a.outputs[i], a.output_lengths[i], &ta) ||
               !_tdbg_raw_tensor (b.outputs[i], b.output_lengths[i], &tb) ||
               !_tdbg_compare_raw (a.mode, &ta, &tb, options, &sums, kind))
        return FALSE;
      if (*kind != TDBG_DIVERGENCE_NONE)
        {
          *slot = i;
          *max_abs_diff = sums.max_abs > 0 ? sums.max_abs : NAN;
          return TRUE;
        }
    }
  return TRUE;
}

/* The outputs of one pair unpacked and compared: every kind of value. */
static gboolean
compare_unpacked_outputs (TdbgComparison *c, TdbgRecordReader *ra, TdbgRecordReader *rb, const TdbgExecutionDigest *da,
                          const TdbgExecutionDigest *db, TdbgDivergenceKind *kind, guint *slot, double *diff,
                          GError **error)
{
  Tensorflow__DebugEvent *ea = NULL, *eb = NULL;

  ea = _tdbg_record_reader_read (ra, da->file_set, da->offset, error);
  if (ea == NULL)
    return FALSE;
  eb = _tdbg_record_reader_read (rb, db->file_set, db->offset, error);
  if (eb == NULL)
    {
      tensorflow__debug_event__free_unpacked (ea, NULL);
      return FALSE;
    }
  if (ea->execution && eb->execution)
    *kind = compare_outputs (ea->execution, eb->execution, &c->options, slot, diff);
  else if ((ea->execution == NULL) != (eb->execution == NULL))
    *kind = TDBG_DIVERGENCE_OUTPUTS;
  tensorflow__debug_event__free_unpacked (ea, NULL);
  tensorflow__debug_event__free_unpacked (eb, NULL);
  return TRUE;
}

static gboolean
compare_pair (TdbgComparison *c, TdbgRecordReader *ra, TdbgRecordReader *rb, guint32 i, guint32 j, GError **error)
{
  const TdbgExecutionDigest *da = tdbg_logdir_get_execution (c->a, i), *db = tdbg_logdir_get_execution (c->b, j);
  TdbgDivergenceKind kind = TDBG_DIVERGENCE_NONE;
  const guint8 *record_a, *record_b;
  gsize length_a, length_b;
  guint slot = 0;
  double diff = NAN;

  record_a = _tdbg_record_reader_get (ra, da->file_set, da->offset, &length_a, error);
  record_b = record_a ? _tdbg_record_reader_get (rb, db->file_set, db->offset, &length_b, error) : NULL;
  if (record_b == NULL)
    return FALSE;
  if (!compare_raw_outputs (record_a, length_a, record_b, length_b, &c->options, &kind, &slot, &diff) &&
      !compare_unpacked_outputs (c, ra, rb, da, db, &kind, &slot, &diff, error))
    return FALSE;
  c->compared_executions++;
  if (kind != TDBG_DIVERGENCE_NONE)
    c->first_execution = (TdbgDivergence) { kind, i, j, slot, diff };
  return TRUE;
}

gboolean
_tdbg_compare_executions (TdbgComparison *c, GHashTable *names, GCancellable *cancellable, GError **error)
{
  guint n_a = tdbg_logdir_get_n_executions (c->a), n_b = tdbg_logdir_get_n_executions (c->b);
  g_autofree guint32 *keys_a = execution_keys (c->a, names, c->keys);
  g_autofree guint32 *keys_b = execution_keys (c->b, names, c->keys);
  guint n_keys = c->keys->len;
  g_autofree guint32 *count_b = g_new0 (guint32, n_keys + 1), *start = g_new0 (guint32, n_keys + 1);
  g_autofree guint32 *seen = g_new0 (guint32, n_keys + 1), *list_b = g_new (guint32, MAX (n_b, 1));
  g_autoptr(TdbgRecordReader) ra = _tdbg_record_reader_new (c->a, TDBG_FILE_EXECUTION);
  g_autoptr(TdbgRecordReader) rb = _tdbg_record_reader_new (c->b, TDBG_FILE_EXECUTION);

  for (guint j = 0; j < n_b; j++)
    count_b[keys_b[j]]++;
  for (guint k = 0; k + 1 <= n_keys; k++)
    start[k + 1] = start[k] + count_b[k];
  for (guint j = 0; j < n_b; j++)
    list_b[start[keys_b[j]] + seen[keys_b[j]]++] = j;
  memset (seen, 0, sizeof (guint32) * (n_keys + 1));

  /* Only as far as the first divergence: executions have no per-op figures. */
  for (guint i = 0; i < n_a && c->first_execution.kind == TDBG_DIVERGENCE_NONE; i++)
    {
      guint32 key = keys_a[i], k;
      if (count_b[key] == 0)
        continue;
      if ((i & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      k = seen[key]++;
      if (k >= count_b[key] && c->options.b_growing)
        continue;
      if (k >= count_b[key])
        {
          c->compared_executions++;
          c->first_execution = (TdbgDivergence) { TDBG_DIVERGENCE_MISSING, i, TDBG_NONE, 0, NAN };
        }
      else if (!compare_pair (c, ra, rb, i, list_b[start[key] + k], error))
        return FALSE;
    }
  return TRUE;
}
