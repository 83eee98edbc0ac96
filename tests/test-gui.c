/* The window under Xvfb: the core path alert → trace → graph → frame → source line, clicks
 * in the graph (also zoomed and panned), the Graph Execution filters and "go to", the
 * FULL_TENSOR viewer, loading progress and Cancel, every reference logdir, and graph
 * export. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
#include "gui-util.h"
#include "tdbg-cell.h"
#include "tdbg-row.h"
#include "tdbg-tensor-text.h"
#include "tdbg-window.h"
#include "tdbg-graph-export.h"
#include "tdbg-ui.h"
#include "tdbg-error.h"

static char *logdirs_root;
static char *shots_dir;

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

typedef gboolean (*Cond) (gpointer data);

static gboolean
wait_until (Cond cond, gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  guint tick = g_timeout_add (10, tick_cb, NULL);
  gboolean ok;

  while (!(ok = cond (data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return ok;
}

static gboolean
always_false (gpointer data)
{
  return FALSE;
}

static void
spin (guint ms)
{
  wait_until (always_false, NULL, ms);
}

static void
screenshot (GtkWidget *window, const char *name)
{
  g_autofree char *path = g_build_filename (shots_dir, name, NULL);

  gui_screenshot (window, path);
}

static TdbgWindow *
open_window (const char *relative)
{
  g_autofree char *path = g_build_filename (logdirs_root, relative, NULL);

  return gui_open_window (path);
}

static guint32
find_op (TdbgLogdir *logdir, const char *name)
{
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    if (g_strcmp0 (tdbg_logdir_get_op (logdir, i)->op_name, name) == 0)
      return i;
  return TDBG_NONE;
}

typedef struct {
  TdbgGraphPane *pane;
  guint32 op;
} GraphWait;

static gboolean
graph_shows (gpointer data)
{
  GraphWait *w = data;
  return tdbg_graph_pane_get_shown_op (w->pane) == w->op &&
         tdbg_graph_view_get_layout (tdbg_graph_pane_get_view (w->pane)) != NULL;
}

static gboolean
source_scrolled (gpointer data)
{
  GtkTextView *view = data;
  GdkRectangle visible;
  GtkTextIter iter;
  int y, height;

  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (view), &iter, 82);
  gtk_text_view_get_line_yrange (view, &iter, &y, &height);
  return visible.height > 0 && y >= visible.y && y + height <= visible.y + visible.height;
}

static void
test_core_path (void)
{
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgSourcePane *source = tdbg_window_get_source_pane (window);
  guint32 log_op, logits_op;
  GPtrArray *frames;
  const TdbgStackFrame *frame;
  const TdbgSourceFile *sf;
  GraphWait gw;
  double x, y;
  gint64 t0, t1;

  g_assert_nonnull (logdir);
  g_assert_null (tdbg_window_get_load_error (window));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);
  screenshot (GTK_WIDGET (window), "loaded.png");

  /* The first NaN/∞ alert, as its row's button does. */
  t0 = g_get_monotonic_time ();
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  t1 = g_get_monotonic_time ();
  /* Reported, not asserted: time budgets live in the GUI benchmark. */
  g_test_message ("alert → trace → stack → source line: %.2f ms (layout follows on its thread)", (t1 - t0) / 1000.0);

  g_assert_cmpint (tdbg_selection_get_alert (sel), ==, 0);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (tdbg_window_get_trace_pane (window)), ==, 103);
  log_op = tdbg_selection_get_op (sel);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, log_op)->op_name, ==, "Log");
  logits_op = find_op (logdir, "logits");
  g_assert_cmpuint (logits_op, !=, TDBG_NONE);

  /* Graph Structure: Log, with its input logits. */
  gw = (GraphWait) { graph, log_op };
  g_assert_true (wait_until (graph_shows, &gw, 10000));
  g_assert_nonnull (tdbg_graph_pane_get_node_name (graph, log_op));
  g_assert_nonnull (tdbg_graph_pane_get_node_name (graph, logits_op));

  /* Stack Trace: the innermost user frame, train_mlp.py line 83. */
  frames = tdbg_stack_pane_get_frames (tdbg_window_get_stack_pane (window));
  g_assert_nonnull (frames);
  g_assert_cmpint (tdbg_selection_get_frame (sel), >=, 0);
  frame = g_ptr_array_index (frames, tdbg_selection_get_frame (sel));
  g_assert_false (frame->is_library);
  g_assert_true (g_str_has_suffix (frame->file_path, "train_mlp.py"));
  g_assert_cmpint (frame->line, ==, 83);

  /* Source Code: the file, scrolled, with line 83 marked and the caret on it. */
  g_assert_cmpuint (tdbg_source_pane_get_file (source), !=, TDBG_NONE);
  sf = tdbg_logdir_get_source_file (logdir, tdbg_source_pane_get_file (source));
  g_assert_cmpstr (sf->file_path, ==, "/home/priya/mnist-nan/train_mlp.py");
  g_assert_cmpint (tdbg_source_pane_get_marked_line (source), ==, 83);
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (tdbg_source_pane_get_view (source)));
    GtkTextIter iter;
    gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
    g_assert_cmpint (gtk_text_iter_get_line (&iter), ==, 82);
  }
  g_assert_true (wait_until (source_scrolled, tdbg_source_pane_get_view (source), 5000));
  screenshot (GTK_WIDGET (window), "first-alert.png");

  /* "Click" the logits node: the handler a click runs, at that node's centre. */
  g_assert_true (tdbg_graph_view_get_node_center (tdbg_graph_pane_get_view (graph),
                                                  tdbg_graph_pane_get_node_name (graph, logits_op), &x, &y));
  g_assert_cmpstr (tdbg_graph_view_node_at (tdbg_graph_pane_get_view (graph), x, y), ==,
                   tdbg_graph_pane_get_node_name (graph, logits_op));
  g_assert_true (tdbg_graph_view_click (tdbg_graph_pane_get_view (graph), x, y));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, logits_op);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 101);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (tdbg_window_get_trace_pane (window)), ==, 101);
  gw = (GraphWait) { graph, logits_op };
  g_assert_true (wait_until (graph_shows, &gw, 10000));
  screenshot (GTK_WIDGET (window), "clicked-logits.png");

  /* Next/previous alert. */
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_NEXT);
  g_assert_cmpint (tdbg_selection_get_alert (sel), ==, 1);
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_PREVIOUS);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);

  /* An eager execution from the timeline. */
  if (tdbg_logdir_get_n_executions (logdir) > 5)
    {
      tdbg_selection_select_execution (sel, 5);
      spin (100);
      g_assert_cmpint (tdbg_selection_get_focus (sel), ==, TDBG_FOCUS_EXECUTION);
      screenshot (GTK_WIDGET (window), "execution.png");
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  gboolean done;
  gboolean ok;
  char *message;
} ExportWait;

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ExportWait *w = data;
  GError *error = NULL;

  w->ok = tdbg_graph_pane_export_finish (TDBG_GRAPH_PANE (source), result, &error);
  if (error)
    w->message = g_strdup (error->message);
  g_clear_error (&error);
  w->done = TRUE;
}

