/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-ssh-exec.h"

#include <errno.h>
#include <string.h>
#include <zstd.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"
#include "tdbg-serve.h"
#include "tdbg-serve-private.h"
#include "tdbg-ssh-exec-private.h"

/* The header line is short; anything longer is not our program talking. */
#define MAX_HEADER 256
/* Decompressed a stage at a time. */
#define STAGE_SIZE (256 << 10)
/* How long one wait for the channel lasts, between looks at the cancellable. */
#define POLL_MS 200
/* Bytes of a file received between two reports of its progress. */
#define PROGRESS_STEP (64 << 10)

typedef struct {
  guint64 size;       /* as listed, or from + what was received */
  guint64 from;       /* file offset of bytes[0] */
  GBytes *bytes;      /* NULL: not sent, not yet received, or already read */
  gboolean sent;
  gboolean complete;  /* received (bytes set) or given up */
} File;

typedef struct {
  TdbgSshPrefetch *owner; /* weak: it owns the reader */
  guint64 reported;       /* of the file being received, what the owner was last told */
  ssh_channel channel;
  GInputStream *stream;  /* instead of the channel: a server's answer kept (tests, fuzzing) */
  ZSTD_DCtx *dctx;
  guint8 *in;
  gsize in_size;
  ZSTD_inBuffer input;
  size_t last;           /* ZSTD_decompressStream's last answer: 0 once the frame is whole */
  guint8 *stage;         /* decompressed, not yet pulled: [stage_pos, stage_length) */
  gsize stage_pos;
  gsize stage_length;
  guint timeout_ms;
  GCancellable *cancellable;
  GCancellable *stop;
  guint64 wire_bytes;
  GString *errors;       /* the start of what the command wrote on its standard error */
} Reader;

/* Built by tdbg_ssh_exec_start (the listing) and filled by tdbg_ssh_prefetch_receive on
 * another thread while the load reads what has arrived. */
struct _TdbgSshPrefetch {
  gatomicrefcount ref_count;
  GMutex lock;
  GCond cond;         /* a file completed, or receiving ended */
  GStrv names;        /* sorted */
  GHashTable *files;  /* name → File */
  GPtrArray *order;   /* the sent Files, in the order they follow */
  gboolean made;       /* the server made the folder (from a V1 dump): the files are kept */
  GPtrArray *problems; /* TdbgProblem*: what it found wrong in the format it made them from */
  Reader *reader;     /* until receiving ends */
  GMutex *session_lock;
  GThread *receiver;
  gboolean done;
  GCancellable *stop;
  guint64 file_bytes;
  guint64 receiving;  /* of the file being received */
  guint64 expected;   /* what the sent files add up to as listed, as received once they are */
};

static void
file_free (File *file)
{
  g_clear_pointer (&file->bytes, g_bytes_unref);
  g_free (file);
}

static void
reader_free (Reader *r)
{
  if (r->channel)
    {
      if (ssh_channel_is_open (r->channel))
        ssh_channel_close (r->channel);
      ssh_channel_free (r->channel);
    }
  g_clear_object (&r->stream);
  if (r->dctx)
    ZSTD_freeDCtx (r->dctx);
  g_free (r->in);
  g_free (r->stage);
  g_clear_object (&r->cancellable);
  g_clear_object (&r->stop);
  g_string_free (r->errors, TRUE);
  g_free (r);
}

TdbgSshPrefetch *
tdbg_ssh_prefetch_ref (TdbgSshPrefetch *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
tdbg_ssh_prefetch_unref (TdbgSshPrefetch *self)
{
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_strfreev (self->names);
  g_hash_table_unref (self->files);
  g_clear_pointer (&self->order, g_ptr_array_unref);
  g_ptr_array_unref (self->problems);
  g_clear_pointer (&self->reader, reader_free);
  /* Joined by tdbg_ssh_prefetch_finish, or never waited for. */
  g_clear_pointer (&self->receiver, g_thread_unref);
  g_object_unref (self->stop);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self);
}

static gboolean
set_stream_error (GError **error, const char *why)
{
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The server’s tfdbg-gtk cannot be used: %s"), why);
  return FALSE;
}

/* Reads what the command wrote on standard error: libssh reports no end of the channel while
 * some is left unread. The start is kept to say why the command failed. */
