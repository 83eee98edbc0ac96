/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Told at the first NaN/∞ of a followed run: the application on a session bus of the test's
 * own, with a recorder of notifications (notify-recorder.h). The run grows while the window follows it; the notification's content is
 * asserted; its default action brings the window to the alert with the root-cause card open;
 * its button turns following off; a window the person is looking at raises none. A window
 * closed while its run grows goes on watching in the background (asked the first time): no
 * window on screen, the notification still comes and brings it back, the start page lists it
 * and stops it. */

#include <string.h>
#include <glib/gstdio.h>
#include "gui-util.h"
#include "notify-recorder.h"
#include "test-util.h"
#include "follow-util.h"
#include "tdbg-application.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-window-private.h"
#include "tdbg-application.h"
#include "tdbg-run.h"
#include "tdbg-settings.h"
#include "tdbg-start-page.h"
#include "compare-fixtures.h"

/* The application every window of the tests belongs to, registered on the test's bus. */
static TdbgApplication *the_app;

/* The action key of the notification's "Stop Watching" button. */
static const char *
stop_key_of (const Recorded *r)
{
  for (guint i = 0; r->actions[i] && r->actions[i + 1]; i += 2)
    if (g_str_equal (r->actions[i + 1], "Stop Watching"))
      return r->actions[i];
  return NULL;
}

static gboolean
not_following (gpointer data)
{
  return !tdbg_run_get_following (data);
}

static gboolean
card_open (gpointer data)
{
  return tdbg_cause_card_get_expanded (tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (data)));
}

/* A window of @app on a third of the demo run (its NaN/∞ not written yet), following it. */
static TdbgWindow *
open_growing (GtkApplication *app, const char *full, const char *grow, gboolean present)
{
  g_autoptr(GFile) file = g_file_new_for_path (grow);
  TdbgWindow *window = tdbg_window_new (app);

  gui_reset_settings ();   /* following on, whatever a test before turned off */
  follow_copy_written (full, grow, NULL, 0.3);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  if (present)
    gtk_window_present (GTK_WINDOW (window));
  tdbg_window_open (window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==, 0);
  g_assert_true (tdbg_run_get_following (tdbg_window_get_run (window)));
  return window;
}

static void
test_first_nan (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  g_autofree char *run = g_path_get_basename (grow);
  g_autofree char *summary = NULL;
  TdbgDemoOptions demo = { 8, 4, "watched", 1700000000 };
  g_autoptr(TdbgLogdir) whole = NULL;
  const TdbgAlert *first;
  const TdbgOp *op;
  const TdbgStackFrame *frame;
  g_autofree char *where = NULL, *base = NULL;
  const TdbgRootCause *cause;
  TdbgWindow *window;
  Recorded *r;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  whole = test_load_logdir (full);
  first = tdbg_logdir_get_alert (whole, 0);
  op = tdbg_logdir_get_op (whole, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (whole, first->trace_index)));
  frame = tdbg_logdir_get_op_user_frame (whole, op);
  g_assert_nonnull (frame);
  base = g_path_get_basename (frame->file_path);
  where = g_strdup_printf ("%s:%d", base, frame->line);

  /* Not on screen: the person is elsewhere. The run writes its NaN step. */
  window = open_growing (GTK_APPLICATION (the_app), full, grow, FALSE);
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (gui_wait_until (notify_recorder_has, GUINT_TO_POINTER (1), 10000));
  gui_spin (2500);   /* a second step of following tells nothing more */
  g_assert_cmpuint (notify_recorder_get ()->len, ==, 1);
  r = g_ptr_array_index (notify_recorder_get (), 0);
  summary = g_strdup_printf ("NaN/∞ in %s", run);
  g_test_message ("notification: %s | %s", r->summary, r->body);
  g_assert_cmpstr (r->summary, ==, summary);
  /* The op and the line that made it. */
  g_assert_nonnull (strstr (r->body, op->op_name));
  g_assert_nonnull (strstr (r->body, where));
  /* Its counts in the window's words, as the cause's sentence below them: −∞, never -inf. */
  g_assert_nonnull (strstr (r->body, "−∞ "));
  g_assert_null (strstr (r->body, "-inf"));
  g_assert_null (strstr (r->body, "+inf"));
  /* The default action and a "Stop Watching" button. */
  g_assert_true (g_strv_contains ((const char *const *) r->actions, "default"));
  g_assert_nonnull (stop_key_of (r));

  /* Its default action: the window comes back on the first alert, the card open. */
  notify_recorder_invoke (r->id, "default");
  g_assert_true (gui_wait_until (card_open, window, 5000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpint (tdbg_selection_get_alert (tdbg_window_get_selection (window)), ==, 0);
  g_assert_cmpuint (tdbg_selection_get_trace (tdbg_window_get_selection (window)), ==, first->trace_index);
  /* The root cause in a sentence, as the card shows it. */
  cause = tdbg_cause_card_get_cause (tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window)));
  g_assert_nonnull (cause);
  g_assert_nonnull (cause->explanation);
  g_assert_nonnull (strstr (r->body, cause->explanation));
  gui_shot (GTK_WIDGET (window), "notify-landed.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (grow);
}

