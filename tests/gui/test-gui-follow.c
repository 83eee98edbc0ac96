/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Following a run that is still being written: whole records and records cut short, a NaN, a
 * second host, Follow off and on, another logdir, a filter on, the graph's colours, damage
 * reported; nothing moves under the person. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-records.h"
#include "tdbg-row.h"
#include "tdbg-health-plot.h"

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
  w = tdbg_fixture_writer_new (run->dir, "trainer", 1700000000, FOLLOW_T0 - 10, "f011ow00", "2.16.1", &error);
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

/* Counts a record of @kind now whole (a trace with a NaN when @bad). */
static void
run_count (Run *run, TdbgFileKind kind, gboolean bad)
{
  if (kind == TDBG_FILE_EXECUTION)
    {
      run->executions++;
      return;
    }
  if (bad)
    {
      run->alert_trace = run->traces;
      run->alerts++;
    }
  run->traces++;
}

/* Appends @n records of @kind to the newest file set (with @nan, the last trace has a NaN);
 * with @cut, one more is written only up to @cut bytes, its rest waiting for
 * run_complete_halves(). Trace i is stamped FOLLOW_T0 + i, execution i FOLLOW_T0 + 0.5 + i. */
static void
run_append (Run *run, TdbgFileKind kind, guint n, gboolean nan, gsize cut)
{
  TdbgFixtureWriter *w = run->writers[run->n_writers - 1];
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n + (cut ? 1 : 0); i++)
    {
      gboolean bad = nan && i == n - 1;

      if (i == n)
        tdbg_fixture_writer_cut_next (w, kind, cut);
      if (kind == TDBG_FILE_EXECUTION)
        g_assert_true (tdbg_fixture_writer_add_execution (w, FOLLOW_T0 + 0.5 + run->executions, "__inference_step_7", 1,
                                                          TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL, &error));
      else
        g_assert_true (tdbg_fixture_writer_add_trace (w, FOLLOW_T0 + run->traces, "g1",
                                                      follow_ops[bad ? 2 : run->traces % 2], 0,
                                                      TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                      bad ? run->nan : run->healthy, run->device, &error));
      if (i < n)
        run_count (run, kind, bad);
    }
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}

static void
run_traces (Run *run, guint n, gboolean nan, gsize cut)
{
  run_append (run, TDBG_FILE_GRAPH_EXECUTION_TRACES, n, nan, cut);
}

static void
run_executions (Run *run, guint n, gsize cut)
{
  run_append (run, TDBG_FILE_EXECUTION, n, FALSE, cut);
}

/* Completes the records left half written (they count from now on). */
static void
run_complete_halves (Run *run, gboolean trace, gboolean execution)
{
  const TdbgFileKind kinds[] = { TDBG_FILE_GRAPH_EXECUTION_TRACES, TDBG_FILE_EXECUTION };
  const gboolean wanted[] = { trace, execution };
  TdbgFixtureWriter *w = run->writers[run->n_writers - 1];
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (wanted[i])
      {
        g_assert_true (tdbg_fixture_writer_finish_record (w, kinds[i], &error));
        run_count (run, kinds[i], FALSE);
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
    g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, i), ==, FOLLOW_T0 + i);
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

/* The second drop-down of Graph Execution's filters (the op types' is the first; the devices'
 * is in the row under them). */
static GtkDropDown *
device_dropdown (TdbgTracePane *pane)
{
  GtkDropDown *found = GTK_DROP_DOWN (gui_find_nth_widget (GTK_WIDGET (pane), GTK_TYPE_DROP_DOWN, 1));

  g_assert_nonnull (found);
  return found;
}

static gboolean
scrolled_down (gpointer adjustment)
{
  return gtk_adjustment_get_value (adjustment) > 0;
}

static void
find_lists (Follow *f)
{
  f->traces = G_LIST_MODEL (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (
                              tdbg_window_get_trace_pane (f->window))));
  f->executions = list_model_of (GTK_WIDGET (tdbg_window_get_timeline_pane (f->window)));
  f->alerts = list_model_of (GTK_WIDGET (tdbg_window_get_alerts_pane (f->window)));
}

/* Opens the run's logdir in a new window, following it, and finds its lists. */
static void
open_run (Follow *f)
{
  g_autoptr(GFile) file = g_file_new_for_path (f->run->dir);

  f->window = gui_new_window ();
  tdbg_window_open (f->window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, f->window, 30000));
  g_assert_true (follow_state (f->window));
  find_lists (f);
}

