/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-notify.h"
#include "tdbg-window-private.h"

#include <glib/gi18n.h>
#include "tdbg-alert-kind.h"
#include "tdbg-background-watch.h"
#include "tdbg-report.h"
#include "tdbg-more-alerts.h"
#include "tdbg-root-cause.h"
#include "tdbg-watch.h"

#define STATE_KEY "tdbg-notify-state"
/* An alert is told once what names its op's line, and for a NaN/∞ the root cause the Alerts
 * pane's card finds on its worker, are known: a run's files are not written at once, and the
 * line may come a moment after the record that raised the alert. Both usually take well under
 * a second; a notification waits for them at most a few (then goes without). */
#define TELL_CHECK_MS 100
#define TELL_WAIT_MAX (3 * G_TIME_SPAN_SECOND)

typedef struct {
  TdbgWatch *watch;     /* of the logdir the window shows */
  GArray *pending;      /* TdbgAlert: first alerts of their kind, not told yet */
  gint64 pending_since;
  guint tell_source;
} NotifyState;

static void
notify_state_free (NotifyState *state)
{
  g_clear_handle_id (&state->tell_source, g_source_remove);
  g_clear_object (&state->watch);
  g_array_unref (state->pending);
  g_free (state);
}

static NotifyState *
state_of (TdbgWindow *self)
{
  return g_object_get_data (G_OBJECT (self), STATE_KEY);
}

/* How long a run may go without growing and still count as being written. */
#define GROWING_IDLE (30 * 60 * G_USEC_PER_SEC)

gboolean
tdbg_window_notify_run_is_growing (TdbgWindow *self)
{
  TdbgWatch *watch = state_of (self)->watch;

  return watch && tdbg_follower_get_active (self->follower) && tdbg_watch_has_grown (watch) &&
         tdbg_watch_get_idle (watch, g_get_monotonic_time ()) < GROWING_IDLE;
}

char *
tdbg_window_notify_id (TdbgWindow *window, const char *kind_id)
{
  return g_strdup_printf ("alert-%u-%s", gtk_application_window_get_id (GTK_APPLICATION_WINDOW (window)), kind_id);
}

/* Where the alert's op was made: "train.py:83", NULL when unknown. */
static char *
alert_line (TdbgLogdir *logdir, const TdbgAlert *alert)
{
  guint32 op = alert->trace_index != TDBG_NONE ? tdbg_logdir_get_trace (logdir, alert->trace_index)->op : alert->op;
  const TdbgStackFrame *frame;
  g_autofree char *base = NULL;

  if (op == TDBG_NONE || alert->type == TDBG_ALERT_RETRACING || op >= tdbg_logdir_get_n_ops (logdir))
    return NULL;
  frame = tdbg_logdir_get_op_user_frame (logdir, tdbg_logdir_get_op (logdir, op));
  if (frame == NULL || frame->file_path == NULL)
    return NULL;
  base = g_path_get_basename (frame->file_path);
  return g_strdup_printf ("%s:%d", base, frame->line);
}

static char *
notification_body (TdbgWindow *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  g_autofree char *what = tdbg_describe_alert_for_people (logdir, alert);
  g_autofree char *line = alert_line (logdir, alert);
  GString *body = g_string_new (what);

  if (line)
    /* Translators: where the op of an alert was made, "train.py:83" */
    g_string_append_printf (body, _("\nMade at %s"), line);
  /* The root cause as the Alerts pane's card found it (on its worker, not here): the
   * notification goes out a step after the alert came, by when the card has it. */
  if (alert->type == TDBG_ALERT_INF_NAN)
    {
      TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (self));
      const TdbgRootCause *cause = tdbg_cause_card_get_cause (card);
      if (cause && cause->cause != TDBG_CAUSE_NONE && cause->explanation)
        g_string_append_printf (body, "\n%s", cause->explanation);
    }
  return g_string_free (body, FALSE);
}

static void
send_notification (TdbgWindow *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  const TdbgAlertKind *kind = tdbg_alert_kind_get (alert->type);
  guint window_id = gtk_application_window_get_id (GTK_APPLICATION_WINDOW (self));
  g_autofree char *run = g_path_get_basename (self->location ? self->location : "");
  /* Translators: an alert kind's name ("NaN/∞"), then the run's folder */
  g_autofree char *title = g_strdup_printf (_("%s in %s"), tdbg_alert_kind_get_name (kind), run);
  g_autofree char *body = notification_body (self, logdir, alert);
  g_autofree char *id = tdbg_window_notify_id (self, kind->id);
  g_autoptr(GNotification) notification = g_notification_new (title);

  g_notification_set_body (notification, body);
  g_notification_set_priority (notification, alert->type == TDBG_ALERT_INF_NAN ? G_NOTIFICATION_PRIORITY_HIGH
                                                                               : G_NOTIFICATION_PRIORITY_NORMAL);
  g_notification_set_default_action_and_target (notification, "app.show-alert", "(us)", window_id, kind->id);
  g_notification_add_button_with_target (notification, _("Stop Watching"), "app.stop-watching", "u", window_id);
  g_application_send_notification (app, id, notification);
}

/* A watch of the logdir the window shows: made when a logdir is shown (what it holds then
 * is on screen, never news), stepped after each step of following. */
