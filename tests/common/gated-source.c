/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "gated-source.h"

struct _GatedSource {
  GObject parent_instance;
  TdbgSource *origin;
  char *suffix;
  GMutex lock;
  GCond changed;
  gboolean open;
  gboolean waiting;
  guint n_reads;   /* of every file; over SSH, each may be a round trip */
};

static void gated_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GatedSource, gated_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, gated_source_iface_init))

static GStrv
gated_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  return tdbg_source_list_files (GATED_SOURCE (source)->origin, cancellable, error);
}

static gboolean
gated_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  return tdbg_source_get_size (GATED_SOURCE (source)->origin, name, size, cancellable, error);
}

/* Waits, looking at @cancellable every few milliseconds, until the gate opens. */
static gboolean
wait_at_gate (GatedSource *self, GCancellable *cancellable, GError **error)
{
  gboolean cancelled = FALSE;

  g_mutex_lock (&self->lock);
  self->waiting = TRUE;
  while (!self->open && !(cancelled = g_cancellable_is_cancelled (cancellable)))
    g_cond_wait_until (&self->changed, &self->lock, g_get_monotonic_time () + 10 * G_TIME_SPAN_MILLISECOND);
  self->waiting = FALSE;
  g_mutex_unlock (&self->lock);
  if (!cancelled)
    return TRUE;
  g_cancellable_set_error_if_cancelled (cancellable, error);
  return FALSE;
}

static GBytes *
gated_read (TdbgSource *source, const char *name, guint64 offset, gsize length, GCancellable *cancellable,
            GError **error)
{
  GatedSource *self = GATED_SOURCE (source);

  g_atomic_int_inc (&self->n_reads);
  if (self->suffix != NULL && g_str_has_suffix (name, self->suffix) && !wait_at_gate (self, cancellable, error))
    return NULL;
  return tdbg_source_read (self->origin, name, offset, length, cancellable, error);
}

static char *
gated_describe (TdbgSource *source)
{
  return tdbg_source_describe (GATED_SOURCE (source)->origin);
}

static void
gated_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = gated_list_files;
  iface->get_size = gated_get_size;
  iface->read = gated_read;
  iface->describe = gated_describe;
}

static void
gated_source_finalize (GObject *object)
{
  GatedSource *self = GATED_SOURCE (object);

  g_object_unref (self->origin);
  g_free (self->suffix);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->changed);
  G_OBJECT_CLASS (gated_source_parent_class)->finalize (object);
}

static void
gated_source_class_init (GatedSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gated_source_finalize;
}

static void
gated_source_init (GatedSource *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->changed);
}

GatedSource *
gated_source_new (TdbgSource *origin, const char *suffix)
{
  GatedSource *self = g_object_new (GATED_TYPE_SOURCE, NULL);

  self->origin = g_object_ref (origin);
  self->suffix = g_strdup (suffix);
  return self;
}

void
gated_source_open (GatedSource *self)
{
  g_mutex_lock (&self->lock);
  self->open = TRUE;
  g_cond_broadcast (&self->changed);
  g_mutex_unlock (&self->lock);
}

void
gated_source_close (GatedSource *self)
{
  g_mutex_lock (&self->lock);
  self->open = FALSE;
  g_mutex_unlock (&self->lock);
}

gboolean
gated_source_is_waiting (GatedSource *self)
{
  gboolean waiting;

  g_mutex_lock (&self->lock);
  waiting = self->waiting;
  g_mutex_unlock (&self->lock);
  return waiting;
}

guint
gated_source_get_n_reads (GatedSource *self)
{
  return (guint) g_atomic_int_get (&self->n_reads);
}
