/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window in compare mode, driven as a person does: `tfdbg-gtk --compare RUN_A RUN_B`
 * through the application's "compare" action, and Compare With… on a run already shown. Graph
 * Execution's Error column (its texts for traces whose difference is known), "Diverging only"
 * (as many rows as traces diverge), the First divergence alert that F8 reaches and that selects
 * run A's trace where the runs part, the twin's line under the list and the op outputs only one
 * run has. On a pair written by compare-fixtures.c and on ../shared/pairs/pair_regression,
 * against its EXPECTED.json. */

#include <math.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "compare-fixtures.h"
#include "follow-util.h"
#include "tdbg-application.h"
#include "tdbg-trace-pane-private.h"
#include "tdbg-graph-pane-private.h"
#include "tdbg-stack-pane-private.h"

static TdbgApplication *the_app;

/* Run B's row when the selected trace has no twin there, and the start of the twin's line. */
#define NO_TWIN "No twin: run B records this output fewer times, or not at all"
/* The same while run B is still being written. */
#define NO_TWIN_YET "No twin yet: run B, still being written, has not recorded this output"

static gboolean
compared (gpointer window)
{
  return !tdbg_window_is_loading (window) && !tdbg_window_is_comparing (window) &&
         tdbg_window_get_comparison (window) != NULL;
}

/* The window is added to the application before it is shown: the size of the other tests'. */
static void
window_added_cb (GtkApplication *app, GtkWindow *window, TdbgWindow **added)
{
  *added = TDBG_WINDOW (window);
  gtk_window_set_default_size (window, 1280, 800);
}

/* tfdbg-gtk --compare A B: what the command line sends the running instance. */
static TdbgWindow *
compare_through_application (const char *a, const char *b)
{
  TdbgWindow *window = NULL;
  gulong id = g_signal_connect (the_app, "window-added", G_CALLBACK (window_added_cb), &window);

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "compare", g_variant_new ("(ss)", a, b));
  g_signal_handler_disconnect (the_app, id);
  g_assert_nonnull (window);
  g_assert_true (gui_wait_until (compared, window, 60000));
  gui_spin (300);
  return window;
}

typedef struct {
  TdbgTracePane *pane;
  guint32 trace;
  int column;
} Cell;

static gboolean
cell_drawn (gpointer data)
{
  Cell *c = data;
  g_autofree char *index = g_strdup_printf ("%u", c->trace);
  TdbgTraceRow *row = tdbg_trace_pane_find_row (c->pane, c->trace);

  return row && g_str_equal (tdbg_trace_row_get_text (row, 0), index);
}

/* The Error column's text of @trace, as its row shows it (the row brought into view). */
static char *
error_text (TdbgWindow *window, guint32 trace, gboolean *bad)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  Cell cell = { pane, trace, tdbg_trace_pane_find_column (pane, "Error") };
  TdbgTraceRow *row;

  g_assert_cmpint (cell.column, >=, 0);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), trace);
  g_assert_true (gui_wait_until (cell_drawn, &cell, 5000));
  row = tdbg_trace_pane_find_row (pane, trace);
  if (bad)
    *bad = tdbg_trace_row_get_bad (row, (guint) cell.column);
  return g_strdup (tdbg_trace_row_get_text (row, (guint) cell.column));
}

static guint
diverging_rows (TdbgWindow *window)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *check = GTK_WIDGET (tdbg_trace_pane_get_diverging_check (pane));
  guint rows;

  g_assert_true (gtk_widget_get_visible (check));
  rows = gui_filter_by_check (pane, check, TRUE);
  return rows;
}

/* F8, as the window's capture-phase shortcut runs it. */
static void
press_f8 (TdbgWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-next", NULL);
  gui_spin (50);
}

static const char *
twin_text (TdbgWindow *window)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  return tdbg_tensor_details_get_twin_text (pane->details);
}

static gboolean
twin_read (gpointer details)
{
  return !tdbg_tensor_details_is_reading_twin (details);
}

/* The indices of @op_name's traces in @logdir, in trace order. */
static GArray *
traces_of (TdbgLogdir *logdir, const char *op_name)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    if (g_str_equal (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)))->op_name, op_name))
      g_array_append_val (found, i);
  return found;
}


/* How many elements of a values buffer are marked as differing from the twin's. */
static guint
marked_elements (GtkTextBuffer *buffer)
{
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "tdbg-differs");
  GtkTextIter iter;
  guint n = 0;

  if (tag == NULL)
    return 0;
  gtk_text_buffer_get_start_iter (buffer, &iter);
  if (gtk_text_iter_starts_tag (&iter, tag))
    n++;
  while (gtk_text_iter_forward_to_tag_toggle (&iter, tag))
    n += gtk_text_iter_starts_tag (&iter, tag);
  return n;
}

typedef struct {
  TdbgGraphPane *pane;
  TdbgLogdir *logdir;
  guint32 op;
} Drawn;

/* The graph pane draws @op of @logdir. */
static gboolean
drawn (gpointer data)
{
  Drawn *d = data;
  return tdbg_graph_pane_get_shown_logdir (d->pane) == d->logdir && tdbg_graph_pane_get_shown_op (d->pane) == d->op &&
         tdbg_graph_pane_get_requested_op (d->pane) == d->op;
}

