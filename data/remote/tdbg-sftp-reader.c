/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-sftp-reader.h"

#include <string.h>
#include <glib/gi18n.h>
#include <libssh/sftp.h>

#include "libtdbg-data.h"

/* Reads are pipelined: this many requests of this size in flight. OpenSSH answers reads of up
 * to 255 KiB; a server may answer fewer bytes than asked, and the rest is asked again. */
#define CHUNK_SIZE (64 * 1024)
#define IN_FLIGHT 32
/* Any reply but DATA is small; a larger one means the stream is out of step. */
#define MAX_SMALL_REPLY (64 * 1024)
/* ssh_channel_read returns nothing (SSH_AGAIN from libssh 0.11 on) when the session's timeout
 * passes without data. */
#define MAX_IDLE_TIMEOUTS 4

struct _TdbgSftpReader {
  ssh_session session;
  ssh_channel channel;
  char *host;
  guint32 next_id;
  guint64 round_trips;
  gboolean broken;   /* a reply went missing or made no sense: the stream is out of step */
};

typedef struct {
  guint32 id;
  guint64 offset;   /* in the file */
  guint32 length;
} Request;

/* A reply's first bytes: length (of what follows it), type and request id. */
typedef struct {
  guint32 length;
  guint8 type;
  guint32 id;
} ReplyHead;

static void
put_u32 (GByteArray *packet, guint32 value)
{
  guint32 be = GUINT32_TO_BE (value);
  g_byte_array_append (packet, (const guint8 *) &be, 4);
}

static void
put_u64 (GByteArray *packet, guint64 value)
{
  guint64 be = GUINT64_TO_BE (value);
  g_byte_array_append (packet, (const guint8 *) &be, 8);
}

static void
put_string (GByteArray *packet, const void *data, guint32 length)
{
  put_u32 (packet, length);
  g_byte_array_append (packet, data, length);
}

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

static guint64
get_u64 (const guint8 *p)
{
  return (guint64) get_u32 (p) << 32 | get_u32 (p + 4);
}

/* The two failures after which the channel is out of step and cannot be used again. */
static gboolean
set_connection_error (TdbgSftpReader *self, GError **error)
{
  self->broken = TRUE;
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The connection to %s is closed"), self->host);
  return FALSE;
}

static gboolean
set_protocol_error (TdbgSftpReader *self, GError **error)
{
  self->broken = TRUE;
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s on %s: %s"), _("reading"), self->host,
               _("the SFTP server answered out of order"));
  return FALSE;
}

/* Starts a packet of @type: its length is filled in by send_packet. */
static GByteArray *
begin_packet (guint8 type)
{
  GByteArray *packet = g_byte_array_sized_new (64);
  put_u32 (packet, 0);
  g_byte_array_append (packet, &type, 1);
  return packet;
}

static gboolean
send_packet (TdbgSftpReader *self, GByteArray *packet, GError **error)
{
  guint32 length = GUINT32_TO_BE (packet->len - 4);
  memcpy (packet->data, &length, 4);
  for (guint done = 0; done < packet->len;)
    {
      int n = ssh_channel_write (self->channel, packet->data + done, packet->len - done);
      if (n <= 0)
        return set_connection_error (self, error);
      done += n;
    }
  return TRUE;
}

/* Fills @buffer with exactly @length bytes from the channel. */
static gboolean
receive_exactly (TdbgSftpReader *self, void *buffer, gsize length, GError **error)
{
  guint idle = 0;
  for (gsize done = 0; done < length;)
    {
      int n = ssh_channel_read (self->channel, (guint8 *) buffer + done, MIN (length - done, G_MAXINT32), 0);
      if (n == SSH_AGAIN)
        n = 0;
      if (n < 0 || (n == 0 && (ssh_channel_is_eof (self->channel) || ++idle > MAX_IDLE_TIMEOUTS)))
        return set_connection_error (self, error);
      if (n > 0)
        idle = 0;
      done += n;
    }
  return TRUE;
}

static gboolean
receive_head (TdbgSftpReader *self, ReplyHead *head, GError **error)
{
  guint8 bytes[9];
  if (!receive_exactly (self, bytes, sizeof bytes, error))
    return FALSE;
  head->length = get_u32 (bytes);
  head->type = bytes[4];
  head->id = get_u32 (bytes + 5);
  /* VERSION has no id: its 4 bytes are the version. */
  if (head->length < 5)
    return set_protocol_error (self, error);
  return TRUE;
}