static void
logdir_changed_cb (TdbgSelection *selection, GParamSpec *pspec, TdbgWindow *self)
{
  NotifyState *state = state_of (self);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);

  g_clear_object (&state->watch);
  g_array_set_size (state->pending, 0);
  if (logdir == NULL)
    return;
  state->watch = tdbg_watch_new (logdir, TDBG_MAGNITUDE_THRESHOLD_DEFAULT, g_get_monotonic_time ());
  g_array_unref (tdbg_watch_step (state->watch, g_get_monotonic_time ()));
}

static gboolean
ready_to_tell (TdbgWindow *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  g_autofree char *line = alert_line (logdir, alert);

  if (line == NULL)
    return FALSE;
  return alert->type != TDBG_ALERT_INF_NAN ||
         tdbg_cause_card_get_cause (tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (self))) != NULL;
}

static gboolean
tell_pending_cb (gpointer data)
{
  TdbgWindow *self = data;
  NotifyState *state = state_of (self);
  /* NULL once the window is disposed (the state, and this source, go when it is finalized). */
  TdbgLogdir *logdir = self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;
  gboolean waited_enough = g_get_monotonic_time () - state->pending_since >= TELL_WAIT_MAX;
  /* The person looking at this run sees the alert arrive. */
  gboolean looking = gtk_window_is_active (GTK_WINDOW (self)) && gtk_widget_get_visible (GTK_WIDGET (self));

  for (guint i = 0; logdir && i < state->pending->len;)
    {
      const TdbgAlert *alert = &g_array_index (state->pending, TdbgAlert, i);
      if (!waited_enough && !ready_to_tell (self, logdir, alert))
        {
          i++;
          continue;
        }
      if (!looking && gtk_window_get_application (GTK_WINDOW (self)))
        send_notification (self, logdir, alert);
      g_array_remove_index (state->pending, i);
    }
  if (logdir && state->pending->len > 0)
    return G_SOURCE_CONTINUE;
  g_array_set_size (state->pending, 0);
  state->tell_source = 0;
  return G_SOURCE_REMOVE;
}

static void
tell_later (TdbgWindow *self, const TdbgAlert *alert)
{
  NotifyState *state = state_of (self);

  if (state->pending->len == 0)
    state->pending_since = g_get_monotonic_time ();
  g_array_append_val (state->pending, *alert);
  if (state->tell_source == 0)
    state->tell_source = g_timeout_add (TELL_CHECK_MS, tell_pending_cb, self);
}

static void
followed_cb (TdbgFollower *follower, const TdbgRefreshStats *stats, TdbgWindow *self)
{
  NotifyState *state = state_of (self);
  g_autoptr(GArray) news = NULL;

  if (state->watch == NULL || stats == NULL)
    return;
  news = tdbg_watch_step (state->watch, g_get_monotonic_time ());
  for (guint i = 0; i < news->len; i++)
    if (g_array_index (news, TdbgWatchNews, i).first_of_kind)
      tell_later (self, &g_array_index (news, TdbgWatchNews, i).alert);
}

void
tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  tell_later (self, alert);
}

void
tdbg_window_notify_init (TdbgWindow *self)
{
  NotifyState *state = g_new0 (NotifyState, 1);

  state->pending = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
  g_object_set_data_full (G_OBJECT (self), STATE_KEY, state, (GDestroyNotify) notify_state_free);
  g_signal_connect (self->selection, "notify::logdir", G_CALLBACK (logdir_changed_cb), self);
  g_signal_connect (self->follower, "refreshed", G_CALLBACK (followed_cb), self);
}

static TdbgWindow *
window_of (GtkApplication *app, guint id)
{
  GtkWindow *window = gtk_application_get_window_by_id (app, id);
  return TDBG_IS_WINDOW (window) ? TDBG_WINDOW (window) : NULL;
}

static void
show_alert_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  guint id;
  const char *kind_id;
  TdbgWindow *window;
  TdbgAlertsPane *pane;

  g_variant_get (parameter, "(u&s)", &id, &kind_id);
  if ((window = window_of (app, id)) == NULL)
    return;
  gtk_window_present (GTK_WINDOW (window));
  pane = tdbg_window_get_alerts_pane (window);
  for (guint k = 0; k < tdbg_alert_kind_get_n (); k++)
    if (g_str_equal (tdbg_alert_kind_nth (k)->id, kind_id))
      tdbg_alerts_pane_activate_kind (pane, (TdbgAlertType) k);
  tdbg_cause_card_set_expanded (tdbg_alerts_pane_get_cause_card (pane), TRUE);
}

static void
stop_watching_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  TdbgWindow *window = window_of (app, g_variant_get_uint32 (parameter));

  if (window == NULL)
    return;
  /* A run watched in the background: nobody sees its window. */
  if (tdbg_background_watch_contains (window))
    tdbg_background_watch_stop (window);
  else
    /* As the Follow button does. */
    g_object_set (tdbg_window_get_follower (window), "active", FALSE, NULL);
}

void
tdbg_window_notify_add_app_actions (GtkApplication *app)
{
  static const GActionEntry entries[] = {
    { "show-alert", show_alert_activated, "(us)", NULL, NULL, { 0 } },
    { "stop-watching", stop_watching_activated, "u", NULL, NULL, { 0 } },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
}