/* Graph Structure's "A | B": run B's neighbourhood of @trace's op's twin, then run A's again. */
static void
assert_both_neighbourhoods (TdbgWindow *window, TdbgComparison *c, guint32 trace, const char *shot)
{
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  guint32 op_a = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->a, trace));
  guint32 op_b = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->b, c->twins[trace]));
  g_autofree char *header = g_strdup_printf ("Run B: %s (%s)", tdbg_logdir_get_op (c->b, op_b)->op_name,
                                             tdbg_logdir_get_op (c->b, op_b)->op_type);
  Drawn a = { graph, c->a, op_a }, b = { graph, c->b, op_b };

  if (!gui_wait_until (drawn, &a, 10000))
    g_error ("run A's op %u not drawn: shown %u of %s, requested %u", op_a, tdbg_graph_pane_get_shown_op (graph),
             tdbg_graph_pane_get_shown_logdir (graph) == c->a ? "A" : "B or none",
             tdbg_graph_pane_get_requested_op (graph));
  tdbg_graph_pane_set_run_b (graph, TRUE);
  g_assert_true (gui_wait_until (drawn, &b, 10000));
  g_assert_cmpstr (tdbg_graph_pane_get_op_text (graph), ==, header);
  /* Its selected node is run B's op. */
  g_assert_nonnull (tdbg_graph_pane_get_node_name (graph, op_b));
  gui_shot (GTK_WIDGET (window), shot);
  tdbg_graph_pane_set_run_b (graph, FALSE);
  g_assert_true (gui_wait_until (drawn, &a, 10000));
  g_assert_false (g_str_has_prefix (tdbg_graph_pane_get_op_text (graph), "Run B"));
}

/* ---- a pair written here: FULL_TENSOR, Relu:0 of step 1 scaled in run B, run B without the last
 * step's Relu:0, an op only run A has ------------------------------------------------------- */

#define N_STEPS 3

/* Run A's FULL_TENSOR values beside run B's, the elements that differ beyond the tolerances
 * marked in both and counted: those the fixture scaled by @scale that leave the tolerance. */
static void
assert_twin_values (TdbgWindow *window, TdbgComparison *c, guint32 trace, double scale)
{
  TdbgTensorDetails *details = tdbg_window_get_trace_pane (window)->details;
  GtkExpander *expander = tdbg_tensor_details_get_expander (details);
  g_autofree char *trace_b = g_strdup_printf ("%u", c->twins[trace]);
  g_autofree char *heading = NULL;
  float v[4];
  guint expected = 0;
  gboolean marked = TRUE;

  compare_run_values (1, 3, v);
  for (guint i = 0; i < 4; i++)
    expected += !tdbg_values_close (v[i], (float) (v[i] * scale), c->options.rtol, c->options.atol);
  /* Relu of step 1: two positive elements scaled, two zeros left alike. */
  g_assert_cmpuint (expected, ==, 2);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), trace);
  g_assert_true (gui_wait_until (twin_read, details, 5000));
  g_assert_true (tdbg_tensor_details_shows_twin_values (details));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (details), ==, expected);
  g_assert_cmpuint (marked_elements (tdbg_tensor_details_get_values (details, FALSE)), ==, expected);
  g_assert_cmpuint (marked_elements (tdbg_tensor_details_get_values (details, TRUE)), ==, expected);
  heading = g_strdup_printf ("_Tensor Values: %u of 4 elements differ", expected);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (tdbg_tensor_details_get_heading (details)), heading));
  /* Both summaries, the trace indices side by side; scaling keeps the signs: counts alike. */
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 1, "Trace", NULL), ==, trace_b);
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 0, "+", &marked), ==, "2");
  g_assert_false (marked);
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 1, "+", &marked), ==, "2");
  g_assert_false (marked);
  gtk_expander_set_expanded (expander, TRUE);
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), "compare-fixture-values.png");
  gtk_expander_set_expanded (expander, FALSE);
}

