/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window under Xvfb: the core path alert → trace → graph → frame → source line, clicks
 * in the graph (also zoomed and panned), the Graph Execution filters and "go to", the
 * FULL_TENSOR viewer, loading progress and Cancel, following a run still being written,
 * every reference logdir, and graph export. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-row.h"
#include "tdbg-tensor-text.h"
#include "tdbg-settings.h"
#include "tdbg-window.h"
#include "tdbg-graph-export.h"
#include "tdbg-ui.h"
#include "tdbg-error.h"
#include "tdbg-local-source.h"
#include "gated-source.h"
#include "tdbg-records.h"

static char *logdirs_root;
static char *shots_dir;

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

/* Whether the 0-based @line is wholly in view. */
static gboolean
line_in_view (GtkTextView *view, int line)
{
  GdkRectangle visible;
  GtkTextIter iter;
  int y, height;

  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (view), &iter, line);
  gtk_text_view_get_line_yrange (view, &iter, &y, &height);
  return visible.height > 0 && y >= visible.y && y + height <= visible.y + visible.height;
}

static gboolean
source_scrolled (gpointer data)
{
  return line_in_view (data, 82);
}

static gboolean
marked_line_shown (gpointer window)
{
  TdbgSourcePane *pane = tdbg_window_get_source_pane (window);
  gint marked = tdbg_source_pane_get_marked_line (pane);

  return marked > 0 && line_in_view (GTK_TEXT_VIEW (tdbg_source_pane_get_view (pane)), marked - 1);
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
  g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
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
  g_assert_true (gui_wait_until (source_scrolled, tdbg_source_pane_get_view (source), 5000));
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
  g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
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
      gui_spin (100);
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
  g_assert_true (gui_wait_until (graph_shows, &gw, 10000));

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("graph-window.%s", formats[i]);
      g_autofree char *path = g_build_filename (shots_dir, name, NULL);
      ExportWait w = { FALSE, FALSE, NULL };

      g_remove (path);
      tdbg_graph_pane_export_async (graph, formats[i], path, export_done_cb, &w);
      g_assert_true (gui_wait_until (export_finished, &w, 20000));
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
  gui_spin (50);
}

/* The window's settings file: the other tests start without one. */
static void
remove_settings (void)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (char **k = keys; *k; k++)
    g_settings_reset (settings, *k);
}

/* Opening a logdir puts it first in the recent list; the list is capped, without repeats. */
static void
test_recents (void)
{
  g_autoptr(GSettings) settings = (remove_settings (), tdbg_settings_new ());
  g_autofree char *given = g_build_filename (logdirs_root, "tutorial_mnist/logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (given);
  g_autofree char *path = g_file_get_path (file); /* as the window names it: canonical */
  g_autoptr(GPtrArray) recents = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  TdbgWindow *window;
  const TdbgRecent *first;

  for (guint i = 0; i < TDBG_MAX_RECENTS + 5; i++)
    {
      g_autofree char *location = g_strdup_printf ("ssh://host%u/logdir", i);
      tdbg_recents_add (settings, location);
    }
  tdbg_recents_add (settings, "ssh://host3/logdir");
  window = open_window ("tutorial_mnist/logdir");
  recents = tdbg_recents_list (settings);
  g_assert_cmpuint (recents->len, ==, TDBG_MAX_RECENTS);
  first = g_ptr_array_index (recents, 0);
  g_assert_cmpstr (first->location, ==, path);
  g_assert_cmpint (first->last_opened, >=, now);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 1))->location, ==, "ssh://host3/logdir");
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 2))->location, ==, "ssh://host24/logdir");
  g_ptr_array_unref (g_steal_pointer (&recents));
  tdbg_recents_remove (settings, path);
  recents = tdbg_recents_list (settings);
  g_assert_cmpuint (recents->len, ==, TDBG_MAX_RECENTS - 1);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 0))->location, ==, "ssh://host3/logdir");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_settings ();
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
  g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
  gui_spin (100);
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
  gui_spin (50);
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
  g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
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
    g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
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
  g_assert_true (gui_wait_until (filtered_since, &f, 10000));
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
    GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (pane)));
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
  g_assert_true (gui_wait_until (entry_marked, regex_entry, 10000));
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, n);
  gtk_editable_set_text (GTK_EDITABLE (regex_entry), "");
  g_assert_true (gui_wait_until (entry_unmarked, regex_entry, 10000));

  g_signal_handlers_disconnect_by_func (pane, filtered_cb, &fw);
  gtk_window_destroy (GTK_WINDOW (window));
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
  GtkListView *list = tdbg_trace_pane_get_list_view (r->pane);
  g_autofree char *index_text = g_strdup_printf ("%u", r->record);
  TdbgTraceRow *row = tdbg_trace_pane_find_row (r->pane, r->record);
  graphene_point_t p;

  /* The row's first column, the index, reads the record; the list is laid out. */
  if (row == NULL || gtk_widget_get_height (GTK_WIDGET (list)) == 0 ||
      !g_str_equal (tdbg_trace_row_get_text (row, 0), index_text) ||
      !gtk_widget_compute_point (GTK_WIDGET (row), GTK_WIDGET (list), &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  return p.y >= 0 && p.y + gtk_widget_get_height (GTK_WIDGET (row)) <= gtk_widget_get_height (GTK_WIDGET (list));
}

/* The row of the record is in the middle third of the list. */
static gboolean
row_centred (gpointer data)
{
  RowVisible *r = data;
  GtkWidget *list = GTK_WIDGET (tdbg_trace_pane_get_list_view (r->pane));
  TdbgTraceRow *row = tdbg_trace_pane_find_row (r->pane, r->record);
  graphene_point_t p;
  double middle, height = gtk_widget_get_height (list);

  if (!row_visible (r) || !gtk_widget_compute_point (GTK_WIDGET (row), list, &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  middle = p.y + gtk_widget_get_height (GTK_WIDGET (row)) / 2.0;
  return middle > height / 3 && middle < 2 * height / 3;
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
  /* Scrolled to it: in the middle, its neighbours in view. */
  g_assert_true (gui_wait_until (row_centred, &rv, 30000));
  /* A row already in view is selected where it is: the list does not move under the pointer. */
  {
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
    double value = gtk_adjustment_get_value (vadj);
    RowVisible next = { pane, 302 };

    g_assert_true (row_visible (&next));
    tdbg_selection_select_trace (sel, 302);
    gui_spin (200);
    g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, value);
  }

  /* The last one, then what is not an index. */
  {
    g_autofree char *last = g_strdup_printf ("%u", tdbg_logdir_get_n_traces (logdir) - 1);
    rv.record = tdbg_logdir_get_n_traces (logdir) - 1;
    gtk_editable_set_text (GTK_EDITABLE (entry), last);
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, rv.record);
    g_assert_true (gui_wait_until (row_visible, &rv, 30000));
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

/* The EXPECTED.json of @scenario (to be freed), and in *@entry where @key is first found in
 * it: the tests read the JSON as text, needing no JSON library. */
static char *
expected_entry (const char *scenario, const char *key, const char **entry)
{
  g_autofree char *path = g_build_filename (logdirs_root, scenario, "EXPECTED.json", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  *entry = strstr (text, key);
  if (*entry == NULL)
    g_error ("%s not in %s", key, path);
  return text;
}

/* The numbers EXPECTED.json of the modes scenario states for @tensor ("Sqrt:0") in @mode
 * ("FULL_HEALTH"): its "per_mode_values". */
static GArray *
expected_mode_values (const char *tensor, const char *mode)
{
  g_autofree char *entry_key = g_strdup_printf ("\"trace %s\": {", tensor);
  g_autofree char *mode_key = g_strdup_printf ("\"%s\": [", mode);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  const char *p;
  g_autofree char *text = expected_entry ("modes", entry_key, &p);

  p = strstr (p, mode_key);
  g_assert_nonnull (p);
  for (p += strlen (mode_key);; )
    {
      char *end;
      double v;

      while (*p == ' ' || *p == '\n' || *p == ',')
        p++;
      if (*p == ']')
        break;
      v = g_ascii_strtod (p, &end);
      g_assert_true (end != p);
      g_array_append_val (values, v);
      p = end;
    }
  return values;
}

/* The op type EXPECTED.json of the modes scenario states for the op named @op_name. */
static char *
expected_op_type (const char *op_name)
{
  g_autofree char *key = g_strdup_printf ("\"op_name\": \"%s\",", op_name);
  const char *p, *end;
  g_autofree char *text = expected_entry ("modes", key, &p);

  p = strstr (p, "\"op_type\": \"");
  g_assert_nonnull (p);
  p += strlen ("\"op_type\": \"");
  end = strchr (p, '"');
  return g_strndup (p, end - p);
}

/* The trace of output @slot of the op named @op_name. */
static guint32
find_trace (TdbgLogdir *logdir, const char *op_name, guint slot)
{
  guint32 op = find_op (logdir, op_name);

  for (guint i = 0; op != TDBG_NONE && i < tdbg_logdir_get_n_traces (logdir); i++)
    if (tdbg_logdir_get_trace (logdir, i)->op == op && tdbg_logdir_get_trace (logdir, i)->output_slot == slot)
      return i;
  return TDBG_NONE;
}

/* The text of the column titled @title in @row, and whether it is marked bad. */
static const char *
row_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, gboolean *bad)
{
  int n = tdbg_trace_pane_find_column (pane, title);

  if (n < 0)
    g_error ("no column %s", title);
  *bad = tdbg_trace_row_get_bad (row, (guint) n);
  return tdbg_trace_row_get_text (row, (guint) n);
}

static void
assert_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, const char *text, gboolean bad)
{
  gboolean is_bad;

  g_assert_cmpstr (row_cell (pane, row, title, &is_bad), ==, text);
  if (is_bad != bad)
    g_error ("column %s of trace %u: bad %d, expected %d", title, tdbg_trace_row_get_record (row), is_bad, bad);
}

static void
assert_count_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, double count, gboolean bad)
{
  g_autofree char *text = g_strdup_printf ("%.0f", count);

  assert_cell (pane, row, title, text, bad);
}

/* The row of @tensor, shown in view and drawn (not culled). */
static TdbgTraceRow *
shown_row (TdbgWindow *window, const char *op_name)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  RowVisible rv = { pane, find_trace (logdir, op_name, 0) };
  TdbgTraceRow *row;

  g_assert_cmpuint (rv.record, !=, TDBG_NONE);
  g_assert_true (gui_wait_until (row_visible, &rv, 30000));
  gui_spin (200);
  row = tdbg_trace_pane_find_row (pane, rv.record);
  g_assert_nonnull (row);
  g_assert_false (tdbg_trace_row_get_culled (row));
  return row;
}

