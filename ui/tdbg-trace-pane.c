/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-trace-pane.h"
#include "tdbg-ui.h"

#include <math.h>
#include <glib/gi18n.h>
#include "tdbg-trace-header.h"
#include "tdbg-trace-row.h"
#include "tdbg-index-model.h"
#include "tdbg-value.h"
#include "tdbg-tensor-text.h"

typedef enum {
  COL_INDEX, COL_TENSOR, COL_TYPE, COL_DEVICE, COL_DTYPE, COL_SHAPE, COL_SIZE,
  COL_NEG_INF, COL_POS_INF, COL_NAN, COL_NEG, COL_ZERO, COL_POS, COL_HEALTH, N_COLS
} Column;

/* What the summary columns show for one trace: decoded on demand for visible rows only. */
typedef struct {
  TdbgValue value;
  gboolean have_value;
} RowInfo;

#define ROW_CACHE_MAX 4096

struct _TdbgTracePane {
  TdbgPane parent_instance;

  GtkLabel *title_label;
  GtkSearchEntry *regex_entry;
  GtkDropDown *type_dropdown;
  GtkDropDown *device_dropdown;
  GtkCheckButton *alerting_check;
  GtkEntry *goto_entry;
  GtkScrolledWindow *scroller;
  GtkListView *list_view;
  TdbgTraceHeader *header;
  GtkLabel *details_label;
  GtkExpander *tensor_expander;
  GtkEntry *slice_entry;
  GtkEntry *highlight_entry;
  GtkTextView *tensor_view;

  TdbgTraceColumn column_defs[N_COLS];
  TdbgTraceColumns columns;
  TdbgIndexModel *rows;
  GtkSingleSelection *model;   /* the pane's */
  GtkStringList *types;
  GtkStringList *devices;
  GHashTable *cache;           /* trace → RowInfo */
  GHashTable *bound;           /* TdbgTraceRow → itself, for re-tinting */
  GHashTable *input_ops;       /* op indices that feed the selected op */
  GCancellable *filter_cancellable;
  struct _FilterJob *filter;   /* the filter shown, NULL when every trace is */
  Tensorflow__DebugEvent *shown_event; /* of the selected FULL_TENSOR trace */
  gboolean updating;
  guint scroll_id;
  guint scroll_pos;
  gboolean scroll_centre;   /* the row was out of view: it comes to the middle */
  guint scroll_tries;       /* placements since the list was laid out */
  guint scroll_waits;       /* tries before it was */
};

G_DEFINE_FINAL_TYPE (TdbgTracePane, tdbg_trace_pane, TDBG_TYPE_PANE)

