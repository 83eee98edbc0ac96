/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-v1-source.h"
#include "tdbg-v1-dump.h"
#include "libtdbg-data.h"

#include <glib/gstdio.h>

#include "tdbg-v1-synth.h"

struct _TdbgV1Source {
  GObject parent_instance;
  char *description;
  char *path;            /* the dump root, read at the first call (in the loader's thread) */
  GMutex lock;
  GError *error;         /* why the dump root could not be read */
  TdbgSource *files;     /* the made logdir */
  GPtrArray *problems;   /* TdbgProblem* */
};

static void tdbg_v1_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgV1Source, tdbg_v1_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_v1_source_iface_init))

static void
make_files (TdbgV1Source *self, GPtrArray *dump_files)
{
  g_autoptr(TdbgV1Dump) dump = tdbg_v1_dump_new_from_files (dump_files);
  TdbgSource *files = tdbg_memory_source_new ();

  tdbg_v1_synthesize (dump, TDBG_MEMORY_SOURCE (files));
  self->problems = g_ptr_array_ref (dump->problems);
  self->files = files;
}

/* The made logdir, once the dump is read; NULL with @error set when it cannot be. A read that
 * was cancelled is tried again at the next call. */
static TdbgSource *
ensure_files (TdbgV1Source *self, GCancellable *cancellable, GError **error)
{
  g_mutex_lock (&self->lock);
  if (self->files == NULL && self->error == NULL)
    {
      GError *read_error = NULL;
      GPtrArray *dump_files = tdbg_v1_dump_read_files (self->path, cancellable, &read_error);
      if (dump_files)
        make_files (self, dump_files);
      else if (g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, read_error);
      else
        self->error = read_error;
    }
  if (self->error)
    g_propagate_error (error, g_error_copy (self->error));
  g_mutex_unlock (&self->lock);
  return self->files;
}

static GStrv
v1_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgSource *files = ensure_files (TDBG_V1_SOURCE (source), cancellable, error);
  return files ? tdbg_source_list_files (files, cancellable, error) : NULL;
}

static gboolean
v1_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  TdbgSource *files = ensure_files (TDBG_V1_SOURCE (source), cancellable, error);
  return files && tdbg_source_get_size (files, name, size, cancellable, error);
}

static GBytes *
v1_read (TdbgSource *source, const char *name, guint64 offset, gsize length, GCancellable *cancellable,
         GError **error)
{
  TdbgSource *files = ensure_files (TDBG_V1_SOURCE (source), cancellable, error);
  return files ? tdbg_source_read (files, name, offset, length, cancellable, error) : NULL;
}

static char *
v1_describe (TdbgSource *source)
{
  return g_strdup (TDBG_V1_SOURCE (source)->description);
}

static GPtrArray *
v1_get_problems (TdbgSource *source)
{
  TdbgV1Source *self = TDBG_V1_SOURCE (source);
  GPtrArray *problems;

  g_mutex_lock (&self->lock);
  problems = self->problems ? g_ptr_array_ref (self->problems) : NULL;
  g_mutex_unlock (&self->lock);
  return problems;
}

static void
tdbg_v1_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = v1_list_files;
  iface->get_size = v1_get_size;
  iface->read = v1_read;
  iface->describe = v1_describe;
  iface->get_problems = v1_get_problems;
}

static void
tdbg_v1_source_finalize (GObject *object)
{
  TdbgV1Source *self = TDBG_V1_SOURCE (object);

  g_free (self->description);
  g_free (self->path);
  g_clear_error (&self->error);
  g_mutex_clear (&self->lock);
  g_clear_object (&self->files);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  G_OBJECT_CLASS (tdbg_v1_source_parent_class)->finalize (object);
}

static void
tdbg_v1_source_class_init (TdbgV1SourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_v1_source_finalize;
}

static void
tdbg_v1_source_init (TdbgV1Source *self)
{
  g_mutex_init (&self->lock);
}

TdbgSource *
tdbg_v1_source_new_from_files (GPtrArray *files, const char *description)
{
  TdbgV1Source *self = g_object_new (TDBG_TYPE_V1_SOURCE, NULL);

  self->description = g_strdup (description);
  make_files (self, files);
  return TDBG_SOURCE (self);
}

TdbgSource *
tdbg_v1_source_new (const char *path)
{
  TdbgV1Source *self = g_object_new (TDBG_TYPE_V1_SOURCE, NULL);

  self->description = g_strdup (path);
  self->path = g_strdup (path);
  return TDBG_SOURCE (self);
}

gboolean
tdbg_v1_source_write_to (TdbgV1Source *self, const char *folder, GError **error)
{
  g_auto(GStrv) names = tdbg_source_list_files (TDBG_SOURCE (self), NULL, error);

  if (names == NULL)
    return FALSE;
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr(GBytes) bytes = tdbg_source_read (TDBG_SOURCE (self), names[i], 0, G_MAXSIZE, NULL, error);
      g_autofree char *path = g_build_filename (folder, names[i], NULL);
      gsize size;
      const char *data;

      if (bytes == NULL)
        return FALSE;
      data = g_bytes_get_data (bytes, &size);
      if (!g_file_set_contents (path, data ? data : "", size, error))
        return FALSE;
    }
  return TRUE;
}

char *
tdbg_v1_make_folder (const char *path, GPtrArray **problems, GError **error)
{
  g_autoptr(TdbgSource) source = tdbg_v1_source_new (path);
  g_autofree char *folder = g_dir_make_tmp ("tfdbg-gtk-v1-XXXXXX", error);

  if (folder == NULL)
    return NULL;
  if (!tdbg_v1_source_write_to (TDBG_V1_SOURCE (source), folder, error))
    {
      tdbg_v1_remove_folder (folder);
      return NULL;
    }
  *problems = tdbg_source_get_problems (source);
  return g_steal_pointer (&folder);
}

void
tdbg_v1_remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_unlink (path);
    }
  g_rmdir (folder);
}

static TdbgSource *
open_if_dump (const char *path)
{
  return tdbg_v1_dump_is_root (path) ? tdbg_v1_source_new (path) : NULL;
}

void
tdbg_v1_init (void)
{
  tdbg_location_add_folder_opener (open_if_dump);
}
