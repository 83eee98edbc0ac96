/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-serve.h"
#include "tdbg-serve-private.h"
#include "libtdbg-v1.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>
#include <glib/gi18n.h>
#include <gio/gio.h>

#include "libtdbg-data.h"

/* zstd at level 1: on debugger files it compresses about as well as zlib at level 6 (rsync's)
 * several times faster, and decompresses faster still. */
#define LEVEL 1

typedef struct {
  char *name;
  guint64 size;
  guint64 from;
  gboolean sent;
  guint rank;    /* when the client's load reads it */
} Entry;

typedef struct {
  int fd;
  ZSTD_CCtx *cctx;
  guint8 *out;
  gsize out_size;
  /* Small pieces (two per record) are gathered here and compressed a stage at a time: one
   * call into zstd per piece costs more than compressing them. */
  guint8 *stage;
  gsize stage_length;
  guint64 last_wall_time;   /* of the file being sent (tdbg_serve_wall_time_encode()) */
} Writer;

#define STAGE_SIZE (1 << 20)

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
compress (Writer *w, const void *data, gsize length, ZSTD_EndDirective mode, GError **error)
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
flush_stage (Writer *w, ZSTD_EndDirective mode, GError **error)
{
  gsize length = w->stage_length;

  w->stage_length = 0;
  return compress (w, w->stage, length, mode, error);
}

/* @length bytes onto the stream; ZSTD_e_end (with none) ends it. */
static gboolean
put (Writer *w, const void *data, gsize length, ZSTD_EndDirective mode, GError **error)
{
  if (mode == ZSTD_e_end)
    return flush_stage (w, mode, error);
  if (w->stage_length + length > STAGE_SIZE && !flush_stage (w, ZSTD_e_continue, error))
    return FALSE;
  if (length >= STAGE_SIZE)
    return compress (w, data, length, mode, error);
  memcpy (w->stage + w->stage_length, data, length);
  w->stage_length += length;
  return TRUE;
}

static gboolean
put_u32 (Writer *w, guint32 value, GError **error)
{
  guint32 be = GUINT32_TO_BE (value);
  return put (w, &be, 4, ZSTD_e_continue, error);
}

GVariant *
tdbg_serve_request_new (const char *path, GHashTable *from)
{
  GVariantBuilder offsets;
  GHashTableIter iter;
  gpointer name, offset;

  g_variant_builder_init (&offsets, G_VARIANT_TYPE ("a{st}"));
  if (from)
    {
      g_hash_table_iter_init (&iter, from);
      while (g_hash_table_iter_next (&iter, &name, &offset))
        g_variant_builder_add (&offsets, "{st}", name, *(guint64 *) offset);
    }
  return g_variant_ref_sink (g_variant_new ("(ss@a{st})", TDBG_VERSION, path, g_variant_builder_end (&offsets)));
}

GVariant *
tdbg_serve_read_request (int fd, GError **error)
{
  guint32 be;
  gsize length;
  g_autofree guint8 *data = NULL;
  g_autoptr(GBytes) bytes = NULL;
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
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  request = g_variant_new_from_bytes (G_VARIANT_TYPE (TDBG_SERVE_REQUEST_TYPE), bytes, FALSE);
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

/* The order a load reads files in (metadata, the small ones, traces, executions), so that it
 * can begin with the first while the others are still coming; then the files not sent. */
static guint
rank_of (TdbgFileKind kind)
{
  switch (kind)
    {
    case TDBG_FILE_METADATA: return 0;
    case TDBG_FILE_SOURCE_FILES: return 1;
    case TDBG_FILE_STACK_FRAMES: return 2;
    case TDBG_FILE_GRAPHS: return 3;
    case TDBG_FILE_GRAPH_EXECUTION_TRACES: return 4;
    case TDBG_FILE_EXECUTION: return 5;
    default: return 6;
    }
}

static gint
compare_entries (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;

  return x->rank != y->rank ? (x->rank < y->rank ? -1 : 1) : strcmp (x->name, y->name);
}

/* The regular files of the folder (links are not followed, as over SFTP), in the order they
 * are sent; the debugger's own are sent from the offset the client asked for. */
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
      entry.rank = entry.sent ? rank_of (kind) : rank_of (TDBG_N_FILE_KINDS);
      if (entry.sent && g_variant_lookup (from_offsets, d->d_name, "t", &entry.from) && entry.from > entry.size)
        entry.from = 0;
      g_array_append_val (entries, entry);
    }
  closedir (dir);
  g_array_sort (entries, compare_entries);
  return g_steal_pointer (&entries);
}

