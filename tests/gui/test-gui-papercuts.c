/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a person sees first: the window keeps its width whatever is chosen, devices are told
 * apart by what differs, the selection stands out, the window opens on something useful. */

#include <locale.h>
#include <math.h>
#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-device-name.h"
#include "tdbg-ui.h"
#include "tdbg-timeline-pane.h"
#include "tdbg-graph-pane.h"
#include "tdbg-graph-draw.h"
#include "tdbg-graph-view.h"
#include "test-env.h"
#include "gated-source.h"
#include "tdbg-local-source.h"
#include "tdbg-trace-filter.h"
#include "tdbg-trace-pane-private.h"
#include "tdbg-fixture-writer.h"

static GtkDropDown *
device_drop_down (TdbgTracePane *pane)
{
  /* After the op types'. */
  return GTK_DROP_DOWN (gui_find_nth_widget (GTK_WIDGET (pane), GTK_TYPE_DROP_DOWN, 1));
}

static int
min_width (GtkWidget *widget)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* Choosing any device keeps the window's width (a long device name once widened it past the
 * screen), and the window never asks for more than the screen. */
static void
test_device_keeps_width (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("multi_device/logdir");
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkDropDown *devices = device_drop_down (pane);
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  guint n;

  g_assert_nonnull (devices);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (devices)));
  n = g_list_model_get_n_items (gtk_drop_down_get_model (devices));
  g_assert_cmpuint (n, >=, 3);   /* All devices and at least two */
  g_assert_cmpint (width, <=, 1280);
  for (guint i = n; i-- > 0;)
    {
      gui_filter_by_dropdown (pane, devices, i);
      gui_spin (150);
      g_test_message ("device %u: window %d px, least %d px", i, gtk_widget_get_width (GTK_WIDGET (window)),
                      min_width (GTK_WIDGET (window)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      g_assert_cmpint (min_width (GTK_WIDGET (window)), <=, 1280);
      if (i == n - 1)
        gui_shot (GTK_WIDGET (window), "papercuts-device-gpu1.png");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_device_short_names (void)
{
  static const struct { const char *device, *short_name; } cases[] = {
    { "/job:localhost/replica:0/task:0/device:GPU:1", "GPU:1" },
    { "/job:localhost/replica:0/task:0/device:CPU:0", "CPU:0" },
    { "/job:worker/replica:0/task:0/device:CPU:0", "worker:0 CPU:0" },
    { "/job:worker/replica:2/task:1/device:GPU:0", "worker:2:1 GPU:0" },
    { "not a device", "not a device" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = tdbg_device_short_name (cases[i].device);
      g_assert_cmpstr (name, ==, cases[i].short_name);
    }
}

/* The selected trace's row (the window opens on one). */
static TdbgTraceRow *
selected_row (TdbgWindow *window)
{
  return tdbg_trace_pane_find_row (tdbg_window_get_trace_pane (window),
                                   tdbg_selection_get_trace (tdbg_window_get_selection (window)));
}

/* The Where column shows what tells places apart (GPU:1 on one host, the host on several),
 * the whole name in the accessible description; the drop-down's devices are told apart by
 * their short names (GPU:1, worker:0 CPU:0). */
static void
assert_device_cells (const char *relative, const char *distinct_a, const char *distinct_b)
{
  TdbgWindow *window = gui_open_shared_logdir (relative);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  int column = tdbg_trace_pane_find_column (pane, "Where");
  TdbgTraceRow *row;

  g_assert_cmpint (column, >=, 0);
  gui_spin (200);
  row = selected_row (window);
  g_assert_nonnull (row);
  g_test_message ("%s: selected row's place %s", relative, tdbg_trace_row_get_text (row, (guint) column));
  g_assert_null (strstr (tdbg_trace_row_get_text (row, (guint) column), "/job:"));
  g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) column), !=, "");
  gui_shot (GTK_WIDGET (window), strstr (relative, "host") ? "papercuts-hosts.png" : "papercuts-devices.png");
  {
    GtkDropDown *devices = device_drop_down (pane);
    GListModel *model = gtk_drop_down_get_model (devices);
    gboolean a = FALSE, b = FALSE;
    for (guint i = 1; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
        g_autofree char *name = tdbg_device_short_name (gtk_string_object_get_string (item));
        a = a || g_str_equal (name, distinct_a);
        b = b || g_str_equal (name, distinct_b);
      }
    g_assert_true (a && b);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_device_cells (void)
{
  assert_device_cells ("multi_device/logdir", "GPU:0", "GPU:1");
  assert_device_cells ("multi_host/logdir", "CPU:0", "worker:0 CPU:0");
}

/* ---- The selected trace stands out ---- */

typedef struct {
  TdbgTraceRow *selected, *input, *plain;
} RowKinds;

static void
find_row_kinds (GtkWidget *root, guint32 selected, RowKinds *kinds)
{
  if (TDBG_IS_TRACE_ROW (root) && gtk_widget_get_mapped (root))
    {
      TdbgTraceRow *row = TDBG_TRACE_ROW (root);
      if (tdbg_trace_row_get_record (row) == selected)
        kinds->selected = row;
      else if (tdbg_trace_row_get_input (row))
        kinds->input = kinds->input ? kinds->input : row;
      else
        kinds->plain = kinds->plain ? kinds->plain : row;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    find_row_kinds (child, selected, kinds);
}

/* The colour of the screenshot's pixel at the start of @row (left of the right-aligned "#"). */
static void
row_colour (GdkTexture *shot, GtkWidget *window, TdbgTraceRow *row, double rgb[3])
{
  int w = gdk_texture_get_width (shot), h = gdk_texture_get_height (shot);
  g_autofree guchar *pixels = g_malloc ((gsize) w * h * 4);
  graphene_point_t p;
  int x, y;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (row), window,
                                           &GRAPHENE_POINT_INIT (10, gtk_widget_get_height (GTK_WIDGET (row)) / 2.0f),
                                           &p));
  x = (int) p.x;
  y = (int) p.y;
  g_assert_true (x >= 0 && x < w && y >= 0 && y < h);
  gdk_texture_download (shot, pixels, (gsize) w * 4);
  /* Cairo's ARGB32, premultiplied, opaque here. */
  for (guint c = 0; c < 3; c++)
    rgb[c] = pixels[(gsize) y * w * 4 + (gsize) x * 4 + (2 - c)] / 255.0;
}

static double
distance (const double a[3], const double b[3])
{
  return sqrt ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

typedef struct {
  TdbgTracePane *pane;
  guint32 trace;
} RowWait;

static gboolean
row_shown (gpointer data)
{
  RowWait *w = data;
  return tdbg_trace_pane_find_row (w->pane, w->trace) != NULL;
}

/* The host drop-down and the Where column come with a second host: each host's rows are as
 * many as EXPECTED.json's file sets of that host hold, each row names its host, and the window
 * keeps its width. A logdir of one host shows no host drop-down, and no host in its rows. */
static void
test_host_filter (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("multi_host/logdir");
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkDropDown *hosts = tdbg_trace_pane_get_host_drop_down (pane);
  GListModel *model = gtk_drop_down_get_model (hosts);
  g_autoptr(GHashTable) expected = test_expected_traces_per_host ("multi_host");
  int column = tdbg_trace_pane_find_column (pane, "Where");
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  guint n_all = tdbg_trace_pane_get_n_rows (pane);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  RowWait wait = { pane, TDBG_NONE };

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (hosts)));
  g_assert_cmpint (column, >, tdbg_trace_pane_find_column (pane, "NaN"));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1 + g_hash_table_size (expected));
  for (guint i = 1; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
      const char *host = gtk_string_object_get_string (item);
      guint rows = gui_filter_by_dropdown (pane, hosts, i);
      guint32 first;
      TdbgTraceRow *row;

      g_test_message ("host %s: %u rows (EXPECTED.json %u)", host, rows,
                      GPOINTER_TO_UINT (g_hash_table_lookup (expected, host)));
      g_assert_true (g_hash_table_contains (expected, host));
      g_assert_cmpuint (rows, ==, GPOINTER_TO_UINT (g_hash_table_lookup (expected, host)));
      /* The host's first trace is in the list, its Host cell the host. */
      for (first = 0; !g_str_equal (tdbg_trace_filter_get_host (logdir, first), host); first++)
        ;
      tdbg_selection_select_trace (tdbg_window_get_selection (window), first);
      wait.trace = first;
      g_assert_true (gui_wait_until (row_shown, &wait, 5000));
      row = tdbg_trace_pane_find_row (pane, first);
      g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) column), ==, host);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      /* The filters get the width they need: none is squeezed below its least. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (pane)), >=, min_width (GTK_WIDGET (pane)));
      g_assert_cmpint (min_width (GTK_WIDGET (window)), <=, 1280);
      if (i == 2)
        gui_shot (GTK_WIDGET (window), "papercuts-host-filter.png");
    }
  g_assert_cmpuint (gui_filter_by_dropdown (pane, hosts, 0), ==, n_all);
  gtk_window_destroy (GTK_WINDOW (window));

  window = gui_open_shared_logdir ("multi_device/logdir");
  pane = tdbg_window_get_trace_pane (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tdbg_trace_pane_get_host_drop_down (pane))));
  g_assert_cmpint (tdbg_trace_pane_find_column (pane, "Host"), <, 0);
  column = tdbg_trace_pane_find_column (pane, "Where");
  g_assert_cmpint (column, >=, 0);
  gui_spin (200);
  g_assert_nonnull (selected_row (window));
  g_assert_null (strstr (tdbg_trace_row_get_text (selected_row (window), (guint) column), "gpu-ws-17"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run on two hosts with two GPUs each (traces of host A first, then host B's; three per
 * device), written in @dir. */
