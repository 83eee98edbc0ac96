/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Execution: the filters, "go to", and the rows: each column of a trace as EXPECTED.json
 * states its values, ∞ and NaN marked, lined up with the header, resized and scrolled. */

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-row.h"
#include "tdbg-tensor.h"

/* ---- Graph Execution: filters and "go to" ---- */

static guint
dropdown_position (GtkDropDown *dropdown, const char *text)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
      if (g_str_equal (gtk_string_object_get_string (item), text))
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Counts from the digests, as the filters are specified. */
static guint
count_traces (TdbgLogdir *logdir, GRegex *regex, const char *op_type, gboolean alerting_only)
{
  guint n = 0;

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
      if (regex && !g_regex_match (regex, op->op_name, 0, NULL))
        continue;
      if (op_type && g_strcmp0 (op->op_type, op_type) != 0)
        continue;
      if (alerting_only && !(d->flags & TDBG_DIGEST_HAS_INF_NAN))
        continue;
      n++;
    }
  return n;
}

/* The search entry reports changes after a delay: wait for its mark rather than a fixed time. */
static gboolean
entry_marked (gpointer entry)
{
  return gtk_widget_has_css_class (entry, "error");
}

static gboolean
entry_unmarked (gpointer entry)
{
  return !gtk_widget_has_css_class (entry, "error");
}

static void
test_filters (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *regex_entry = gui_find_editable (GTK_WIDGET (pane), "Op name");
  GtkWidget *check = gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_CHECK_BUTTON);
  GtkDropDown *types = GTK_DROP_DOWN (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_DROP_DOWN));
  g_autoptr(GRegex) regex = g_regex_new ("mat", G_REGEX_CASELESS, 0, NULL);
  guint n = tdbg_logdir_get_n_traces (logdir);
  guint by_regex = count_traces (logdir, regex, NULL, FALSE);
  guint by_type = count_traces (logdir, NULL, "MatMul", FALSE);
  guint alerting = count_traces (logdir, NULL, NULL, TRUE);
  guint both = count_traces (logdir, regex, NULL, TRUE);
  guint matmul = dropdown_position (types, "MatMul");
  g_autofree char *title = NULL;

  g_assert_nonnull (regex_entry);
  g_assert_nonnull (check);
  g_assert_nonnull (types);
  g_test_message ("traces %u: /mat/i %u, MatMul %u, alerting %u, /mat/i and alerting %u", n, by_regex, by_type,
                  alerting, both);
  /* The counts must tell the filters apart. */
  g_assert_cmpuint (by_regex, >, 0);
  g_assert_cmpuint (by_regex, <, n);
  g_assert_cmpuint (by_type, >, 0);
  g_assert_cmpuint (by_type, <, by_regex);
  g_assert_cmpuint (alerting, ==, tdbg_logdir_get_n_inf_nan_traces (logdir));
  g_assert_cmpuint (both, <, alerting);

  g_assert_cmpuint (gui_filter_by_text (pane, regex_entry, "mat"), ==, by_regex);
  title = g_strdup_printf ("Graph Execution (%u of %u)", by_regex, n);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), title, FALSE));

  g_assert_cmpuint (gui_filter_by_check (pane, check, TRUE), ==, both);
  gui_shot (GTK_WIDGET (window), "filtered.png");

  g_assert_cmpuint (gui_filter_by_text (pane, regex_entry, ""), ==, alerting);
  g_assert_cmpuint (gui_filter_by_check (pane, check, FALSE), ==, n);

  g_assert_cmpuint (matmul, !=, GTK_INVALID_LIST_POSITION);
  g_assert_cmpuint (gui_filter_by_dropdown (pane, types, matmul), ==, by_type);
  {
    /* Every row shown is a MatMul trace. */
    GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (pane)));
    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr(TdbgRow) row = g_list_model_get_item (rows, i);
        const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, tdbg_row_get_index (row));
        g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_type, ==, "MatMul");
      }
  }

  g_assert_cmpuint (gui_filter_by_dropdown (pane, types, 0), ==, n);
  g_free (title);
  title = g_strdup_printf ("Graph Execution (%u)", n);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (pane), title, FALSE));

  /* A regular expression that does not compile marks the entry and keeps the rows. */
  gtk_editable_set_text (GTK_EDITABLE (regex_entry), "(");
  g_assert_true (gui_wait_until (entry_marked, regex_entry, 10000));
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, n);
  gtk_editable_set_text (GTK_EDITABLE (regex_entry), "");
  g_assert_true (gui_wait_until (entry_unmarked, regex_entry, 10000));
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  TdbgTracePane *pane;
  guint record;
} RowVisible;

