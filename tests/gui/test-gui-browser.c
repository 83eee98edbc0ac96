/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Structure's whole-graph browser: every graph of a logdir picked from the list and
 * drawn with one node per op (EXPECTED.json's num_ops), scopes folded and opened again, all
 * at once and each on its own, the function graphs of control flow entered through their
 * call ops and left again, a node selecting its op everywhere, find, the drawing (scope
 * boxes, untraced ops dotted, NaN/∞ in the error colour, control edges dashed; light and
 * dark), a followed logdir growing under it, and a large graph folded and whole
 * (screenshots). */

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "big-graph.h"
#include "tdbg-graph-browser.h"
#include "tdbg-fixture-writer.h"

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

/* Waits until @browser shows @graph laid out; the number of nodes drawn. */
static guint
wait_shown (TdbgGraphBrowser *browser, guint32 graph, guint timeout_ms)
{
  GuiBrowserWait w = { browser, graph };

  g_assert_true (gui_wait_until (gui_browser_shows, &w, timeout_ms));
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
  GtkWidget *button, *focus;

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

  /* Clicked, the input's button has the focus, and the details are made again without it:
   * the focus goes to the new details (GTK 4.8 kept the removed button as the window's focus
   * and raised a critical at the next layout). */
  input = gui_find_label (details, "x:0", FALSE);
  g_assert_nonnull (input);
  button = gtk_widget_get_ancestor (GTK_WIDGET (input), GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_grab_focus (button));
  press (button);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, find_op_in (logdir, 0, "x"));
  g_assert_nonnull (gui_find_label (details, "Placeholder", FALSE));
  gui_spin (100);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (focus && gtk_widget_is_ancestor (focus, details));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (focus)), ==, "x");
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

/* The first op of @logdir that no trace recorded. */
static guint32
find_untraced_op (TdbgLogdir *logdir)
{
  for (guint32 op = 0; op < tdbg_logdir_get_n_ops (logdir); op++)
    {
      guint n_traces = 0;
      tdbg_logdir_get_op_traces (logdir, op, &n_traces);
      if (n_traces == 0)
        return op;
    }
  g_error ("every op is traced");
}

/* An op never traced ran on no known device: its details name the host that created it,
 * under Host, never under Device. */
static void
test_details_untraced_host (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("tf1_graph_only/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphBrowser *browser = open_browser (window);
  GtkWidget *details = tdbg_graph_browser_get_details (browser);
  guint32 untraced = find_untraced_op (logdir);
  GtkLabel *heading;

  wait_shown (browser, 0, 20000);
  tdbg_selection_select_op (sel, untraced);
  g_assert_nonnull (gui_find_label (details, tdbg_logdir_get_op (logdir, untraced)->op_name, FALSE));
  g_assert_null (gui_find_label (details, "Device", FALSE));
  heading = gui_find_label (details, "Host", FALSE);
  g_assert_nonnull (heading);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (heading)))), ==, "gpu-ws-17");
  gui_shot (GTK_WIDGET (window), "browser-details-untraced.png");
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

/* The op's node is drawn in the middle part of the view at a readable zoom. */
static gboolean
op_centred (TdbgGraphBrowser *browser, guint32 op)
{
  TdbgGraphView *view = tdbg_graph_browser_get_view (browser);
  g_autofree char *name = tdbg_graph_browser_get_node_name (browser, op);
  double x, y, w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));

  if (name == NULL || !tdbg_graph_view_get_node_center (view, name, &x, &y))
    return FALSE;
  g_test_message ("%s at %.0f,%.0f in %.0f×%.0f, scale %.2f", name, x, y, w, h, tdbg_graph_view_get_scale (view));
  return fabs (x - w / 2) < w / 5 && fabs (y - h / 2) < h / 5 && tdbg_graph_view_get_scale (view) >= 0.8;
}

typedef struct {
  TdbgGraphBrowser *browser;
  guint32 graph, op;
} OpWait;

