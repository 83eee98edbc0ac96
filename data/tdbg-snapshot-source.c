/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-snapshot-source.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"

typedef struct {
  guint64 offset;
  GBytes *bytes;
} Range;

struct _TdbgSnapshotSource {
  GObject parent_instance;
  char *description;
  GStrv names;
  GHashTable *ranges; /* name -> Range* */
  guint64 n_bytes;
};

static void tdbg_snapshot_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgSnapshotSource, tdbg_snapshot_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_snapshot_source_iface_init))

static void
range_free (Range *range)
{
  g_bytes_unref (range->bytes);
  g_free (range);
}

static GStrv
snapshot_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  return g_strdupv (TDBG_SNAPSHOT_SOURCE (source)->names);
}

static const Range *
lookup (TdbgSnapshotSource *self, const char *name, GError **error)
{
  const Range *range = g_hash_table_lookup (self->ranges, name);
  if (range == NULL)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, _("%s was not read in this pass"), name);
  return range;
}

static gboolean
snapshot_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  const Range *range = lookup (TDBG_SNAPSHOT_SOURCE (source), name, error);
  if (range == NULL)
    return FALSE;
  *size = range->offset + g_bytes_get_size (range->bytes);
  return TRUE;
}

static GBytes *
snapshot_read (TdbgSource *source, const char *name, guint64 offset, gsize length,
               GCancellable *cancellable, GError **error)
{
  const Range *range = lookup (TDBG_SNAPSHOT_SOURCE (source), name, error);
  gsize size;

  if (range == NULL)
    return NULL;
  if (offset < range->offset)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND,
                   _("%s: byte %" PRIu64 " was not read in this pass"), name, offset);
      return NULL;
    }
  size = g_bytes_get_size (range->bytes);
  offset -= range->offset;
  if (offset >= size)
    return g_bytes_new (NULL, 0);
  return g_bytes_new_from_bytes (range->bytes, offset, MIN (length, size - offset));
}

static char *
snapshot_describe (TdbgSource *source)
{
  return g_strdup (TDBG_SNAPSHOT_SOURCE (source)->description);
}

static void
tdbg_snapshot_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = snapshot_list_files;
  iface->get_size = snapshot_get_size;
  iface->read = snapshot_read;
  iface->describe = snapshot_describe;
}

static void
tdbg_snapshot_source_finalize (GObject *object)
{
  TdbgSnapshotSource *self = TDBG_SNAPSHOT_SOURCE (object);

  g_free (self->description);
  g_strfreev (self->names);
  g_hash_table_unref (self->ranges);
  G_OBJECT_CLASS (tdbg_snapshot_source_parent_class)->finalize (object);
}

static void
tdbg_snapshot_source_class_init (TdbgSnapshotSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_snapshot_source_finalize;
}

static void
tdbg_snapshot_source_init (TdbgSnapshotSource *self)
{
  self->ranges = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) range_free);
}

TdbgSnapshotSource *
tdbg_snapshot_source_new (const char *description, const char *const *names)
{
  TdbgSnapshotSource *self = g_object_new (TDBG_TYPE_SNAPSHOT_SOURCE, NULL);

  self->description = g_strdup (description);
  self->names = g_strdupv ((GStrv) names);
  return self;
}

void
tdbg_snapshot_source_add (TdbgSnapshotSource *self, const char *name, guint64 offset, GBytes *bytes)
{
  Range *range = g_new (Range, 1);

  range->offset = offset;
  range->bytes = g_bytes_ref (bytes);
  self->n_bytes += g_bytes_get_size (bytes);
  g_hash_table_replace (self->ranges, g_strdup (name), range);
}

guint64
tdbg_snapshot_source_get_n_bytes (TdbgSnapshotSource *self)
{
  return self->n_bytes;
}
