/* Scanning a big file while it is read over a slow source (the network): a thread reads
 * slices ahead, this one scans the whole records each slice completes. Only runs of records
 * with intact headers are scanned early; from damage on, the rest is scanned in one piece
 * once it is all read, so that problems are reported exactly as when the file is read whole. */

#include "tdbg-logdir-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-records.h"

#define SLICE_BYTES (8u << 20)
#define SLICES_AHEAD 3

static int end_marker, go_token, stop_token;

typedef struct {
  TdbgSource *source;
  const char *file_name;
  guint64 offset;
  guint64 end;
  GCancellable *cancellable;
  GAsyncQueue *slices;   /* GBytes*, then &end_marker */
  GAsyncQueue *tokens;   /* &go_token: read one more slice; &stop_token: stop */
  GError *error;
} Reader;

static gpointer
read_slices (gpointer data)
{
  Reader *r = data;

  for (guint64 at = r->offset; at < r->end && g_async_queue_pop (r->tokens) == &go_token;)
    {
      gsize length = MIN (SLICE_BYTES, r->end - at);
      GBytes *bytes = tdbg_source_read (r->source, r->file_name, at, length, r->cancellable, &r->error);

      if (bytes == NULL)
        break;
      at += g_bytes_get_size (bytes);
      if (g_bytes_get_size (bytes) == 0)
        {
          g_bytes_unref (bytes);
          break;
        }
      g_async_queue_push (r->slices, bytes);
    }
  g_async_queue_push (r->slices, &end_marker);
  return NULL;
}

typedef struct {
  TdbgLogdir *self;
  guint file_set;
  TdbgFileKind kind;
  GCancellable *cancellable;
  GByteArray *pending;   /* read, not yet scanned; starts at the result's resume offset */
  TdbgScanResult *result;
} Scan;

/* Scans the first @length pending bytes and drops what the scan consumed. */
static gboolean
scan_pending (Scan *scan, gsize length)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (scan->pending->data, length);
  guint64 base = scan->result->resume_offset;
  TdbgScanResult piece;
  gboolean ok = tdbg_bulk_scan (scan->self, scan->file_set, scan->kind, bytes, base, &piece, scan->cancellable);

  scan->result->n_records += piece.n_records;
  scan->result->resume_offset = piece.resume_offset;
  scan->result->partial_tail = piece.partial_tail;
  scan->result->partial_tail_bytes = piece.partial_tail_bytes;
  g_byte_array_remove_range (scan->pending, 0, piece.resume_offset - base);
  return ok;
}

gboolean
tdbg_bulk_scan_streamed (TdbgLogdir *self, guint file_set, TdbgFileKind kind, guint64 offset, guint64 end,
                         TdbgScanResult *result, GCancellable *cancellable, GError **error)
{
  const TdbgFileSet *fs = g_ptr_array_index (self->file_sets, file_set);
  Reader reader = { self->source, fs->files[kind].file_name, offset, end, cancellable,
                    g_async_queue_new (), g_async_queue_new (), NULL };
  Scan scan = { self, file_set, kind, cancellable, g_byte_array_new (), result };
  gboolean ok = TRUE, damaged = FALSE;
  GThread *thread;
  gpointer item;

  memset (result, 0, sizeof *result);
  result->resume_offset = offset;
  for (guint i = 0; i < SLICES_AHEAD; i++)
    g_async_queue_push (reader.tokens, &go_token);
  thread = g_thread_new ("tdbg-read", read_slices, &reader);
  while ((item = g_async_queue_pop (reader.slices)) != &end_marker)
    {
      gsize length;
      const guint8 *data = g_bytes_get_data (item, &length);

      g_byte_array_append (scan.pending, data, length);
      g_bytes_unref (item);
      g_async_queue_push (reader.tokens, ok ? &go_token : &stop_token);
      if (ok && !damaged)
        {
          gsize whole = tdbg_record_whole_prefix (scan.pending->data, scan.pending->len, &damaged);
          if (!damaged && whole > 0)
            ok = scan_pending (&scan, whole);
        }
    }
  g_thread_join (thread);
  if (reader.error)
    {
      /* What was scanned stays; the rest is read again by the next refresh. */
      g_propagate_error (error, reader.error);
      ok = FALSE;
    }
  else if (ok && scan.pending->len > 0)
    ok = scan_pending (&scan, scan.pending->len);
  else if (!ok)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
  g_byte_array_unref (scan.pending);
  g_async_queue_unref (reader.slices);
  g_async_queue_unref (reader.tokens);
  return ok;
}