static gboolean
op_shown (gpointer data)
{
  OpWait *w = data;

  return gui_browser_shows (&(GuiBrowserWait) { w->browser, w->graph }) && !tdbg_graph_browser_is_busy (w->browser) &&
         op_centred (w->browser, w->op);
}

/* Whole Graph opens on the selected op's graph (the first alert's Log, three graphs in),
 * the op in the middle at a readable zoom; an op selected elsewhere afterwards (as the source
 * gutter does) is followed into its own graph. */
static void
test_opens_on_op (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("nested_control_flow/logdir"));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphBrowser *browser = tdbg_graph_pane_get_browser (tdbg_window_get_graph_pane (window));
  guint32 cond_true = find_graph (logdir, "cond_true_51"), refine = find_graph (logdir, "refine");
  guint32 log_op = find_op_in (logdir, cond_true, "Log");
  OpWait wait = { browser, cond_true, log_op };
  guint32 other = TDBG_NONE;

  tdbg_selection_select_op (sel, log_op);
  gui_spin (100);
  tdbg_graph_pane_set_whole_graph (tdbg_window_get_graph_pane (window), TRUE);
  g_assert_true (gui_wait_until (op_shown, &wait, 20000));
  g_assert_cmpuint (tdbg_graph_browser_get_graph (browser), ==, cond_true);
  gui_shot (GTK_WIDGET (window), "browser-opens-on-op.png");

  /* An op of the outermost graph, chosen elsewhere. */
  for (guint32 i = 0; i < tdbg_logdir_get_n_ops (logdir) && other == TDBG_NONE; i++)
    if (tdbg_logdir_get_op (logdir, i)->graph == refine && tdbg_logdir_get_op (logdir, i)->first_trace != TDBG_NONE)
      other = i;
  g_assert_cmpuint (other, !=, TDBG_NONE);
  tdbg_selection_select_op (sel, other);
  wait = (OpWait) { browser, refine, other };
  g_assert_true (gui_wait_until (op_shown, &wait, 20000));
  /* And back into the nested graph, from a trace of Log. */
  tdbg_selection_select_trace (sel, tdbg_logdir_get_op (logdir, log_op)->first_trace);
  wait = (OpWait) { browser, cond_true, log_op };
  g_assert_true (gui_wait_until (op_shown, &wait, 20000));
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
  GtkWidget *button;

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
  /* Clicked, the button has the focus, and keeps it: the line's other ops stay listed. */
  button = gtk_widget_get_ancestor (GTK_WIDGET (bad), GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_grab_focus (button));
  press (button);
  g_assert_cmpuint (tdbg_selection_get_op (sel), !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->op_name, ==, "Log");
  g_assert_cmpuint (tdbg_logdir_get_op (logdir, tdbg_selection_get_op (sel))->first_inf_nan_trace, !=, TDBG_NONE);
  gui_spin (100);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == button);
  /* Another file shown: the list goes, and the source view takes the focus from its button
   * (GTK 4.8 kept the removed button as the window's focus: a critical at the next layout). */
  tdbg_selection_select_source (sel, file == 0 ? 1 : 0, 1);
  gui_spin (100);
  g_assert_true (GTK_SOURCE_IS_VIEW (gtk_window_get_focus (GTK_WINDOW (window))));
  tdbg_selection_select_source (sel, file, 83);

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

/* The layout node of @op in the browser's drawing, or NULL. */
static const TdbgLayoutNode *
layout_node_of (TdbgGraphBrowser *browser, guint32 op)
{
  g_autofree char *name = tdbg_graph_browser_get_node_name (browser, op);

  return tdbg_graph_layout_find_node (tdbg_graph_view_get_layout (tdbg_graph_browser_get_view (browser)), name);
}

static guint
count_dashed_edges (TdbgGraphLayout *layout)
{
  guint n = 0;

  for (guint i = 0; i < layout->edges->len; i++)
    n += tdbg_graph_style_has (g_array_index (layout->edges, TdbgLayoutEdge, i).style, "dashed");
  return n;
}

