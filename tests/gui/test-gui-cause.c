/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Why it went bad, in the window: the root-cause card at the top of Alerts (origin, cause,
 * inputs that select their traces) held against EXPECTED.json of the tutorial, the origin and
 * its inputs outlined in Graph Structure (and in exported graphs), the Markdown report on
 * the clipboard, the card in the light and dark styles, and FULL_TENSOR values saved as
 * .npy from the tensor details. */

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include "cause-fixtures.h"
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-tensor-details.h"

static gboolean
card_shown (gpointer data)
{
  return tdbg_cause_card_get_cause (data) != NULL;
}

static gboolean
card_expanded (gpointer data)
{
  return tdbg_cause_card_get_expanded (data);
}

typedef struct {
  TdbgCauseCard *card;
  int height;
} CardHeight;

/* The card is taller than it was collapsed: its body is laid out. */
static gboolean
card_grown (gpointer data)
{
  const CardHeight *before = data;
  return gtk_widget_get_height (GTK_WIDGET (before->card)) > before->height + 20;
}

static TdbgCauseCard *
wait_card (TdbgWindow *window)
{
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));

  g_assert_true (gui_wait_until (card_shown, card, 30000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (card)));
  return card;
}

typedef struct {
  TdbgWindow *window;
  guint32 op;
  const char *color;
  double pen_width;
} NodeWait;

static gboolean
node_outlined (gpointer data)
{
  NodeWait *w = data;
  const TdbgLayoutNode *node = gui_find_node (w->window, w->op);

  return node && node->color && g_ascii_strcasecmp (node->color, w->color) == 0 && node->pen_width == w->pen_width;
}

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  *(int *) data = tdbg_graph_pane_export_finish (TDBG_GRAPH_PANE (source), result, NULL) ? 1 : 2;
}

static gboolean
int_set (gpointer data)
{
  return *(int *) data != 0;
}