static void
test_fixture_pair (void)
{
  g_autofree char *dir_a = test_make_temp_dir ();
  g_autofree char *dir_b = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) relus = NULL;
  g_autoptr(GArray) extras = NULL;
  g_autoptr(GArray) adds = NULL;
  g_autofree char *expected_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *twin_prefix = NULL;
  TdbgWindow *window;
  TdbgComparison *c;
  TdbgSelection *sel;
  TdbgLogdir *a;
  CompareRun run_a, run_b;
  float v[4];
  double max_diff = 0;
  gboolean bad = FALSE;
  guint32 first, missing;

  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  run_a.extra_op = "OnlyInA";
  run_b.change_step = 1;
  run_b.scale = 1 + 1e-3;
  run_b.drop_last_relu = TRUE;
  g_assert_true (compare_run_write (&run_a, dir_a, &error));
  g_assert_true (compare_run_write (&run_b, dir_b, &error));
  g_assert_no_error (error);

  window = compare_through_application (dir_a, dir_b);
  c = tdbg_window_get_comparison (window);
  sel = tdbg_window_get_selection (window);
  a = tdbg_selection_get_logdir (sel);
  g_assert_true (c->a == a);
  relus = traces_of (a, "Relu");
  extras = traces_of (a, "OnlyInA");
  adds = traces_of (a, "MatMul");
  g_assert_cmpuint (relus->len, ==, N_STEPS);
  g_assert_cmpuint (extras->len, ==, N_STEPS);
  first = g_array_index (relus, guint32, 1);
  missing = g_array_index (relus, guint32, N_STEPS - 1);

  /* What the fixture changed, worked out from its values. */
  compare_run_values (1, 3, v);
  for (guint i = 0; i < 4; i++)
    max_diff = MAX (max_diff, fabs ((double) v[i] - (double) (float) (v[i] * run_b.scale)));
  expected_error = g_strdup_printf ("%.3g", max_diff);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_VALUES);
  g_assert_cmpuint (c->first.a, ==, first);
  g_assert_cmpuint (c->diverging_traces, ==, 2);

  /* The Error column: the scaled Relu's difference, highlighted; the Relu run B lacks, ≠; an
   * op output only run A has, not compared; the rest, 0. */
  g_assert_cmpint (tdbg_trace_pane_find_column (tdbg_window_get_trace_pane (window), "Error"), >=, 0);
  text = error_text (window, first, &bad);
  g_assert_cmpstr (text, ==, expected_error);
  g_assert_true (bad);
  g_free (text);
  text = error_text (window, missing, &bad);
  g_assert_cmpstr (text, ==, "≠");
  g_assert_true (bad);
  g_free (text);
  text = error_text (window, g_array_index (extras, guint32, 0), &bad);
  g_assert_cmpstr (text, ==, "—");
  g_assert_false (bad);
  g_free (text);
  text = error_text (window, g_array_index (relus, guint32, 0), &bad);
  g_assert_cmpstr (text, ==, "0");
  g_assert_false (bad);
  g_free (text);
  text = error_text (window, g_array_index (adds, guint32, 2), &bad);
  g_assert_cmpstr (text, ==, "0");
  g_clear_pointer (&text, g_free);

  /* The twin of the scaled Relu: run B's trace, with its summary and the error. */
  tdbg_selection_select_trace (sel, first);
  gui_spin (50);
  twin_prefix = g_strdup_printf ("Run B: trace %u — Relu:0 (Relu), FULL_TENSOR", c->twins[first]);
  g_assert_true (g_str_has_prefix (twin_text (window), twin_prefix));
  g_assert_nonnull (strstr (twin_text (window), expected_error));
  assert_twin_values (window, c, first, run_b.scale);
  assert_both_neighbourhoods (window, c, first, "compare-fixture-run-b-graph.png");
  /* The fixture's ops have no stacks: no other line to tell of. */
  g_assert_null (tdbg_stack_pane_get_twin_line (tdbg_window_get_stack_pane (window)));
  tdbg_selection_select_trace (sel, missing);
  gui_spin (50);
  g_assert_true (g_str_has_prefix (twin_text (window), NO_TWIN));
  /* No twin: run A's values alone, nothing counted; run B's row says why, in the same words. */
  g_assert_false (tdbg_tensor_details_shows_twin_values (tdbg_window_get_trace_pane (window)->details));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (tdbg_window_get_trace_pane (window)->details), ==, -1);
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (tdbg_window_get_trace_pane (window)->details, 1, "Trace", NULL),
                   ==, NO_TWIN);

  /* The op output only run A has is named under the alert kinds. */
  g_assert_nonnull (strstr (tdbg_alerts_pane_get_comparison_text (tdbg_window_get_alerts_pane (window)),
                            "outer/OnlyInA:0"));

  /* F8 from the start reaches the first divergence, and selects run A's trace there. */
  tdbg_selection_select_trace (sel, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-first", NULL);
  gui_spin (50);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, first);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (tdbg_window_get_alerts_pane (window), TDBG_ALERT_DIVERGENCE), >=, 1);
  gui_shot (GTK_WIDGET (window), "compare-fixture.png");

  g_assert_cmpuint (diverging_rows (window), ==, c->diverging_traces);
  gui_shot (GTK_WIDGET (window), "compare-fixture-diverging.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir_a);
  test_remove_tree (dir_b);
}

/* Run B's Relu of step 1 shaped [2, 2], not [4]: both runs' values shown, none paired or
 * marked, the heading says why, the Shape field marked. */
static void
test_fixture_reshaped (void)
{
  g_autofree char *dir_a = test_make_temp_dir ();
  g_autofree char *dir_b = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) relus = NULL;
  TdbgWindow *window;
  TdbgComparison *c;
  TdbgTensorDetails *details;
  CompareRun run_a, run_b;
  gboolean marked = FALSE;
  guint32 changed;

  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, N_STEPS);
  run_b.change_step = 1;
  run_b.reshape = TRUE;
  g_assert_true (compare_run_write (&run_a, dir_a, &error));
  g_assert_true (compare_run_write (&run_b, dir_b, &error));
  g_assert_no_error (error);

  window = compare_through_application (dir_a, dir_b);
  c = tdbg_window_get_comparison (window);
  details = tdbg_window_get_trace_pane (window)->details;
  relus = traces_of (c->a, "Relu");
  changed = g_array_index (relus, guint32, 1);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_SHAPE);
  g_assert_cmpuint (c->first.a, ==, changed);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), changed);
  g_assert_true (gui_wait_until (twin_read, details, 5000));
  g_assert_true (tdbg_tensor_details_shows_twin_values (details));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (details), ==, -1);
  g_assert_cmpstr (gtk_label_get_label (tdbg_tensor_details_get_heading (details)), ==,
                   "_Tensor Values: another dtype or shape in run B, no element compared");
  g_assert_cmpuint (marked_elements (tdbg_tensor_details_get_values (details, FALSE)), ==, 0);
  g_assert_cmpuint (marked_elements (tdbg_tensor_details_get_values (details, TRUE)), ==, 0);
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 0, "Shape", &marked), ==, "[4]");
  g_assert_true (marked);
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 1, "Shape", &marked), ==, "≠ [2, 2]");
  g_assert_true (marked);
  /* The counts are alike: not marked. */
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 1, "+", &marked), ==, "2");
  g_assert_false (marked);
  gtk_expander_set_expanded (tdbg_tensor_details_get_expander (details), TRUE);
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), "compare-fixture-reshaped.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir_a);
  test_remove_tree (dir_b);
}

