/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-follower.h"
#include "tdbg-ui.h"

/* Traces and executions applied at most per step: parsing them on the main thread must not
 * hold the window up for long; what is left is fetched again at once. */
#define STEP_BYTES (2u << 20)
/* A filter worker holds the index's read lock: try again shortly. */
#define BUSY_RETRY_MS 50
/* Between polls. */
#define POLL_INTERVAL_MS 1000

struct _TdbgFollower {
  GObject parent_instance;

  TdbgSelection *selection;
  TdbgLogdir *logdir;          /* the one followed: the selection's */
  gboolean active;
  guint poll_id;               /* the wait before the next fetch (or retry of an apply) */
  GCancellable *cancellable;   /* of the fetch under way */
  TdbgSource *pending;         /* fetched, waiting for the read lock to be applied */
  gboolean pending_more;       /* the fetch left bytes behind */
  guint n_polls;
  char *error;
};

G_DEFINE_FINAL_TYPE (TdbgFollower, tdbg_follower, G_TYPE_OBJECT)

enum { PROP_0, PROP_ACTIVE, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { REFRESHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void start_fetch (TdbgFollower *self);

/* Drops whatever is under way; a fetch still running finds its cancellable replaced. */
static void
halt (TdbgFollower *self)
{
  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->pending);
  g_clear_object (&self->logdir);
}

static gboolean
poll_cb (gpointer data)
{
  TdbgFollower *self = data;

  self->poll_id = 0;
  start_fetch (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (TdbgFollower *self, guint delay_ms)
{
  g_clear_handle_id (&self->poll_id, g_source_remove);
  self->poll_id = delay_ms ? g_timeout_add (delay_ms, poll_cb, self) : g_idle_add (poll_cb, self);
}

static gboolean
counts_differ (const TdbgLogdirCounts *a, const TdbgLogdirCounts *b)
{
  return a->traces != b->traces || a->executions != b->executions || a->alerts != b->alerts ||
         a->file_sets != b->file_sets || a->source_files != b->source_files || a->graphs != b->graphs ||
         a->ops != b->ops;
}

static void
set_error (TdbgFollower *self, const GError *error)
{
  g_free (self->error);
  self->error = error ? g_strdup (error->message) : NULL;
}

/* Applies the fetched bytes, unless a reader holds the index: then later. */
static void
apply_pending (TdbgFollower *self)
{
  g_autoptr(GError) error = NULL;
  TdbgLogdirCounts before, after;
  TdbgRefreshStats stats = { 0 };

  tdbg_logdir_counts_take (self->logdir, &before);
  if (!tdbg_logdir_apply (self->logdir, self->pending, &stats, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        {
          schedule (self, BUSY_RETRY_MS);
          return;
        }
      set_error (self, error);
      g_clear_object (&self->pending);
      schedule (self, POLL_INTERVAL_MS);
      return;
    }
  g_clear_object (&self->pending);
  set_error (self, NULL);
  self->n_polls++;
  tdbg_logdir_counts_take (self->logdir, &after);
  if (counts_differ (&before, &after))
    tdbg_selection_logdir_grew (self->selection, &before);
  g_signal_emit (self, signals[REFRESHED], 0, &stats);
  /* The signal handlers may have turned following off. */
  if (self->logdir)
    schedule (self, self->pending_more ? 0 : POLL_INTERVAL_MS);
}

static void
fetch_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TdbgFollower) self = data;
  g_autoptr(GError) error = NULL;
  gboolean more = FALSE;
  g_autoptr(TdbgSource) snapshot = tdbg_logdir_fetch_finish (TDBG_LOGDIR (source), result, &more, &error);

  /* Stale: stopped, turned off or another logdir since. */
  if (self->cancellable == NULL || g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  if (snapshot == NULL)
    {
      set_error (self, error);
      g_signal_emit (self, signals[REFRESHED], 0, NULL);
      if (self->logdir)
        schedule (self, POLL_INTERVAL_MS);
      return;
    }
  self->pending = g_steal_pointer (&snapshot);
  self->pending_more = more;
  apply_pending (self);
}

static void
start_fetch (TdbgFollower *self)
{
  if (self->logdir == NULL)
    return;
  if (self->pending)
    {
      apply_pending (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  tdbg_logdir_fetch_async (self->logdir, STEP_BYTES, self->cancellable, fetch_done_cb, g_object_ref (self));
}

/* Follows the selection's logdir when active, nothing otherwise. */
static void
follow_selection (TdbgFollower *self)
{
  TdbgLogdir *logdir = self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;

  halt (self);
  if (!self->active || logdir == NULL)
    return;
  self->logdir = g_object_ref (logdir);
  schedule (self, 0);
}

static void
set_active (TdbgFollower *self, gboolean active)
{
  if (self->active == active)
    return;
  self->active = active;
  follow_selection (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ACTIVE]);
}

static void
tdbg_follower_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  switch (id)
    {
    case PROP_ACTIVE: set_active (TDBG_FOLLOWER (object), g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_follower_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  switch (id)
    {
    case PROP_ACTIVE: g_value_set_boolean (value, TDBG_FOLLOWER (object)->active); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_follower_dispose (GObject *object)
{
  tdbg_follower_stop (TDBG_FOLLOWER (object));
  G_OBJECT_CLASS (tdbg_follower_parent_class)->dispose (object);
}

static void
tdbg_follower_finalize (GObject *object)
{
  g_free (TDBG_FOLLOWER (object)->error);
  G_OBJECT_CLASS (tdbg_follower_parent_class)->finalize (object);
}

static void
tdbg_follower_class_init (TdbgFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = tdbg_follower_set_property;
  object_class->get_property = tdbg_follower_get_property;
  object_class->dispose = tdbg_follower_dispose;
  object_class->finalize = tdbg_follower_finalize;
  props[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, TRUE, TDBG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, props);
  /* After each step applied (TdbgRefreshStats *), or a poll that failed (NULL). */
  signals[REFRESHED] = g_signal_new ("refreshed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
tdbg_follower_init (TdbgFollower *self)
{
  self->active = TRUE;
}

TdbgFollower *
tdbg_follower_new (TdbgSelection *selection)
{
  TdbgFollower *self = g_object_new (TDBG_TYPE_FOLLOWER, NULL);

  self->selection = g_object_ref (selection);
  g_signal_connect_swapped (selection, "notify::logdir", G_CALLBACK (follow_selection), self);
  follow_selection (self);
  return self;
}

gboolean
tdbg_follower_get_active (TdbgFollower *self)
{
  return self->active;
}

void
tdbg_follower_stop (TdbgFollower *self)
{
  halt (self);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
}

guint
tdbg_follower_get_n_polls (TdbgFollower *self)
{
  return self->n_polls;
}

const char *
tdbg_follower_get_error (TdbgFollower *self)
{
  return self->error;
}
