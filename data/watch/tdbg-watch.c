/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-watch.h"

#include "libtdbg-analysis.h"

struct _TdbgWatch {
  GObject parent_instance;

  TdbgLogdir *logdir;
  TdbgMagnitudes *magnitudes;   /* the exploding-magnitude search, taken forward step to step */
  double magnitude_threshold;
  GHashTable *told;             /* alert keys (gint64) told already */
  gboolean kind_told[TDBG_N_ALERT_TYPES];
  guint n_inf_nan;
  guint64 size;                 /* what the logdir held at the last step (a sum of its counts) */
  gboolean stepped;
  gint64 started;
  gint64 grown;                 /* when it last grew */
  gboolean has_grown;           /* since its first step */
};

G_DEFINE_FINAL_TYPE (TdbgWatch, tdbg_watch, G_TYPE_OBJECT)

static void
tdbg_watch_finalize (GObject *object)
{
  TdbgWatch *self = TDBG_WATCH (object);

  g_clear_object (&self->logdir);
  g_clear_pointer (&self->magnitudes, tdbg_magnitudes_free);
  g_clear_pointer (&self->told, g_hash_table_unref);
  G_OBJECT_CLASS (tdbg_watch_parent_class)->finalize (object);
}

static void
tdbg_watch_class_init (TdbgWatchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_watch_finalize;
}

static void
tdbg_watch_init (TdbgWatch *self)
{
  self->told = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->magnitudes = tdbg_magnitudes_new ();
}

TdbgWatch *
tdbg_watch_new (TdbgLogdir *logdir, double magnitude_threshold, gint64 now)
{
  TdbgWatch *self = g_object_new (TDBG_TYPE_WATCH, NULL);

  self->logdir = g_object_ref (logdir);
  self->magnitude_threshold = magnitude_threshold;
  self->started = self->grown = now;
  return self;
}

/* What makes an alert the same one at a later step: its kind, its record (a trace, or an
 * execution's output) and, for retracing, the op that stands for the function. Indexes of
 * records never change while a run is followed (records are only appended). */
static gint64
alert_key (const TdbgAlert *a)
{
  guint64 record = a->trace_index != TDBG_NONE ? a->trace_index : ((guint64) 1 << 32) | a->execution_index;

  if (a->type == TDBG_ALERT_RETRACING)
    record = a->op;
  return (gint64) (((guint64) a->type << 56) | (record << 16) | (a->output_slot & 0xffff));
}

static void
tell_if_new (TdbgWatch *self, const TdbgAlert *alert, GArray *news)
{
  gint64 key = alert_key (alert);
  TdbgWatchNews item = { *alert, FALSE };

  if (g_hash_table_contains (self->told, &key))
    return;
  g_hash_table_add (self->told, g_memdup2 (&key, sizeof key));
  item.first_of_kind = !self->kind_told[alert->type];
  self->kind_told[alert->type] = TRUE;
  if (alert->type == TDBG_ALERT_INF_NAN)
    self->n_inf_nan++;
  g_array_append_val (news, item);
}

static guint64
logdir_size (TdbgLogdir *logdir)
{
  return (guint64) tdbg_logdir_get_n_traces (logdir) + tdbg_logdir_get_n_executions (logdir) +
         tdbg_logdir_get_n_graphs (logdir) + tdbg_logdir_get_n_op_creations (logdir) +
         tdbg_logdir_get_n_file_sets (logdir) + tdbg_logdir_get_n_source_files (logdir);
}

GArray *
tdbg_watch_step (TdbgWatch *self, gint64 now)
{
  GArray *news = g_array_new (FALSE, FALSE, sizeof (TdbgWatchNews));
  guint64 size = logdir_size (self->logdir);
  const TdbgAlertOptions options = { self->magnitude_threshold, self->magnitudes };
  g_autoptr(GArray) more = NULL;

  if (size != self->size)
    {
      self->grown = now;
      self->has_grown = self->stepped;
    }
  /* Nothing new can be alerting in a logdir that did not grow. */
  if (self->stepped && size == self->size)
    return news;
  self->size = size;
  self->stepped = TRUE;
  for (guint i = 0; i < tdbg_logdir_get_n_alerts (self->logdir); i++)
    tell_if_new (self, tdbg_logdir_get_alert (self->logdir, i), news);
  more = tdbg_more_alerts_find (self->logdir, &options);
  for (guint i = 0; i < more->len; i++)
    tell_if_new (self, &g_array_index (more, TdbgAlert, i), news);
  return news;
}

gint64
tdbg_watch_get_idle (TdbgWatch *self, gint64 now)
{
  return now - self->grown;
}

gboolean
tdbg_watch_has_grown (TdbgWatch *self)
{
  return self->has_grown;
}

gboolean
tdbg_watch_is_held_back (TdbgWatch *self, gint64 now, gint64 after)
{
  gboolean has_graphs = tdbg_logdir_get_n_graphs (self->logdir) > 0 || tdbg_logdir_get_n_op_creations (self->logdir) > 0;
  gboolean has_records = tdbg_logdir_get_n_traces (self->logdir) > 0 || tdbg_logdir_get_n_executions (self->logdir) > 0;

  return has_graphs && !has_records && now - self->started >= after;
}

guint
tdbg_watch_get_n_inf_nan (TdbgWatch *self)
{
  return self->n_inf_nan;
}