/* ---- both runs followed while they are written -------------------------------------------- */

#define FOLLOW_STEPS 4
#define TRACES_PER_STEP 4

/* Copies the first @steps of the @from run's steps of traces into @to (its other files
 * whole): the traces file holds TRACES_PER_STEP records a step. */
static void
write_steps (const char *from, const char *to, guint steps)
{
  double records = TRACES_PER_STEP * FOLLOW_STEPS;

  follow_copy_written (from, to, ".graph_execution_traces", (TRACES_PER_STEP * steps + 0.5) / records);
}

typedef struct {
  TdbgWindow *window;
  guint a_traces, b_traces;
} Covers;

/* The comparison shown covers run A's and run B's traces as they now are. */
static gboolean
covers (gpointer data)
{
  Covers *w = data;
  TdbgComparison *c = tdbg_window_get_comparison (w->window);

  return c && c->n_a == w->a_traces && c->n_b == w->b_traces;
}

static void
wait_covers (TdbgWindow *window, guint a_steps, guint b_steps)
{
  Covers w = { window, a_steps * TRACES_PER_STEP, b_steps * TRACES_PER_STEP };

  TdbgComparison *c;

  if (!gui_wait_until (covers, &w, 20000))
    {
      c = tdbg_window_get_comparison (window);
      g_error ("the comparison covers %u and %u traces, not %u and %u", c ? c->n_a : 0, c ? c->n_b : 0, w.a_traces,
               w.b_traces);
    }
  gui_spin (50);
}

static const char *
summary_of (TdbgWindow *window)
{
  return tdbg_alerts_pane_get_comparison_text (tdbg_window_get_alerts_pane (window));
}

/* Run A and run B each written a step at a time while the window compares them: the comparison
 * follows both, what run B has not written yet is awaited, and the first divergence (Relu:0 of
 * step 2, scaled in run B) appears once run B has written it: its Error cell, its alert that F8
 * reaches, "Diverging only" (left on meanwhile) and the summary. */
static void
test_follow (void)
{
  g_autofree char *full_a = test_make_temp_dir ();
  g_autofree char *full_b = test_make_temp_dir ();
  g_autofree char *dir_a = test_make_temp_dir ();
  g_autofree char *dir_b = test_make_temp_dir ();
  g_autofree char *expected_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *first_text = NULL;
  g_autoptr(GError) error = NULL;
  TdbgWindow *window;
  TdbgTracePane *pane;
  TdbgComparison *c;
  TdbgSelection *sel;
  CompareRun run_a, run_b;
  float v[4];
  double max_diff = 0;
  gboolean bad = FALSE;
  const guint32 first = 2 * TRACES_PER_STEP + 3;   /* Relu:0 of step 2 */

  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, FOLLOW_STEPS);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, FOLLOW_STEPS);
  run_b.change_step = 2;
  run_b.scale = 1 + 1e-3;
  g_assert_true (compare_run_write (&run_a, full_a, &error));
  g_assert_true (compare_run_write (&run_b, full_b, &error));
  g_assert_no_error (error);
  compare_run_values (2, 3, v);
  for (guint i = 0; i < 4; i++)
    max_diff = MAX (max_diff, fabs ((double) v[i] - (double) (float) (v[i] * run_b.scale)));
  expected_error = g_strdup_printf ("%.3g", max_diff);

  /* Both have written step 0: nothing diverges. */
  write_steps (full_a, dir_a, 1);
  write_steps (full_b, dir_b, 1);
  window = compare_through_application (dir_a, dir_b);
  pane = tdbg_window_get_trace_pane (window);
  sel = tdbg_window_get_selection (window);
  g_assert_true (tdbg_run_get_following (tdbg_window_get_run (window)));
  wait_covers (window, 1, 1);
  g_assert_cmpuint (tdbg_window_get_comparison (window)->first.kind, ==, TDBG_DIVERGENCE_NONE);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (window->follow_button), "both runs"));

  /* Run B writes step 1: the comparison follows it. */
  write_steps (full_b, dir_b, 2);
  wait_covers (window, 1, 2);
  c = tdbg_window_get_comparison (window);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_NONE);
  g_assert_cmpuint (c->awaiting, ==, 0);

  /* Run A writes all four steps, ahead of run B: steps 2 and 3 wait for their twins, they do
   * not diverge; "Diverging only" lets nothing through. */
  write_steps (full_a, dir_a, FOLLOW_STEPS);
  wait_covers (window, FOLLOW_STEPS, 2);
  c = tdbg_window_get_comparison (window);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_NONE);
  g_assert_cmpuint (c->awaiting, ==, 2 * TRACES_PER_STEP);
  g_assert_cmpuint (c->compared_all, ==, 2 * TRACES_PER_STEP);
  g_assert_nonnull (strstr (summary_of (window), "none diverges"));
  g_assert_nonnull (strstr (summary_of (window), "8 traces wait for run B to record their twins."));
  text = error_text (window, first, &bad);
  g_assert_cmpstr (text, ==, "—");
  g_assert_false (bad);
  g_clear_pointer (&text, g_free);
  /* Its twin is awaited, not missing: run B is still being written. */
  g_assert_true (g_str_has_prefix (twin_text (window), NO_TWIN_YET));
  g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (pane->details, 1, "Trace", NULL), ==, NO_TWIN_YET);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (tdbg_window_get_alerts_pane (window), TDBG_ALERT_DIVERGENCE), ==, 0);
  g_assert_cmpuint (diverging_rows (window), ==, 0);
  gui_shot (GTK_WIDGET (window), "compare-follow-awaiting.png");

  /* Run B writes steps 2 and 3: the first divergence appears where run B's step 2 differs, and
   * "Diverging only", still on, shows its row. */
  write_steps (full_b, dir_b, FOLLOW_STEPS);
  wait_covers (window, FOLLOW_STEPS, FOLLOW_STEPS);
  c = tdbg_window_get_comparison (window);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_VALUES);
  g_assert_cmpuint (c->first.a, ==, first);
  g_assert_cmpuint (c->diverging_traces, ==, 1);
  g_assert_cmpuint (c->awaiting, ==, 0);
  g_assert_true (gtk_check_button_get_active (tdbg_trace_pane_get_diverging_check (pane)));
  g_assert_true (gui_wait_until ((GuiCond) tdbg_trace_pane_get_n_rows, pane, 5000));
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, 1);
  first_text = g_strdup_printf ("first divergence at trace %u, Relu:0 (values differ", first);
  g_assert_nonnull (strstr (summary_of (window), first_text));
  g_assert_null (strstr (summary_of (window), "wait for run B"));
  text = error_text (window, first, &bad);
  g_assert_cmpstr (text, ==, expected_error);
  g_assert_true (bad);
  g_clear_pointer (&text, g_free);
  g_assert_cmpuint (tdbg_alerts_pane_get_kind_count (tdbg_window_get_alerts_pane (window), TDBG_ALERT_DIVERGENCE), ==, 1);
  gui_shot (GTK_WIDGET (window), "compare-follow-diverged.png");
  gui_filter_by_check (pane, GTK_WIDGET (tdbg_trace_pane_get_diverging_check (pane)), FALSE);
  tdbg_selection_select_trace (sel, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.alert-first", NULL);
  gui_spin (50);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, first);

  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < 4; i++)
    test_remove_tree ((const char *[]) { full_a, full_b, dir_a, dir_b }[i]);
}

