/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-cause-finder.h"

struct _TdbgCauseFinder {
  GObject parent_instance;

  TdbgSelection *selection;   /* weak: the selection owns the finder */
  TdbgLogdir *logdir;         /* that of the cause, or of the search under way */
  TdbgRootCause *cause;
  guint generation;           /* bumped by every new logdir: older results are dropped */
  gboolean running;
  gboolean again;             /* the logdir grew while a search ran */
};

enum { PROP_0, PROP_CAUSE, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (TdbgCauseFinder, tdbg_cause_finder, G_TYPE_OBJECT)

/* A followed logdir grows on the main thread: the worker holds the read lock meanwhile. */
static void
find_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  TdbgLogdir *logdir = data;
  TdbgRootCause *cause;

  tdbg_logdir_read_lock (logdir);
  cause = tdbg_root_cause_find (logdir);
  tdbg_logdir_read_unlock (logdir);
  g_task_return_pointer (task, cause, (GDestroyNotify) tdbg_root_cause_free);
}

static void start (TdbgCauseFinder *self);

static void
found_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  TdbgCauseFinder *self = TDBG_CAUSE_FINDER (source);
  guint generation = GPOINTER_TO_UINT (data);
  TdbgRootCause *cause = g_task_propagate_pointer (G_TASK (result), NULL);

  self->running = FALSE;
  if (generation != self->generation)
    {
      g_clear_pointer (&cause, tdbg_root_cause_free);
      start (self);
      return;
    }
  g_clear_pointer (&self->cause, tdbg_root_cause_free);
  self->cause = cause;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAUSE]);
  if (self->again)
    start (self);
}

/* One search at a time: a logdir replaced or grown meanwhile is searched after it. */
static void
start (TdbgCauseFinder *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->running || self->logdir == NULL)
    return;
  self->running = TRUE;
  self->again = FALSE;
  task = g_task_new (self, NULL, found_cb, GUINT_TO_POINTER (self->generation));
  g_task_set_task_data (task, g_object_ref (self->logdir), g_object_unref);
  g_task_run_in_thread (task, find_thread);
}

static void
logdir_cb (TdbgSelection *selection, GParamSpec *pspec, TdbgCauseFinder *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);
  gboolean had = self->cause != NULL;

  if (logdir == self->logdir)
    return;
  self->generation++;
  g_clear_pointer (&self->cause, tdbg_root_cause_free);
  g_set_object (&self->logdir, logdir);
  if (had)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAUSE]);
  start (self);
}

/* Growth adds traces after the origin (the spread) or a first NaN/∞: the shown cause stays
 * until the new one is found. */
static void
grew_cb (TdbgSelection *selection, const TdbgLogdirCounts *before, TdbgCauseFinder *self)
{
  if (self->running)
    self->again = TRUE;
  else
    start (self);
}

static void
tdbg_cause_finder_finalize (GObject *object)
{
  TdbgCauseFinder *self = TDBG_CAUSE_FINDER (object);

  g_clear_pointer (&self->cause, tdbg_root_cause_free);
  g_clear_object (&self->logdir);
  G_OBJECT_CLASS (tdbg_cause_finder_parent_class)->finalize (object);
}

static void
tdbg_cause_finder_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TdbgCauseFinder *self = TDBG_CAUSE_FINDER (object);

  switch (prop_id)
    {
    case PROP_CAUSE: g_value_set_pointer (value, self->cause); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tdbg_cause_finder_class_init (TdbgCauseFinderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tdbg_cause_finder_finalize;
  object_class->get_property = tdbg_cause_finder_get_property;
  props[PROP_CAUSE] = g_param_spec_pointer ("cause", NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
tdbg_cause_finder_init (TdbgCauseFinder *self)
{
}

/* A search still running keeps the finder (its task's source) alive past the selection. */
static void
selection_gone (gpointer data)
{
  TdbgCauseFinder *self = data;

  self->selection = NULL;
  self->generation++;
  g_clear_object (&self->logdir);
  g_object_unref (self);
}

TdbgCauseFinder *
tdbg_cause_finder_for_selection (TdbgSelection *selection)
{
  TdbgCauseFinder *self = g_object_get_data (G_OBJECT (selection), "tdbg-cause-finder");

  if (self)
    return self;
  self = g_object_new (TDBG_TYPE_CAUSE_FINDER, NULL);
  self->selection = selection;
  g_object_set_data_full (G_OBJECT (selection), "tdbg-cause-finder", self, selection_gone);
  g_signal_connect_object (selection, "notify::logdir", G_CALLBACK (logdir_cb), self, 0);
  g_signal_connect_object (selection, "logdir-grew", G_CALLBACK (grew_cb), self, 0);
  logdir_cb (selection, NULL, self);
  return self;
}

const TdbgRootCause *
tdbg_cause_finder_get_cause (TdbgCauseFinder *self)
{
  g_return_val_if_fail (TDBG_IS_CAUSE_FINDER (self), NULL);
  return self->cause;
}

TdbgLogdir *
tdbg_cause_finder_get_logdir (TdbgCauseFinder *self)
{
  g_return_val_if_fail (TDBG_IS_CAUSE_FINDER (self), NULL);
  return self->cause ? self->logdir : NULL;
}

gboolean
tdbg_cause_finder_has_origin (TdbgCauseFinder *self)
{
  return self->cause && (self->cause->origin_trace != TDBG_NONE || self->cause->origin_execution != TDBG_NONE);
}