static void
watch_rows (Follow *f)
{
  g_signal_connect (f->traces, "items-changed", G_CALLBACK (rows_changed_cb), f);
  g_signal_connect (f->executions, "items-changed", G_CALLBACK (rows_changed_cb), f);
  g_signal_connect (f->alerts, "items-changed", G_CALLBACK (rows_changed_cb), f);
}

static gboolean
first_alert_selected (gpointer selection)
{
  return tdbg_selection_get_alert (selection) == 0;
}

static gboolean
page_is_logdir (gpointer window)
{
  return g_str_equal (tdbg_window_get_page (window), "logdir");
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

/* A new run of @n_traces traces, open in the window: its Graph Execution pane. */
static TdbgTracePane *
follow_new_run_traces (Follow *f, guint n_traces)
{
  follow_new_run (f, n_traces);
  return tdbg_window_get_trace_pane (f->window);
}

static void
close_run (Follow *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  remove_run (f->run);
}

static gboolean
plot_read (gpointer plot)
{
  return gtk_widget_get_visible (plot) && !tdbg_health_plot_is_reading (plot);
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
  GtkWidget *plot;
  g_autofree char *summary = NULL;

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
  plot = gui_find_widget (GTK_WIDGET (pane), TDBG_TYPE_HEALTH_PLOT);
  g_assert_true (gui_wait_until (plot_read, plot, 10000));
  summary = g_strdup (tdbg_health_plot_get_summary (TDBG_HEALTH_PLOT (plot)));

  /* Whole records, and a trace and an execution cut short. */
  run_traces (&run, 50, FALSE, 37);
  run_executions (&run, 5, 11);
  expect_run (&f, "step 1");
  g_assert_nonnull (strstr (tdbg_window_get_status_text (window), "waiting for the rest of a record in 2 files"));
  /* After the growth the plot of the op still shows its series, never the placeholder. */
  g_assert_false (tdbg_health_plot_is_reading (TDBG_HEALTH_PLOT (plot)));
  g_assert_true (gui_wait_until (plot_read, plot, 10000));
  g_test_message ("health plot: %s, then %s", summary, tdbg_health_plot_get_summary (TDBG_HEALTH_PLOT (plot)));

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
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_trace_pane_get_host_drop_down (pane))));
  run_complete_halves (&run, FALSE, TRUE);
  run_new_host (&run, "worker-1");
  run_traces (&run, 20, FALSE, 0);
  run_executions (&run, 2, 0);
  /* The timeline grows by the second host's executions too (Debugger V2 shows the first's only). */
  expect_run (&f, "new host");
  g_assert_cmpuint (tdbg_logdir_get_n_file_sets (tdbg_selection_get_logdir (sel)), ==, 2);
  g_assert_cmpuint (tdbg_logdir_get_n_executions_all_file_sets (tdbg_selection_get_logdir (sel)), ==,
                    run.executions);
  /* Its device joins the filter's choices and the list's columns. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (device_dropdown (pane))));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (device_dropdown (pane))), ==, 3);
  /* Where it ran comes after what it holds: the NaN/∞ counts stay in view. */
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "NaN"), >, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), >, tdbg_trace_pane_find_column (pane, "NaN"));
  /* So does its host, after the device. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tdbg_trace_pane_get_host_drop_down (pane))));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (tdbg_trace_pane_get_host_drop_down (pane))), ==,
                    3);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Host"), ==, tdbg_trace_pane_find_column (pane, "Device") + 1);

  /* Nothing moved under the person. */
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 120);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, 120);
  g_assert_cmpuint (tdbg_selection_get_execution (sel), ==, 7);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (vadj) - scrolled), <, 0.5);
  gui_shot (GTK_WIDGET (window), "follow.png");

  /* Follow off: what is written now stays out, until it is turned on again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "follow", NULL);
  g_assert_false (follow_state (window));
  g_assert_false (tdbg_run_get_following (tdbg_window_get_run (window)));
  before = run.traces;
  run_traces (&run, 10, FALSE, 0);
  gui_spin (2500);
  g_assert_cmpuint (g_list_model_get_n_items (f.traces), ==, before);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (sel)), ==, before);
  gui_shot (GTK_WIDGET (window), "follow-off.png");
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

typedef struct {
  TdbgWindow *window;
  guint32 op;
  const char *fill;
} FillWait;

static gboolean
node_filled (gpointer data)
{
  FillWait *w = data;
  return g_ascii_strcasecmp (gui_node_fill (w->window, w->op), w->fill) == 0;
}

/* A run whose records TensorFlow still holds in its circular buffer: the page says why and
 * what to pass, and when the records come (the buffer flushed) the window shows them, on the
 * first alert, with no reload. */