/* ---- ../shared/pairs/pair_regression, against its EXPECTED.json ---------------------------- */

typedef struct {
  char *kind;
  guint32 a;
  char *op_name;
  double max_abs_diff;
  GPtrArray *only_in_a;
} Expected;

static void
expected_clear (Expected *e)
{
  g_free (e->kind);
  g_free (e->op_name);
  g_clear_pointer (&e->only_in_a, g_ptr_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Expected, expected_clear)

/* What compare mode adds (a column, the twin's line, the summary) leaves the window no wider
 * than it is: every pane's controls in view. */
static void
assert_fits (TdbgWindow *window)
{
  int min_w;

  gui_spin (250);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  g_test_message ("window %d px wide, at least %d px", gtk_widget_get_width (GTK_WIDGET (window)), min_w);
  if (min_w > gtk_widget_get_width (GTK_WIDGET (window)) ||
      !gui_wait_until ((GuiCond) gui_panes_in_window, window, 10000))
    {
      gui_print_widest (GTK_WIDGET (window), 0);
      g_error ("compare mode needs %d px in a window %d px wide", min_w, gtk_widget_get_width (GTK_WIDGET (window)));
    }
}

/* The answers the window must give, read out of EXPECTED.json's text. */
static void
read_expected (const char *path, Expected *e)
{
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) first = g_regex_new ("\"first_divergence\":\\s*\\{\\s*\"kind\":\\s*\"(\\w+)\",\\s*\"a\":\\s*\\{"
                                         "\\s*\"graph_execution_trace_index\":\\s*(\\d+),\\s*\"op_name\":\\s*\"([^\"]+)\""
                                         "[^}]*\\},\\s*\"b\":\\s*(\\{[^}]*\\}|null),\\s*\"max_abs_diff\":\\s*([-0-9.eE+]+)",
                                         0, 0, NULL);
  g_autoptr(GRegex) only = g_regex_new ("\"only_in_a\":\\s*\\[([^\\]]*)\\]", 0, 0, NULL);
  g_autoptr(GRegex) item = g_regex_new ("\"([^\"]+)\"", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GMatchInfo) mo = NULL;
  g_autoptr(GMatchInfo) mi = NULL;
  g_autofree char *index = NULL, *diff = NULL, *list = NULL;

  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_regex_match (first, json, 0, &m));
  e->kind = g_match_info_fetch (m, 1);
  index = g_match_info_fetch (m, 2);
  e->op_name = g_match_info_fetch (m, 3);
  diff = g_match_info_fetch (m, 5);
  e->a = (guint32) g_ascii_strtoull (index, NULL, 10);
  e->max_abs_diff = g_ascii_strtod (diff, NULL);
  g_assert_true (g_regex_match (only, json, 0, &mo));
  list = g_match_info_fetch (mo, 1);
  e->only_in_a = g_ptr_array_new_with_free_func (g_free);
  for (g_regex_match (item, list, 0, &mi); g_match_info_matches (mi); g_match_info_next (mi, NULL))
    g_ptr_array_add (e->only_in_a, g_match_info_fetch (mi, 1));
}