/* The row of the record is in the list's visible area. */
static gboolean
row_visible (gpointer data)
{
  RowVisible *r = data;
  GtkListView *list = tdbg_trace_pane_get_list_view (r->pane);
  g_autofree char *index_text = g_strdup_printf ("%u", r->record);
  TdbgTraceRow *row = tdbg_trace_pane_find_row (r->pane, r->record);
  graphene_point_t p;

  /* The row's first column, the index, reads the record; the list is laid out. */
  if (row == NULL || gtk_widget_get_height (GTK_WIDGET (list)) == 0 ||
      !g_str_equal (tdbg_trace_row_get_text (row, 0), index_text) ||
      !gtk_widget_compute_point (GTK_WIDGET (row), GTK_WIDGET (list), &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  return p.y >= 0 && p.y + gtk_widget_get_height (GTK_WIDGET (row)) <= gtk_widget_get_height (GTK_WIDGET (list));
}

/* The row of the record is in the middle third of the list. */
static gboolean
row_centred (gpointer data)
{
  RowVisible *r = data;
  GtkWidget *list = GTK_WIDGET (tdbg_trace_pane_get_list_view (r->pane));
  TdbgTraceRow *row = tdbg_trace_pane_find_row (r->pane, r->record);
  graphene_point_t p;
  double middle, height = gtk_widget_get_height (list);

  if (!row_visible (r) || !gtk_widget_compute_point (GTK_WIDGET (row), list, &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  middle = p.y + gtk_widget_get_height (GTK_WIDGET (row)) / 2.0;
  return middle > height / 3 && middle < 2 * height / 3;
}

static gboolean
row_hidden (gpointer data)
{
  return !row_visible (data);
}

static gboolean
first_look_chosen (gpointer data)
{
  return tdbg_selection_get_trace (data) != TDBG_NONE;
}

static void
test_goto (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *sel = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *entry = gui_find_editable (GTK_WIDGET (pane), "Go to #");
  RowVisible rv = { pane, 300 };
  const char *bad[] = { "abc", "-1", "99999999", "" };

  g_assert_nonnull (entry);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 400);
  /* Out of view once the window has settled: its first look (the first alert, far above) is
   * chosen after its first frame, and GTK 4.18 lays a new list out over more than one. */
  g_assert_true (gui_wait_until (first_look_chosen, sel, 30000));
  g_assert_true (gui_wait_until (row_hidden, &rv, 10000));
  gtk_editable_set_text (GTK_EDITABLE (entry), "300");
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 300);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, 300);
  g_assert_cmpuint (tdbg_selection_get_op (sel), ==, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 300)));
  /* Scrolled to it: in the middle, its neighbours in view. */
  g_assert_true (gui_wait_until (row_centred, &rv, 30000));
  /* A row already in view is selected where it is: the list does not move under the pointer. */
  {
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
    double value = gtk_adjustment_get_value (vadj);
    RowVisible next = { pane, 302 };

    g_assert_true (row_visible (&next));
    tdbg_selection_select_trace (sel, 302);
    gui_spin (200);
    g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, value);
  }

  /* The last one, then what is not an index. */
  {
    g_autofree char *last = g_strdup_printf ("%u", tdbg_logdir_get_n_traces (logdir) - 1);
    rv.record = tdbg_logdir_get_n_traces (logdir) - 1;
    gtk_editable_set_text (GTK_EDITABLE (entry), last);
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, rv.record);
    g_assert_true (gui_wait_until (row_visible, &rv, 30000));
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gtk_editable_set_text (GTK_EDITABLE (entry), bad[i]);
      g_signal_emit_by_name (entry, "activate");
      g_assert_true (gtk_widget_has_css_class (entry, "error"));
      g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, rv.record);
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), "5");
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpuint (tdbg_selection_get_trace (sel), ==, 5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- The rows: columns, values, alignment ---- */

/* The numbers EXPECTED.json of the modes scenario states for @tensor ("Sqrt:0") in @mode
 * ("FULL_HEALTH"): its "per_mode_values". */
static GArray *
expected_mode_values (const char *tensor, const char *mode)
{
  g_autofree char *entry_key = g_strdup_printf ("\"trace %s\": {", tensor);
  g_autofree char *mode_key = g_strdup_printf ("\"%s\": [", mode);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *text = test_expected_entry ("modes", entry_key);
  const char *p = text;

  p = strstr (p, mode_key);
  g_assert_nonnull (p);
  for (p += strlen (mode_key);; )
    {
      char *end;
      double v;

      while (*p == ' ' || *p == '\n' || *p == ',')
        p++;
      if (*p == ']')
        break;
      v = g_ascii_strtod (p, &end);
      g_assert_true (end != p);
      g_array_append_val (values, v);
      p = end;
    }
  return values;
}

/* The op type EXPECTED.json of the modes scenario states for the op named @op_name. */
static char *
expected_op_type (const char *op_name)
{
  g_autofree char *key = g_strdup_printf ("\"op_name\": \"%s\",", op_name);
  g_autofree char *text = test_expected_entry ("modes", key);
  const char *p, *end;

  p = strstr (text, "\"op_type\": \"");
  g_assert_nonnull (p);
  p += strlen ("\"op_type\": \"");
  end = strchr (p, '"');
  return g_strndup (p, end - p);
}

/* The trace of output @slot of the op named @op_name. */
static guint32
find_trace (TdbgLogdir *logdir, const char *op_name, guint slot)
{
  guint32 op = test_find_op (logdir, op_name);

  for (guint i = 0; op != TDBG_NONE && i < tdbg_logdir_get_n_traces (logdir); i++)
    if (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)) == op && tdbg_logdir_get_trace (logdir, i)->output_slot == slot)
      return i;
  return TDBG_NONE;
}

