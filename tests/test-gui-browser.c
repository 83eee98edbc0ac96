/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Structure's whole-graph browser: every graph of a logdir picked from the list and
 * drawn with one node per op (EXPECTED.json's num_ops), scopes folded and opened again, the
 * function graphs of control flow entered through their call ops and left again, a node
 * selecting its op everywhere, find, and a large graph folded and whole (screenshots). */

#include <string.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "big-graph.h"
#include "tdbg-graph-browser.h"

/* num_ops of the graph @graph_id in EXPECTED.json of @scenario. */
static guint
expected_num_ops (const char *scenario, const char *graph_id)
{
  g_autofree char *key = g_strdup_printf ("\"graph_id\": \"%s\"", graph_id);
  g_autofree char *entry = test_expected_entry (scenario, key);
  const char *num = strstr (entry, "\"num_ops\":");

  g_assert_nonnull (num);
  return (guint) g_ascii_strtoull (num + strlen ("\"num_ops\":"), NULL, 10);
}

typedef struct {
  TdbgGraphBrowser *browser;
  guint32 graph;
} ShownWait;

static gboolean
graph_shown (gpointer data)
{
  ShownWait *w = data;
  TdbgWholeGraph *shown = tdbg_graph_browser_get_shown (w->browser);

  return shown && shown->graph == w->graph && tdbg_graph_view_get_layout (tdbg_graph_browser_get_view (w->browser));
}

/* Waits until @browser shows @graph laid out; the number of nodes drawn. */
static guint
wait_shown (TdbgGraphBrowser *browser, guint32 graph, guint timeout_ms)
{
  ShownWait w = { browser, graph };

  g_assert_true (gui_wait_until (graph_shown, &w, timeout_ms));
  gui_spin (50);
  return tdbg_graph_view_get_layout (tdbg_graph_browser_get_view (browser))->nodes->len;
}

static TdbgGraphBrowser *
open_browser (TdbgWindow *window)
{
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);

  tdbg_graph_pane_set_whole_graph (pane, TRUE);
  return tdbg_graph_pane_get_browser (pane);
}

