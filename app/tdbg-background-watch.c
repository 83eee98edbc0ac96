/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-background-watch.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-settings.h"
#include "tdbg-window-notify.h"

/* One application per process: its watching windows are the process's. */
static GListStore *
watching (void)
{
  static GListStore *store;

  if (store == NULL)
    store = g_list_store_new (TDBG_TYPE_WINDOW);
  return store;
}

GListModel *
tdbg_background_watch_get_list (void)
{
  return G_LIST_MODEL (watching ());
}

gboolean
tdbg_background_watch_contains (TdbgWindow *window)
{
  return g_list_store_find (watching (), window, NULL);
}

/* Takes @window off the list and lets the application go (when it was on the list). */
static void visible_changed_cb (TdbgWindow *window, GParamSpec *pspec, gpointer data);

static void
leave (TdbgWindow *window)
{
  guint position;
  GtkApplication *app = g_object_get_data (G_OBJECT (window), "tdbg-background-app");

  if (!g_list_store_find (watching (), window, &position))
    return;
  g_signal_handlers_disconnect_by_func (window, leave, NULL);
  g_signal_handlers_disconnect_by_func (window, visible_changed_cb, NULL);
  g_object_set_data (G_OBJECT (window), "tdbg-background-app", NULL);
  g_list_store_remove (watching (), position);
  if (app)
    g_application_release (G_APPLICATION (app));
}

static void
visible_changed_cb (TdbgWindow *window, GParamSpec *pspec, gpointer data)
{
  if (gtk_widget_get_visible (GTK_WIDGET (window)))
    leave (window);
}

void
tdbg_background_watch_send (TdbgWindow *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  if (g_list_store_find (watching (), window, NULL))
    return;
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  if (app)
    g_application_hold (G_APPLICATION (app));
  /* The application held, to be let go of when the window leaves (by then it may have none). */
  g_object_set_data (G_OBJECT (window), "tdbg-background-app", app);
  g_list_store_append (watching (), window);
  g_signal_connect (window, "notify::visible", G_CALLBACK (visible_changed_cb), NULL);
  g_signal_connect (window, "destroy", G_CALLBACK (leave), NULL);
}

void
tdbg_background_watch_show (TdbgWindow *window)
{
  gtk_window_present (GTK_WINDOW (window));
}

void
tdbg_background_watch_stop (TdbgWindow *window)
{
  leave (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

gboolean
tdbg_background_watch_show_all (void)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (watching ()));

  /* Presenting one takes it off the list. */
  while (g_list_model_get_n_items (G_LIST_MODEL (watching ())) > 0)
    {
      g_autoptr(TdbgWindow) window = g_list_model_get_item (G_LIST_MODEL (watching ()), 0);
      tdbg_background_watch_show (window);
      leave (window);   /* when presenting did not show it (no display) */
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
  /* Gone before its window is: a dialog over a hidden window is sized for none. Nor is it
   * left pointing at a window destroyed below (it is disposed once its response is done). */
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
    ask (window);
  else if (g_settings_get_boolean (settings, "watch-in-background"))
    tdbg_background_watch_send (window);
  else
    return FALSE;
  return TRUE;
}