/* The rest of a reply whose head was read: at most MAX_SMALL_REPLY bytes. */
static guint8 *
receive_body (TdbgSftpReader *self, const ReplyHead *head, gsize *length, GError **error)
{
  g_autofree guint8 *body = NULL;
  *length = head->length - 5;
  if (*length > MAX_SMALL_REPLY)
    {
      set_protocol_error (self, error);
      return NULL;
    }
  body = g_malloc (MAX (*length, 1));
  if (!receive_exactly (self, body, *length, error))
    return NULL;
  return g_steal_pointer (&body);
}

/* STATUS: code, message, language. */
static guint32
status_code (const guint8 *body, gsize length)
{
  return length >= 4 ? get_u32 (body) : SSH_FX_FAILURE;
}

static gboolean
set_status_error (TdbgSftpReader *self, const char *path, const guint8 *body, gsize length, GError **error)
{
  guint32 code = status_code (body, length);
  guint32 text_length = length >= 8 ? get_u32 (body + 4) : 0;
  g_autofree char *text = length >= 8 && text_length <= length - 8 ? g_utf8_make_valid ((const char *) body + 8, text_length)
                                                    : g_strdup ("?");
  g_set_error (error, TDBG_ERROR, code == SSH_FX_NO_SUCH_FILE ? TDBG_ERROR_NOT_FOUND : TDBG_ERROR_IO,
               _("%s on %s: %s"), path, self->host,
               code == SSH_FX_NO_SUCH_FILE ? _("no such file")
               : code == SSH_FX_PERMISSION_DENIED ? _("permission denied")
               : text);
  return FALSE;
}

/* Sends @packet (given with its id; freed here) and waits for its reply, of type @expected or STATUS. */
static guint8 *
call (TdbgSftpReader *self, GByteArray *packet, guint32 id, guint8 expected, const char *path,
      gsize *length, GError **error)
{
  g_autofree guint8 *body = NULL;
  gboolean sent = send_packet (self, packet, error);
  ReplyHead head;

  g_byte_array_unref (packet);
  self->round_trips++;
  if (!sent || !receive_head (self, &head, error) ||
      (body = receive_body (self, &head, length, error)) == NULL)
    return NULL;
  if (head.id != id)
    {
      set_protocol_error (self, error);
      return NULL;
    }
  if (head.type == expected)
    return g_steal_pointer (&body);
  if (head.type == SSH_FXP_STATUS)
    set_status_error (self, path, body, *length, error);
  else
    set_protocol_error (self, error);
  return NULL;
}

TdbgSftpReader *
tdbg_sftp_reader_new (ssh_session session, const char *host, GError **error)
{
  g_autoptr(TdbgSftpReader) self = g_new0 (TdbgSftpReader, 1);
  g_autoptr(GByteArray) init = begin_packet (SSH_FXP_INIT);
  g_autofree guint8 *body = NULL;
  ReplyHead head;
  gsize length;

  self->session = session;
  self->host = g_strdup (host);
  self->channel = ssh_channel_new (session);
  if (self->channel == NULL || ssh_channel_open_session (self->channel) != SSH_OK ||
      ssh_channel_request_subsystem (self->channel, "sftp") != SSH_OK)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The server offers no SFTP"));
      return NULL;
    }
  put_u32 (init, 3);
  self->round_trips++;
  if (!send_packet (self, init, error) || !receive_head (self, &head, error) ||
      (body = receive_body (self, &head, &length, error)) == NULL)
    return NULL;
  /* VERSION's "id" is the version; extensions follow and are not used. */
  if (head.type != SSH_FXP_VERSION || head.id < 3)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The server offers no SFTP"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

void
tdbg_sftp_reader_free (TdbgSftpReader *self)
{
  if (self->channel)
    {
      if (ssh_channel_is_open (self->channel))
        ssh_channel_close (self->channel);
      ssh_channel_free (self->channel);
    }
  g_free (self->host);
  g_free (self);
}

static GByteArray *
begin_request (TdbgSftpReader *self, guint8 type, guint32 *id)
{
  GByteArray *packet = begin_packet (type);
  *id = self->next_id++;
  put_u32 (packet, *id);
  return packet;
}