/* Both FULL_HEALTH summaries of @trace and its twin, read from the runs: a field is marked in
 * both rows exactly when its counts differ, run B's with "≠". */
static void
assert_twin_summaries (TdbgWindow *window, TdbgComparison *c, guint32 trace)
{
  TdbgTensorDetails *details = tdbg_window_get_trace_pane (window)->details;
  static const char *const titles[] = { "−", "0", "+", "NaN" };
  TdbgValue va, vb;
  Tensorflow__DebugEvent *ea = tdbg_logdir_read_trace (c->a, trace, NULL);
  Tensorflow__DebugEvent *eb = tdbg_logdir_read_trace (c->b, c->twins[trace], NULL);
  guint n_marked = 0;

  g_assert_nonnull (ea);
  g_assert_nonnull (eb);
  tdbg_value_init (&va, tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (c->a, trace)),
                   ea->graph_execution_trace->tensor_proto);
  tdbg_value_init (&vb, tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (c->b, c->twins[trace])),
                   eb->graph_execution_trace->tensor_proto);
  g_assert_true (va.counts_known && vb.counts_known);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      guint64 a = i == 0 ? va.counts.neg : i == 1 ? va.counts.zero : i == 2 ? va.counts.pos : va.counts.nan;
      guint64 b = i == 0 ? vb.counts.neg : i == 1 ? vb.counts.zero : i == 2 ? vb.counts.pos : vb.counts.nan;
      g_autofree char *text_a = g_strdup_printf ("%" G_GUINT64_FORMAT, a);
      g_autofree char *text_b = a != b ? g_strdup_printf ("≠ %" G_GUINT64_FORMAT, b)
                                       : g_strdup_printf ("%" G_GUINT64_FORMAT, b);
      gboolean marked_a = FALSE, marked_b = FALSE;

      g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 0, titles[i], &marked_a), ==, text_a);
      g_assert_cmpstr (tdbg_tensor_details_get_twin_cell (details, 1, titles[i], &marked_b), ==, text_b);
      g_assert_cmpint (marked_a, ==, a != b);
      g_assert_cmpint (marked_b, ==, a != b);
      n_marked += a != b;
    }
  /* EXPECTED.json: the health summaries differ there. */
  g_assert_cmpuint (n_marked, >, 0);
  /* Summaries have no values to set side by side. */
  g_assert_false (tdbg_tensor_details_shows_twin_values (details));
  tdbg_value_clear (&va);
  tdbg_value_clear (&vb);
  tensorflow__debug_event__free_unpacked (ea, NULL);
  tensorflow__debug_event__free_unpacked (eb, NULL);
}

/* The lines that made run A's op of @trace and its twin: their texts and the twin's number. */
static void
lines_of (TdbgComparison *c, guint32 trace, char **text_a, char **text_b, gint *line_b)
{
  const TdbgStackFrame *fa = tdbg_logdir_get_op_user_frame (c->a, tdbg_logdir_get_op (c->a, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->a, trace))));
  const TdbgStackFrame *fb = tdbg_logdir_get_op_user_frame (c->b, tdbg_logdir_get_op (c->b, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->b, c->twins[trace]))));

  g_assert_nonnull (fa);
  g_assert_nonnull (fb);
  *line_b = fb->line;
  *text_a = g_strstrip (g_strdup (tdbg_logdir_get_frame_line (c->a, fa)));
  *text_b = g_strstrip (g_strdup (tdbg_logdir_get_frame_line (c->b, fb)));
}

static gboolean
shows_run_a (gpointer source)
{
  return !tdbg_source_pane_shows_run_b (source);
}

/* Stack Trace's "In run B: file:line" for the first divergence (run B's line moved), which
 * opens run B's file in Source Code at that line; none for an op made by the same line. */
