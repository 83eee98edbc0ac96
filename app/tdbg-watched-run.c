/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-watched-run.h"

#include "tdbg-run-notifier.h"
#include "libtdbg-ui.h"

struct _TdbgWatchedRun {
  GObject parent_instance;

  TdbgRun *run;
  TdbgSelection *selection;   /* the run's logdir, for the root cause its finder finds */
  TdbgRunNotifier *notifier;
};

G_DEFINE_FINAL_TYPE (TdbgWatchedRun, tdbg_watched_run, G_TYPE_OBJECT)

/* Following brought records: the root cause is found again. */
static void
grew_cb (TdbgRun *run, const TdbgLogdirCounts *before, TdbgWatchedRun *self)
{
  tdbg_selection_logdir_grew (self->selection, before);
}

static void
tdbg_watched_run_dispose (GObject *object)
{
  TdbgWatchedRun *self = TDBG_WATCHED_RUN (object);

  if (self->run)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->notifier);
  g_clear_object (&self->selection);
  g_clear_object (&self->run);
  G_OBJECT_CLASS (tdbg_watched_run_parent_class)->dispose (object);
}

static void
tdbg_watched_run_class_init (TdbgWatchedRunClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tdbg_watched_run_dispose;
}

static void
tdbg_watched_run_init (TdbgWatchedRun *self)
{
}

TdbgWatchedRun *
tdbg_watched_run_new (TdbgRun *run, GApplication *app)
{
  TdbgWatchedRun *self = g_object_new (TDBG_TYPE_WATCHED_RUN, NULL);

  self->run = g_object_ref (run);
  self->selection = tdbg_selection_new ();
  tdbg_selection_set_logdir (self->selection, tdbg_run_get_logdir (run));
  self->notifier = tdbg_run_notifier_new (run, self->selection);
  tdbg_run_notifier_set_application (self->notifier, app);
  g_signal_connect (run, "grew", G_CALLBACK (grew_cb), self);
  return self;
}

TdbgRun *tdbg_watched_run_get_run (TdbgWatchedRun *self) { return self->run; }
const char *tdbg_watched_run_get_location (TdbgWatchedRun *self) { return tdbg_run_get_location (self->run); }