/* The text of the column titled @title in @row, and whether it is marked bad. */
static const char *
row_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, gboolean *bad)
{
  int n = tdbg_trace_pane_find_column (pane, title);

  if (n < 0)
    g_error ("no column %s", title);
  *bad = tdbg_trace_row_get_bad (row, (guint) n);
  return tdbg_trace_row_get_text (row, (guint) n);
}

static void
assert_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, const char *text, gboolean bad)
{
  gboolean is_bad;

  g_assert_cmpstr (row_cell (pane, row, title, &is_bad), ==, text);
  if (is_bad != bad)
    g_error ("column %s of trace %u: bad %d, expected %d", title, tdbg_trace_row_get_record (row), is_bad, bad);
}

static void
assert_count_cell (TdbgTracePane *pane, TdbgTraceRow *row, const char *title, double count, gboolean bad)
{
  g_autofree char *text = g_strdup_printf ("%.0f", count);

  assert_cell (pane, row, title, text, bad);
}

/* The row of @tensor, shown in view and drawn (not culled). */
static TdbgTraceRow *
shown_row (TdbgWindow *window, const char *op_name)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  RowVisible rv = { pane, find_trace (logdir, op_name, 0) };
  TdbgTraceRow *row;

  g_assert_cmpuint (rv.record, !=, TDBG_NONE);
  g_assert_true (gui_wait_until (row_visible, &rv, 30000));
  gui_spin (200);
  row = tdbg_trace_pane_find_row (pane, rv.record);
  g_assert_nonnull (row);
  g_assert_false (tdbg_trace_row_get_culled (row));
  return row;
}

/* Every column of @row lines up with its title in the header. */
static void
assert_aligned (TdbgTracePane *pane, TdbgTraceRow *row)
{
  GtkWidget *header = GTK_WIDGET (tdbg_trace_pane_get_header (pane));

  g_assert_cmpuint (tdbg_trace_pane_get_n_columns (pane), >, 3);
  for (guint n = 0; n < tdbg_trace_pane_get_n_columns (pane); n++)
    {
      int row_x, row_w, head_x, head_w;
      graphene_point_t p;

      tdbg_trace_row_get_column (row, n, &row_x, &row_w);
      tdbg_trace_header_get_column (TDBG_TRACE_HEADER (header), n, &head_x, &head_w);
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (row), header, &GRAPHENE_POINT_INIT (row_x, 0), &p));
      g_assert_cmpfloat (fabs (p.x - head_x), <, 1.0);
      g_assert_cmpint (row_w, ==, head_w);
    }
}

/* The row of output 0 of @op_name, its index, tensor and op type checked; *@values: what
 * EXPECTED.json states for it in @mode. */
static TdbgTraceRow *
checked_row (TdbgWindow *window, const char *op_name, const char *mode, GArray **values)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autofree char *tensor = g_strdup_printf ("%s:0", op_name);
  TdbgTraceRow *row = shown_row (window, op_name);
  g_autofree char *index = g_strdup_printf ("%u", tdbg_trace_row_get_record (row));
  g_autofree char *op_type = expected_op_type (op_name);

  assert_cell (pane, row, "#", index, FALSE);
  assert_cell (pane, row, "Tensor", tensor, FALSE);
  assert_cell (pane, row, "Op Type", op_type, FALSE);
  *values = expected_mode_values (tensor, mode);
  return row;
}