enum { FILTERED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
free_event (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

static TdbgLogdir *
logdir_of (TdbgTracePane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

static void
row_info_free (RowInfo *info)
{
  tdbg_value_clear (&info->value);
  g_free (info);
}

static RowInfo *
get_info (TdbgTracePane *self, guint trace)
{
  TdbgLogdir *logdir = logdir_of (self);
  RowInfo *info = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (trace));
  Tensorflow__DebugEvent *event;

  if (info)
    return info;
  if (g_hash_table_size (self->cache) >= ROW_CACHE_MAX)
    g_hash_table_remove_all (self->cache);
  info = g_new0 (RowInfo, 1);
  event = tdbg_logdir_read_trace (logdir, trace, NULL);
  if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
      tdbg_value_init (&info->value, d->mode, event->graph_execution_trace->tensor_proto);
      info->have_value = TRUE;
      /* The value borrows from the event; FULL_TENSOR rows keep only what the columns need. */
      info->value.tensor.proto = NULL;
    }
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  g_hash_table_insert (self->cache, GUINT_TO_POINTER (trace), info);
  return info;
}

static char *
format_count (double v)
{
  if (isnan (v))
    return g_strdup ("");
  return g_strdup_printf ("%.0f", v);
}

static char *
format_shape (const TdbgValue *v)
{
  GString *s;

  if (!v->shape_known)
    return v->rank >= 0 ? g_strdup_printf (_("%dD"), v->rank) : g_strdup ("");
  s = g_string_new ("[");
  for (gint i = 0; i < v->rank; i++)
    g_string_append_printf (s, "%s%" PRId64, i ? ", " : "", v->shape[i]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static void
tint (TdbgTracePane *self, TdbgTraceRow *row)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint trace = tdbg_trace_row_get_record (row);
  gboolean input = FALSE;

  if (logdir && self->input_ops && trace < tdbg_logdir_get_n_traces (logdir))
    input = g_hash_table_contains (self->input_ops, GUINT_TO_POINTER (tdbg_logdir_get_trace (logdir, trace)->op));
  tdbg_trace_row_set_input (row, input);
}


/* The text of a column of a trace: asked by its row when drawn in view (or read). */
static char *
column_text_cb (guint trace, guint column, gboolean *bad, gpointer data)
{
  TdbgTracePane *self = data;
  Column col = column;
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  char *text = NULL;
  RowInfo *info = NULL;

  if (logdir == NULL || trace >= tdbg_logdir_get_n_traces (logdir))
    return NULL;
  d = tdbg_logdir_get_trace (logdir, trace);
  op = d->op < tdbg_logdir_get_n_ops (logdir) ? tdbg_logdir_get_op (logdir, d->op) : NULL;

  if (col >= COL_DTYPE && col <= COL_POS && col != COL_NEG_INF && col != COL_POS_INF && col != COL_NAN)
    info = get_info (self, trace);
  else if ((col == COL_NEG_INF || col == COL_POS_INF || col == COL_NAN) &&
           (!(d->flags & TDBG_DIGEST_HAS_COUNTS) || (d->flags & TDBG_DIGEST_COUNTS_SATURATED)))
    info = get_info (self, trace);

  switch (col)
    {
    case COL_INDEX:
      text = g_strdup_printf ("%u", trace);
      break;
    case COL_TENSOR:
      text = g_strdup_printf ("%s:%u", op ? op->op_name : "?", d->output_slot);
      break;
    case COL_TYPE:
      text = g_strdup (op && op->op_type ? op->op_type : "");
      break;
    case COL_DEVICE:
      text = g_strdup (tdbg_logdir_get_string (logdir, d->device));
      break;
    case COL_DTYPE:
      if (info->have_value && info->value.dtype > 0)
        text = g_strdup (tdbg_dtype_name (info->value.dtype));
      else if (d->dtype)
        text = g_strdup (tdbg_dtype_name (d->dtype));
      break;
    case COL_SHAPE:
      if (info->have_value)
        text = format_shape (&info->value);
      break;
    case COL_SIZE:
      if (d->flags & TDBG_DIGEST_HAS_SIZE)
        text = g_strdup_printf ("%" PRIu64, d->size);
      else if (info->have_value)
        text = format_count (info->value.size);
      break;
    case COL_NEG_INF:
    case COL_POS_INF:
    case COL_NAN:
      {
        double v = NAN;
        if (info && info->have_value && info->value.inf_nan_known)
          v = col == COL_NEG_INF ? info->value.counts.neg_inf
            : col == COL_POS_INF ? info->value.counts.pos_inf : info->value.counts.nan;
        else if (d->flags & TDBG_DIGEST_HAS_COUNTS)
          v = col == COL_NEG_INF ? d->neg_inf : col == COL_POS_INF ? d->pos_inf : d->nan;
        text = format_count (v);
        *bad = !isnan (v) && v > 0;
      }
      break;
    case COL_NEG:
    case COL_ZERO:
    case COL_POS:
      if (info->have_value && info->value.counts_known)
        text = format_count (col == COL_NEG ? info->value.counts.neg
                             : col == COL_ZERO ? info->value.counts.zero : info->value.counts.pos);
      break;
    case COL_HEALTH:
      if (d->mode == TDBG_MODE_CURT_HEALTH)
        {
          *bad = (d->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
          text = g_strdup (*bad ? _("Has ∞/NaN") : _("No ∞/NaN"));
        }
      break;
    default:
      break;
    }
  return text;
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgTracePane *self)
{
  gtk_list_item_set_child (item, tdbg_trace_row_new (&self->columns));
  tdbg_ui_remember_list_item (item);
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

static void
define_column (TdbgTracePane *self, Column col, const char *title, gboolean expand, int width)
{
  self->column_defs[col] = (TdbgTraceColumn) {
    .title = title,
    .width = width,
    .expand = expand,
    .xalign = col == COL_TENSOR || col == COL_TYPE || col == COL_DEVICE ? 0.0f : 1.0f,
    .numeric = col == COL_INDEX || col >= COL_SIZE,
    .tooltip = col == COL_TENSOR || col == COL_DEVICE,
    /* Op names differ at their ends; the rest cut at the end. */
    .ellipsize = col == COL_TENSOR ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END,
  };
}

/* The columns' geometry changed: the rows on show take it (rows put aside catch up when
 * bound again). */
static void
relayout_rows (TdbgTracePane *self)
{
  GHashTableIter iter;
  gpointer row;

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    {
      gtk_widget_queue_resize (row);
      gtk_widget_queue_draw (row);
    }
}

/* Shows the columns with @show set. */
static void
show_columns (TdbgTracePane *self, const gboolean *show)
{
  tdbg_trace_columns_set_shown (&self->columns, show);
  tdbg_trace_header_update (self->header);
  relayout_rows (self);
}

/* The list's geometry: FALSE until it is laid out. The rows all have one height, so the
 * adjustment's range places every one of them exactly. */
static gboolean
list_geometry (TdbgTracePane *self, double *row_height, double *value, double *page, double *upper)
{
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  *upper = gtk_adjustment_get_upper (vadj);
  *page = gtk_adjustment_get_page_size (vadj);
  *value = gtk_adjustment_get_value (vadj);
  *row_height = n ? *upper / n : 0;
  return n > 0 && *page > 0 && *row_height > 0 && gtk_widget_get_height (GTK_WIDGET (self->list_view)) > 0;
}

static gboolean
in_view (TdbgTracePane *self, guint position)
{
  double row_height, value, page, upper;

  return list_geometry (self, &row_height, &value, &page, &upper) && position * row_height >= value &&
         (position + 1) * row_height <= value + page;
}

/* Places the row; FALSE while the list is not laid out yet. A row to be centred, or out of
 * view, comes to the middle of the list, with its neighbours (the op's inputs just above it,
 * what follows below) in view too; a row in view otherwise stays where it is. The list scrolls
 * itself (GTK 4.8's list view loses its rows when its adjustment is set before its first
 * layout): the row half a page below or above is brought to the edge, which puts this one in
 * the middle. */
static gboolean
scroll_now (TdbgTracePane *self, guint position, gboolean centre)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows)), half, target = position;
  double row_height, value, page, upper, middle, row_middle;

  if (!list_geometry (self, &row_height, &value, &page, &upper))
    {
      gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
      return FALSE;
    }
  if (!centre && in_view (self, position))
    return TRUE;
  half = (guint) (page / row_height / 2);
  middle = value + page / 2;
  row_middle = (position + 0.5) * row_height;
  if (row_middle > middle + row_height / 2)
    target = MIN (position + half, n - 1);
  else if (row_middle < middle - row_height / 2)
    target = position > half ? position - half : 0;
  else
    return TRUE;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", target);
  return TRUE;
}

/* Scrolls again over the next frames: right after the model changed, or before the window is
 * first laid out, the rows are not placed yet and the first scroll lands short. */
static gboolean
scroll_again_cb (gpointer data)
{
  TdbgTracePane *self = data;
  gboolean placed = FALSE;

  if (self->scroll_pos < g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    placed = scroll_now (self, self->scroll_pos, self->scroll_centre);
  if (placed)
    self->scroll_tries++;
  else
    self->scroll_waits++;
  if (self->scroll_tries < 3 && self->scroll_waits < 250)
    return G_SOURCE_CONTINUE;
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

/* A row out of view is centred; a row in view stays where it is (under the pointer). */
static void
scroll_to (TdbgTracePane *self, guint position)
{
  self->scroll_centre = !in_view (self, position);
  self->scroll_pos = position;
  self->scroll_tries = 0;
  self->scroll_waits = 0;
  scroll_now (self, position, self->scroll_centre);
  if (self->scroll_id == 0)
    self->scroll_id = g_timeout_add (40, scroll_again_cb, self);
}

static void show_details (TdbgTracePane *self, guint32 trace);

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
    scroll_to (self, pos);
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

static void
show_title (TdbgTracePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autofree char *title = NULL;
  guint n_all = logdir ? tdbg_logdir_get_n_traces (logdir) : 0;
  guint n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  if (n_rows == n_all)
    title = g_strdup_printf (_("Graph Execution (%u)"), n_all);
  else
    /* Translators: shown rows of all traces */
    title = g_strdup_printf (_("Graph Execution (%u of %u)"), n_rows, n_all);
  gtk_label_set_text (self->title_label, title);
}

static void
set_rows (TdbgTracePane *self, TdbgIndexModel *rows)
{
  g_set_object (&self->rows, rows);
  self->updating = TRUE;
  gtk_single_selection_set_model (self->model, G_LIST_MODEL (rows));
  self->updating = FALSE;
  show_title (self);
  sync_from_selection (self);
  g_signal_emit (self, signals[FILTERED], 0);
}

/* A filter: run over all traces off the main thread (holding the logdir's read lock, as a
 * followed logdir grows on the main thread), then over each appended range on the main
 * thread. Shared by the pane and its worker, hence counted atomically. */
typedef struct _FilterJob {
  TdbgLogdir *logdir;
  GRegex *regex;
  char *op_type;
  char *device;
  gboolean alerting_only;
  gint device_id;       /* the device's interned id, -1 until a trace names it */
  GArray *op_state;     /* guint8 per op: 0 not looked at yet, 1 matches, 2 does not */
  guint n_filtered;     /* traces 0..n_filtered-1 have been looked at */
  gboolean done;        /* the worker has finished: appended ranges are the pane's to filter */
} FilterJob;

static void
filter_job_clear (FilterJob *job)
{
  g_clear_object (&job->logdir);
  g_clear_pointer (&job->regex, g_regex_unref);
  g_free (job->op_type);
  g_free (job->device);
  g_array_unref (job->op_state);
}

static void
filter_job_unref (FilterJob *job)
{
  g_atomic_rc_box_release_full (job, (GDestroyNotify) filter_job_clear);
}

static gboolean
op_matches (FilterJob *job, guint32 op)
{
  guint n_ops = tdbg_logdir_get_n_ops (job->logdir);
  guint8 *state;

  if (op >= n_ops)
    return FALSE;
  if (job->op_state->len < n_ops)
    g_array_set_size (job->op_state, n_ops);
  state = &g_array_index (job->op_state, guint8, op);
  if (*state == 0)
    {
      const TdbgOp *o = tdbg_logdir_get_op (job->logdir, op);
      gboolean ok = (job->regex == NULL || g_regex_match (job->regex, o->op_name, 0, NULL)) &&
                    (job->op_type == NULL || g_strcmp0 (job->op_type, o->op_type) == 0);
      *state = ok ? 1 : 2;
    }
  return *state == 1;
}

static gboolean
trace_matches (FilterJob *job, const TdbgTraceDigest *d)
{
  if (!op_matches (job, d->op))
    return FALSE;
  if (job->alerting_only && !(d->flags & TDBG_DIGEST_HAS_INF_NAN))
    return FALSE;
  if (job->device)
    {
      if (job->device_id < 0 && g_strcmp0 (tdbg_logdir_get_string (job->logdir, d->device), job->device) == 0)
        job->device_id = d->device;
      if (d->device != job->device_id)
        return FALSE;
    }
  return TRUE;
}

/* The matching traces among those not looked at yet, up to the logdir's end. */
static GArray *
filter_more (FilterJob *job, GCancellable *cancellable)
{
  guint n = tdbg_logdir_get_n_traces (job->logdir);
  GArray *indices = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = job->n_filtered; i < n; i++)
    {
      if ((i & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))
        break;
      if (trace_matches (job, tdbg_logdir_get_trace (job->logdir, i)))
        g_array_append_val (indices, i);
    }
  job->n_filtered = n;
  return indices;
}

static void
filter_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  FilterJob *job = data;
  GArray *indices;

  tdbg_logdir_read_lock (job->logdir);
  indices = filter_more (job, cancellable);
  tdbg_logdir_read_unlock (job->logdir);
  if (g_task_return_error_if_cancelled (task))
    g_array_unref (indices);
  else
    g_task_return_pointer (task, indices, (GDestroyNotify) g_array_unref);
}

static void
filter_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (source);
  FilterJob *job = g_task_get_task_data (G_TASK (result));
  GArray *indices = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(GArray) appended = NULL;
  g_autoptr(TdbgIndexModel) rows = NULL;