static void
drain_errors (Reader *r)
{
  char buffer[1024];
  int n;

  while ((n = ssh_channel_read_nonblocking (r->channel, buffer, sizeof buffer, 1)) > 0)
    if (r->errors->len < 200)
      g_string_append_len (r->errors, buffer, MIN ((gsize) n, 200 - r->errors->len));
}

static gboolean
set_ended_error (Reader *r, GError **error)
{
  g_autofree char *errors = g_utf8_make_valid (g_strstrip (r->errors->str), -1);

  return set_stream_error (error, *errors ? errors : _("its answer ended early"));
}

/* Appends what the stream has next after the @kept bytes; FALSE at its end or on a failure. */
static gboolean
fill_from_stream (Reader *r, gsize kept, GError **error)
{
  gssize n = g_input_stream_read (r->stream, r->in + kept, r->in_size - kept, r->cancellable, error);

  if (n < 0)
    return FALSE;
  if (n == 0)
    return set_ended_error (r, error);
  r->input.size += n;
  r->wire_bytes += n;
  return TRUE;
}

/* Appends what the channel has next after the unread input; FALSE at its end, on a failure,
 * after the timeout without data, or when cancelled. */
static gboolean
fill (Reader *r, GError **error)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) r->timeout_ms * 1000;
  gsize kept = r->input.size - r->input.pos;

  memmove (r->in, r->in + r->input.pos, kept);
  r->input = (ZSTD_inBuffer) { r->in, kept, 0 };
  for (;;)
    {
      int n;

      if (g_cancellable_set_error_if_cancelled (r->cancellable, error) ||
          g_cancellable_set_error_if_cancelled (r->stop, error))
        return FALSE;
      if (r->stream)
        return fill_from_stream (r, kept, error);
      n = ssh_channel_read_timeout (r->channel, r->in + kept, r->in_size - kept, 0, POLL_MS);
      if (n > 0)
        {
          r->input.size += n;
          r->wire_bytes += n;
          return TRUE;
        }
      /* A timeout without data is 0 up to libssh 0.10 and SSH_AGAIN from 0.11 on. */
      if (n < 0 && n != SSH_AGAIN)
        return set_stream_error (error, _("the connection failed"));
      drain_errors (r);
      if (ssh_channel_is_eof (r->channel) || !ssh_channel_is_open (r->channel))
        return set_ended_error (r, error);
      if (g_get_monotonic_time () >= deadline)
        return set_stream_error (error, _("it did not answer in time"));
    }
}

/* Decompresses the next bytes into the stage (many records at a time, not one call each);
 * none once the frame has ended. */
static gboolean
refill (Reader *r, GError **error)
{
  ZSTD_outBuffer out = { r->stage, STAGE_SIZE, 0 };

  while (out.pos == 0 && r->last != 0)
    {
      r->last = ZSTD_decompressStream (r->dctx, &out, &r->input);
      if (ZSTD_isError (r->last))
        return set_stream_error (error, ZSTD_getErrorName (r->last));
      /* The decoder may hold output back without needing input: asked again first. */
      if (out.pos == 0 && r->last != 0 && r->input.pos == r->input.size && !fill (r, error))
        return FALSE;
    }
  r->stage_pos = 0;
  r->stage_length = out.pos;
  return TRUE;
}

/* The next @length bytes of the stream into @buffer. */
static gboolean
pull (Reader *r, void *buffer, gsize length, GError **error)
{
  guint8 *to = buffer;

  while (length > 0)
    {
      gsize n;
      if (r->stage_pos == r->stage_length && !refill (r, error))
        return FALSE;
      if (r->stage_length == 0)
        return set_stream_error (error, _("its answer ended early"));
      n = MIN (length, r->stage_length - r->stage_pos);
      memcpy (to, r->stage + r->stage_pos, n);
      r->stage_pos += n;
      to += n;
      length -= n;
    }
  return TRUE;
}

static gboolean
pull_u32 (Reader *r, guint32 *value, GError **error)
{
  guint32 be;

  if (!pull (r, &be, 4, error))
    return FALSE;
  *value = GUINT32_FROM_BE (be);
  return TRUE;
}

