/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core path in the window: the first NaN/∞ alert → its trace → Graph Structure → the
 * innermost user frame → the source line, a click in the graph, next/previous alert and an
 * eager execution from the timeline; a trace and the call that ran it; the host of each
 * execution in a logdir of several hosts. */

#include <string.h>

#include "gui-util.h"
#include "test-util.h"
#include "cause-fixtures.h"
#include "tdbg-row.h"

static gboolean
source_scrolled (gpointer data)
{
  return gui_line_in_view (data, 82);
}

/* Another user frame chosen in Stack Trace as a click does, or the pointer's entering its
 * row (the list activates on a single click, so GTK selects the row under the pointer): the
 * frame is selected, and the rows stay the same widgets in the window. Remade while that
 * event is delivered, the rows left GTK sending the rest of it to a row out of the window
 * (a critical, when the window's narrow arrangement put a row under the pointer). */
static void
assert_frame_chosen_in_place (TdbgWindow *window)
{
  TdbgSelection *sel = tdbg_window_get_selection (window);
  GtkWidget *list = gui_find_widget (GTK_WIDGET (tdbg_window_get_stack_pane (window)), GTK_TYPE_LIST_VIEW);
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_object_unref);
  guint other = GTK_INVALID_LIST_POSITION, first = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows));
  gint other_frame = -1, first_frame = tdbg_selection_get_frame (sel);

  for (guint pos = 0; pos < g_list_model_get_n_items (rows) && other == GTK_INVALID_LIST_POSITION; pos++)
    {
      g_autoptr(TdbgRow) row = g_list_model_get_item (rows, pos);
      if (tdbg_row_get_extra (row) == 0 && (gint) tdbg_row_get_index (row) != tdbg_selection_get_frame (sel))
        {
          other = pos;
          other_frame = (gint) tdbg_row_get_index (row);
        }
    }
  g_assert_cmpuint (other, !=, GTK_INVALID_LIST_POSITION);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    g_ptr_array_add (shown, g_object_ref (row));
  g_assert_cmpuint (shown->len, >, 1);
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", other, FALSE, FALSE));
  g_assert_cmpint (tdbg_selection_get_frame (sel), ==, other_frame);
  for (guint i = 0; i < shown->len; i++)
    g_assert_true (gtk_widget_get_root (g_ptr_array_index (shown, i)) == GTK_ROOT (window));
  gui_spin (100);
  g_assert_cmpint (tdbg_selection_get_frame (sel), ==, other_frame);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows)), ==, other);
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", first, FALSE, FALSE));
  g_assert_cmpint (tdbg_selection_get_frame (sel), ==, first_frame);
}

static void
test_core_path (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgSourcePane *source = tdbg_window_get_source_pane (window);
  guint32 log_op, logits_op;
  GPtrArray *frames;
  const TdbgStackFrame *frame;
  const TdbgSourceFile *sf;
  double x, y;
  gint64 t0, t1;

  g_assert_nonnull (logdir);
  g_assert_null (tdbg_window_get_load_error (window));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);
  gui_shot (GTK_WIDGET (window), "loaded.png");

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
  logits_op = test_find_op (logdir, "logits");
  g_assert_cmpuint (logits_op, !=, TDBG_NONE);

  /* Graph Structure: Log, with its input logits. */
  g_assert_true (gui_wait_graph_shows (graph, log_op, 10000));
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
    /* Highlighted as Python (the language is read at the first file shown). */
    g_assert_nonnull (gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (buffer)));
    g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (buffer))), ==, "python3");
  }
  g_assert_true (gui_wait_until (source_scrolled, tdbg_source_pane_get_view (source), 5000));
  gui_shot (GTK_WIDGET (window), "first-alert.png");
  assert_frame_chosen_in_place (window);

  /* "Click" the logits node: the handler a click runs, at that node's centre. */
  g_assert_true (tdbg_graph_view_get_node_center (tdbg_graph_pane_get_view (graph),
                                                  tdbg_graph_pane_get_node_name (graph, logits_op), &x, &y));
  g_assert_cmpstr (tdbg_graph_view_node_at (tdbg_graph_pane_get_view (graph), x, y), ==,
                   tdbg_graph_pane_get_node_name (graph, logits_op));
  g_assert_true (tdbg_graph_view_click (tdbg_graph_pane_get_view (graph), x, y));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, logits_op);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 101);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (tdbg_window_get_trace_pane (window)), ==, 101);
  g_assert_true (gui_wait_graph_shows (graph, logits_op, 10000));
  gui_shot (GTK_WIDGET (window), "clicked-logits.png");

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
      gui_shot (GTK_WIDGET (window), "execution.png");
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The execution selected in the timeline's strip, as the person sees it chosen. */
static guint
strip_selected (TdbgWindow *window)
{
  GtkListView *strip = GTK_LIST_VIEW (gui_find_widget (GTK_WIDGET (tdbg_window_get_timeline_pane (window)),
                                                       GTK_TYPE_LIST_VIEW));

  return gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (strip)));
}

/* How many traces of @op come before @trace: which call of its function made it, for an op
 * that runs once a call (Log in cross_entropy). */
static guint
runs_before (TdbgLogdir *logdir, guint32 op, guint32 trace)
{
  guint n = 0;

  for (guint32 t = 0; t < trace; t++)
    n += tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)) == op;
  return n;
}

