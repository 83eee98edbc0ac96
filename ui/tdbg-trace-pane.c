/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-pane-private.h"
#include "tdbg-ui.h"

#include <glib/gi18n.h>
#include "tdbg-trace-header.h"
#include "tdbg-trace-row.h"
#include "tdbg-name-factory.h"
#include "libtdbg-data.h"
#include "tdbg-template.h"

G_DEFINE_FINAL_TYPE (TdbgTracePane, tdbg_trace_pane, TDBG_TYPE_PANE)

enum { FILTERED, N_SIGNALS };
static guint signals[N_SIGNALS];

static TdbgLogdir *
logdir_of (TdbgTracePane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

static void
tint (TdbgTracePane *self, TdbgTraceRow *row)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint trace = tdbg_trace_row_get_record (row);
  gboolean input = FALSE;

  if (logdir && self->input_ops && trace < tdbg_logdir_get_n_traces (logdir))
    input = g_hash_table_contains (self->input_ops, GUINT_TO_POINTER (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, trace))));
  tdbg_trace_row_set_input (row, input);
}


/* The text of a column of a trace: asked by its row when drawn in view (or read). */
static char *
column_text_cb (guint trace, guint column, gboolean *bad, gpointer data)
{
  TdbgTracePane *self = data;

  if (column == TDBG_TRACE_COL_ERROR)
    return _tdbg_trace_pane_error_text (self, trace, bad);
  return tdbg_trace_summary_get_text (self->summary, logdir_of (self), trace, column, bad);
}

static char *
column_whole_text_cb (guint trace, guint column, gboolean *bad, gpointer data)
{
  return tdbg_trace_summary_get_whole_text (logdir_of (data), trace, column);
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgTracePane *self)
{
  tdbg_ui_list_item_set_child (item, tdbg_trace_row_new (&self->columns));
}

/* Binding costs next to nothing: the list view keeps ~200 rows bound, a few dozen are seen. */
static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgTracePane *self)
{
  TdbgTraceRow *row = TDBG_TRACE_ROW (gtk_list_item_get_child (item));

  tdbg_trace_row_set_record (row, tdbg_row_get_index (gtk_list_item_get_item (item)));
  g_hash_table_add (self->bound, row);
  tint (self, row);
}

static void
unbind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgTracePane *self)
{
  g_hash_table_remove (self->bound, gtk_list_item_get_child (item));
}

/* The list's width in view changed: the counts stay in it, the tensor column giving way. */
static void
fit_view (TdbgTracePane *self)
{
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (self->scroller);

  if (!tdbg_trace_columns_fit_view (&self->columns, (int) gtk_adjustment_get_page_size (hadjustment)))
    return;
  _tdbg_trace_pane_relayout_rows (self);
}

/* The trace's line under the list, and its values for FULL_TENSOR. */
static void
show_details (TdbgTracePane *self, guint32 trace)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgValue *value = NULL;

  if (logdir && trace != TDBG_NONE && trace < tdbg_logdir_get_n_traces (logdir))
    value = tdbg_trace_summary_get_value (self->summary, logdir, trace);
  tdbg_tensor_details_show_trace (self->details, logdir, trace, value);
  _tdbg_trace_pane_show_twin (self, trace);
}

static void
sync_from_selection (TdbgTracePane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint32 trace = selection ? tdbg_selection_get_trace (selection) : TDBG_NONE;
  guint pos = trace == TDBG_NONE || self->rows == NULL ? GTK_INVALID_LIST_POSITION
                                                       : tdbg_index_model_find (self->rows, trace);

  self->updating = TRUE;
  gtk_single_selection_set_selected (self->model, pos);
  self->updating = FALSE;
  if (pos != GTK_INVALID_LIST_POSITION)
    tdbg_list_scroll_to (&self->scroll, pos);
  show_details (self, trace);
}