static void
write_two_hosts_two_gpus (const char *dir)
{
  static const char *const hosts[] = { "node-a.train.example", "node-b.train.example" };
  const char *no_inputs[] = { NULL };
  const gint32 ids[] = { 1 };
  double healthy[11] = { 1, -1, 1, 2, 16, 0, 0, 0, 0, 4, 12 };
  Tensorflow__TensorProto *summary = tdbg_fixture_summary_tensor (healthy, 11);
  g_autoptr(GError) error = NULL;

  for (guint h = 0; h < G_N_ELEMENTS (hosts); h++)
    {
      g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, hosts[h], 1700000000 + h, 1700000000.0 + h,
                                                                "tw0h0575", "2.16.1", &error);
      g_assert_no_error (error);
      if (h == 0)
        {
          g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000000.5, "g1", "train_step", NULL, &error));
          g_assert_true (tdbg_fixture_writer_add_op (w, 1700000000.6, "g1", "train_step", "MatMul", "dense/MatMul",
                                                     no_inputs, ids, 1, no_inputs, &error));
        }
      for (guint gpu = 0; gpu < 2; gpu++)
        for (guint i = 0; i < 3; i++)
          {
            g_autofree char *device = g_strdup_printf ("/job:worker/replica:0/task:%u/device:GPU:%u", h, gpu);
            g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000010.0 + h + gpu * 0.1 + i * 0.01, "g1",
                                                          "dense/MatMul", 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                          summary, device, &error));
          }
      g_assert_true (tdbg_fixture_writer_flush (w, &error));
    }
  tdbg_fixture_tensor_free (summary);
}

