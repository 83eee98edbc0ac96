/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FULL_TENSOR values in Graph Execution's viewer: slicing and highlighting, and the parsing
 * of highlight ranges. */

#include <math.h>
#include "gui-util.h"
#include "tdbg-tensor-text.h"

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

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/tensor-viewer", test_tensor_viewer);
  g_test_add_func ("/gui/highlight-parse", test_highlight_parse);
  return g_test_run ();
}
