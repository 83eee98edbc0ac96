/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The records of a loaded logdir read again: a trace, an execution or an op's creation, from
 * the bytes the last refresh kept when the logdir keeps them, else from its source, one read
 * for a short record. */

#include <inttypes.h>
#include "tdbg-logdir-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-crc32c.h"
#include "tdbg-error.h"
#include "tdbg-records.h"

static void
set_changed (GError **error, const char *file_name, guint64 offset)
{
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
               _("%s: the record at offset %" PRIu64 " cannot be read again (the file changed?)"),
               file_name, offset);
}

/* What a record read asks for at first: the header and, for most records, the whole body, so
 * that a source afar answers it in one round trip rather than two. */
#define RECORD_READ_AHEAD 4096

static gsize
record_read_ahead (const TdbgFileState *file, guint64 offset)
{
  /* The record was scanned, so it ends at or before where the next refresh starts: asking
   * no further spares a local source remapping a file for bytes past its end. */
  guint64 scanned = file->resume_offset > offset ? file->resume_offset - offset : 0;
  return MAX (TDBG_RECORD_HEADER_SIZE, MIN (RECORD_READ_AHEAD, scanned));
}

/* The length of the record whose first bytes are @first (header, payload and checksum);
 * FALSE when they hold no header. */
static gboolean
record_length (GBytes *first, guint64 *length)
{
  gsize got;
  const guint8 *data = g_bytes_get_data (first, &got);
  guint64 payload;

  if (got < TDBG_RECORD_HEADER_SIZE)
    return FALSE;
  memcpy (&payload, data, 8);
  payload = GUINT64_FROM_LE (payload);
  if (payload > G_MAXSIZE - 4 - TDBG_RECORD_HEADER_SIZE)
    return FALSE;
  *length = TDBG_RECORD_HEADER_SIZE + payload + 4;
  return TRUE;
}

void
_tdbg_kept_bytes_free (gpointer data)
{
  TdbgKeptBytes *kept = data;

  g_bytes_unref (kept->bytes);
  g_free (kept);
}

void
tdbg_logdir_set_keep_read_bytes (TdbgLogdir *self, gboolean keep)
{
  g_return_if_fail (TDBG_IS_LOGDIR (self));
  self->keep_read_bytes = keep;
  if (!keep)
    tdbg_logdir_forget_kept_bytes (self);
}

void
tdbg_logdir_keep_read_bytes (TdbgLogdir *self, const char *file_name, guint64 offset, GBytes *bytes)
{
  TdbgKeptBytes *kept;

  if (!self->keep_read_bytes)
    return;
  kept = g_new (TdbgKeptBytes, 1);
  kept->offset = offset;
  kept->bytes = g_bytes_ref (bytes);
  /* A refresh reads each file once: one stretch a file. */
  g_mutex_lock (&self->kept_lock);
  g_hash_table_replace (self->kept, g_strdup (file_name), kept);
  g_mutex_unlock (&self->kept_lock);
}

void
tdbg_logdir_forget_kept_bytes (TdbgLogdir *self)
{
  g_mutex_lock (&self->kept_lock);
  g_hash_table_remove_all (self->kept);
  g_mutex_unlock (&self->kept_lock);
}

/* Bytes [@offset, @offset + @length) of @file, or fewer where it is shorter: the kept ones when
 * they hold them all, else the source's. */
static GBytes *
read_file_bytes (TdbgLogdir *self, const TdbgFileState *file, guint64 offset, gsize length, GError **error)
{
  const TdbgKeptBytes *kept;
  GBytes *found = NULL;

  g_mutex_lock (&self->kept_lock);
  kept = g_hash_table_lookup (self->kept, file->file_name);
  if (kept && offset >= kept->offset && length <= g_bytes_get_size (kept->bytes) &&
      offset - kept->offset <= g_bytes_get_size (kept->bytes) - length)
    found = g_bytes_new_from_bytes (kept->bytes, offset - kept->offset, length);
  g_mutex_unlock (&self->kept_lock);
  return found ? found : tdbg_source_read (self->source, file->file_name, offset, length, NULL, error);
}