static void
assert_twin_line (TdbgWindow *window, TdbgComparison *c, guint32 trace)
{
  TdbgStackPane *stack = tdbg_window_get_stack_pane (window);
  TdbgSourcePane *source = tdbg_window_get_source_pane (window);
  TdbgSelection *sel = tdbg_window_get_selection (window);
  GtkDropDown *files = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (source), GTK_TYPE_DROP_DOWN));
  GtkWidget *back = gui_find_by_tooltip (GTK_WIDGET (source), "Show this run's file at the selected line again");
  g_autofree char *want = NULL;
  g_autofree char *text_a = NULL, *text_b = NULL;
  gint line_b = 0;
  guint32 same = TDBG_NONE;

  g_assert_nonnull (files);
  g_assert_nonnull (back);

  /* Run B dropped the epsilon of the first diverging op's line (and the line above it). */
  lines_of (c, trace, &text_a, &text_b, &line_b);
  g_assert_cmpstr (text_a, ==, "return (batch - mean) / tf.sqrt(var + EPSILON)");
  g_assert_cmpstr (text_b, ==, "return (batch - mean) / tf.sqrt(var)");
  want = g_strdup_printf ("In run B: train_standardized.py:%d — %s", line_b, text_b);
  g_assert_cmpstr (tdbg_stack_pane_get_twin_line (stack), ==, want);
  g_assert_false (tdbg_source_pane_shows_run_b (source));
  g_assert_cmpuint (gtk_drop_down_get_selected (files), ==, tdbg_selection_get_source_file (sel));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (tdbg_stack_pane_get_twin_button (stack))));
  /* A button activated is clicked once its pressed look has shown. */
  gtk_widget_activate (GTK_WIDGET (tdbg_stack_pane_get_twin_button (stack)));
  g_assert_true (gui_wait_until ((GuiCond) tdbg_source_pane_shows_run_b, source, 2000));
  g_assert_cmpint (tdbg_source_pane_get_marked_line (source), ==, line_b);
  /* The list of this run's files is not shown while run B's file is. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (files)));
  g_assert_true (gtk_widget_get_visible (back));
  gui_shot (GTK_WIDGET (window), "compare-regression-run-b-line.png");
  /* Back to run A: its file, named in the list, at the selected line. */
  gtk_widget_activate (back);
  g_assert_true (gui_wait_until (shows_run_a, source, 2000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (files)));
  g_assert_cmpuint (gtk_drop_down_get_selected (files), ==, tdbg_selection_get_source_file (sel));
  g_assert_cmpint (tdbg_source_pane_get_marked_line (source), ==, tdbg_selection_get_source_line (sel));
  gtk_widget_activate (GTK_WIDGET (tdbg_stack_pane_get_twin_button (stack)));
  g_assert_true (gui_wait_until ((GuiCond) tdbg_source_pane_shows_run_b, source, 2000));

  /* An earlier op of the same function, made by the same code (its line moved up one in run
   * B): no line of run B. */
  for (guint32 t = 0; t < trace && same == TDBG_NONE; t++)
    {
      g_autofree char *ta = NULL, *tb = NULL;
      gint line = 0;
      const TdbgOp *op = tdbg_logdir_get_op (c->a, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (c->a, t)));

      if (c->twins[t] == TDBG_NONE || !g_str_equal (op->op_name, "reduce_variance/Mean_1"))
        continue;
      lines_of (c, t, &ta, &tb, &line);
      g_assert_cmpstr (ta, ==, tb);
      g_assert_cmpint (line, ==, tdbg_logdir_get_op_user_frame (c->a, op)->line - 1);
      same = t;
    }
  g_assert_cmpuint (same, !=, TDBG_NONE);
  tdbg_selection_select_trace (sel, same);
  gui_spin (50);
  g_assert_null (tdbg_stack_pane_get_twin_line (stack));
  /* Another line of this run selected: this run's file again. */
  g_assert_false (tdbg_source_pane_shows_run_b (source));
  tdbg_selection_select_trace (sel, trace);
  gui_spin (50);
}

static gboolean
dark_is (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) == GPOINTER_TO_INT (data);
}

/* The twin's marks, run B's graph and line in the dark style, for a look at their contrast. */
static void
shoot_dark (TdbgWindow *window, const char *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (gui_wait_until (dark_is, GINT_TO_POINTER (TRUE), 5000));
  tdbg_graph_pane_set_run_b (graph, TRUE);
  gui_spin (500);
  gui_shot (GTK_WIDGET (window), name);
  tdbg_graph_pane_set_run_b (graph, FALSE);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_assert_true (gui_wait_until (dark_is, GINT_TO_POINTER (FALSE), 5000));
}

