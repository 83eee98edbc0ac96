/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-serve.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>
#include <glib/gi18n.h>
#include <gio/gio.h>

#include "tdbg-error.h"
#include "tdbg-logdir-private.h"

/* zstd at level 1: on debugger files it compresses about as well as zlib at level 6 (rsync's)
 * several times faster, and decompresses faster still. */
#define LEVEL 1

typedef struct {
  char *name;
  guint64 size;
  guint64 from;
  gboolean sent;
} Entry;

typedef struct {
  int fd;
  ZSTD_CCtx *cctx;
  guint8 *out;
  gsize out_size;
} Writer;

char *
tdbg_serve_header (void)
{
  return g_strdup_printf ("tfdbg-gtk %s %d %s\n", TDBG_SERVE_COMMAND, TDBG_SERVE_PROTOCOL, TDBG_VERSION);
}

static gboolean
set_errno_error (GError **error, const char *what, int errsv)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv), "%s: %s", what, g_strerror (errsv));
  return FALSE;
}

static gboolean
write_all (int fd, const void *data, gsize length, GError **error)
{
  for (gsize done = 0; done < length;)
    {
      ssize_t n = write (fd, (const guint8 *) data + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return set_errno_error (error, _("writing"), n < 0 ? errno : EIO);
      done += n;
    }
  return TRUE;
}

static gboolean
read_exactly (int fd, void *buffer, gsize length, GError **error)
{
  for (gsize done = 0; done < length;)
    {
      ssize_t n = read (fd, (guint8 *) buffer + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n == 0)
        {
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("the request ended early"));
          return FALSE;
        }
      if (n < 0)
        return set_errno_error (error, _("reading the request"), errno);
      done += n;
    }
  return TRUE;
}

/* Compresses @length bytes onto the output; ZSTD_e_end ends the frame. */
static gboolean
put (Writer *w, const void *data, gsize length, ZSTD_EndDirective mode, GError **error)
{
  ZSTD_inBuffer in = { data, length, 0 };

  for (;;)
    {
      ZSTD_outBuffer out = { w->out, w->out_size, 0 };
      size_t left = ZSTD_compressStream2 (w->cctx, &out, &in, mode);

      if (ZSTD_isError (left))
        {
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, "zstd: %s", ZSTD_getErrorName (left));
          return FALSE;
        }
      if (out.pos > 0 && !write_all (w->fd, w->out, out.pos, error))
        return FALSE;
      if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size)
        return TRUE;
    }
}

static gboolean
put_u32 (Writer *w, guint32 value, GError **error)
{
  guint32 be = GUINT32_TO_BE (value);
  return put (w, &be, 4, ZSTD_e_continue, error);
}

static GVariant *
read_request (int fd, GError **error)
{
  guint32 be;
  gsize length;
  g_autofree guint8 *data = NULL;
  g_autoptr(GVariant) request = NULL;

  if (!read_exactly (fd, &be, 4, error))
    return NULL;
  length = GUINT32_FROM_BE (be);
  if (length > TDBG_SERVE_MAX_MESSAGE)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("the request is too large"));
      return NULL;
    }
  data = g_malloc (MAX (length, 1));
  if (!read_exactly (fd, data, length, error))
    return NULL;
  request = g_variant_new_from_data (G_VARIANT_TYPE (TDBG_SERVE_REQUEST_TYPE), g_steal_pointer (&data), length,
                                     FALSE, g_free, NULL);
  /* Untrusted bytes: only a variant in normal form is read. */
  if (!g_variant_is_normal_form (request))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("the request is malformed"));
      return NULL;
    }
  return g_variant_ref_sink (g_steal_pointer (&request));
}

static void
entry_clear (Entry *entry)
{
  g_free (entry->name);
}

static gint
compare_entries (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Entry *) a)->name, ((const Entry *) b)->name);
}

/* The regular files of the folder (links are not followed, as over SFTP), sorted by name; the
 * debugger's own are sent from the offset the client asked for. */