static void
update_inputs (TdbgTracePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint32 op = selection ? tdbg_selection_get_op (selection) : TDBG_NONE;
  GHashTableIter iter;
  gpointer key;

  g_clear_pointer (&self->input_ops, g_hash_table_unref);
  if (logdir && op != TDBG_NONE && op < tdbg_logdir_get_n_ops (logdir))
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
      self->input_ops = g_hash_table_new (NULL, NULL);
      for (guint k = 0; o->input_names[k]; k++)
        if (o->input_ops[k] != TDBG_NONE)
          g_hash_table_add (self->input_ops, GUINT_TO_POINTER (o->input_ops[k]));
    }
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    tint (self, TDBG_TRACE_ROW (key));
}

static void
tdbg_trace_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (pane);

  if (g_str_equal (pspec->name, "trace"))
    sync_from_selection (self);
  else if (g_str_equal (pspec->name, "op"))
    update_inputs (self);
}

static void
model_selected_cb (GtkSingleSelection *model, GParamSpec *pspec, TdbgTracePane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint pos = gtk_single_selection_get_selected (model);

  if (self->updating || selection == NULL || pos == GTK_INVALID_LIST_POSITION)
    return;
  tdbg_selection_select_trace (selection, tdbg_index_model_get_record (self->rows, pos));
}

void
_tdbg_trace_pane_show_title (TdbgTracePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autofree char *title = NULL;
  guint n_all = logdir ? tdbg_logdir_get_n_traces (logdir) : 0;
  guint n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  g_autofree char *all = tdbg_ui_format_count (n_all);
  g_autofree char *rows = tdbg_ui_format_count (n_rows);

  if (n_rows == n_all)
    /* Translators: the count of traces, digits grouped as the locale does */
    title = g_strdup_printf (_("Graph Execution (%s)"), all);
  else
    /* Translators: shown rows of all traces */
    title = g_strdup_printf (_("Graph Execution (%s of %s)"), rows, all);
  if (_tdbg_trace_pane_is_sorting (self))
    {
      char *counted = g_steal_pointer (&title);
      /* Translators: the heading while the rows are being sorted by a column */
      title = g_strdup_printf (_("%s, sorting…"), counted);
      g_free (counted);
    }
  gtk_label_set_text (self->title_label, title);
}

void
_tdbg_trace_pane_set_rows (TdbgTracePane *self, TdbgIndexModel *rows)
{
  g_set_object (&self->rows, rows);
  self->updating = TRUE;
  gtk_single_selection_set_model (self->model, G_LIST_MODEL (rows));
  self->updating = FALSE;
  _tdbg_trace_pane_show_title (self);
  sync_from_selection (self);
  /* New rows without the selected trace start at their top (a sort's first rows are what
   * it was asked for). */
  if (gtk_single_selection_get_selected (self->model) == GTK_INVALID_LIST_POSITION &&
      g_list_model_get_n_items (G_LIST_MODEL (rows)) > 0)
    tdbg_list_scroll_to (&self->scroll, 0);
  g_signal_emit (self, signals[FILTERED], 0);
}

static void
filter_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(TdbgTracePane) self = user_data;
  TdbgTraceFilter *filter = TDBG_TRACE_FILTER (source);
  GArray *indices;

  if (filter != self->filter)
    return;
  indices = tdbg_trace_filter_run_finish (filter, result, NULL);
  if (indices != NULL)
    _tdbg_trace_pane_show_traces (self, indices);
}

static void
clear_filter (TdbgTracePane *self)
{
  g_cancellable_cancel (self->filter_cancellable);
  g_clear_object (&self->filter_cancellable);
  g_clear_object (&self->filter);
}

/* An op-name pattern that is no regular expression says why (GLib's message) under the
 * filters, to screen readers too (the entry is invalid and described by the message). */
static void
show_regex_error (TdbgTracePane *self, const GError *error)
{
  GtkWidget *entry = GTK_WIDGET (self->regex_entry);
  g_autofree char *text = error ? g_strdup_printf (_("Not a regular expression: %s"), error->message) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->regex_error_label), error != NULL);
  if (error == NULL)
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_accessible_reset_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  gtk_label_set_text (self->regex_error_label, text);
  gtk_widget_add_css_class (entry, "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* The text of the error shown under the filters, "" when none is. */
const char *
tdbg_trace_pane_get_regex_error (TdbgTracePane *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->regex_error_label)) ? gtk_label_get_text (self->regex_error_label)
                                                                         : "";
}