  if (indices == NULL || job != self->filter)
    {
      g_clear_pointer (&indices, g_array_unref);
      return;
    }
  /* Traces appended while the worker ran. */
  job->done = TRUE;
  appended = filter_more (job, NULL);
  g_array_append_vals (indices, appended->data, appended->len);
  rows = tdbg_index_model_new_for_indices (indices);
  set_rows (self, rows);
}

static void
clear_filter (TdbgTracePane *self)
{
  g_cancellable_cancel (self->filter_cancellable);
  g_clear_object (&self->filter_cancellable);
  g_clear_pointer (&self->filter, filter_job_unref);
}

void
tdbg_trace_pane_set_filter (TdbgTracePane *self, const char *regex, const char *op_type, const char *device,
                            gboolean alerting_only)
{
  TdbgLogdir *logdir = logdir_of (self);
  FilterJob *job;
  GTask *task;

  clear_filter (self);
  if (regex == NULL || *regex == '\0')
    gtk_widget_remove_css_class (GTK_WIDGET (self->regex_entry), "error");
  if (logdir == NULL)
    return;
  if ((regex == NULL || *regex == '\0') && op_type == NULL && device == NULL && !alerting_only)
    {
      g_autoptr(TdbgIndexModel) rows = tdbg_index_model_new (tdbg_logdir_get_n_traces (logdir));
      set_rows (self, rows);
      return;
    }
  job = g_atomic_rc_box_new0 (FilterJob);
  job->logdir = g_object_ref (logdir);
  job->device_id = -1;
  job->op_state = g_array_sized_new (FALSE, TRUE, sizeof (guint8), tdbg_logdir_get_n_ops (logdir));
  if (regex && *regex)
    {
      job->regex = g_regex_new (regex, G_REGEX_OPTIMIZE | G_REGEX_CASELESS, 0, NULL);
      if (job->regex == NULL)
        {
          gtk_widget_add_css_class (GTK_WIDGET (self->regex_entry), "error");
          filter_job_unref (job);
          return;
        }
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->regex_entry), "error");
  job->op_type = g_strdup (op_type);
  job->device = g_strdup (device);
  job->alerting_only = alerting_only;
  self->filter = g_atomic_rc_box_acquire (job);
  self->filter_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->filter_cancellable, filter_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) filter_job_unref);
  g_task_run_in_thread (task, filter_thread);
  g_object_unref (task);
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
                              gtk_check_button_get_active (self->alerting_check));
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
render_tensor (TdbgTracePane *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->tensor_view);
  TdbgTensor tensor;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ranges = NULL;

  gtk_text_buffer_set_text (buffer, "", 0);
  if (self->shown_event == NULL)
    return;
  if (!tdbg_tensor_init (&tensor, self->shown_event->graph_execution_trace->tensor_proto, &error))
    {
      gtk_text_buffer_set_text (buffer, error->message, -1);
      return;
    }
  ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
  if (tdbg_tensor_parse_highlight (gtk_editable_get_text (GTK_EDITABLE (self->highlight_entry)), ranges))
    gtk_widget_remove_css_class (GTK_WIDGET (self->highlight_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->highlight_entry), "error");
  tdbg_tensor_text_fill (buffer, &tensor, gtk_editable_get_text (GTK_EDITABLE (self->slice_entry)), ranges);
}