/* Copies the first @steps of a compare fixture run's four steps of traces (four a step) into
 * @to, its other files whole. */
static void
write_steps (const char *from, const char *to, guint steps)
{
  follow_copy_written (from, to, ".graph_execution_traces", (4 * steps + 0.5) / 16);
}

static gboolean
b_has_traces (gpointer data)
{
  TdbgComparison *c = tdbg_window_get_comparison (data);
  return c && c->n_b == 8 && c->n_a == 16;
}

static gboolean
compared (gpointer window)
{
  return !tdbg_window_is_comparing (window) && tdbg_window_get_comparison (window) != NULL;
}

static gboolean
on_first_divergence (gpointer data)
{
  return tdbg_selection_get_trace (tdbg_window_get_selection (data)) == tdbg_window_get_comparison (data)->first.a;
}

/* Compare mode, both runs followed: the first divergence, which comes once run B writes the
 * step where it parts from run A, is told as a first NaN/∞ is, once; its default action brings
 * the window to it. */
static void
test_first_divergence (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full_a = test_make_temp_dir (), *full_b = test_make_temp_dir ();
  g_autofree char *dir_a = test_make_temp_dir (), *dir_b = test_make_temp_dir ();
  g_autofree char *run = g_path_get_basename (dir_a);
  g_autofree char *summary = NULL;
  guint before = notify_recorder_get ()->len;
  TdbgWindow *window;
  CompareRun run_a, run_b;
  TdbgComparison *c;
  Recorded *r;

  gui_reset_settings ();
  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 4);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 4);
  run_b.change_step = 2;
  run_b.scale = 1 + 1e-3;
  g_assert_true (compare_run_write (&run_a, full_a, &error));
  g_assert_true (compare_run_write (&run_b, full_b, &error));
  g_assert_no_error (error);
  write_steps (full_a, dir_a, 1);
  write_steps (full_b, dir_b, 1);

  /* Not on screen. Run B writes a step (it is being written), run A all of its: nothing
   * diverges yet, nothing is told. */
  window = tdbg_window_new (GTK_APPLICATION (the_app));
  tdbg_window_open_compare (window, dir_a, dir_b);
  g_assert_true (gui_wait_until (compared, window, 30000));
  write_steps (full_b, dir_b, 2);
  write_steps (full_a, dir_a, 4);
  g_assert_true (gui_wait_until (b_has_traces, window, 20000));
  g_assert_cmpuint (tdbg_window_get_comparison (window)->first.kind, ==, TDBG_DIVERGENCE_NONE);
  g_assert_cmpuint (notify_recorder_get ()->len, ==, before);

  /* Run B writes the step where it differs. */
  write_steps (full_b, dir_b, 4);
  g_assert_true (gui_wait_until (notify_recorder_has, GUINT_TO_POINTER (before + 1), 20000));
  gui_spin (2500);
  g_assert_cmpuint (notify_recorder_get ()->len, ==, before + 1);
  c = tdbg_window_get_comparison (window);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_VALUES);
  g_assert_cmpuint (c->first.a, ==, 2 * 4 + 3);
  r = g_ptr_array_index (notify_recorder_get (), before);
  g_test_message ("notification: %s | %s", r->summary, r->body);
  summary = g_strdup_printf ("First divergence in %s", run);
  g_assert_cmpstr (r->summary, ==, summary);
  g_assert_nonnull (strstr (r->body, "Relu"));

  /* Its default action: the window comes back on the first divergence. */
  notify_recorder_invoke (r->id, "default");
  g_assert_true (gui_wait_until ((GuiCond) gtk_widget_get_visible, window, 5000));
  g_assert_true (gui_wait_until (on_first_divergence, window, 5000));
  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < 4; i++)
    test_remove_tree ((const char *[]) { full_a, full_b, dir_a, dir_b }[i]);
}