void
tdbg_trace_pane_set_filter (TdbgTracePane *self, const char *regex, const char *op_type, const char *device,
                            const char *host, gboolean alerting_only)
{
  TdbgLogdir *logdir = logdir_of (self);
  GBytes *wanted = _tdbg_trace_pane_get_wanted (self);

  g_autoptr(GError) error = NULL;

  clear_filter (self);
  if (regex == NULL || *regex == '\0')
    show_regex_error (self, NULL);
  if (logdir == NULL)
    return;
  if ((regex == NULL || *regex == '\0') && op_type == NULL && device == NULL && host == NULL && !alerting_only &&
      wanted == NULL)
    {
      _tdbg_trace_pane_show_traces (self, NULL);
      return;
    }
  self->filter = tdbg_trace_filter_new (logdir, regex, op_type, device, alerting_only, &error);
  show_regex_error (self, error);
  if (self->filter == NULL)
    return;
  tdbg_trace_filter_set_host (self->filter, host);
  tdbg_trace_filter_set_wanted (self->filter, wanted);
  self->filter_cancellable = g_cancellable_new ();
  /* The pane stays until the worker is done, even when cancelled. */
  tdbg_trace_filter_run_async (self->filter, self->filter_cancellable, filter_done_cb, g_object_ref (self));
}

static const char *
dropdown_string (GtkDropDown *dropdown)
{
  guint pos = gtk_drop_down_get_selected (dropdown);
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);

  return pos == 0 || pos == GTK_INVALID_LIST_POSITION || item == NULL ? NULL : gtk_string_object_get_string (item);
}

static void
filters_changed_cb (TdbgTracePane *self)
{
  if (self->updating)
    return;
  tdbg_trace_pane_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (self->regex_entry)),
                              dropdown_string (self->type_dropdown), dropdown_string (self->device_dropdown),
                              dropdown_string (self->host_dropdown), gtk_check_button_get_active (self->alerting_check));
}

void
_tdbg_trace_pane_refilter (TdbgTracePane *self)
{
  filters_changed_cb (self);
}

static void
goto_cb (GtkEntry *entry, TdbgTracePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint64 index;

  if (logdir && g_ascii_string_to_unsigned (gtk_editable_get_text (GTK_EDITABLE (entry)), 10, 0,
                                            G_MAXUINT32, &index, NULL) &&
      index < tdbg_logdir_get_n_traces (logdir))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      tdbg_selection_select_trace (tdbg_pane_get_selection (TDBG_PANE (self)), (guint32) index);
    }
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
}

static void
fill_dropdown (GtkStringList *list, const char *all, GPtrArray *names)
{
  g_ptr_array_insert (names, 0, (gpointer) all);
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)), (const char *const *) names->pdata);
}

/* Adds to a drop-down's list (after what is there, so that the chosen item stays) the
 * names of @set it lacks; returns how many names the list then holds, "All" excluded. */
static guint
append_missing (GtkStringList *list, GHashTable *set)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  g_autoptr(GPtrArray) names = NULL;

  for (guint i = 1; i < n; i++)
    g_hash_table_remove (set, gtk_string_list_get_string (list, i));
  names = tdbg_trace_filter_sorted_names (set);
  for (guint i = 0; i < names->len; i++)
    gtk_string_list_append (list, g_ptr_array_index (names, i));
  return n - 1 + names->len;
}

/* A choice among one device or host is none: its drop-down shows from the second on, in a
 * row of their own under the filters. */
static void
show_place_choices (TdbgTracePane *self, guint n_devices, guint n_hosts)
{
  gtk_widget_set_visible (GTK_WIDGET (self->device_dropdown), n_devices > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->host_dropdown), n_hosts > 1);
  gtk_widget_set_visible (self->where_box, n_devices > 1 || n_hosts > 1);
}

/* New op types, devices and hosts join the drop-downs; a second device or host brings the
 * Where column. */
