/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-background-watch.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-application.h"
#include "tdbg-settings.h"
#include "tdbg-window-notify.h"

static GListStore *
watched_runs (GtkApplication *app)
{
  return TDBG_IS_APPLICATION (app) ? tdbg_application_get_watched_runs (TDBG_APPLICATION (app)) : NULL;
}

/* The watched run at @location (borrowed: the list holds it) and its @position; NULL when none. */
static TdbgWatchedRun *
find (GtkApplication *app, const char *location, guint *position)
{
  GListModel *runs = G_LIST_MODEL (watched_runs (app));

  for (guint i = 0; runs && location && i < g_list_model_get_n_items (runs); i++)
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
tdbg_background_watch_find (GtkApplication *app, const char *location)
{
  return find (app, location, NULL);
}

/* Takes the run at @position off the list and lets the application go. */
static TdbgRun *
take_at (GtkApplication *app, guint position)
{
  g_autoptr(TdbgWatchedRun) watched = g_list_model_get_item (G_LIST_MODEL (watched_runs (app)), position);
  TdbgRun *run = g_object_ref (tdbg_watched_run_get_run (watched));

  g_list_store_remove (watched_runs (app), position);
  g_application_release (G_APPLICATION (app));
  return run;
}

/* The run at @location taken off the list; NULL when none is watched there. */
static TdbgRun *
take (GtkApplication *app, const char *location)
{
  guint position;

  return find (app, location, &position) ? take_at (app, position) : NULL;
}

/* The application takes @window's run (the window lets go of it), unless it watches that
 * run already. */
static void
hand_over (TdbgWindow *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autoptr(TdbgRun) run = NULL;
  g_autoptr(TdbgWatchedRun) watched = NULL;

  if (watched_runs (app) == NULL || find (app, tdbg_window_get_location (window), NULL))
    return;
  run = tdbg_window_give_run (window);
  watched = tdbg_watched_run_new (run, G_APPLICATION (app));
  g_application_hold (G_APPLICATION (app));
  g_list_store_append (watched_runs (app), watched);
}

void
tdbg_background_watch_send (TdbgWindow *window)
{
  hand_over (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new window shows @run, taken off the list. */
static TdbgWindow *
show_taken (GtkApplication *app, TdbgRun *run)
{
  TdbgWindow *window = tdbg_window_new (app);

  tdbg_window_show_run (window, run);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

TdbgWindow *
tdbg_background_watch_show (GtkApplication *app, const char *location)
{
  g_autoptr(TdbgRun) run = take (app, location);

  return run ? show_taken (app, run) : NULL;
}

void
tdbg_background_watch_stop (GtkApplication *app, const char *location)
{
  g_autoptr(TdbgRun) run = take (app, location);

  if (run == NULL)
    return;
  tdbg_run_set_following (run, FALSE);
  tdbg_run_cancel (run);
}

gboolean
tdbg_background_watch_show_all (GtkApplication *app)
{
  GListModel *runs = G_LIST_MODEL (watched_runs (app));
  guint n = runs ? g_list_model_get_n_items (runs) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TdbgRun) run = take_at (app, 0);
      show_taken (app, run);
    }
  return n > 0;
}

static void
asked_cb (AdwMessageDialog *dialog, const char *response, TdbgWindow *window)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  gboolean background = g_str_equal (response, "background");

  g_settings_set_boolean (settings, "watch-in-background-asked", TRUE);
  g_settings_set_boolean (settings, "watch-in-background", background);
  /* Gone before its window is: not left pointing at a window destroyed below (it is disposed
   * once its response is done). */
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  if (background)
    tdbg_background_watch_send (window);
  else
    gtk_window_destroy (GTK_WINDOW (window));
}

/* Asked once: the answer is the setting from then on (the menu changes it). */
static void
ask (TdbgWindow *window)
{
  const char *location = tdbg_window_get_location (window);
  g_autofree char *run = g_path_get_basename (location ? location : "");
  /* Translators: the run's folder name. (No heading: libadwaita 1.7 sizes a message dialog's
   * heading for a width it then does not give it.) */
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  /* A run that has shown its first NaN/∞ already is not promised it: what is left to tell is
   * the alerts of other kinds. */
  g_autofree char *body = logdir != NULL && tdbg_logdir_get_n_alerts (logdir) > 0
    ? g_strdup_printf (_("Keep watching “%s”? It is still being written, and has already shown NaN or infinity. "
                         "Watching it in the background tells you of alerts of other kinds with no window open. "
                         "The answer is remembered; the menu’s Watch in Background changes it."), run)
    : g_strdup_printf (_("Keep watching “%s”? It is still being written. Watching it in the "
                         "background tells you of its first NaN or infinity with no window "
                         "open. The answer is remembered; the menu’s Watch in Background "
                         "changes it."), run);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (window), NULL, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "close", _("_Stop Watching"),
                                    "background", _("_Watch in Background"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "background", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "background");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (asked_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
tdbg_background_watch_close_request (TdbgWindow *window)
{
  g_autoptr(GSettings) settings = NULL;

  if (!tdbg_window_notify_run_is_growing (window))
    return FALSE;
  settings = tdbg_settings_new ();
  if (!g_settings_get_boolean (settings, "watch-in-background-asked"))
    {
      /* It stays while asked. */
      ask (window);
      return TRUE;
    }
  if (g_settings_get_boolean (settings, "watch-in-background"))
    hand_over (window);
  return FALSE;
}