static gboolean
export_finished (gpointer data)
{
  return ((ExportWait *) data)->done;
}

static void
check_signature (const char *path, const char *format)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 100);
  if (g_str_equal (format, "png"))
    g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  else if (g_str_equal (format, "pdf"))
    g_assert_cmpmem (contents, 5, "%PDF-", 5);
  else
    {
      g_assert_nonnull (strstr (contents, "<svg"));
      g_assert_nonnull (strstr (contents, ">Log<"));
      g_assert_nonnull (strstr (contents, ">logits<"));
    }
}

static void
test_export (void)
{
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  static const char *formats[] = { "png", "svg", "pdf" };
  GraphWait gw;

  tdbg_selection_select_trace (sel, 103);
  gw = (GraphWait) { graph, tdbg_selection_get_op (sel) };
  g_assert_true (wait_until (graph_shows, &gw, 10000));

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("graph-window.%s", formats[i]);
      g_autofree char *path = g_build_filename (shots_dir, name, NULL);
      ExportWait w = { FALSE, FALSE, NULL };

      g_remove (path);
      tdbg_graph_pane_export_async (graph, formats[i], path, export_done_cb, &w);
      g_assert_true (wait_until (export_finished, &w, 20000));
      if (!w.ok)
        g_test_message ("export failed: %s", w.message);
      g_assert_true (w.ok);
      check_signature (path, formats[i]);
      g_free (w.message);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Graph Structure: zoom, pan, clicks at any zoom, depth remembered ---- */

typedef struct {
  TdbgGraphPane *pane;
  guint inputs;
} DepthWait;

static void
close_window (TdbgWindow *window)
{
  /* As the window manager's close button: the window saves its settings. */
  gtk_window_close (GTK_WINDOW (window));
  spin (50);
}

/* The window's settings file: the other tests start without one. */
static void
remove_settings (void)
{
  g_autofree char *path = g_build_filename (g_get_user_config_dir (), "tfdbg-gtk", "window.ini", NULL);
  g_remove (path);
}

static void
test_graph_zoom_pan (void)
{
  TdbgWindow *window = (remove_settings (), open_window ("tutorial_mnist/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgGraphView *view = tdbg_graph_pane_get_view (graph);
  guint32 log_op, logits_op;
  g_autofree char *logits_name = NULL;
  GraphWait gw;
  double fit_scale, fx, fy, zx, zy, x, y;
  int w, h;
  guint inputs, consumers;

  tdbg_selection_select_trace (sel, 103);
  log_op = tdbg_selection_get_op (sel);
  logits_op = find_op (logdir, "logits");
  gw = (GraphWait) { graph, log_op };
  g_assert_true (wait_until (graph_shows, &gw, 10000));
  spin (100);
  g_assert_true (tdbg_graph_view_get_fit (view));
  fit_scale = tdbg_graph_view_get_scale (view);
  logits_name = g_strdup (tdbg_graph_pane_get_node_name (graph, logits_op));
  g_assert_nonnull (logits_name);
  g_assert_true (tdbg_graph_view_get_node_center (view, logits_name, &fx, &fy));

  /* Zoom in with the pane's + button (twice), then pan as a drag and as the arrow keys do. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (graph), "graph.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (graph), "graph.zoom-in", NULL));
  g_assert_false (tdbg_graph_view_get_fit (view));
  g_assert_cmpfloat (tdbg_graph_view_get_scale (view), >, fit_scale * 1.5);
  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_true (tdbg_graph_view_get_node_center (view, logits_name, &zx, &zy));
  /* Zoomed about the centre of the view. */
  g_assert_cmpfloat_with_epsilon (zx - w / 2.0, (fx - w / 2.0) * tdbg_graph_view_get_scale (view) / fit_scale, 0.5);
  g_assert_cmpfloat_with_epsilon (zy - h / 2.0, (fy - h / 2.0) * tdbg_graph_view_get_scale (view) / fit_scale, 0.5);
  /* Pan logits to (0.3 w, 0.6 h): most of the way as a drag does, the rest with an arrow key's step. */
  tdbg_graph_view_pan_by (view, 0.3 * w - zx + 40, 0.6 * h - zy);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.pan", "(dd)", -40.0, 0.0));
  spin (50);
  g_assert_true (tdbg_graph_view_get_node_center (view, logits_name, &x, &y));
  g_test_message ("logits centre: fitted (%.1f, %.1f), zoomed ×%.2f (%.1f, %.1f), panned (%.1f, %.1f), view %d×%d",
                  fx, fy, tdbg_graph_view_get_scale (view) / fit_scale, zx, zy, x, y, w, h);
  g_assert_cmpfloat_with_epsilon (x, 0.3 * w, 0.5);
  g_assert_cmpfloat_with_epsilon (y, 0.6 * h, 0.5);
  g_assert_cmpfloat (fabs (x - fx) + fabs (y - fy), >, 10);
  g_assert_cmpstr (tdbg_graph_view_node_at (view, x, y), ==, logits_name);
  screenshot (GTK_WIDGET (window), "graph-zoomed.png");

  /* A click at the transformed centre moves the selection to logits. */
  g_assert_true (tdbg_graph_view_click (view, x, y));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, logits_op);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 101);
  gw = (GraphWait) { graph, logits_op };
  g_assert_true (wait_until (graph_shows, &gw, 10000));
  /* A new neighbourhood starts fitted. */
  g_assert_true (tdbg_graph_view_get_fit (view));

  /* Zoom out, then the fit button. */
  fit_scale = tdbg_graph_view_get_scale (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (graph), "graph.zoom-out", NULL));
  g_assert_cmpfloat (tdbg_graph_view_get_scale (view), <, fit_scale);
  tdbg_graph_view_zoom_by (view, 3.0, 10, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (graph), "graph.zoom-fit", NULL));
  g_assert_true (tdbg_graph_view_get_fit (view));
  g_assert_cmpfloat_with_epsilon (tdbg_graph_view_get_scale (view), fit_scale, 1e-9);

  /* Depth: deeper consumers show more ops; the window remembers the depths. */
  {
    guint n_before = tdbg_graph_view_get_layout (view)->nodes->len;
    tdbg_graph_pane_set_depths (graph, 1, 3);
    g_assert_true (wait_until (graph_shows, &gw, 10000));
    g_assert_cmpuint (tdbg_graph_view_get_layout (view)->nodes->len, >, n_before);
  }
  close_window (window);

  window = open_window ("tutorial_mnist/logdir");
  tdbg_graph_pane_get_depths (tdbg_window_get_graph_pane (window), &inputs, &consumers);
  g_assert_cmpuint (inputs, ==, 1);
  g_assert_cmpuint (consumers, ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_settings ();
}