/* Hosts and devices that both differ: the Where column names the host and the device on it
 * ("node-b · GPU:1"), in view at 1280×800, the whole names in its whole text (tooltip and
 * accessible description); nothing is the same of every place, so none is said under the
 * heading. */
static void
test_where_hosts_and_devices (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgWindow *window;
  TdbgTracePane *pane;
  TdbgTraceRow *row;
  RowWait wait;
  int column, x, width;
  double page;
  gboolean bad = FALSE;
  g_autofree char *whole = NULL;

  write_two_hosts_two_gpus (dir);
  window = gui_open_window (dir);
  pane = tdbg_window_get_trace_pane (window);
  g_assert_cmpuint (tdbg_trace_pane_get_n_rows (pane), ==, 12);
  column = tdbg_trace_pane_find_column (pane, "Where");
  g_assert_cmpint (column, >, tdbg_trace_pane_find_column (pane, "NaN"));
  g_assert_false (gtk_widget_get_visible (pane->common_place));
  /* Host B's first trace on its GPU:1. */
  tdbg_selection_select_trace (tdbg_window_get_selection (window), 9);
  wait = (RowWait) { pane, 9 };
  g_assert_true (gui_wait_until (row_shown, &wait, 5000));
  gui_spin (200);
  row = tdbg_trace_pane_find_row (pane, 9);
  g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) column), ==, "node-b · GPU:1");
  g_assert_false (tdbg_trace_row_get_ellipsized (row, (guint) column));
  whole = pane->columns.whole_text_func (9, TDBG_TRACE_COL_WHERE, &bad, pane->columns.text_data);
  g_assert_cmpstr (whole, ==, "/job:worker/replica:0/task:1/device:GPU:1 on host node-b.train.example");
  tdbg_trace_header_get_column (tdbg_trace_pane_get_header (pane), (guint) column, &x, &width);
  page = gtk_adjustment_get_page_size (gtk_scrolled_window_get_hadjustment (pane->scroller));
  g_test_message ("Where “%s” at %d–%d of %.0f px in view", tdbg_trace_row_get_text (row, (guint) column), x,
                  x + width, page);
  g_assert_true (x >= 0 && x + width <= page + 0.5);
  gui_shot (GTK_WIDGET (window), "papercuts-where-hosts-devices.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static void
assert_selection_salient (TdbgWindow *window, guint32 trace, const char *name)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  g_autofree char *path = gui_shot_path (name);
  g_autoptr(GdkTexture) shot = NULL;
  RowKinds kinds = { NULL };
  double selected[3], input[3], plain[3];
  RowWait wait = { pane, trace };

  g_assert_true (gui_wait_until (row_shown, &wait, 5000));
  gui_spin (300);
  gui_screenshot (GTK_WIDGET (window), path);
  shot = gdk_texture_new_from_filename (path, NULL);
  g_assert_nonnull (shot);
  find_row_kinds (GTK_WIDGET (tdbg_trace_pane_get_list_view (pane)), trace, &kinds);
  g_assert_nonnull (kinds.selected);
  g_assert_nonnull (kinds.input);
  g_assert_nonnull (kinds.plain);
  row_colour (shot, GTK_WIDGET (window), kinds.selected, selected);
  row_colour (shot, GTK_WIDGET (window), kinds.input, input);
  row_colour (shot, GTK_WIDGET (window), kinds.plain, plain);
  g_test_message ("%s: selected row %.2f from a plain one, an input row %.2f", name, distance (selected, plain),
                  distance (input, plain));
  g_assert_cmpfloat (distance (selected, plain), >, distance (input, plain) + 0.05);
  g_assert_cmpfloat (distance (selected, plain), >, 0.2);
}