static void
add_new_choices (TdbgTracePane *self, gboolean had_traces)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autoptr(GHashTable) types = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) devices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) hosts = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_devices, n_hosts;

  tdbg_trace_filter_collect_op_types (logdir, types);
  tdbg_trace_filter_collect_devices (logdir, devices);
  tdbg_trace_filter_collect_hosts (logdir, hosts);
  self->updating = TRUE;
  append_missing (self->types, types);
  n_devices = append_missing (self->devices, devices);
  n_hosts = append_missing (self->hosts, hosts);
  self->updating = FALSE;
  show_place_choices (self, n_devices, n_hosts);
  _tdbg_trace_pane_learn_places (self, had_traces);
}

/* The logdir grew: the rows grow by the new traces the filter lets through. */
static void
tdbg_trace_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (pane);

  if (self->filter == NULL)
    _tdbg_trace_pane_traces_grew (self, NULL);
  else if (tdbg_trace_filter_is_done (self->filter))
    _tdbg_trace_pane_traces_grew (self, tdbg_trace_filter_more (self->filter, NULL));
  _tdbg_trace_pane_show_title (self);
  add_new_choices (self, before->traces > 0);
}

static void
tdbg_trace_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (pane);
  g_autoptr(GHashTable) type_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) device_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) host_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) types = NULL;
  g_autoptr(GPtrArray) devices = NULL;
  g_autoptr(GPtrArray) hosts = NULL;
  guint n_devices, n_hosts;

  tdbg_trace_summary_clear (self->summary);
  clear_filter (self);
  _tdbg_trace_pane_compare_clear (self);

  if (logdir)
    {
      tdbg_trace_filter_collect_op_types (logdir, type_set);
      tdbg_trace_filter_collect_devices (logdir, device_set);
      tdbg_trace_filter_collect_hosts (logdir, host_set);
    }
  types = tdbg_trace_filter_sorted_names (type_set);
  devices = tdbg_trace_filter_sorted_names (device_set);
  hosts = tdbg_trace_filter_sorted_names (host_set);
  n_devices = devices->len;   /* before the lists take "All devices", "All hosts" */
  n_hosts = hosts->len;

  self->updating = TRUE;
  fill_dropdown (self->types, _("All op types"), types);
  fill_dropdown (self->devices, _("All devices"), devices);
  fill_dropdown (self->hosts, _("All hosts"), hosts);
  gtk_drop_down_set_selected (self->type_dropdown, 0);
  gtk_drop_down_set_selected (self->device_dropdown, 0);
  gtk_drop_down_set_selected (self->host_dropdown, 0);
  gtk_editable_set_text (GTK_EDITABLE (self->regex_entry), "");
  gtk_check_button_set_active (self->alerting_check, FALSE);
  self->updating = FALSE;

  show_place_choices (self, n_devices, n_hosts);
  _tdbg_trace_pane_learn_places (self, FALSE);

  _tdbg_trace_pane_show_all_in_trace_order (self);
  update_inputs (self);
}

static void
tdbg_trace_pane_dispose (GObject *object)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (object);

  tdbg_list_scroll_clear (&self->scroll);
  clear_filter (self);
  _tdbg_trace_pane_compare_clear (self);
  _tdbg_trace_pane_order_clear (self);
  g_clear_object (&self->rows);
  g_clear_object (&self->types);
  g_clear_object (&self->devices);
  g_clear_object (&self->hosts);
  g_clear_pointer (&self->summary, tdbg_trace_summary_free);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_pointer (&self->input_ops, g_hash_table_unref);
  G_OBJECT_CLASS (tdbg_trace_pane_parent_class)->dispose (object);
}

/* The selected row stays in view as the list's space changes. */
static void
keep_selected_in_view (TdbgTracePane *self)
{
  guint pos = gtk_single_selection_get_selected (self->model);

  if (pos != GTK_INVALID_LIST_POSITION)
    tdbg_list_scroll_to (&self->scroll, pos);
}

/* The list's least room beside opened values: eight rows under its column titles. */
#define LIST_ROWS_KEPT 8

/* Opened, the values get what they need (a few rows at least), and of what is left the list
 * keeps room for its rows first, then each gets half (the person may move the split); closed,
 * the details get what they need and the list the rest. */