static void
show_details (TdbgTracePane *self, guint32 trace)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  RowInfo *info;
  GString *s;

  g_clear_pointer (&self->shown_event, free_event);
  gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), FALSE);
  if (logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (logdir))
    {
      gtk_label_set_text (self->details_label, "");
      return;
    }
  d = tdbg_logdir_get_trace (logdir, trace);
  op = tdbg_logdir_get_op (logdir, d->op);
  info = get_info (self, trace);
  s = g_string_new (NULL);
  /* Translators: trace index, op name, output slot, op type, debug mode */
  g_string_printf (s, _("Trace %u: %s:%u (%s), %s"), trace, op->op_name, d->output_slot,
                   op->op_type ? op->op_type : "?", tdbg_debug_mode_name (d->mode));
  if (info->have_value && info->value.dtype > 0)
    g_string_append_printf (s, ", %s", tdbg_dtype_name (info->value.dtype));
  if (info->have_value && (info->value.shape_known || info->value.rank >= 0))
    {
      g_autofree char *shape = format_shape (&info->value);
      g_string_append_printf (s, " %s", shape);
    }
  if (info->have_value && info->value.counts_known)
    g_string_append_printf (s, _("; −∞ %.0f, +∞ %.0f, NaN %.0f, − %.0f, 0 %.0f, + %.0f"),
                            (double) info->value.counts.neg_inf, (double) info->value.counts.pos_inf,
                            (double) info->value.counts.nan, (double) info->value.counts.neg,
                            (double) info->value.counts.zero, (double) info->value.counts.pos);
  gtk_label_set_text (self->details_label, s->str);
  g_string_free (s, TRUE);

  if (d->mode == TDBG_MODE_FULL_TENSOR)
    {
      self->shown_event = tdbg_logdir_read_trace (logdir, trace, NULL);
      if (self->shown_event && self->shown_event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE &&
          self->shown_event->graph_execution_trace->tensor_proto)
        {
          gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), TRUE);
          render_tensor (self);
        }
    }
}

