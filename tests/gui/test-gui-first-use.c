/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a new user still trips on, in the window: a logdir file that is a symbolic link is named
 * in the problems banner; compare mode's values heading keeps the window's controls in it, and
 * compare mode tells of run B's NaN/∞ and lists the divergences; an empty folder followed opens
 * once its files come; the
 * root-cause card says its debug mode's caveat once; the neighbourhood's depth controls say they
 * count levels, not inputs. */

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtksourceview/gtksource.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "tdbg-trace-pane-private.h"
#include "tdbg-tensor-details.h"
#include "tdbg-trace-row.h"
#include "tdbg-cause-card.h"
#include "tdbg-alerts-pane.h"
#include "tdbg-problem-page.h"

/* A copy of the reference tutorial logdir whose .source_files is a symbolic link to the
 * original; *@linked is that file's name. */
static char *
make_linked_logdir (char **linked)
{
  g_autofree char *original = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(GDir) dir = g_dir_open (original, 0, NULL);
  char *copy = test_make_temp_dir ();
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *from = g_build_filename (original, name, NULL);
      g_autofree char *to = g_build_filename (copy, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_str_has_suffix (name, ".source_files"))
        {
          g_assert_cmpint (symlink (from, to), ==, 0);
          *linked = g_strdup (name);
          continue;
        }
      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }
  g_assert_nonnull (*linked);
  return copy;
}

static void
test_symbolic_link_named (void)
{
  g_autofree char *linked = NULL;
  g_autofree char *dir = make_linked_logdir (&linked);
  TdbgWindow *window = gui_open_window (dir);
  const char *banner = tdbg_window_get_problems_text (window);

  g_test_message ("banner: %s", banner);
  g_assert_nonnull (strstr (banner, linked));
  g_assert_nonnull (strstr (banner, "a symbolic link, not followed"));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), >, 0);
  gui_shot (GTK_WIDGET (window), "first-use-symbolic-link.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static gboolean
compared (gpointer window)
{
  return !tdbg_window_is_loading (window) && !tdbg_window_is_comparing (window) &&
         tdbg_window_get_comparison (window) != NULL;
}

/* The right edge of @widget in @window's coordinates (what X cannot tell: the window stays
 * 1280 px wide while its content is laid out wider and cut). */
static double
right_edge (TdbgWindow *window, GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds));
  return bounds.origin.x + bounds.size.width;
}

/* ../shared/pairs/pair_port (FULL_TENSOR, every element of the first divergence off): F8
 * selects it, the values' heading counts the differing elements with the tolerances and the
 * largest difference, and the panes, Follow, the menu and Close all stay within 1280 px. */
/* The row of the selected trace is in Graph Execution's list. */
static gboolean
selected_row_made (gpointer data)
{
  TdbgWindow *window = data;

  return tdbg_trace_pane_find_row (tdbg_window_get_trace_pane (window),
                                   tdbg_selection_get_trace (tdbg_window_get_selection (window))) != NULL;
}