/* @made: the folder was made from another format, whose problems (TdbgProblem*) are @problems. */
static GVariant *
make_listing (const char *message, GArray *entries, gboolean made, GPtrArray *problems)
{
  GVariantBuilder builder, found;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sttb)"));
  for (guint i = 0; entries && i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      g_variant_builder_add (&builder, "(sttb)", e->name, e->size, e->from, e->sent);
    }
  g_variant_builder_init (&found, G_VARIANT_TYPE ("a(sts)"));
  for (guint i = 0; problems && i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      g_variant_builder_add (&found, "(sts)", p->file_name, p->byte_offset, p->message);
    }
  return g_variant_ref_sink (g_variant_new ("(sa(sttb)ba(sts))", message, &builder, made, &found));
}

static gboolean
put_message (Writer *w, GVariant *message, GError **error)
{
  gsize length = g_variant_get_size (message);

  return put_u32 (w, length, error) && put (w, g_variant_get_data (message), length, ZSTD_e_continue, error);
}

/* Bytes as they are, in blocks. */
static gboolean
put_raw (Writer *w, const guint8 *data, gsize length, GError **error)
{
  while (length > 0)
    {
      gsize n = MIN (length, TDBG_SERVE_MAX_CHUNK);
      if (!put_u32 (w, n, error) || !put (w, data, n, ZSTD_e_continue, error))
        return FALSE;
      data += n;
      length -= n;
    }
  return TRUE;
}

typedef struct {
  guint64 offset;
  guint64 length;
} Span;

static gboolean
collect_record (const TdbgRecord *record, gpointer user_data)
{
  Span span = { record->offset, record->length };
  g_array_append_val ((GArray *) user_data, span);
  return TRUE;
}

/* Intact records [first, first + n) of @spans, which follow each other, without checksums. */
static gboolean
put_records (Writer *w, const guint8 *window, guint64 base, const Span *spans, guint n, GError **error)
{
  if (!put_u32 (w, TDBG_SERVE_RECORDS | n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const guint8 *p = window + (spans[i].offset - base);
      const guint8 *data = p + TDBG_RECORD_HEADER_SIZE;
      guint64 skip = 0;
      guint8 head[9];

      if (!put (w, p, 8, ZSTD_e_continue, error))
        return FALSE;
      if (tdbg_serve_has_wall_time (data, spans[i].length))
        {
          memcpy (head, data, sizeof head);
          tdbg_serve_wall_time_encode (&w->last_wall_time, head + 1);
          if (!put (w, head, sizeof head, ZSTD_e_continue, error))
            return FALSE;
          skip = sizeof head;
        }
      if (!put (w, data + skip, spans[i].length - skip, ZSTD_e_continue, error))
        return FALSE;
    }
  return TRUE;
}

/* The window [base, base + length) up to @upto: its intact records grouped, and what lies
 * between or after them as it is. */
static gboolean
put_window (Writer *w, const guint8 *window, guint64 base, GArray *spans, guint64 upto, GError **error)
{
  guint64 at = base;
  guint first = 0;

  for (guint i = 0; i <= spans->len; i++)
    {
      const Span *span = i < spans->len ? &g_array_index (spans, Span, i) : NULL;
      /* A group ends before a gap, at the end, or when full. */
      if (i > first && (span == NULL || span->offset != at || i - first == TDBG_SERVE_MAX_RECORDS) &&
          !put_records (w, window, base, &g_array_index (spans, Span, first), i - first, error))
        return FALSE;
      if (span == NULL)
        break;
      if (span->offset != at || i - first == TDBG_SERVE_MAX_RECORDS)
        first = i;
      if (span->offset > at && !put_raw (w, window + (at - base), span->offset - at, error))
        return FALSE;
      at = span->offset + TDBG_RECORD_OVERHEAD + span->length;
    }
  return at >= upto || put_raw (w, window + (at - base), upto - at, error);
}

/* Fills @buffer with up to @length bytes of @fd from @offset; fewer only at its end. */
static gssize
read_at (int fd, guint8 *buffer, gsize length, guint64 offset)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = pread (fd, buffer + done, length - done, offset + done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return -1;
      if (n == 0)
        break;
      done += n;
    }
  return done;
}

/* The bytes of one file, from entry->from up to the size listed, a window at a time; a file
 * that cannot be read says so instead of ending. */