/* Every column of @row lines up with its title in the header. */
static void
assert_aligned (TdbgTracePane *pane, TdbgTraceRow *row)
{
  GtkWidget *header = GTK_WIDGET (tdbg_trace_pane_get_header (pane));

  g_assert_cmpuint (tdbg_trace_pane_get_n_columns (pane), >, 3);
  for (guint n = 0; n < tdbg_trace_pane_get_n_columns (pane); n++)
    {
      int row_x, row_w, head_x, head_w;
      graphene_point_t p;

      tdbg_trace_row_get_column (row, n, &row_x, &row_w);
      tdbg_trace_header_get_column (TDBG_TRACE_HEADER (header), n, &head_x, &head_w);
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (row), header, &GRAPHENE_POINT_INIT (row_x, 0), &p));
      g_assert_cmpfloat (fabs (p.x - head_x), <, 1.0);
      g_assert_cmpint (row_w, ==, head_w);
    }
}

/* The row of output 0 of @op_name, its index, tensor and op type checked; *@values: what
 * EXPECTED.json states for it in @mode. */
static TdbgTraceRow *
checked_row (TdbgWindow *window, const char *op_name, const char *mode, GArray **values)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autofree char *tensor = g_strdup_printf ("%s:0", op_name);
  TdbgTraceRow *row = shown_row (window, op_name);
  g_autofree char *index = g_strdup_printf ("%u", tdbg_trace_row_get_record (row));
  g_autofree char *op_type = expected_op_type (op_name);

  assert_cell (pane, row, "#", index, FALSE);
  assert_cell (pane, row, "Tensor", tensor, FALSE);
  assert_cell (pane, row, "Op Type", op_type, FALSE);
  *values = expected_mode_values (tensor, mode);
  return row;
}

static void
assert_full_health_row (TdbgWindow *window, const char *op_name, gboolean nan)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autoptr(GArray) v = NULL;
  TdbgTraceRow *row = checked_row (window, op_name, "FULL_HEALTH", &v);
  g_autofree char *shape = NULL;
  const double *f = (const double *) v->data;

  /* [tensor id, device, dtype, rank, size, −∞, +∞, NaN, −, 0, +] */
  g_assert_cmpuint (v->len, ==, 11);
  g_assert_cmpint (f[7] > 0, ==, nan);
  shape = g_strdup_printf ("%.0fD", f[3]);
  assert_cell (pane, row, "DType", tdbg_dtype_name ((gint) f[2]), FALSE);
  assert_cell (pane, row, "Shape", shape, FALSE);
  assert_count_cell (pane, row, "Size", f[4], FALSE);
  assert_count_cell (pane, row, "−∞", f[5], f[5] > 0);
  assert_count_cell (pane, row, "+∞", f[6], f[6] > 0);
  assert_count_cell (pane, row, "NaN", f[7], nan);
  assert_count_cell (pane, row, "−", f[8], FALSE);
  assert_count_cell (pane, row, "0", f[9], FALSE);
  assert_count_cell (pane, row, "+", f[10], FALSE);
  assert_aligned (pane, row);
}

static void
assert_curt_health_row (TdbgWindow *window, const char *op_name, gboolean bad)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autoptr(GArray) v = NULL;
  TdbgTraceRow *row = checked_row (window, op_name, "CURT_HEALTH", &v);

  /* [tensor id, has ∞ or NaN] */
  g_assert_cmpuint (v->len, ==, 2);
  g_assert_cmpint (g_array_index (v, double, 1) != 0, ==, bad);
  assert_cell (pane, row, "∞/NaN", bad ? "Has ∞/NaN" : "No ∞/NaN", bad);
  assert_aligned (pane, row);
}

