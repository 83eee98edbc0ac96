/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window on the screen it is on (run at 1280×800, 1366×768 and 1920×1200, each in an
 * Xvfb of that size): never wider or taller than the screen whatever is selected or entered
 * (every reference logdir; Whole Graph on every graph, nested ones too; the values open),
 * the room each pane gets (the source ≥ 12 lines, the stack ≥ 4 frames, the values ≥ 2 rows,
 * the root-cause card a bounded room that scrolls), the timeline a strip, the splits and the
 * hidden Alerts pane remembered, a narrow window's arrangement; screenshots light and dark. */

#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-env.h"
#include "tdbg-cause-card.h"
#include "tdbg-graph-browser.h"
#include "tdbg-tensor-details.h"
#include "tdbg-trace-header.h"
#include "tdbg-settings.h"
#include <gtksourceview/gtksource.h>

static int screen_w, screen_h;

/* The window as the program makes it: the size from the settings, on this screen. */
static TdbgWindow *
open_as_program (const char *relative)
{
  g_autofree char *path = test_env_shared_path (relative, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = tdbg_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  tdbg_window_open (window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (300);
  return window;
}

/* The window at the whole screen's size, as maximized. */
static TdbgWindow *
open_screen_sized (const char *relative)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();

  g_settings_set_int (settings, "window-width", screen_w);
  g_settings_set_int (settings, "window-height", screen_h);
  return open_as_program (relative);
}

/* The window, and what it asks for at the least, are within the screen. */
static void
assert_fits (TdbgWindow *window, const char *what)
{
  GtkWidget *w = GTK_WIDGET (window);
  int min_w, min_h;

  gui_spin (250);
  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, min_w, &min_h, NULL, NULL, NULL);
  g_test_message ("%s: window %d×%d (at least %d×%d) on %d×%d", what, gtk_widget_get_width (w),
                  gtk_widget_get_height (w), min_w, min_h, screen_w, screen_h);
  if (gtk_widget_get_width (w) > screen_w || gtk_widget_get_height (w) > screen_h || min_w > screen_w ||
      min_h > screen_h || !gui_wait_until ((GuiCond) gui_panes_in_window, window, 10000))
    {
      gui_print_widest (w, 0);
      g_error ("%s: the window is %d×%d (at least %d×%d) on a screen of %d×%d", what, gtk_widget_get_width (w),
             gtk_widget_get_height (w), min_w, min_h, screen_w, screen_h);
    }
}

static GtkSourceView *
source_view (TdbgWindow *window)
{
  return GTK_SOURCE_VIEW (gui_find_widget (GTK_WIDGET (tdbg_window_get_source_pane (window)), GTK_SOURCE_TYPE_VIEW));
}

static const char *const logdirs[] = {
  "tutorial_mnist/logdir", "modes/FULL_TENSOR", "modes/CURT_HEALTH", "modes/NO_TENSOR", "multi_device/logdir",
  "multi_host/logdir", "tf1_graph_only/logdir", "circular/logdir", "nested_control_flow/logdir",
  "live_truncated/logdir", "corrupt/garbage", "corrupt/bad_data_crc",
};

/* Every logdir, at the screen's size and at the program's first size: the window stays on
 * the screen through the first alert, an execution, Whole Graph on each graph and back. */