static void
test_compare_heading_fits (void)
{
  g_autofree char *root = g_path_get_dirname (test_env_shared_logdirs ());
  g_autofree char *dir_a = g_build_filename (root, "pairs", "pair_port", "run_a", NULL);
  g_autofree char *dir_b = g_build_filename (root, "pairs", "pair_port", "run_b", NULL);
  TdbgWindow *window = gui_new_window ();
  TdbgTracePane *trace_pane = tdbg_window_get_trace_pane (window);
  GtkWidget *header = gui_find_widget (GTK_WIDGET (window), GTK_TYPE_HEADER_BAR);
  GtkWidget *controls = NULL;
  GtkExpander *values;
  GtkWidget *heading;
  int width, min_width, heading_min, heading_natural;

  tdbg_window_open_compare (window, dir_a, dir_b);
  g_assert_true (gui_wait_until (compared, window, 60000));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-next", NULL);
  gui_spin (500);
  values = tdbg_tensor_details_get_expander (trace_pane->details);
  heading = GTK_WIDGET (tdbg_tensor_details_get_heading (trace_pane->details));
  g_test_message ("heading: %s", gtk_label_get_text (GTK_LABEL (heading)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (heading)), "elements differ (rtol"));
  /* The Error cell of the selected divergence shows its whole number ("0.0009…" before), once
   * its row is made (a while under valgrind). */
  g_assert_true (gui_wait_until (selected_row_made, window, 30000));
  {
    int column = tdbg_trace_pane_find_column (trace_pane, "Error");
    TdbgTraceRow *row = tdbg_trace_pane_find_row (trace_pane, tdbg_selection_get_trace (tdbg_window_get_selection (window)));

    g_assert_cmpint (column, >=, 0);
    g_assert_nonnull (row);
    g_test_message ("error cell: %s", tdbg_trace_row_get_text (row, (guint) column));
    g_assert_false (tdbg_trace_row_get_ellipsized (row, (guint) column));
  }
  gtk_expander_set_expanded (values, TRUE);
  gui_spin (500);
  /* However long the counts and tolerances, the heading asks no more than a narrow pane has: it
   * wraps, where one line would widen Graph Execution and push the header's end off screen. */
  gtk_widget_measure (heading, GTK_ORIENTATION_HORIZONTAL, -1, &heading_min, &heading_natural, NULL, NULL);
  g_test_message ("heading: at least %d px, %d px on one line", heading_min, heading_natural);
  g_assert_cmpint (heading_min, <=, 300);
  g_assert_cmpint (heading_min, <, heading_natural);
  /* Nor when offered the height of one line, as a paned offers its children their heights:
   * the heading asked its width on one line then, got it, and Graph Execution stayed that
   * wide, past the window. */
  {
    GtkWidget *title = gtk_expander_get_label_widget (values);
    int one_line, min_for_one_line;

    gtk_widget_measure (title, GTK_ORIENTATION_VERTICAL, -1, &one_line, NULL, NULL, NULL);
    gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, one_line, &min_for_one_line, NULL, NULL, NULL);
    g_test_message ("heading: at least %d px for a height of %d px", min_for_one_line, one_line);
    g_assert_cmpint (min_for_one_line, <=, 300);
  }

  width = gtk_widget_get_width (GTK_WIDGET (window));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_test_message ("window %d px, at least %d px; heading ends at %.0f", width, min_width,
                  right_edge (window, heading));
  gui_shot (GTK_WIDGET (window), "first-use-compare-heading.png");
  g_assert_cmpint (width, <=, 1280);
  if (min_width > width)
    gui_print_widest (GTK_WIDGET (window), 0);
  g_assert_cmpint (min_width, <=, width);
  g_assert_true (gui_wait_until ((GuiCond) gui_panes_in_window, window, 10000));
  g_assert_cmpfloat (right_edge (window, heading), <=, width);
  g_assert_cmpfloat (right_edge (window, window->follow_button), <=, width);
  g_assert_cmpfloat (right_edge (window, gui_find_by_tooltip (header, "Main Menu")), <=, width);
  controls = gui_find_widget (header, GTK_TYPE_WINDOW_CONTROLS);
  g_assert_nonnull (controls);
  for (GtkWidget *c = gtk_widget_get_first_child (controls); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c))
      g_assert_cmpfloat (right_edge (window, c), <=, width);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How many mapped labels at or under @widget hold @text. */
static guint
count_shown (GtkWidget *widget, const char *text)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text))
    n++;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += count_shown (c, text);
  return n;
}

static void
click_first_divergence (GtkWidget *pane)
{
  GtkLabel *name = gui_find_label (pane, "First divergence", FALSE);

  g_assert_nonnull (name);
  g_signal_emit_by_name (gtk_widget_get_ancestor (GTK_WIDGET (name), GTK_TYPE_BUTTON), "clicked");
  gui_spin (300);
}

/* ../shared/pairs/pair_regression: run A holds no NaN/∞, run B 45 alerts of them. Alerts says so
 * of run B (never "No NaN/∞" alone), lists the divergences as rows under the first, and "First
 * divergence" stays on the first however often it is clicked. */
