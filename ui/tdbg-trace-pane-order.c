/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The order of Graph Execution's rows: the traces the filters let through (or all), in trace
 * order or sorted by a column, picked from the sort menu or by a click on a column's title.
 * A sort runs on a worker; the rows shown until it is done are those before it. */
#include "tdbg-trace-pane-private.h"

/* The columns that can be sorted by, and their keys ("#": trace order, or its reverse). */
static const struct {
  TdbgTraceCol column;
  TdbgTraceSortKey key;
} sortable[] = {
  { TDBG_TRACE_COL_INDEX, TDBG_TRACE_SORT_NONE },
  { TDBG_TRACE_COL_TENSOR, TDBG_TRACE_SORT_TENSOR },
  { TDBG_TRACE_COL_TYPE, TDBG_TRACE_SORT_OP_TYPE },
  { TDBG_TRACE_COL_DEVICE, TDBG_TRACE_SORT_DEVICE },
  { TDBG_TRACE_COL_HOST, TDBG_TRACE_SORT_HOST },
  { TDBG_TRACE_COL_DTYPE, TDBG_TRACE_SORT_DTYPE },
  { TDBG_TRACE_COL_SIZE, TDBG_TRACE_SORT_SIZE },
  { TDBG_TRACE_COL_NEG_INF, TDBG_TRACE_SORT_NEG_INF },
  { TDBG_TRACE_COL_POS_INF, TDBG_TRACE_SORT_POS_INF },
  { TDBG_TRACE_COL_NAN, TDBG_TRACE_SORT_NAN },
};

static void
stop_sorting (TdbgTracePane *self)
{
  g_cancellable_cancel (self->sort_cancellable);
  g_clear_object (&self->sort_cancellable);
}

gboolean
_tdbg_trace_pane_is_sorting (TdbgTracePane *self)
{
  return self->sort_cancellable != NULL;
}

/* Trace order: no key, ascending; no sort is needed. */
static gboolean
in_trace_order (TdbgTracePane *self)
{
  return self->sort_key == TDBG_TRACE_SORT_NONE && !self->sort_descending;
}

/* The Where column sorts by host when the traces ran on several, else by device. */
static TdbgTraceSortKey
where_key (TdbgTracePane *self)
{
  return tdbg_trace_summary_hosts_differ (self->summary) ? TDBG_TRACE_SORT_HOST : TDBG_TRACE_SORT_DEVICE;
}

/* The sorted column's title shows which way it goes (the Where column's for its key, when the
 * key's own column is hidden); trace order marks none. */
static void
mark_sorted_column (TdbgTracePane *self)
{
  int column = -1;

  for (guint i = 0; i < G_N_ELEMENTS (sortable) && !in_trace_order (self); i++)
    if (sortable[i].key == self->sort_key)
      column = (int) sortable[i].column;
  if (column >= 0 && !tdbg_trace_columns_is_shown (&self->columns, (guint) column) &&
      self->sort_key == where_key (self))
    column = TDBG_TRACE_COL_WHERE;
  tdbg_trace_header_set_sort (self->header, column, self->sort_descending);
}

static void
sorted_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(TdbgTracePane) self = user_data;
  GArray *traces = tdbg_trace_sort_finish (result, NULL);
  g_autoptr(TdbgIndexModel) rows = NULL;

  if (traces == NULL)
    return;   /* cancelled: another order, other rows, or the pane went */
  g_clear_object (&self->sort_cancellable);
  rows = tdbg_index_model_new_for_order (traces);
  _tdbg_trace_pane_set_rows (self, rows);
}

/* The rows again, from the matching traces, in the order picked. */
static void
reorder (TdbgTracePane *self)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  g_autoptr(TdbgIndexModel) rows = NULL;

  stop_sorting (self);
  mark_sorted_column (self);
  if (logdir == NULL || in_trace_order (self))
    {
      rows = self->matching ? tdbg_index_model_new_for_indices (g_array_copy (self->matching))
                            : tdbg_index_model_new (logdir ? tdbg_logdir_get_n_traces (logdir) : 0);
      _tdbg_trace_pane_set_rows (self, rows);
      return;
    }
  self->sort_cancellable = g_cancellable_new ();
  tdbg_trace_sort_async (logdir, self->matching ? g_array_copy (self->matching) : NULL, self->sort_key,
                         self->sort_descending, self->sort_cancellable, sorted_cb, g_object_ref (self));
  _tdbg_trace_pane_show_title (self);
}