static void
test_card (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgCauseCard *card;
  const TdbgRootCause *rc;
  const TdbgCauseInput *input;
  GtkWidget *row;

  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  card = wait_card (window);
  rc = tdbg_cause_card_get_cause (card);
  /* Collapsed, the card fits the pane's default height: nothing below moves when it comes. */
  {
    GtkWidget *pane = GTK_WIDGET (tdbg_window_get_alerts_pane (window));
    int min_height;
    gtk_widget_measure (pane, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (pane), &min_height, NULL, NULL, NULL);
    g_assert_cmpint (min_height, <=, 170);
  }

  /* EXPECTED.json: the origin is Log:0 at trace 103, its logarithm of zero, its input logits
   * last traced at 101 (finite, one zero). */
  g_assert_cmpstr (tdbg_cause_code (rc->cause), ==, "log_of_zero");
  g_assert_cmpuint (rc->origin_trace, ==, 103);
  g_assert_cmpstr (tdbg_cause_card_get_origin_text (card), ==, "Log:0 (Log), trace 103");
  /* Collapsed, the card is one line: the cause code and the origin. */
  g_assert_nonnull (gui_find_label (GTK_WIDGET (card), "Log of zero · Log:0 (Log), trace 103", FALSE));
  g_assert_cmpstr (tdbg_cause_card_get_explanation (card), ==, rc->explanation);
  g_assert_nonnull (strstr (tdbg_cause_card_get_explanation (card), "logarithm of zero"));
  g_assert_cmpuint (rc->inputs->len, ==, 1);
  input = &g_array_index (rc->inputs, TdbgCauseInput, 0);
  g_assert_cmpstr (input->op_name, ==, "logits");
  g_assert_cmpuint (input->trace, ==, 101);
  g_assert_false (input->bad);
  /* Its zero is what the log took: the culprit, in red, not "healthy". */
  g_assert_true (input->culprit);
  row = tdbg_cause_card_get_input_row (card, 0);
  g_assert_nonnull (row);
  g_assert_null (tdbg_cause_card_get_input_row (card, 1));
  g_assert_true (gtk_widget_has_css_class (row, "tdbg-cause-bad"));
  g_assert_false (gtk_widget_has_css_class (row, "tdbg-cause-healthy"));
  g_assert_nonnull (gui_find_label (row, "logits:0", FALSE));
  g_assert_nonnull (gui_find_label (row, "trace 101 · culprit: 1 zero, 999 positive", FALSE));
  g_assert_true (gtk_widget_get_focusable (row));

  /* Graph Structure outlines the origin and its culprit input in red. */
  {
    NodeWait origin = { window, rc->origin_op, "#c01c28", 4 };
    NodeWait culprit = { window, input->op, "#c01c28", 2.5 };
    g_autofree char *svg_path = gui_shot_path ("cause-graph.svg");
    g_autofree char *svg = NULL;
    int done = 0;

    g_assert_true (gui_wait_until (node_outlined, &origin, 30000));
    g_assert_true (node_outlined (&culprit));
    tdbg_graph_pane_export_async (tdbg_window_get_graph_pane (window), "svg", svg_path, export_done_cb, &done);
    g_assert_true (gui_wait_until (int_set, &done, 30000));
    g_assert_cmpint (done, ==, 1);
    g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg, "#c01c28"));
    g_assert_null (strstr (svg, "#26a269"));
  }
  gui_shot (GTK_WIDGET (window), "cause-card-collapsed.png");
  /* Keys: Shift+Tab from the alert list reaches the card's title (over the kinds' buttons). */
  {
    GtkWidget *list = gui_find_widget (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), GTK_TYPE_LIST_VIEW);
    GtkWidget *focus = NULL;
    CardHeight collapsed_height;

    collapsed_height = (CardHeight) { card, gtk_widget_get_height (GTK_WIDGET (card)) };
    gtk_widget_grab_focus (list);
    for (guint i = 0; i < 10 && !(focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (card))); i++)
      {
        g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_BACKWARD));
        focus = gtk_window_get_focus (GTK_WINDOW (window));
      }
    g_assert_true (GTK_IS_TOGGLE_BUTTON (focus));
    g_assert_false (tdbg_cause_card_get_expanded (card));
    /* A button's activation (Return) clicks it after a quarter of a second. */
    gtk_widget_activate (focus);
    g_assert_true (gui_wait_until (card_expanded, card, 5000));
    /* The body laid out (slow under valgrind) before Tab looks for what is in it. */
    g_assert_true (gui_wait_until (card_grown, &collapsed_height, 10000));
    /* Tab goes on to the origin, then the input's row. */
    g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
    focus = gtk_window_get_focus (GTK_WINDOW (window));
    g_assert_true (GTK_IS_BUTTON (focus) && gtk_widget_is_ancestor (focus, GTK_WIDGET (card)));
    g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == row);
  }
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), "cause-card-light.png");

  /* The input's row selects its latest trace everywhere, as Return (its activation) or a
   * click on it does; the origin brings trace 103 back. */
  gtk_widget_activate (row);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 101);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, input->op);
  tdbg_cause_card_activate_origin (card);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 103);
  g_assert_true (tdbg_logdir_get_n_traces (logdir) > 103);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
text_read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  char **text = data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
text_read (gpointer data)
{
  return *(char **) data != NULL;
}

static gboolean
clipboard_changed (gpointer data)
{
  gpointer *clipboard_and_before = data;
  return gdk_clipboard_get_content (clipboard_and_before[0]) != clipboard_and_before[1];
}