static void
test_shared_pair (void)
{
  g_autofree char *root = g_path_get_dirname (test_env_shared_logdirs ());
  g_autofree char *pair = g_build_filename (root, "pairs", "pair_regression", NULL);
  g_autofree char *dir_a = g_build_filename (pair, "run_a", NULL);
  g_autofree char *dir_b = g_build_filename (pair, "run_b", NULL);
  g_autofree char *json = g_build_filename (pair, "EXPECTED.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *want = NULL;
  g_auto(Expected) e = { 0 };
  TdbgWindow *window;
  TdbgComparison *c;
  TdbgSelection *sel;
  TdbgLogdir *a;
  const char *summary;
  gboolean bad = FALSE;

  read_expected (json, &e);
  window = compare_through_application (dir_a, dir_b);
  c = tdbg_window_get_comparison (window);
  sel = tdbg_window_get_selection (window);
  a = tdbg_selection_get_logdir (sel);
  g_assert_cmpstr (tdbg_divergence_kind_code (c->first.kind), ==, e.kind);
  g_assert_cmpuint (c->first.a, ==, e.a);

  /* The First divergence alert: F8 from the first trace reaches it and selects its trace. */
  tdbg_selection_select_trace (sel, 0);
  gui_spin (50);
  press_f8 (window);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, e.a);
  g_assert_cmpstr (tdbg_logdir_get_op (a, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (a, e.a)))->op_name, ==, e.op_name);
  /* Its Error cell: EXPECTED.json's max_abs_diff, highlighted. */
  text = error_text (window, e.a, &bad);
  want = g_strdup_printf ("%.3g", e.max_abs_diff);
  g_assert_cmpstr (text, ==, want);
  g_assert_true (bad);
  /* The twin's line names run B's trace. */
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("Run B: trace %u — %s:0", c->twins[e.a], e.op_name);
  g_assert_true (g_str_has_prefix (twin_text (window), want));
  assert_twin_summaries (window, c, e.a);
  assert_twin_line (window, c, e.a);
  assert_both_neighbourhoods (window, c, e.a, "compare-regression-run-b-graph.png");
  shoot_dark (window, "compare-regression-dark.png");
  /* What only run A has. */
  summary = tdbg_alerts_pane_get_comparison_text (tdbg_window_get_alerts_pane (window));
  g_assert_cmpuint (e.only_in_a->len, >, 0);
  for (guint i = 0; i < e.only_in_a->len; i++)
    g_assert_nonnull (strstr (summary, g_ptr_array_index (e.only_in_a, i)));
  g_assert_nonnull (strstr (tdbg_window_get_status_text (window), "compared with"));
  /* Run A holds no NaN/∞, run B does: the pane never says "No NaN/∞" without saying which run. */
  g_assert_null (gui_find_label (GTK_WIDGET (tdbg_window_get_alerts_pane (window)),
                                 "No NaN/∞: no tensor held −∞, +∞ or NaN in the debug modes recorded.", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (tdbg_window_get_alerts_pane (window)),
                                    "No NaN/∞ in this run; run B has 45 NaN/∞ alerts.", FALSE));
  assert_fits (window);
  gui_shot (GTK_WIDGET (window), "compare-regression.png");

  /* F8 goes on to the next alert: the first divergence is behind. */
  press_f8 (window);
  g_assert_cmpuint (tdbg_selection_get_trace (sel), !=, e.a);

  g_assert_cmpuint (diverging_rows (window), ==, c->diverging_traces);
  gui_shot (GTK_WIDGET (window), "compare-regression-diverging.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Compare With… on a run shown: the chosen run is compared, and another logdir leaves compare
 * mode; a folder that is no run says why in the error banner. */
static void
test_compare_with (void)
{
  g_autofree char *root = g_path_get_dirname (test_env_shared_logdirs ());
  g_autofree char *dir_a = g_build_filename (root, "pairs", "pair_same", "run_a", NULL);
  g_autofree char *dir_b = g_build_filename (root, "pairs", "pair_same", "run_b", NULL);
  g_autofree char *nowhere = g_build_filename (root, "pairs", "no-such-run", NULL);
  TdbgWindow *window = gui_open_window (dir_a);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);

  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Error"), <, 0);
  tdbg_window_compare (window, dir_b);
  g_assert_true (gui_wait_until (compared, window, 60000));
  g_assert_cmpuint (tdbg_window_get_comparison (window)->diverging_traces, ==, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Error"), >=, 0);
  g_assert_nonnull (strstr (tdbg_alerts_pane_get_comparison_text (tdbg_window_get_alerts_pane (window)), "none diverges"));

  tdbg_window_compare (window, nowhere);
  gui_spin (100);
  g_assert_null (tdbg_window_get_comparison (window));
  g_assert_nonnull (tdbg_window_get_load_error (window));
  g_assert_nonnull (strstr (tdbg_window_get_load_error (window), "cannot be compared"));
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Error"), <, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
loaded (gpointer window)
{
  return !tdbg_window_is_loading (window) && tdbg_selection_get_logdir (tdbg_window_get_selection (window));
}

/* Folders dropped onto the window: one is opened (compare mode left), one with Ctrl held is
 * compared with the run shown, two are opened and compared. */
static void
test_dropped (void)
{
  g_autofree char *root = g_path_get_dirname (test_env_shared_logdirs ());
  g_autofree char *dir_a = g_build_filename (root, "pairs", "pair_regression", "run_a", NULL);
  g_autofree char *dir_b = g_build_filename (root, "pairs", "pair_regression", "run_b", NULL);
  g_autoptr(GFile) a = g_file_new_for_path (dir_a);
  g_autoptr(GFile) b = g_file_new_for_path (dir_b);
  TdbgWindow *window = gui_open_window (dir_a);
  g_autofree char *path_a = g_file_get_path (a);   /* as GFile spells it: no ".." */
  g_autofree char *path_b = g_file_get_path (b);
  GSList *one = g_slist_append (NULL, b);
  GSList *two = g_slist_append (g_slist_append (NULL, a), b);
  GtkEventController *target = gui_find_controller (GTK_WIDGET (window), GTK_TYPE_DROP_TARGET);
  gboolean taken = FALSE;
  GValue value = G_VALUE_INIT;

  /* Ctrl held: run B compared with run A, which stays shown. */
  _tdbg_window_drop_files (window, one, GDK_CONTROL_MASK);
  g_assert_true (gui_wait_until (compared, window, 60000));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, path_a);
  g_assert_cmpuint (tdbg_window_get_comparison (window)->diverging_traces, >, 0);

  /* No modifier: run B opened in its place, compare mode left. */
  _tdbg_window_drop_files (window, one, 0);
  g_assert_true (gui_wait_until (loaded, window, 60000));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, path_b);
  g_assert_null (tdbg_window_get_comparison (window));

  /* Both dropped at once (through the window's drop target): A shown, compared with B. */
  g_assert_nonnull (target);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, two);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &taken);
  g_assert_true (taken);
  g_assert_true (gui_wait_until (compared, window, 60000));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, path_a);
  g_assert_cmpuint (tdbg_window_get_comparison (window)->diverging_traces, >, 0);

  g_value_unset (&value);
  g_slist_free (one);
  g_slist_free (two);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  int status;

  gui_test_init (&argc, &argv);
  the_app = tdbg_application_new ();
  if (!g_application_register (G_APPLICATION (the_app), NULL, NULL))
    g_error ("the application could not register");
  g_test_add_func ("/gui/compare/fixture-pair", test_fixture_pair);
  g_test_add_func ("/gui/compare/fixture-reshaped", test_fixture_reshaped);
  g_test_add_func ("/gui/compare/shared-pair", test_shared_pair);
  g_test_add_func ("/gui/compare/compare-with", test_compare_with);
  g_test_add_func ("/gui/compare/dropped", test_dropped);
  g_test_add_func ("/gui/compare/follow", test_follow);
  status = g_test_run ();
  g_clear_object (&the_app);
  return status;
}