/* The rows draw each column of a trace (as EXPECTED.json states its values), mark ∞ and NaN,
 * and line up with the header; the columns follow the debug mode. */
static void
test_trace_rows (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = open_window ("modes/FULL_HEALTH");
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);

  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "∞/NaN"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Tensor"), ==, 1);
  assert_full_health_row (window, "Sqrt", TRUE);
  assert_full_health_row (window, "x", FALSE);
  {
    /* Resizing a column (dragging its title's edge) moves it in the header and the rows alike;
     * text that no longer fits is cut short (and is the tooltip). */
    int n = tdbg_trace_pane_find_column (pane, "Op Type"), x, w;
    TdbgTraceRow *row;

    row = shown_row (window, "x");
    g_assert_false (tdbg_trace_row_get_ellipsized (row, (guint) n));
    tdbg_trace_header_resize_column (tdbg_trace_pane_get_header (pane), (guint) n, 40);
    gui_spin (200);
    row = shown_row (window, "x");
    g_assert_true (tdbg_trace_row_get_ellipsized (row, (guint) n));
    assert_aligned (pane, row);
    tdbg_trace_header_resize_column (tdbg_trace_pane_get_header (pane), (guint) n, 150);
    gui_spin (200);
    row = shown_row (window, "Sqrt");
    tdbg_trace_row_get_column (row, (guint) n, &x, &w);
    g_assert_cmpint (w, ==, 150);
    assert_aligned (pane, row);
  }
  {
    /* The columns are wider than the pane: scrolled sideways, the titles go along. */
    GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
    int x, w;

    g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), >, gtk_adjustment_get_page_size (hadj) + 60);
    gtk_adjustment_set_value (hadj, 60);
    gui_spin (200);
    tdbg_trace_header_get_column (tdbg_trace_pane_get_header (pane), 0, &x, &w);
    g_assert_cmpfloat (gtk_adjustment_get_value (hadj), >, 50);
    g_assert_cmpfloat (fabs (x + gtk_adjustment_get_value (hadj)), <, 1.0);
    assert_aligned (pane, shown_row (window, "Sqrt"));
    gtk_adjustment_set_value (hadj, 0);
  }
  screenshot (GTK_WIDGET (window), "trace-rows-light.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  gui_spin (300);
  assert_full_health_row (window, "Sqrt", TRUE);
  screenshot (GTK_WIDGET (window), "trace-rows-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_window ("modes/CURT_HEALTH");
  pane = tdbg_window_get_trace_pane (window);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "NaN"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Size"), <, 0);
  assert_curt_health_row (window, "Sqrt", TRUE);
  assert_curt_health_row (window, "x", FALSE);
  screenshot (GTK_WIDGET (window), "trace-rows-curt-health.png");
  gtk_window_destroy (GTK_WINDOW (window));
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
  GtkWidget *bar = gui_find_widget (data, GTK_TYPE_PROGRESS_BAR);

  /* The first tick may come before the reader's first bytes (under valgrind, say). */
  return label && gtk_widget_is_visible (GTK_WIDGET (label)) && bar
         && gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)) > 0;
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

typedef struct {
  TdbgWindow *window;
  GatedSource *source;
} GatedLoad;

/* The load has read up to the gated file, and the window has shown how far it got. */
static gboolean
load_at_gate (gpointer data)
{
  GatedLoad *g = data;
  return gated_source_is_waiting (g->source) && progress_shown (g->window);
}

static void
test_load_cancel (void)
{
  g_autofree char *dir = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgSource) local = tdbg_local_source_new (dir);
  /* The executions are read last: the load stops there, part of the way, until cancelled. */
  g_autoptr(GatedSource) gated = gated_source_new (local, ".execution");
  TdbgWindow *window;
  GtkProgressBar *bar;
  GtkLabel *label;
  Painted painted = { FALSE };
  GdkFrameClock *clock;
  gulong id;
  gint64 t0;
  GatedLoad g;

  window = tdbg_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gui_spin (50);
  tdbg_window_open_source (window, TDBG_SOURCE (gated));
  g_assert_true (tdbg_window_is_loading (window));
  label = gui_find_label (GTK_WIDGET (window), "Loading…", FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
  g = (GatedLoad) { window, gated };
  g_assert_true (gui_wait_until (load_at_gate, &g, 30000));

  /* Progress: records and bytes, and the bar moves. */
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
  g_assert_true (gui_wait_until (gui_window_loaded, window, 5000));
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
  g_assert_true (gui_wait_until (was_painted, &painted, 1000));
  g_test_message ("next frame %.1f ms after asking", (g_get_monotonic_time () - t0) / 1000.0);
  g_signal_handler_disconnect (clock, id);
  screenshot (GTK_WIDGET (window), "cancelled.png");
  {
    g_autofree char *path = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
    g_autoptr(GFile) small = g_file_new_for_path (path);
    tdbg_window_open (window, small);
    g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
    g_assert_nonnull (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
    g_assert_null (gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The counts EXPECTED.json states for one logdir ("counts" or "robust_reader_counts" of the
 * entry named @name), read with regular expressions. */
static gint64
expected_count (const char *scenario, const char *name, const char *counts_key, const char *key)
{
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  g_autofree char *counts_pattern = g_strdup_printf ("\"%s\": {", counts_key);
  g_autofree char *key_pattern = g_strdup_printf ("\"%s\":\\s*(-?[0-9]+)", key);
  g_autoptr(GRegex) regex = g_regex_new (key_pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  const char *entry, *counts, *end;
  g_autofree char *text = expected_entry (scenario, entry_pattern, &entry);
  g_autofree char *section = NULL;
  g_autofree char *number = NULL;

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
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  const char *entry, *alerts;
  g_autofree char *text = expected_entry (scenario, entry_pattern, &entry);

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
          g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
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

/* ---- The GNOME application: start page, problem pages, About, shortcuts, dark style ---- */

static gboolean
page_is (TdbgWindow *window, const char *page)
{
  return g_strcmp0 (tdbg_window_get_page (window), page) == 0;
}

static gboolean
shows_logdir (gpointer data)
{
  return !tdbg_window_is_loading (data) && tdbg_selection_get_logdir (tdbg_window_get_selection (data)) != NULL
         && page_is (data, "logdir");
}

static TdbgWindow *
new_start_window (void)
{
  TdbgWindow *window = tdbg_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gui_spin (50);
  return window;
}

/* Opens @path in a new window and waits until the load (if any) is over. */
static TdbgWindow *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = new_start_window ();

  tdbg_window_open (window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (50);
  return window;
}

static void
set_recents (GSettings *settings, const char *const *locations, const gint64 *ages)
{
  GVariantBuilder builder;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sx)"));
  for (guint i = 0; locations[i]; i++)
    g_variant_builder_add (&builder, "(sx)", locations[i], now - ages[i]);
  g_settings_set_value (settings, "recent-logdirs", g_variant_builder_end (&builder));
}

static const char *
row_subtitle (TdbgStartPage *page, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), index);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
start_page_checked (gpointer page)
{
  return !tdbg_start_page_is_checking (page);
}

static void
test_start_page (void)
{
  g_autoptr(GSettings) settings = (remove_settings (), tdbg_settings_new ());
  g_autofree char *given = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
  g_autofree char *present = g_canonicalize_filename (given, NULL);
  g_autofree char *missing = g_build_filename (g_get_home_dir (), "runs", "mnist-deleted", "logdir", NULL);
  const char *remote = "ssh://trainer.example.org/runs/logdir";
  const char *locations[] = { present, missing, remote, NULL };
  const gint64 ages[] = { 2 * 86400 + 600, 3 * 3600 + 60, 5 * 60 + 5 };
  TdbgWindow *window;
  TdbgStartPage *page;
  GtkListBoxRow *row;
  GtkWidget *remove;

  set_recents (settings, locations, ages);
  window = new_start_window ();
  page = tdbg_window_get_start_page (window);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "start");
  g_assert_cmpuint (tdbg_start_page_get_n_recents (page), ==, 3);
  g_assert_true (gui_wait_until (start_page_checked, page, 10000));
  g_assert_cmpint (tdbg_start_page_get_state (page, 0), ==, TDBG_RECENT_PRESENT);
  g_assert_cmpint (tdbg_start_page_get_state (page, 1), ==, TDBG_RECENT_MISSING);
  g_assert_cmpint (tdbg_start_page_get_state (page, 2), ==, TDBG_RECENT_REMOTE);
  /* What the rows say: which logdir, when, and whether the folder is still there. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (
                     tdbg_start_page_get_list (page), 0))), ==, "tutorial_mnist/logdir");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (
                     tdbg_start_page_get_list (page), 2))), ==, "runs/logdir");
  g_assert_true (g_str_has_suffix (row_subtitle (page, 0), "opened 2 days ago"));
  g_assert_cmpstr (row_subtitle (page, 1), ==, "~/runs/mnist-deleted/logdir — opened 3 hours ago");
  g_assert_true (g_str_has_suffix (row_subtitle (page, 2), "opened 5 minutes ago"));
  g_assert_null (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 0)),
                                 "Missing", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 1)),
                                    "Missing", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 2)),
                                    "Remote", FALSE));
  screenshot (GTK_WIDGET (window), "start-page.png");

  /* The missing one is removed with its row's button. */
  row = gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 1);
  remove = gui_find_widget (GTK_WIDGET (row), GTK_TYPE_BUTTON);
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  gui_spin (50);
  g_assert_cmpuint (tdbg_start_page_get_n_recents (page), ==, 2);
  g_assert_cmpstr (tdbg_start_page_get_location (page, 1), ==, remote);

  /* Activating a row opens its logdir. */
  g_signal_emit_by_name (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 0), "activate");
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    (guint) expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));
  gtk_window_destroy (GTK_WINDOW (window));
  remove_settings ();
}