/* OPEN for reading; returns the handle. */
static GBytes *
open_file (TdbgSftpReader *self, const char *path, GError **error)
{
  guint32 id;
  GByteArray *packet = begin_request (self, SSH_FXP_OPEN, &id);
  g_autofree guint8 *body = NULL;
  gsize length;
  guint32 handle_length;

  put_string (packet, path, strlen (path));
  put_u32 (packet, SSH_FXF_READ);
  put_u32 (packet, 0); /* no attributes */
  body = call (self, packet, id, SSH_FXP_HANDLE, path, &length, error);
  if (body == NULL)
    return NULL;
  handle_length = length >= 4 ? get_u32 (body) : G_MAXUINT32;
  if (handle_length > length - 4)
    {
      set_protocol_error (self, error);
      return NULL;
    }
  return g_bytes_new (body + 4, handle_length);
}

static GByteArray *
begin_handle_request (TdbgSftpReader *self, guint8 type, GBytes *handle, guint32 *id)
{
  GByteArray *packet = begin_request (self, type, id);
  gsize handle_length;
  const void *handle_data = g_bytes_get_data (handle, &handle_length);
  put_string (packet, handle_data, handle_length);
  return packet;
}

/* FSTAT: the size of a regular file. */
static gboolean
stat_regular_file (TdbgSftpReader *self, const char *path, GBytes *handle, guint64 *size, GError **error)
{
  guint32 id;
  GByteArray *packet = begin_handle_request (self, SSH_FXP_FSTAT, handle, &id);
  gsize length = 0, at = 4;
  g_autofree guint8 *body = call (self, packet, id, SSH_FXP_ATTRS, path, &length, error);
  guint32 flags;

  if (body == NULL)
    return FALSE;
  flags = length >= 4 ? get_u32 (body) : 0;
  if (!(flags & SSH_FILEXFER_ATTR_SIZE) || length < at + 8)
    return set_protocol_error (self, error);
  *size = get_u64 (body + at);
  at += 8;
  if (flags & SSH_FILEXFER_ATTR_UIDGID)
    at += 8;
  if ((flags & SSH_FILEXFER_ATTR_PERMISSIONS) && length >= at + 4 && (get_u32 (body + at) & 0170000) != 0100000)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s on %s is not a regular file"), path, self->host);
      return FALSE;
    }
  return TRUE;
}

static void
close_file (TdbgSftpReader *self, GBytes *handle)
{
  guint32 id;
  GByteArray *packet = begin_handle_request (self, SSH_FXP_CLOSE, handle, &id);

  g_free (call (self, packet, id, SSH_FXP_STATUS, "", &(gsize) { 0 }, NULL));
}

static gboolean
send_read (TdbgSftpReader *self, GBytes *handle, guint64 offset, guint32 length, Request *request, GError **error)
{
  g_autoptr(GByteArray) packet = begin_handle_request (self, SSH_FXP_READ, handle, &request->id);

  put_u64 (packet, offset);
  put_u32 (packet, length);
  request->offset = offset;
  request->length = length;
  return send_packet (self, packet, error);
}

typedef struct {
  TdbgSftpReader *reader;
  GBytes *handle;
  const char *path;
  guint64 start;         /* file offset of buffer[0] */
  guint8 *buffer;
  gsize limit;           /* bytes wanted; lowered to where the file ends */
  gsize next;            /* first byte not yet asked for */
  Request in_flight[IN_FLIGHT + 1];
  guint n_in_flight;
  GError *status_error;  /* the first failure the server reported */
  guint n_asked;
} ReadState;

static gboolean
ask (ReadState *state, guint64 offset, guint32 length, GError **error)
{
  Request *request = &state->in_flight[state->n_in_flight];
  if (!send_read (state->reader, state->handle, offset, length, request, error))
    return FALSE;
  /* A window of requests in flight costs one round trip. */
  if (state->n_asked++ % IN_FLIGHT == 0)
    state->reader->round_trips++;
  state->n_in_flight++;
  return TRUE;
}

/* Takes the request a reply answers out of the list of those in flight. */
static gboolean
take_request (ReadState *state, guint32 id, Request *out)
{
  for (guint i = 0; i < state->n_in_flight; i++)
    if (state->in_flight[i].id == id)
      {
        *out = state->in_flight[i];
        state->in_flight[i] = state->in_flight[--state->n_in_flight];
        return TRUE;
      }
  return FALSE;
}

