/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tfdbg V1 dump root (tests/data/v1/two-devices, written by TensorFlow 2.21) in the window:
 * every dumped tensor in Graph Execution, the Session.run calls in the timeline, the NaN alerts,
 * the first one's values in the tensor viewer and its partition graph's neighbourhood, and the
 * notice (not a problem) saying the dump carries no traceback. */

#include <string.h>
#include "gui-util.h"

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

typedef struct {
  GtkWidget *root;
  const char *text;
} LabelWanted;

static gboolean
label_shown (gpointer data)
{
  const LabelWanted *wanted = data;
  return gui_find_label_holding (wanted->root, wanted->text) != NULL;
}

/* Whether a label under @root comes to hold @text (a pane shows the selection at its next frame). */
static gboolean
wait_for_label (GtkWidget *root, const char *text)
{
  LabelWanted wanted = { root, text };
  return gui_wait_until (label_shown, &wanted, 5000);
}

/* Whether Source Code has given its room to the panes above it: no taller than its title and
 * the line saying why it is empty need. */
static gboolean
source_gave_room (gpointer data)
{
  int height = gtk_widget_get_height (GTK_WIDGET (tdbg_window_get_source_pane (data)));
  return height > 0 && height < 180;
}

static void
test_v1_dump (void)
{
  const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  TdbgWindow *window = gui_open_window (root);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkExpander *expander;
  GtkTextView *view;
  g_autofree char *values = NULL;
  GtkLabel *why;
  guint32 trace, op;

  g_assert_nonnull (logdir);
  /* What DebugDumpDir reads: 33 dumps of 4 Session.run calls, 3 of them with a NaN. */
  g_assert_cmpint (tdbg_trace_pane_get_n_rows (pane), ==, 33);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 4);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 3);
  /* That the dump holds no traceback is a notice above the panes, not a problem. */
  g_assert_cmpstr (tdbg_window_get_problems_text (window), ==, "");
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "no Python traceback"));

  /* The window opens on the first alert: _UnaryOpsComposition (log then sqrt) on CPU:1. */
  trace = tdbg_selection_get_trace (sel);
  g_assert_cmpuint (trace, ==, tdbg_logdir_get_alert (logdir, 0)->trace_index);
  op = tdbg_selection_get_op (sel);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, op)->op_name, ==, "layer/sqrt/unary_ops_composition");
  g_assert_true (gui_wait_graph_shows (tdbg_window_get_graph_pane (window), op, 10000));
  g_assert_nonnull (gui_find_node (window, op));

  expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_EXPANDER));
  g_assert_nonnull (expander);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  gtk_expander_set_expanded (expander, TRUE);
  gui_spin (100);
  view = GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  values = buffer_text (gtk_text_view_get_buffer (view));
  g_assert_cmpstr (values, ==, "nan  0.  1.04815  1.44203");
  /* Stack Trace and Source Code say why they are empty. */
  g_assert_true (wait_for_label (GTK_WIDGET (tdbg_window_get_stack_pane (window)),
                                 "no stack recorded (a tfdbg V1 dump holds no Python traceback)"));
  why = gui_find_label_holding (GTK_WIDGET (tdbg_window_get_stack_pane (window)),
                                "no op has a creation stack or source line");
  g_assert_nonnull (why);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (why)));
  g_assert_nonnull (gui_find_label_holding (GTK_WIDGET (tdbg_window_get_source_pane (window)),
                                            "No Python source: this logdir records no traceback"));
  /* Both empty, they give their room to the panes that have something to show. */
  g_assert_true (gui_wait_until (source_gave_room, window, 5000));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (why)));
  /* The Session.run chips read whole, what each fetched in their tooltips; two devices'
   * filter whole. */
  gui_assert_headers_whole (window, "a V1 dump");
  gui_shot (GTK_WIDGET (window), "v1-dump.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/v1/dump", test_v1_dump);
  return g_test_run ();
}