/* The two halves meet: the first alert's trace (Log in cross_entropy) selects, in the
 * timeline, the cross_entropy call that ran it (the call of that number, counted by the
 * times Log ran before), the focus staying on the trace; that call, chosen in the timeline,
 * selects the first trace it ran, one of the same call. */
static void
test_trace_and_call (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  guint32 trace = tdbg_logdir_get_alert (logdir, 0)->trace_index;
  guint32 log_op = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, trace));
  guint32 graph = tdbg_logdir_get_op (logdir, log_op)->graph;
  guint ordinal = runs_before (logdir, log_op, trace), calls_before = 0;
  guint32 execution, first;

  g_assert_cmpuint (trace, ==, 103);
  tdbg_selection_select_trace (sel, 0);
  tdbg_selection_select_trace (sel, trace);
  gui_spin (200);
  execution = tdbg_selection_get_execution (sel);
  g_assert_cmpuint (execution, !=, TDBG_NONE);
  g_assert_cmpuint (strip_selected (window), ==, execution);
  g_assert_cmpuint (tdbg_logdir_get_execution (logdir, execution)->graph, ==, graph);
  for (guint32 e = 0; e < execution; e++)
    calls_before += tdbg_logdir_get_execution (logdir, e)->graph == graph;
  g_test_message ("trace %u: call %u of its function, execution %u", trace, ordinal, execution);
  g_assert_cmpuint (calls_before, ==, ordinal);
  g_assert_cmpint (tdbg_selection_get_focus (sel), ==, TDBG_FOCUS_TRACE);
  gui_shot (GTK_WIDGET (window), "chain-trace-call.png");

  /* Back: another execution, then the call again from the timeline. */
  tdbg_selection_select_execution (sel, 0);
  tdbg_selection_select_execution (sel, execution);
  gui_spin (200);
  first = tdbg_selection_get_trace (sel);
  g_assert_cmpuint (first, !=, TDBG_NONE);
  g_assert_cmpuint (first, <=, trace);
  g_assert_cmpuint (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, first)))->graph, ==, graph);
  g_assert_cmpuint (runs_before (logdir, log_op, first), ==, ordinal);
  g_assert_cmpint (tdbg_selection_get_focus (sel), ==, TDBG_FOCUS_EXECUTION);
  g_assert_cmpuint (strip_selected (window), ==, execution);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_labels (GtkWidget *root, const char *css_class, GPtrArray *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && (css_class == NULL || gtk_widget_has_css_class (child, css_class)))
        g_ptr_array_add (found, child);
      collect_labels (child, css_class, found);
    }
}

/* Whether a label of @root shows @text. */
static gboolean
shows_label (GtkWidget *root, const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (root, NULL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]) && strstr (gtk_label_get_text (labels->pdata[i]), text))
      return TRUE;
  return FALSE;
}

static gboolean
shows_host (gpointer timeline)
{
  return shows_label (timeline, "Host: worker-1");
}

/* A coordinator and a worker that both ran eager code: each chip of the timeline names the
 * host under the op, as its tooltip and the details of the selected execution do. */
static void
test_timeline_hosts (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();
  TdbgWindow *window;
  GtkWidget *timeline;
  guint coord = 0, worker = 0;

  {
    g_autoptr(TdbgFixtureWriter) a = cause_fixture_writer_new (dir, "coord", 1, "f");
    g_autoptr(TdbgFixtureWriter) b = cause_fixture_writer_new (dir, "worker-1", 2, NULL);
    cause_fixture_add_execution (a, 10, "Sub", NULL, CAUSE_FULL, NULL, 0, 1, cause_finite_positive);
    cause_fixture_add_execution (a, 11, "Exp", NULL, CAUSE_FULL, (gint64[]) { 1 }, 1, 2, cause_finite_positive);
    cause_fixture_add_execution (b, 12, "Log", NULL, CAUSE_FULL, NULL, 0, 1, cause_neg_infs);
    cause_fixture_add_op (a, "f", "Exp", "e", (const char *const[]) { NULL });
    cause_fixture_add_trace (a, 13, "f", "e", CAUSE_FULL, cause_finite_positive);
    g_assert_true (tdbg_fixture_writer_flush (a, NULL));
    g_assert_true (tdbg_fixture_writer_flush (b, NULL));
  }
  window = gui_open_window (dir);
  timeline = GTK_WIDGET (tdbg_window_get_timeline_pane (window));
  gui_spin (200);
  collect_labels (timeline, "tdbg-exec-box", chips);
  g_assert_cmpuint (chips->len, ==, 3);
  for (guint i = 0; i < chips->len; i++)
    {
      const char *text = gtk_label_get_text (chips->pdata[i]);
      g_test_message ("chip %u: %s", i, text);
      coord += g_str_has_suffix (text, "\ncoord");
      worker += g_str_equal (text, "Log\nworker-1");
    }
  g_assert_cmpuint (coord, ==, 2);
  g_assert_cmpuint (worker, ==, 1);
  tdbg_selection_select_execution (tdbg_window_get_selection (window), 2);
  g_assert_true (gui_wait_until (shows_host, timeline, 5000));
  gui_shot (GTK_WIDGET (window), "timeline-hosts.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/core-path", test_core_path);
  g_test_add_func ("/gui/trace-and-call", test_trace_and_call);
  g_test_add_func ("/gui/timeline-hosts", test_timeline_hosts);
  return g_test_run ();
}