static void
test_fits_every_logdir (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (logdirs); k++)
    for (guint sized = 0; sized < 2; sized++)
      {
        TdbgWindow *window;
        TdbgSelection *sel;
        TdbgLogdir *logdir;
        TdbgGraphPane *graph_pane;
        TdbgGraphBrowser *browser;
        g_autofree char *what = NULL;

        gui_reset_settings ();
        window = sized ? open_screen_sized (logdirs[k]) : open_as_program (logdirs[k]);
        sel = tdbg_window_get_selection (window);
        logdir = tdbg_selection_get_logdir (sel);
        what = g_strdup_printf ("%s (%s)", logdirs[k], sized ? "screen-sized" : "first size");
        assert_fits (window, what);
        if (logdir == NULL)
          {
            gtk_window_destroy (GTK_WINDOW (window));
            continue;
          }
        if (tdbg_logdir_get_n_alerts (logdir) > 0)
          tdbg_selection_select_alert (sel, 0);
        assert_fits (window, "the first alert");
        if (tdbg_logdir_get_n_executions (logdir) > 0)
          {
            tdbg_selection_select_execution (sel, tdbg_logdir_get_n_executions (logdir) - 1);
            assert_fits (window, "the last execution");
          }
        graph_pane = tdbg_window_get_graph_pane (window);
        browser = tdbg_graph_pane_get_browser (graph_pane);
        tdbg_graph_pane_set_whole_graph (graph_pane, TRUE);
        /* Every graph of the nested logdir (the longest names), the innermost of the others. */
        for (guint32 g = 0; g_str_equal (tdbg_window_get_page (window), "logdir") && g < tdbg_logdir_get_n_graphs (logdir); g++)
          {
            if (!g_str_has_prefix (logdirs[k], "nested") && g + 1 < tdbg_logdir_get_n_graphs (logdir))
              continue;
            GuiBrowserWait wait = { browser, g };
            g_autofree char *graph = g_strdup_printf ("Whole Graph on %s", tdbg_logdir_get_graph (logdir, g)->graph_name);
            tdbg_graph_browser_set_graph (browser, g);
            g_assert_true (gui_wait_until (gui_browser_shows, &wait, 20000));
            assert_fits (window, graph);
          }
        tdbg_graph_pane_set_whole_graph (graph_pane, FALSE);
        assert_fits (window, "back to the neighbourhood");
        gtk_window_destroy (GTK_WINDOW (window));
      }
}

static gboolean
card_filled (gpointer adj)
{
  return gtk_adjustment_get_upper (adj) > 100;
}

/* The selected row of @list, wholly in sight. */
static gboolean
selected_row_shown (GtkWidget *list)
{
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED)
      return gtk_widget_get_height (row) > 0 && gui_shown_height (row) >= gtk_widget_get_height (row) - 0.5;
  return FALSE;
}

static gboolean
selected_alert_shown (gpointer window)
{
  return selected_row_shown (gui_find_widget (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), GTK_TYPE_LIST_VIEW));
}

/* The root-cause card opened takes a bounded room in the Alerts pane and scrolls within it:
 * the top half keeps its height and Source Code its @lines, and the alert F8 selects stays in
 * sight in the list below the card. */
