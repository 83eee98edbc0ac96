/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Alerts counted exactly as TensorBoard's Debugger V2 counts them: graph execution traces
 * first, then executions; an event is ignored once TDBG_ALERT_LIMIT alerts exist, but one
 * execution may add several alerts (one per offending output) and so pass it. What raises an
 * alert is the alert kind's (tdbg-alert-kind.c); NaN/∞ is the only kind Debugger V2 has. */

#include "tdbg-logdir-private.h"

#include <math.h>

#include "tdbg-alert-kind.h"
#include "tdbg-tensor.h"

/* The test applied to one decoded TensorProto (execution outputs). */
static gboolean
tensor_alert (guint mode, const Tensorflow__TensorProto *proto,
              double *size, double *neg_inf, double *pos_inf, double *nan)
{
  TdbgTensor tensor;
  *size = *neg_inf = *pos_inf = *nan = NAN;
  if (tdbg_tensor_is_empty_proto (proto) || !tdbg_tensor_init (&tensor, proto, NULL))
    return FALSE;
  if (mode == TDBG_MODE_FULL_TENSOR)
    {
      TdbgCounts counts;
      if (!tdbg_dtype_is_floating (tensor.dtype) || tensor.n_elements == 0)
        return FALSE;
      tdbg_tensor_count (&tensor, &counts);
      *size = tensor.n_elements;
      *neg_inf = counts.neg_inf;
      *pos_inf = counts.pos_inf;
      *nan = counts.nan;
      return tdbg_alert_kind_get (TDBG_ALERT_INF_NAN)->counts_alert (*neg_inf, *pos_inf, *nan);
    }
  g_autoptr(GArray) slots = tdbg_tensor_to_doubles (&tensor, 16);
  return tdbg_summary_alert (mode, (const double *) slots->data, slots->len, size, neg_inf, pos_inf, nan);
}

static guint32
op_type_of_trace (TdbgLogdir *self, const TdbgTraceDigest *d)
{
  const TdbgOp *op = g_ptr_array_index (self->ops, tdbg_trace_digest_get_op (d));
  const char *type = op->op_type ? op->op_type : "";
  return tdbg_logdir_intern (self, type, strlen (type));
}

/* The traces that raise an alert among those just scanned are listed, as their scan read them
 * (never read again: over SSH each would be a round trip), as far as the alerts can need them
 * (the scan counted them all). */
static void
add_trace_alerts (TdbgLogdir *self)
{
  const TdbgAlertKind *kind = tdbg_alert_kind_get (TDBG_ALERT_INF_NAN);

  for (guint k = 0; k < self->alert_traces->len && self->alerts->len < TDBG_ALERT_LIMIT; k++)
    {
      const TdbgAlertTrace *at = &g_array_index (self->alert_traces, TdbgAlertTrace, k);
      const TdbgTraceInfo *info = &at->info;
      const TdbgTraceDigest *d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, at->trace);
      TdbgAlert alert = { kind->type, at->trace, TDBG_NONE, d->output_slot, NAN, NAN, NAN, NAN, info->wall_time, 0 };

      if (info->flags & TDBG_DIGEST_HAS_SIZE)
        alert.size = info->size;
      if (info->flags & TDBG_DIGEST_HAS_COUNTS)
        {
          alert.num_neg_inf = info->neg_inf;
          alert.num_pos_inf = info->pos_inf;
          alert.num_nan = info->nan;
        }
      alert.op_type = op_type_of_trace (self, d);
      g_array_append_val (self->alerts, alert);
    }
  g_array_set_size (self->alert_traces, 0);
}

/* Decodes one execution to list its offending outputs; returns how many there are. */
static guint
add_execution_alerts (TdbgLogdir *self, guint index, gboolean record)
{
  const TdbgExecutionDigest *d = &tdbg_vec_index (&self->executions, TdbgExecutionDigest, index);
  Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (self, index, NULL);
  guint n = 0;

  if (event == NULL || event->what_case != TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION)
    {
      if (event)
        tensorflow__debug_event__free_unpacked (event, NULL);
      return d->n_alert_outputs;
    }
  for (gsize k = 0; k < event->execution->n_tensor_protos; k++)
    {
      TdbgAlert alert = { TDBG_ALERT_INF_NAN, TDBG_NONE, index, k, NAN, NAN, NAN, NAN, d->wall_time, d->op_type };
      if (!tensor_alert (d->mode, event->execution->tensor_protos[k], &alert.size,
                         &alert.num_neg_inf, &alert.num_pos_inf, &alert.num_nan))
        continue;
      n++;
      if (record)
        g_array_append_val (self->alerts, alert);
    }
  tensorflow__debug_event__free_unpacked (event, NULL);
  return n;
}

/* Lists the offending outputs of execution @index as its scan kept them, when it kept them
 * all; @next walks the kept outputs, which are in execution order. */
static gboolean
add_scanned_execution_alerts (TdbgLogdir *self, guint index, guint *next)
{
  const TdbgExecutionDigest *d = &tdbg_vec_index (&self->executions, TdbgExecutionDigest, index);
  GArray *outputs = self->alert_outputs;
  guint end;

  while (*next < outputs->len && g_array_index (outputs, TdbgAlertOutput, *next).execution < index)
    (*next)++;
  for (end = *next; end < outputs->len && g_array_index (outputs, TdbgAlertOutput, end).execution == index; end++)
    ;
  if (end - *next != d->n_alert_outputs)
    return FALSE;
  for (; *next < end; (*next)++)
    {
      const TdbgAlertOutput *o = &g_array_index (outputs, TdbgAlertOutput, *next);
      TdbgAlert alert = { TDBG_ALERT_INF_NAN, TDBG_NONE, index, o->slot, o->size, o->neg_inf, o->pos_inf, o->nan,
                          d->wall_time, d->op_type };
      g_array_append_val (self->alerts, alert);
    }
  return TRUE;
}

void
tdbg_alerts_extend (TdbgLogdir *self, guint first_execution)
{
  guint next_output = 0;

  add_trace_alerts (self);
  for (guint i = first_execution; i < self->executions.len; i++)
    {
      const TdbgExecutionDigest *d = &tdbg_vec_index (&self->executions, TdbgExecutionDigest, i);
      gboolean record = self->alerts->len < TDBG_ALERT_LIMIT;

      /* The record is read only when the scan could not decode it or kept too few outputs. */
      if (d->flags & TDBG_DIGEST_UNDECODABLE ||
          (record && d->n_alert_outputs > 0 && !add_scanned_execution_alerts (self, i, &next_output)))
        self->n_inf_nan_execution_outputs += add_execution_alerts (self, i, record);
      else
        self->n_inf_nan_execution_outputs += d->n_alert_outputs;
    }
  g_array_set_size (self->alert_outputs, 0);
}