static void
test_format_age (void)
{
  static const struct { gint64 seconds; const char *text; } cases[] = {
    { 0, "just now" }, { 59, "just now" }, { 60, "1 minute ago" }, { 3599, "59 minutes ago" },
    { 3600, "1 hour ago" }, { 86399, "23 hours ago" }, { 86400, "yesterday" }, { 2 * 86400, "2 days ago" },
    { 60 * 86400, "60 days ago" }, { 90 * 86400, "3 months ago" }, { 800 * 86400, "2 years ago" },
  };
  const gint64 now = 1800000000;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = tdbg_format_age (now - cases[i].seconds, now);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static gboolean
has_alerts (gpointer data)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (data));
  return logdir && tdbg_logdir_get_n_alerts (logdir) > 0;
}

/* Open Demo writes the bundled demo logdir into the cache folder and opens it: its first alert
 * is the Log op of the cross entropy. The screenshot is the one in app/desktop/screenshots. */
static void
test_open_demo (void)
{
  g_autofree char *demo = g_build_filename (g_get_user_cache_dir (), "tfdbg-gtk", "demo-logdir", NULL);
  TdbgWindow *window;
  TdbgSelection *sel;
  TdbgLogdir *logdir;
  const TdbgAlert *first;
  guint32 op;

  g_assert_true (g_str_has_prefix (demo, g_getenv ("XDG_CACHE_HOME")));
  test_remove_tree (demo);
  g_assert_false (g_file_test (demo, G_FILE_TEST_EXISTS));
  window = new_start_window ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_true (gui_wait_until (has_alerts, window, 5000));
  g_assert_true (g_file_test (demo, G_FILE_TEST_IS_DIR));
  sel = tdbg_window_get_selection (window);
  logdir = tdbg_selection_get_logdir (sel);
  first = tdbg_logdir_get_alert (logdir, 0);
  g_assert_cmpuint (first->trace_index, !=, TDBG_NONE);
  op = tdbg_logdir_get_trace (logdir, first->trace_index)->op;
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, op)->op_type, ==, "Log");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "~/.cache/tfdbg-gtk/demo-logdir — TensorFlow Debugger");
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  {
    GraphWait gw = { tdbg_window_get_graph_pane (window), op };
    g_assert_true (gui_wait_until (graph_shows, &gw, 30000));
  }
  g_assert_true (gui_wait_until (marked_line_shown, window, 30000));
  screenshot (GTK_WIDGET (window), "main-window.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A folder dropped onto the window (as a file list, the way file managers offer it) is opened. */
static void
test_drop_folder (void)
{
  g_autofree char *path = g_build_filename (logdirs_root, "tutorial_mnist", "logdir", NULL);
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = new_start_window ();
  GtkDropTarget *target = NULL;
  GSList *files = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (c))
        target = GTK_DROP_TARGET (c);
    }
  g_assert_nonnull (target);
  g_assert_true (gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (target), GDK_TYPE_FILE_LIST));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_slist_free (files);
  g_assert_true (accepted);
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    (guint) expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));
  g_clear_object (&controllers);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
check_problem (TdbgWindow *window, const char *title, const char *const *phrases, const char *shot)
{
  TdbgProblemPage *page = tdbg_window_get_problem_page (window);
  const char *description = tdbg_problem_page_get_description (page);

  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");
  g_assert_cmpstr (tdbg_problem_page_get_title (page), ==, title);
  for (guint i = 0; phrases[i]; i++)
    if (strstr (description, phrases[i]) == NULL)
      g_error ("“%s” does not say “%s”", description, phrases[i]);
  screenshot (GTK_WIDGET (window), shot);
}

/* A GVfs location without a local path (here smb://, which GIO alone cannot map) is refused
 * with an error naming it, not read from a folder named after its basename. */