/* The payload of the record at @offset of @file, its checksum verified. */
GBytes *
tdbg_logdir_read_record (TdbgLogdir *self, const TdbgFileState *file, guint64 offset, GError **error)
{
  g_autoptr(GBytes) first = read_file_bytes (self, file, offset, record_read_ahead (file, offset), error);
  g_autoptr(GBytes) record = NULL;
  guint64 length;
  gsize got;
  const guint8 *data;
  guint32 stored;

  if (first == NULL)
    return NULL;
  if (!record_length (first, &length))
    goto corrupt;
  if (g_bytes_get_size (first) >= length)
    record = g_bytes_new_from_bytes (first, 0, length);
  else
    record = read_file_bytes (self, file, offset, length, error);
  if (record == NULL)
    return NULL;
  data = g_bytes_get_data (record, &got);
  if (got != length)
    goto corrupt;
  length -= TDBG_RECORD_HEADER_SIZE + 4;
  data += TDBG_RECORD_HEADER_SIZE;
  memcpy (&stored, data + length, 4);
  if (tdbg_crc32c_mask (tdbg_crc32c (data, length)) != GUINT32_FROM_LE (stored))
    goto corrupt;
  return g_bytes_new_from_bytes (record, TDBG_RECORD_HEADER_SIZE, length);
corrupt:
  set_changed (error, file->file_name, offset);
  return NULL;
}

static Tensorflow__DebugEvent *
read_event (TdbgLogdir *self, const TdbgFileState *file, guint64 offset, GError **error)
{
  g_autoptr(GBytes) payload = tdbg_logdir_read_record (self, file, offset, error);
  Tensorflow__DebugEvent *event;
  gsize length;
  const guint8 *data;

  if (payload == NULL)
    return NULL;
  data = g_bytes_get_data (payload, &length);
  event = tensorflow__debug_event__unpack (NULL, length, data);
  if (event != NULL)
    return event;
  set_changed (error, file->file_name, offset);
  return NULL;
}

char *
tdbg_logdir_read_op_device (TdbgLogdir *self, const TdbgOp *op, GError **error)
{
  const TdbgFileSet *fs = op->file_set < self->file_sets->len ? g_ptr_array_index (self->file_sets, op->file_set) : NULL;
  Tensorflow__DebugEvent *event;
  char *device = NULL;

  if (op->record_offset == G_MAXUINT64 || fs == NULL || fs->files[TDBG_FILE_GRAPHS].file_name == NULL)
    return NULL;
  event = read_event (self, &fs->files[TDBG_FILE_GRAPHS], op->record_offset, error);
  if (event == NULL)
    return NULL;
  if (event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION)
    device = g_strdup (event->graph_op_creation->device_name ? event->graph_op_creation->device_name : "");
  else
    set_changed (error, fs->files[TDBG_FILE_GRAPHS].file_name, op->record_offset);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return device;
}

Tensorflow__DebugEvent *
tdbg_logdir_read_trace (TdbgLogdir *self, guint index, GError **error)
{
  const TdbgTraceDigest *d;
  const TdbgFileSet *fs;

  if (index >= self->traces.len)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("There is no graph execution trace %u (the logdir has %zu)"),
                   index, self->traces.len);
      return NULL;
    }
  d = &tdbg_vec_index (&self->traces, TdbgTraceDigest, index);
  fs = g_ptr_array_index (self->file_sets, tdbg_trace_digest_get_file_set (d));
  return read_event (self, &fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES], tdbg_trace_digest_get_offset (d), error);
}

Tensorflow__DebugEvent *
tdbg_logdir_read_execution (TdbgLogdir *self, guint index, GError **error)
{
  const TdbgExecutionDigest *d;
  const TdbgFileSet *fs;

  if (index >= self->executions.len)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("There is no execution %u (the logdir has %zu)"),
                   index, self->executions.len);
      return NULL;
    }
  d = &tdbg_vec_index (&self->executions, TdbgExecutionDigest, index);
  fs = g_ptr_array_index (self->file_sets, d->file_set);
  return read_event (self, &fs->files[TDBG_FILE_EXECUTION], d->offset, error);
}