static void
test_follow_held_back (void)
{
  Run run = { 0 };
  Follow f = { NULL, &run };
  const char *description;

  run_start (&run);
  open_run (&f);
  g_assert_cmpstr (tdbg_window_get_page (f.window), ==, "problem");
  description = tdbg_problem_page_get_description (tdbg_window_get_problem_page (f.window));
  g_test_message ("page: %s", description);
  g_assert_nonnull (strstr (description, "circular_buffer_size=-1"));
  gui_shot (GTK_WIDGET (f.window), "follow-held-back.png");
  run_traces (&run, 12, TRUE, 0);
  g_assert_true (gui_wait_until (shows_run, &f, 15000));
  g_assert_true (gui_wait_until (page_is_logdir, f.window, 15000));
  g_assert_true (gui_wait_until (first_alert_selected, tdbg_window_get_selection (f.window), 5000));
  g_assert_cmpuint (tdbg_selection_get_trace (tdbg_window_get_selection (f.window)), ==, run.alert_trace);
  gui_shot (GTK_WIDGET (f.window), "follow-held-back-flushed.png");
  close_run (&f);
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
  log_op = test_find_op (tdbg_selection_get_logdir (sel), "loss/Log");
  g_assert_cmpuint (log_op, !=, TDBG_NONE);
  tdbg_selection_select_op (sel, log_op);
  g_assert_true (gui_wait_graph_shows (tdbg_window_get_graph_pane (f.window), log_op, 10000));
  /* No trace of loss/Log yet: the status names the op itself, not a trace. */
  g_assert_cmpint (tdbg_selection_get_focus (sel), ==, TDBG_FOCUS_OP);
  g_test_message ("status: %s", tdbg_window_get_status_text (f.window));
  g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (f.window), "Op loss/Log (Log)"));
  nan = (FillWait) { f.window, log_op, "#f8c8c8" };
  g_assert_false (node_filled (&nan));
  run_traces (&run, 1, TRUE, 0);
  g_assert_true (gui_wait_until (node_filled, &nan, 15000));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, log_op);
  gui_shot (GTK_WIDGET (f.window), "follow-graph.png");
  close_run (&f);
}

/* With a filter on, what the run appends is filtered too, and only the matches are added. */
static void
test_follow_filtered (void)
{
  Run run = { 0 };
  Follow f = { NULL, &run };
  TdbgTracePane *pane = follow_new_run_traces (&f, 100);

  g_assert_cmpuint (gui_filter_by_check (pane, gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_CHECK_BUTTON), TRUE), ==, 0);
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

static void
sort_by_nan (gconstpointer pane)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (pane), "traces.sort-key", g_variant_new_string ("nan")));
}

/* Every trace in the rows, the run's NaN one first. */
static gboolean
sorted_with_new (gpointer data)
{
  Follow *f = data;
  g_autoptr(TdbgRow) first = NULL;

  if (g_list_model_get_n_items (f->traces) != f->run->traces ||
      tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (f->window))) != f->run->traces)
    return FALSE;
  first = g_list_model_get_item (f->traces, 0);
  return tdbg_row_get_index (first) == f->run->alert_trace;
}

/* Sorted rows take what the run appends, sorted with the rest: its NaN trace comes first. */
static void
test_follow_sorted (void)
{
  Run run = { 0 };
  Follow f = { NULL, &run };
  TdbgTracePane *pane = follow_new_run_traces (&f, 100);

  g_assert_cmpuint (gui_change_rows (pane, sort_by_nan, pane), ==, 100);
  run_traces (&run, 15, TRUE, 0);
  g_assert_true (gui_wait_until (sorted_with_new, &f, 15000));
  g_assert_cmpuint (run.alerts, ==, 1);
  gui_shot (GTK_WIDGET (f.window), "follow-sorted.png");
  close_run (&f);
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/follow", test_follow);
  g_test_add_func ("/gui/follow-filtered", test_follow_filtered);
  g_test_add_func ("/gui/follow-sorted", test_follow_sorted);
  g_test_add_func ("/gui/follow-graph", test_follow_graph);
  g_test_add_func ("/gui/follow-held-back", test_follow_held_back);
  return g_test_run ();
}