static void
test_copy_report (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  GdkContentProvider *empty;
  g_autofree char *text = NULL;

  wait_card (window);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "copy-report"));
  gdk_clipboard_set_text (clipboard, "");
  empty = gdk_clipboard_get_content (clipboard);
  /* The card's copy button (win.copy-report, also in the menu). */
  {
    TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));
    GtkWidget *copy = gui_find_by_tooltip (GTK_WIDGET (card), "Copy a Markdown report of the root cause");

    g_assert_nonnull (copy);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (copy)), ==, "win.copy-report");
    g_signal_emit_by_name (copy, "clicked");
  }
  /* The report comes once its picture is drawn. */
  g_assert_true (gui_wait_until (clipboard_changed, (gpointer[]) { clipboard, empty }, 20000));
  gdk_clipboard_read_text_async (clipboard, NULL, text_read_cb, &text);
  g_assert_true (gui_wait_until (text_read, &text, 10000));
  g_test_message ("%.200s…", text);
  g_assert_true (g_str_has_prefix (text, "## Root cause of the first NaN/∞"));
  g_assert_nonnull (strstr (text, "`log_of_zero`"));
  g_assert_nonnull (strstr (text, "`logits:0`"));
  /* The neighbourhood as a picture to attach, not DOT text: a PNG file the report links to. */
  g_assert_null (strstr (text, "```dot"));
  {
    const char *link = strstr (text, ".png)");
    const char *start = link ? g_strrstr_len (text, link - text, "](") : NULL;
    g_autofree char *path = NULL, *bytes = NULL;
    gsize length = 0;

    g_assert_nonnull (start);
    path = g_strndup (start + 2, link + 4 - (start + 2));
    g_test_message ("picture: %s", path);
    g_assert_true (g_path_is_absolute (path));
    g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
    g_assert_cmpuint (length, >, 8);
    g_assert_cmpmem (bytes, 8, "\x89PNG\r\n\x1a\n", 8);
  }
  gtk_window_destroy (GTK_WINDOW (window));

  /* Nothing went bad: nothing to report. */
  window = gui_open_shared_logdir ("modes/NO_TENSOR");
  gui_spin (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window)))));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "copy-report"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
label_drawn (gpointer data)
{
  GtkWidget *root = ((gpointer *) data)[0];
  GtkLabel *label = gui_find_label (root, ((gpointer *) data)[1], FALSE);

  return label && gtk_widget_is_drawable (GTK_WIDGET (label));
}

/* Copying the report changes nothing else on screen: a toast says it was copied, while the
 * clipboard holds the report. */