/* After the last file: the frame ends there, with nothing after it. */
static gboolean
check_end (Reader *r, GError **error)
{
  while (r->stage_pos == r->stage_length && r->last != 0)
    if (!refill (r, error))
      return FALSE;
  if (r->stage_pos != r->stage_length || r->input.pos != r->input.size)
    return set_stream_error (error, _("its answer is longer than announced"));
  return TRUE;
}

/* The server's first line: our program, our protocol, our version. */
static gboolean
check_header (Reader *r, GError **error)
{
  g_autofree char *expected = tdbg_serve_header ();
  const guint8 *newline = NULL;

  while ((newline = memchr (r->in, '\n', r->input.size)) == NULL)
    if (r->input.size >= MAX_HEADER || !fill (r, error))
      {
        if (error && *error == NULL)
          set_stream_error (error, _("it does not serve logdirs"));
        return FALSE;
      }
  r->input.pos = newline + 1 - r->in;
  if (r->input.pos != strlen (expected) || memcmp (r->in, expected, r->input.pos) != 0)
    {
      g_autofree char *seen = g_utf8_make_valid ((const char *) r->in, newline - r->in);
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The server’s tfdbg-gtk is another version (“%s”, not “%.*s”)"),
                   seen, (int) strlen (expected) - 1, expected);
      return FALSE;
    }
  return TRUE;
}