static void
fill_dropdown (GtkStringList *list, const char *all, GPtrArray *names)
{
  g_ptr_array_insert (names, 0, (gpointer) all);
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)), (const char *const *) names->pdata);
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* Op types that have traces. */
static void
collect_types (TdbgLogdir *logdir, GHashTable *set)
{
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      if (op->op_type && op->first_trace != TDBG_NONE)
        g_hash_table_add (set, op->op_type);
    }
}

/* Devices named by traces @from..@to-1: every trace's interned id (16 bits) marked in a
 * table, a tight loop over the digests rather than a hash table insertion per trace. */
static void
collect_devices (TdbgLogdir *logdir, guint from, guint to, GHashTable *set)
{
  g_autofree guint8 *seen = g_new0 (guint8, G_MAXUINT16 + 1);

  for (guint i = from; i < to; i++)
    seen[tdbg_logdir_get_trace (logdir, i)->device] = 1;
  for (guint id = 0; id <= G_MAXUINT16; id++)
    if (seen[id])
      {
        const char *name = tdbg_logdir_get_string (logdir, id);
        if (name && *name)
          g_hash_table_add (set, (gpointer) name);
      }
}

static GPtrArray *
sorted_keys (GHashTable *set)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, compare_strings);
  return keys;
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
  names = sorted_keys (set);
  for (guint i = 0; i < names->len; i++)
    gtk_string_list_append (list, g_ptr_array_index (names, i));
  return n - 1 + names->len;
}

