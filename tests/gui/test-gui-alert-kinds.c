/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Alerts pane's kinds beyond NaN/∞: each kind's count, its button going to its own first
 * alert, and the exploding-magnitude threshold taken from the settings. */

#include "gui-util.h"
#include "test-util.h"
#include "test-env.h"
#include "alert-fixtures.h"
#include "tdbg-settings.h"

static void
test_retracing (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgWindow *window;
  TdbgAlertsPane *pane;
  TdbgSelection *sel;
  TdbgLogdir *logdir;
  GtkWidget *button, *focus;

  alert_fixture_write_retracing (dir, 5);
  window = gui_open_window (dir);
  pane = tdbg_window_get_alerts_pane (window);
  sel = tdbg_window_get_selection (window);
  logdir = tdbg_selection_get_logdir (sel);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_INF_NAN), ==, 0);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_RETRACING), ==, 1);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_EXPLODING), ==, 0);
  /* The title stays Debugger V2's count. */
  g_assert_cmpstr (tdbg_alerts_pane_get_title (pane), ==, "Alerts (0)");
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), "Retracing", FALSE));
  /* A kind beyond Debugger V2's that found nothing takes no room. */
  g_assert_null (gui_find_label (GTK_WIDGET (pane), "Exploding magnitude", FALSE));

  tdbg_alerts_pane_activate_kind (pane, TDBG_ALERT_RETRACING);
  gui_spin (100);
  g_assert_cmpuint (tdbg_selection_get_op (sel), !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->op_name, ==, "model/dense");
  /* The stack shows where the function was made: model.py line 12. */
  g_assert_cmpint (tdbg_selection_get_source_line (sel), ==, 12);
  gui_shot (GTK_WIDGET (window), "alert-kinds-retracing.png");

  /* The kinds are counted again (as a followed run grows) while a kind's button has the focus:
   * the new button of that kind takes it (GTK 4.8 kept the removed one as the window's focus:
   * a critical at the next layout). */
  button = gtk_widget_get_ancestor (GTK_WIDGET (gui_find_label (GTK_WIDGET (pane), "Retracing", FALSE)), GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_grab_focus (button));
  g_object_add_weak_pointer (G_OBJECT (button), (gpointer *) &button);
  tdbg_alerts_pane_set_found (pane, 1);
  gui_spin (100);
  g_assert_null (button);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_true (gui_find_label (focus, "Retracing", FALSE) != NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static void
test_exploding (void)
{
  const double magnitudes[] = { 10, 1e3, 1e7, 5e5 };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GSettings) settings = (gui_reset_settings (), tdbg_settings_new ());
  TdbgWindow *window;
  TdbgAlertsPane *pane;
  TdbgSelection *sel;

  alert_fixture_write_growth (dir, magnitudes, G_N_ELEMENTS (magnitudes), -1);
  window = gui_open_window (dir);
  pane = tdbg_window_get_alerts_pane (window);
  sel = tdbg_window_get_selection (window);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_EXPLODING), ==, 1);
  tdbg_alerts_pane_activate_kind (pane, TDBG_ALERT_EXPLODING);
  gui_spin (100);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 2);

  /* A lower threshold in the settings: 1e3 stays at it, 5e5 and 1e7 pass it. */
  g_settings_set_double (settings, "magnitude-threshold", 1e3);
  gui_spin (50);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_EXPLODING), ==, 2);
  /* They are not in the list: the kind's button goes on to the next one at each click,
   * wrapping around, and says which one it went to. */
  {
    GtkWidget *button = gtk_widget_get_ancestor (GTK_WIDGET (gui_find_label (GTK_WIDGET (pane), "Exploding magnitude", FALSE)),
                                                 GTK_TYPE_BUTTON);
    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    gui_spin (50);
    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 3);
    g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (button), "2 of 2: "));
    tdbg_alerts_pane_activate_kind (pane, TDBG_ALERT_EXPLODING);
    gui_spin (50);
    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 2);
    g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (button), "1 of 2: "));
    g_test_message ("%s", gtk_widget_get_tooltip_text (button));
  }
  gui_shot (GTK_WIDGET (window), "alert-kinds-exploding.png");
  g_settings_reset (settings, "magnitude-threshold");
  gui_spin (50);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_EXPLODING), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* While the first logdir is read, before any is shown, the title counts the NaN/∞ found so far
 * (the window hands the load's count over every progress tick), and says why the list is
 * empty; the count goes once the load ends (a failed or cancelled one leaves none). */
static void
test_found_before_shown (void)
{
  TdbgWindow *window = gui_new_window ();
  TdbgAlertsPane *pane = tdbg_window_get_alerts_pane (window);

  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_cmpstr (tdbg_alerts_pane_get_title (pane), ==, "Alerts (0)");
  tdbg_alerts_pane_set_found (pane, 12);
  g_assert_cmpstr (tdbg_alerts_pane_get_title (pane), ==, "Alerts (12 so far)");
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), "More of the logdir is being read", TRUE));
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (pane, TDBG_ALERT_INF_NAN), ==, 0);
  tdbg_alerts_pane_set_found (pane, 0);
  g_assert_cmpstr (tdbg_alerts_pane_get_title (pane), ==, "Alerts (0)");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* While the first logdir is read the empty panes say so, not "Open a logdir" (nor, in Graph
 * Structure, "Select a graph execution trace"); once it is in
 * they show it, and a window with none asks for one. */
static void
test_reading_before_shown (void)
{
  TdbgWindow *window = gui_new_window ();
  TdbgAlertsPane *alerts = tdbg_window_get_alerts_pane (window);
  GtkWidget *timeline = GTK_WIDGET (tdbg_window_get_timeline_pane (window));
  GtkWidget *graph = GTK_WIDGET (tdbg_window_get_graph_pane (window));
  TdbgSelection *selection = tdbg_window_get_selection (window);
  g_autofree char *path = test_env_shared_path ("tutorial_mnist/logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_false (tdbg_selection_get_loading (selection));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (alerts), "Open a logdir to see its alerts.", FALSE));
  g_assert_nonnull (gui_find_label (timeline, "Open a logdir to see its eager executions.", FALSE));
  /* The load's result comes through the main loop: nothing is shown before it runs. */
  tdbg_window_open (window, file);
  g_assert_true (tdbg_selection_get_loading (selection));
  g_assert_null (tdbg_selection_get_logdir (selection));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (alerts), "Reading the logdir…", FALSE));
  g_assert_null (gui_find_label (GTK_WIDGET (alerts), "Open a logdir to see its alerts.", FALSE));
  g_assert_nonnull (gui_find_label (timeline, "Reading the logdir…", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (graph), "Reading the logdir…", FALSE));
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  g_assert_false (tdbg_selection_get_loading (selection));
  g_assert_nonnull (tdbg_selection_get_logdir (selection));
  g_assert_null (gui_find_label (GTK_WIDGET (alerts), "Reading the logdir…", FALSE));
  g_assert_null (gui_find_label (timeline, "Reading the logdir…", FALSE));
  g_assert_null (gui_find_label (GTK_WIDGET (graph), "Reading the logdir…", FALSE));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/alert-kinds/retracing", test_retracing);
  g_test_add_func ("/gui/alert-kinds/exploding", test_exploding);
  g_test_add_func ("/gui/alert-kinds/found-before-shown", test_found_before_shown);
  g_test_add_func ("/gui/alert-kinds/reading-before-shown", test_reading_before_shown);
  return g_test_run ();
}