typedef struct {
  TdbgGraphBrowser *browser;
  guint32 op;
  const char *fill;
} BrowserFill;

static gboolean
browser_node_filled (gpointer data)
{
  BrowserFill *w = data;
  const TdbgLayoutNode *node = tdbg_graph_browser_get_shown (w->browser) ? layout_node_of (w->browser, w->op) : NULL;

  return node && g_ascii_strcasecmp (node->fill_color, w->fill) == 0;
}

/* Gives @widget's pane most of the window (every split it is in moved its way), for
 * screenshots a person can read. */
static void
enlarge (GtkWidget *widget)
{
  for (GtkWidget *child = widget, *p = gtk_widget_get_parent (widget); p; child = p, p = gtk_widget_get_parent (p))
    if (GTK_IS_PANED (p))
      gtk_paned_set_position (GTK_PANED (p), gtk_paned_get_start_child (GTK_PANED (p)) == child ? 100000 : 0);
  gui_spin (200);
}

/* Zooms the view to @scale around the node of @op, for a screenshot a person can read. */
static void
look_at (TdbgGraphBrowser *browser, guint32 op, double scale)
{
  TdbgGraphView *view = tdbg_graph_browser_get_view (browser);
  g_autofree char *name = tdbg_graph_browser_get_node_name (browser, op);
  double x, y;

  tdbg_graph_view_zoom_by (view, scale / tdbg_graph_view_get_scale (view), -1, -1);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  tdbg_graph_view_pan_by (view, gtk_widget_get_width (GTK_WIDGET (view)) / 3.0 - x,
                          gtk_widget_get_height (GTK_WIDGET (view)) / 3.0 - y);
}

/* The drawing: each open scope a labelled box, ops never traced dotted, the NaN op in the
 * error colour, control edges dashed; in the light style and the dark. */
static void
test_drawing (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  guint n_ops = big_graph_write (dir, 6, 10);
  TdbgWindow *window = (gui_reset_settings (), gui_open_window (dir));
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgGraphBrowser *browser = open_browser (window);
  TdbgGraphLayout *layout;
  guint32 nan_op = find_op_in (logdir, 0, "layer_2/op_9");
  AdwStyleManager *style = adw_style_manager_get_default ();
  BrowserFill light = { browser, nan_op, "#f8c8c8" }, dark = { browser, nan_op, "#a51d2d" };

  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops);
  layout = tdbg_graph_view_get_layout (tdbg_graph_browser_get_view (browser));
  g_assert_cmpuint (layout->clusters->len, ==, 6);
  for (guint k = 0; k < 6; k++)
    {
      g_autofree char *cluster = g_strdup_printf ("cluster_%u", k);
      const TdbgLayoutCluster *c = NULL;
      g_autofree char *label = g_strdup_printf ("layer_%u/", k);
      g_autofree char *tip = g_strdup_printf ("Fold scope layer_%u/", k);
      for (guint i = 0; i < layout->clusters->len; i++)
        if (g_str_equal (g_array_index (layout->clusters, TdbgLayoutCluster, i).name, cluster))
          c = &g_array_index (layout->clusters, TdbgLayoutCluster, i);
      g_assert_nonnull (c);
      g_assert_cmpstr (c->label, ==, label);
      g_assert_true (tdbg_graph_style_has (c->style, "dashed"));
      /* Every op of the scope lies in its box. */
      for (guint j = 0; j < 10; j++)
        {
          g_autofree char *op = g_strdup_printf ("layer_%u/op_%u", k, j);
          const TdbgLayoutNode *n = layout_node_of (browser, find_op_in (logdir, 0, op));
          g_assert_true (n->x > c->x && n->x < c->x + c->width && n->y > c->y && n->y < c->y + c->height);
        }
      g_assert_nonnull (gui_find_by_tooltip (GTK_WIDGET (tdbg_graph_browser_get_view (browser)), tip));
    }
  /* One control input per scope. */
  g_assert_cmpuint (count_dashed_edges (layout), ==, 6);
  /* layer_1 never ran, layer_0/op_0 (a Const) was never traced, layer_0/op_1 was. */
  g_assert_true (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "layer_1/op_4"))->style, "dotted"));
  g_assert_true (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "layer_0/op_0"))->style, "dotted"));
  g_assert_false (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "layer_0/op_1"))->style, "dotted"));
  g_assert_true (browser_node_filled (&light));
  enlarge (GTK_WIDGET (browser));
  look_at (browser, find_op_in (logdir, 0, "layer_1/op_1"), 0.8);
  gui_shot (GTK_WIDGET (window), "browser-scopes-light.png");

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (gui_wait_until (browser_node_filled, &dark, 30000));
  look_at (browser, find_op_in (logdir, 0, "layer_1/op_1"), 0.8);
  gui_shot (GTK_WIDGET (window), "browser-scopes-dark.png");
  /* Folded in the dark: the folded scopes stand out, the untraced one dotted. */
  tdbg_graph_browser_set_folded (browser, TRUE);
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 6);
  g_assert_true (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "layer_1/op_4"))->style, "dotted"));
  g_assert_cmpstr (layout_node_of (browser, nan_op)->shape, ==, "box3d");
  gui_shot (GTK_WIDGET (window), "browser-folded-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* Each scope folds and opens on its own: a box's label folds it (and Backspace on one of
 * its ops), its folded node opens it again; collapsing reduces the nodes, expanding
 * restores them. */