static void
show_device_choice (TdbgTracePane *self, guint n_devices)
{
  gtk_widget_set_visible (GTK_WIDGET (self->device_dropdown), n_devices > 1);
}

/* New op types and devices join the drop-downs; a second device brings its column. */
static void
add_new_choices (TdbgTracePane *self, guint first_new_trace)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autoptr(GHashTable) types = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) devices = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_devices;

  collect_types (logdir, types);
  collect_devices (logdir, first_new_trace, tdbg_logdir_get_n_traces (logdir), devices);
  self->updating = TRUE;
  append_missing (self->types, types);
  n_devices = append_missing (self->devices, devices);
  self->updating = FALSE;
  show_device_choice (self, n_devices);
  if (n_devices > 1 && !tdbg_trace_columns_is_shown (&self->columns, COL_DEVICE))
    {
      gboolean show[N_COLS];
      for (guint c = 0; c < N_COLS; c++)
        show[c] = c == COL_DEVICE || tdbg_trace_columns_is_shown (&self->columns, c);
      show_columns (self, show);
    }
}

/* The logdir grew: the rows grow by the new traces the filter lets through. */
static void
tdbg_trace_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (pane);

  if (self->filter == NULL && tdbg_index_model_is_identity (self->rows))
    tdbg_index_model_grow (self->rows, tdbg_logdir_get_n_traces (logdir));
  else if (self->filter && self->filter->done)
    {
      g_autoptr(GArray) appended = filter_more (self->filter, NULL);
      tdbg_index_model_append_indices (self->rows, appended);
    }
  show_title (self);
  add_new_choices (self, before->traces);
}