static GArray *
list_folder (int dir_fd, GVariant *from_offsets, GError **error)
{
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  DIR *dir = fdopendir (dup (dir_fd));
  struct dirent *d;

  if (dir == NULL)
    {
      set_errno_error (error, _("cannot open"), errno);
      return NULL;
    }
  g_array_set_clear_func (entries, (GDestroyNotify) entry_clear);
  while ((d = readdir (dir)) != NULL)
    {
      struct stat st;
      g_autofree char *prefix = NULL;
      TdbgFileKind kind;
      Entry entry = { 0 };

      if (fstatat (dir_fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG (st.st_mode))
        continue;
      entry.name = g_strdup (d->d_name);
      entry.size = st.st_size;
      entry.sent = tdbg_parse_file_name (d->d_name, &prefix, &kind);
      if (entry.sent && g_variant_lookup (from_offsets, d->d_name, "t", &entry.from) && entry.from > entry.size)
        entry.from = 0;
      g_array_append_val (entries, entry);
    }
  closedir (dir);
  g_array_sort (entries, compare_entries);
  return g_steal_pointer (&entries);
}

static GVariant *
make_listing (const char *message, GArray *entries)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sttb)"));
  for (guint i = 0; entries && i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      g_variant_builder_add (&builder, "(sttb)", e->name, e->size, e->from, e->sent);
    }
  return g_variant_ref_sink (g_variant_new ("(sa(sttb))", message, &builder));
}

static gboolean
put_message (Writer *w, GVariant *message, GError **error)
{
  gsize length = g_variant_get_size (message);

  return put_u32 (w, length, error) && put (w, g_variant_get_data (message), length, ZSTD_e_continue, error);
}

/* The bytes of one file, from entry->from up to the size listed, in chunks; a file that cannot
 * be read says so instead of ending. */
static gboolean
send_file (Writer *w, int dir_fd, const Entry *entry, guint8 *buffer, GError **error)
{
  int fd = openat (dir_fd, entry->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  guint64 at = entry->from;
  guint32 end = 0;

  while (fd >= 0 && at < entry->size)
    {
      ssize_t n = pread (fd, buffer, MIN (TDBG_SERVE_MAX_CHUNK, entry->size - at), at);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        end = TDBG_SERVE_UNREADABLE;
      if (n <= 0)
        break;
      if (!put_u32 (w, n, error) || !put (w, buffer, n, ZSTD_e_continue, error))
        {
          close (fd);
          return FALSE;
        }
      at += n;
    }
  if (fd >= 0)
    close (fd);
  else
    end = TDBG_SERVE_UNREADABLE;
  return put_u32 (w, end, error);
}

static gboolean
serve (Writer *w, const char *path, GVariant *from_offsets, GError **error)
{
  g_autoptr(GError) list_error = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GVariant) listing = NULL;
  g_autofree guint8 *buffer = NULL;
  int dir_fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  gboolean ok = TRUE;

  if (dir_fd < 0)
    set_errno_error (&list_error, path, errno);
  else
    entries = list_folder (dir_fd, from_offsets, &list_error);
  listing = make_listing (list_error ? list_error->message : "", entries);
  ok = put_message (w, listing, error);
  buffer = g_malloc (TDBG_SERVE_MAX_CHUNK);
  for (guint i = 0; ok && entries && i < entries->len; i++)
    if (g_array_index (entries, Entry, i).sent)
      ok = send_file (w, dir_fd, &g_array_index (entries, Entry, i), buffer, error);
  if (dir_fd >= 0)
    close (dir_fd);
  return ok && put (w, NULL, 0, ZSTD_e_end, error);
}

gboolean
tdbg_serve_logdir (int in_fd, int out_fd, GError **error)
{
  g_autofree char *header = tdbg_serve_header ();
  g_autoptr(GVariant) request = NULL;
  g_autoptr(GVariant) from_offsets = NULL;
  const char *version, *path;
  Writer w = { out_fd };
  gboolean ok;

  if (!write_all (out_fd, header, strlen (header), error) || (request = read_request (in_fd, error)) == NULL)
    return FALSE;
  g_variant_get (request, "(&s&s@a{st})", &version, &path, &from_offsets);
  /* The client checks the header; this side checks too, and serves only its own version. */
  if (!g_str_equal (version, TDBG_VERSION))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("the client is version %s, this program %s"), version,
                   TDBG_VERSION);
      return FALSE;
    }
  w.cctx = ZSTD_createCCtx ();
  ZSTD_CCtx_setParameter (w.cctx, ZSTD_c_compressionLevel, LEVEL);
  w.out_size = ZSTD_CStreamOutSize ();
  w.out = g_malloc (w.out_size);
  ok = serve (&w, path, from_offsets, error);
  ZSTD_freeCCtx (w.cctx);
  g_free (w.out);
  return ok;
}
