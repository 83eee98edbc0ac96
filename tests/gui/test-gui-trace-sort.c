/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Execution sorted by a column, in a real window: a click on a column's title sorts by
 * it (sizes and counts largest first), a second click reverses it, the sort menu's actions
 * pick any key, "#" goes back to trace order; the order is checked row by row against the
 * logdir, the selected trace stays selected and in view, and a filter keeps the sort. */

#include <string.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-row.h"
#include "tdbg-trace-filter.h"

typedef struct {
  GtkGestureClick *click;
  double x;
} Click;

static void
release (gconstpointer data)
{
  const Click *c = data;

  g_signal_emit_by_name (c->click, "released", 1, c->x, 8.0);
}

/* A click on the title of the column titled @title, where the header draws it (the header's
 * click gesture of the primary button told so), then the rows that follow. */
static void
click_title (TdbgTracePane *pane, const char *title)
{
  TdbgTraceHeader *header = tdbg_trace_pane_get_header (pane);
  int n = tdbg_trace_pane_find_column (pane, title), x, width;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (header));
  Click click = { NULL, 0 };

  g_assert_cmpint (n, >=, 0);
  tdbg_trace_header_get_column (header, (guint) n, &x, &width);
  click.x = x + width / 2.0;
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click.click == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        click.click = GTK_GESTURE_CLICK (controller);
    }
  g_assert_nonnull (click.click);
  gui_change_rows (pane, release, &click);
}

typedef struct {
  TdbgTracePane *pane;
  const char *action;
  GVariant *target;
} Pick;

static void
activate (gconstpointer data)
{
  const Pick *p = data;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (p->pane), p->action, p->target));
}

/* Picks from the sort menu (its actions), then waits for the rows. */
static void
pick_from_menu (TdbgTracePane *pane, const char *action, GVariant *target)
{
  gui_change_rows (pane, activate, &(Pick) { pane, action, target });
}

static guint32
row_trace (TdbgTracePane *pane, guint position)
{
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (tdbg_trace_pane_get_list_view (pane)));
  g_autoptr(TdbgRow) row = g_list_model_get_item (rows, position);

  return tdbg_row_get_index (row);
}

static double
nan_count (TdbgLogdir *logdir, guint32 trace)
{
  double neg_inf, pos_inf, nan;

  return tdbg_logdir_get_trace_counts (logdir, trace, &neg_inf, &pos_inf, &nan) ? nan : -1;
}

static guint64
size_of (TdbgLogdir *logdir, guint32 trace)
{
  guint64 size;

  return tdbg_logdir_get_trace_size (logdir, trace, &size) ? size : 0;
}

/* Name order as a person reads the Tensor column: the op name, then the output slot. */
static int
compare_tensors (TdbgLogdir *logdir, guint32 a, guint32 b)
{
  const TdbgTraceDigest *da = tdbg_logdir_get_trace (logdir, a), *db = tdbg_logdir_get_trace (logdir, b);
  int c = strcmp (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (da))->op_name, tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (db))->op_name);

  return c != 0 ? c : (int) da->output_slot - (int) db->output_slot;
}

/* Where trace @trace ran: its host or its device, as the files name them. */
static const char *
place_name (TdbgLogdir *logdir, guint32 trace, TdbgTraceSortKey key)
{
  if (key == TDBG_TRACE_SORT_HOST)
    return tdbg_trace_filter_get_host (logdir, trace);
  return tdbg_logdir_get_string (logdir, tdbg_logdir_get_trace (logdir, trace)->device);
}

/* Rows @i-1 and @i are in order, equal keys in trace order. */
static void
assert_rows_sorted (TdbgTracePane *pane, TdbgLogdir *logdir, TdbgTraceSortKey key, gboolean descending)
{
  guint n = tdbg_trace_pane_get_n_rows (pane);

  for (guint i = 1; i < n; i++)
    {
      guint32 a = row_trace (pane, i - 1), b = row_trace (pane, i);
      double c;
      switch (key)
        {
        case TDBG_TRACE_SORT_NAN: c = nan_count (logdir, a) - nan_count (logdir, b); break;
        case TDBG_TRACE_SORT_SIZE: c = (double) size_of (logdir, a) - (double) size_of (logdir, b); break;
        case TDBG_TRACE_SORT_TENSOR: c = compare_tensors (logdir, a, b); break;
        case TDBG_TRACE_SORT_NONE: c = (double) a - (double) b; break;
        case TDBG_TRACE_SORT_HOST:
        case TDBG_TRACE_SORT_DEVICE: c = strcmp (place_name (logdir, a, key), place_name (logdir, b, key)); break;
        default: g_assert_not_reached ();
        }
      if (descending)
        c = -c;
      if (c > 0 || (c == 0 && a > b))
        g_error ("key %d: rows %u and %u hold traces %u and %u, out of order", key, i - 1, i, a, b);
    }
}