static void
tdbg_trace_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (pane);
  guint modes = logdir ? tdbg_logdir_get_modes (logdir) : 0;
  g_autoptr(GHashTable) type_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) device_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) types = NULL;
  g_autoptr(GPtrArray) devices = NULL;
  guint n = logdir ? tdbg_logdir_get_n_traces (logdir) : 0;
  gboolean health = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_CONCISE_HEALTH) |
                             (1 << TDBG_MODE_FULL_TENSOR));
  gboolean full = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_FULL_TENSOR));
  gboolean shapes = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_SHAPE) | (1 << TDBG_MODE_FULL_TENSOR));
  guint n_devices;

  g_hash_table_remove_all (self->cache);
  clear_filter (self);

  if (logdir)
    {
      collect_types (logdir, type_set);
      collect_devices (logdir, 0, n, device_set);
    }
  types = sorted_keys (type_set);
  devices = sorted_keys (device_set);

  n_devices = devices->len;
  self->updating = TRUE;
  fill_dropdown (self->types, _("All op types"), types);
  fill_dropdown (self->devices, _("All devices"), devices);
  gtk_drop_down_set_selected (self->type_dropdown, 0);
  gtk_drop_down_set_selected (self->device_dropdown, 0);
  gtk_editable_set_text (GTK_EDITABLE (self->regex_entry), "");
  gtk_check_button_set_active (self->alerting_check, FALSE);
  self->updating = FALSE;

  show_device_choice (self, n_devices);
  {
    gboolean show[N_COLS] = {
      [COL_INDEX] = TRUE, [COL_TENSOR] = TRUE, [COL_TYPE] = TRUE, [COL_DEVICE] = n_devices > 1,
      [COL_DTYPE] = shapes || full, [COL_SHAPE] = shapes, [COL_SIZE] = health || shapes,
      [COL_NEG_INF] = health, [COL_POS_INF] = health, [COL_NAN] = health,
      [COL_NEG] = full, [COL_ZERO] = full, [COL_POS] = full,
      [COL_HEALTH] = (modes & (1 << TDBG_MODE_CURT_HEALTH)) != 0,
    };
    show_columns (self, show);
  }

  {
    g_autoptr(TdbgIndexModel) rows = tdbg_index_model_new (n);
    set_rows (self, rows);
  }
  update_inputs (self);
}