/* The notification's button turns following off (a server takes one action of a
 * notification: this is another run's). */
static void
test_stop_watching (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 8, 4, "stopped", 1700000000 };
  guint before = notify_recorder_get ()->len;
  TdbgWindow *window;
  Recorded *r;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  window = open_growing (GTK_APPLICATION (the_app), full, grow, FALSE);
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (gui_wait_until (notify_recorder_has, GUINT_TO_POINTER (before + 1), 10000));
  r = g_ptr_array_index (notify_recorder_get (), before);
  notify_recorder_invoke (r->id, stop_key_of (r));
  g_assert_true (gui_wait_until (not_following, tdbg_window_get_run (window), 5000));
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (grow);
}

/* The person is looking at the run when it goes bad: no notification. */
static void
test_looking (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 8, 4, "looked-at", 1700000000 };
  guint before = notify_recorder_get ()->len;
  TdbgWindow *window;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  window = open_growing (GTK_APPLICATION (the_app), full, grow, TRUE);
  g_assert_true (gui_wait_until ((GuiCond) gtk_window_is_active, window, 5000));
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (gui_wait_until ((GuiCond) tdbg_logdir_get_n_alerts,
                                 tdbg_selection_get_logdir (tdbg_window_get_selection (window)), 10000));
  gui_spin (1500);
  g_assert_cmpuint (notify_recorder_get ()->len, ==, before);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
run_grows (gpointer window)
{
  return tdbg_window_notify_run_is_growing (window);
}

static GListModel *
watched_runs (void)
{
  return G_LIST_MODEL (tdbg_application_get_watched_runs (the_app));
}

static gboolean
n_watching_is (gpointer n)
{
  return g_list_model_get_n_items (watched_runs ()) == GPOINTER_TO_UINT (n);
}

/* The one window of the application, NULL when it has none or several. */
static TdbgWindow *
only_window (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (the_app));

  return windows && windows->next == NULL && TDBG_IS_WINDOW (windows->data) ? windows->data : NULL;
}

static gboolean
points_to_null (gpointer pointer)
{
  return *(gpointer *) pointer == NULL;
}

static gboolean
has_one_window (gpointer data)
{
  return only_window () != NULL;
}

/* A window as open_growing() makes, then the run writes more (still no NaN): a run being
 * written, which closing does not simply end. */
static TdbgWindow *
open_written (const char *full, const char *grow)
{
  TdbgWindow *window = open_growing (GTK_APPLICATION (the_app), full, grow, TRUE);

  follow_copy_written (full, grow, NULL, 0.4);
  g_assert_true (gui_wait_until (run_grows, window, 10000));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==, 0);
  return window;
}

/* The start page of a new window: the row of the run watched in the background. */
static GtkListBoxRow *
watching_row (TdbgWindow *other)
{
  TdbgStartPage *page = TDBG_START_PAGE (gui_find_widget (GTK_WIDGET (other), TDBG_TYPE_START_PAGE));
  GtkListBox *list = tdbg_start_page_get_watching_list (page);

  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (list))));
  return gtk_list_box_get_row_at_index (list, 0);
}

static GtkButton *
button_labelled (GtkWidget *root, const char *label)
{
  GtkLabel *l = gui_find_label (root, label, FALSE);

  g_assert_nonnull (l);
  return GTK_BUTTON (gtk_widget_get_ancestor (GTK_WIDGET (l), GTK_TYPE_BUTTON));
}

/* Closed while its run grows, with Watch in Background on: the window is destroyed and the
 * application keeps its run (the same run object, still followed) and is held; the run is
 * listed on a new window's start page; the NaN step still notifies, naming the run, and the
 * notification shows the run in a new window on the alert. */