static void
place_values (TdbgTracePane *self)
{
  GtkExpander *expander = tdbg_tensor_details_get_expander (self->details);
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
  int width = gtk_widget_get_width (GTK_WIDGET (self->values_paned));
  int height = gtk_widget_get_height (GTK_WIDGET (self->values_paned));
  int row_height = row && gtk_widget_get_height (row) > 0 ? gtk_widget_get_height (row) : 22;
  /* The column titles above the rows. */
  int titles = MAX (gtk_widget_get_height (gtk_widget_get_parent (GTK_WIDGET (self->scroller))) -
                    gtk_widget_get_height (GTK_WIDGET (self->scroller)), 0);
  int need, left;

  /* Before the split has its size (a window being made): measured for no width, the details
   * would be given less than they need (GTK 4.18 says so). Placed once it has. */
  self->values_unplaced = width <= 0 || height <= 0;
  if (self->values_unplaced)
    return;
  gtk_widget_measure (GTK_WIDGET (self->details), GTK_ORIENTATION_VERTICAL, width, &need, NULL, NULL, NULL);
  left = MAX (height - need, 0);
  if (gtk_expander_get_expanded (expander) && gtk_widget_get_visible (GTK_WIDGET (expander)))
    gtk_paned_set_position (self->values_paned, MAX (left / 2, MIN (left, titles + LIST_ROWS_KEPT * row_height + 1)));
  else
    gtk_paned_set_position (self->values_paned, -1);
  keep_selected_in_view (self);
}

/* The split has its size: the values shown before are placed. */
static void
values_sized_cb (TdbgTracePane *self)
{
  if (self->values_unplaced)
    place_values (self);
}

static void
tdbg_trace_pane_class_init (TdbgTracePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  object_class->dispose = tdbg_trace_pane_dispose;
  g_type_ensure (TDBG_TYPE_TENSOR_DETAILS);
  pane_class->logdir_loaded = tdbg_trace_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_trace_pane_logdir_grew;
  pane_class->selection_changed = tdbg_trace_pane_selection_changed;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-trace-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgTracePane, title_label, regex_entry, regex_error_label, type_dropdown,
                               place_box, common_place, place_label, where_box, host_dropdown, device_dropdown, alerting_check,
                               diverging_check, goto_entry, scroller, values_paned, list_view, details,
                               sort_menu, columns_menu);

  signals[FILTERED] = g_signal_new ("filtered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 0);
}

