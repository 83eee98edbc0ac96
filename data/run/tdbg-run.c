/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run: its location, its load (a big logdir's first stretch first), following it (fetch in
 * a worker, apply on the main thread a bounded number of bytes at a time) and the watch that
 * finds the first alert of each kind as it grows. */
#include "tdbg-run.h"

#include <string.h>

#include "libtdbg-analysis.h"
#include "libtdbg-watch.h"

/* Traces and executions applied at most per follow step: parsing them on the main thread must
 * not hold a window up for long; what is left is fetched again at once. */
#define STEP_BYTES (2u << 20)
/* A worker holds the index's read lock: try again shortly. */
#define BUSY_RETRY_MS 50
/* Between polls. */
#define POLL_INTERVAL_MS 1000
/* How long a run may go without growing and still count as being written. */
#define GROWING_IDLE (30 * 60 * G_USEC_PER_SEC)

struct _TdbgRun {
  GObject parent_instance;

  char *location;
  GCancellable *cancellable;   /* of the load under way (and the source's connection) */
  gboolean opening;            /* begun, no source yet */
  TdbgSource *source;
  TdbgLogdir *loading;         /* being read */
  guint64 first_stretch;       /* the bulk limit of the load under way */
  TdbgLogdir *logdir;          /* loaded: shown, followed, watched */

  /* Following */
  gboolean following;
  guint poll_id;               /* the wait before the next fetch (or retry of an apply) */
  GCancellable *fetching;      /* of the fetch under way */
  TdbgSource *pending;         /* fetched, waiting for the read lock to be applied */
  gboolean pending_more;       /* the fetch left bytes behind */
  guint n_polls;
  char *follow_error;

  /* Watching */
  gboolean watching;
  TdbgWatch *watch;
};

G_DEFINE_FINAL_TYPE (TdbgRun, tdbg_run, G_TYPE_OBJECT)

