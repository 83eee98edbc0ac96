/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FULL_TENSOR values in Graph Execution's viewer: slicing and highlighting, and the parsing
 * of highlight ranges. */

#include <math.h>
#include "gui-util.h"
#include "tdbg-tensor-text.h"
#include "tdbg-local-source.h"
#include "tdbg-tensor-details.h"
#include "compare-fixtures.h"
#include "gated-source.h"
#include "tdbg-compare.h"
#include "test-util.h"

/* ---- FULL_TENSOR values: slicing and highlighting ---- */

/* The buffer's text, and its "tdbg-bad" spans joined by "|". */
static char *
highlighted_spans (GtkTextBuffer *buffer)
{
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "tdbg-bad");
  GString *out = g_string_new (NULL);
  GtkTextIter iter, end;

  gtk_text_buffer_get_start_iter (buffer, &iter);
  while (tag && !gtk_text_iter_is_end (&iter))
    {
      if (!gtk_text_iter_starts_tag (&iter, tag) && !gtk_text_iter_forward_to_tag_toggle (&iter, tag))
        break;
      if (!gtk_text_iter_starts_tag (&iter, tag))
        continue;
      end = iter;
      gtk_text_iter_forward_to_tag_toggle (&end, tag);
      g_autofree char *span = gtk_text_iter_get_text (&iter, &end);
      if (out->len)
        g_string_append_c (out, '|');
      g_string_append (out, span);
      iter = end;
    }
  return g_string_free (out, FALSE);
}

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

typedef struct {
  GtkTextBuffer *buffer;
  GtkWidget *slice;
  GtkWidget *highlight;
} Viewer;

static void
check_view (Viewer *v, const char *slice, const char *highlight, const char *text, const char *spans)
{
  g_autofree char *shown = NULL;
  g_autofree char *marked = NULL;

  gtk_editable_set_text (GTK_EDITABLE (v->slice), slice);
  gtk_editable_set_text (GTK_EDITABLE (v->highlight), highlight);
  shown = buffer_text (v->buffer);
  marked = highlighted_spans (v->buffer);
  g_test_message ("slice \"%s\", highlight \"%s\": \"%s\", highlighted \"%s\"", slice, highlight, shown, marked);
  g_assert_cmpstr (shown, ==, text);
  g_assert_cmpstr (marked, ==, spans);
}