/* The selected row stands out more than any other (inputs' yellow), light and dark. */
static void
test_selection_salient (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  guint32 trace = TDBG_NONE;

  /* A trace whose op has inputs traced just before it: a MatMul's. */
  for (guint i = 0; trace == TDBG_NONE && i < tdbg_logdir_get_n_traces (logdir); i++)
    if (g_strcmp0 (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)))->op_type, "MatMul") == 0)
      trace = i;
  g_assert_cmpuint (trace, !=, TDBG_NONE);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), trace);
  assert_selection_salient (window, trace, "papercuts-selection-light.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  assert_selection_salient (window, trace, "papercuts-selection-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Opening on something useful ---- */

static void
test_opens_on_first (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);

  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);
  g_assert_cmpint (tdbg_selection_get_alert (selection), ==, 0);
  g_assert_cmpuint (tdbg_selection_get_trace (selection), !=, TDBG_NONE);
  g_test_message ("status: %s", tdbg_window_get_status_text (window));
  g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (window), "Showing the first alert: Trace "));
  /* The panes settle (the stack picks its frame, the source its line): the note stays while
   * the first alert is what they show, and goes with the first other choice. */
  gui_spin (500);
  g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (window), "Showing the first alert: Trace "));
  gui_shot (GTK_WIDGET (window), "papercuts-first-alert.png");
  tdbg_selection_select_trace (selection, 0);
  g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (window), "Trace 0 "));
  gtk_window_destroy (GTK_WINDOW (window));

  window = gui_open_shared_logdir ("modes/NO_TENSOR");
  selection = tdbg_window_get_selection (window);
  logdir = tdbg_selection_get_logdir (selection);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 0);
  g_test_message ("status: %s", tdbg_window_get_status_text (window));
  if (tdbg_logdir_get_n_executions (logdir) > 0)
    {
      g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 0);
      g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (window), "Showing the first execution: "));
    }
  else
    {
      g_assert_cmpuint (tdbg_selection_get_trace (selection), ==, 0);
      g_assert_true (g_str_has_prefix (tdbg_window_get_status_text (window), "Showing the first trace: "));
    }
  gui_shot (GTK_WIDGET (window), "papercuts-first-execution.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Reload and Follow only where there is a logdir ---- */

static void
test_start_page_buttons (void)
{
  TdbgWindow *window = gui_new_window ();
  GtkWidget *reload = gui_find_by_tooltip (GTK_WIDGET (window), "Reload the logdir (F5)");
  GtkWidget *follow = GTK_WIDGET (gui_find_label (GTK_WIDGET (window), "Follow", FALSE));

  g_assert_nonnull (reload);
  g_assert_nonnull (follow);
  follow = gtk_widget_get_ancestor (follow, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (follow);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "start");
  g_assert_false (gtk_widget_is_sensitive (reload));
  g_assert_false (gtk_widget_is_sensitive (follow));
  gui_shot (GTK_WIDGET (window), "papercuts-start-page.png");

  {
    g_autofree char *path = g_build_filename (g_getenv ("TDBG_SHARED_LOGDIRS"), "modes", "NO_TENSOR", NULL);
    tdbg_window_open_location (window, path);
  }
  g_assert_true (gui_wait_until (gui_window_loaded, window, 10000));
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_true (gtk_widget_is_sensitive (reload));
  g_assert_true (gtk_widget_is_sensitive (follow));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-start", NULL);
  gui_spin (100);
  g_assert_false (gtk_widget_is_sensitive (reload));
  g_assert_false (gtk_widget_is_sensitive (follow));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- An invalid regular expression says what is wrong ---- */

static gboolean
regex_error_shown (gpointer pane)
{
  return *tdbg_trace_pane_get_regex_error (pane) != '\0';
}

static gboolean
regex_error_gone (gpointer pane)
{
  return !regex_error_shown (pane);
}

static void
test_regex_error (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *entry = gui_find_editable (GTK_WIDGET (pane), "Op name");
  g_autoptr(GError) expected = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("Mat(Mul", G_REGEX_CASELESS, 0, &expected);
  GtkLabel *label;

  g_assert_null (regex);
  g_assert_nonnull (expected);
  g_assert_cmpstr (tdbg_trace_pane_get_regex_error (pane), ==, "");
  gtk_editable_set_text (GTK_EDITABLE (entry), "Mat(Mul");
  g_assert_true (gui_wait_until (regex_error_shown, pane, 5000));
  g_test_message ("error: %s", tdbg_trace_pane_get_regex_error (pane));
  /* GLib's own words, on screen. */
  g_assert_nonnull (strstr (tdbg_trace_pane_get_regex_error (pane), expected->message));
  label = gui_find_label (GTK_WIDGET (pane), tdbg_trace_pane_get_regex_error (pane), FALSE);
  g_assert_nonnull (label);
  gui_spin (100);
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (label)));
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  gui_shot (GTK_WIDGET (window), "papercuts-regex-error.png");

  gtk_editable_set_text (GTK_EDITABLE (entry), "Mat(Mul)");
  g_assert_true (gui_wait_until (regex_error_gone, pane, 5000));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (label)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Cancel, seen working on a slow load ---- */

static gboolean
gated_waiting (gpointer source)
{
  return gated_source_is_waiting (source);
}

/* Escape as the window's shortcuts map it: the action of the shortcut Escape triggers. */
static gboolean
press_escape (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
          if (g_str_equal (trigger, "Escape"))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, window,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* A load waiting at its gate (the executions, read last) stops on @how ("button" or
 * "escape"): the window then says so, holds no half-read logdir, and opens the next one. */
static void
assert_cancel_stops (const char *how)
{
  g_autofree char *dir = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgSource) local = tdbg_local_source_new (dir);
  g_autoptr(GatedSource) gated = gated_source_new (local, ".execution");
  TdbgWindow *window = gui_new_window ();
  GtkWidget *button;
  g_autofree char *shot = g_strdup_printf ("papercuts-cancel-%s.png", how);

  tdbg_window_open_source (window, TDBG_SOURCE (gated));
  g_assert_true (gui_wait_until (gated_waiting, gated, 30000));
  g_assert_true (tdbg_window_is_loading (window));
  button = GTK_WIDGET (gui_find_label (GTK_WIDGET (window), "Cancel", FALSE));
  g_assert_nonnull (button);
  button = gtk_widget_get_ancestor (button, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_drawable (button));
  g_assert_true (gtk_widget_is_sensitive (button));

  if (g_str_equal (how, "button"))
    g_signal_emit_by_name (button, "clicked");
  else
    g_assert_true (press_escape (GTK_WIDGET (window)));
  g_assert_true (gui_wait_until (gui_window_loaded, window, 5000));
  gui_spin (200);
  gui_shot (GTK_WIDGET (window), shot);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE));
  /* A page that says so, not the empty panes of a logdir that was not read. */
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "TensorFlow Debugger");
  g_assert_false (gtk_widget_is_drawable (button));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_null (tdbg_window_get_load_error (window));

  /* Sane: the gate opened late changes nothing, and another logdir opens whole. */
  gated_source_open (gated);
  gui_spin (200);
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  {
    g_autoptr(GFile) file = g_file_new_for_path (dir);
    tdbg_window_open (window, file);
  }
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  g_assert_nonnull (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel_slow_load (void)
{
  assert_cancel_stops ("button");
  assert_cancel_stops ("escape");
}

/* ---- Counts that do not mislead ---- */

/* A list capped at 1,000 alerts per kind says so in its title, with the real number. */
static void
test_capped_alerts (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "papercuts-demo", NULL);
  TdbgWindow *window;
  TdbgLogdir *logdir;
  guint64 all;
  g_autofree char *title = NULL;

  gui_ensure_demo_logdir (dir, 400);
  window = gui_open_window (dir);
  logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  all = tdbg_logdir_get_n_inf_nan_traces (logdir) + tdbg_logdir_get_n_inf_nan_execution_outputs (logdir);
  g_test_message ("%u alerts listed of %" G_GUINT64_FORMAT, tdbg_logdir_get_n_alerts (logdir), all);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, TDBG_ALERT_LIMIT);
  g_assert_cmpuint (all, >, TDBG_ALERT_LIMIT);
  /* Under LC_ALL=C.UTF-8 there is no digit grouping. */
  title = g_strdup_printf ("Alerts (%u of %" G_GUINT64_FORMAT ")", TDBG_ALERT_LIMIT, all);
  g_assert_nonnull (gui_find_label (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), title, FALSE));
  gui_shot (GTK_WIDGET (window), "papercuts-capped-alerts.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @n grouped by threes with commas, written out here (not by printf's grouping). */
static char *
grouped (guint64 n)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  GString *s = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, digits[i]);
    }
  return g_string_free (s, FALSE);
}