static void
test_fold_each_scope (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  guint n_ops = big_graph_write (dir, 6, 10);
  TdbgWindow *window = (gui_reset_settings (), gui_open_window (dir));
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgGraphBrowser *browser = open_browser (window);
  TdbgGraphView *view = tdbg_graph_browser_get_view (browser);
  guint32 op_1_3 = find_op_in (logdir, 0, "layer_1/op_3"), op_2_5 = find_op_in (logdir, 0, "layer_2/op_5");
  g_autofree char *name = NULL;
  double x, y;

  g_assert_false (tdbg_graph_browser_get_folded (browser));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops);

  /* A click on layer_1's label folds that scope alone. */
  g_assert_true (tdbg_graph_view_get_cluster_label_center (view, "cluster_1", &x, &y));
  g_assert_cmpstr (tdbg_graph_view_cluster_at (view, x, y), ==, "cluster_1");
  g_assert_true (tdbg_graph_view_click (view, x, y));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops - 9);
  g_assert_true (tdbg_graph_browser_get_scope_folded (browser, "layer_1"));
  g_assert_false (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));
  g_assert_null (tdbg_graph_view_get_cluster_widget (view, "cluster_1"));

  /* Backspace on an op of layer_2 folds layer_2 too; the focus goes to its folded node. */
  name = tdbg_graph_browser_get_node_name (browser, op_2_5);
  gtk_widget_grab_focus (tdbg_graph_view_get_node_widget (view, name));
  g_assert_cmpstr (tdbg_graph_view_get_focused (view), ==, name);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.fold-scope", NULL));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops - 18);
  g_assert_true (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));
  g_clear_pointer (&name, g_free);
  name = tdbg_graph_browser_get_node_name (browser, op_2_5);
  g_assert_cmpstr (tdbg_graph_view_get_focused (view), ==, name);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (tdbg_graph_view_get_node_widget (view, name)), ==, "Open this scope");
  enlarge (GTK_WIDGET (browser));
  gui_shot (GTK_WIDGET (window), "browser-two-folded.png");

  /* A click on layer_1's folded node opens it; Enter on layer_2's (its button) too. */
  g_clear_pointer (&name, g_free);
  name = tdbg_graph_browser_get_node_name (browser, op_1_3);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  g_assert_true (tdbg_graph_view_click (view, x, y));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops - 9);
  g_assert_false (tdbg_graph_browser_get_scope_folded (browser, "layer_1"));
  g_clear_pointer (&name, g_free);
  name = tdbg_graph_browser_get_node_name (browser, op_2_5);
  press (tdbg_graph_view_get_node_widget (view, name));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops);

  /* Folded by default: one scope opened, then folded again from its box's label button. */
  tdbg_graph_browser_set_folded (browser, TRUE);
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 6);
  tdbg_graph_browser_toggle_scope (browser, "layer_4");
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 15);
  g_assert_nonnull (tdbg_graph_view_get_cluster_widget (view, "cluster_4"));
  press (tdbg_graph_view_get_cluster_widget (view, "cluster_4"));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 6);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* A release of the view's click gesture: the @n_press-th press of a click at (@x, @y), the
 * main loop run after it. */