static void
test_compare_run_b_shown (void)
{
  g_autofree char *root = g_path_get_dirname (test_env_shared_logdirs ());
  g_autofree char *dir_a = g_build_filename (root, "pairs", "pair_regression", "run_a", NULL);
  g_autofree char *dir_b = g_build_filename (root, "pairs", "pair_regression", "run_b", NULL);
  TdbgWindow *window = gui_new_window ();
  TdbgAlertsPane *alerts = tdbg_window_get_alerts_pane (window);
  TdbgSelection *selection = tdbg_window_get_selection (window);
  GtkListView *list;
  TdbgComparison *comparison;
  guint n_divergences, n_rows;

  tdbg_window_open_compare (window, dir_a, dir_b);
  g_assert_true (gui_wait_until (compared, window, 60000));
  gui_spin (500);
  comparison = tdbg_window_get_comparison (window);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_selection_get_logdir (selection)), ==, 0);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (comparison->b), ==, 45);
  g_test_message ("summary: %s", tdbg_alerts_pane_get_comparison_text (alerts));
  g_assert_nonnull (strstr (tdbg_alerts_pane_get_comparison_text (alerts), "Run B holds NaN/∞: 45 alerts, the first at its trace 218, truediv:0."));
  g_assert_cmpuint (count_shown (GTK_WIDGET (alerts), "No NaN/∞:"), ==, 0);

  /* The divergences are rows of the list, the first divergence first. */
  n_divergences = tdbg_alerts_pane_get_kind_count (alerts, TDBG_ALERT_DIVERGENCE);
  list = GTK_LIST_VIEW (gui_find_widget (GTK_WIDGET (alerts), GTK_TYPE_LIST_VIEW));
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (list)));
  g_test_message ("%u divergences, %u rows", n_divergences, n_rows);
  g_assert_cmpuint (n_divergences, >, 1);
  g_assert_cmpuint (n_rows, ==, n_divergences);
  g_assert_cmpuint (count_shown (GTK_WIDGET (list), "First divergence: "), ==, 1);
  g_assert_cmpuint (count_shown (GTK_WIDGET (list), "Diverges: "), >=, 1);

  /* "First divergence", twice: still the first (the worst diverging op came second). */
  click_first_divergence (GTK_WIDGET (alerts));
  g_assert_cmpuint (tdbg_selection_get_trace (selection), ==, comparison->first.a);
  click_first_divergence (GTK_WIDGET (alerts));
  g_assert_cmpuint (tdbg_selection_get_trace (selection), ==, comparison->first.a);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (list))), ==, 0);
  /* F8 goes on down the list. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-next", NULL);
  gui_spin (300);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (list))), ==, 1);
  g_assert_cmpuint (tdbg_selection_get_trace (selection), !=, comparison->first.a);
  gui_shot (GTK_WIDGET (window), "first-use-compare-run-b.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Copies the reference tutorial logdir's files into @dir. */
static void
copy_tutorial_into (const char *dir)
{
  g_autofree char *original = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(GDir) files = g_dir_open (original, 0, NULL);
  const char *name;

  g_assert_nonnull (files);
  while ((name = g_dir_read_name (files)))
    {
      g_autofree char *from = g_build_filename (original, name, NULL);
      g_autofree char *to = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }
}

static const char *
page_text (TdbgWindow *window)
{
  return tdbg_problem_page_get_description (tdbg_window_get_problem_page (window));
}

static gboolean
says_follow_is_on (gpointer window)
{
  return strstr (page_text (window), "Follow is on") != NULL;
}

static gboolean
logdir_shown (gpointer window)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));

  return g_str_equal (tdbg_window_get_page (window), "logdir") && logdir && tdbg_logdir_get_n_traces (logdir) > 0;
}

/* An empty folder's page: never "open it again later" while Follow is on (as it is unless turned
 * off), and files copied in are opened without F5 once followed. */
static void
test_empty_folder_followed (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgWindow *window = gui_new_window ();

  /* Follow is on unless turned off. */
  g_assert_true (tdbg_run_get_following (tdbg_window_get_run (window)));
  tdbg_window_open_location (window, dir);
  gui_spin (300);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");
  g_test_message ("page: %s", page_text (window));
  g_assert_null (strstr (page_text (window), "open it again"));
  g_assert_true (says_follow_is_on (window));
  gui_shot (GTK_WIDGET (window), "first-use-empty-folder-followed.png");

  g_action_group_change_action_state (G_ACTION_GROUP (window), "follow", g_variant_new_boolean (FALSE));
  gui_spin (100);
  g_test_message ("not followed: %s", page_text (window));
  g_assert_false (says_follow_is_on (window));
  g_assert_nonnull (strstr (page_text (window), "turn on Follow"));
  /* Not followed, files that come are not opened. */
  copy_tutorial_into (dir);
  gui_spin (2500);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");

  g_action_group_change_action_state (G_ACTION_GROUP (window), "follow", g_variant_new_boolean (TRUE));
  g_assert_true (gui_wait_until (logdir_shown, window, 15000));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    574);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

/* FULL_TENSOR at 1280×800: the selected trace's values are in sight without a click, while
 * Graph Execution keeps at least 8 rows and Source Code at least 12 lines. */