static gboolean
label_containing (gpointer data)
{
  gpointer *args = data;
  GtkLabel *label = gui_find_label_holding (args[0], args[1]);
  return label && gtk_widget_get_mapped (GTK_WIDGET (label));
}

/* Big numbers a person reads are grouped as the locale does (the status line, the alert
 * rows, the trace columns, the tensor's details, the capped count's tooltip); indices, which
 * are typed into "Go to #" and `tfdbg-gtk trace LOGDIR INDEX`, are not. */
static void
test_digit_grouping (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "papercuts-demo", NULL);
  TdbgWindow *window;
  TdbgSelection *selection;
  TdbgLogdir *logdir;
  TdbgTracePane *pane;
  TdbgTraceRow *row;
  guint32 trace = TDBG_NONE;
  guint alert = 0;
  RowWait wait;

  /* A locale that groups digits ("41,200"), whether or not the machine has it. */
  test_env_compile_locale ("en_US.UTF-8");
  g_assert_nonnull (setlocale (LC_NUMERIC, "en_US.UTF-8"));
  tdbg_ui_pin_locale ();
  gui_ensure_demo_logdir (dir, 400);
  window = gui_open_window (dir);
  selection = tdbg_window_get_selection (window);
  logdir = tdbg_selection_get_logdir (selection);
  pane = tdbg_window_get_trace_pane (window);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >=, 10000);

  {
    g_autofree char *traces = grouped (tdbg_logdir_get_n_traces (logdir));
    g_autofree char *executions = grouped (tdbg_logdir_get_n_executions (logdir));
    g_autofree char *counts = g_strdup_printf (" — %s graph execution traces, %s executions, 1,000 alerts", traces,
                                               executions);
    g_autofree char *first = g_strdup_printf ("Trace %u ", tdbg_logdir_get_alert (logdir, 0)->trace_index);
    g_test_message ("status: %s", tdbg_window_get_status_text (window));
    g_assert_nonnull (strstr (tdbg_window_get_status_text (window), counts));
    g_assert_nonnull (strstr (tdbg_window_get_status_text (window), first));
  }
  {
    guint64 all = tdbg_logdir_get_n_inf_nan_traces (logdir) + tdbg_logdir_get_n_inf_nan_execution_outputs (logdir);
    g_autofree char *total = grouped (all);
    g_autofree char *tip = g_strdup_printf ("1,000 alerts shown (at most 1,000 per kind) of %s in all", total);
    g_assert_nonnull (gui_find_by_tooltip (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), tip));
  }

  /* An alert on a thousand NaN, past trace 9,999. */
  for (guint i = 0; i < tdbg_logdir_get_n_alerts (logdir) && trace == TDBG_NONE; i++)
    {
      const TdbgAlert *a = tdbg_logdir_get_alert (logdir, i);
      if (a->trace_index != TDBG_NONE && a->trace_index >= 10000 && a->num_nan >= 1000)
        {
          trace = a->trace_index;
          alert = i;
        }
    }
  g_assert_cmpuint (trace, !=, TDBG_NONE);
  tdbg_selection_select_alert (selection, alert);
  wait = (RowWait) { pane, trace };
  g_assert_true (gui_wait_until (row_shown, &wait, 5000));
  gui_spin (300);
  row = tdbg_trace_pane_find_row (pane, trace);
  {
    g_autofree char *index = g_strdup_printf ("%u", trace);
    g_autofree char *nan = grouped ((guint64) tdbg_logdir_get_alert (logdir, alert)->num_nan);
    g_autofree char *alert_row = g_strdup_printf (", trace %u NaN×%s", trace, nan);
    g_autofree char *size = grouped ((guint64) tdbg_logdir_get_alert (logdir, alert)->size);
    g_autofree char *details = g_strdup_printf ("Trace %u: ", trace);
    g_autofree char *details_nan = g_strdup_printf ("NaN %s", nan);
    gpointer args[2] = { tdbg_window_get_alerts_pane (window), NULL };
    GtkLabel *label;

    g_assert_cmpstr (tdbg_trace_row_get_text (row, 0), ==, index);
    g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) tdbg_trace_pane_find_column (pane, "NaN")), ==, nan);
    g_assert_cmpstr (tdbg_trace_row_get_text (row, (guint) tdbg_trace_pane_find_column (pane, "Size")), ==, size);
    label = gui_find_label (GTK_WIDGET (pane), details, TRUE);
    g_assert_nonnull (label);
    g_test_message ("details: %s", gtk_label_get_text (label));
    g_assert_nonnull (strstr (gtk_label_get_text (label), details_nan));
    /* The alert's row (its list scrolls to it). */
    args[1] = alert_row;
    g_assert_true (gui_wait_until (label_containing, args, 5000));
  }
  gui_shot (GTK_WIDGET (window), "papercuts-digit-grouping.png");
  gtk_window_destroy (GTK_WINDOW (window));
  setlocale (LC_NUMERIC, "C");
  tdbg_ui_pin_locale ();
  g_unsetenv ("LOCPATH");
}