static void
release (TdbgGraphView *view, int n_press, double x, double y)
{
  g_signal_emit_by_name (gui_find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK), "released", n_press, x, y);
  gui_spin (100);
}

/* A double-click on an op inside an open scope selects the op and leaves its scope open, even
 * when its first click moved the drawing (the op brought to the middle) and the scope's label
 * came under the pointer for the second; a click on the label alone folds the scope. */
static void
test_double_click_op (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  guint n_ops = big_graph_write (dir, 6, 10);
  TdbgWindow *window = (gui_reset_settings (), gui_open_window (dir));
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgGraphBrowser *browser = open_browser (window);
  TdbgGraphView *view = tdbg_graph_browser_get_view (browser);
  guint32 op = find_op_in (logdir, 0, "layer_2/op_1");
  g_autofree char *name = NULL;
  double x, y, label_x, label_y;

  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops);
  enlarge (GTK_WIDGET (browser));
  g_assert_false (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));
  name = tdbg_graph_browser_get_node_name (browser, op);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  release (view, 1, x, y);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, op);
  /* The pointer stays put, the drawing moved: the label is where the second press lands. */
  g_assert_true (tdbg_graph_view_get_cluster_label_center (view, "cluster_2", &label_x, &label_y));
  g_assert_cmpstr (tdbg_graph_view_cluster_at (view, label_x, label_y), ==, "cluster_2");
  release (view, 2, label_x, label_y);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, op);
  g_assert_false (tdbg_graph_browser_is_busy (browser));
  g_assert_false (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));
  g_assert_cmpuint (tdbg_graph_browser_get_shown (browser)->nodes->len, ==, n_ops);
  gui_shot (GTK_WIDGET (window), "browser-double-click-op.png");

  /* A click on the scope's own label folds it. */
  release (view, 1, label_x, label_y);
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops - 9);
  g_assert_true (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));

  /* A double-click on the folded scope opens it, and its second click does not fold it back. */
  g_clear_pointer (&name, g_free);
  name = tdbg_graph_browser_get_node_name (browser, op);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  release (view, 1, x, y);
  release (view, 2, x, y);
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, n_ops);
  g_assert_false (tdbg_graph_browser_get_scope_folded (browser, "layer_2"));
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

#define GROW_T0 1730000000.0

static void
grow_op (TdbgFixtureWriter *w, const char *graph_id, const char *graph_name, const char *name, const char *input)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { input, NULL };
  const char *no_frames[] = { NULL };
  const gint32 ids[] = { 1 };

  g_assert_true (tdbg_fixture_writer_add_op (w, GROW_T0 + 1, graph_id, graph_name, input ? "AddV2" : "Const", name,
                                             inputs, ids, 1, no_frames, &error));
}

static void
grow_trace (TdbgFixtureWriter *w, const char *name, gboolean nan)
{
  g_autoptr(GError) error = NULL;
  double healthy[11] = { 1, -1, 1, 2, 16, 0, 0, 0, 0, 4, 12 };
  double bad[11] = { 1, -1, 1, 2, 16, 0, 0, 3, 0, 4, 9 };
  Tensorflow__TensorProto *tensor = tdbg_fixture_summary_tensor (nan ? bad : healthy, 11);

  g_assert_true (tdbg_fixture_writer_add_trace (w, GROW_T0 + 2, "g1", name, 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                tensor, "/job:localhost/replica:0/task:0/device:CPU:0", &error));
  tdbg_fixture_tensor_free (tensor);
}