static void
tdbg_trace_pane_init (TdbgTracePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->summary = tdbg_trace_summary_new ();
  self->bound = g_hash_table_new (NULL, NULL);
  self->rows = tdbg_index_model_new (0);
  /* Alt+3 (the window's win.focus-pane): the selected trace's row, else the list. */
  self->model = tdbg_pane_set_list (TDBG_PANE (self), self->list_view, G_LIST_MODEL (g_object_ref (self->rows)),
                                    G_CALLBACK (setup_cb), G_CALLBACK (bind_cb), G_CALLBACK (unbind_cb));
  g_signal_connect (self->model, "notify::selected", G_CALLBACK (model_selected_cb), self);
  tdbg_list_scroll_init (&self->scroll, self->list_view);
  tdbg_ui_name_drop_down (self->type_dropdown, _("Filter by op type"));
  tdbg_ui_name_drop_down (self->device_dropdown, _("Filter by device"));
  tdbg_ui_name_drop_down (self->host_dropdown, _("Filter by host"));

  tdbg_trace_summary_define_columns (self->column_defs);
  tdbg_trace_columns_init (&self->columns, self->column_defs, TDBG_TRACE_N_COLS, column_text_cb, self);
  self->columns.whole_text_func = column_whole_text_cb;
  self->header = TDBG_TRACE_HEADER (tdbg_trace_header_new (&self->columns));
  gtk_widget_insert_before (GTK_WIDGET (self->header), gtk_widget_get_parent (GTK_WIDGET (self->scroller)),
                            GTK_WIDGET (self->scroller));
  tdbg_trace_header_set_hadjustment (self->header, gtk_scrolled_window_get_hadjustment (self->scroller));
  g_signal_connect_swapped (gtk_scrolled_window_get_hadjustment (self->scroller), "changed", G_CALLBACK (fit_view),
                            self);
  g_signal_connect_swapped (self->header, "resized", G_CALLBACK (_tdbg_trace_pane_relayout_rows), self);
  _tdbg_trace_pane_order_init (self);
  _tdbg_trace_pane_columns_init (self);

  self->types = gtk_string_list_new (NULL);
  self->devices = gtk_string_list_new (NULL);
  self->hosts = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->type_dropdown, G_LIST_MODEL (self->types));
  gtk_drop_down_set_model (self->device_dropdown, G_LIST_MODEL (self->devices));
  gtk_drop_down_set_model (self->host_dropdown, G_LIST_MODEL (self->hosts));
  {
    /* The drop-down takes its own reference. */
    g_autoptr(GtkExpression) label = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
    gtk_drop_down_set_expression (self->type_dropdown, label);
  }
  /* Whatever is chosen, the header keeps its width (a device's name is long). */
  /* Wide enough for "All op types" whole in every language (pt_BR's is 26 characters). */
  tdbg_name_factory_apply_full (self->type_dropdown, NULL, PANGO_ELLIPSIZE_END, 30);
  tdbg_name_factory_apply (self->device_dropdown, tdbg_device_short_name);
  tdbg_name_factory_apply (self->host_dropdown, tdbg_host_short_name);

  g_signal_connect_swapped (self->regex_entry, "search-changed", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->type_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->device_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->host_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->alerting_check, "toggled", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->diverging_check, "toggled", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect (self->goto_entry, "activate", G_CALLBACK (goto_cb), self);
  g_signal_connect_swapped (tdbg_tensor_details_get_expander (self->details), "notify::expanded",
                            G_CALLBACK (place_values), self);
  g_signal_connect_swapped (tdbg_tensor_details_get_expander (self->details), "notify::visible",
                            G_CALLBACK (place_values), self);
  g_signal_connect_swapped (self->values_paned, "notify::position", G_CALLBACK (keep_selected_in_view), self);
  g_signal_connect_swapped (self->values_paned, "notify::max-position", G_CALLBACK (values_sized_cb), self);
}

GtkDropDown *
tdbg_trace_pane_get_host_drop_down (TdbgTracePane *self)
{
  return self->host_dropdown;
}

GtkPaned *
tdbg_trace_pane_get_values_paned (TdbgTracePane *self)
{
  return self->values_paned;
}

guint32
tdbg_trace_pane_get_selected_trace (TdbgTracePane *self)
{
  guint pos = gtk_single_selection_get_selected (self->model);
  return pos == GTK_INVALID_LIST_POSITION ? TDBG_NONE : tdbg_index_model_get_record (self->rows, pos);
}

guint
tdbg_trace_pane_get_n_rows (TdbgTracePane *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

GtkListView *
tdbg_trace_pane_get_list_view (TdbgTracePane *self)
{
  return self->list_view;
}

TdbgTraceHeader *
tdbg_trace_pane_get_header (TdbgTracePane *self)
{
  return self->header;
}

void
tdbg_trace_pane_get_sort (TdbgTracePane *self, TdbgTraceSortKey *key, gboolean *descending)
{
  *key = self->sort_key;
  *descending = self->sort_descending;
}

guint
tdbg_trace_pane_get_n_columns (TdbgTracePane *self)
{
  return self->columns.n_shown;
}

const char *
tdbg_trace_pane_get_column_title (TdbgTracePane *self, guint n)
{
  return n < self->columns.n_shown ? self->columns.all[self->columns.shown[n]].title : NULL;
}

int
tdbg_trace_pane_find_column (TdbgTracePane *self, const char *title)
{
  for (guint n = 0; n < self->columns.n_shown; n++)
    if (g_strcmp0 (self->columns.all[self->columns.shown[n]].title, title) == 0)
      return (int) n;
  return -1;
}

TdbgTraceRow *
tdbg_trace_pane_find_row (TdbgTracePane *self, guint32 trace)
{
  GHashTableIter iter;
  gpointer row;

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    if (tdbg_trace_row_get_record (row) == trace && gtk_widget_get_mapped (row))
      return row;
  return NULL;
}

void
tdbg_trace_pane_focus_filter (TdbgTracePane *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->regex_entry));
}
