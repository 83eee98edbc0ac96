/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window on a logdir real TensorFlow wrote: the Debugger V2 tutorial's program
 * (tests/real-tf/scenarios/tutorial_mnist.py, stored in tests/data/real-tf). From the first
 * NaN/∞ alert to its root cause, the op that took the log of a zero, its neighbourhood, the
 * user's frame and the line of the program that holds tf.math.log — the line found in the
 * program's own text, not written here.
 *
 * Usage: test-gui-real-tf ARCHIVE (the stored logdirs, a .tar.xz). */

#include <string.h>
#include "gui-util.h"
#include "test-util.h"
#include "test-env.h"

static const char *archive;

/* The tutorial's logdir, unpacked from the archive into the build folder. */
static char *
unpack_tutorial (void)
{
  g_autofree char *dir = test_env_build_dir ("real-tf-gui");
  const char *argv[] = { "tar", "-xJf", archive, "-C", dir, "tutorial_mnist/", NULL };
  g_autoptr(GError) error = NULL;
  gint status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_build_filename (dir, "tutorial_mnist", NULL);
}

/* The 1-based line of the program that holds @text. */
static int
program_line (const char *program, const char *text)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "real-tf", "scenarios", program, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (strstr (lines[i], text) && !g_str_has_prefix (g_strchug (lines[i]), "#"))
      return (int) i + 1;
  g_error ("%s holds no “%s”", program, text);
}

static int expected_line;

static gboolean
source_scrolled (gpointer view)
{
  return gui_line_in_view (view, expected_line - 1);
}

static gboolean
card_has_cause (gpointer data)
{
  const TdbgRootCause *cause = tdbg_cause_card_get_cause (tdbg_alerts_pane_get_cause_card (data));
  return cause != NULL && cause->cause != TDBG_CAUSE_NONE;
}

static void
test_tutorial_path (void)
{
  g_autofree char *dir = unpack_tutorial ();
  int log_line = program_line ("tutorial_mnist.py", "tf.math.log(");
  TdbgWindow *window = gui_open_window (dir);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgAlertsPane *alerts = tdbg_window_get_alerts_pane (window);
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (alerts);
  TdbgSourcePane *source = tdbg_window_get_source_pane (window);
  const TdbgRootCause *cause;
  const TdbgOp *op;
  const TdbgStackFrame *frame;
  GPtrArray *frames;

  g_assert_nonnull (logdir);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);

  /* The first alert, then the origin its root cause names. */
  tdbg_alerts_pane_activate (alerts, 0);
  g_assert_cmpint (tdbg_selection_get_alert (sel), ==, 0);
  g_assert_true (gui_wait_until (card_has_cause, alerts, 30000));
  cause = tdbg_cause_card_get_cause (card);
  g_assert_cmpint (cause->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpuint (cause->origin_trace, !=, TDBG_NONE);
  tdbg_cause_card_activate_origin (card);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, cause->origin_trace);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (tdbg_window_get_trace_pane (window)), ==, cause->origin_trace);
  op = tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel));
  g_assert_cmpstr (op->op_type, ==, "Log");
  g_test_message ("origin: trace %u, %s (%s)", cause->origin_trace, op->op_name, op->op_type);

  /* Graph Structure: the op and what fed it. */
  g_assert_true (gui_wait_graph_shows (tdbg_window_get_graph_pane (window), tdbg_selection_get_op (sel), 10000));
  g_assert_cmpuint (g_strv_length (op->input_names), >, 0);
  g_assert_nonnull (tdbg_graph_pane_get_node_name (tdbg_window_get_graph_pane (window), op->input_ops[0]));

  /* Stack Trace: the innermost user frame, the program's line with tf.math.log. */
  frames = tdbg_stack_pane_get_frames (tdbg_window_get_stack_pane (window));
  g_assert_nonnull (frames);
  g_assert_cmpint (tdbg_selection_get_frame (sel), >=, 0);
  frame = g_ptr_array_index (frames, tdbg_selection_get_frame (sel));
  g_assert_false (frame->is_library);
  g_assert_true (g_str_has_suffix (frame->file_path, "/tutorial_mnist.py"));
  g_assert_cmpint (frame->line, ==, log_line);

  /* Source Code: the program as TensorFlow recorded it, that line marked. */
  g_assert_cmpint (tdbg_source_pane_get_marked_line (source), ==, log_line);
  g_assert_nonnull (strstr (tdbg_logdir_get_frame_line (logdir, frame), "tf.math.log("));
  expected_line = log_line;
  g_assert_true (gui_wait_until (source_scrolled, tdbg_source_pane_get_view (source), 5000));
  gui_spin (300);
  gui_shot (GTK_WIDGET (window), "real-tf-tutorial.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  if (argc < 2)
    g_error ("usage: test-gui-real-tf ARCHIVE");
  archive = argv[1];
  g_test_add_func ("/gui/real-tf-tutorial", test_tutorial_path);
  return g_test_run ();
}