/* ---- Graph Execution: filters and "go to" ---- */

typedef struct {
  TdbgTracePane *pane;
  guint filtered;
} FilterWait;

static void
filtered_cb (TdbgTracePane *pane, FilterWait *w)
{
  w->filtered++;
}

typedef struct {
  FilterWait *fw;
  guint after;
} FilteredSince;

static gboolean
filtered_since (gpointer data)
{
  FilteredSince *f = data;
  return f->fw->filtered > f->after;
}

/* Changes a filter with @change and waits for its result. */
static guint
filter_rows (FilterWait *fw, void (*change) (gpointer), gpointer data)
{
  FilteredSince f = { fw, fw->filtered };

  change (data);
  g_assert_true (wait_until (filtered_since, &f, 10000));
  return tdbg_trace_pane_get_n_rows (fw->pane);
}

typedef struct {
  GtkWidget *widget;
  const char *text;
  gboolean active;
  guint position;
} Change;

static void
set_editable (gpointer data)
{
  Change *c = data;
  gtk_editable_set_text (GTK_EDITABLE (c->widget), c->text);
}

static void
set_check (gpointer data)
{
  Change *c = data;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (c->widget), c->active);
}

static void
set_dropdown (gpointer data)
{
  Change *c = data;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (c->widget), c->position);
}