/* What Graphviz does around each layout and rendering (gv_fixLocale()): the process's
 * LC_NUMERIC to "C", then back. */
static gpointer
switch_numeric_until_stopped (gpointer stop)
{
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));

  while (!g_atomic_int_get ((gint *) stop))
    {
      setlocale (LC_NUMERIC, "C");
      setlocale (LC_NUMERIC, saved);
    }
  return NULL;
}

/* Graphviz sets the process's LC_NUMERIC to "C" while it lays out (in a worker, for Graph
 * Structure and Whole Graph): the numbers the window formats meanwhile keep the locale's digit
 * grouping (the main thread holds a locale of its own). */
static void
test_grouping_beside_layout (void)
{
  gint stop = 0;
  GThread *thread;
  guint ungrouped = 0;

  test_env_compile_locale ("en_US.UTF-8");
  g_assert_nonnull (setlocale (LC_NUMERIC, "en_US.UTF-8"));
  tdbg_ui_pin_locale ();
  thread = g_thread_new ("layout", switch_numeric_until_stopped, &stop);
  for (guint i = 0; i < 200000; i++)
    {
      g_autofree char *text = g_strdup_printf ("%'u", 41200u);
      ungrouped += strchr (text, ',') == NULL;
    }
  g_atomic_int_set (&stop, 1);
  g_thread_join (thread);
  setlocale (LC_NUMERIC, "C");
  tdbg_ui_pin_locale ();
  g_unsetenv ("LOCPATH");
  g_assert_cmpuint (ungrouped, ==, 0);
}