static void
test_open_non_local (void)
{
  g_autoptr(GFile) file = g_file_new_for_uri ("smb://server/share/logdir");
  TdbgWindow *window;

  if (g_file_peek_path (file) != NULL)
    {
      g_test_skip ("smb:// files have a local path here (a GVfs FUSE mount)");
      return;
    }
  window = new_start_window ();
  tdbg_window_open (window, file);
  g_assert_false (tdbg_window_is_loading (window));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_nonnull (tdbg_window_get_load_error (window));
  g_assert_nonnull (strstr (tdbg_window_get_load_error (window), "smb://server/share/logdir"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_problem_pages (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tdbg-gui-problem-XXXXXX", &error);
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *other = g_build_filename (dir, "photos", NULL);
  g_autofree char *stray = g_build_filename (other, "cat.jpg", NULL);
  g_autofree char *eager = g_build_filename (dir, "eager", NULL);
  g_autofree char *circular = g_build_filename (logdirs_root, "circular", "logdir", NULL);
  const char *no_metadata[] = { other, "no tfdbg_events.*.metadata file", "enable_dump_debug_info", NULL };
  const char *empty_says[] = { "holds no files", "enable_dump_debug_info", NULL };
  const char *file_says[] = { "is a file", NULL };
  const char *eager_says[] = { "no graph execution traces", "tf.config.run_functions_eagerly(True)", NULL };
  TdbgWindow *window;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (empty, 0755) | g_mkdir (other, 0755) | g_mkdir (eager, 0755), ==, 0);
  g_assert_true (g_file_set_contents (stray, "jpeg", 4, NULL));
  g_assert_true (tdbg_fixture_write_eager_only (eager, &error));

  window = open_path (other);
  check_problem (window, "Not a tfdbg2 logdir", no_metadata, "problem-not-a-logdir.png");
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_path (empty);
  check_problem (window, "The folder is empty", empty_says, "problem-empty.png");
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_path (stray);
  check_problem (window, "Not a folder", file_says, "problem-file.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The eager-only run still has its executions, one button away. */
  window = open_path (eager);
  check_problem (window, "No graph execution traces", eager_says, "problem-eager-only.png");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-logdir", NULL);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_cmpuint (tdbg_logdir_get_n_executions (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==, 7);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-start", NULL);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "start");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The circular logdir is shown, under a notice that its earliest traces are gone. */
  window = open_path (circular);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "circular buffer"));
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "200 graph execution traces and 200 executions"));
  screenshot (GTK_WIDGET (window), "circular-notice.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A logdir without that evidence has no notice. */
  window = open_window ("tutorial_mnist/logdir");
  g_assert_cmpstr (tdbg_window_get_notice_text (window), ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (g_type_is_a (G_OBJECT_TYPE (w), type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static void
collect_accelerators (GtkWidget *root, GString *out)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_autofree char *accel = NULL;
      g_object_get (root, "accelerator", &accel, NULL);
      g_string_append_printf (out, "%s|", accel);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, out);
}

static void
test_about_and_shortcuts (void)
{
  static const char *expected[] = { "<Control>o", "<Control><Shift>o", "F5", "Escape", "<Control>Home", "F8",
                                    "<Shift>F8", "<Alt>1...<Alt>6", "<Control>f", "plus <Control>plus",
                                    "minus <Control>minus", "0 <Control>0", "<Control>e", "<Control>question",
                                    "<Control>q" };
  TdbgWindow *window = new_start_window ();
  GtkWindow *about, *shortcuts;
  g_autoptr(GString) accels = g_string_new ("|");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.about", NULL);
  gui_spin (100);
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, TDBG_VERSION);
  g_assert_cmpstr (adw_about_window_get_website (ADW_ABOUT_WINDOW (about)), ==, TDBG_WEBSITE);
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==, GTK_LICENSE_GPL_3_0);
  screenshot (GTK_WIDGET (about), "about.png");
  gtk_window_destroy (about);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  gui_spin (100);
  shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  g_assert_true (shortcuts == GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))));
  collect_accelerators (GTK_WIDGET (shortcuts), accels);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *item = g_strdup_printf ("|%s|", expected[i]);
      if (strstr (accels->str, item) == NULL)
        g_error ("the shortcuts window does not list %s (it has %s)", expected[i], accels->str);
    }
  screenshot (GTK_WIDGET (shortcuts), "shortcuts.png");
  gtk_window_close (shortcuts);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+F puts the focus in Graph Execution's op-name filter. */
static void
test_find_shortcut (void)
{
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  GtkWidget *entry = gui_find_editable (GTK_WIDGET (tdbg_window_get_trace_pane (window)), "Op name (regular expression)");
  GtkWidget *focus;

  g_assert_nonnull (entry);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL);
  gui_spin (50);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *
scheme_id (TdbgWindow *window)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (tdbg_source_pane_get_view (tdbg_window_get_source_pane (window))));
  GtkSourceStyleScheme *scheme = gtk_source_buffer_get_style_scheme (GTK_SOURCE_BUFFER (buffer));

  return scheme ? gtk_source_style_scheme_get_id (scheme) : "";
}

typedef struct {
  TdbgWindow *window;
  guint32 op;
  const char *scheme;
  const char *fill;
} StyleWait;

/* The fill colour of @op's node in the graph shown, or "" while none is. */
static const char *
node_fill (TdbgWindow *window, guint32 op)
{
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);
  TdbgGraphLayout *layout = tdbg_graph_view_get_layout (tdbg_graph_pane_get_view (pane));
  const char *name = tdbg_graph_pane_get_node_name (pane, op);
  const TdbgLayoutNode *node = layout && name ? tdbg_graph_layout_find_node (layout, name) : NULL;

  return node && node->fill_color ? node->fill_color : "";
}

static gboolean
style_is (gpointer data)
{
  StyleWait *w = data;
  return g_str_equal (scheme_id (w->window), w->scheme) && g_ascii_strcasecmp (node_fill (w->window, w->op), w->fill) == 0;
}

/* The system's dark preference (forced here, as the style manager would set it) switches the
 * source view's scheme and the graph's colours, NaN producers included; back again after. */
static void
test_dark_style (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = open_window ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  StyleWait light = { window, TDBG_NONE, "Adwaita", "#f8c8c8" };
  StyleWait dark = { window, TDBG_NONE, "Adwaita-dark", "#a51d2d" };

  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  light.op = dark.op = tdbg_selection_get_op (sel);
  g_assert_cmpuint (light.op, !=, TDBG_NONE);
  g_assert_true (gui_wait_until (style_is, &light, 30000));
  g_assert_false (adw_style_manager_get_dark (style));
  screenshot (GTK_WIDGET (window), "style-light.png");

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  if (!gui_wait_until (style_is, &dark, 30000))
    g_error ("dark style not applied: scheme %s, NaN producer fill %s", scheme_id (window), node_fill (window, dark.op));
  screenshot (GTK_WIDGET (window), "style-dark.png");
  {
    /* Exported pictures keep the light colours. */
    g_autofree char *path = g_build_filename (shots_dir, "graph-exported-in-dark.svg", NULL);
    g_autofree char *svg = NULL;
    ExportWait w = { FALSE, FALSE, NULL };

    tdbg_graph_pane_export_async (tdbg_window_get_graph_pane (window), "svg", path, export_done_cb, &w);
    g_assert_true (gui_wait_until (export_finished, &w, 30000));
    g_assert_true (w.ok);
    g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg, "#f8c8c8"));
    g_assert_null (strstr (svg, "#a51d2d"));
  }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_true (gui_wait_until (style_is, &light, 30000));
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Following a run that is still writing ---- */

#define FOLLOW_T0 1700000000.0

