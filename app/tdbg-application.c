/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-application.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>
#include "tdbg-gui.h"
#include "libtdbg-data.h"
#include "libtdbg-ui.h"
#include "tdbg-window.h"
#include "tdbg-window-private.h"
#include "tdbg-watched-run.h"

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

/* The runs watched with no window ("Watch in Background"): a window whose run is still being
 * written hands it over as it closes (app.keep-run, tdbg-window-close.c); the list keeps each
 * run followed and its alerts told (TdbgWatchedRun), and the application is held while the
 * list is not empty. A notification's action, activating the application, or the start page's
 * list shows the run in a new window, which takes it back (app.show-run, app.show-alert); the
 * start page can also stop the watch (app.stop-watching). */

/* The watched run at @location (borrowed: the list holds it) and its @position; NULL when none. */
static TdbgWatchedRun *
find_watched (TdbgApplication *self, const char *location, guint *position)
{
  GListModel *runs = G_LIST_MODEL (self->watched_runs);

  for (guint i = 0; location && i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(TdbgWatchedRun) watched = g_list_model_get_item (runs, i);
      if (g_strcmp0 (tdbg_watched_run_get_location (watched), location) == 0)
        {
          if (position)
            *position = i;
          return watched;
        }
    }
  return NULL;
}

TdbgWatchedRun *
tdbg_application_find_watched_run (TdbgApplication *self, const char *location)
{
  g_return_val_if_fail (TDBG_IS_APPLICATION (self), NULL);
  return find_watched (self, location, NULL);
}

/* Takes the run at @position off the list. */
static TdbgRun *
take_at (TdbgApplication *self, guint position)
{
  g_autoptr(TdbgWatchedRun) watched = g_list_model_get_item (G_LIST_MODEL (self->watched_runs), position);
  TdbgRun *run = g_object_ref (tdbg_watched_run_get_run (watched));

  g_list_store_remove (self->watched_runs, position);
  return run;
}

/* The run at @location taken off the list; NULL when none is watched there. */
static TdbgRun *
take (TdbgApplication *self, const char *location)
{
  guint position;

  return find_watched (self, location, &position) ? take_at (self, position) : NULL;
}

/* A new window shows @run, taken off the list. */
static TdbgWindow *
show_taken (TdbgApplication *self, TdbgRun *run)
{
  TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (self));

  tdbg_window_show_run (window, run);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Shows the run at @location in a new window; NULL when no run there is watched. */
static TdbgWindow *
show_watched (TdbgApplication *self, const char *location)
{
  g_autoptr(TdbgRun) run = take (self, location);

  return run ? show_taken (self, run) : NULL;
}

static void
stop_watched (TdbgApplication *self, const char *location)
{
  g_autoptr(TdbgRun) run = take (self, location);

  if (run == NULL)
    return;
  tdbg_run_set_following (run, FALSE);
  tdbg_run_cancel (run);
}

/* Shows every watched run; FALSE when there was none. */
static gboolean
show_all_watched (TdbgApplication *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->watched_runs));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TdbgRun) run = take_at (self, 0);
      show_taken (self, run);
    }
  return n > 0;
}

/* A window hands its run over as it closes (its id: the action carries no object). */
static void
keep_run_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TdbgApplication *self = data;
  GtkWindow *window = gtk_application_get_window_by_id (GTK_APPLICATION (self), g_variant_get_uint32 (parameter));
  g_autoptr(TdbgRun) run = NULL;
  g_autoptr(TdbgWatchedRun) watched = NULL;

  if (!TDBG_IS_WINDOW (window) || find_watched (self, tdbg_window_get_location (TDBG_WINDOW (window)), NULL))
    return;
  run = tdbg_window_give_run (TDBG_WINDOW (window));
  watched = tdbg_watched_run_new (run, G_APPLICATION (self));
  g_list_store_append (self->watched_runs, watched);
}