static void
assert_sort (TdbgTracePane *pane, TdbgTraceSortKey want_key, gboolean want_descending)
{
  TdbgTraceSortKey key;
  gboolean descending;

  tdbg_trace_pane_get_sort (pane, &key, &descending);
  g_assert_cmpint (key, ==, want_key);
  g_assert_cmpint (descending, ==, want_descending);
}

static gboolean
selected_row_shown (gpointer data)
{
  TdbgTracePane *pane = data;
  guint32 trace = tdbg_trace_pane_get_selected_trace (pane);
  TdbgTraceRow *row = trace == TDBG_NONE ? NULL : tdbg_trace_pane_find_row (pane, trace);

  return row != NULL && gtk_widget_get_mapped (GTK_WIDGET (row));
}

static gboolean
first_row_shown (gpointer data)
{
  TdbgTracePane *pane = data;
  TdbgTraceRow *row = tdbg_trace_pane_find_row (pane, row_trace (pane, 0));
  graphene_point_t p;

  return row != NULL && gtk_widget_get_mapped (GTK_WIDGET (row)) &&
         gtk_widget_compute_point (GTK_WIDGET (row), GTK_WIDGET (tdbg_trace_pane_get_list_view (pane)),
                                   &GRAPHENE_POINT_INIT (0, 0), &p) && p.y >= 0 && p.y < 1;
}

static void
test_sort_by_column (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *regex_entry = gui_find_editable (GTK_WIDGET (pane), "Op name");
  guint n = tdbg_logdir_get_n_traces (logdir);
  guint32 chosen = n / 3;
  double most_nan = -1;

  for (guint32 t = 0; t < n; t++)
    most_nan = MAX (most_nan, nan_count (logdir, t));
  g_assert_cmpfloat (most_nan, >, 0);
  tdbg_selection_select_trace (selection, chosen);

  /* NaN, largest first: the first row holds the most NaN; the chosen trace stays. */
  click_title (pane, "NaN");
  assert_sort (pane, TDBG_TRACE_SORT_NAN, TRUE);
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, n);
  g_assert_cmpfloat (nan_count (logdir, row_trace (pane, 0)), ==, most_nan);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_NAN, TRUE);
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, chosen);
  g_assert_true (gui_wait_until (selected_row_shown, pane, 10000));
  gui_shot (GTK_WIDGET (window), "trace-sort-nan.png");

  /* Again: the other way. */
  click_title (pane, "NaN");
  assert_sort (pane, TDBG_TRACE_SORT_NAN, FALSE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_NAN, FALSE);

  /* The menu: by tensor name, A first; then descending, by its toggle. */
  pick_from_menu (pane, "traces.sort-key", g_variant_new_string ("tensor"));
  assert_sort (pane, TDBG_TRACE_SORT_TENSOR, FALSE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_TENSOR, FALSE);
  pick_from_menu (pane, "traces.sort-descending", NULL);
  assert_sort (pane, TDBG_TRACE_SORT_TENSOR, TRUE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_TENSOR, TRUE);

  /* A filter keeps the order: the traces of ops named /mat/, largest first. */
  click_title (pane, "Size");
  g_assert_cmpuint (gui_filter_by_text (pane, regex_entry, "mat"), <, n);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_SIZE, TRUE);
  for (guint i = 0; i < tdbg_trace_pane_get_n_rows (pane); i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, row_trace (pane, i));
      g_autofree char *name = g_ascii_strdown (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name, -1);
      g_assert_nonnull (strstr (name, "mat"));
    }
  /* The selected trace is not among them: the first rows are shown. */
  g_assert_cmpuint (tdbg_trace_pane_get_selected_trace (pane), ==, TDBG_NONE);
  g_assert_true (gui_wait_until (first_row_shown, pane, 10000));
  /* And stay so: the list is not placed back where the selected trace was. */
  gui_spin (500);
  g_assert_true (first_row_shown (pane));
  gui_shot (GTK_WIDGET (window), "trace-sort-filtered-size.png");
  g_assert_cmpuint (gui_filter_by_text (pane, regex_entry, ""), ==, n);

  /* "#": trace order again. */
  click_title (pane, "#");
  assert_sort (pane, TDBG_TRACE_SORT_NONE, FALSE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_NONE, FALSE);

  /* Reloading starts over in trace order, as the filters do. */
  click_title (pane, "−∞");
  assert_sort (pane, TDBG_TRACE_SORT_NEG_INF, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (100);
  logdir = tdbg_selection_get_logdir (selection);
  assert_sort (pane, TDBG_TRACE_SORT_NONE, FALSE);
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, n);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_NONE, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
popover_mapped (gpointer popover)
{
  return gtk_widget_get_mapped (popover);
}

