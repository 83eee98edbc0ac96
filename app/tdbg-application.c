/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-application.h"

#include "tdbg-background-watch.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>
#include "tdbg-gui.h"
#include "libtdbg-data.h"
#include "libtdbg-ui.h"
#include "tdbg-window.h"
#include "tdbg-window-private.h"

struct _TdbgApplication {
  AdwApplication parent_instance;

  GListStore *watched_runs;   /* TdbgWatchedRun: runs watched with no window */
};

/* AdwApplication: the Adwaita style, following the system's light or dark preference. */
G_DEFINE_FINAL_TYPE (TdbgApplication, tdbg_application, ADW_TYPE_APPLICATION)

static void
tdbg_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (tdbg_application_parent_class)->startup (app);
  gtk_source_init ();
  tdbg_ui_init ();
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_accels);
}

/* A location as the running instance (whose current folder may be another) must read it. */
static char *
absolute_location (const char *text)
{
  if (tdbg_location_text_is_remote (text))
    return g_strdup (text);
  return g_canonicalize_filename (text, NULL);
}

/* --compare RUN_A RUN_B (tdbg_cli_main() has checked them): the pair goes to the
 * instance already running, when there is one, through the "compare" action. */
static gboolean
compare_from_command_line (GApplication *app, char **argv, int *exit_status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL, *b = NULL;
  gboolean options = TRUE, compare = FALSE;

  for (int i = 1; argv[i]; i++)
    {
      if (options && g_str_equal (argv[i], "--"))
        options = FALSE;
      else if (options && g_str_equal (argv[i], "--compare"))
        compare = TRUE;
      else if (options && argv[i][0] == '-' && argv[i][1] != '\0')
        continue;
      else if (a == NULL)
        a = absolute_location (argv[i]);
      else if (b == NULL)
        b = absolute_location (argv[i]);
    }
  if (!compare)
    return FALSE;
  if (a == NULL || b == NULL)
    {
      *exit_status = 2;
      return TRUE;
    }
  if (!g_application_register (app, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      *exit_status = 1;
      return TRUE;
    }
  g_action_group_activate_action (G_ACTION_GROUP (app), "compare", g_variant_new ("(ss)", a, b));
  *exit_status = 0;
  return TRUE;
}

/* GApplication would turn ssh:// arguments into GVfs files: they are set aside and opened
 * by their address, through the "open-location" action, which reaches the instance already
 * running when there is one. */
static gboolean
tdbg_application_local_command_line (GApplication *app, char ***arguments, int *exit_status)
{
  char **argv = *arguments;
  g_autoptr(GPtrArray) remote = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gboolean handled = FALSE;
  int kept = 0;

  if (compare_from_command_line (app, argv, exit_status))
    return TRUE;
  for (int i = 0; argv[i]; i++)
    if (i > 0 && tdbg_location_text_is_remote (argv[i]))
      g_ptr_array_add (remote, argv[i]);
    else
      argv[kept++] = argv[i];
  argv[kept] = NULL;
  if (remote->len == 0 || kept > 1)
    handled = G_APPLICATION_CLASS (tdbg_application_parent_class)->local_command_line (app, arguments, exit_status);
  if (remote->len == 0)
    return handled;
  if (!g_application_register (app, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      *exit_status = 1;
      return TRUE;
    }
  for (guint i = 0; i < remote->len; i++)
    g_action_group_activate_action (G_ACTION_GROUP (app), "open-location",
                                    g_variant_new_string (g_ptr_array_index (remote, i)));
  if (!handled)
    *exit_status = 0;
  return TRUE;
}

static void
open_location_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  tdbg_window_open_location (window, g_variant_get_string (parameter, NULL));
}

static void
compare_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (app));
  const char *a, *b;

  g_variant_get (parameter, "(&s&s)", &a, &b);
  gtk_window_present (GTK_WINDOW (window));
  tdbg_window_open_compare (window, a, b);
}

/* A window, or the runs watched in the background back on screen. */
static void
tdbg_application_activate (GApplication *app)
{
  TdbgWindow *window;

  if (tdbg_background_watch_show_all (GTK_APPLICATION (app)))
    return;
  window = tdbg_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
}

static void
tdbg_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (window));
      tdbg_window_open (window, files[i]);
    }
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  g_application_quit (G_APPLICATION (app));
}

static void
tdbg_application_dispose (GObject *object)
{
  g_clear_object (&TDBG_APPLICATION (object)->watched_runs);
  G_OBJECT_CLASS (tdbg_application_parent_class)->dispose (object);
}

static void
tdbg_application_class_init (TdbgApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_application_dispose;
  app_class->local_command_line = tdbg_application_local_command_line;
  app_class->startup = tdbg_application_startup;
  app_class->activate = tdbg_application_activate;
  app_class->open = tdbg_application_open;
}

static void
tdbg_application_init (TdbgApplication *self)
{
  static const GActionEntry entries[] = {
    { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
    { "open-location", open_location_activated, "s", NULL, NULL, { 0 } },
    /* tfdbg-gtk --compare RUN_A RUN_B: a window on run A compared with run B. */
    { "compare", compare_activated, "(ss)", NULL, NULL, { 0 } },
  };

  self->watched_runs = g_list_store_new (TDBG_TYPE_WATCHED_RUN);
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  tdbg_window_notify_add_app_actions (GTK_APPLICATION (self));
}

GListStore *
tdbg_application_get_watched_runs (TdbgApplication *self)
{
  g_return_val_if_fail (TDBG_IS_APPLICATION (self), NULL);
  return self->watched_runs;
}

TdbgApplication *
tdbg_application_new (void)
{
  return g_object_new (TDBG_TYPE_APPLICATION, "application-id", TDBG_APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN, NULL);
}

int
tdbg_gui_run (int argc, char **argv)
{
  g_autoptr(TdbgApplication) app = NULL;

  g_set_prgname ("tfdbg-gtk");
  g_set_application_name (_("TensorFlow Debugger"));
  app = tdbg_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