static gboolean
send_request (ssh_channel channel, const char *path, GHashTable *from, GError **error)
{
  g_autoptr(GVariant) request = tdbg_serve_request_new (path, from);
  guint32 be;
  gsize length;

  length = g_variant_get_size (request);
  be = GUINT32_TO_BE (length);
  if (ssh_channel_write (channel, &be, 4) != 4 ||
      ssh_channel_write (channel, g_variant_get_data (request), length) != (int) length)
    return set_stream_error (error, _("the connection failed"));
  ssh_channel_send_eof (channel);
  return TRUE;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static gboolean
is_plain_name (const char *name)
{
  return *name && strchr (name, '/') == NULL && !g_str_equal (name, ".") && !g_str_equal (name, "..");
}

typedef struct {
  guint8 *data;
  guint64 length;     /* received */
  guint64 capacity;
  guint64 limit;      /* the size listed, less the first byte sent */
  guint64 last_wall_time;  /* tdbg_serve_wall_time_decode() */
} FileBuffer;

/* Room for @more bytes; the buffer grows up to the size listed, never past it. */
static gboolean
reserve (FileBuffer *b, guint64 more, GError **error)
{
  guint8 *grown;

  if (more > b->limit - b->length)
    return set_stream_error (error, _("a file is longer than listed"));
  if (b->length + more <= b->capacity)
    return TRUE;
  b->capacity = MIN (b->limit, MAX (b->length + more, b->capacity * 2));
  if ((grown = g_try_realloc (b->data, b->capacity)) == NULL)
    return set_stream_error (error, g_strerror (ENOMEM));
  b->data = grown;
  return TRUE;
}

static void
put_crc (guint8 *at, const guint8 *data, gsize length)
{
  guint32 le = GUINT32_TO_LE (tdbg_crc32c_mask (tdbg_crc32c (data, length)));
  memcpy (at, &le, 4);
}

/* Tells the readers how much of the file being received has come, every PROGRESS_STEP bytes:
 * over a slow link a file takes long, and the progress bar should move meanwhile. */
static void
report (Reader *r, FileBuffer *b)
{
  if (b->length - r->reported < PROGRESS_STEP)
    return;
  g_mutex_lock (&r->owner->lock);
  r->owner->receiving = b->length;
  g_mutex_unlock (&r->owner->lock);
  r->reported = b->length;
}

/* A chunk of @length bytes, a step at a time for the progress. */
static gboolean
receive_chunk (Reader *r, FileBuffer *b, guint32 length, GError **error)
{
  if (!reserve (b, length, error))
    return FALSE;
  while (length > 0)
    {
      guint32 n = MIN (length, PROGRESS_STEP);
      if (!pull (r, b->data + b->length, n, error))
        return FALSE;
      b->length += n;
      length -= n;
      report (r, b);
    }
  return TRUE;
}

/* @n records sent without their checksums, framed again as they are in the file. The buffer
 * grows with the bytes as they arrive, never by what a length claims. */
static gboolean
receive_records (Reader *r, FileBuffer *b, guint32 n, GError **error)
{
  for (guint32 i = 0; i < n; i++)
    {
      guint64 start = b->length, length;

      if (!reserve (b, TDBG_RECORD_HEADER_SIZE, error) || !pull (r, b->data + start, 8, error))
        return FALSE;
      memcpy (&length, b->data + start, 8);
      length = GUINT64_FROM_LE (length);
      if (length > b->limit - start - TDBG_RECORD_HEADER_SIZE ||
          TDBG_RECORD_OVERHEAD - TDBG_RECORD_HEADER_SIZE > b->limit - start - TDBG_RECORD_HEADER_SIZE - length)
        return set_stream_error (error, _("a file is longer than listed"));
      put_crc (b->data + start + 8, b->data + start, 8);
      b->length += TDBG_RECORD_HEADER_SIZE;
      for (guint64 left = length; left > 0;)
        {
          gsize piece = MIN (left, TDBG_SERVE_MAX_CHUNK);
          if (!reserve (b, piece, error) || !pull (r, b->data + b->length, piece, error))
            return FALSE;
          /* The first piece holds the wall time (nine bytes at least, when there is one). */
          if (left == length && tdbg_serve_has_wall_time (b->data + b->length, length))
            tdbg_serve_wall_time_decode (&b->last_wall_time, b->data + b->length + 1);
          b->length += piece;
          left -= piece;
          report (r, b);
        }
      if (!reserve (b, TDBG_RECORD_OVERHEAD - TDBG_RECORD_HEADER_SIZE, error))
        return FALSE;
      put_crc (b->data + b->length, b->data + start + TDBG_RECORD_HEADER_SIZE, length);
      b->length += TDBG_RECORD_OVERHEAD - TDBG_RECORD_HEADER_SIZE;
    }
  return TRUE;
}

/* One sent file's blocks, into @b; @readable is FALSE when the server could not read it. */
static gboolean
receive_file (Reader *r, FileBuffer *b, gboolean *readable, GError **error)
{
  guint32 word;

  for (;;)
    {
      gboolean ok;

      if (!pull_u32 (r, &word, error))
        return FALSE;
      if (word == 0 || word == TDBG_SERVE_UNREADABLE)
        {
          /* Unreadable there: asked for over SFTP, which says why. */
          *readable = word == 0;
          return TRUE;
        }
      if (word & TDBG_SERVE_RECORDS)
        ok = (word & ~TDBG_SERVE_RECORDS) <= TDBG_SERVE_MAX_RECORDS ? receive_records (r, b, word & ~TDBG_SERVE_RECORDS, error)
                                                                    : set_stream_error (error, _("its answer is malformed"));
      else
        ok = word <= TDBG_SERVE_MAX_CHUNK && receive_chunk (r, b, word, error);
      if (!ok)
        {
          if (error && *error == NULL)
            set_stream_error (error, _("its answer is malformed"));
          return FALSE;
        }
    }
}

static TdbgSshPrefetch *
prefetch_new (void)
{
  TdbgSshPrefetch *self = g_new0 (TdbgSshPrefetch, 1);

  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) file_free);
  self->order = g_ptr_array_new ();
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  self->stop = g_cancellable_new ();
  return self;
}

/* The problems the server found in a folder it made from another format: each names one of
 * that format's files (a path in the dump, not a file listed). */
static void
take_problems (TdbgSshPrefetch *self, GVariantIter *iter)
{
  const char *file, *message;
  guint64 offset;

  while (g_variant_iter_next (iter, "(&st&s)", &file, &offset, &message))
    g_ptr_array_add (self->problems, tdbg_problem_new (file, offset, message));
}