/* The run's writer, and what it wrote in whole records: the window must show exactly that. */
typedef struct {
  char *dir;                /* the logdir, a scratch folder */
  TdbgFixtureWriter *writers[2];
  guint n_writers;
  guint traces;
  guint executions;
  guint alerts;
  guint32 alert_trace;
  const char *device;       /* of the traces written next */
  Tensorflow__TensorProto *healthy;
  Tensorflow__TensorProto *nan;
} Run;

static const char *follow_ops[] = { "dense/MatMul", "dense/Relu", "loss/Log" };
static const char *follow_types[] = { "MatMul", "Relu", "Log" };

/* A new logdir in a scratch folder, with its graph written. */
static void
run_start (Run *run)
{
  g_autoptr(GError) error = NULL;
  const char *no_inputs[] = { NULL };
  const gint32 ids[] = { 1 };
  double healthy[11] = { 1, -1, 1, 2, 16, 0, 0, 0, 0, 4, 12 };
  double bad[11] = { 1, -1, 1, 2, 16, 0, 0, 3, 0, 4, 9 };
  TdbgFixtureWriter *w;

  run->dir = test_make_temp_dir ();
  w = tdbg_fixture_writer_new (run->dir, "trainer", 1700000000, FOLLOW_T0 - 10, "f011ow00", "2.16.1",
                                                  &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (w, FOLLOW_T0 - 9, "g1", "train_step", NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (follow_ops); i++)
    g_assert_true (tdbg_fixture_writer_add_op (w, FOLLOW_T0 - 8, "g1", "train_step", follow_types[i], follow_ops[i],
                                               no_inputs, ids, 1, no_inputs, &error));
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  run->writers[run->n_writers++] = w;
  run->device = "/job:localhost/replica:0/task:0/device:CPU:0";
  run->healthy = tdbg_fixture_summary_tensor (healthy, 11);
  run->nan = tdbg_fixture_summary_tensor (bad, 11);
}

static void
run_finish (Run *run)
{
  for (guint i = 0; i < run->n_writers; i++)
    tdbg_fixture_writer_free (run->writers[i]);
  tdbg_fixture_tensor_free (run->healthy);
  tdbg_fixture_tensor_free (run->nan);
}

/* Appends @n traces to the newest file set (the last one with a NaN when @nan); with @cut,
 * one more trace is written only up to @cut bytes, its rest waiting for the next call. */
static void
run_traces (Run *run, guint n, gboolean nan, gsize cut)
{
  TdbgFixtureWriter *w = run->writers[run->n_writers - 1];
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n + (cut ? 1 : 0); i++)
    {
      gboolean bad = nan && i == n - 1;
      const char *op = follow_ops[bad ? 2 : run->traces % 2];

      if (i == n)
        tdbg_fixture_writer_cut_next (w, TDBG_FILE_GRAPH_EXECUTION_TRACES, cut);
      g_assert_true (tdbg_fixture_writer_add_trace (w, FOLLOW_T0 + run->traces, "g1", op, 0,
                                                    TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                    bad ? run->nan : run->healthy, run->device, &error));
      if (i < n)
        {
          if (bad)
            {
              run->alert_trace = run->traces;
              run->alerts++;
            }
          run->traces++;
        }
    }
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}

/* Appends @n executions; with @cut, one more only up to @cut bytes. */
static void
run_executions (Run *run, guint n, gsize cut)
{
  TdbgFixtureWriter *w = run->writers[run->n_writers - 1];
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n + (cut ? 1 : 0); i++)
    {
      if (i == n)
        tdbg_fixture_writer_cut_next (w, TDBG_FILE_EXECUTION, cut);
      g_assert_true (tdbg_fixture_writer_add_execution (w, FOLLOW_T0 + 0.5 + run->executions, "__inference_step_7", 1,
                                                        TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL, &error));
      if (i < n)
        run->executions++;
    }
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}

/* Completes the records left half written (they count from now on). */
static void
run_complete_halves (Run *run, gboolean trace, gboolean execution)
{
  TdbgFixtureWriter *w = run->writers[run->n_writers - 1];
  g_autoptr(GError) error = NULL;

  if (trace)
    {
      g_assert_true (tdbg_fixture_writer_finish_record (w, TDBG_FILE_GRAPH_EXECUTION_TRACES, &error));
      run->traces++;
    }
  if (execution)
    {
      g_assert_true (tdbg_fixture_writer_finish_record (w, TDBG_FILE_EXECUTION, &error));
      run->executions++;
    }
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}

static void
run_new_host (Run *run, const char *host)
{
  g_autoptr(GError) error = NULL;

  run->writers[run->n_writers++] = tdbg_fixture_writer_new (run->dir, host, 1700000100, FOLLOW_T0 + 100, "f011ow00",
                                                            "2.16.1", &error);
  run->device = "/job:worker/replica:0/task:1/device:CPU:0";
  g_assert_no_error (error);
}

typedef struct {
  TdbgWindow *window;
  Run *run;
  GListModel *traces;       /* the trace pane's rows */
  GListModel *executions;   /* the timeline's */
  GListModel *alerts;
  guint appended_wrongly;   /* items-changed that did anything but append */
} Follow;

static void
rows_changed_cb (GListModel *model, guint position, guint removed, guint added, Follow *f)
{
  if (removed != 0 || position + added != g_list_model_get_n_items (model))
    f->appended_wrongly++;
}

static gboolean
shows_run (gpointer data)
{
  Follow *f = data;
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (f->window));
  g_autofree char *counts = g_strdup_printf (" — %u graph execution trace%s, %u execution%s, %u alert%s",
                                             f->run->traces, f->run->traces == 1 ? "" : "s", f->run->executions,
                                             f->run->executions == 1 ? "" : "s", f->run->alerts,
                                             f->run->alerts == 1 ? "" : "s");

  return tdbg_logdir_get_n_traces (logdir) == f->run->traces &&
         g_list_model_get_n_items (f->traces) == f->run->traces &&
         g_list_model_get_n_items (f->executions) == f->run->executions &&
         g_list_model_get_n_items (f->alerts) == f->run->alerts &&
         strstr (tdbg_window_get_status_text (f->window), counts) != NULL;
}

/* Every record once, in the order written: trace i was stamped FOLLOW_T0 + i. */
static void
check_each_record_once (Follow *f)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (f->window));

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    g_assert_cmpfloat (tdbg_logdir_get_trace (logdir, i)->wall_time, ==, FOLLOW_T0 + i);
  for (guint i = 0; i < tdbg_logdir_get_n_executions (logdir); i++)
    g_assert_cmpfloat (tdbg_logdir_get_execution (logdir, i)->wall_time, ==, FOLLOW_T0 + 0.5 + i);
}

/* Waits for the window to show what was written, and reports how long it took. */
static void
expect_run (Follow *f, const char *step)
{
  gint64 start = g_get_monotonic_time ();

  if (!gui_wait_until (shows_run, f, 15000))
    g_error ("%s: the window shows %u traces, %u executions, %u alerts (status \"%s\"); %u, %u, %u were written", step,
             g_list_model_get_n_items (f->traces), g_list_model_get_n_items (f->executions),
             g_list_model_get_n_items (f->alerts), tdbg_window_get_status_text (f->window), f->run->traces,
             f->run->executions, f->run->alerts);
  g_test_message ("%s: shown after %.2f s", step, (g_get_monotonic_time () - start) / 1e6);
  check_each_record_once (f);
  g_assert_cmpuint (f->appended_wrongly, ==, 0);
  /* A record cut short is waited for, never a problem. */
  g_assert_cmpstr (tdbg_window_get_problems_text (f->window), ==, "");
}