typedef struct {
  TdbgGraphBrowser *browser;
  guint n_ops;
  BrowserFill fill;
} GrownWait;

static gboolean
browser_grown (gpointer data)
{
  GrownWait *w = data;
  TdbgWholeGraph *shown = tdbg_graph_browser_get_shown (w->browser);
  GtkDropDown *dropdown = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (w->browser), GTK_TYPE_DROP_DOWN));

  return shown && shown->n_ops == w->n_ops && g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)) == 2 &&
         browser_node_filled (&w->fill);
}

/* The logdir of the browser's window holds @n_ops ops. */
static gboolean
logdir_has_ops (gpointer data)
{
  GrownWait *w = data;
  TdbgWindow *window = TDBG_WINDOW (gtk_widget_get_root (GTK_WIDGET (w->browser)));

  return tdbg_logdir_get_n_ops (tdbg_selection_get_logdir (tdbg_window_get_selection (window))) == w->n_ops;
}

/* Following a run that is still writing: a new graph joins the list, a new op the shown
 * graph, ops traced for the first time lose their dotted border and a NaN colours its op,
 * while the person's graph, folding, zoom, place and focus stay. */
static void
test_follow (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "grower", 1730000000, GROW_T0, "9r0w1n90", "2.16.1",
                                                            &error);
  static const char *const chain[][2] = { { "a/x", NULL }, { "a/y", "a/x:0" }, { "a/z", "a/y:0" }, { "b/p", "a/z:0" },
                                          { "b/q", "b/p:0" }, { "b/r", "b/q:0" }, { "loss/Log", "b/r:0" } };
  TdbgWindow *window;
  TdbgLogdir *logdir;
  TdbgGraphBrowser *browser;
  TdbgGraphView *view;
  GtkDropDown *dropdown;
  g_autofree char *name = NULL;
  double scale, x0, y0, x, y;
  GrownWait grown;

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (w, GROW_T0, "g1", "train_step", NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (chain); i++)
    grow_op (w, "g1", "train_step", chain[i][0], chain[i][1]);
  grow_trace (w, "a/y", FALSE);
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  window = (gui_reset_settings (), gui_open_window (dir));
  logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  browser = open_browser (window);
  view = tdbg_graph_browser_get_view (browser);
  dropdown = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (browser), GTK_TYPE_DROP_DOWN));
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 7);
  g_assert_true (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "b/p"))->style, "dotted"));

  /* The person folds a/, zooms in, brings b/q to the middle and focuses it. */
  tdbg_graph_browser_toggle_scope (browser, "a");
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 5);
  tdbg_graph_view_zoom_by (view, 1.5, -1, -1);
  name = tdbg_graph_browser_get_node_name (browser, find_op_in (logdir, 0, "b/q"));
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  tdbg_graph_view_pan_by (view, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0 - x,
                          gtk_widget_get_height (GTK_WIDGET (view)) / 2.0 - y);
  gtk_widget_grab_focus (tdbg_graph_view_get_node_widget (view, name));
  scale = tdbg_graph_view_get_scale (view);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x0, &y0));

  /* The run writes an op, a function graph, traces and a NaN. */
  grow_op (w, "g1", "train_step", "b/s", "b/r:0");
  g_assert_true (tdbg_fixture_writer_add_graph (w, GROW_T0 + 3, "g2", "inner_fn", "g1", &error));
  grow_op (w, "g2", "inner_fn", "inner/k", NULL);
  grow_trace (w, "b/p", FALSE);
  grow_trace (w, "loss/Log", TRUE);
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  grown = (GrownWait) { browser, 8, { browser, find_op_in (logdir, 0, "loss/Log"), "#f8c8c8" } };
  g_assert_true (gui_wait_until (browser_grown, &grown, 20000));
  gui_spin (100);

  g_assert_cmpuint (tdbg_graph_browser_get_graph (browser), ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_nonnull (strstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), 0),
                            "8 ops · 3 traced"));
  g_assert_nonnull (strstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), 1),
                            "train_step › inner_fn"));
  g_assert_cmpuint (tdbg_graph_view_get_layout (view)->nodes->len, ==, 6);
  g_assert_true (tdbg_graph_browser_get_scope_folded (browser, "a"));
  g_assert_false (tdbg_graph_style_has (layout_node_of (browser, find_op_in (logdir, 0, "b/p"))->style, "dotted"));
  g_assert_cmpfloat (fabs (tdbg_graph_view_get_scale (view) - scale), <, 1e-6);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  g_assert_cmpfloat (fabs (x - x0), <, 1.0);
  g_assert_cmpfloat (fabs (y - y0), <, 1.0);
  g_assert_cmpstr (tdbg_graph_view_get_focused (view), ==, name);
  enlarge (GTK_WIDGET (browser));
  gui_shot (GTK_WIDGET (window), "browser-follow.png");

  /* An op alone, with no trace, written while Whole Graph is off: it joins once it is on
   * again, with the view where it was. */
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x0, &y0));
  tdbg_graph_pane_set_whole_graph (tdbg_window_get_graph_pane (window), FALSE);
  gui_spin (100);
  grow_op (w, "g1", "train_step", "b/t", "b/s:0");
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  g_assert_true (gui_wait_until (logdir_has_ops, &(GrownWait) { .browser = browser, .n_ops = 9 }, 20000));
  tdbg_graph_pane_set_whole_graph (tdbg_window_get_graph_pane (window), TRUE);
  grown.n_ops = 9;
  g_assert_true (gui_wait_until (browser_grown, &grown, 20000));
  gui_spin (100);
  g_assert_cmpfloat (fabs (tdbg_graph_view_get_scale (view) - scale), <, 1e-6);
  g_assert_true (tdbg_graph_view_get_node_center (view, name, &x, &y));
  g_assert_cmpfloat (fabs (x - x0), <, 1.0);
  g_assert_cmpfloat (fabs (y - y0), <, 1.0);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* A graph of 1,000 ops opens folded (one node per scope) and lays out whole on request. */
