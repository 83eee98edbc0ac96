/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Execution in compare mode: the shown run's traces against their twins in another run
 * (the window compares them, data/compare/): the Error column, the "Diverging only" filter and
 * the selected trace beside its twin under the list. */
#include "tdbg-trace-pane-private.h"

#include <math.h>
#include <glib/gi18n.h>

void
_tdbg_trace_pane_compare_clear (TdbgTracePane *self)
{
  g_clear_pointer (&self->compare, tdbg_twins_unref);
  g_clear_pointer (&self->diverging, g_bytes_unref);
  g_clear_pointer (&self->twin_summary, tdbg_trace_summary_free);
  if (self->diverging_check == NULL)
    return;
  self->updating = TRUE;
  gtk_check_button_set_active (self->diverging_check, FALSE);
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->diverging_check), FALSE);
  tdbg_tensor_details_show_twin (self->details, NULL, TDBG_NONE, NULL, NULL);
}

static gboolean
diverges (TdbgTracePane *self, guint trace)
{
  return self->compare && trace < self->compare->n_traces && self->compare->diverging[trace] != 0;
}

char *
_tdbg_trace_pane_error_text (TdbgTracePane *self, guint trace, gboolean *bad)
{
  float error;

  if (self->compare == NULL)
    return NULL;
  *bad = diverges (self, trace);
  error = trace < self->compare->n_traces ? self->compare->errors[trace] : NAN;
  /* Not compared (no twin, or a key the other run lacks). */
  if (isnan (error))
    return g_strdup ("—");
  /* Differs without a finite difference: another dtype, shape, mode, or no twin left. */
  if (error < 0)
    return g_strdup ("≠");
  if (error == 0)
    return g_strdup ("0");
  return g_strdup_printf ("%.3g", (double) error);
}

void
_tdbg_trace_pane_show_twin (TdbgTracePane *self, guint32 trace)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  guint32 twin;
  const TdbgValue *value = NULL;
  g_autofree char *error = NULL;
  gboolean bad = FALSE;

  if (self->compare == NULL || logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (logdir))
    {
      tdbg_tensor_details_show_twin (self->details, NULL, TDBG_NONE, NULL, NULL);
      return;
    }
  twin = tdbg_twins_get_trace (self->compare, trace);
  if (twin != TDBG_NONE)
    value = tdbg_trace_summary_get_value (self->twin_summary, self->compare->other, twin);
  error = _tdbg_trace_pane_error_text (self, trace, &bad);
  tdbg_tensor_details_show_twin (self->details, self->compare, twin, value, error);
}

GBytes *
_tdbg_trace_pane_get_wanted (TdbgTracePane *self)
{
  if (self->diverging == NULL || !gtk_check_button_get_active (self->diverging_check))
    return NULL;
  return self->diverging;
}

void
tdbg_trace_pane_set_comparison (TdbgTracePane *self, TdbgTwins *twins)
{
  gboolean show[TDBG_TRACE_N_COLS];
  /* The same run compared again (either side grew): "Diverging only" stays as it was. */
  gboolean diverging_only = twins != NULL && self->compare != NULL && twins->other == self->compare->other &&
                           gtk_check_button_get_active (self->diverging_check);

  g_return_if_fail (TDBG_IS_TRACE_PANE (self));
  _tdbg_trace_pane_compare_clear (self);
  for (guint c = 0; c < TDBG_TRACE_N_COLS; c++)
    show[c] = c == TDBG_TRACE_COL_ERROR ? twins != NULL : tdbg_trace_columns_is_shown (&self->columns, c);
  if (twins != NULL)
    {
      self->compare = tdbg_twins_ref (twins);
      self->diverging = g_bytes_new_with_free_func (twins->diverging, twins->n_traces,
                                                    (GDestroyNotify) tdbg_twins_unref, tdbg_twins_ref (twins));
      self->twin_summary = tdbg_trace_summary_new ();
      gtk_widget_set_visible (GTK_WIDGET (self->diverging_check), TRUE);
      self->updating = TRUE;
      gtk_check_button_set_active (self->diverging_check, diverging_only);
      self->updating = FALSE;
    }
  /* The new column, its texts drawn afresh, and the twin of the selected trace. */
  _tdbg_trace_pane_show_columns (self, show);
  _tdbg_trace_pane_show_twin (self, tdbg_trace_pane_get_selected_trace (self));
  /* The rows it lets through are those that diverge now. */
  if (diverging_only)
    _tdbg_trace_pane_refilter (self);
}

GtkCheckButton *
tdbg_trace_pane_get_diverging_check (TdbgTracePane *self)
{
  return self->diverging_check;
}