static GListModel *
list_model_of (GtkWidget *pane)
{
  GtkListView *list = GTK_LIST_VIEW (gui_find_widget (pane, GTK_TYPE_LIST_VIEW));
  return G_LIST_MODEL (gtk_list_view_get_model (list));
}

static gboolean
follow_state (TdbgWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "follow");
  return g_variant_get_boolean (state);
}

/* The second drop-down of the Graph Execution bar. */
static GtkDropDown *
device_dropdown (TdbgTracePane *pane)
{
  GtkWidget *types = gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_DROP_DOWN);

  for (GtkWidget *w = gtk_widget_get_next_sibling (types); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_DROP_DOWN (w))
      return GTK_DROP_DOWN (w);
  g_assert_not_reached ();
}

static gboolean
scrolled_down (gpointer adjustment)
{
  return gtk_adjustment_get_value (adjustment) > 0;
}

static void find_lists (Follow *f);

/* Opens the run's logdir in a new window, following it, and finds its lists. */
static void
open_run (Follow *f)
{
  g_autoptr(GFile) file = g_file_new_for_path (f->run->dir);

  f->window = tdbg_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  tdbg_window_open (f->window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, f->window, 30000));
  g_assert_true (follow_state (f->window));
  find_lists (f);
}

static void
find_lists (Follow *f)
{
  f->traces = G_LIST_MODEL (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (
                              tdbg_window_get_trace_pane (f->window))));
  f->executions = list_model_of (GTK_WIDGET (tdbg_window_get_timeline_pane (f->window)));
  f->alerts = list_model_of (GTK_WIDGET (tdbg_window_get_alerts_pane (f->window)));
}

static void
watch_rows (Follow *f)
{
  g_signal_connect (f->traces, "items-changed", G_CALLBACK (rows_changed_cb), f);
  g_signal_connect (f->executions, "items-changed", G_CALLBACK (rows_changed_cb), f);
  g_signal_connect (f->alerts, "items-changed", G_CALLBACK (rows_changed_cb), f);
}

static void
remove_run (Run *run)
{
  run_finish (run);
  test_remove_tree (run->dir);
  g_clear_pointer (&run->dir, g_free);
}

/* A run of @n_traces healthy traces, opened and followed in a new window. */
static void
follow_new_run (Follow *f, guint n_traces)
{
  run_start (f->run);
  run_traces (f->run, n_traces, FALSE, 0);
  open_run (f);
}

static void
close_run (Follow *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  remove_run (f->run);
}

static void
test_follow (void)
{
  TdbgWindow *window;
  TdbgTracePane *pane;
  TdbgSelection *sel;
  GtkAdjustment *vadj;
  Run run = { 0 };
  Follow f = { NULL, &run };
  double scrolled;
  guint before;

  run_start (&run);
  run_traces (&run, 400, FALSE, 0);
  run_executions (&run, 30, 0);
  open_run (&f);
  window = f.window;
  pane = tdbg_window_get_trace_pane (window);
  sel = tdbg_window_get_selection (window);
  expect_run (&f, "loaded");
  watch_rows (&f);

  /* The person looks at trace 120 and has scrolled on a little past it. */
  tdbg_selection_select_trace (sel, 120);
  tdbg_selection_select_execution (sel, 7);
  tdbg_selection_select_trace (sel, 120);
  vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
  g_assert_true (gui_wait_until (scrolled_down, vadj, 10000));
  gui_spin (300);
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + 150);
  gui_spin (300);
  scrolled = gtk_adjustment_get_value (vadj);

  /* Whole records, and a trace and an execution cut short. */
  run_traces (&run, 50, FALSE, 37);
  run_executions (&run, 5, 11);
  expect_run (&f, "step 1");
  g_assert_nonnull (strstr (tdbg_window_get_status_text (window), "waiting for the rest of a record in 2 files"));

  /* The halves completed, more records, the NaN among them, another execution cut short. */
  run_complete_halves (&run, TRUE, TRUE);
  run_traces (&run, 30, TRUE, 0);
  run_executions (&run, 3, 5);
  expect_run (&f, "step 2");
  g_assert_cmpuint (tdbg_logdir_get_alert (tdbg_selection_get_logdir (sel), 0)->trace_index, ==, run.alert_trace);
  g_assert_cmpstr (tdbg_alerts_pane_get_title (tdbg_window_get_alerts_pane (window)), ==, "Alerts (1)");

  /* A second host starts writing, on a device of its own. */
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), <, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (device_dropdown (pane))));
  run_complete_halves (&run, FALSE, TRUE);
  run_new_host (&run, "worker-1");
  run_traces (&run, 20, FALSE, 0);
  run_executions (&run, 2, 0);
  /* As in Debugger V2, the timeline holds the first host's executions only. */
  run.executions -= 2;
  expect_run (&f, "new host");
  g_assert_cmpuint (tdbg_logdir_get_n_file_sets (tdbg_selection_get_logdir (sel)), ==, 2);
  g_assert_cmpuint (tdbg_logdir_get_n_executions_all_file_sets (tdbg_selection_get_logdir (sel)), ==,
                    run.executions + 2);
  /* Its device joins the filter's choices and the list's columns. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (device_dropdown (pane))));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (device_dropdown (pane))), ==, 3);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), ==, 3);

  /* Nothing moved under the person. */
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 120);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, 120);
  g_assert_cmpuint (tdbg_selection_get_execution (sel), ==, 7);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (vadj) - scrolled), <, 0.5);
  screenshot (GTK_WIDGET (window), "follow.png");

  /* Follow off: what is written now stays out, until it is turned on again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "follow", NULL);
  g_assert_false (follow_state (window));
  g_assert_false (tdbg_follower_get_active (tdbg_window_get_follower (window)));
  before = run.traces;
  run_traces (&run, 10, FALSE, 0);
  gui_spin (2500);
  g_assert_cmpuint (g_list_model_get_n_items (f.traces), ==, before);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (sel)), ==, before);
  screenshot (GTK_WIDGET (window), "follow-off.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "follow", NULL);
  expect_run (&f, "follow on again");

  /* Another logdir: that one is followed, the first no longer. */
  {
    g_autoptr(GFile) other_file = NULL;
    Run other = { 0 };
    Follow g = { window, &other };
    g_autoptr(TdbgLogdir) first = g_object_ref (tdbg_selection_get_logdir (sel));
    guint first_traces = tdbg_logdir_get_n_traces (first);

    run_start (&other);
    other_file = g_file_new_for_path (other.dir);
    run_traces (&other, 5, FALSE, 0);
    tdbg_window_open (window, other_file);
    run_traces (&run, 10, FALSE, 0);
    g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
    find_lists (&g);
    expect_run (&g, "another logdir");
    run_traces (&other, 7, TRUE, 0);
    expect_run (&g, "another logdir grows");
    gui_spin (1200);
    g_assert_cmpuint (tdbg_logdir_get_n_traces (first), ==, first_traces);
    remove_run (&other);
  }

  /* Closing while a run writes: nothing calls back into the closed window. */
  run_traces (&run, 10, FALSE, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  gui_spin (1500);
  remove_run (&run);
}

