/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-local-source.h"

#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"
#include "tdbg-records.h"

struct _TdbgLocalSource {
  GObject parent_instance;
  char *path;
  GMutex lock;
  GHashTable *mappings; /* name -> GBytes of the whole file as last mapped */
  GPtrArray *links;     /* TdbgProblem*: the logdir's files that are symbolic links, each once */
};

static void tdbg_local_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgLocalSource, tdbg_local_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_local_source_iface_init))

/* A logdir names its files; only plain names inside the directory are ever opened. */
static gboolean
check_name (const char *name, GError **error)
{
  if (name[0] == '\0' || strchr (name, '/') != NULL || g_str_equal (name, ".") || g_str_equal (name, ".."))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("“%s” is not a file name inside the logdir"), name);
      return FALSE;
    }
  return TRUE;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
note_link (TdbgLocalSource *self, const char *name)
{
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->links->len; i++)
    if (g_str_equal (((TdbgProblem *) g_ptr_array_index (self->links, i))->file_name, name))
      {
        g_mutex_unlock (&self->lock);
        return;
      }
  g_ptr_array_add (self->links, tdbg_problem_new (name, 0, _("a symbolic link, not followed")));
  g_mutex_unlock (&self->lock);
}

static GStrv
local_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgLocalSource *self = TDBG_LOCAL_SOURCE (source);
  g_autoptr(GDir) dir = g_dir_open (self->path, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *full = g_build_filename (self->path, name, NULL);
      GStatBuf st;
      /* lstat: a symbolic link may point outside the logdir; it is not followed, but said. */
      if (g_lstat (full, &st) != 0)
        continue;
      if (S_ISREG (st.st_mode))
        g_ptr_array_add (names, g_strdup (name));
      else if (S_ISLNK (st.st_mode) && g_str_has_prefix (name, "tfdbg_events."))
        note_link (self, name);
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_steal (names, NULL);
}

static int
open_in_logdir (TdbgLocalSource *self, const char *name, GError **error)
{
  g_autofree char *full = NULL;
  int fd;

  if (!check_name (name, error))
    return -1;
  full = g_build_filename (self->path, name, NULL);
  fd = g_open (full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, TDBG_ERROR, saved == ENOENT ? TDBG_ERROR_NOT_FOUND : TDBG_ERROR_IO,
                   _("Cannot open %s: %s"), full, g_strerror (saved));
    }
  return fd;
}

static gboolean
local_get_size (TdbgSource *source, const char *name, guint64 *size,
                GCancellable *cancellable, GError **error)
{
  TdbgLocalSource *self = TDBG_LOCAL_SOURCE (source);
  int fd = open_in_logdir (self, name, error);
  struct stat st;

  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s is not a regular file"), name);
      close (fd);
      return FALSE;
    }
  close (fd);
  *size = st.st_size;
  return TRUE;
}

/* The current mapping of @name, remapped when the file has grown past it. */
static GBytes *
get_mapping (TdbgLocalSource *self, const char *name, guint64 end, GError **error)
{
  GBytes *bytes = g_hash_table_lookup (self->mappings, name);
  int fd;
  GMappedFile *mapped;

  if (bytes != NULL && g_bytes_get_size (bytes) >= end)
    return g_bytes_ref (bytes);
  fd = open_in_logdir (self, name, error);
  if (fd < 0)
    return NULL;
  mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
  close (fd);
  if (mapped == NULL)
    return NULL;
  bytes = g_mapped_file_get_bytes (mapped);
  g_mapped_file_unref (mapped);
  g_hash_table_replace (self->mappings, g_strdup (name), g_bytes_ref (bytes));
  return bytes;
}

static GBytes *
local_read (TdbgSource *source, const char *name, guint64 offset, gsize length,
            GCancellable *cancellable, GError **error)
{
  TdbgLocalSource *self = TDBG_LOCAL_SOURCE (source);
  g_autoptr(GBytes) whole = NULL;
  gsize size;
  guint64 end = length > G_MAXUINT64 - offset ? G_MAXUINT64 : offset + length;

  g_mutex_lock (&self->lock);
  whole = get_mapping (self, name, end, error);
  g_mutex_unlock (&self->lock);
  if (whole == NULL)
    return NULL;
  size = g_bytes_get_size (whole);
  if (offset >= size)
    return g_bytes_new (NULL, 0);
  return g_bytes_new_from_bytes (whole, offset, MIN (length, size - offset));
}

static char *
local_describe (TdbgSource *source)
{
  return g_strdup (TDBG_LOCAL_SOURCE (source)->path);
}

/* The files skipped for being symbolic links, as problems of the logdir. */
static GPtrArray *
local_get_problems (TdbgSource *source)
{
  TdbgLocalSource *self = TDBG_LOCAL_SOURCE (source);
  GPtrArray *problems = NULL;

  /* A copy: following may list the files again on another thread meanwhile. */
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->links->len; i++)
    {
      TdbgProblem *p = g_ptr_array_index (self->links, i);
      if (problems == NULL)
        problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
      g_ptr_array_add (problems, tdbg_problem_new (p->file_name, p->byte_offset, p->message));
    }
  g_mutex_unlock (&self->lock);
  return problems;
}

static void
tdbg_local_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = local_list_files;
  iface->get_size = local_get_size;
  iface->read = local_read;
  iface->describe = local_describe;
  iface->get_problems = local_get_problems;
}

static void
tdbg_local_source_finalize (GObject *object)
{
  TdbgLocalSource *self = TDBG_LOCAL_SOURCE (object);
  g_hash_table_unref (self->mappings);
  g_ptr_array_unref (self->links);
  g_mutex_clear (&self->lock);
  g_free (self->path);
  G_OBJECT_CLASS (tdbg_local_source_parent_class)->finalize (object);
}

static void
tdbg_local_source_class_init (TdbgLocalSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_local_source_finalize;
}

static void
tdbg_local_source_init (TdbgLocalSource *self)
{
  g_mutex_init (&self->lock);
  self->mappings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  self->links = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
}

TdbgSource *
tdbg_local_source_new (const char *path)
{
  TdbgLocalSource *self = g_object_new (TDBG_TYPE_LOCAL_SOURCE, NULL);
  self->path = g_canonicalize_filename (path, NULL);
  return TDBG_SOURCE (self);
}