static void
assert_full_health_row (TdbgWindow *window, const char *op_name, gboolean nan)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autoptr(GArray) v = NULL;
  TdbgTraceRow *row = checked_row (window, op_name, "FULL_HEALTH", &v);
  g_autofree char *shape = NULL;
  const double *f = (const double *) v->data;

  /* [tensor id, device, dtype, rank, size, −∞, +∞, NaN, −, 0, +] */
  g_assert_cmpuint (v->len, ==, 11);
  g_assert_cmpint (f[7] > 0, ==, nan);
  shape = g_strdup_printf ("%.0fD", f[3]);
  assert_cell (pane, row, "DType", tdbg_dtype_name ((gint) f[2]), FALSE);
  assert_cell (pane, row, "Shape", shape, FALSE);
  assert_count_cell (pane, row, "Size", f[4], FALSE);
  assert_count_cell (pane, row, "−∞", f[5], f[5] > 0);
  assert_count_cell (pane, row, "+∞", f[6], f[6] > 0);
  assert_count_cell (pane, row, "NaN", f[7], nan);
  assert_count_cell (pane, row, "−", f[8], FALSE);
  assert_count_cell (pane, row, "0", f[9], FALSE);
  assert_count_cell (pane, row, "+", f[10], FALSE);
  assert_aligned (pane, row);
}

static void
assert_curt_health_row (TdbgWindow *window, const char *op_name, gboolean bad)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autoptr(GArray) v = NULL;
  TdbgTraceRow *row = checked_row (window, op_name, "CURT_HEALTH", &v);

  /* [tensor id, has ∞ or NaN] */
  g_assert_cmpuint (v->len, ==, 2);
  g_assert_cmpint (g_array_index (v, double, 1) != 0, ==, bad);
  assert_cell (pane, row, "∞/NaN", bad ? "Has ∞/NaN" : "No ∞/NaN", bad);
  assert_aligned (pane, row);
}

/* The rows draw each column of a trace (as EXPECTED.json states its values), mark ∞ and NaN,
 * and line up with the header; the columns follow the debug mode. */