static guint32
find_graph (TdbgLogdir *logdir, const char *name)
{
  for (guint32 g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    if (g_strcmp0 (tdbg_logdir_get_graph (logdir, g)->graph_name, name) == 0)
      return g;
  g_error ("no graph %s", name);
}

static guint32
find_op_in (TdbgLogdir *logdir, guint32 graph, const char *name)
{
  guint32 op = tdbg_logdir_find_op (logdir, graph, name);

  g_assert_cmpuint (op, !=, TDBG_NONE);
  return op;
}

/* Every graph, picked in the drop-down: one node per op. */
static void
test_every_graph (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("nested_control_flow/logdir"));
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgGraphBrowser *browser = open_browser (window);
  GtkDropDown *dropdown = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (browser), GTK_TYPE_DROP_DOWN));

  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, tdbg_logdir_get_n_graphs (logdir));
  for (guint32 g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    {
      const TdbgGraph *graph = tdbg_logdir_get_graph (logdir, g);
      gtk_drop_down_set_selected (dropdown, g);
      g_assert_cmpuint (wait_shown (browser, g, 20000), ==, expected_num_ops ("nested_control_flow", graph->graph_id));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Folding scopes draws fewer nodes; unfolding all of them again. A node selects its op. */
static void
test_fold_and_select (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("tf1_graph_only/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphBrowser *browser = open_browser (window);
  GtkToggleButton *fold = GTK_TOGGLE_BUTTON (gui_find_by_tooltip (GTK_WIDGET (browser),
    "Fold each name scope into one node (activate a folded scope to open it)"));
  guint num_ops = expected_num_ops ("tf1_graph_only", tdbg_logdir_get_graph (logdir, 0)->graph_id);
  guint32 mean = find_op_in (logdir, 0, "Mean");
  g_autofree char *name = NULL;
  double x, y;

  g_assert_nonnull (fold);
  g_assert_cmpuint (wait_shown (browser, 0, 20000), ==, num_ops);
  gtk_toggle_button_set_active (fold, TRUE);
  g_assert_true (tdbg_graph_browser_get_folded (browser));
  g_assert_cmpuint (wait_shown (browser, 0, 20000), <, num_ops);
  gui_shot (GTK_WIDGET (window), "browser-tf1-folded.png");
  gtk_toggle_button_set_active (fold, FALSE);
  g_assert_cmpuint (wait_shown (browser, 0, 20000), ==, num_ops);

  /* A click on Mean's node: Mean is the op everywhere, with its latest trace. */
  name = tdbg_graph_browser_get_node_name (browser, mean);
  g_assert_true (tdbg_graph_view_get_node_center (tdbg_graph_browser_get_view (browser), name, &x, &y));
  g_assert_true (tdbg_graph_view_click (tdbg_graph_browser_get_view (browser), x, y));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, mean);

  /* Find opens the scope an op is folded in and selects it. */
  gtk_toggle_button_set_active (fold, TRUE);
  wait_shown (browser, 0, 20000);
  g_assert_true (tdbg_graph_browser_find (browser, "ResourceApplyGradientDescent"));
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->op_type, ==, "ResourceApplyGradientDescent");
  wait_shown (browser, 0, 20000);
  {
    g_autofree char *found = tdbg_graph_browser_get_node_name (browser, tdbg_selection_get_op (sel));
    TdbgWholeGraph *shown = tdbg_graph_browser_get_shown (browser);
    gint node = tdbg_whole_graph_node_from_name (shown, found);
    g_assert_cmpint (node, >=, 0);
    g_assert_cmpint (g_array_index (shown->nodes, TdbgWholeNode, node).kind, ==, TDBG_WHOLE_NODE_OP);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A button pressed (its "clicked" at once, without the press animation's delay). */
static void
press (GtkWidget *button)
{
  g_signal_emit_by_name (button, "clicked");
}

/* The op's details: type, inputs that select their producer, its GraphDef attributes. */
static void
test_details (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("tf1_graph_only/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphBrowser *browser = open_browser (window);
  GtkWidget *details = tdbg_graph_browser_get_details (browser);
  guint32 sample = find_op_in (logdir, 0, "gradients/MatMul_grad/MatMul_1");
  GtkLabel *input;

  wait_shown (browser, 0, 20000);
  tdbg_selection_select_op (sel, sample);
  g_assert_nonnull (gui_find_label (details, "gradients/MatMul_grad/MatMul_1", FALSE));
  g_assert_nonnull (gui_find_label (details, "MatMul", FALSE));
  g_assert_nonnull (gui_find_label (details, "Created at", FALSE));
  /* EXPECTED.json's sample node: T DT_FLOAT, transpose_a true, transpose_b false. */
  g_assert_nonnull (gui_find_label_holding (details, "T = DT_FLOAT"));
  g_assert_nonnull (gui_find_label_holding (details, "transpose_a = true"));
  g_assert_nonnull (gui_find_label_holding (details, "transpose_b = false"));
  gui_shot (GTK_WIDGET (window), "browser-details.png");

  input = gui_find_label (details, "x:0", FALSE);
  g_assert_nonnull (input);
  press (gtk_widget_get_ancestor (GTK_WIDGET (input), GTK_TYPE_BUTTON));
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, find_op_in (logdir, 0, "x"));
  g_assert_nonnull (gui_find_label (details, "Placeholder", FALSE));
  gtk_window_destroy (GTK_WINDOW (window));

  /* No GraphDef recorded: no attributes. */
  window = gui_open_shared_logdir ("nested_control_flow/logdir");
  sel = tdbg_window_get_selection (window);
  browser = open_browser (window);
  tdbg_selection_select_op (sel, find_op_in (tdbg_selection_get_logdir (sel), 0, "Sum"));
  g_assert_nonnull (gui_find_label (tdbg_graph_browser_get_details (browser), "Sum", FALSE));
  g_assert_null (gui_find_label (tdbg_graph_browser_get_details (browser), "Attributes (GraphDef)", FALSE));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Clicks the node of @op_name in the shown graph, then the button of function graph @inner. */
static void
enter (TdbgGraphBrowser *browser, TdbgLogdir *logdir, const char *op_name, const char *inner)
{
  guint32 graph = tdbg_graph_browser_get_graph (browser);
  g_autofree char *name = tdbg_graph_browser_get_node_name (browser, find_op_in (logdir, graph, op_name));
  GtkLabel *label;
  double x, y;

  g_assert_true (tdbg_graph_view_get_node_center (tdbg_graph_browser_get_view (browser), name, &x, &y));
  g_assert_true (tdbg_graph_view_click (tdbg_graph_browser_get_view (browser), x, y));
  label = gui_find_label (GTK_WIDGET (browser), inner, FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
  press (gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_BUTTON));
  g_assert_cmpuint (tdbg_graph_browser_get_graph (browser), ==, find_graph (logdir, inner));
  wait_shown (browser, find_graph (logdir, inner), 20000);
}

/* refine > while_body_37 > cond_true_51 through the call ops, and back out. */
static void
test_nested (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("nested_control_flow/logdir"));
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgGraphBrowser *browser = open_browser (window);
  GtkWidget *up = gui_find_by_tooltip (GTK_WIDGET (browser), "Back to the outer graph");

  tdbg_graph_browser_set_graph (browser, find_graph (logdir, "refine"));
  wait_shown (browser, find_graph (logdir, "refine"), 20000);
  g_assert_false (gtk_widget_get_sensitive (up));
  enter (browser, logdir, "while", "while_body_37");
  enter (browser, logdir, "cond", "cond_true_51");
  gui_shot (GTK_WIDGET (window), "browser-cond-true.png");
  g_assert_true (gtk_widget_get_sensitive (up));
  press (up);
  g_assert_cmpuint (tdbg_graph_browser_get_graph (browser), ==, find_graph (logdir, "while_body_37"));
  press (up);
  g_assert_cmpuint (tdbg_graph_browser_get_graph (browser), ==, find_graph (logdir, "refine"));
  wait_shown (browser, find_graph (logdir, "refine"), 20000);
  g_assert_false (gtk_widget_get_sensitive (up));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The source view's gutter on tutorial_mnist: train_mlp.py line 83 created ops (five: Log, mul,
 * Const, Mean, Neg), among them EXPECTED.json's first bad op, Log, whose -inf the next three
 * carry on, so the mark says NaN/∞; its ops listed and Log chosen selects it; files with ops,
 * the user's first. */
static void
test_gutter (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("tutorial_mnist/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgSourcePane *source = tdbg_window_get_source_pane (window);
  TdbgSourceOpsBar *bar = tdbg_source_pane_get_ops_bar (source);
  TdbgOpGutter *gutter = tdbg_source_ops_bar_get_gutter (bar);
  GtkWidget *list = tdbg_source_ops_bar_get_file_list (bar);
  guint32 file = TDBG_NONE;
  guint n_ops = 0, n_bad = 0, n_rows = 0;
  gboolean library_seen = FALSE;
  GtkLabel *bad;

  for (guint32 f = 0; f < tdbg_logdir_get_n_source_files (logdir); f++)
    if (g_str_has_suffix (tdbg_logdir_get_source_file (logdir, f)->file_path, "/train_mlp.py"))
      file = f;
  g_assert_cmpuint (file, !=, TDBG_NONE);
  tdbg_selection_select_source (sel, file, 83);
  g_assert_true (gui_wait_until (gui_marked_line_shown, window, 10000));
  g_assert_true (GTK_SOURCE_IS_GUTTER (gtk_widget_get_parent (GTK_WIDGET (gutter))));
  g_assert_cmpuint (tdbg_op_gutter_get_n_marks (gutter), >, 0);
  g_assert_true (tdbg_op_gutter_get_mark (gutter, 83, &n_ops, &n_bad));
  g_assert_cmpuint (n_ops, ==, 5);
  g_assert_cmpuint (n_bad, >=, 1);
  g_assert_false (tdbg_op_gutter_get_mark (gutter, 1, NULL, NULL));

  /* Activating the mark lists the line's ops; the bad one selects its op. */
  g_assert_true (tdbg_op_gutter_activate_line (gutter, 83));
  bad = gui_find_label_holding (GTK_WIDGET (bar), "Log (Log) NaN/∞");
  g_assert_nonnull (bad);
  gui_shot (GTK_WIDGET (window), "browser-gutter.png");
  press (gtk_widget_get_ancestor (GTK_WIDGET (bad), GTK_TYPE_BUTTON));
  g_assert_cmpuint (tdbg_selection_get_op (sel), !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->op_name, ==, "Log");
  g_assert_cmpuint (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->first_inf_nan_trace, !=, TDBG_NONE);

  /* Files with ops: every source file, the user's before the libraries'. */
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row), n_rows++)
    {
      GtkWidget *name = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
      gboolean library = tdbg_stack_path_is_library (gtk_label_get_text (GTK_LABEL (name)));
      g_assert_false (library_seen && !library);
      library_seen |= library;
    }
  g_assert_cmpuint (n_rows, ==, tdbg_logdir_get_n_source_files (logdir));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A graph of 1,000 ops opens folded (one node per scope) and lays out whole on request. */
static void
test_large (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  guint n_ops = big_graph_write (dir, 40, 25);
  TdbgWindow *window = (gui_reset_settings (), gui_open_window (dir));
  TdbgGraphBrowser *browser = open_browser (window);
  gint64 start;

  g_assert_true (tdbg_graph_browser_get_folded (browser));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 40);
  gui_shot (GTK_WIDGET (window), "browser-large-folded.png");
  start = g_get_monotonic_time ();
  tdbg_graph_browser_set_folded (browser, FALSE);
  g_assert_true (tdbg_graph_browser_is_busy (browser));
  g_assert_cmpuint (wait_shown (browser, 0, 240000), ==, n_ops);
  g_test_message ("%u ops laid out in %.1f s", n_ops, (g_get_monotonic_time () - start) / 1e6);
  gui_shot (GTK_WIDGET (window), "browser-large-whole.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/browser/every-graph", test_every_graph);
  g_test_add_func ("/gui/browser/fold-and-select", test_fold_and_select);
  g_test_add_func ("/gui/browser/nested", test_nested);
  g_test_add_func ("/gui/browser/details", test_details);
  g_test_add_func ("/gui/browser/gutter", test_gutter);
  g_test_add_func ("/gui/browser/large", test_large);
  return g_test_run ();
}