/* Garbage where the executions and traces should be is named damage, not "nothing yet". */
static void
test_garbage_is_damage (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("corrupt/garbage");

  gint64 graphs = test_expected_count ("corrupt", "garbage", "robust_reader_counts", "graphs");
  gint64 ops = test_expected_count ("corrupt", "garbage", "robust_reader_counts", "graph_op_creations");
  gint64 sources = test_expected_count ("corrupt", "garbage", "robust_reader_counts", "source_files");
  g_autofree char *intact = g_strdup_printf ("Intact: %" G_GINT64_FORMAT " graphs of %" G_GINT64_FORMAT " ops, %"
                                             G_GINT64_FORMAT " source files.", graphs, ops, sources);
  GtkWidget *show;

  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");
  g_assert_nonnull (gui_find_label (GTK_WIDGET (window), "The logdir is damaged", FALSE));
  g_assert_null (gui_find_label (GTK_WIDGET (window), "Nothing recorded yet", FALSE));
  /* What is intact is said, and can be browsed. */
  g_test_message ("page: %s", tdbg_problem_page_get_description (tdbg_window_get_problem_page (window)));
  g_assert_cmpint (graphs, >, 0);
  g_assert_nonnull (strstr (tdbg_problem_page_get_description (tdbg_window_get_problem_page (window)), intact));
  gui_shot (GTK_WIDGET (window), "papercuts-garbage.png");
  show = gtk_widget_get_ancestor (GTK_WIDGET (gui_find_label (GTK_WIDGET (window), "Show What Is Intact", FALSE)),
                                  GTK_TYPE_BUTTON);
  g_assert_nonnull (show);
  g_assert_true (gtk_widget_get_visible (show));
  g_signal_emit_by_name (show, "clicked");
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_cmpuint (tdbg_logdir_get_n_graphs (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==, graphs);
  gtk_window_destroy (GTK_WINDOW (window));

  /* An empty logdir is still one that waits for its records. */
  window = gui_open_shared_logdir ("corrupt/empty_files");
  g_test_message ("empty_files: page %s", tdbg_window_get_page (window));
  g_assert_null (gui_find_label (GTK_WIDGET (window), "The logdir is damaged", FALSE));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Room for the alerts ---- */

/* The rows of @list wholly in view. */
static guint
rows_in_view (GtkWidget *list)
{
  int height = gtk_widget_get_height (list);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;
      if (gtk_widget_get_mapped (row) && gtk_widget_compute_bounds (row, list, &bounds) &&
          bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= height + 0.5)
        n++;
    }
  return n;
}

/* At the window's first size the alerts list shows five whole rows or more, each one line
 * with its whole text as the tooltip. */
static void
test_alerts_room (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GtkWidget *list = gui_find_widget (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), GTK_TYPE_LIST_VIEW);
  guint n;

  g_assert_nonnull (list);
  gui_spin (200);
  n = rows_in_view (list);
  g_test_message ("alert rows in view: %u (list %d px high)", n, gtk_widget_get_height (list));
  g_assert_cmpuint (n, >=, 5);
  gui_shot (GTK_WIDGET (window), "papercuts-alerts-room.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The mapped widgets at or under @root that have style class @css_class. */
static void
collect_styled (GtkWidget *root, const char *css_class, GPtrArray *found)
{
  if (gtk_widget_has_css_class (root, css_class) && gtk_widget_get_mapped (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_styled (child, css_class, found);
}

/* Alert rows in the Alerts column read whole: a row too long for one line wraps onto the next
 * rather than losing its start (the op name) or its end (the trace, the counts). */
static void
test_alert_rows_keep_ends (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("multi_device/logdir");
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint n_wrapped = 0;

  gui_spin (300);
  collect_styled (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), "tdbg-alert-row", rows);
  g_assert_cmpuint (rows->len, >=, 5);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkLabel *label = GTK_LABEL (gtk_button_get_child (g_ptr_array_index (rows, i)));
      PangoLayout *layout = gtk_label_get_layout (label);

      g_test_message ("row “%s”: %d lines", pango_layout_get_text (layout), pango_layout_get_line_count (layout));
      g_assert_false (pango_layout_is_ellipsized (layout));
      n_wrapped += pango_layout_get_line_count (layout) > 1;
    }
  /* The column is narrower than the longest rows. */
  g_assert_cmpuint (n_wrapped, >, 0);
  gui_shot (GTK_WIDGET (window), "papercuts-alert-rows.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Tensor values in their own space ---- */

/* The selected row is wholly in view in its list. */
static gboolean
selected_row_in_view (gpointer window)
{
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *list = GTK_WIDGET (tdbg_trace_pane_get_list_view (pane));
  TdbgTraceRow *row = tdbg_trace_pane_find_row (pane, tdbg_selection_get_trace (tdbg_window_get_selection (window)));
  graphene_rect_t bounds;

  return row && gtk_widget_compute_bounds (GTK_WIDGET (row), list, &bounds) && bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list) + 0.5;
}

/* Opening Tensor Values leaves the list rows of its own with the selected row in view,
 * wherever it was in the list. */
static void
test_values_keep_list (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  GtkWidget *list = GTK_WIDGET (tdbg_trace_pane_get_list_view (pane));
  GtkPaned *paned = tdbg_trace_pane_get_values_paned (pane);
  GtkExpander *expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (pane), GTK_TYPE_EXPANDER));
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);
  guint32 last = tdbg_logdir_get_n_traces (logdir) - 1;
  int before, after;

  /* The last trace: the row most easily scrolled away. */
  tdbg_selection_select_trace (selection, last);
  g_assert_true (gui_wait_until (selected_row_in_view, window, 5000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (expander)));
  gui_spin (200);
  before = gtk_widget_get_height (list);
  gtk_expander_set_expanded (expander, TRUE);
  gui_spin (400);
  after = gtk_widget_get_height (list);
  g_test_message ("list %d px, then %d px with the values open (split %d px)", before, after,
                  gtk_widget_get_height (GTK_WIDGET (paned)));
  /* The values first (six rows at least, tests/gui/test-gui-layout.c), the list keeps rows. */
  g_assert_cmpint (after, >, 0);
  g_assert_cmpuint (rows_in_view (list), >=, 2);
  g_assert_true (gui_wait_until (selected_row_in_view, window, 5000));
  gui_shot (GTK_WIDGET (window), "papercuts-values-open.png");

  /* The split is the person's to move; closed, the list has its space back. */
  gtk_paned_set_position (paned, gtk_widget_get_height (GTK_WIDGET (paned)) - 40);
  gui_spin (200);
  g_assert_true (gui_wait_until (selected_row_in_view, window, 5000));
  gtk_expander_set_expanded (expander, FALSE);
  gui_spin (300);
  g_assert_cmpint (gtk_widget_get_height (list), >=, before - 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Timeline chips that name what ran ---- */


static void
test_timeline_chips (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("modes/FULL_TENSOR");
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();
  gboolean function = FALSE, op = FALSE;
  g_autofree char *inference = tdbg_timeline_chip_text ("__inference_scaled_roots_58");
  g_autofree char *cast = tdbg_timeline_chip_text ("Cast");

  g_assert_cmpstr (inference, ==, "scaled_roots");
  g_assert_cmpstr (cast, ==, "Cast");
  {
    /* A TF1 call keeps its name whole, what it fetched in the tooltip. */
    g_autofree char *run = tdbg_timeline_chip_text ("Session.run(count:0, loss:0; feeds: x:0)");
    g_assert_cmpstr (run, ==, "Session.run");
  }
  gui_spin (200);
  collect_styled (GTK_WIDGET (tdbg_window_get_timeline_pane (window)), "tdbg-exec-box", chips);
  g_assert_cmpuint (chips->len, >, 0);
  for (guint i = 0; i < chips->len; i++)
    {
      GtkLabel *chip = g_ptr_array_index (chips, i);
      const char *text = gtk_label_get_text (chip);
      g_test_message ("chip %u: %s (%d px)", i, text, gtk_widget_get_width (GTK_WIDGET (chip)));
      g_assert_cmpint (g_utf8_strlen (text, -1), >, 1);
      if (gtk_widget_has_css_class (GTK_WIDGET (chip), "tdbg-function"))
        function = function || g_str_equal (text, "ƒ scaled_roots");
      else
        op = op || g_str_equal (text, "Cast");
      /* Names of a dozen characters show whole; none is wider than that. */
      if (g_utf8_strlen (text, -1) <= 12)
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (chip)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (chip)), <, 160);
    }
  g_assert_true (function);
  g_assert_true (op);
  gui_shot (GTK_WIDGET (window), "papercuts-timeline.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Op names cut where they do not differ; overlays off the drawing ---- */

static void
test_graph_names_and_overlays (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (window);
  TdbgGraphView *view = tdbg_graph_pane_get_view (graph);
  TdbgSelection *selection = tdbg_window_get_selection (window);
  GtkWidget *zoom = gui_find_by_tooltip (GTK_WIDGET (graph), "Zoom in (+, Ctrl+wheel); drag to pan");
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (view), "Reciprocal");
  graphene_rect_t zoom_bounds;
  int width;
  guint n_nodes = 0;

  /* A long name loses whole leading scopes, never its last one. */
  pango_layout_get_pixel_size (layout, &width, NULL);
  {
    g_autofree char *fitted = tdbg_graph_draw_fit_name (layout, "gradients/Log_grad/Reciprocal", width + 30);
    g_autofree char *whole = tdbg_graph_draw_fit_name (layout, "gradients/Log_grad/Reciprocal", 2000);
    g_test_message ("fitted: %s", fitted);
    g_assert_cmpstr (fitted, ==, "…/Reciprocal");
    g_assert_cmpstr (whole, ==, "gradients/Log_grad/Reciprocal");
  }
  g_object_unref (layout);

  /* The zoom buttons cover no node of a fitted graph. */
  g_assert_nonnull (zoom);
  zoom = gtk_widget_get_parent (zoom);
  g_assert_true (gui_wait_graph_shows (graph, tdbg_selection_get_op (selection), 10000));
  gui_spin (200);
  g_assert_true (gtk_widget_compute_bounds (zoom, GTK_WIDGET (view), &zoom_bounds));
  for (GtkWidget *node = gtk_widget_get_first_child (GTK_WIDGET (view)); node; node = gtk_widget_get_next_sibling (node))
    {
      graphene_rect_t bounds;
      if (!gtk_widget_get_visible (node) || !gtk_widget_compute_bounds (node, GTK_WIDGET (view), &bounds))
        continue;
      n_nodes++;
      g_assert_false (graphene_rect_intersection (&bounds, &zoom_bounds, NULL));
    }
  g_test_message ("%u nodes clear of the zoom buttons", n_nodes);
  g_assert_cmpuint (n_nodes, >, 0);
  gui_shot (GTK_WIDGET (window), "papercuts-graph.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/papercuts/grouping-beside-layout", test_grouping_beside_layout);
  g_test_add_func ("/gui/papercuts/device-keeps-width", test_device_keeps_width);
  g_test_add_func ("/gui/papercuts/device-short-names", test_device_short_names);
  g_test_add_func ("/gui/papercuts/device-cells", test_device_cells);
  g_test_add_func ("/gui/papercuts/host-filter", test_host_filter);
  g_test_add_func ("/gui/papercuts/where-hosts-devices", test_where_hosts_and_devices);
  g_test_add_func ("/gui/papercuts/selection-salient", test_selection_salient);
  g_test_add_func ("/gui/papercuts/opens-on-first", test_opens_on_first);
  g_test_add_func ("/gui/papercuts/start-page-buttons", test_start_page_buttons);
  g_test_add_func ("/gui/papercuts/regex-error", test_regex_error);
  g_test_add_func ("/gui/papercuts/cancel-slow-load", test_cancel_slow_load);
  g_test_add_func ("/gui/papercuts/capped-alerts", test_capped_alerts);
  g_test_add_func ("/gui/papercuts/digit-grouping", test_digit_grouping);
  g_test_add_func ("/gui/papercuts/garbage-is-damage", test_garbage_is_damage);
  g_test_add_func ("/gui/papercuts/alerts-room", test_alerts_room);
  g_test_add_func ("/gui/papercuts/alert-rows-keep-ends", test_alert_rows_keep_ends);
  g_test_add_func ("/gui/papercuts/values-keep-list", test_values_keep_list);
  g_test_add_func ("/gui/papercuts/timeline-chips", test_timeline_chips);
  g_test_add_func ("/gui/papercuts/graph-names-overlays", test_graph_names_and_overlays);
  return g_test_run ();
}
