/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-run-notifier.h"

#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "libtdbg-ui.h"
#include "libtdbg-report.h"

/* A run's files are not written at once: the line may come a moment after the record that
 * raised the alert, and the root cause is found on a worker. Both usually take well under a
 * second; a notification waits for them at most a few (then goes without). */
#define TELL_CHECK_MS 100
#define TELL_WAIT_MAX (3 * G_TIME_SPAN_SECOND)

struct _TdbgRunNotifier {
  GObject parent_instance;

  TdbgRun *run;
  TdbgSelection *selection;
  GApplication *app;          /* weak */
  TdbgRunLookedAt looked_at;
  gpointer looked_at_data;
  GArray *pending;            /* TdbgAlert: first alerts of their kind, not told yet */
  gint64 pending_since;
  guint tell_source;
};

G_DEFINE_FINAL_TYPE (TdbgRunNotifier, tdbg_run_notifier, G_TYPE_OBJECT)

char *
tdbg_run_notifier_id (const char *location, const char *kind_id)
{
  return g_strdup_printf ("alert-%08x-%s", g_str_hash (location ? location : ""), kind_id);
}

/* Where the alert's op was made: "train.py:83", NULL when unknown. */
static char *
alert_line (TdbgLogdir *logdir, const TdbgAlert *alert)
{
  guint32 op = alert->trace_index != TDBG_NONE ? tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, alert->trace_index)) : alert->op;
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

static const TdbgRootCause *
cause_of (TdbgRunNotifier *self)
{
  return tdbg_cause_finder_get_cause (tdbg_cause_finder_for_selection (self->selection));
}

static char *
notification_body (TdbgRunNotifier *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  g_autofree char *what = tdbg_describe_alert_for_people (logdir, alert);
  g_autofree char *line = alert_line (logdir, alert);
  const TdbgRootCause *cause = cause_of (self);
  GString *body = g_string_new (what);

  if (line)
    /* Translators: where the op of an alert was made, "train.py:83" */
    g_string_append_printf (body, _("\nMade at %s"), line);
  if (alert->type == TDBG_ALERT_INF_NAN && cause && cause->cause != TDBG_CAUSE_NONE && cause->explanation)
    g_string_append_printf (body, "\n%s", cause->explanation);
  return g_string_free (body, FALSE);
}

static void
send_notification (TdbgRunNotifier *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  const TdbgAlertKind *kind = tdbg_alert_kind_get (alert->type);
  const char *location = tdbg_run_get_location (self->run);
  g_autofree char *run = g_path_get_basename (location ? location : "");
  /* Translators: an alert kind's name ("NaN/∞"), then the run's folder */
  g_autofree char *title = g_strdup_printf (_("%s in %s"), tdbg_alert_kind_get_name (kind), run);
  g_autofree char *body = notification_body (self, logdir, alert);
  g_autofree char *id = tdbg_run_notifier_id (location, kind->id);
  g_autoptr(GNotification) notification = g_notification_new (title);

  g_notification_set_body (notification, body);
  g_notification_set_priority (notification, alert->type == TDBG_ALERT_INF_NAN ? G_NOTIFICATION_PRIORITY_HIGH
                                                                               : G_NOTIFICATION_PRIORITY_NORMAL);
  g_notification_set_default_action_and_target (notification, "app.show-alert", "(ss)", location ? location : "",
                                                kind->id);
  g_notification_add_button_with_target (notification, _("Stop Watching"), "app.stop-watching", "s",
                                         location ? location : "");
  g_application_send_notification (self->app, id, notification);
}

static gboolean
ready_to_tell (TdbgRunNotifier *self, TdbgLogdir *logdir, const TdbgAlert *alert)
{
  g_autofree char *line = alert_line (logdir, alert);

  return line != NULL && (alert->type != TDBG_ALERT_INF_NAN || cause_of (self) != NULL);
}

