/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Structure: export to PNG, SVG and PDF (from the window and headless), zoom and pan
 * with clicks at any zoom, the depths remembered, and the dark style's colours. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtksourceview/gtksource.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "tdbg-error.h"
#include "tdbg-graph-export.h"

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

/* Exports the graph @pane shows to @path as @format, waited for; whether it worked. */
static gboolean
export_graph (TdbgGraphPane *pane, const char *format, const char *path)
{
  ExportWait w = { FALSE, FALSE, NULL };

  tdbg_graph_pane_export_async (pane, format, path, export_done_cb, &w);
  g_assert_true (gui_wait_until (export_finished, &w, 30000));
  if (!w.ok)
    g_test_message ("export failed: %s", w.message);
  g_free (w.message);
  return w.ok;
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
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  static const char *formats[] = { "png", "svg", "pdf" };

  tdbg_selection_select_trace (sel, 103);
  g_assert_true (gui_wait_graph_shows (graph, tdbg_selection_get_op (sel), 10000));

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("graph-window.%s", formats[i]);
      g_autofree char *path = gui_shot_path (name);

      g_remove (path);
      g_assert_true (export_graph (graph, formats[i], path));
      check_signature (path, formats[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Graph Structure: zoom, pan, clicks at any zoom, depth remembered ---- */

static void
close_window (TdbgWindow *window)
{
  /* As the window manager's close button: the window saves its settings. */
  gtk_window_close (GTK_WINDOW (window));
  gui_spin (50);
}

static void
test_graph_zoom_pan (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("tutorial_mnist/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgGraphView *view = tdbg_graph_pane_get_view (graph);
  guint32 log_op, logits_op;
  g_autofree char *logits_name = NULL;
  double fit_scale, fx, fy, zx, zy, x, y;
  int w, h;
  guint inputs, consumers;

  tdbg_selection_select_trace (sel, 103);
  log_op = tdbg_selection_get_op (sel);
  logits_op = test_find_op (logdir, "logits");
  g_assert_true (gui_wait_graph_shows (graph, log_op, 10000));
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
  gui_shot (GTK_WIDGET (window), "graph-zoomed.png");

  /* A click at the transformed centre moves the selection to logits. */
  g_assert_true (tdbg_graph_view_click (view, x, y));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, logits_op);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 101);
  g_assert_true (gui_wait_graph_shows (graph, logits_op, 10000));
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
    g_assert_true (gui_wait_graph_shows (graph, logits_op, 10000));
    g_assert_cmpuint (tdbg_graph_view_get_layout (view)->nodes->len, >, n_before);
  }
  close_window (window);

  window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  tdbg_graph_pane_get_depths (tdbg_window_get_graph_pane (window), &inputs, &consumers);
  g_assert_cmpuint (inputs, ==, 1);
  g_assert_cmpuint (consumers, ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
  gui_reset_settings ();
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

static gboolean
style_is (gpointer data)
{
  StyleWait *w = data;
  return g_str_equal (scheme_id (w->window), w->scheme) && g_ascii_strcasecmp (gui_node_fill (w->window, w->op), w->fill) == 0;
}

/* The system's dark preference (forced here, as the style manager would set it) switches the
 * source view's scheme and the graph's colours, NaN producers included; back again after. */
static void
test_dark_style (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  StyleWait light = { window, TDBG_NONE, "Adwaita", "#f8c8c8" };
  StyleWait dark = { window, TDBG_NONE, "Adwaita-dark", "#a51d2d" };

  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  light.op = dark.op = tdbg_selection_get_op (sel);
  g_assert_cmpuint (light.op, !=, TDBG_NONE);
  g_assert_true (gui_wait_until (style_is, &light, 30000));
  g_assert_false (adw_style_manager_get_dark (style));
  gui_shot (GTK_WIDGET (window), "style-light.png");

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  if (!gui_wait_until (style_is, &dark, 30000))
    g_error ("dark style not applied: scheme %s, NaN producer fill %s", scheme_id (window), gui_node_fill (window, dark.op));
  gui_shot (GTK_WIDGET (window), "style-dark.png");
  {
    /* Exported pictures keep the light colours. */
    g_autofree char *path = gui_shot_path ("graph-exported-in-dark.svg");
    g_autofree char *svg = NULL;

    g_assert_true (export_graph (tdbg_window_get_graph_pane (window), "svg", path));
    g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg, "#f8c8c8"));
    g_assert_null (strstr (svg, "#a51d2d"));
  }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_true (gui_wait_until (style_is, &light, 30000));
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_headless_export (void)
{
  g_autofree char *path = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
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
      g_autofree char *out = gui_shot_path (name);
      g_assert_true (tdbg_graph_export_trace (logdir, 103, 1, formats[i], out, &error));
      g_assert_no_error (error);
      check_signature (out, formats[i]);
    }
  g_assert_false (tdbg_graph_export_trace (logdir, 103, 1, "gif", "/nonexistent", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
}

/* The selection goes to another op and back while the other op's layout is under way: the
 * pane ends on the op selected, not on the one whose layout finished last. */
static gboolean
shows_op (gpointer data)
{
  TdbgGraphPane *pane = ((gpointer *) data)[0];
  guint32 op = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return tdbg_graph_pane_get_shown_op (pane) == op && tdbg_graph_pane_get_requested_op (pane) == op;
}

static void
test_back_while_laying_out (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  guint32 first = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0)), other = TDBG_NONE;
  gpointer wait[2] = { pane, GUINT_TO_POINTER (first) };

  for (guint32 t = 1; t < tdbg_logdir_get_n_traces (logdir) && other == TDBG_NONE; t++)
    if (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)) != first)
      other = t;
  g_assert_cmpuint (other, !=, TDBG_NONE);
  tdbg_selection_select_trace (sel, 0);
  g_assert_true (gui_wait_until (shows_op, wait, 20000));
  /* No main loop between the two: the other op's layout is still under way. */
  tdbg_selection_select_trace (sel, other);
  tdbg_selection_select_trace (sel, 0);
  g_assert_true (gui_wait_until (shows_op, wait, 20000));
  gui_spin (300);
  g_assert_cmpuint (tdbg_graph_pane_get_shown_op (pane), ==, first);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first line of the drawn label of node @name. */