static void
test_background (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  g_autofree char *run_name = g_path_get_basename (grow);
  g_autofree char *summary = NULL;
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  TdbgDemoOptions demo = { 8, 4, "background", 1700000000 };
  guint before = notify_recorder_get ()->len;
  TdbgWindow *window, *other;
  TdbgRun *run;
  TdbgWatchedRun *watched;
  GtkListBoxRow *row;
  Recorded *r;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  window = open_written (full, grow);
  run = tdbg_window_get_run (window);
  g_object_add_weak_pointer (G_OBJECT (run), (gpointer *) &run);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_settings_set_boolean (settings, "watch-in-background-asked", TRUE);
  g_settings_set_boolean (settings, "watch-in-background", TRUE);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_null (window);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (the_app)));
  g_assert_true (n_watching_is (GUINT_TO_POINTER (1)));
  g_assert_nonnull (run);
  watched = g_list_model_get_item (watched_runs (), 0);
  g_assert_true (tdbg_watched_run_get_run (watched) == run);
  g_clear_object (&watched);
  g_assert_true (tdbg_run_get_following (run));
  g_assert_nonnull (tdbg_application_find_watched_run (the_app, grow));

  other = tdbg_window_new (GTK_APPLICATION (the_app));
  gtk_window_set_default_size (GTK_WINDOW (other), 1280, 800);
  gtk_window_present (GTK_WINDOW (other));
  gui_spin (300);
  row = watching_row (other);
  g_assert_nonnull (row);
  /* Named as the recent logdirs are: the run's folder and its parent's. */
  g_assert_true (g_str_has_suffix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), run_name));
  gui_shot (GTK_WIDGET (other), "notify-start-page-watching.png");
  gtk_window_destroy (GTK_WINDOW (other));

  /* The NaN step, with no window at all. */
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (gui_wait_until (notify_recorder_has, GUINT_TO_POINTER (before + 1), 10000));
  r = g_ptr_array_index (notify_recorder_get (), before);
  summary = g_strdup_printf ("NaN/∞ in %s", run_name);
  g_assert_cmpstr (r->summary, ==, summary);
  /* Where its op was made and the root cause, found with no window, are told too. */
  g_test_message ("notification body: %s", r->body);
  g_assert_nonnull (strstr (r->body, "\nMade at "));
  g_assert_nonnull (strchr (strstr (r->body, "\nMade at ") + 1, '\n'));
  notify_recorder_invoke (r->id, "default");
  g_assert_true (gui_wait_until (has_one_window, NULL, 5000));
  window = only_window ();
  g_assert_true (tdbg_window_get_run (window) == run);
  g_assert_true (gui_wait_until (card_open, window, 5000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (n_watching_is (GUINT_TO_POINTER (0)));
  g_assert_cmpint (tdbg_selection_get_alert (tdbg_window_get_selection (window)), ==, 0);
  g_assert_cmpstr (tdbg_window_get_location (window), ==, grow);

  /* Back to the background; activating the application shows it again. */
  tdbg_window_watch_in_background (window);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (the_app)));
  g_assert_true (n_watching_is (GUINT_TO_POINTER (1)));
  g_application_activate (G_APPLICATION (the_app));
  window = only_window ();
  g_assert_nonnull (window);
  g_assert_true (tdbg_window_get_run (window) == run);
  g_assert_true (n_watching_is (GUINT_TO_POINTER (0)));
  /* And the start page's Show does (the application's show-run action). */
  tdbg_window_watch_in_background (window);
  other = tdbg_window_new (GTK_APPLICATION (the_app));
  gtk_window_present (GTK_WINDOW (other));
  gui_spin (100);
  g_signal_emit_by_name (button_labelled (GTK_WIDGET (watching_row (other)), "Show"), "clicked");
  g_assert_true (n_watching_is (GUINT_TO_POINTER (0)));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (the_app))), ==, 2);
  window = gtk_application_get_windows (GTK_APPLICATION (the_app))->data;
  g_assert_true (window != other && tdbg_window_get_run (window) == run);
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (
    GTK_WIDGET (tdbg_start_page_get_watching_list (TDBG_START_PAGE (gui_find_widget (GTK_WIDGET (other),
                                                                                  TDBG_TYPE_START_PAGE)))))));
  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  /* A poll under way holds the run until it ends. */
  g_assert_true (gui_wait_until (points_to_null, &run, 5000));
  test_remove_tree (grow);
}