static void
test_tensor_viewer (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkExpander *expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_EXPANDER));
  Viewer v;

  g_assert_nonnull (expander);
  /* The window opens on the first alert, a trace whose values can be shown; with no trace
   * selected there are none. */
  g_assert_cmpuint (tdbg_selection_get_trace (sel), !=, TDBG_NONE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  tdbg_selection_select_trace (sel, TDBG_NONE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (expander)));

  /* Trace 3: Sqrt of [[3, -2, 0], [8, 18, -0.5]] = [[1.73205, nan, 0], [2.82843, 4.24264, nan]]. */
  tdbg_selection_select_trace (sel, 3);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  /* The expander holds its content only while expanded. */
  gtk_expander_set_expanded (expander, TRUE);
  v.slice = gui_find_editable (GTK_WIDGET (expander), "Slice, e.g. [0:50, :]");
  v.highlight = gui_find_editable (GTK_WIDGET (expander), "Highlight, e.g. nan, [-inf, -1]");
  g_assert_nonnull (v.slice);
  g_assert_nonnull (v.highlight);
  g_assert_nonnull (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
  v.buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW)));
  check_view (&v, "", "", "1.73205  nan  0.\n2.82843  4.24264  nan", "nan|nan");
  check_view (&v, "[0:1, :]", "", "1.73205  nan  0.", "nan");
  check_view (&v, "[:, 1]", "", "nan\n4.24264", "nan");
  check_view (&v, "[1, -2:]", "[4, 5]", "4.24264  nan", "4.24264");
  check_view (&v, "[0:1, :]", "nan, [-inf, -1]", "1.73205  nan  0.", "nan");
  check_view (&v, "[9:, :]", "", "(empty slice)", "");
  check_view (&v, "[0:1", "", "Not a slice: use the form [0:50, :]", "");
  check_view (&v, "[0:2, :]", "", "1.73205  nan  0.\n2.82843  4.24264  nan", "nan|nan");
  gui_shot (GTK_WIDGET (window), "tensor-viewer.png");

  /* Trace 0: the input x = [[1.5, -2, 0], [4, 9, -0.5]]. */
  tdbg_selection_select_trace (sel, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  check_view (&v, "", "[-inf, -1]", "1.5  -2.  0.\n4.  9.  -0.5", "-2.");
  check_view (&v, "", "[[-inf, -1], [1, inf]]", "1.5  -2.  0.\n4.  9.  -0.5", "1.5|-2.|4.|9.");
  check_view (&v, "[:, 0]", "0, [-0.5, -0.5]", "1.5\n4.", "");
  check_view (&v, "[1, :]", "0, [-0.5, -0.5]", "4.  9.  -0.5", "-0.5");
  check_view (&v, "[0, :]", "0", "1.5  -2.  0.", "0.");
  g_assert_false (gtk_widget_has_css_class (v.highlight, "error"));
  /* A list that does not parse is marked; ∞ and NaN are highlighted meanwhile. */
  check_view (&v, "", "[1,", "1.5  -2.  0.\n4.  9.  -0.5", "");
  g_assert_true (gtk_widget_has_css_class (v.highlight, "error"));
  check_view (&v, "", "[[-inf, -1], [1, inf]]", "1.5  -2.  0.\n4.  9.  -0.5", "1.5|-2.|4.|9.");
  g_assert_false (gtk_widget_has_css_class (v.highlight, "error"));
  gui_shot (GTK_WIDGET (window), "tensor-viewer-ranges.png");

  /* A trace of another mode hides the viewer. */
  gtk_editable_set_text (GTK_EDITABLE (v.highlight), "");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_highlight_parse (void)
{
  static const struct {
    const char *spec;
    gboolean ok;
    guint n;
  } cases[] = {
    { "", TRUE, 0 },
    { "nan", TRUE, 1 },
    { "NaN, inf, -inf", TRUE, 3 },
    { "[-inf, -1]", TRUE, 1 },
    { "[[-inf, -1], [1, inf]]", TRUE, 2 },
    { "nan [0,1] 5", TRUE, 3 },
    { "[1, 0]", FALSE, 0 },
    { "[1,", FALSE, 0 },
    { "[a, b]", FALSE, 0 },
    { "[1, 2, 3]", FALSE, 0 },
    { "x", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
      g_assert_cmpint (tdbg_tensor_parse_highlight (cases[i].spec, ranges), ==, cases[i].ok);
      g_assert_cmpuint (ranges->len, ==, cases[i].n);
    }
  {
    g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
    const TdbgHighlightRange *r;
    g_assert_true (tdbg_tensor_parse_highlight ("[[-inf, -1], [1, inf]]", ranges));
    r = &g_array_index (ranges, TdbgHighlightRange, 0);
    g_assert_true (isinf (r->lo) && r->lo < 0);
    g_assert_cmpfloat (r->hi, ==, -1);
    r = &g_array_index (ranges, TdbgHighlightRange, 1);
    g_assert_cmpfloat (r->lo, ==, 1);
    g_assert_true (isinf (r->hi) && r->hi > 0);
  }
}

/* ---- compare mode: run B's values read off the main thread ---- */

static gboolean
reading_done (gpointer details)
{
  return !tdbg_tensor_details_is_reading_twin (details);
}

static gboolean
gate_waited_at (gpointer gated)
{
  return gated_source_is_waiting (gated);
}

static TdbgLogdir *
load (TdbgSource *source)
{
  TdbgLogdir *logdir = tdbg_logdir_new (source);
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

/* The twin's record is read in a worker: while run B (here held at a gate, as a slow ssh://
 * logdir would be) answers, the window goes on and run B's side says it is reading; the
 * answer for a twin no longer shown is dropped, the one shown gets its values and count. */
static void
test_twin_read (void)
{
  g_autofree char *dir_a = test_make_temp_dir ();
  g_autofree char *dir_b = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) local_a = NULL, local_b = NULL;
  g_autoptr(GatedSource) gated = NULL;
  g_autoptr(TdbgLogdir) a = NULL, b = NULL;
  g_autoptr(TdbgTwins) twins = NULL;
  g_autofree char *reading = NULL;
  GtkWidget *window = gtk_window_new ();
  TdbgTensorDetails *details = g_object_new (TDBG_TYPE_TENSOR_DETAILS, NULL);
  GtkWidget *focus;
  CompareRun run_a, run_b;
  /* Relu:0 of step 1, scaled in run B (two of its four elements leave the tolerance), and of
   * step 0, alike. */
  const guint32 changed = 4 + 3, alike = 3;

  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 2);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 2);
  run_b.change_step = 1;
  run_b.scale = 1 + 1e-3;
  g_assert_true (compare_run_write (&run_a, dir_a, &error));
  g_assert_true (compare_run_write (&run_b, dir_b, &error));
  g_assert_no_error (error);
  local_a = tdbg_local_source_new (dir_a);
  local_b = tdbg_local_source_new (dir_b);
  a = load (local_a);
  gated = gated_source_new (local_b, ".graph_execution_traces");
  gated_source_open (gated);
  b = load (TDBG_SOURCE (gated));
  gated_source_close (gated);
  /* The fixture's runs trace the same ops in the same order: trace i's twin is trace i. */
  twins = tdbg_twins_new (b, "run B", TDBG_COMPARE_DEFAULT_RTOL, TDBG_COMPARE_DEFAULT_ATOL, tdbg_logdir_get_n_traces (a),
                          tdbg_logdir_get_n_ops (a));
  for (guint32 i = 0; i < twins->n_traces; i++)
    twins->traces[i] = i;
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (details));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 360);
  gtk_expander_set_expanded (tdbg_tensor_details_get_expander (details), TRUE);
  gtk_window_present (GTK_WINDOW (window));

  tdbg_tensor_details_show_trace (details, a, changed, NULL);
  tdbg_tensor_details_show_twin (details, twins, changed, NULL, NULL);
  g_assert_true (tdbg_tensor_details_is_reading_twin (details));
  g_assert_false (tdbg_tensor_details_shows_twin_values (details));
  reading = buffer_text (tdbg_tensor_details_get_values (details, TRUE));
  g_assert_cmpstr (reading, ==, "Reading run B’s values…");
  g_assert_true (gui_wait_until (gate_waited_at, gated, 5000));
  gui_spin (100);
  gui_shot (window, "tensor-twin-reading.png");

  /* Another trace shown before run B answers: only its twin is set beside it. The focus was on
   * a twin cell (the window alone puts it there, as a click would): it goes to the summary, and
   * GTK 4.8 does not trip over the removed cell at the next layout (a fatal critical here). */
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (details)));
  g_assert_true (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus)));
  g_assert_true (gtk_widget_get_parent (focus) != NULL && GTK_IS_GRID (gtk_widget_get_parent (focus)));
  tdbg_tensor_details_show_trace (details, a, alike, NULL);
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (details)) && GTK_IS_LABEL (focus));
  g_assert_false (GTK_IS_GRID (gtk_widget_get_parent (focus)));
  tdbg_tensor_details_show_twin (details, twins, alike, NULL, NULL);
  gated_source_open (gated);
  g_assert_true (gui_wait_until (reading_done, details, 5000));
  /* The first read's answer, dropped, may come after. */
  gui_spin (200);
  g_assert_true (tdbg_tensor_details_shows_twin_values (details));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (details), ==, 0);

  tdbg_tensor_details_show_trace (details, a, changed, NULL);
  tdbg_tensor_details_show_twin (details, twins, changed, NULL, NULL);
  g_assert_true (gui_wait_until (reading_done, details, 5000));
  g_assert_true (tdbg_tensor_details_shows_twin_values (details));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (details), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir_a);
  test_remove_tree (dir_b);
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/tensor-viewer", test_tensor_viewer);
  g_test_add_func ("/gui/highlight-parse", test_highlight_parse);
  g_test_add_func ("/gui/tensor/twin-read", test_twin_read);
  return g_test_run ();
}
