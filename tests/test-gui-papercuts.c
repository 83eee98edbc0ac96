/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a person sees first: the window keeps its width whatever is chosen, devices are told
 * apart by what differs, the selection stands out, the window opens on something useful. */

#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-util.h"
#include "tdbg-device-name.h"

/* The drop-down at @n (0: the first) under @root. */
static GtkDropDown *
nth_drop_down (GtkWidget *root, guint *n)
{
  if (GTK_IS_DROP_DOWN (root) && (*n)-- == 0)
    return GTK_DROP_DOWN (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found = nth_drop_down (child, n);
      if (found)
        return found;
    }
  return NULL;
}

static GtkDropDown *
device_drop_down (TdbgTracePane *pane)
{
  guint n = 1;   /* after the op types' */
  return nth_drop_down (GTK_WIDGET (pane), &n);
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

/* The first trace's row on show. */
static TdbgTraceRow *
first_row (TdbgTracePane *pane)
{
  TdbgTraceRow *row = NULL;

  for (guint t = 0; row == NULL && t < 50; t++)
    row = tdbg_trace_pane_find_row (pane, t);
  return row;
}

/* The Device column shows what tells devices apart (GPU:1, worker:0 CPU:0), the whole name
 * in the accessible description. */
static void
assert_device_cells (const char *relative, const char *distinct_a, const char *distinct_b)
{
  TdbgWindow *window = gui_open_shared_logdir (relative);
  TdbgTracePane *pane = tdbg_window_get_trace_pane (window);
  int column = tdbg_trace_pane_find_column (pane, "Device");
  TdbgTraceRow *row;

  g_assert_cmpint (column, >=, 0);
  gui_spin (200);
  row = first_row (pane);
  g_assert_nonnull (row);
  g_test_message ("%s: first row's device %s", relative, tdbg_trace_row_get_text (row, (guint) column));
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

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/papercuts/device-keeps-width", test_device_keeps_width);
  g_test_add_func ("/gui/papercuts/device-short-names", test_device_short_names);
  g_test_add_func ("/gui/papercuts/device-cells", test_device_cells);
  return g_test_run ();
}