void
_tdbg_trace_pane_show_traces (TdbgTracePane *self, GArray *matching)
{
  g_clear_pointer (&self->matching, g_array_unref);
  self->matching = matching;
  reorder (self);
}

void
_tdbg_trace_pane_traces_grew (TdbgTracePane *self, GArray *appended)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));

  if (appended && self->matching)
    g_array_append_vals (self->matching, appended->data, appended->len);
  /* Sorted rows are sorted again, the new traces among them. */
  if (!in_trace_order (self))
    reorder (self);
  else if (appended)
    tdbg_index_model_append_indices (self->rows, appended);
  else if (tdbg_index_model_is_identity (self->rows))
    tdbg_index_model_grow (self->rows, tdbg_logdir_get_n_traces (logdir));
  g_clear_pointer (&appended, g_array_unref);
}

/* The key and direction, and the sort menu's items showing them. */
static void
keep_sort (TdbgTracePane *self, TdbgTraceSortKey key, gboolean descending)
{
  self->sort_key = key;
  self->sort_descending = descending;
  g_simple_action_set_state (self->sort_key_action, g_variant_new_string (tdbg_trace_sort_key_to_nick (key)));
  g_simple_action_set_state (self->sort_descending_action, g_variant_new_boolean (descending));
}

static void
set_sort (TdbgTracePane *self, TdbgTraceSortKey key, gboolean descending)
{
  if (self->sort_key == key && self->sort_descending == descending)
    return;
  keep_sort (self, key, descending);
  reorder (self);
}

void
_tdbg_trace_pane_show_all_in_trace_order (TdbgTracePane *self)
{
  g_clear_pointer (&self->matching, g_array_unref);
  keep_sort (self, TDBG_TRACE_SORT_NONE, FALSE);
  reorder (self);
}

/* A column or a key picked: its own direction (largest first for sizes and counts), or the
 * other direction when the rows are sorted by it already. */
static void
pick (TdbgTracePane *self, TdbgTraceSortKey key)
{
  set_sort (self, key, self->sort_key == key ? !self->sort_descending
                                                              : tdbg_trace_sort_key_descends (key));
}

static void
title_clicked_cb (TdbgTraceHeader *header, guint column, TdbgTracePane *self)
{
  if (column == TDBG_TRACE_COL_WHERE)
    pick (self, where_key (self));
  for (guint i = 0; i < G_N_ELEMENTS (sortable); i++)
    if (sortable[i].column == column)
      pick (self, sortable[i].key);
}

static void
sort_key_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  TdbgTraceSortKey key = tdbg_trace_sort_key_from_nick (g_variant_get_string (state, NULL));

  if (key < TDBG_TRACE_N_SORTS && key != TDBG_TRACE_PANE (data)->sort_key)
    pick (data, key);
}

static void
sort_descending_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  TdbgTracePane *self = data;

  set_sort (self, self->sort_key, g_variant_get_boolean (state));
}

void
_tdbg_trace_pane_order_init (TdbgTracePane *self)
{
  static const GActionEntry entries[] = {
    { "sort-key", NULL, "s", "''", sort_key_changed, { 0 } },
    { "sort-descending", NULL, NULL, "false", sort_descending_changed, { 0 } },
  };
  g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (actions), entries, G_N_ELEMENTS (entries), self);
  self->sort_key_action = G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (actions), "sort-key"));
  self->sort_descending_action = G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (actions),
                                                                              "sort-descending"));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "traces", G_ACTION_GROUP (actions));
  self->column_actions = G_ACTION_MAP (actions);
  g_signal_connect (self->header, "title-clicked", G_CALLBACK (title_clicked_cb), self);
}

void
_tdbg_trace_pane_order_clear (TdbgTracePane *self)
{
  stop_sorting (self);
  g_clear_pointer (&self->matching, g_array_unref);
}