static guint
dropdown_position (GtkDropDown *dropdown, const char *text)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
      if (g_str_equal (gtk_string_object_get_string (item), text))
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Counts from the digests, as the filters are specified. */
static guint
count_traces (TdbgLogdir *logdir, GRegex *regex, const char *op_type, gboolean alerting_only)
{
  guint n = 0;

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, d->op);
      if (regex && !g_regex_match (regex, op->op_name, 0, NULL))
        continue;
      if (op_type && g_strcmp0 (op->op_type, op_type) != 0)
        continue;
      if (alerting_only && !(d->flags & TDBG_DIGEST_HAS_INF_NAN))
        continue;
      n++;
    }
  return n;
}

/* The search entry reports changes after a delay: wait for its mark rather than a fixed time. */
static gboolean
entry_marked (gpointer entry)
{
  return gtk_widget_has_css_class (entry, "error");
}

static gboolean
entry_unmarked (gpointer entry)
{
  return !gtk_widget_has_css_class (entry, "error");
}

static void
test_filters (void)
{
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *regex_entry = gui_find_editable (GTK_WIDGET (pane), "Op name (regular expression)");
  GtkWidget *check = gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_CHECK_BUTTON);
  GtkDropDown *types = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_DROP_DOWN));
  g_autoptr(GRegex) regex = g_regex_new ("mat", G_REGEX_CASELESS, 0, NULL);
  guint n = tdbg_logdir_get_n_traces (logdir);
  guint by_regex = count_traces (logdir, regex, NULL, FALSE);
  guint by_type = count_traces (logdir, NULL, "MatMul", FALSE);
  guint alerting = count_traces (logdir, NULL, NULL, TRUE);
  guint both = count_traces (logdir, regex, NULL, TRUE);
  FilterWait fw = { pane, 0 };
  Change c;
  g_autofree char *title = NULL;

  g_assert_nonnull (regex_entry);
  g_assert_nonnull (check);
  g_assert_nonnull (types);
  g_test_message ("traces %u: /mat/i %u, MatMul %u, alerting %u, /mat/i and alerting %u", n, by_regex, by_type,
                  alerting, both);
  /* The counts must tell the filters apart. */
  g_assert_cmpuint (by_regex, >, 0);
  g_assert_cmpuint (by_regex, <, n);
  g_assert_cmpuint (by_type, >, 0);
  g_assert_cmpuint (by_type, <, by_regex);
  g_assert_cmpuint (alerting, ==, tdbg_logdir_get_n_inf_nan_traces (logdir));
  g_assert_cmpuint (both, <, alerting);
  g_signal_connect (pane, "filtered", G_CALLBACK (filtered_cb), &fw);

  c = (Change) { regex_entry, "mat", FALSE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_editable, &c), ==, by_regex);
  title = g_strdup_printf ("Graph Execution (%u of %u)", by_regex, n);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), title, FALSE));

  c = (Change) { check, NULL, TRUE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_check, &c), ==, both);
  screenshot (GTK_WIDGET (window), "filtered.png");

  c = (Change) { regex_entry, "", FALSE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_editable, &c), ==, alerting);

  c = (Change) { check, NULL, FALSE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_check, &c), ==, n);

  c = (Change) { GTK_WIDGET (types), NULL, FALSE, dropdown_position (types, "MatMul") };
  g_assert_cmpuint (c.position, !=, GTK_INVALID_LIST_POSITION);
  g_assert_cmpuint (filter_rows (&fw, set_dropdown, &c), ==, by_type);
  {
    /* Every row shown is a MatMul trace. */
    GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (tdbg_trace_pane_get_column_view (pane)));
    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr(TdbgRow) row = g_list_model_get_item (rows, i);
        const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, tdbg_row_get_index (row));
        g_assert_cmpstr (tdbg_logdir_get_op (logdir, d->op)->op_type, ==, "MatMul");
      }
  }

  c = (Change) { GTK_WIDGET (types), NULL, FALSE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_dropdown, &c), ==, n);
  g_free (title);
  title = g_strdup_printf ("Graph Execution (%u)", n);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), title, FALSE));

  /* A regular expression that does not compile marks the entry and keeps the rows. */
  gtk_editable_set_text (GTK_EDITABLE (regex_entry), "(");
  g_assert_true (wait_until (entry_marked, regex_entry, 10000));
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, n);
  gtk_editable_set_text (GTK_EDITABLE (regex_entry), "");
  g_assert_true (wait_until (entry_unmarked, regex_entry, 10000));

  g_signal_handlers_disconnect_by_func (pane, filtered_cb, &fw);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The cell of @column (0: the index) of the row showing @record, or NULL. */