/* The listing: every regular file, the sent ones in the order they follow, and the problems. */
static gboolean
receive_listing (TdbgSshPrefetch *self, Reader *r, GError **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GVariant) listing = NULL;
  g_autoptr(GVariantIter) iter = NULL, problems = NULL;
  gboolean made;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree guint8 *data = NULL;
  const char *message, *name;
  guint64 size, from;
  gboolean sent;
  guint32 length;

  if (!pull_u32 (r, &length, error))
    return FALSE;
  if (length > TDBG_SERVE_MAX_MESSAGE)
    return set_stream_error (error, _("its listing is too large"));
  data = g_malloc (MAX (length, 1));
  if (!pull (r, data, length, error))
    return FALSE;
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  listing = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (TDBG_SERVE_LISTING_TYPE), bytes, FALSE));
  if (!g_variant_is_normal_form (listing))
    return set_stream_error (error, _("its listing is malformed"));
  g_variant_get (listing, "(&sa(sttb)ba(sts))", &message, &iter, &made, &problems);
  if (*message)
    return set_stream_error (error, message);
  while (g_variant_iter_next (iter, "(&sttb)", &name, &size, &from, &sent))
    {
      File *file = g_new0 (File, 1);

      file->size = size;
      file->from = sent ? from : size;
      file->sent = sent;
      file->complete = !sent;
      if (!is_plain_name (name) || file->from > size || g_hash_table_contains (self->files, name))
        {
          file_free (file);
          return set_stream_error (error, _("its listing is malformed"));
        }
      g_hash_table_insert (self->files, g_strdup (name), file);
      g_ptr_array_add (names, g_strdup (name));
      if (sent)
        {
          g_ptr_array_add (self->order, file);
          self->expected += size - file->from;
        }
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  self->names = (GStrv) g_ptr_array_steal (names, NULL);
  self->made = made;
  take_problems (self, problems);
  return TRUE;
}

static gpointer receive_in_thread (gpointer data);

/* The reader of @self's answer, ready to decompress once it has a channel or a stream. */
static Reader *
reader_new (TdbgSshPrefetch *self, GCancellable *cancellable, guint timeout_seconds)
{
  Reader *r = g_new0 (Reader, 1);

  self->reader = r;
  r->owner = self;
  r->errors = g_string_new (NULL);
  r->dctx = ZSTD_createDCtx ();
  r->in_size = MAX (ZSTD_DStreamInSize (), 256 << 10);
  r->in = g_malloc (r->in_size);
  r->stage = g_malloc (STAGE_SIZE);
  r->last = 1;
  r->timeout_ms = (timeout_seconds ? timeout_seconds : 15) * 1000;
  r->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  r->stop = g_object_ref (self->stop);
  return r;
}

TdbgSshPrefetch *
tdbg_ssh_exec_start (ssh_session session, GMutex *session_lock, const char *program, const char *path,
                     GHashTable *from, guint timeout_seconds, GCancellable *cancellable, guint64 *round_trips,
                     GError **error)
{
  g_autofree char *quoted = g_shell_quote (program);
  g_autofree char *command = g_strconcat (quoted, " " TDBG_SERVE_COMMAND, NULL);
  g_autoptr(TdbgSshPrefetch) self = prefetch_new ();
  Reader *r = reader_new (self, cancellable, timeout_seconds);

  r->channel = ssh_channel_new (session);
  /* The channel's open, the exec request and the first answer. */
  *round_trips += 3;
  if (r->channel == NULL || ssh_channel_open_session (r->channel) != SSH_OK ||
      ssh_channel_request_exec (r->channel, command) != SSH_OK)
    {
      set_stream_error (error, _("the server does not run commands"));
      return NULL;
    }
  if (!send_request (r->channel, path, from, error) || !check_header (r, error) || !receive_listing (self, r, error))
    return NULL;
  /* It waits for the caller to let the session go. */
  self->session_lock = session_lock;
  self->receiver = g_thread_new ("tdbg-ssh-receive", receive_in_thread, tdbg_ssh_prefetch_ref (self));
  return g_steal_pointer (&self);
}

/* Publishes one file (or that it will not come) to the readers waiting for it. */
static void
complete (TdbgSshPrefetch *self, File *file, FileBuffer *b, gboolean received)
{
  g_mutex_lock (&self->lock);
  /* What it was listed at gives way to what came: the total ends where the bytes do. */
  self->expected -= file->size - file->from;
  self->expected += received ? b->length : 0;
  self->receiving = 0;
  if (received)
    {
      file->size = file->from + b->length;
      file->bytes = g_bytes_new_take (g_realloc (b->data, MAX (b->length, 1)), b->length);
      self->file_bytes += b->length;
    }
  else
    g_free (b->data);
  file->complete = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* The files, while readers take each as soon as it is whole. */
static gboolean
receive_files (TdbgSshPrefetch *self, GError **error)
{
  Reader *r = self->reader;
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < self->order->len; i++)
    {
      File *file = g_ptr_array_index (self->order, i);
      FileBuffer b = { NULL, 0, 0, file->size - file->from };
      gboolean readable = TRUE;

      r->reported = 0;
      ok = receive_file (r, &b, &readable, error);
      complete (self, file, &b, ok && readable);
    }
  ok = ok && check_end (r, error);
  g_mutex_lock (&self->lock);
  self->done = TRUE;
  g_clear_pointer (&self->reader, reader_free);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  return ok;
}

