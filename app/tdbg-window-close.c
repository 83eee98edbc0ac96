/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-settings.h"

/* The application takes the window's run, unless it watches that run already: through its
 * action "app.keep-run" (the window's id), so that the window needs nothing of it. A window
 * without such an application keeps its run. */
static void
hand_over (TdbgWindow *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  if (app && g_action_group_has_action (G_ACTION_GROUP (app), "keep-run"))
    g_action_group_activate_action (G_ACTION_GROUP (app), "keep-run",
                                    g_variant_new_uint32 (gtk_application_window_get_id (GTK_APPLICATION_WINDOW (window))));
}

void
tdbg_window_watch_in_background (TdbgWindow *window)
{
  hand_over (window);
  gtk_window_destroy (GTK_WINDOW (window));
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
    tdbg_window_watch_in_background (window);
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
tdbg_window_close_keeps_open (TdbgWindow *window)
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