static gboolean
shows_n_rows (gpointer data)
{
  Follow *f = data;
  return g_list_model_get_n_items (f->traces) == f->run->alerts &&
         tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (f->window))) ==
           f->run->traces;
}

static gboolean
has_problems (gpointer window)
{
  return *tdbg_window_get_problems_text (window) != '\0';
}

/* With a filter on, what the run appends is filtered too, and only the matches are added. */
typedef struct {
  TdbgWindow *window;
  guint32 op;
  const char *fill;
} FillWait;

static gboolean
node_filled (gpointer data)
{
  FillWait *w = data;
  return g_ascii_strcasecmp (node_fill (w->window, w->op), w->fill) == 0;
}

/* The shown neighbourhood follows the run too: a NaN/∞ trace written for the shown op
 * colours its node, with no click. */
static void
test_follow_graph (void)
{
  Run run = { 0 };
  Follow f = { NULL, &run };
  TdbgSelection *sel;
  guint32 log_op;
  FillWait nan;

  follow_new_run (&f, 20);
  sel = tdbg_window_get_selection (f.window);
  log_op = find_op (tdbg_selection_get_logdir (sel), "loss/Log");
  g_assert_cmpuint (log_op, !=, TDBG_NONE);
  tdbg_selection_select_op (sel, log_op);
  {
    GraphWait gw = { tdbg_window_get_graph_pane (f.window), log_op };
    g_assert_true (gui_wait_until (graph_shows, &gw, 10000));
  }
  /* No trace of loss/Log yet: the status names the op itself, not a trace. */
  g_assert_cmpint (tdbg_selection_get_focus (sel), ==, TDBG_FOCUS_OP);
  g_test_message ("status: %s", tdbg_window_get_status_text (f.window));
  g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (f.window), "Op loss/Log (Log)"));
  nan = (FillWait) { f.window, log_op, "#f8c8c8" };
  g_assert_false (node_filled (&nan));
  run_traces (&run, 1, TRUE, 0);
  g_assert_true (gui_wait_until (node_filled, &nan, 15000));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, log_op);
  screenshot (GTK_WIDGET (f.window), "follow-graph.png");
  close_run (&f);
}

static void
test_follow_filtered (void)
{
  Run run = { 0 };
  Follow f = { NULL, &run };
  TdbgTracePane *pane;
  FilterWait fw;
  Change c;

  follow_new_run (&f, 100);
  pane = tdbg_window_get_trace_pane (f.window);
  fw = (FilterWait) { pane, 0 };
  g_signal_connect (pane, "filtered", G_CALLBACK (filtered_cb), &fw);
  c = (Change) { gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_CHECK_BUTTON), NULL, TRUE, 0 };
  g_assert_cmpuint (filter_rows (&fw, set_check, &c), ==, 0);
  watch_rows (&f);
  for (guint step = 0; step < 3; step++)
    {
      GtkSingleSelection *rows = GTK_SINGLE_SELECTION (f.traces);
      g_autoptr(TdbgRow) last = NULL;

      run_traces (&run, 15, TRUE, 0);
      g_assert_true (gui_wait_until (shows_n_rows, &f, 15000));
      last = g_list_model_get_item (G_LIST_MODEL (rows), run.alerts - 1);
      g_assert_cmpuint (tdbg_row_get_index (last), ==, run.alert_trace);
    }
  g_assert_cmpuint (f.appended_wrongly, ==, 0);
  g_assert_cmpstr (gtk_label_get_text (gui_find_label (GTK_WIDGET (pane), "Graph Execution (", TRUE)), ==,
                   "Graph Execution (3 of 145)");

  /* Damage written while following is reported in the banner, with its place. */
  {
    g_autoptr(GByteArray) record = g_byte_array_new ();
    g_autoptr(GError) error = NULL;
    g_autofree char *expected = NULL;
    char *path = tdbg_fixture_writer_get_path (run.writers[0], TDBG_FILE_GRAPH_EXECUTION_TRACES);
    g_autofree char *base = g_path_get_basename (path);
    GStatBuf st;

    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_free (path);
    expected = g_strdup_printf ("%s at byte %" G_GINT64_FORMAT ": record of 11 bytes has a bad data checksum; skipped",
                                base, (gint64) st.st_size);
    g_assert_cmpstr (tdbg_window_get_problems_text (f.window), ==, "");
    tdbg_record_encode (record, (const guint8 *) "not a trace", 11);
    record->data[TDBG_RECORD_HEADER_SIZE + 3] ^= 0x01;
    g_assert_true (tdbg_fixture_writer_write_raw (run.writers[0], TDBG_FILE_GRAPH_EXECUTION_TRACES, record->data,
                                                  record->len, &error));
    g_assert_true (tdbg_fixture_writer_flush (run.writers[0], &error));
    g_assert_true (gui_wait_until (has_problems, f.window, 15000));
    g_assert_cmpstr (tdbg_window_get_problems_text (f.window), ==, expected);
  }
  close_run (&f);
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
  g_test_add_func ("/gui/recents", test_recents);
  g_test_add_func ("/gui/export", test_export);
  g_test_add_func ("/gui/graph-zoom-pan", test_graph_zoom_pan);
  g_test_add_func ("/gui/filters", test_filters);
  g_test_add_func ("/gui/goto", test_goto);
  g_test_add_func ("/gui/trace-rows", test_trace_rows);
  g_test_add_func ("/gui/tensor-viewer", test_tensor_viewer);
  g_test_add_func ("/gui/highlight-parse", test_highlight_parse);
  g_test_add_func ("/gui/load-cancel", test_load_cancel);
  g_test_add_func ("/gui/follow", test_follow);
  g_test_add_func ("/gui/follow-filtered", test_follow_filtered);
  g_test_add_func ("/gui/follow-graph", test_follow_graph);
  for (guint i = 0; i < G_N_ELEMENTS (corpora); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gui/logdir/%s/%s", corpora[i].scenario, corpora[i].name);
      g_test_add_data_func (name, &corpora[i], test_logdir);
    }
  g_test_add_func ("/gui/start-page", test_start_page);
  g_test_add_func ("/gui/format-age", test_format_age);
  g_test_add_func ("/gui/open-demo", test_open_demo);
  g_test_add_func ("/gui/drop-folder", test_drop_folder);
  g_test_add_func ("/gui/problem-pages", test_problem_pages);
  g_test_add_func ("/gui/open-non-local", test_open_non_local);
  g_test_add_func ("/gui/about-and-shortcuts", test_about_and_shortcuts);
  g_test_add_func ("/gui/find-shortcut", test_find_shortcut);
  g_test_add_func ("/gui/dark-style", test_dark_style);
  g_test_add_func ("/gui/headless-export", test_headless_export);
  return g_test_run ();
}
