/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ssh-cache.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* How much of a cached prefix's end is compared with the server's bytes. */
#define TAIL (4 * 1024)

struct _TdbgSshCache {
  char *dir;
};

TdbgSshCache *
tdbg_ssh_cache_new (const char *dir, const char *uri)
{
  TdbgSshCache *self = g_new0 (TdbgSshCache, 1);
  g_autofree char *key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);

  self->dir = g_build_filename (dir, key, NULL);
  return self;
}

void
tdbg_ssh_cache_free (TdbgSshCache *self)
{
  g_free (self->dir);
  g_free (self);
}

static guint64
cached_length (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
}

/* Reads exactly @length bytes of the cached copy at @at into @buffer. */
static gboolean
read_cached (const char *path, guint64 at, guint8 *buffer, gsize length)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  gsize done = 0;

  if (fd < 0)
    return FALSE;
  while (done < length)
    {
      ssize_t n = pread (fd, buffer + done, length - done, at + done);
      if (n <= 0)
        break;
      done += n;
    }
  close (fd);
  return done == length;
}

/* Writes @bytes at @at of the cached copy (at 0: a new one). A copy that could not be written
 * whole is cut back to what it held, never left with a hole. */
static void
store (TdbgSshCache *self, const char *path, guint64 at, const guint8 *data, gsize length)
{
  int fd;
  gsize done = 0;

  if (g_mkdir_with_parents (self->dir, 0700) != 0 ||
      (fd = open (path, O_WRONLY | O_CREAT | O_CLOEXEC | (at == 0 ? O_TRUNC : 0), 0600)) < 0)
    return;
  while (done < length)
    {
      ssize_t n = pwrite (fd, data + done, length - done, at + done);
      if (n <= 0)
        break;
      done += n;
    }
  if (done < length && ftruncate (fd, at) != 0)
    g_unlink (path);
  close (fd);
}

/* From the server; kept when it continues the cached copy (of @cached bytes). */
static GBytes *
fetch_and_store (TdbgSshCache *self, const char *path, guint64 cached, const char *name, guint64 offset,
                 gsize length, TdbgSshCacheFetch fetch, gpointer user_data, GCancellable *cancellable,
                 GError **error)
{
  GBytes *bytes = fetch (name, offset, length, cancellable, error, user_data);
  gsize size;
  const guint8 *data = bytes ? g_bytes_get_data (bytes, &size) : NULL;

  if (bytes && offset == cached && size > 0)
    store (self, path, offset, data, size);
  return bytes;
}

GBytes *
tdbg_ssh_cache_read (TdbgSshCache *self, const char *name, guint64 offset, gsize length,
                     TdbgSshCacheFetch fetch, gpointer user_data, GCancellable *cancellable, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) remote = NULL;
  guint8 tail[TAIL];
  guint64 cached, end, from, new_bytes;
  gsize overlap, got, answer_length;
  const guint8 *data;
  guint8 *answer;

  if (name[0] == '.' || strchr (name, '/') != NULL)
    return fetch (name, offset, length, cancellable, error, user_data);
  path = g_build_filename (self->dir, name, NULL);
  cached = cached_length (path);
  if (cached == 0 || offset > cached)
    return fetch_and_store (self, path, cached, name, offset, length, fetch, user_data, cancellable, error);

  /* One read brings the cached copy's last bytes, to compare, and what follows them. */
  end = offset + MIN (length, G_MAXUINT64 - offset);
  overlap = MIN (cached, TAIL);
  from = cached - overlap;
  remote = fetch (name, from, overlap + (end > cached ? MIN (end - cached, G_MAXSIZE - overlap) : 0), cancellable,
                  error, user_data);
  if (remote == NULL)
    return NULL;
  data = g_bytes_get_data (remote, &got);
  if (got < overlap || !read_cached (path, from, tail, overlap) || memcmp (tail, data, overlap) != 0)
    {
      /* Rewritten or shortened: the copy is no longer the file's beginning. */
      g_unlink (path);
      return fetch_and_store (self, path, 0, name, offset, length, fetch, user_data, cancellable, error);
    }
  new_bytes = got - overlap;
  if (new_bytes > 0)
    store (self, path, cached, data + overlap, new_bytes);
  answer_length = MIN (end, cached + new_bytes) - offset;
  answer = g_malloc (MAX (answer_length, 1));
  if (!read_cached (path, offset, answer, MIN (answer_length, cached - offset)))
    {
      g_free (answer);
      g_unlink (path);
      return fetch_and_store (self, path, 0, name, offset, length, fetch, user_data, cancellable, error);
    }
  if (answer_length > cached - offset)
    memcpy (answer + (cached - offset), data + overlap, answer_length - (cached - offset));
  return g_bytes_new_take (answer, answer_length);
}

GHashTable *
tdbg_ssh_cache_get_offsets (TdbgSshCache *self)
{
  GHashTable *offsets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GDir) dir = g_dir_open (self->dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (self->dir, name, NULL);
      guint64 cached = cached_length (path);

      /* As tdbg_ssh_cache_read asks: the last bytes held, to compare, and what follows. */
      if (name[0] != '.' && cached > 0)
        g_hash_table_insert (offsets, g_strdup (name), g_memdup2 (&(guint64) { cached - MIN (cached, TAIL) }, sizeof (guint64)));
    }
  return offsets;
}
