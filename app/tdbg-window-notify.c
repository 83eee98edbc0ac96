/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-private.h"

#include "libtdbg-data.h"
#include "tdbg-background-watch.h"

gboolean
tdbg_window_notify_run_is_growing (TdbgWindow *self)
{
  return tdbg_run_is_growing (self->run);
}

/* The person looking at this run sees the alert arrive. */
static gboolean
looked_at (gpointer data)
{
  return gtk_window_is_active (data) && gtk_widget_get_visible (data);
}

static void
application_changed_cb (TdbgWindow *self, GParamSpec *pspec, gpointer data)
{
  if (self->notifier)
    tdbg_run_notifier_set_application (self->notifier,
                                       G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

void
tdbg_window_notify_init (TdbgWindow *self)
{
  g_signal_connect (self, "notify::application", G_CALLBACK (application_changed_cb), NULL);
}

void
tdbg_window_notify_attach_run (TdbgWindow *self)
{
  g_clear_object (&self->notifier);
  self->notifier = tdbg_run_notifier_new (self->run, self->selection);
  tdbg_run_notifier_set_looked_at (self->notifier, looked_at, self);
  application_changed_cb (self, NULL, NULL);
}

void
tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  tdbg_run_notifier_tell (self->notifier, alert);
}

/* The window that shows the run at @location, NULL when none does. */
static TdbgWindow *
window_showing (GtkApplication *app, const char *location)
{
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
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
  window = tdbg_background_watch_show (app, location);
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
  tdbg_background_watch_show (app, g_variant_get_string (parameter, NULL));
}

static void
stop_watching_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  const char *location = g_variant_get_string (parameter, NULL);
  TdbgWindow *window;

  if (tdbg_background_watch_find (app, location))
    tdbg_background_watch_stop (app, location);
  else if ((window = window_showing (app, location)) != NULL)
    /* As the Follow button does. */
    tdbg_run_set_following (tdbg_window_get_run (window), FALSE);
}

void
tdbg_window_notify_add_app_actions (GtkApplication *app)
{
  static const GActionEntry entries[] = {
    { "show-alert", show_alert_activated, "(ss)", NULL, NULL, { 0 } },
    { "show-run", show_run_activated, "s", NULL, NULL, { 0 } },
    { "stop-watching", stop_watching_activated, "s", NULL, NULL, { 0 } },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
}