static TdbgCell *
find_cell (GtkWidget *root, guint record, const char *text)
{
  if (TDBG_IS_CELL (root) && tdbg_cell_get_record (TDBG_CELL (root)) == record &&
      g_str_equal (tdbg_cell_get_text (TDBG_CELL (root)), text))
    return TDBG_CELL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      TdbgCell *found = find_cell (child, record, text);
      if (found)
        return found;
    }
  return NULL;
}

typedef struct {
  TdbgTracePane *pane;
  guint record;
} RowVisible;

/* The row of the record is in the list's visible area. */
static gboolean
row_visible (gpointer data)
{
  RowVisible *r = data;
  GtkListView *list = gui_list_view_of (tdbg_trace_pane_get_column_view (r->pane));
  g_autofree char *index_text = g_strdup_printf ("%u", r->record);
  TdbgCell *cell = find_cell (GTK_WIDGET (list), r->record, index_text);
  graphene_point_t p;

  if (cell == NULL || !gtk_widget_compute_point (GTK_WIDGET (cell), GTK_WIDGET (list), &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  return p.y >= 0 && p.y + gtk_widget_get_height (GTK_WIDGET (cell)) <= gtk_widget_get_height (GTK_WIDGET (list));
}

static void
test_goto (void)
{
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *entry = gui_find_editable (GTK_WIDGET (pane), "Go to #");
  RowVisible rv = { pane, 300 };
  const char *bad[] = { "abc", "-1", "99999999", "" };

  g_assert_nonnull (entry);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 400);
  g_assert_false (row_visible (&rv));
  gtk_editable_set_text (GTK_EDITABLE (entry), "300");
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 300);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, 300);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, tdbg_logdir_get_trace (logdir, 300)->op);
  /* Scrolled to it. */
  g_assert_true (wait_until (row_visible, &rv, 5000));

  /* The last one, then what is not an index. */
  {
    g_autofree char *last = g_strdup_printf ("%u", tdbg_logdir_get_n_traces (logdir) - 1);
    rv.record = tdbg_logdir_get_n_traces (logdir) - 1;
    gtk_editable_set_text (GTK_EDITABLE (entry), last);
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, rv.record);
    g_assert_true (wait_until (row_visible, &rv, 5000));
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gtk_editable_set_text (GTK_EDITABLE (entry), bad[i]);
      g_signal_emit_by_name (entry, "activate");
      g_assert_true (gtk_widget_has_css_class (entry, "error"));
      g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, rv.record);
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), "5");
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- FULL_TENSOR values: slicing and highlighting ---- */

/* The buffer's text, and its "tdbg-bad" spans joined by "|". */
static char *
highlighted_spans (GtkTextBuffer *buffer)
{
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "tdbg-bad");
  GString *out = g_string_new (NULL);
  GtkTextIter iter, end;

  gtk_text_buffer_get_start_iter (buffer, &iter);
  while (tag && !gtk_text_iter_is_end (&iter))
    {
      if (!gtk_text_iter_starts_tag (&iter, tag) && !gtk_text_iter_forward_to_tag_toggle (&iter, tag))
        break;
      if (!gtk_text_iter_starts_tag (&iter, tag))
        continue;
      end = iter;
      gtk_text_iter_forward_to_tag_toggle (&end, tag);
      g_autofree char *span = gtk_text_iter_get_text (&iter, &end);
      if (out->len)
        g_string_append_c (out, '|');
      g_string_append (out, span);
      iter = end;
    }
  return g_string_free (out, FALSE);
}

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

typedef struct {
  GtkTextBuffer *buffer;
  GtkWidget *slice;
  GtkWidget *highlight;
} Viewer;

static void
check_view (Viewer *v, const char *slice, const char *highlight, const char *text, const char *spans)
{
  g_autofree char *shown = NULL;
  g_autofree char *marked = NULL;

  gtk_editable_set_text (GTK_EDITABLE (v->slice), slice);
  gtk_editable_set_text (GTK_EDITABLE (v->highlight), highlight);
  shown = buffer_text (v->buffer);
  marked = highlighted_spans (v->buffer);
  g_test_message ("slice \"%s\", highlight \"%s\": \"%s\", highlighted \"%s\"", slice, highlight, shown, marked);
  g_assert_cmpstr (shown, ==, text);
  g_assert_cmpstr (marked, ==, spans);
}