static void
test_copy_report_says_so (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  const char *copied = "Root-cause report copied to the clipboard";
  GdkContentProvider *empty;
  g_autofree char *text = NULL;

  wait_card (window);
  g_assert_null (gui_find_label (GTK_WIDGET (window), copied, FALSE));
  gdk_clipboard_set_text (clipboard, "");
  empty = gdk_clipboard_get_content (clipboard);
  g_action_group_activate_action (G_ACTION_GROUP (window), "copy-report", NULL);
  g_assert_true (gui_wait_until (clipboard_changed, (gpointer[]) { clipboard, empty }, 20000));
  gdk_clipboard_read_text_async (clipboard, NULL, text_read_cb, &text);
  g_assert_true (gui_wait_until (text_read, &text, 10000));
  g_assert_true (g_str_has_prefix (text, "## Root cause of the first NaN/∞"));
  g_assert_nonnull (strstr (text, "`sqrt_of_negative`"));
  g_assert_true (gui_wait_until (label_drawn, (gpointer[]) { window, (gpointer) copied }, 2000));
  gui_shot (GTK_WIDGET (window), "copy-report-toast.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_dark (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The card in the dark style: look at cause-card-dark.png beside cause-card-light.png. */
static void
test_dark_card (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgCauseCard *card;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (gui_wait_until (is_dark, NULL, 5000));
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  card = wait_card (window);
  {
    NodeWait origin = { window, tdbg_cause_card_get_cause (card)->origin_op, "#ff7b63", 4 };
    g_assert_true (gui_wait_until (node_outlined, &origin, 30000));
  }
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), "cause-card-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first bad trace only passed on what an eager op made: the card names the eager Log
 * (execution 1) as the origin, says how the values came in, and its input row selects the
 * execution that made the input. */
static void
test_walked_card (void)
{
  g_autofree char *dir = cause_fixture_write_eager_into_function (CAUSE_FULL, FALSE);
  TdbgWindow *window = gui_open_window (dir);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgCauseCard *card = wait_card (window);
  GtkWidget *row;

  g_assert_cmpuint (tdbg_cause_card_get_cause (card)->origin_execution, ==, 1);
  g_assert_cmpstr (tdbg_cause_card_get_origin_text (card), ==, "Log output 0, execution 1");
  g_assert_nonnull (strstr (tdbg_cause_card_get_explanation (card), "is an input of its function"));
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);
  row = tdbg_cause_card_get_input_row (card, 0);
  g_assert_nonnull (row);
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, "Select execution 0");
  gui_shot (GTK_WIDGET (window), "cause-card-walked.png");
  gtk_widget_activate (row);
  g_assert_cmpuint (tdbg_selection_get_execution (sel), ==, 0);
  tdbg_cause_card_activate_origin (card);
  g_assert_cmpuint (tdbg_selection_get_execution (sel), ==, 1);

  /* The report lists the way back, and draws the first bad trace's graph (the origin has none). */
  {
    GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
    GdkContentProvider *before;
    g_autofree char *text = NULL;

    gdk_clipboard_set_text (clipboard, "");
    before = gdk_clipboard_get_content (clipboard);
    g_action_group_activate_action (G_ACTION_GROUP (window), "copy-report", NULL);
    g_assert_true (gui_wait_until (clipboard_changed, (gpointer[]) { clipboard, before }, 20000));
    gdk_clipboard_read_text_async (clipboard, NULL, text_read_cb, &text);
    g_assert_true (gui_wait_until (text_read, &text, 10000));
    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, "1. `y:0`, graph execution trace #1 — the first NaN/∞ in file order\n"
                                    "2. `Log` output 0, eager execution #1 — through the eager call's input to the function\n"));
    g_assert_nonnull (strstr (text, "![The graph around y, the first trace with NaN/∞]("));
    g_assert_nonnull (strstr (text, "root-cause-run-graph.png)"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static gboolean
shows_op (gpointer data)
{
  gpointer *args = data;

  return tdbg_graph_pane_get_shown_op (args[0]) == GPOINTER_TO_UINT (args[1]);
}

/* An update TensorFlow records no output of (ResourceApplyAdam) wrote the NaN a variable's read
 * shows: the card names the update as the origin, says it is not recorded and inferred from
 * the read's trace, outlines the epsilon of zero, and its origin button selects that trace. */
/* A −∞ mask written on purpose is the origin; the card names the NaN it led to below it, and a
 * click there selects that trace. */
static void
test_constant_card (void)
{
  g_autofree char *dir = cause_fixture_write_constant_mask ();
  TdbgWindow *window = gui_open_window (dir);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgCauseCard *card = wait_card (window);

  g_assert_cmpint (tdbg_cause_card_get_cause (card)->cause, ==, TDBG_CAUSE_CONSTANT);
  g_assert_cmpstr (tdbg_cause_card_get_origin_text (card), ==, "mask_value:0 (Const), trace 0");
  g_assert_cmpstr (tdbg_cause_card_get_first_nan_after_text (card), ==, "First NaN after it: probs (Softmax), trace 2");
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), "cause-card-constant.png");
  tdbg_cause_card_activate_first_nan_after (card);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 2);
  tdbg_cause_card_activate_origin (card);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);

  /* Any other origin shows no such line. */
  dir = cause_fixture_write_untraced_update (FALSE);
  window = gui_open_window (dir);
  card = wait_card (window);
  g_assert_null (tdbg_cause_card_get_first_nan_after_text (card));
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static void
test_untraced_origin_card (void)
{
  g_autofree char *dir = cause_fixture_write_untraced_update (FALSE);
  TdbgWindow *window = gui_open_window (dir);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgCauseCard *card = wait_card (window);

  g_assert_cmpint (tdbg_cause_card_get_cause (card)->cause, ==, TDBG_CAUSE_ZERO_EPSILON);
  g_assert_cmpstr (tdbg_cause_card_get_origin_text (card), ==,
                   "update (ResourceApplyAdam), not recorded: inferred from trace 1");
  g_assert_nonnull (strstr (tdbg_cause_card_get_explanation (card), "so it is inferred as the origin"));
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);
  g_assert_nonnull (tdbg_cause_card_get_input_row (card, 8));
  g_assert_true (gtk_widget_has_css_class (tdbg_cause_card_get_input_row (card, 8), "tdbg-cause-bad"));
  /* Graph Structure shows the update around the read's trace, its epsilon among its inputs. */
  {
    const TdbgRootCause *cause = tdbg_cause_card_get_cause (card);
    TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
    guint32 epsilon = g_array_index (cause->inputs, TdbgCauseInput, 8).op;

    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, cause->origin_trace);
    g_assert_true (gui_wait_until (shows_op, (gpointer[]) { graph, GUINT_TO_POINTER (cause->origin_op) }, 20000));
    g_assert_nonnull (strstr (tdbg_graph_pane_get_op_text (graph), "ResourceApplyAdam"));
    g_assert_nonnull (tdbg_graph_pane_get_node_name (graph, epsilon));
  }
  gui_shot (GTK_WIDGET (window), "cause-card-untraced.png");
  tdbg_cause_card_activate_origin (card);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* What "Save as .npy…" writes once a file is chosen: trace 3 of modes/FULL_TENSOR, Sqrt of a
 * 2×3 float32, as NumPy's format 1.0. */
