/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Back and forward through the selection: the first alert, then another trace picked in
 * Graph Execution; Alt+Left returns to the alert's trace and Alt+Right goes forward again,
 * the header bar's buttons sensitive only when there is somewhere to go. */

#include <string.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-window-private.h"
#include "tdbg-health-plot.h"
#include "alert-fixtures.h"

/* Runs what the window's shortcut for @accel does, as pressing the keys would. */
static void
press (TdbgWindow *window, const char *accel)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accel);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                           GTK_WIDGET (window), NULL));
              gui_spin (50);
              return;
            }
        }
    }
  g_error ("the window has no shortcut %s", accel);
}

static GtkWidget *
button (TdbgWindow *window, const char *tooltip)
{
  GtkWidget *b = gui_find_by_tooltip (gtk_window_get_titlebar (GTK_WINDOW (window)), tooltip);

  g_assert_nonnull (b);
  return b;
}

static gboolean
widget_insensitive (gpointer widget)
{
  return !gtk_widget_get_sensitive (widget);
}

typedef struct {
  TdbgHistory *history;
  guint n;
} Entries;

/* The history holds @n entries: the jumps made so far are recorded (in an idle, which runs
 * late under valgrind: two jumps before it would be one). */
static gboolean
has_entries (gpointer data)
{
  Entries *e = data;

  return tdbg_history_get_n_entries (e->history) == e->n;
}

static void
test_back_forward (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgTracePane *traces = tdbg_window_get_trace_pane (window);
  GtkSingleSelection *rows = GTK_SINGLE_SELECTION (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (traces)));
  GtkWidget *back = button (window, "Back to the previous selection (Alt+Left)");
  GtkWidget *forward = button (window, "Forward to the next selection (Alt+Right)");
  TdbgHistory *history = tdbg_window_get_history (window);

  g_assert_false (gtk_widget_get_sensitive (back));
  g_assert_false (gtk_widget_get_sensitive (forward));

  /* The first NaN/∞ alert: trace 103 (EXPECTED.json's first bad trace, Log). */
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  g_assert_true (gui_wait_until (has_entries, &(Entries) { history, 1 }, 10000));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  g_assert_false (gtk_widget_get_sensitive (back));

  /* Another trace, picked in Graph Execution as a click does (row 5 is trace 5: no filter). */
  gtk_single_selection_set_selected (rows, 5);
  g_assert_true (gui_wait_until (has_entries, &(Entries) { history, 2 }, 10000));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 5);
  g_assert_true (gtk_widget_get_sensitive (back));
  g_assert_false (gtk_widget_get_sensitive (forward));
  gui_shot (GTK_WIDGET (window), "history-before-back.png");

  press (window, "<Alt>Left");
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  g_assert_cmpint (tdbg_selection_get_alert (sel), ==, 0);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (traces), ==, 103);
  g_assert_false (gtk_widget_get_sensitive (back));
  g_assert_true (gtk_widget_get_sensitive (forward));
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 2);
  gui_shot (GTK_WIDGET (window), "history-after-back.png");

  press (window, "<Alt>Right");
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 5);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (traces), ==, 5);
  g_assert_true (gtk_widget_get_sensitive (back));
  g_assert_false (gtk_widget_get_sensitive (forward));

  /* The button does what the shortcut does; a new jump then drops what was ahead. */
  g_signal_emit_by_name (back, "clicked");
  gui_spin (50);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  gtk_single_selection_set_selected (rows, 7);
  /* The jump is recorded before the next frame (later under valgrind). */
  g_assert_true (gui_wait_until (widget_insensitive, forward, 10000));
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 2);

  /* Reloading starts the history over. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (50);
  g_assert_false (gtk_widget_get_sensitive (back));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Shown, with its points read (the worker's placeholder gone). */
static gboolean
plot_shown (gpointer plot)
{
  return gtk_widget_get_mapped (plot) && gtk_widget_get_height (plot) > 0 &&
         !tdbg_health_plot_is_reading (TDBG_HEALTH_PLOT (plot));
}

/* The summary is the plot's accessible label (the GUI tests run with GTK_A11Y=none: the a11y
 * suite reads it through AT-SPI). */