static gboolean
send_file (Writer *w, int dir_fd, const Entry *entry, GError **error)
{
  int fd = openat (dir_fd, entry->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));
  gsize capacity = 8 << 20;
  g_autofree guint8 *window = NULL;
  guint64 at = entry->from, end = entry->size;
  guint32 last = fd < 0 ? TDBG_SERVE_UNREADABLE : 0;
  gboolean ok = TRUE;

  w->last_wall_time = 0;

  while (ok && fd >= 0 && at < end)
    {
      gsize want = MIN (capacity, end - at);
      gssize have;
      TdbgScanResult result;

      window = g_realloc (window, want);
      if ((have = read_at (fd, window, want, at)) < 0)
        {
          last = TDBG_SERVE_UNREADABLE;
          break;
        }
      /* A file shorter than listed ends where it ends. */
      if ((gsize) have < want)
        end = at + have;
      g_array_set_size (spans, 0);
      tdbg_record_scan (window, have, at, entry->name, NULL, collect_record, spans, &result);
      /* A record cut by the window's end is read again with the next window, a larger one
       * when nothing came before it; at the file's end it is sent as it is. */
      if (result.resume_offset == at && at + have < end)
        {
          capacity *= 2;
          continue;
        }
      ok = put_window (w, window, at, spans, at + have == end ? end : result.resume_offset, error);
      at = at + have == end ? end : result.resume_offset;
    }
  if (fd >= 0)
    close (fd);
  return ok && put_u32 (w, last, error);
}

static gboolean
serve (Writer *w, const char *path, GVariant *from_offsets, GError **error)
{
  g_autoptr(GError) list_error = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GVariant) listing = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  /* A tfdbg V1 dump root is sent as the logdir made of it (data/v1/), with the dump's own
   * problems. */
  g_autofree char *v1_folder = tdbg_v1_dump_is_root (path) ? tdbg_v1_make_folder (path, &problems, &list_error) : NULL;
  int dir_fd = list_error ? -1 : open (v1_folder ? v1_folder : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  gboolean ok = TRUE;

  if (dir_fd < 0 && list_error == NULL)
    set_errno_error (&list_error, path, errno);
  else if (dir_fd >= 0)
    entries = list_folder (dir_fd, from_offsets, &list_error);
  listing = make_listing (list_error ? list_error->message : "", entries, v1_folder != NULL, problems);
  ok = put_message (w, listing, error);
  for (guint i = 0; ok && entries && i < entries->len; i++)
    if (g_array_index (entries, Entry, i).sent)
      ok = send_file (w, dir_fd, &g_array_index (entries, Entry, i), error);
  if (dir_fd >= 0)
    close (dir_fd);
  if (v1_folder)
    tdbg_v1_remove_folder (v1_folder);
  return ok && put (w, NULL, 0, ZSTD_e_end, error);
}

gboolean
tdbg_serve_check_version (GVariant *request, GError **error)
{
  const char *version;

  g_variant_get_child (request, 0, "&s", &version);
  if (!g_str_equal (version, TDBG_VERSION))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("the client is version %s, this program %s"), version,
                   TDBG_VERSION);
      return FALSE;
    }
  return TRUE;
}

gboolean
tdbg_serve_answer (int out_fd, const char *path, GVariant *from_offsets, GError **error)
{
  Writer w = { out_fd };
  gboolean ok;

  w.cctx = ZSTD_createCCtx ();
  ZSTD_CCtx_setParameter (w.cctx, ZSTD_c_compressionLevel, LEVEL);
  w.out_size = ZSTD_CStreamOutSize ();
  w.out = g_malloc (w.out_size);
  w.stage = g_malloc (STAGE_SIZE);
  ok = serve (&w, path, from_offsets, error);
  ZSTD_freeCCtx (w.cctx);
  g_free (w.out);
  g_free (w.stage);
  return ok;
}

gboolean
tdbg_serve_logdir (int in_fd, int out_fd, GError **error)
{
  g_autofree char *header = tdbg_serve_header ();
  g_autoptr(GVariant) request = NULL;
  g_autoptr(GVariant) from_offsets = NULL;
  const char *path;

  if (!write_all (out_fd, header, strlen (header), error) || (request = tdbg_serve_read_request (in_fd, error)) == NULL)
    return FALSE;
  /* The client checks the header; this side checks too, and serves only its own version. */
  if (!tdbg_serve_check_version (request, error))
    return FALSE;
  g_variant_get (request, "(&s&s@a{st})", NULL, &path, &from_offsets);
  return tdbg_serve_answer (out_fd, path, from_offsets, error);
}
