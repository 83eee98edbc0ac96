/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Execution in compare mode: the shown run's traces against their twins in another run
 * (the window compares them, data/compare/): the Error column, the "Diverging only" filter and
 * the twin's line under the list. The pane keeps copies of the comparison's per-trace arrays. */
#include "tdbg-trace-pane-private.h"

#include <math.h>
#include <glib/gi18n.h>

void
_tdbg_trace_pane_compare_clear (TdbgTracePane *self)
{
  g_clear_object (&self->other);
  g_clear_pointer (&self->other_name, g_free);
  g_clear_pointer (&self->twins, g_free);
  g_clear_pointer (&self->errors, g_free);
  g_clear_pointer (&self->diverging, g_bytes_unref);
  g_clear_pointer (&self->twin_summary, tdbg_trace_summary_free);
  self->n_compared = 0;
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
  gsize n;
  const guint8 *flags = self->diverging ? g_bytes_get_data (self->diverging, &n) : NULL;

  return flags && trace < n && flags[trace] != 0;
}

char *
_tdbg_trace_pane_error_text (TdbgTracePane *self, guint trace, gboolean *bad)
{
  float error;

  if (self->other == NULL)
    return NULL;
  *bad = diverges (self, trace);
  error = trace < self->n_compared ? self->errors[trace] : NAN;
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

  if (self->other == NULL || logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (logdir))
    {
      tdbg_tensor_details_show_twin (self->details, NULL, TDBG_NONE, NULL, NULL);
      return;
    }
  twin = trace < self->n_compared ? self->twins[trace] : TDBG_NONE;
  if (twin != TDBG_NONE && twin < tdbg_logdir_get_n_traces (self->other))
    value = tdbg_trace_summary_get_value (self->twin_summary, self->other, twin);
  error = _tdbg_trace_pane_error_text (self, trace, &bad);
  tdbg_tensor_details_show_twin (self->details, self->other, twin, value, error);
}

GBytes *
_tdbg_trace_pane_get_wanted (TdbgTracePane *self)
{
  if (self->diverging == NULL || !gtk_check_button_get_active (self->diverging_check))
    return NULL;
  return self->diverging;
}

void
tdbg_trace_pane_set_comparison (TdbgTracePane *self, TdbgLogdir *other, const char *other_name, guint n,
                                const guint32 *twins, const float *errors, const guint8 *diverging)
{
  gboolean show[TDBG_TRACE_N_COLS];
  GHashTableIter iter;
  gpointer row;
  /* The same run compared again (either side grew): "Diverging only" stays as it was. */
  gboolean diverging_only = other != NULL && other == self->other && gtk_check_button_get_active (self->diverging_check);

  g_return_if_fail (TDBG_IS_TRACE_PANE (self));
  _tdbg_trace_pane_compare_clear (self);
  for (guint c = 0; c < TDBG_TRACE_N_COLS; c++)
    show[c] = c == TDBG_TRACE_COL_ERROR ? other != NULL : tdbg_trace_columns_is_shown (&self->columns, c);
  if (other != NULL)
    {
      self->other = g_object_ref (other);
      self->other_name = g_strdup (other_name);
      self->n_compared = n;
      self->twins = g_memdup2 (twins, sizeof (guint32) * MAX (n, 1));
      self->errors = g_memdup2 (errors, sizeof (float) * MAX (n, 1));
      self->diverging = g_bytes_new (diverging, n);
      self->twin_summary = tdbg_trace_summary_new ();
      gtk_widget_set_visible (GTK_WIDGET (self->diverging_check), TRUE);
      self->updating = TRUE;
      gtk_check_button_set_active (self->diverging_check, diverging_only);
      self->updating = FALSE;
    }
  /* The new column, its texts drawn afresh, and the twin of the selected trace. */
  tdbg_trace_columns_set_shown (&self->columns, show);
  tdbg_trace_header_update (self->header);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    {
      gtk_widget_queue_resize (row);
      gtk_widget_queue_draw (row);
    }
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