enum { PROP_0, PROP_LOCATION, PROP_LOGDIR, PROP_FOLLOWING, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { LOADED, GREW, REFRESHED, ALERT, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- following ------------------------------------------------------------------------ */

static void start_fetch (TdbgRun *self);
static void start_load (TdbgRun *self, TdbgLogdir *logdir);

/* Drops whatever following has under way; a fetch still running finds its cancellable gone. */
static void
halt (TdbgRun *self)
{
  g_clear_handle_id (&self->poll_id, g_source_remove);
  if (self->fetching)
    g_cancellable_cancel (self->fetching);
  g_clear_object (&self->fetching);
  g_clear_object (&self->pending);
}

static gboolean
poll_cb (gpointer data)
{
  TdbgRun *self = data;

  self->poll_id = 0;
  start_fetch (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (TdbgRun *self, guint delay_ms)
{
  g_clear_handle_id (&self->poll_id, g_source_remove);
  self->poll_id = delay_ms ? g_timeout_add (delay_ms, poll_cb, self) : g_idle_add (poll_cb, self);
}

/* Follows the logdir loaded when on, nothing otherwise. */
static void
follow (TdbgRun *self)
{
  halt (self);
  if (self->following && self->logdir != NULL)
    schedule (self, 0);
}

static gboolean
counts_differ (const TdbgLogdirCounts *a, const TdbgLogdirCounts *b)
{
  return a->traces != b->traces || a->executions != b->executions || a->alerts != b->alerts ||
         a->file_sets != b->file_sets || a->source_files != b->source_files || a->graphs != b->graphs ||
         a->ops != b->ops;
}

static void
set_follow_error (TdbgRun *self, const GError *error)
{
  g_free (self->follow_error);
  self->follow_error = error ? g_strdup (error->message) : NULL;
}

/* The first alert of each kind the step brought. */
static void
step_watch (TdbgRun *self)
{
  g_autoptr(GArray) news = NULL;

  if (self->watch == NULL)
    return;
  news = tdbg_watch_step (self->watch, g_get_monotonic_time ());
  for (guint i = 0; i < news->len; i++)
    if (g_array_index (news, TdbgWatchNews, i).first_of_kind)
      g_signal_emit (self, signals[ALERT], 0, &g_array_index (news, TdbgWatchNews, i).alert);
}

/* Applies the fetched bytes, unless a reader holds the index: then later. */
static void
apply_pending (TdbgRun *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = g_object_ref (self->logdir);
  TdbgLogdirCounts before, after;
  TdbgRefreshStats stats = { 0 };

  tdbg_logdir_counts_take (logdir, &before);
  if (!tdbg_logdir_apply (logdir, self->pending, &stats, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        {
          schedule (self, BUSY_RETRY_MS);
          return;
        }
      set_follow_error (self, error);
      g_clear_object (&self->pending);
      schedule (self, POLL_INTERVAL_MS);
      return;
    }
  g_clear_object (&self->pending);
  set_follow_error (self, NULL);
  self->n_polls++;
  /* A file rewritten, not appended to (an object replaced with other bytes, a file truncated):
   * the index cannot take back what it read of it, so the whole logdir is read again behind
   * the one shown, as the whole is after a first stretch, and takes its place. */
  if (stats.rewritten_files > 0 && self->loading == NULL && self->source != NULL)
    start_load (self, tdbg_logdir_new (self->source));
  tdbg_logdir_counts_take (logdir, &after);
  if (counts_differ (&before, &after))
    g_signal_emit (self, signals[GREW], 0, &before);
  step_watch (self);
  g_signal_emit (self, signals[REFRESHED], 0, &stats);
  /* The handlers may have turned following off, or begun another logdir. */
  if (self->following && self->logdir == logdir && self->poll_id == 0 && self->fetching == NULL)
    schedule (self, self->pending_more ? 0 : POLL_INTERVAL_MS);
}

static void
fetch_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TdbgRun) self = data;
  g_autoptr(GError) error = NULL;
  gboolean more = FALSE;
  g_autoptr(TdbgSource) snapshot = tdbg_logdir_fetch_finish (TDBG_LOGDIR (source), result, &more, &error);

  /* Stale: stopped, turned off or another logdir since. */
  if (self->fetching == NULL || g_task_get_cancellable (G_TASK (result)) != self->fetching)
    return;
  g_clear_object (&self->fetching);
  if (snapshot == NULL)
    {
      set_follow_error (self, error);
      g_signal_emit (self, signals[REFRESHED], 0, NULL);
      if (self->following && self->logdir && self->poll_id == 0 && self->fetching == NULL)
        schedule (self, POLL_INTERVAL_MS);
      return;
    }
  self->pending = g_steal_pointer (&snapshot);
  self->pending_more = more;
  apply_pending (self);
}

static void
start_fetch (TdbgRun *self)
{
  if (self->logdir == NULL)
    return;
  if (self->pending)
    {
      apply_pending (self);
      return;
    }
  self->fetching = g_cancellable_new ();
  tdbg_logdir_fetch_async (self->logdir, STEP_BYTES, self->fetching, fetch_done_cb, g_object_ref (self));
}

gboolean
tdbg_run_get_following (TdbgRun *self)
{
  g_return_val_if_fail (TDBG_IS_RUN (self), FALSE);
  return self->following;
}

void
tdbg_run_set_following (TdbgRun *self, gboolean following)
{
  g_return_if_fail (TDBG_IS_RUN (self));
  following = !!following;
  if (self->following == following)
    return;
  self->following = following;
  follow (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FOLLOWING]);
}

guint
tdbg_run_get_n_polls (TdbgRun *self)
{
  return self->n_polls;
}

const char *
tdbg_run_get_follow_error (TdbgRun *self)
{
  return self->follow_error;
}

/* ---- watching ------------------------------------------------------------------------- */

/* A watch of the logdir loaded: what it holds now is no news. */
static void
rewatch (TdbgRun *self)
{
  g_clear_object (&self->watch);
  if (!self->watching || self->logdir == NULL)
    return;
  self->watch = tdbg_watch_new (self->logdir, TDBG_MAGNITUDE_THRESHOLD_DEFAULT, g_get_monotonic_time ());
  g_array_unref (tdbg_watch_step (self->watch, g_get_monotonic_time ()));
}

void
tdbg_run_set_watching (TdbgRun *self, gboolean watching)
{
  g_return_if_fail (TDBG_IS_RUN (self));
  self->watching = !!watching;
  rewatch (self);
}

gboolean
tdbg_run_is_growing (TdbgRun *self)
{
  g_return_val_if_fail (TDBG_IS_RUN (self), FALSE);
  return self->watch && self->following && tdbg_watch_has_grown (self->watch) &&
         tdbg_watch_get_idle (self->watch, g_get_monotonic_time ()) < GROWING_IDLE;
}

/* ---- loading -------------------------------------------------------------------------- */

/* The logdir shown, followed and watched from now on. */
static void
set_logdir (TdbgRun *self, TdbgLogdir *logdir)
{
  if (!g_set_object (&self->logdir, logdir))
    return;
  rewatch (self);
  follow (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOGDIR]);
}

static void
load_done_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr(TdbgRun) self = data;
  TdbgLogdir *logdir = TDBG_LOGDIR (object);
  g_autoptr(GError) error = NULL;
  gboolean ok = tdbg_logdir_load_finish (logdir, result, &error);