static void
test_tensor_viewer (void)
{
  TdbgWindow *window = open_window ("modes/FULL_TENSOR");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkExpander *expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_EXPANDER));
  Viewer v;

  g_assert_nonnull (expander);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (expander)));

  /* Trace 3: Sqrt of [[3, -2, 0], [8, 18, -0.5]] = [[1.73205, nan, 0], [2.82843, 4.24264, nan]]. */
  tdbg_selection_select_trace (sel, 3);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  /* The expander holds its content only while expanded. */
  gtk_expander_set_expanded (expander, TRUE);
  v.slice = gui_find_editable (GTK_WIDGET (expander), "Slice, e.g. [0:50, :]");
  v.highlight = gui_find_editable (GTK_WIDGET (expander), "Highlight, e.g. nan, [-inf, -1]");
  g_assert_nonnull (v.slice);
  g_assert_nonnull (v.highlight);
  g_assert_nonnull (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
  v.buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW)));
  check_view (&v, "", "", "1.73205  nan  0.\n2.82843  4.24264  nan", "nan|nan");
  check_view (&v, "[0:1, :]", "", "1.73205  nan  0.", "nan");
  check_view (&v, "[:, 1]", "", "nan\n4.24264", "nan");
  check_view (&v, "[1, -2:]", "[4, 5]", "4.24264  nan", "4.24264");
  check_view (&v, "[0:1, :]", "nan, [-inf, -1]", "1.73205  nan  0.", "nan");
  check_view (&v, "[9:, :]", "", "(empty slice)", "");
  check_view (&v, "[0:1", "", "Not a slice: use the form [0:50, :]", "");
  check_view (&v, "[0:2, :]", "", "1.73205  nan  0.\n2.82843  4.24264  nan", "nan|nan");
  screenshot (GTK_WIDGET (window), "tensor-viewer.png");

  /* Trace 0: the input x = [[1.5, -2, 0], [4, 9, -0.5]]. */
  tdbg_selection_select_trace (sel, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  check_view (&v, "", "[-inf, -1]", "1.5  -2.  0.\n4.  9.  -0.5", "-2.");
  check_view (&v, "", "[[-inf, -1], [1, inf]]", "1.5  -2.  0.\n4.  9.  -0.5", "1.5|-2.|4.|9.");
  check_view (&v, "[:, 0]", "0, [-0.5, -0.5]", "1.5\n4.", "");
  check_view (&v, "[1, :]", "0, [-0.5, -0.5]", "4.  9.  -0.5", "-0.5");
  check_view (&v, "[0, :]", "0", "1.5  -2.  0.", "0.");
  g_assert_false (gtk_widget_has_css_class (v.highlight, "error"));
  /* A list that does not parse is marked; ∞ and NaN are highlighted meanwhile. */
  check_view (&v, "", "[1,", "1.5  -2.  0.\n4.  9.  -0.5", "");
  g_assert_true (gtk_widget_has_css_class (v.highlight, "error"));
  check_view (&v, "", "[[-inf, -1], [1, inf]]", "1.5  -2.  0.\n4.  9.  -0.5", "1.5|-2.|4.|9.");
  g_assert_false (gtk_widget_has_css_class (v.highlight, "error"));
  screenshot (GTK_WIDGET (window), "tensor-viewer-ranges.png");

  /* A trace of another mode hides the viewer. */
  gtk_editable_set_text (GTK_EDITABLE (v.highlight), "");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_highlight_parse (void)
{
  static const struct {
    const char *spec;
    gboolean ok;
    guint n;
  } cases[] = {
    { "", TRUE, 0 },
    { "nan", TRUE, 1 },
    { "NaN, inf, -inf", TRUE, 3 },
    { "[-inf, -1]", TRUE, 1 },
    { "[[-inf, -1], [1, inf]]", TRUE, 2 },
    { "nan [0,1] 5", TRUE, 3 },
    { "[1, 0]", FALSE, 0 },
    { "[1,", FALSE, 0 },
    { "[a, b]", FALSE, 0 },
    { "[1, 2, 3]", FALSE, 0 },
    { "x", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
      g_assert_cmpint (tdbg_tensor_parse_highlight (cases[i].spec, ranges), ==, cases[i].ok);
      g_assert_cmpuint (ranges->len, ==, cases[i].n);
    }
  {
    g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
    const TdbgHighlightRange *r;
    g_assert_true (tdbg_tensor_parse_highlight ("[[-inf, -1], [1, inf]]", ranges));
    r = &g_array_index (ranges, TdbgHighlightRange, 0);
    g_assert_true (isinf (r->lo) && r->lo < 0);
    g_assert_cmpfloat (r->hi, ==, -1);
    r = &g_array_index (ranges, TdbgHighlightRange, 1);
    g_assert_cmpfloat (r->lo, ==, 1);
    g_assert_true (isinf (r->hi) && r->hi > 0);
  }
}

/* ---- Loading progress and Cancel ---- */

static gboolean
progress_shown (gpointer data)
{
  GtkLabel *label = gui_find_label (data, "Loading: ", TRUE);
  return label && gtk_widget_is_visible (GTK_WIDGET (label));
}

typedef struct {
  gboolean painted;
} Painted;

static void
painted_cb (GdkFrameClock *clock, Painted *p)
{
  p->painted = TRUE;
}

static gboolean
was_painted (gpointer data)
{
  return ((Painted *) data)->painted;
}

static void
test_load_cancel (void)
{
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *dir = g_build_filename (builddir ? builddir : ".", "bench-logdir", NULL);
  g_autofree char *stamp = g_build_filename (dir, "bench-steps", NULL);
  g_autoptr(GFile) file = NULL;
  TdbgWindow *window;
  GtkProgressBar *bar;
  GtkLabel *label;
  Painted painted = { FALSE };
  GdkFrameClock *clock;
  gulong id;
  gint64 t0;

  /* The benchmarks' logdir (about 1,030,000 traces, 350 MB): big enough that loading shows
   * its progress before it ends. Written once, shared with bench-gui and bench-load. */
  if (!g_file_test (stamp, G_FILE_TEST_EXISTS))
    gui_ensure_demo_logdir (dir, 10000);
  file = g_file_new_for_path (dir);

  window = tdbg_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  spin (50);
  tdbg_window_open (window, file);
  g_assert_true (tdbg_window_is_loading (window));
  label = gui_find_label (GTK_WIDGET (window), "Loading…", FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));

  /* Progress: records and bytes, and the bar moves. */
  g_assert_true (wait_until (progress_shown, window, 10000));
  g_assert_true (tdbg_window_is_loading (window));
  bar = GTK_PROGRESS_BAR (gui_find_widget (GTK_WIDGET (window), GTK_TYPE_PROGRESS_BAR));
  g_test_message ("%s (%.0f%%)", gtk_label_get_text (gui_find_label (GTK_WIDGET (window), "Loading: ", TRUE)),
                  100 * gtk_progress_bar_get_fraction (bar));
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (bar), >, 0);
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (bar), <, 1);
  screenshot (GTK_WIDGET (window), "loading.png");

  /* Cancel, as the Cancel button and Escape do. */
  t0 = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_true (wait_until (gui_window_loaded, window, 5000));
  g_test_message ("the load stopped %.1f ms after Cancel", (g_get_monotonic_time () - t0) / 1000.0);
  label = gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (bar)));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_null (tdbg_window_get_load_error (window));

  /* Responsive: it draws a frame promptly, and opens another logdir. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);
  t0 = g_get_monotonic_time ();
  gtk_widget_queue_draw (GTK_WIDGET (window));
  g_assert_true (wait_until (was_painted, &painted, 1000));
  g_test_message ("next frame %.1f ms after asking", (g_get_monotonic_time () - t0) / 1000.0);
  g_signal_handler_disconnect (clock, id);
  screenshot (GTK_WIDGET (window), "cancelled.png");
  {
    g_autofree char *path = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
    g_autoptr(GFile) small = g_file_new_for_path (path);
    tdbg_window_open (window, small);
    g_assert_true (wait_until (gui_window_loaded, window, 30000));
    g_assert_nonnull (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
    g_assert_null (gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The counts EXPECTED.json states for one logdir ("counts" or "robust_reader_counts" of the
 * entry named @name), read with regular expressions: the tests need no JSON library. */
