/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-memory-source.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"

struct _TdbgMemorySource {
  GObject parent_instance;
  GHashTable *files; /* name -> GBytes */
};

static void tdbg_memory_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgMemorySource, tdbg_memory_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_memory_source_iface_init))

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GStrv
memory_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgMemorySource *self = TDBG_MEMORY_SOURCE (source);
  GPtrArray *names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->files);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, g_strdup (key));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (names, FALSE);
}

static GBytes *
lookup (TdbgMemorySource *self, const char *name, GError **error)
{
  GBytes *bytes = g_hash_table_lookup (self->files, name);
  if (bytes == NULL)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, _("No file %s"), name);
  return bytes;
}

static gboolean
memory_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  GBytes *bytes = lookup (TDBG_MEMORY_SOURCE (source), name, error);
  if (bytes == NULL)
    return FALSE;
  *size = g_bytes_get_size (bytes);
  return TRUE;
}

static GBytes *
memory_read (TdbgSource *source, const char *name, guint64 offset, gsize length,
             GCancellable *cancellable, GError **error)
{
  GBytes *bytes = lookup (TDBG_MEMORY_SOURCE (source), name, error);
  gsize size;
  if (bytes == NULL)
    return NULL;
  size = g_bytes_get_size (bytes);
  if (offset >= size)
    return g_bytes_new (NULL, 0);
  return g_bytes_new_from_bytes (bytes, offset, MIN (length, size - offset));
}

static char *
memory_describe (TdbgSource *source)
{
  return g_strdup ("memory:");
}

static void
tdbg_memory_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = memory_list_files;
  iface->get_size = memory_get_size;
  iface->read = memory_read;
  iface->describe = memory_describe;
}

static void
tdbg_memory_source_finalize (GObject *object)
{
  g_hash_table_unref (TDBG_MEMORY_SOURCE (object)->files);
  G_OBJECT_CLASS (tdbg_memory_source_parent_class)->finalize (object);
}

static void
tdbg_memory_source_class_init (TdbgMemorySourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_memory_source_finalize;
}

static void
tdbg_memory_source_init (TdbgMemorySource *self)
{
  self->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
}

TdbgSource *
tdbg_memory_source_new (void)
{
  return g_object_new (TDBG_TYPE_MEMORY_SOURCE, NULL);
}

void
tdbg_memory_source_set_file (TdbgMemorySource *self, const char *name, GBytes *contents)
{
  g_hash_table_replace (self->files, g_strdup (name), g_bytes_ref (contents));
}
