/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whether the values that explain the origin (the culprit input's negatives or zeros) were a
 * variable's: the read of it that held them, found back from the culprit through ops that keep
 * them (a cast, a reshape, a sum with ε for negatives, a product for zeros). A BatchNormalization
 * given log-variances by set_weights takes rsqrt(moving_variance + ε) of negatives: the fix is
 * what wrote the variable, not a clip at the square root. */

#include "config.h"

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

/* Ops looked through, back from the culprit, before giving up. */
#define MAX_VARIABLE_DEPTH 4

/* Ops whose output holds their first input's negatives and zeros, moved or retyped. */
static const char keep_both_types[] =
  " Cast Identity Reshape ExpandDims Squeeze Transpose StopGradient Snapshot ";
/* A sum keeps a summand's negatives (a variance plus ε is still negative); a product keeps a
 * factor's zeros. */
static const char sum_types[] = " Add AddV2 BiasAdd AddN ";
static const char product_types[] = " Mul ";

gboolean
_tdbg_cause_trace_holds (TdbgLogdir *logdir, guint32 index, TdbgEvidenceKind kind)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, index, NULL);
  TdbgValue value;
  gboolean holds = FALSE;

  if (event == NULL)
    return FALSE;
  if (event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      tdbg_value_init (&value, event->graph_execution_trace->tensor_debug_mode,
                       event->graph_execution_trace->tensor_proto);
      holds = value.counts_known && !value.any_inf_nan &&
              (kind == TDBG_EVIDENCE_NEGATIVES ? value.counts.neg > 0 : value.counts.zero > 0);
      tdbg_value_clear (&value);
    }
  tensorflow__debug_event__free_unpacked (event, NULL);
  return holds;
}

/* The data input of @op whose values @op's output kept, and its trace before @ref: the only
 * one that held them (two that both did leave it unknown). -1 when @op keeps none. */
static gint
kept_input (TdbgLogdir *logdir, const TdbgOp *op, TdbgEvidenceKind kind, guint32 ref, guint32 *trace)
{
  gboolean first_only = _tdbg_cause_type_in (keep_both_types, op->op_type);
  gint found = -1;

  if (!first_only && !_tdbg_cause_type_in (kind == TDBG_EVIDENCE_NEGATIVES ? sum_types : product_types, op->op_type))
    return -1;
  for (guint k = 0; op->input_names[k] && op->input_names[k][0] != '^' && (!first_only || k == 0); k++)
    {
      guint32 t = op->input_ops[k] == TDBG_NONE ? TDBG_NONE
                  : _tdbg_cause_walk_input_trace (logdir, op->input_ops[k], tdbg_input_name_slot (op->input_names[k]), ref);
      if (t == TDBG_NONE || !_tdbg_cause_trace_holds (logdir, t, kind))
        continue;
      if (found >= 0)
        return -1;
      found = (gint) k;
      *trace = t;
    }
  return found;
}

guint32
_tdbg_root_cause_variable_read (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgCauseInput *culprit;
  guint32 trace;

  if (rc->evidence_input < 0 || (rc->evidence_kind != TDBG_EVIDENCE_NEGATIVES && rc->evidence_kind != TDBG_EVIDENCE_ZEROS))
    return TDBG_NONE;
  culprit = &g_array_index (rc->inputs, TdbgCauseInput, rc->evidence_input);
  if (!culprit->culprit || culprit->trace == TDBG_NONE)
    return TDBG_NONE;
  trace = culprit->trace;
  for (guint depth = 0; depth < MAX_VARIABLE_DEPTH; depth++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, trace)));
      guint32 next = TDBG_NONE;
      gint k;

      if (op->op_type == NULL)
        return TDBG_NONE;
      if (_tdbg_cause_reads_variable (op->op_type))
        return trace;
      if ((k = kept_input (logdir, op, rc->evidence_kind, trace, &next)) < 0)
        return TDBG_NONE;
      trace = next;
    }
  return TDBG_NONE;
}