/* Asked the first time, the answer kept; a finished run's window just closes; the start
 * page's Stop ends the watch. */
static void
test_ask_and_stop (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir (), *ended = test_make_temp_dir ();
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  TdbgDemoOptions demo = { 8, 4, "asked", 1700000000 };
  TdbgWindow *window, *other;
  TdbgRun *run;
  GtkWindow *dialog;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  /* A run that no longer grows: its window closes, nothing asked. */
  window = open_growing (GTK_APPLICATION (the_app), full, ended, TRUE);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_null (window);
  g_assert_null (gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (n_watching_is (GUINT_TO_POINTER (0)));
  test_remove_tree (ended);

  window = open_written (full, grow);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  run = tdbg_window_get_run (window);
  g_object_add_weak_pointer (G_OBJECT (run), (gpointer *) &run);
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background-asked"));
  gtk_window_close (GTK_WINDOW (window));
  dialog = gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_nonnull (window);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  gui_spin (300);
  gui_shot (GTK_WIDGET (dialog), "notify-ask.png");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "background");
  g_assert_null (window);
  g_assert_true (n_watching_is (GUINT_TO_POINTER (1)));
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background-asked"));
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_nonnull (run);

  other = tdbg_window_new (GTK_APPLICATION (the_app));
  gtk_window_present (GTK_WINDOW (other));
  gui_spin (100);
  g_signal_emit_by_name (button_labelled (GTK_WIDGET (watching_row (other)), "Stop"), "clicked");
  g_assert_true (n_watching_is (GUINT_TO_POINTER (0)));
  /* The run is gone with its watch, and the start page no longer lists it. */
  g_assert_true (gui_wait_until (points_to_null, &run, 5000));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (
    GTK_WIDGET (tdbg_start_page_get_watching_list (TDBG_START_PAGE (gui_find_widget (GTK_WIDGET (other),
                                                                                  TDBG_TYPE_START_PAGE)))))));
  gtk_window_destroy (GTK_WINDOW (other));
  test_remove_tree (grow);
}

static gboolean
has_alerts (gpointer window)
{
  return tdbg_logdir_get_n_alerts (tdbg_selection_get_logdir (tdbg_window_get_selection (window))) > 0;
}

/* A run that has already shown its first NaN: closing does not promise to tell of it. */
static void
test_ask_after_nan (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 8, 4, "asked-nan", 1700000000 };
  TdbgWindow *window;
  GtkWindow *dialog;
  const char *body;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  window = open_growing (GTK_APPLICATION (the_app), full, grow, TRUE);
  follow_copy_written (full, grow, NULL, 0.8);
  g_assert_true (gui_wait_until (has_alerts, window, 10000));
  g_assert_true (gui_wait_until (run_grows, window, 10000));
  gtk_window_close (GTK_WINDOW (window));
  dialog = gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_test_message ("asked: %s", body);
  g_assert_null (strstr (body, "first NaN"));
  g_assert_nonnull (strstr (body, "has already shown NaN or infinity"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gui_spin (100);
  test_remove_tree (grow);
  test_remove_tree (full);
}

int
main (int argc, char **argv)
{
  int status;

  notify_recorder_start ();
  gui_test_init (&argc, &argv);
  the_app = tdbg_application_new ();
  if (!g_application_register (G_APPLICATION (the_app), NULL, NULL))
    g_error ("the application could not register on the test's session bus");
  g_test_add_func ("/notify/first-nan", test_first_nan);
  g_test_add_func ("/notify/stop-watching", test_stop_watching);
  g_test_add_func ("/notify/first-divergence", test_first_divergence);
  g_test_add_func ("/notify/looking", test_looking);
  g_test_add_func ("/notify/background", test_background);
  g_test_add_func ("/notify/ask-and-stop", test_ask_and_stop);
  g_test_add_func ("/notify/ask-after-nan", test_ask_after_nan);
  status = g_test_run ();
  g_clear_object (&the_app);
  notify_recorder_stop ();
  return status;
}
