/* The window under Xvfb: the core path alert → trace → graph → frame → source line, clicks
 * in the graph, every reference logdir, and graph export. */

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
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

/* Screenshots: snapshot the window in the frame clock's after-paint. */
typedef struct {
  GtkWidget *window;
  char *path;
  gboolean done;
  gulong handler;
} Shot;

static void
after_paint_cb (GdkFrameClock *clock, Shot *shot)
{
  int w = gtk_widget_get_width (shot->window), h = gtk_widget_get_height (shot->window);
  GdkPaintable *paintable = gtk_widget_paintable_new (shot->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node)
    {
      GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (shot->window));
      GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_texture_save_to_png (texture, shot->path);
      g_object_unref (texture);
      gsk_render_node_unref (node);
      shot->done = TRUE;
      g_signal_handler_disconnect (clock, shot->handler);
    }
  g_object_unref (paintable);
}

static gboolean
shot_done (gpointer data)
{
  return ((Shot *) data)->done;
}

static void
screenshot (GtkWidget *window, const char *name)
{
  Shot shot = { window, g_build_filename (shots_dir, name, NULL), FALSE, 0 };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  spin (150);
  shot.handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &shot);
  gtk_widget_queue_draw (window);
  if (!wait_until (shot_done, &shot, 5000))
    {
      g_signal_handler_disconnect (clock, shot.handler);
      g_test_message ("screenshot %s not taken", shot.path);
    }
  else
    g_test_message ("screenshot: %s", shot.path);
  g_free (shot.path);
}

static gboolean
not_loading (gpointer data)
{
  return !tdbg_window_is_loading (data);
}

static TdbgWindow *
open_window (const char *relative)
{
  g_autofree char *path = g_build_filename (logdirs_root, relative, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = tdbg_window_new (NULL);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  tdbg_window_open (window, file);
  g_assert_true (wait_until (not_loading, window, 30000));
  spin (50);
  return window;
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
  const char *root = g_getenv ("TDBG_SHARED_LOGDIRS");
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");

  gtk_test_init (&argc, &argv, NULL);
  gtk_source_init ();
  tdbg_ui_init ();
  /* Text views scroll with an animation otherwise, and screenshots catch it midway. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  /* The reference logdirs are required: a missing corpus fails, never skips. */
  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    g_error ("TDBG_SHARED_LOGDIRS (%s) is not a directory", root ? root : "unset");
  logdirs_root = g_strdup (root);
  shots_dir = g_build_filename (builddir ? builddir : ".", "screenshots", NULL);
  g_mkdir_with_parents (shots_dir, 0755);

  g_test_add_func ("/gui/core-path", test_core_path);
  g_test_add_func ("/gui/export", test_export);
  for (guint i = 0; i < G_N_ELEMENTS (corpora); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gui/logdir/%s/%s", corpora[i].scenario, corpora[i].name);
      g_test_add_data_func (name, &corpora[i], test_logdir);
    }
  g_test_add_func ("/gui/headless-export", test_headless_export);
  return g_test_run ();
}