static char *
node_first_line (TdbgGraphView *view, const char *name)
{
  const TdbgGraphLayout *layout = tdbg_graph_view_get_layout (view);

  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const TdbgLayoutNode *n = &g_array_index (layout->nodes, TdbgLayoutNode, i);
      if (g_str_equal (n->name, name))
        return g_strndup (n->label, strcspn (n->label, "\n"));
    }
  return NULL;
}

/* Graph Structure names a long op by its last scopes, so that the graph laid out stays
 * readable once fitted into the pane; its tooltip and an exported picture keep the whole name. */
static void
test_graph_short_names (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  const char *whole = "gradients/MatMul_1_grad/MatMul";
  g_autofree char *path = gui_shot_path ("graph-short-names.svg");
  g_autofree char *svg = NULL;
  g_autofree char *first_line = NULL;
  const char *tooltip;
  guint trace = TDBG_NONE;

  for (guint t = 0; t < tdbg_logdir_get_n_traces (logdir) && trace == TDBG_NONE; t++)
    if (g_str_equal (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)))->op_name, whole))
      trace = t;
  g_assert_cmpuint (trace, !=, TDBG_NONE);
  tdbg_selection_select_trace (sel, trace);
  g_assert_true (gui_wait_graph_shows (pane, tdbg_selection_get_op (sel), 10000));
  /* Node 0 is the selected op. */
  first_line = node_first_line (tdbg_graph_pane_get_view (pane), "n0");
  g_assert_cmpstr (first_line, ==, "…/MatMul_1_grad/MatMul");
  tooltip = gtk_widget_get_tooltip_text (tdbg_graph_view_get_node_widget (tdbg_graph_pane_get_view (pane), "n0"));
  g_assert_cmpstr (tooltip, ==, "gradients/MatMul_1_grad/MatMul (MatMul), NaN/∞");
  g_remove (path);
  g_assert_true (export_graph (pane, "svg", path));
  g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, ">gradients/MatMul_1_grad/MatMul<"));
  gui_shot (GTK_WIDGET (window), "graph-short-names.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/export", test_export);
  g_test_add_func ("/gui/graph-zoom-pan", test_graph_zoom_pan);
  g_test_add_func ("/gui/dark-style", test_dark_style);
  g_test_add_func ("/gui/headless-export", test_headless_export);
  g_test_add_func ("/gui/back-while-laying-out", test_back_while_laying_out);
  g_test_add_func ("/gui/graph-short-names", test_graph_short_names);
  return g_test_run ();
}