static void
test_values_in_sight (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  TdbgTracePane *trace_pane = tdbg_window_get_trace_pane (window);
  GtkExpander *expander = tdbg_tensor_details_get_expander (trace_pane->details);
  GtkTextView *values = GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
  GtkTextView *source = GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (tdbg_window_get_source_pane (window)),
                                                        GTK_SOURCE_TYPE_VIEW));
  int value_lines, source_lines;
  guint rows;

  tdbg_selection_select_alert (tdbg_window_get_selection (window), 0);
  g_assert_true (gui_wait_until (gui_marked_line_shown, window, 10000));
  gui_spin (500);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  value_lines = gtk_expander_get_expanded (expander) ? gui_lines_in_view (values) : 0;
  rows = gui_rows_in_view (GTK_WIDGET (tdbg_trace_pane_get_list_view (trace_pane)));
  source_lines = gui_lines_in_view (source);
  g_test_message ("values %d lines, Graph Execution %u rows, Source Code %d lines", value_lines, rows, source_lines);
  gui_shot (GTK_WIDGET (window), "first-use-values-in-sight.png");
  g_assert_cmpint (value_lines, >=, 2);
  g_assert_cmpuint (rows, >=, 8);
  g_assert_cmpint (source_lines, >=, 12);
  g_assert_true (gui_wait_until ((GuiCond) gui_panes_in_window, window, 10000));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
card_shown (gpointer card)
{
  return tdbg_cause_card_get_cause (card) != NULL;
}

/* How many times the visible labels at or under @widget say @text. */
static guint
count_in_labels (GtkWidget *widget, const char *text)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (GTK_IS_LABEL (widget))
    for (const char *p = strstr (gtk_label_get_text (GTK_LABEL (widget)), text); p; p = strstr (p + 1, text))
      n++;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += count_in_labels (c, text);
  return n;
}

/* CONCISE_HEALTH's explanation ends on the caveat its mode brings: the card says it once. */
static void
test_cause_caveat_once (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/CONCISE_HEALTH");
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));
  const TdbgRootCause *rc;

  g_assert_true (gui_wait_until (card_shown, card, 30000));
  rc = tdbg_cause_card_get_cause (card);
  g_assert_nonnull (rc->limitation);
  g_assert_nonnull (strstr (rc->explanation, rc->limitation));
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (300);
  g_test_message ("caveat: %s", rc->limitation);
  g_assert_cmpuint (count_in_labels (GTK_WIDGET (card), rc->limitation), ==, 1);
  g_assert_cmpuint (count_in_labels (GTK_WIDGET (card), "What to do: Clip the argument"), ==, 1);
  gui_shot (GTK_WIDGET (window), "first-use-cause-caveat.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The labels at or under @root that name a spin button, in order. */
static void
collect_spin_labels (GtkWidget *root, GPtrArray *labels)
{
  if (GTK_IS_LABEL (root) && GTK_IS_SPIN_BUTTON (gtk_label_get_mnemonic_widget (GTK_LABEL (root))))
    g_ptr_array_add (labels, (gpointer) gtk_label_get_text (GTK_LABEL (root)));
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    collect_spin_labels (c, labels);
}

/* "Inputs 2" read as two inputs: the controls say they count levels, and fit their pane. */
static void
test_depth_words (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GtkWidget *graph = GTK_WIDGET (tdbg_window_get_graph_pane (window));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_spin_labels (graph, labels);
  g_assert_cmpuint (labels->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (labels, 0), ==, "Levels ↑");
  g_assert_cmpstr (g_ptr_array_index (labels, 1), ==, "Levels ↓");
  g_assert_true (gui_wait_until ((GuiCond) gui_panes_in_window, window, 10000));
  gui_shot (GTK_WIDGET (window), "first-use-depth-words.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/first-use/symbolic-link-named", test_symbolic_link_named);
  g_test_add_func ("/gui/first-use/compare-heading-fits", test_compare_heading_fits);
  g_test_add_func ("/gui/first-use/compare-run-b-shown", test_compare_run_b_shown);
  g_test_add_func ("/gui/first-use/empty-folder-followed", test_empty_folder_followed);
  g_test_add_func ("/gui/first-use/values-in-sight", test_values_in_sight);
  g_test_add_func ("/gui/first-use/cause-caveat-once", test_cause_caveat_once);
  g_test_add_func ("/gui/first-use/depth-words", test_depth_words);
  return g_test_run ();
}