static void
test_large (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  guint n_ops = big_graph_write (dir, 40, 25);
  TdbgWindow *window = (gui_reset_settings (), gui_open_window (dir));
  TdbgGraphBrowser *browser = open_browser (window);
  BrowserFill dark = { browser, TDBG_NONE, "#a51d2d" };
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

  /* In the dark, the part around the NaN (layer_2's last op) made readable, and folded. */
  enlarge (GTK_WIDGET (browser));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  dark.op = tdbg_logdir_find_op (tdbg_selection_get_logdir (tdbg_window_get_selection (window)), 0, "layer_2/op_24");
  g_assert_true (gui_wait_until (browser_node_filled, &dark, 240000));
  g_assert_cmpuint (wait_shown (browser, 0, 240000), ==, n_ops);
  look_at (browser, dark.op, 0.8);
  gui_shot (GTK_WIDGET (window), "browser-large-whole-dark.png");
  tdbg_graph_browser_set_folded (browser, TRUE);
  g_assert_cmpuint (wait_shown (browser, 0, 30000), ==, 40);
  gui_shot (GTK_WIDGET (window), "browser-large-folded-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
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
  g_test_add_func ("/gui/browser/details-untraced-host", test_details_untraced_host);
  g_test_add_func ("/gui/browser/gutter", test_gutter);
  g_test_add_func ("/gui/browser/opens-on-op", test_opens_on_op);
  g_test_add_func ("/gui/browser/large", test_large);
  g_test_add_func ("/gui/browser/drawing", test_drawing);
  g_test_add_func ("/gui/browser/fold-each-scope", test_fold_each_scope);
  g_test_add_func ("/gui/browser/double-click-op", test_double_click_op);
  g_test_add_func ("/gui/browser/follow", test_follow);
  return g_test_run ();
}