static void
assert_card_bounded (TdbgWindow *window, int lines)
{
  GtkWidget *alerts = GTK_WIDGET (tdbg_window_get_alerts_pane (window));
  TdbgCauseCard *card = TDBG_CAUSE_CARD (gui_find_widget (alerts, TDBG_TYPE_CAUSE_CARD));
  GtkScrolledWindow *body = GTK_SCROLLED_WINDOW (gui_find_widget (GTK_WIDGET (card), GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (body);
  int top_half = gtk_widget_get_height (alerts);

  tdbg_cause_card_set_expanded (card, TRUE);
  g_assert_true (gui_wait_until (card_filled, adj, 3000));
  gui_spin (300);
  g_test_message ("root-cause card: %d px tall, %.0f px shown of %.0f, in a pane of %d px (%d before)",
                  gtk_widget_get_height (GTK_WIDGET (card)), gtk_adjustment_get_page_size (adj),
                  gtk_adjustment_get_upper (adj), gtk_widget_get_height (alerts), top_half);
  gui_shot (GTK_WIDGET (window), "layout-card.png");
  g_assert_cmpint (gtk_widget_get_height (alerts), <=, top_half + 1);
  g_assert_cmpint (gui_lines_in_view (GTK_TEXT_VIEW (source_view (window))), >=, lines);
  /* Bounded: at most half the pane, the rest scrolled to. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (card)), <=, gtk_widget_get_height (alerts) / 2);
  if (gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj) + 1)
    g_assert_true (gtk_widget_get_visible (gtk_scrolled_window_get_vscrollbar (body)));
  for (guint k = 0; k < 6; k++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-next", NULL));
      g_assert_true (gui_wait_until (selected_alert_shown, window, 3000));
    }
  gui_shot (GTK_WIDGET (window), "layout-card-f8.png");
  g_assert_cmpint (gtk_widget_get_height (alerts), <=, top_half + 1);
}

/* A typical run, opened on its first alert: a screen of source, the stack's frames, the
 * root-cause card in a bounded room of its own; FULL_TENSOR's values shown without a click,
 * under eight rows of Graph Execution. */
static void
test_room (void)
{
  for (guint sized = 0; sized < 2; sized++)
    {
      TdbgWindow *window;
      TdbgStackPane *stack;
      GtkWidget *frames;
      GtkExpander *expander;
      GtkTextView *values;
      TdbgSelection *sel;
      guint rows;
      int lines;

      gui_reset_settings ();
      window = sized ? open_screen_sized ("tutorial_mnist/logdir") : open_as_program ("tutorial_mnist/logdir");
      g_assert_true (gui_wait_until (gui_marked_line_shown, window, 10000));
      gui_spin (300);
      lines = gui_lines_in_view (GTK_TEXT_VIEW (source_view (window)));
      stack = tdbg_window_get_stack_pane (window);
      frames = gui_find_widget (GTK_WIDGET (stack), GTK_TYPE_LIST_VIEW);
      g_test_message ("%s: source %d lines, stack %u frames", sized ? "screen-sized" : "first size", lines,
                      gui_rows_in_view (frames));
      g_assert_cmpint (lines, >=, 12);
      g_assert_cmpuint (gui_rows_in_view (frames), >=, 4);
      assert_card_bounded (window, lines);
      assert_fits (window, "the card open");
      gui_shot (GTK_WIDGET (window), sized ? "layout-mnist-screen.png" : "layout-mnist.png");
      gtk_window_destroy (GTK_WINDOW (window));

      gui_reset_settings ();
      window = sized ? open_screen_sized ("modes/FULL_TENSOR") : open_as_program ("modes/FULL_TENSOR");
      sel = tdbg_window_get_selection (window);
      tdbg_selection_select_alert (sel, 0);
      gui_spin (300);
      expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)), GTK_TYPE_EXPANDER));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
      /* Open without a click. */
      g_assert_true (gtk_expander_get_expanded (expander));
      gui_spin (500);
      values = GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
      lines = gui_lines_in_view (values);
      rows = gui_rows_in_view (GTK_WIDGET (tdbg_trace_pane_get_list_view (tdbg_window_get_trace_pane (window))));
      g_test_message ("values: %d rows, list %u rows, source %d lines", lines, rows,
                      gui_lines_in_view (GTK_TEXT_VIEW (source_view (window))));
      gui_shot (GTK_WIDGET (window), sized ? "layout-values-screen.png" : "layout-values.png");
      g_assert_cmpint (lines, >=, 2);
      /* Eight rows from a laptop's 800 px up; a 768 px screen has a row or two less. */
      g_assert_cmpuint (rows, >=, screen_h >= 800 ? 8 : 6);
      g_assert_cmpint (gui_lines_in_view (GTK_TEXT_VIEW (source_view (window))), >=, 12);
      assert_fits (window, "the values open");
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static GtkPaned *
find_paned_of (GtkWidget *child)
{
  GtkWidget *w = child;

  while (w && !GTK_IS_PANED (w))
    w = gtk_widget_get_parent (w);
  return GTK_PANED (w);
}

/* A split the person moved and the Alerts pane hidden (F9's action) are as they left them in
 * the next window; splits never moved follow the size. */
static void
test_remembered (void)
{
  TdbgWindow *window;
  GtkPaned *bottom, *side;
  int position;

  gui_reset_settings ();
  window = open_as_program ("tutorial_mnist/logdir");
  bottom = find_paned_of (GTK_WIDGET (tdbg_window_get_source_pane (window)));
  side = find_paned_of (GTK_WIDGET (tdbg_window_get_alerts_pane (window)));
  position = gtk_paned_get_position (bottom) - 120;
  gtk_paned_set_position (bottom, position);
  gui_spin (200);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_alerts_pane (window))));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-alerts", NULL));
  gui_spin (200);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_alerts_pane (window))));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (tdbg_window_get_trace_pane (window))) +
                   gtk_widget_get_width (GTK_WIDGET (tdbg_window_get_graph_pane (window))), >=,
                   gtk_widget_get_width (GTK_WIDGET (window)) - 30);
  gtk_window_close (GTK_WINDOW (window));
  gui_spin (100);

  window = open_as_program ("tutorial_mnist/logdir");
  bottom = find_paned_of (GTK_WIDGET (tdbg_window_get_source_pane (window)));
  g_assert_cmpint (gtk_paned_get_position (bottom), ==, position);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_alerts_pane (window))));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-alerts", NULL));
  gui_spin (200);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_alerts_pane (window))));
  side = find_paned_of (GTK_WIDGET (tdbg_window_get_alerts_pane (window)));
  g_assert_cmpint (gtk_paned_get_position (side), >=, 250);
  assert_fits (window, "the Alerts pane back");
  gtk_window_close (GTK_WINDOW (window));
  gui_spin (100);
}