static void
test_save_npy (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgTensorDetails *details = TDBG_TENSOR_DETAILS (gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)),
                                                                     TDBG_TYPE_TENSOR_DETAILS));
  g_autofree char *dir = g_dir_make_tmp ("tdbg-npy-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "values.npy", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  guint16 header_len;

  g_assert_nonnull (details);
  /* The window opens on the first alert: with nothing selected, no values are shown. */
  tdbg_selection_select_trace (sel, TDBG_NONE);
  gui_spin (100);
  g_assert_false (tdbg_tensor_details_save_npy (details, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  tdbg_selection_select_trace (sel, 3);
  /* The expander holds the button only while expanded. */
  gtk_expander_set_expanded (GTK_EXPANDER (gui_find_widget (GTK_WIDGET (details), GTK_TYPE_EXPANDER)), TRUE);
  g_assert_nonnull (gui_find_by_tooltip (GTK_WIDGET (details), "Save the values as a NumPy .npy file"));
  g_assert_cmpstr (tdbg_tensor_details_get_npy_name (details), ==, "Sqrt_0_trace3.npy");
  g_assert_true (tdbg_tensor_details_save_npy (details, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 10);
  g_assert_cmpmem (contents, 6, "\x93NUMPY", 6);
  memcpy (&header_len, contents + 8, 2);
  header_len = GUINT16_FROM_LE (header_len);
  g_assert_cmpuint (length, ==, 10 + header_len + 6 * 4);
  g_assert_nonnull (g_strstr_len (contents + 10, header_len, "'descr': '<f4'"));
  g_assert_nonnull (g_strstr_len (contents + 10, header_len, "'shape': (2, 3)"));
  {
    float first;
    memcpy (&first, contents + 10 + header_len, 4);
    g_assert_cmpfloat_with_epsilon (first, 1.73205f, 1e-5);
  }
  g_assert_false (tdbg_tensor_details_save_npy (details, "/nonexistent/dir/values.npy", &error));
  g_assert_nonnull (error);
  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *cache = test_make_temp_dir ();
  int status;

  /* Copied reports save their picture in the user's cache: a throwaway one here. */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/cause-card", test_card);
  g_test_add_func ("/gui/copy-report", test_copy_report);
  g_test_add_func ("/gui/copy-report-says-so", test_copy_report_says_so);
  g_test_add_func ("/gui/cause-card-dark", test_dark_card);
  g_test_add_func ("/gui/cause-card-walked", test_walked_card);
  g_test_add_func ("/gui/cause-card-untraced", test_untraced_origin_card);
  g_test_add_func ("/gui/cause-card-constant", test_constant_card);
  g_test_add_func ("/gui/save-npy", test_save_npy);
  status = g_test_run ();
  test_remove_tree (cache);
  return status;
}