static void
tdbg_trace_pane_dispose (GObject *object)
{
  TdbgTracePane *self = TDBG_TRACE_PANE (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  clear_filter (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_TRACE_PANE);
  g_clear_object (&self->rows);
  g_clear_object (&self->types);
  g_clear_object (&self->devices);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_pointer (&self->input_ops, g_hash_table_unref);
  g_clear_pointer (&self->shown_event, free_event);
  G_OBJECT_CLASS (tdbg_trace_pane_parent_class)->dispose (object);
}

static void
tdbg_trace_pane_class_init (TdbgTracePaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_trace_pane_dispose;
  pane_class->logdir_loaded = tdbg_trace_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_trace_pane_logdir_grew;
  pane_class->selection_changed = tdbg_trace_pane_selection_changed;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-trace-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, title_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, regex_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, type_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, device_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, alerting_check);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, goto_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, scroller);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, list_view);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, details_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, tensor_expander);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, slice_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, highlight_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTracePane, tensor_view);

  signals[FILTERED] = g_signal_new ("filtered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 0);
}

static void
tdbg_trace_pane_init (TdbgTracePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cache = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) row_info_free);
  self->bound = g_hash_table_new (NULL, NULL);
  self->rows = tdbg_index_model_new (0);
  /* Alt+3 (the window's win.focus-pane): the selected trace's row, else the list. */
  self->model = tdbg_pane_set_list (TDBG_PANE (self), self->list_view, G_LIST_MODEL (g_object_ref (self->rows)),
                                    G_CALLBACK (setup_cb), G_CALLBACK (bind_cb), G_CALLBACK (unbind_cb));
  g_signal_connect (self->model, "notify::selected", G_CALLBACK (model_selected_cb), self);
  tdbg_ui_name_drop_down (self->type_dropdown, _("Filter by op type"));
  tdbg_ui_name_drop_down (self->device_dropdown, _("Filter by device"));

  define_column (self, COL_INDEX, _("#"), FALSE, 56);
  define_column (self, COL_TENSOR, _("Tensor"), TRUE, 190);
  define_column (self, COL_TYPE, _("Op Type"), FALSE, 110);
  define_column (self, COL_DEVICE, _("Device"), FALSE, 150);
  define_column (self, COL_DTYPE, _("DType"), FALSE, 70);
  define_column (self, COL_SHAPE, _("Shape"), FALSE, 80);
  define_column (self, COL_SIZE, _("Size"), FALSE, 70);
  define_column (self, COL_NEG_INF, "−∞", FALSE, 56);
  define_column (self, COL_POS_INF, "+∞", FALSE, 56);
  define_column (self, COL_NAN, "NaN", FALSE, 72);
  define_column (self, COL_NEG, "−", FALSE, 72);
  define_column (self, COL_ZERO, "0", FALSE, 72);
  define_column (self, COL_POS, "+", FALSE, 72);
  define_column (self, COL_HEALTH, _("∞/NaN"), FALSE, 96);
  tdbg_trace_columns_init (&self->columns, self->column_defs, N_COLS, column_text_cb, self);
  self->header = TDBG_TRACE_HEADER (tdbg_trace_header_new (&self->columns));
  gtk_widget_insert_before (GTK_WIDGET (self->header), GTK_WIDGET (self), GTK_WIDGET (self->scroller));
  tdbg_trace_header_set_hadjustment (self->header, gtk_scrolled_window_get_hadjustment (self->scroller));
  g_signal_connect_swapped (self->header, "resized", G_CALLBACK (relayout_rows), self);

  self->types = gtk_string_list_new (NULL);
  self->devices = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->type_dropdown, G_LIST_MODEL (self->types));
  gtk_drop_down_set_model (self->device_dropdown, G_LIST_MODEL (self->devices));
  {
    /* The drop-down takes its own reference. */
    g_autoptr(GtkExpression) label = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
    gtk_drop_down_set_expression (self->type_dropdown, label);
  }

  g_signal_connect_swapped (self->regex_entry, "search-changed", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->type_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->device_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->alerting_check, "toggled", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect (self->goto_entry, "activate", G_CALLBACK (goto_cb), self);
  g_signal_connect_swapped (self->slice_entry, "changed", G_CALLBACK (render_tensor), self);
  g_signal_connect_swapped (self->highlight_entry, "changed", G_CALLBACK (render_tensor), self);
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