static void
assert_plot_label (GtkWidget *plot, const char *label)
{
  g_assert_cmpstr (tdbg_health_plot_get_summary (TDBG_HEALTH_PLOT (plot)), ==, label);
}

/* The Log op's health over its 7 steps under Graph Execution, the first −∞ at step 2. */
static void
test_health_plot (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GtkWidget *plot = gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)), TDBG_TYPE_HEALTH_PLOT);

  g_assert_nonnull (plot);
  /* The window opens on the first alert; with nothing selected there is no plot. */
  tdbg_selection_select_trace (tdbg_window_get_selection (window), TDBG_NONE);
  gui_spin (100);
  g_assert_false (gtk_widget_get_visible (plot));
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  /* The traces are read in a worker: meanwhile the plot says so. */
  g_assert_true (tdbg_health_plot_is_reading (TDBG_HEALTH_PLOT (plot)));
  g_assert_cmpstr (tdbg_health_plot_get_summary (TDBG_HEALTH_PLOT (plot)), ==, "Reading the steps of Log:0…");
  g_assert_true (gui_wait_until (plot_shown, plot, 5000));
  g_assert_true (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (plot)) == GTK_ACCESSIBLE_ROLE_IMG);
  assert_plot_label (plot, "Log:0 over 7 steps: first NaN/∞ at step 2");
  g_assert_false (tdbg_health_plot_is_log_scale (TDBG_HEALTH_PLOT (plot)));
  gui_shot (GTK_WIDGET (window), "health-plot-log.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A FULL_TENSOR value growing by two decades a step: magnitudes on a log scale. */
static void
test_health_plot_magnitudes (void)
{
  const double magnitudes[] = { 3, 40, 500, 7e3, 9e4, 1e6, 2e7, 3e8 };
  g_autofree char *dir = test_make_temp_dir ();
  TdbgWindow *window;
  GtkWidget *plot;

  alert_fixture_write_growth (dir, magnitudes, G_N_ELEMENTS (magnitudes), 7);
  window = gui_open_window (dir);
  plot = gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)), TDBG_TYPE_HEALTH_PLOT);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), 5);
  /* FULL_TENSOR opens on the values; closed, the plot takes their place. */
  gtk_expander_set_expanded (GTK_EXPANDER (gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)),
                                                            GTK_TYPE_EXPANDER)), FALSE);
  g_assert_true (gui_wait_until (plot_shown, plot, 5000));
  g_assert_true (tdbg_health_plot_is_log_scale (TDBG_HEALTH_PLOT (plot)));
  assert_plot_label (plot, "grow:0 over 8 steps: first NaN/∞ at step 8; |x| from 0.5 to 3e+08 (log scale)");
  gui_shot (GTK_WIDGET (window), "health-plot-magnitudes.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* TF1's CURT_HEALTH says only whether a step held NaN/∞: the Square op's bad steps are drawn
 * red all the same, and the label says the mode gives no counts. Picking another op while
 * the first is still read shows the second's series, never the first's. */
static void
test_health_plot_curt_health (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tf1_graph_only/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  GtkWidget *plot = gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)), TDBG_TYPE_HEALTH_PLOT);
  const char *summary;

  /* Trace 239 is the Sub op's (EXPECTED.json: the input's latest trace before 240). */
  tdbg_selection_select_trace (sel, 239);
  g_assert_true (tdbg_health_plot_is_reading (TDBG_HEALTH_PLOT (plot)));
  tdbg_selection_select_trace (sel, 240);
  g_assert_true (gui_wait_until (plot_shown, plot, 5000));
  gui_spin (300);
  summary = tdbg_health_plot_get_summary (TDBG_HEALTH_PLOT (plot));
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "Square:0 over "));
  g_assert_nonnull (strstr (summary, ": first NaN/∞ at step "));
  g_assert_nonnull (strstr (summary, "; CURT_HEALTH gives no NaN/∞ counts, only whether a step held any"));
  gui_shot (GTK_WIDGET (window), "health-plot-curt-health.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/history/back-forward", test_back_forward);
  g_test_add_func ("/gui/history/health-plot", test_health_plot);
  g_test_add_func ("/gui/history/health-plot-magnitudes", test_health_plot_magnitudes);
  g_test_add_func ("/gui/history/health-plot-curt-health", test_health_plot_curt_health);
  return g_test_run ();
}