static gboolean
tell_pending_cb (gpointer data)
{
  TdbgRunNotifier *self = data;
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);
  gboolean waited_enough = g_get_monotonic_time () - self->pending_since >= TELL_WAIT_MAX;
  /* The person looking at this run sees the alert arrive. */
  gboolean looking = self->looked_at && self->looked_at (self->looked_at_data);

  for (guint i = 0; logdir && i < self->pending->len;)
    {
      const TdbgAlert *alert = &g_array_index (self->pending, TdbgAlert, i);
      if (!waited_enough && !ready_to_tell (self, logdir, alert))
        {
          i++;
          continue;
        }
      if (!looking && self->app)
        send_notification (self, logdir, alert);
      g_array_remove_index (self->pending, i);
    }
  if (logdir && self->pending->len > 0)
    return G_SOURCE_CONTINUE;
  g_array_set_size (self->pending, 0);
  self->tell_source = 0;
  return G_SOURCE_REMOVE;
}

void
tdbg_run_notifier_tell (TdbgRunNotifier *self, const TdbgAlert *alert)
{
  g_return_if_fail (TDBG_IS_RUN_NOTIFIER (self));
  if (self->pending->len == 0)
    self->pending_since = g_get_monotonic_time ();
  g_array_append_val (self->pending, *alert);
  if (self->tell_source == 0)
    self->tell_source = g_timeout_add (TELL_CHECK_MS, tell_pending_cb, self);
}

/* The run's watch found the first alert of its kind as it grew. */
static void
run_alert_cb (TdbgRun *run, const TdbgAlert *alert, TdbgRunNotifier *self)
{
  tdbg_run_notifier_tell (self, alert);
}

/* Another logdir shown: what was waiting to be told of the last one is not. */
static void
logdir_changed_cb (TdbgSelection *selection, GParamSpec *pspec, TdbgRunNotifier *self)
{
  g_array_set_size (self->pending, 0);
}

static void
tdbg_run_notifier_dispose (GObject *object)
{
  TdbgRunNotifier *self = TDBG_RUN_NOTIFIER (object);

  g_clear_handle_id (&self->tell_source, g_source_remove);
  if (self->run)
    g_signal_handlers_disconnect_by_data (self->run, self);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->run);
  g_clear_object (&self->selection);
  g_clear_weak_pointer (&self->app);
  G_OBJECT_CLASS (tdbg_run_notifier_parent_class)->dispose (object);
}

static void
tdbg_run_notifier_finalize (GObject *object)
{
  g_array_unref (TDBG_RUN_NOTIFIER (object)->pending);
  G_OBJECT_CLASS (tdbg_run_notifier_parent_class)->finalize (object);
}

static void
tdbg_run_notifier_class_init (TdbgRunNotifierClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tdbg_run_notifier_dispose;
  G_OBJECT_CLASS (klass)->finalize = tdbg_run_notifier_finalize;
}

static void
tdbg_run_notifier_init (TdbgRunNotifier *self)
{
  self->pending = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
}

TdbgRunNotifier *
tdbg_run_notifier_new (TdbgRun *run, TdbgSelection *selection)
{
  TdbgRunNotifier *self = g_object_new (TDBG_TYPE_RUN_NOTIFIER, NULL);

  self->run = g_object_ref (run);
  self->selection = g_object_ref (selection);
  g_signal_connect (run, "alert", G_CALLBACK (run_alert_cb), self);
  g_signal_connect (selection, "notify::logdir", G_CALLBACK (logdir_changed_cb), self);
  return self;
}

void
tdbg_run_notifier_set_application (TdbgRunNotifier *self, GApplication *app)
{
  g_return_if_fail (TDBG_IS_RUN_NOTIFIER (self));
  g_set_weak_pointer (&self->app, app);
}

void
tdbg_run_notifier_set_looked_at (TdbgRunNotifier *self, TdbgRunLookedAt looked_at, gpointer data)
{
  g_return_if_fail (TDBG_IS_RUN_NOTIFIER (self));
  self->looked_at = looked_at;
  self->looked_at_data = data;
}
