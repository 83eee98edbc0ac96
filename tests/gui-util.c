#include "gui-util.h"

#include <stdio.h>
#include <glib/gstdio.h>
#include "tdbg-fixture-writer.h"
#include "tdbg-ui.h"

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
gui_wait_until (GuiCond cond, gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  guint tick = g_timeout_add (10, tick_cb, NULL);
  gboolean ok;

  while (!(ok = cond (data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return ok;
}

static gboolean
always_false (gpointer data)
{
  return FALSE;
}

void
gui_spin (guint ms)
{
  gui_wait_until (always_false, NULL, ms);
}

GtkListView *
gui_list_view_of (GtkColumnView *column_view)
{
  return tdbg_ui_inner_list_view (column_view);
}

GtkLabel *
gui_find_label (GtkWidget *root, const char *text, gboolean prefix)
{
  if (GTK_IS_LABEL (root))
    {
      const char *t = gtk_label_get_text (GTK_LABEL (root));
      if (prefix ? g_str_has_prefix (t, text) : g_str_equal (t, text))
        return GTK_LABEL (root);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = gui_find_label (child, text, prefix);
      if (found)
        return found;
    }
  return NULL;
}

GtkWidget *
gui_find_editable (GtkWidget *root, const char *placeholder)
{
  if (GTK_IS_EDITABLE (root) && g_object_class_find_property (G_OBJECT_GET_CLASS (root), "placeholder-text"))
    {
      g_autofree char *text = NULL;
      g_object_get (root, "placeholder-text", &text, NULL);
      if (g_strcmp0 (text, placeholder) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gui_find_editable (child, placeholder);
      if (found)
        return found;
    }
  return NULL;
}

GtkWidget *
gui_find_widget (GtkWidget *root, GType type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gui_find_widget (child, type);
      if (found)
        return found;
    }
  return NULL;
}

void
gui_ensure_demo_logdir (const char *dir, guint n_steps)
{
  g_autofree char *stamp = g_build_filename (dir, "bench-steps", NULL);
  g_autofree char *steps = g_strdup_printf ("%u", n_steps);
  g_autofree char *have = NULL;
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions options = { n_steps, (gint) n_steps / 2, "bench-host", 1720000000 };
  gint64 start;

  if (g_file_get_contents (stamp, &have, NULL, NULL) && g_str_equal (have, steps))
    return;
  /* A different size, or an interrupted write: start over. */
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        if (g_str_has_prefix (name, "tfdbg_events.") || g_str_equal (name, "bench-steps"))
          {
            g_autofree char *path = g_build_filename (dir, name, NULL);
            g_remove (path);
          }
    }
  g_mkdir_with_parents (dir, 0755);
  start = g_get_monotonic_time ();
  if (!tdbg_fixture_write_demo (dir, &options, &error))
    g_error ("writing %s: %s", dir, error->message);
  g_file_set_contents (stamp, steps, -1, NULL);
  g_printerr ("# wrote %s (%u steps) in %.2f s\n", dir, n_steps, (g_get_monotonic_time () - start) / 1e6);
}