/* A secondary click on the titles opens their menu. */
static void
open_titles_menu (TdbgTracePane *pane)
{
  TdbgTraceHeader *header = tdbg_trace_pane_get_header (pane);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (header));
  GtkGestureClick *secondary = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && secondary == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY)
        secondary = GTK_GESTURE_CLICK (controller);
    }
  g_assert_nonnull (secondary);
  /* A popover of a window not yet on a screen is placed with a critical (GTK 4.8 on X11). */
  g_assert_true (gui_wait_until (gui_window_on_monitor, gtk_widget_get_root (GTK_WIDGET (header)), 30000));
  g_signal_emit_by_name (secondary, "pressed", 1, 40.0, 8.0);
  g_assert_true (gui_wait_until (popover_mapped, tdbg_trace_header_get_menu (header), 10000));
}

static void
toggle_column (TdbgTracePane *pane, const char *action)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (pane), action, NULL));
  gui_spin (100);
}

/* A run on two hosts: a click on the Where title sorts by host (again: the other way); the
 * titles' menu shows the Device and Host columns whole and hides the Where column, which a
 * reload keeps; the Device column sorts by device. */
static void
test_where_column (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("multi_host/logdir");
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  int device;
  TdbgTraceRow *row;

  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Where"), >, tdbg_trace_pane_find_column (pane, "NaN"));
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Host"), <, 0);
  click_title (pane, "Where");
  assert_sort (pane, TDBG_TRACE_SORT_HOST, FALSE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_HOST, FALSE);
  g_assert_cmpstr (tdbg_trace_filter_get_host (logdir, row_trace (pane, 0)), ==, "tf-coord-2");
  click_title (pane, "Where");
  assert_sort (pane, TDBG_TRACE_SORT_HOST, TRUE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_HOST, TRUE);
  g_assert_cmpstr (tdbg_trace_filter_get_host (logdir, row_trace (pane, 0)), ==, "tf-worker-16");

  open_titles_menu (pane);
  gui_shot (GTK_WIDGET (window), "trace-columns-menu.png");
  gtk_popover_popdown (tdbg_trace_header_get_menu (tdbg_trace_pane_get_header (pane)));
  toggle_column (pane, "traces.show-device");
  toggle_column (pane, "traces.show-host");
  toggle_column (pane, "traces.show-where");
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Where"), <, 0);
  device = tdbg_trace_pane_find_column (pane, "Device");
  g_assert_cmpint (device, >, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Host"), ==, device + 1);
  click_title (pane, "Device");
  assert_sort (pane, TDBG_TRACE_SORT_DEVICE, FALSE);
  assert_rows_sorted (pane, logdir, TDBG_TRACE_SORT_DEVICE, FALSE);

  /* The trace on the worker, its device and host whole. */
  tdbg_selection_select_trace (selection, 34);
  g_assert_true (gui_wait_until (selected_row_shown, pane, 10000));
  row = tdbg_trace_pane_find_row (pane, 34);
  g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) device), ==, "worker:0 CPU:0");
  g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) device + 1), ==, "tf-worker-16");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (100);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Where"), <, 0);
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Device"), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/trace-sort/by-column", test_sort_by_column);
  g_test_add_func ("/gui/trace-sort/where-column", test_where_column);
  return g_test_run ();
}