static gboolean
is_narrow (gpointer window)
{
  return tdbg_window_is_narrow (window);
}

/* Whether Graph Structure is laid out below Graph Execution (@below), or beside it. */
static gboolean
graph_placed (TdbgWindow *window, gboolean below)
{
  GtkWidget *trace = GTK_WIDGET (tdbg_window_get_trace_pane (window));
  GtkWidget *graph = GTK_WIDGET (tdbg_window_get_graph_pane (window));
  graphene_rect_t t, g;

  if (!gtk_widget_compute_bounds (trace, GTK_WIDGET (window), &t) ||
      !gtk_widget_compute_bounds (graph, GTK_WIDGET (window), &g))
    return FALSE;
  return below ? g.origin.y >= t.origin.y + t.size.height - 1 && gtk_widget_get_width (GTK_WIDGET (window)) <= 1000
               : g.origin.x >= t.origin.x + t.size.width - 1;
}

static gboolean
graph_under_trace (gpointer window)
{
  return graph_placed (window, TRUE);
}

static gboolean
graph_beside_trace (gpointer window)
{
  return graph_placed (window, FALSE);
}

/* A narrow window puts Graph Structure under Graph Execution, every control whole; wide
 * again, beside it. */
static void
test_narrow (void)
{
  TdbgWindow *window;

  gui_reset_settings ();
  {
    /* A window smaller than the screen (one as large is maximized). */
    g_autoptr(GSettings) settings = tdbg_settings_new ();
    g_settings_set_int (settings, "window-width", MIN (screen_w - 40, 1240));
    g_settings_set_int (settings, "window-height", MIN (screen_h - 40, 740));
  }
  window = open_as_program ("multi_host/logdir");
  g_assert_false (tdbg_window_is_narrow (window));
  /* Dragged narrower: the window first stops at the wide arrangement's least width, which is
   * narrow enough to switch; the drag goes on. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, MIN (screen_h, 760));
  g_assert_true (gui_wait_until (is_narrow, window, 10000));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, MIN (screen_h, 760));
  g_assert_true (gui_wait_until (graph_under_trace, window, 10000));
  g_test_message ("narrow: window %d px wide", gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1000);
  gui_shot (GTK_WIDGET (window), "layout-narrow.png");
  gtk_window_set_default_size (GTK_WINDOW (window), MIN (screen_w, 1280), MIN (screen_h, 760));
  g_assert_true (gui_wait_until (graph_beside_trace, window, 10000));
  g_assert_false (tdbg_window_is_narrow (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the column titled @title, when shown, lies wholly inside the width Graph
 * Execution's list shows without scrolling sideways. */
static gboolean
column_in_view (TdbgTracePane *pane, const char *title, const char *what)
{
  GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
  int n = tdbg_trace_pane_find_column (pane, title), x, width;
  double visible = gtk_adjustment_get_page_size (hadj);

  if (n < 0)
    return TRUE;
  tdbg_trace_header_get_column (tdbg_trace_pane_get_header (pane), (guint) n, &x, &width);
  g_test_message ("%s: column %s at %d–%d of %.0f px in view", what, title, x, x + width, visible);
  return x >= 0 && x + width <= visible + 0.5;
}

/* Graph Execution's NaN/∞ counts (−∞, +∞, NaN; ∞/NaN in CURT_HEALTH) are in view, unscrolled,
 * in the window as the program opens it and at the screen's size (run at 1440×900 too: the
 * multi-host logdir's Device and Host columns), single-host and multi-host; its filters and
 * the timeline's chips whole. */
static void
test_count_columns (void)
{
  const char *const counted[] = { "tutorial_mnist/logdir", "multi_host/logdir", "multi_device/logdir",
                                  "modes/CURT_HEALTH", "nested_control_flow/logdir" };
  const char *const titles[] = { "−∞", "+∞", "NaN", "∞/NaN" };

  for (guint k = 0; k < 2 * G_N_ELEMENTS (counted); k++)
    {
      TdbgWindow *window;
      TdbgTracePane *pane;
      g_autofree char *shot = NULL;
      gboolean all_in_view = TRUE;
      gboolean sized = k >= G_N_ELEMENTS (counted);
      const char *logdir = counted[k % G_N_ELEMENTS (counted)];

      gui_reset_settings ();
      window = sized ? open_screen_sized (logdir) : open_as_program (logdir);
      pane = tdbg_window_get_trace_pane (window);
      gui_spin (300);
      g_test_message ("%s: window %d px wide, Graph Execution %d px", logdir, gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_width (GTK_WIDGET (pane)));
      for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
        all_in_view = column_in_view (pane, titles[t], logdir) && all_in_view;
      gui_assert_headers_whole (window, logdir);
      shot = g_strdup_printf ("layout-counts-%u-%s-%d.png", (guint) (k % G_N_ELEMENTS (counted)), sized ? "screen" : "first",
                              screen_w);
      gui_shot (GTK_WIDGET (window), shot);
      if (!all_in_view)
        g_error ("%s: a NaN/∞ count column is out of Graph Execution's view (see %s)", logdir, shot);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Whole Graph has the room it needs: the drawing at least 480 px wide and the graph's name
 * whole in its picker ("cond_tru…" at 1280 beside Graph Execution); closed, the window is as
 * before. */
static void
assert_browser_room (TdbgWindow *window)
{
  GtkWidget *browser = GTK_WIDGET (tdbg_graph_pane_get_browser (tdbg_window_get_graph_pane (window)));
  GtkWidget *view = gui_find_widget (browser, TDBG_TYPE_GRAPH_VIEW);
  GtkWidget *picker = gui_find_widget (browser, GTK_TYPE_DROP_DOWN);

  g_test_message ("Whole Graph: drawing %d×%d px in a window %d px wide", gtk_widget_get_width (view),
                  gtk_widget_get_height (view), gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (view), >=, 480);
  gui_assert_labels_whole (picker, "Whole Graph's picker");
  /* In Graph Execution's place, which comes back with the neighbourhood. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_trace_pane (window))));
  tdbg_graph_pane_set_whole_graph (tdbg_window_get_graph_pane (window), FALSE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tdbg_window_get_trace_pane (window))));
}

/* Screenshots to look at, light and dark, on the nested logdir in Whole Graph. */
static void
test_shots (void)
{
  for (guint dark = 0; dark < 2; dark++)
    {
      TdbgWindow *window;
      g_autofree char *name = g_strdup_printf ("layout-%d-%s.png", screen_w, dark ? "dark" : "light");

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      gui_reset_settings ();
      window = open_screen_sized ("nested_control_flow/logdir");
      tdbg_selection_select_alert (tdbg_window_get_selection (window), 0);
      tdbg_graph_pane_set_whole_graph (tdbg_window_get_graph_pane (window), TRUE);
      gui_spin (1500);
      assert_fits (window, name);
      gui_shot (GTK_WIDGET (window), name);
      assert_browser_room (window);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int argc, char **argv)
{
  GdkMonitor *monitor;
  GdkRectangle area;

  gui_test_init (&argc, &argv);
  monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  gdk_monitor_get_geometry (monitor, &area);
  g_object_unref (monitor);
  screen_w = area.width;
  screen_h = area.height;
  g_test_message ("screen %d×%d", screen_w, screen_h);
  g_test_add_func ("/layout/fits-every-logdir", test_fits_every_logdir);
  g_test_add_func ("/layout/room", test_room);
  g_test_add_func ("/layout/remembered", test_remembered);
  g_test_add_func ("/layout/narrow", test_narrow);
  g_test_add_func ("/layout/count-columns", test_count_columns);
  g_test_add_func ("/layout/shots", test_shots);
  return g_test_run ();
}