/* DATA: the bytes go where the request said; what a short answer left out is asked again. */
static gboolean
receive_data (ReadState *state, const ReplyHead *head, const Request *request, GError **error)
{
  guint8 size_bytes[4];
  guint32 size;

  if (!receive_exactly (state->reader, size_bytes, 4, error))
    return FALSE;
  size = get_u32 (size_bytes);
  if (size > request->length || head->length != 9 + size)
    return set_protocol_error (state->reader, error);
  if (!receive_exactly (state->reader, state->buffer + (request->offset - state->start), size, error))
    return FALSE;
  if (size == 0)
    state->limit = MIN (state->limit, request->offset - state->start);
  else if (size < request->length && state->status_error == NULL)
    return ask (state, request->offset + size, request->length - size, error);
  return TRUE;
}

static gboolean
receive_status (ReadState *state, const ReplyHead *head, const Request *request, GError **error)
{
  gsize length;
  g_autofree guint8 *body = receive_body (state->reader, head, &length, error);

  if (body == NULL)
    return FALSE;
  if (status_code (body, length) == SSH_FX_EOF)
    state->limit = MIN (state->limit, request->offset - state->start);
  else if (state->status_error == NULL)
    set_status_error (state->reader, state->path, body, length, &state->status_error);
  return TRUE;
}

/* One reply to a READ. FALSE when the channel can no longer be trusted. */
static gboolean
receive_read_reply (ReadState *state, GError **error)
{
  ReplyHead head;
  Request request;

  if (!receive_head (state->reader, &head, error))
    return FALSE;
  if (!take_request (state, head.id, &request))
    return set_protocol_error (state->reader, error);
  if (head.type == SSH_FXP_DATA)
    return receive_data (state, &head, &request, error);
  if (head.type == SSH_FXP_STATUS)
    return receive_status (state, &head, &request, error);
  return set_protocol_error (state->reader, error);
}

/* Keeps IN_FLIGHT requests outstanding and collects every reply, also after a failure or a
 * cancellation, so that the channel stays in step. */
static gboolean
pipelined_read (ReadState *state, GCancellable *cancellable, GError **error)
{
  for (;;)
    {
      while (state->n_in_flight < IN_FLIGHT && state->next < state->limit && state->status_error == NULL &&
             !g_cancellable_is_cancelled (cancellable))
        {
          guint32 chunk = MIN (CHUNK_SIZE, state->limit - state->next);
          if (!ask (state, state->start + state->next, chunk, error))
            return FALSE;
          state->next += chunk;
        }
      if (state->n_in_flight == 0)
        return TRUE;
      if (!receive_read_reply (state, error))
        return FALSE;
    }
}

GBytes *
tdbg_sftp_reader_read (TdbgSftpReader *self, const char *path, guint64 offset, gsize length,
                       GCancellable *cancellable, GError **error)
{
  g_autoptr(GBytes) handle = NULL;
  ReadState state = { self, NULL, path, offset };
  guint64 size = 0;
  gboolean ok;

  if (self->broken)
    {
      set_connection_error (self, error);
      return NULL;
    }
  handle = open_file (self, path, error);
  if (handle == NULL)
    return NULL;
  state.handle = handle;
  if (!stat_regular_file (self, path, handle, &size, error))
    {
      close_file (self, handle);
      return NULL;
    }
  /* Never allocate what the caller asked for beyond the end of the file. */
  state.limit = offset >= size ? 0 : MIN (length, size - offset);
  state.buffer = g_malloc (MAX (state.limit, 1));
  ok = pipelined_read (&state, cancellable, error);
  if (ok)
    close_file (self, handle);
  if (ok && state.status_error)
    {
      g_propagate_error (error, g_steal_pointer (&state.status_error));
      ok = FALSE;
    }
  g_clear_error (&state.status_error);
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;
  if (!ok)
    {
      g_free (state.buffer);
      return NULL;
    }
  return g_bytes_new_take (state.buffer, state.limit);
}

gboolean
tdbg_sftp_reader_is_broken (TdbgSftpReader *self)
{
  return self->broken;
}

guint64
tdbg_sftp_reader_get_round_trips (TdbgSftpReader *self)
{
  return self->round_trips;
}