static gint64
expected_count (const char *scenario, const char *name, const char *counts_key, const char *key)
{
  g_autofree char *path = g_build_filename (logdirs_root, scenario, "EXPECTED.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  g_autofree char *counts_pattern = g_strdup_printf ("\"%s\": {", counts_key);
  g_autofree char *key_pattern = g_strdup_printf ("\"%s\":\\s*(-?[0-9]+)", key);
  g_autoptr(GRegex) regex = g_regex_new (key_pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  const char *entry, *counts, *end;
  g_autofree char *section = NULL;
  g_autofree char *number = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  entry = strstr (text, entry_pattern);
  g_assert_nonnull (entry);
  counts = strstr (entry, counts_pattern);
  g_assert_nonnull (counts);
  end = strchr (counts, '}');
  section = g_strndup (counts, end - counts);
  if (!g_regex_match (regex, section, 0, &match))
    return -1;
  number = g_match_info_fetch (match, 1);
  return g_ascii_strtoll (number, NULL, 10);
}

static gint64
expected_alerts (const char *scenario, const char *name)
{
  g_autofree char *path = g_build_filename (logdirs_root, scenario, "EXPECTED.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  const char *entry, *alerts;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  entry = strstr (text, entry_pattern);
  g_assert_nonnull (entry);
  alerts = strstr (entry, "\"num_alerts\":");
  if (alerts == NULL)
    return -1;
  return g_ascii_strtoll (alerts + strlen ("\"num_alerts\":"), NULL, 10);
}

typedef struct {
  const char *scenario;
  const char *name;       /* entry in EXPECTED.json */
  const char *dir;        /* relative to the scenario */
  gboolean corrupt;
} Corpus;

static void
test_logdir (gconstpointer data)
{
  const Corpus *c = data;
  g_autofree char *rel = g_build_filename (c->scenario, c->dir, NULL);
  TdbgWindow *window = open_window (rel);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  const char *counts_key = c->corrupt ? "robust_reader_counts" : "counts";
  gint64 traces = expected_count (c->scenario, c->name, counts_key, "graph_execution_traces");
  gint64 executions = expected_count (c->scenario, c->name, counts_key, "executions");
  g_autofree char *shot = NULL;

  if (logdir == NULL)
    {
      /* Unreadable as a whole: the window says why, and shows nothing. */
      g_test_message ("%s: %s", rel, tdbg_window_get_load_error (window));
      g_assert_nonnull (tdbg_window_get_load_error (window));
      g_assert_cmpint (traces, ==, 0);
    }
  else
    {
      gint64 alerts = c->corrupt ? -1 : expected_alerts (c->scenario, c->name);
      g_assert_cmpint (tdbg_trace_pane_get_n_rows (tdbg_window_get_trace_pane (window)), ==, traces);
      g_assert_cmpint (tdbg_logdir_get_n_executions (logdir), ==, executions);
      if (alerts >= 0)
        g_assert_cmpint (tdbg_logdir_get_n_alerts (logdir), ==, alerts);
      if (c->corrupt && !g_str_equal (c->name, "missing_metadata") && !g_str_equal (c->name, "empty_files"))
        g_assert_cmpstr (tdbg_window_get_problems_text (window), !=, "");
      /* Walk the core path on whatever is there. */
      if (tdbg_logdir_get_n_alerts (logdir) > 0)
        tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
      else if (tdbg_logdir_get_n_traces (logdir) > 0)
        tdbg_selection_select_trace (sel, 0);
      if (tdbg_selection_get_op (sel) != TDBG_NONE)
        {
          GraphWait gw = { tdbg_window_get_graph_pane (window), tdbg_selection_get_op (sel) };
          g_assert_true (wait_until (graph_shows, &gw, 10000));
        }
    }
  shot = g_strdup_printf ("%s-%s.png", c->scenario, c->name);
  screenshot (GTK_WIDGET (window), shot);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_headless_export (void)
{
  g_autofree char *path = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (path);
  g_autoptr(GError) error = NULL;
  static const char *formats[] = { "png", "svg", "pdf" };

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  /* Graphviz runs on the window's layout thread in the window tests; here (no window) the
   * test's own thread is the only one calling it, as in the command line. The layout thread
   * of earlier tests is idle by now, and this test runs last. */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("graph-headless.%s", formats[i]);
      g_autofree char *out = g_build_filename (shots_dir, name, NULL);
      g_assert_true (tdbg_graph_export_trace (logdir, 103, 1, formats[i], out, &error));
      g_assert_no_error (error);
      check_signature (out, formats[i]);
    }
  g_assert_false (tdbg_graph_export_trace (logdir, 103, 1, "gif", "/nonexistent", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  static const Corpus corpora[] = {
    { "modes", "NO_TENSOR", "NO_TENSOR", FALSE },
    { "modes", "CURT_HEALTH", "CURT_HEALTH", FALSE },
    { "modes", "CONCISE_HEALTH", "CONCISE_HEALTH", FALSE },
    { "modes", "FULL_HEALTH", "FULL_HEALTH", FALSE },
    { "modes", "SHAPE", "SHAPE", FALSE },
    { "modes", "FULL_TENSOR", "FULL_TENSOR", FALSE },
    { "multi_device", "logdir", "logdir", FALSE },
    { "multi_host", "logdir", "logdir", FALSE },
    { "tf1_graph_only", "logdir", "logdir", FALSE },
    { "corrupt", "bad_data_crc", "bad_data_crc", TRUE },
    { "corrupt", "bad_length_crc", "bad_length_crc", TRUE },
    { "corrupt", "huge_length", "huge_length", TRUE },
    { "corrupt", "empty_files", "empty_files", TRUE },
    { "corrupt", "missing_metadata", "missing_metadata", TRUE },
    { "corrupt", "garbage", "garbage", TRUE },
    { "corrupt", "not_a_proto", "not_a_proto", TRUE },
  };
  gui_test_init (&argc, &argv, &logdirs_root, &shots_dir);

  g_test_add_func ("/gui/core-path", test_core_path);
  g_test_add_func ("/gui/export", test_export);
  g_test_add_func ("/gui/graph-zoom-pan", test_graph_zoom_pan);
  g_test_add_func ("/gui/filters", test_filters);
  g_test_add_func ("/gui/goto", test_goto);
  g_test_add_func ("/gui/tensor-viewer", test_tensor_viewer);
  g_test_add_func ("/gui/highlight-parse", test_highlight_parse);
  g_test_add_func ("/gui/load-cancel", test_load_cancel);
  for (guint i = 0; i < G_N_ELEMENTS (corpora); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gui/logdir/%s/%s", corpora[i].scenario, corpora[i].name);
      g_test_add_data_func (name, &corpora[i], test_logdir);
    }
  g_test_add_func ("/gui/headless-export", test_headless_export);
  return g_test_run ();
}