/* Held while a run is watched with no window: the application outlives its last window. */
static void
watched_runs_changed_cb (GListModel *runs, guint position, guint removed, guint added, TdbgApplication *self)
{
  for (guint i = 0; i < added; i++)
    g_application_hold (G_APPLICATION (self));
  for (guint i = 0; i < removed; i++)
    g_application_release (G_APPLICATION (self));
}

/* The window that shows the run at @location, NULL when none does. */
static TdbgWindow *
window_showing (TdbgApplication *app, const char *location)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (TDBG_IS_WINDOW (l->data) && g_strcmp0 (tdbg_window_get_location (l->data), location) == 0)
      return l->data;
  return NULL;
}

static void
show_alert_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  const char *location, *kind_id;
  TdbgWindow *window;
  TdbgAlertsPane *pane;

  g_variant_get (parameter, "(&s&s)", &location, &kind_id);
  window = show_watched (app, location);
  if (window == NULL && (window = window_showing (app, location)) == NULL)
    return;
  gtk_window_present (GTK_WINDOW (window));
  pane = tdbg_window_get_alerts_pane (window);
  for (guint k = 0; k < tdbg_alert_kind_get_n (); k++)
    if (g_str_equal (tdbg_alert_kind_nth (k)->id, kind_id))
      tdbg_alerts_pane_activate_kind (pane, (TdbgAlertType) k);
  tdbg_cause_card_set_expanded (tdbg_alerts_pane_get_cause_card (pane), TRUE);
}

static void
show_run_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  show_watched (app, g_variant_get_string (parameter, NULL));
}

static void
stop_watching_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  const char *location = g_variant_get_string (parameter, NULL);
  TdbgWindow *window;

  if (find_watched (app, location, NULL))
    stop_watched (app, location);
  else if ((window = window_showing (app, location)) != NULL)
    /* As the Follow button does. */
    tdbg_run_set_following (tdbg_window_get_run (window), FALSE);
}

/* Each window lists the watched runs on its start page. */
static void
tdbg_application_window_added (GtkApplication *app, GtkWindow *window)
{
  GTK_APPLICATION_CLASS (tdbg_application_parent_class)->window_added (app, window);
  if (TDBG_IS_WINDOW (window))
    tdbg_window_set_watched_runs (TDBG_WINDOW (window), G_LIST_MODEL (TDBG_APPLICATION (app)->watched_runs));
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

  if (show_all_watched (TDBG_APPLICATION (app)))
    return;
  window = tdbg_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
}

static void
tdbg_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      TdbgWindow *window = tdbg_window_new_for_file (GTK_APPLICATION (app), files[i]);
      gtk_window_present (GTK_WINDOW (window));
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
  TdbgApplication *self = TDBG_APPLICATION (object);

  if (self->watched_runs)
    g_signal_handlers_disconnect_by_data (self->watched_runs, self);
  g_clear_object (&self->watched_runs);
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
  GTK_APPLICATION_CLASS (klass)->window_added = tdbg_application_window_added;
}

static void
tdbg_application_init (TdbgApplication *self)
{
  static const GActionEntry entries[] = {
    { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
    { "open-location", open_location_activated, "s", NULL, NULL, { 0 } },
    /* tfdbg-gtk --compare RUN_A RUN_B: a window on run A compared with run B. */
    { "compare", compare_activated, "(ss)", NULL, NULL, { 0 } },
    { "keep-run", keep_run_activated, "u", NULL, NULL, { 0 } },
    /* Of a notification (location, alert kind): the run's window with that kind's first alert
     * and the cause card open, in its window or in a new one when it is watched with none. */
    { "show-alert", show_alert_activated, "(ss)", NULL, NULL, { 0 } },
    { "show-run", show_run_activated, "s", NULL, NULL, { 0 } },
    /* A watched run stops being watched; one shown stops being followed. */
    { "stop-watching", stop_watching_activated, "s", NULL, NULL, { 0 } },
  };

  self->watched_runs = g_list_store_new (TDBG_TYPE_WATCHED_RUN);
  g_signal_connect (self->watched_runs, "items-changed", G_CALLBACK (watched_runs_changed_cb), self);
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
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
