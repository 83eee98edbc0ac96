/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-compare-private.h"

#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

#define WINDOW_BYTES (1u << 20)

typedef struct {
  guint64 start;
  GBytes *bytes;   /* NULL until the first read */
} Window;

struct _TdbgRecordReader {
  TdbgLogdir *logdir;
  TdbgFileKind kind;
  GArray *windows; /* Window, one per file set */
};

TdbgRecordReader *
_tdbg_record_reader_new (TdbgLogdir *logdir, TdbgFileKind kind)
{
  TdbgRecordReader *r = g_new0 (TdbgRecordReader, 1);
  r->logdir = g_object_ref (logdir);
  r->kind = kind;
  r->windows = g_array_new (FALSE, TRUE, sizeof (Window));
  return r;
}

void
_tdbg_record_reader_free (TdbgRecordReader *r)
{
  for (guint i = 0; i < r->windows->len; i++)
    g_clear_pointer (&g_array_index (r->windows, Window, i).bytes, g_bytes_unref);
  g_array_unref (r->windows);
  g_object_unref (r->logdir);
  g_free (r);
}

static gboolean
set_unreadable (GError **error, const char *file_name, guint64 offset)
{
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT,
               _("%s: the record at offset %" PRIu64 " cannot be read again (the file changed?)"),
               file_name ? file_name : "?", offset);
  return FALSE;
}

/* Makes @w hold [offset, offset + length), reading at least a window. */
static gboolean
fill (TdbgRecordReader *r, Window *w, const char *file_name, guint64 offset, guint64 length, guint64 file_size,
      GError **error)
{
  guint64 want = MAX (length, WINDOW_BYTES);
  gsize got;

  if (offset + length > file_size)
    return set_unreadable (error, file_name, offset);
  want = MIN (want, file_size - offset);
  g_clear_pointer (&w->bytes, g_bytes_unref);
  w->bytes = tdbg_source_read (tdbg_logdir_get_source (r->logdir), file_name, offset, want, NULL, error);
  if (w->bytes == NULL)
    return FALSE;
  w->start = offset;
  g_bytes_get_data (w->bytes, &got);
  return got >= length || set_unreadable (error, file_name, offset);
}

/* Points @data at bytes [offset, offset + length) of the file, read through the window. */
static gboolean
get (TdbgRecordReader *r, Window *w, const char *file_name, guint64 offset, guint64 length, guint64 file_size,
     const guint8 **data, GError **error)
{
  gsize have = 0;
  const guint8 *bytes = w->bytes ? g_bytes_get_data (w->bytes, &have) : NULL;

  if (bytes == NULL || offset < w->start || offset + length > w->start + have)
    {
      if (!fill (r, w, file_name, offset, length, file_size, error))
        return FALSE;
      bytes = g_bytes_get_data (w->bytes, &have);
    }
  *data = bytes + (offset - w->start);
  return TRUE;
}

const guint8 *
_tdbg_record_reader_get (TdbgRecordReader *r, guint file_set, guint64 offset, gsize *payload_length, GError **error)
{
  const TdbgFileSet *fs = tdbg_logdir_get_file_set (r->logdir, file_set);
  const char *file_name = fs ? fs->files[r->kind].file_name : NULL;
  guint64 file_size = fs ? fs->files[r->kind].size_bytes : 0;
  const guint8 *data;
  guint64 length;
  guint32 stored;
  Window *w;

  if (file_name == NULL)
    {
      set_unreadable (error, file_name, offset);
      return NULL;
    }
  if (file_set >= r->windows->len)
    g_array_set_size (r->windows, file_set + 1);
  w = &g_array_index (r->windows, Window, file_set);
  if (!get (r, w, file_name, offset, TDBG_RECORD_HEADER_SIZE, file_size, &data, error))
    return NULL;
  memcpy (&length, data, 8);
  length = GUINT64_FROM_LE (length);
  if (length > file_size)
    {
      set_unreadable (error, file_name, offset);
      return NULL;
    }
  if (!get (r, w, file_name, offset, length + TDBG_RECORD_OVERHEAD, file_size, &data, error))
    return NULL;
  data += TDBG_RECORD_HEADER_SIZE;
  memcpy (&stored, data + length, 4);
  if (tdbg_crc32c_mask (tdbg_crc32c (data, length)) != GUINT32_FROM_LE (stored))
    {
      set_unreadable (error, file_name, offset);
      return NULL;
    }
  *payload_length = length;
  return data;
}

Tensorflow__DebugEvent *
_tdbg_record_reader_read (TdbgRecordReader *r, guint file_set, guint64 offset, GError **error)
{
  gsize length;
  const guint8 *data = _tdbg_record_reader_get (r, file_set, offset, &length, error);
  Tensorflow__DebugEvent *event;

  if (data == NULL)
    return NULL;
  if ((event = tensorflow__debug_event__unpack (NULL, length, data)) == NULL)
    _tdbg_record_reader_set_unreadable (r, file_set, offset, error);
  return event;
}

gboolean
_tdbg_record_reader_set_unreadable (TdbgRecordReader *r, guint file_set, guint64 offset, GError **error)
{
  const TdbgFileSet *fs = tdbg_logdir_get_file_set (r->logdir, file_set);
  return set_unreadable (error, fs ? fs->files[r->kind].file_name : NULL, offset);
}