  /* Another load began since. */
  if (self->loading != logdir)
    return;
  g_clear_object (&self->loading);
  if (!ok)
    {
      g_clear_object (&self->cancellable);
      g_signal_emit (self, signals[LOADED], 0, error);
      return;
    }
  if (tdbg_logdir_get_bulk_limited (logdir))
    {
      /* The first stretch is shown while the whole is read behind it. */
      set_logdir (self, logdir);
      start_load (self, tdbg_logdir_new (self->source));
      g_signal_emit (self, signals[LOADED], 0, NULL);
      return;
    }
  /* All of it was read: followed from here on like any other. */
  g_clear_object (&self->cancellable);
  tdbg_logdir_set_bulk_limit (logdir, 0);
  set_logdir (self, logdir);
  g_signal_emit (self, signals[LOADED], 0, NULL);
}

/* Takes @logdir. */
static void
start_load (TdbgRun *self, TdbgLogdir *logdir)
{
  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();
  self->loading = logdir;
  tdbg_logdir_load_async (logdir, self->cancellable, load_done_cb, g_object_ref (self));
}

void
tdbg_run_begin (TdbgRun *self, const char *location)
{
  g_autofree char *text = g_strdup (location);

  g_return_if_fail (TDBG_IS_RUN (self));
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->loading);
  g_clear_object (&self->source);
  set_logdir (self, NULL);
  g_free (self->location);
  self->location = g_steal_pointer (&text);
  self->cancellable = g_cancellable_new ();
  self->opening = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOCATION]);
}

const char *
tdbg_run_get_location (TdbgRun *self)
{
  g_return_val_if_fail (TDBG_IS_RUN (self), NULL);
  return self->location;
}

GCancellable *
tdbg_run_get_cancellable (TdbgRun *self)
{
  return self->cancellable;
}

void
tdbg_run_load (TdbgRun *self, TdbgSource *source, guint64 first_stretch_bytes)
{
  TdbgLogdir *logdir = tdbg_logdir_new (source);

  g_return_if_fail (TDBG_IS_RUN (self));
  self->opening = FALSE;
  g_set_object (&self->source, source);
  /* A big logdir shows its first stretch first. */
  if (first_stretch_bytes)
    tdbg_logdir_set_bulk_limit (logdir, first_stretch_bytes);
  start_load (self, logdir);
}

/* Loads what @source reads, or says why there is no source. */
static void
load_or_fail (TdbgRun *self, TdbgSource *source, guint64 first_stretch_bytes, const GError *error)
{
  if (source)
    tdbg_run_load (self, source, first_stretch_bytes);
  else
    tdbg_run_fail (self, error);
}

static void
opened_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  g_autoptr(TdbgRun) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = tdbg_location_open_finish (result, &error);

  /* Not cancelled, nor begun again meanwhile. */
  if (g_task_get_cancellable (G_TASK (result)) == self->cancellable)
    load_or_fail (self, source, 0, error);
}

void
tdbg_run_open (TdbgRun *self, const TdbgLocation *location, TdbgPrompt *prompt, guint64 first_stretch_bytes)
{
  g_return_if_fail (TDBG_IS_RUN (self));
  /* A folder here opens at once (a look at its names, as its diagnosis took), so that its load
   * begins now, beside whatever the caller does next (a window making itself). */
  if (!tdbg_location_is_remote (location))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TdbgSource) source = tdbg_location_open (location, prompt, self->cancellable, &error);

      load_or_fail (self, source, first_stretch_bytes, error);
      return;
    }
  tdbg_location_open_async (location, prompt, self->cancellable, opened_cb, g_object_ref (self));
}