static gpointer
receive_in_thread (gpointer data)
{
  TdbgSshPrefetch *self = data;
  g_autoptr(GError) error = NULL;

  g_mutex_lock (self->session_lock);
  if (!receive_files (self, &error))
    g_debug ("%s: the rest over SFTP", error->message);
  g_mutex_unlock (self->session_lock);
  tdbg_ssh_prefetch_unref (self);
  return NULL;
}

void
tdbg_ssh_prefetch_finish (TdbgSshPrefetch *self)
{
  GThread *receiver;

  g_mutex_lock (&self->lock);
  receiver = g_steal_pointer (&self->receiver);
  g_mutex_unlock (&self->lock);
  if (receiver)
    g_thread_join (receiver);
}

void
tdbg_ssh_prefetch_stop (TdbgSshPrefetch *self)
{
  g_cancellable_cancel (self->stop);
}

GStrv
tdbg_ssh_prefetch_list_files (TdbgSshPrefetch *self)
{
  return g_strdupv (self->names);
}

gboolean
tdbg_ssh_prefetch_is_made (TdbgSshPrefetch *self)
{
  return self->made;
}

GPtrArray *
tdbg_ssh_prefetch_get_problems (TdbgSshPrefetch *self)
{
  return self->problems->len > 0 ? g_ptr_array_ref (self->problems) : NULL;
}

gboolean
tdbg_ssh_prefetch_get_size (TdbgSshPrefetch *self, const char *name, guint64 *size)
{
  File *file;

  g_mutex_lock (&self->lock);
  file = g_hash_table_lookup (self->files, name);
  if (file)
    *size = file->size;
  g_mutex_unlock (&self->lock);
  return file != NULL;
}

GBytes *
tdbg_ssh_prefetch_read (TdbgSshPrefetch *self, const char *name, guint64 offset, gsize length, gboolean wait)
{
  GBytes *answer = NULL;
  File *file;
  gsize n;

  g_mutex_lock (&self->lock);
  file = g_hash_table_lookup (self->files, name);
  while (wait && file && !file->complete && !self->done)
    g_cond_wait (&self->cond, &self->lock);
  if (file && file->bytes && offset >= file->from && offset <= file->size)
    {
      n = MIN (length, file->size - offset);
      answer = g_bytes_new_from_bytes (file->bytes, offset - file->from, n);
      /* The load reads each file once, to its end: the memory goes with the last reader. A
       * made folder's files are nowhere else to read again. */
      if (offset + n == file->size && !self->made)
        g_clear_pointer (&file->bytes, g_bytes_unref);
    }
  g_mutex_unlock (&self->lock);
  return answer;
}

gboolean
tdbg_ssh_prefetch_get_progress (TdbgSshPrefetch *self, guint64 *received, guint64 *expected)
{
  gboolean receiving;

  g_mutex_lock (&self->lock);
  *received = self->file_bytes + self->receiving;
  *expected = self->expected;
  receiving = !self->done;
  g_mutex_unlock (&self->lock);
  return receiving;
}

guint64
tdbg_ssh_prefetch_get_file_bytes (TdbgSshPrefetch *self)
{
  guint64 n;

  g_mutex_lock (&self->lock);
  n = self->file_bytes;
  g_mutex_unlock (&self->lock);
  return n;
}

TdbgSshPrefetch *
tdbg_ssh_prefetch_parse (GInputStream *stream, GError **files_error, GError **error)
{
  g_autoptr(TdbgSshPrefetch) self = prefetch_new ();
  Reader *r = reader_new (self, NULL, 0);

  r->stream = g_object_ref (stream);
  if (!check_header (r, error) || !receive_listing (self, r, error))
    return NULL;
  receive_files (self, files_error);
  return g_steal_pointer (&self);
}
