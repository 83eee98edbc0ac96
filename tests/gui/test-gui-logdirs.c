/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every reference logdir in the window: the counts EXPECTED.json states, the problems of the
 * corrupt ones, and the core path walked on whatever is there. */

#include <string.h>
#include "gui-util.h"
#include "test-util.h"

static gint64
expected_alerts (const char *scenario, const char *name)
{
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  g_autofree char *entry = test_expected_entry (scenario, entry_pattern);
  const char *alerts;

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
  TdbgWindow *window = gui_open_shared_logdir (rel);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  const char *counts_key = c->corrupt ? "robust_reader_counts" : "counts";
  gint64 traces = test_expected_count (c->scenario, c->name, counts_key, "graph_execution_traces");
  gint64 executions = test_expected_count (c->scenario, c->name, counts_key, "executions");
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
        g_assert_true (gui_wait_graph_shows (tdbg_window_get_graph_pane (window), tdbg_selection_get_op (sel), 10000));
    }
  shot = g_strdup_printf ("%s-%s.png", c->scenario, c->name);
  gui_shot (GTK_WIDGET (window), shot);
  gtk_window_destroy (GTK_WINDOW (window));
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

  gui_test_init (&argc, &argv);
  for (guint i = 0; i < G_N_ELEMENTS (corpora); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gui/logdir/%s/%s", corpora[i].scenario, corpora[i].name);
      g_test_add_data_func (name, &corpora[i], test_logdir);
    }
  return g_test_run ();
}