static void
test_trace_rows (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_HEALTH");
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);

  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "∞/NaN"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Tensor"), ==, 1);
  assert_full_health_row (window, "Sqrt", TRUE);
  assert_full_health_row (window, "x", FALSE);
  {
    /* Resizing a column (dragging its title's edge) moves it in the header and the rows alike;
     * text that no longer fits is cut short (and is the tooltip). */
    int n = tdbg_trace_pane_find_column (pane, "Op Type"), x, w;
    TdbgTraceRow *row;

    row = shown_row (window, "x");
    g_assert_false (tdbg_trace_row_get_ellipsized (row, (guint) n));
    tdbg_trace_header_resize_column (tdbg_trace_pane_get_header (pane), (guint) n, 40);
    gui_spin (200);
    row = shown_row (window, "x");
    g_assert_true (tdbg_trace_row_get_ellipsized (row, (guint) n));
    assert_aligned (pane, row);
    tdbg_trace_header_resize_column (tdbg_trace_pane_get_header (pane), (guint) n, 150);
    gui_spin (200);
    row = shown_row (window, "Sqrt");
    tdbg_trace_row_get_column (row, (guint) n, &x, &w);
    g_assert_cmpint (w, ==, 150);
    assert_aligned (pane, row);
  }
  {
    /* The columns are wider than the pane: scrolled sideways, the titles go along. */
    GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (tdbg_trace_pane_get_list_view (pane)));
    int x, w;

    g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), >, gtk_adjustment_get_page_size (hadj) + 60);
    gtk_adjustment_set_value (hadj, 60);
    gui_spin (200);
    tdbg_trace_header_get_column (tdbg_trace_pane_get_header (pane), 0, &x, &w);
    g_assert_cmpfloat (gtk_adjustment_get_value (hadj), >, 50);
    g_assert_cmpfloat (fabs (x + gtk_adjustment_get_value (hadj)), <, 1.0);
    assert_aligned (pane, shown_row (window, "Sqrt"));
    gtk_adjustment_set_value (hadj, 0);
  }
  gui_shot (GTK_WIDGET (window), "trace-rows-light.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  gui_spin (300);
  assert_full_health_row (window, "Sqrt", TRUE);
  gui_shot (GTK_WIDGET (window), "trace-rows-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));

  window = gui_open_shared_logdir ("modes/CURT_HEALTH");
  pane = tdbg_window_get_trace_pane (window);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "NaN"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Size"), <, 0);
  assert_curt_health_row (window, "Sqrt", TRUE);
  assert_curt_health_row (window, "x", FALSE);
  gui_shot (GTK_WIDGET (window), "trace-rows-curt-health.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The label at or under @root whose text is @text: whether it is cut short on screen. */
static gboolean
label_cut (GtkWidget *root, const char *text, PangoEllipsizeMode *mode)
{
  GtkLabel *label = gui_find_label (root, text, FALSE);

  int needed;

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
  *mode = gtk_label_get_ellipsize (label);
  /* Ellipsized, or clipped: a placeholder is not ellipsized but cut off. */
  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &needed, NULL, NULL);
  g_test_message ("“%s”: %d px wide of %d, ellipsize mode %d%s", text, gtk_widget_get_width (GTK_WIDGET (label)),
                  needed, *mode, pango_layout_is_ellipsized (gtk_label_get_layout (label)) ? ", cut short" : "");
  return pango_layout_is_ellipsized (gtk_label_get_layout (label)) || needed > gtk_widget_get_width (GTK_WIDGET (label));
}

/* The placeholder of @entry (a GtkSearchEntry), as drawn: whether it is cut short, or would
 * be at the entry's least width. */
static gboolean
placeholder_cut (GtkWidget *entry)
{
  GtkWidget *text = gui_find_widget (entry, GTK_TYPE_TEXT);
  GtkLabel *placeholder;
  PangoEllipsizeMode mode;
  int least, needed;

  g_assert_nonnull (text);
  placeholder = gui_find_label (text, gtk_text_get_placeholder_text (GTK_TEXT (text)), FALSE);
  g_assert_nonnull (placeholder);
  gtk_widget_measure (text, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (placeholder), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &needed, NULL, NULL);
  g_test_message ("placeholder needs %d px, the entry's text gets at least %d px", needed, least);
  return label_cut (text, gtk_text_get_placeholder_text (GTK_TEXT (text)), &mode) || needed > least;
}

/* The op-type filter's list names each type whole (a long one is never cut in its middle:
 * "Collec…uceV2"), and so does its button once it is chosen; the op-name filter's
 * placeholder is whole, in the window as opened and in a narrow one. */
static void
test_filter_names_whole (void)
{
  TdbgWindow *window = (gui_reset_settings (), gui_open_shared_logdir ("multi_device/logdir"));
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *types = gui_find_by_tooltip (GTK_WIDGET (pane), "Show only this op type");
  GtkWidget *entry = gui_find_by_tooltip (GTK_WIDGET (pane), "Show only ops whose name matches this regular expression");
  GtkWidget *popover;
  PangoEllipsizeMode mode;

  g_assert_true (GTK_IS_DROP_DOWN (types));
  g_assert_nonnull (entry);
  g_assert_false (placeholder_cut (entry));
  /* A popover of a window not yet on a screen is placed with a critical (GTK 4.8 on X11). */
  g_assert_true (gui_wait_until (gui_window_on_monitor, window, 30000));
  g_signal_emit_by_name (types, "activate");
  popover = gui_find_widget (types, GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  g_assert_true (gui_wait_until ((GuiCond) gtk_widget_get_mapped, popover, 30000));
  gui_shot (GTK_WIDGET (window), "trace-type-list.png");
  g_assert_false (label_cut (popover, "CollectiveReduceV2", &mode));
  g_assert_cmpint (mode, !=, PANGO_ELLIPSIZE_MIDDLE);
  gtk_popover_popdown (GTK_POPOVER (popover));
  gui_filter_by_dropdown (pane, GTK_DROP_DOWN (types), dropdown_position (GTK_DROP_DOWN (types), "CollectiveReduceV2"));
  gui_spin (200);
  g_assert_false (label_cut (types, "CollectiveReduceV2", &mode));
  g_assert_cmpint (mode, !=, PANGO_ELLIPSIZE_MIDDLE);
  /* The heading counts the rows shown of all ("Graph Execution (8 of 228)"): the entry has
   * less room, its placeholder stays whole. */
  gui_shot (GTK_WIDGET (window), "trace-type-chosen.png");
  g_assert_false (placeholder_cut (entry));

  /* Narrow: Graph Structure under Graph Execution. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gui_spin (600);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gui_spin (600);
  gui_shot (GTK_WIDGET (window), "trace-filters-narrow.png");
  g_assert_false (placeholder_cut (entry));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/filters", test_filters);
  g_test_add_func ("/gui/goto", test_goto);
  g_test_add_func ("/gui/trace-rows", test_trace_rows);
  g_test_add_func ("/gui/filter-names-whole", test_filter_names_whole);
  return g_test_run ();
}
