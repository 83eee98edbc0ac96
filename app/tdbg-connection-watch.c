/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-connection-watch.h"

#include <glib/gi18n.h>

struct _TdbgConnectionWatch {
  GObject parent_instance;

  TdbgLogdir *logdir;
  GCancellable *cancellable;
  guint interval_ms;
  guint timer_id;
  gboolean busy;      /* a check or a reconnection is running */
  gboolean lost;
  gboolean paused;    /* following polls the logdir: its failures call for a check */
  guint n_checks;
};

G_DEFINE_FINAL_TYPE (TdbgConnectionWatch, tdbg_connection_watch, G_TYPE_OBJECT)

enum { LOST, RESTORED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
report_lost (TdbgConnectionWatch *self, const GError *error)
{
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;

  if (self->logdir == NULL)
    return; /* disposed meanwhile */
  where = tdbg_source_describe (tdbg_logdir_get_source (self->logdir));
  /* Translators: the remote logdir, then why the connection failed */
  message = g_strdup_printf (_("The connection to %s was lost: %s. What was loaded stays shown."), where, error->message);
  self->lost = TRUE;
  g_signal_emit (self, signals[LOST], 0, message);
}

static void
check_in_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  g_auto(GStrv) names = tdbg_source_list_files (task_data, cancellable, &error);

  if (names == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
check_done_cb (GObject *object, GAsyncResult *result, gpointer user_data)
{
  TdbgConnectionWatch *self = TDBG_CONNECTION_WATCH (object);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    report_lost (self, error);
  self->busy = FALSE;
}

static void
check (TdbgConnectionWatch *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->busy || self->lost)
    return;
  self->busy = TRUE;
  self->n_checks++;
  task = g_task_new (self, self->cancellable, check_done_cb, NULL);
  g_task_set_task_data (task, g_object_ref (tdbg_logdir_get_source (self->logdir)), g_object_unref);
  g_task_run_in_thread (task, check_in_thread);
}

static gboolean
check_cb (gpointer data)
{
  TdbgConnectionWatch *self = data;

  if (!self->paused)
    check (self);
  return G_SOURCE_CONTINUE;
}

/* ---- reconnecting -------------------------------------------------------------------- */

static void
finish_reconnect (TdbgConnectionWatch *self, const GError *error, guint64 new_records)
{
  self->busy = FALSE;
  if (self->logdir == NULL)
    return;
  if (error)
    report_lost (self, error);
  else
    {
      self->lost = FALSE;
      g_signal_emit (self, signals[RESTORED], 0, new_records);
    }
}

/* The index may be in use by a reader for a moment: try again shortly. */
static gboolean
apply_cb (gpointer data)
{
  TdbgConnectionWatch *self = TDBG_CONNECTION_WATCH (g_object_get_data (data, "watch"));
  TdbgSource *snapshot = data;
  TdbgRefreshStats stats = { 0 };
  g_autoptr(GError) error = NULL;

  if (self->logdir == NULL)
    return G_SOURCE_REMOVE;
  if (!tdbg_logdir_apply (self->logdir, snapshot, &stats, &error) && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
    return G_SOURCE_CONTINUE;
  finish_reconnect (self, error, stats.new_traces + stats.new_executions);
  return G_SOURCE_REMOVE;
}

static void
fetch_done_cb (GObject *object, GAsyncResult *result, gpointer user_data)
{
  TdbgConnectionWatch *self = user_data;
  g_autoptr(GError) error = NULL;
  TdbgSource *snapshot = tdbg_logdir_fetch_finish (TDBG_LOGDIR (object), result, NULL, &error);

  if (snapshot == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        finish_reconnect (self, error, 0);
      g_object_unref (self);
      return;
    }
  g_object_set_data_full (G_OBJECT (snapshot), "watch", self, g_object_unref);
  if (apply_cb (snapshot) == G_SOURCE_CONTINUE)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 50, apply_cb, snapshot, g_object_unref);
  else
    g_object_unref (snapshot);
}

static void
reconnect_done_cb (GObject *object, GAsyncResult *result, gpointer user_data)
{
  TdbgConnectionWatch *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!tdbg_source_reconnect_finish (TDBG_SOURCE (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        finish_reconnect (self, error, 0);
      g_object_unref (self);
      return;
    }
  tdbg_logdir_fetch_async (self->logdir, 0, self->cancellable, fetch_done_cb, self);
}

void
tdbg_connection_watch_reconnect (TdbgConnectionWatch *self)
{
  if (self->busy)
    return;
  self->busy = TRUE;
  tdbg_source_reconnect_async (tdbg_logdir_get_source (self->logdir), self->cancellable,
                               reconnect_done_cb, g_object_ref (self));
}

gboolean
tdbg_connection_watch_is_busy (TdbgConnectionWatch *self)
{
  return self->busy;
}

void
tdbg_connection_watch_set_paused (TdbgConnectionWatch *self, gboolean paused)
{
  self->paused = paused;
}

void
tdbg_connection_watch_check_now (TdbgConnectionWatch *self)
{
  check (self);
}

guint
tdbg_connection_watch_get_n_checks (TdbgConnectionWatch *self)
{
  return self->n_checks;
}

static void
tdbg_connection_watch_dispose (GObject *object)
{
  TdbgConnectionWatch *self = TDBG_CONNECTION_WATCH (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_object (&self->logdir);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (tdbg_connection_watch_parent_class)->dispose (object);
}

static void
tdbg_connection_watch_class_init (TdbgConnectionWatchClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tdbg_connection_watch_dispose;
  signals[LOST] = g_signal_new ("lost", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[RESTORED] = g_signal_new ("restored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
tdbg_connection_watch_init (TdbgConnectionWatch *self)
{
  self->cancellable = g_cancellable_new ();
}

TdbgConnectionWatch *
tdbg_connection_watch_new (TdbgLogdir *logdir, guint interval_ms)
{
  TdbgConnectionWatch *self = g_object_new (TDBG_TYPE_CONNECTION_WATCH, NULL);

  self->logdir = g_object_ref (logdir);
  self->interval_ms = interval_ms;
  /* The timer holds no reference: dispose removes it. */
  self->timer_id = g_timeout_add (interval_ms, check_cb, self);
  check (self);
  return self;
}