void
tdbg_run_fail (TdbgRun *self, const GError *error)
{
  g_return_if_fail (TDBG_IS_RUN (self));
  self->opening = FALSE;
  g_clear_object (&self->cancellable);
  g_signal_emit (self, signals[LOADED], 0, error);
}

void
tdbg_run_cancel (TdbgRun *self)
{
  g_return_if_fail (TDBG_IS_RUN (self));
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->opening = FALSE;
}

gboolean
tdbg_run_is_loading (TdbgRun *self)
{
  return self->loading != NULL || self->opening;
}

gboolean
tdbg_run_is_opening (TdbgRun *self)
{
  return self->opening;
}

gboolean
tdbg_run_get_progress (TdbgRun *self, TdbgRunProgress *progress)
{
  memset (progress, 0, sizeof *progress);
  if (self->loading == NULL)
    return FALSE;
  progress->receiving = tdbg_source_get_transfer (self->source, &progress->received, &progress->expected) &&
                        progress->expected > 0;
  tdbg_logdir_get_progress (self->loading, &progress->bytes_done, &progress->bytes_total, &progress->records);
  progress->alerts = tdbg_logdir_get_progress_alerts (self->loading);
  return TRUE;
}

TdbgSource *
tdbg_run_get_source (TdbgRun *self)
{
  return self->source;
}

TdbgLogdir *
tdbg_run_get_logdir (TdbgRun *self)
{
  return self->logdir;
}

GPtrArray *
tdbg_run_get_problems (TdbgRun *self)
{
  return self->logdir ? tdbg_logdir_get_problems (self->logdir) : NULL;
}

/* ---- the object ----------------------------------------------------------------------- */

static void
tdbg_run_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  TdbgRun *self = TDBG_RUN (object);

  switch (id)
    {
    case PROP_LOCATION: g_value_set_string (value, self->location); break;
    case PROP_LOGDIR: g_value_set_object (value, self->logdir); break;
    case PROP_FOLLOWING: g_value_set_boolean (value, self->following); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_run_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  switch (id)
    {
    case PROP_FOLLOWING: tdbg_run_set_following (TDBG_RUN (object), g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_run_dispose (GObject *object)
{
  TdbgRun *self = TDBG_RUN (object);

  halt (self);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->loading);
  g_clear_object (&self->watch);
  g_clear_object (&self->logdir);
  g_clear_object (&self->source);
  G_OBJECT_CLASS (tdbg_run_parent_class)->dispose (object);
}

static void
tdbg_run_finalize (GObject *object)
{
  TdbgRun *self = TDBG_RUN (object);

  g_free (self->location);
  g_free (self->follow_error);
  G_OBJECT_CLASS (tdbg_run_parent_class)->finalize (object);
}

static void
tdbg_run_class_init (TdbgRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = tdbg_run_get_property;
  object_class->set_property = tdbg_run_set_property;
  object_class->dispose = tdbg_run_dispose;
  object_class->finalize = tdbg_run_finalize;
  props[PROP_LOCATION] = g_param_spec_string ("location", NULL, NULL, NULL, readable);
  props[PROP_LOGDIR] = g_param_spec_object ("logdir", NULL, NULL, TDBG_TYPE_LOGDIR, readable);
  props[PROP_FOLLOWING] = g_param_spec_boolean ("following", NULL, NULL, TRUE, readable | G_PARAM_WRITABLE);
  g_object_class_install_properties (object_class, N_PROPS, props);
  /* A load ended: NULL when it read the logdir (or its first stretch), else the GError. */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* Following applied records that changed the counts: the TdbgLogdirCounts before them. */
  signals[GREW] = g_signal_new ("grew", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* After each follow step applied (TdbgRefreshStats *), or a poll that failed (NULL). */
  signals[REFRESHED] = g_signal_new ("refreshed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* While watching: the first alert of its kind (const TdbgAlert *) a follow step brought. */
  signals[ALERT] = g_signal_new ("alert", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
tdbg_run_init (TdbgRun *self)
{
  self->following = TRUE;
}

TdbgRun *
tdbg_run_new (void)
{
  return g_object_new (TDBG_TYPE_RUN, NULL);
}
