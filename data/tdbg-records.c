/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-records.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-crc32c.h"

TdbgProblem *
tdbg_problem_new (const char *file_name, guint64 byte_offset, const char *message)
{
  TdbgProblem *problem = g_new0 (TdbgProblem, 1);
  problem->file_name = g_strdup (file_name);
  problem->byte_offset = byte_offset;
  problem->message = g_strdup (message);
  return problem;
}

void
tdbg_problem_free (TdbgProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->file_name);
  g_free (problem->message);
  g_free (problem);
}

static guint64
read_u64_le (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

static guint32
read_u32_le (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

static gboolean
length_crc_ok (const guint8 *header)
{
  return tdbg_crc32c_mask (tdbg_crc32c (header, 8)) == read_u32_le (header + 8);
}

typedef enum {
  FRAME_INTACT,
  FRAME_SHORT,        /* the buffer ends inside this record */
  FRAME_BAD_LENGTH,   /* length CRC mismatch */
  FRAME_BAD_DATA,     /* data CRC mismatch, length verified */
} FrameStatus;

static FrameStatus
check_frame (const guint8 *p, gsize left, guint64 *out_length)
{
  if (left < TDBG_RECORD_HEADER_SIZE)
    return FRAME_SHORT;
  if (!length_crc_ok (p))
    return FRAME_BAD_LENGTH;
  guint64 length = read_u64_le (p);
  *out_length = length;
  /* Compare without overflow: never trust the length before checking it against the rest. */
  if (length > left - TDBG_RECORD_HEADER_SIZE || left - TDBG_RECORD_HEADER_SIZE - length < 4)
    return FRAME_SHORT;
  /* The data's checksum first, then the stored one after it: read first, the stored one was a
   * cache miss a record (a jump past the bytes the checksum then streams through in order:
   * three quarters of the scan's own time on a million traces). */
  guint32 computed = tdbg_crc32c_mask (tdbg_crc32c (p + TDBG_RECORD_HEADER_SIZE, length));
  if (computed != read_u32_le (p + TDBG_RECORD_HEADER_SIZE + length))
    return FRAME_BAD_DATA;
  return FRAME_INTACT;
}

/* The first offset at or after @pos whose 12 bytes are not all zero (an all-zero header can
 * never be valid: the masked CRC of a zero length is not zero). Skips holes fast. */
static gsize
skip_zero_headers (const guint8 *buffer, gsize length, gsize pos)
{
  /* Called with @length already capped to the search window. */
  gsize nonzero = pos;

  while (nonzero + 8 <= length)
    {
      guint64 word;
      memcpy (&word, buffer + nonzero, 8);
      if (word != 0)
        break;
      nonzero += 8;
    }
  while (nonzero < length && buffer[nonzero] == 0)
    nonzero++;
  /* The header may begin up to 11 bytes before the first non-zero byte. */
  return MAX (pos, nonzero >= TDBG_RECORD_HEADER_SIZE - 1 ? nonzero - (TDBG_RECORD_HEADER_SIZE - 1) : 0);
}

/* Looks for the next offset after @from where a whole intact record starts. When none is
 * found, *tail_start is set to the first later offset whose header is valid but whose record
 * runs past the end (a record being written), or to G_MAXSIZE. */
/* Damage is searched past for at most this many bytes per scan: a huge run of garbage (or a
 * sparse file) is then read a window per refresh, never all at once. */
#define RESYNC_WINDOW ((gsize) 64 * 1024 * 1024)

static gsize
find_next_intact (const guint8 *buffer, gsize length, gsize from, gsize *tail_start, gsize *searched_to)
{
  gsize limit = length - from > RESYNC_WINDOW ? from + RESYNC_WINDOW : length;
  gsize pos;

  *tail_start = G_MAXSIZE;
  for (pos = from; pos < limit && pos + TDBG_RECORD_HEADER_SIZE <= length; pos++)
    {
      guint64 record_length;
      FrameStatus status;

      pos = skip_zero_headers (buffer, MIN (length, limit + TDBG_RECORD_HEADER_SIZE), pos);
      if (pos + TDBG_RECORD_HEADER_SIZE > length)
        break;
      /* Once a tail candidate is known, a length past the end cannot matter: skip its CRC. */
      memcpy (&record_length, buffer + pos, 8);
      record_length = GUINT64_FROM_LE (record_length);
      if (*tail_start != G_MAXSIZE && record_length > length - pos - TDBG_RECORD_HEADER_SIZE)
        continue;
      status = check_frame (buffer + pos, length - pos, &record_length);
      if (status == FRAME_INTACT)
        return pos;
      if (status == FRAME_SHORT && *tail_start == G_MAXSIZE)
        *tail_start = pos;
    }
  *searched_to = MIN (pos, limit);
  return G_MAXSIZE;
}

static gboolean
window_exhausted (gsize searched_to, gsize length)
{
  return searched_to + TDBG_RECORD_HEADER_SIZE <= length;
}

gsize
tdbg_record_find_next (const guint8 *buffer, gsize length, gsize from)
{
  gsize tail_start, searched_to;
  return find_next_intact (buffer, length, from, &tail_start, &searched_to);
}

static void
report (GPtrArray *problems, const char *file_name, guint64 offset, const char *message)
{
  if (problems != NULL)
    g_ptr_array_add (problems, tdbg_problem_new (file_name, offset, message));
}

/* Where scanning resumes after a damaged record at @pos; reports what was skipped. */
static gsize
recover (const guint8 *buffer, gsize length, gsize pos, guint64 base_offset,
         const char *file_name, GPtrArray *problems, const char *reason,
         gboolean *gave_up)
{
  gsize tail_start, searched_to;
  gsize next = find_next_intact (buffer, length, pos + 1, &tail_start, &searched_to);
  g_autofree char *message = NULL;

  *gave_up = FALSE;
  if (next != G_MAXSIZE)
    {
      message = g_strdup_printf (_("%s; skipped %zu bytes up to the next intact record at offset %" PRIu64),
                                 reason, next - pos, base_offset + next);
      report (problems, file_name, base_offset + pos, message);
      return next;
    }
  *gave_up = TRUE;
  if (window_exhausted (searched_to, length))
    {
      message = g_strdup_printf (_("%s; no intact record in the next %zu MiB; the search goes on from offset %" PRIu64 " at the next refresh"),
                                 reason, RESYNC_WINDOW >> 20, base_offset + searched_to);
      report (problems, file_name, base_offset + pos, message);
      return searched_to;
    }
  message = g_strdup_printf (_("%s; no intact record follows"), reason);
  report (problems, file_name, base_offset + pos, message);
  /* Resume later where a record may still be completing, or where headers could not yet
   * be checked for lack of bytes. */
  if (tail_start != G_MAXSIZE)
    return tail_start;
  return length > pos + TDBG_RECORD_HEADER_SIZE ? length - TDBG_RECORD_HEADER_SIZE + 1 : pos + 1;
}

void
tdbg_record_scan (const guint8 *buffer, gsize length, guint64 base_offset, const char *file_name, GPtrArray *problems,
                  TdbgRecordFunc func, gpointer user_data, TdbgScanResult *result)
{
  gsize pos = 0;

  memset (result, 0, sizeof *result);
  while (pos < length)
    {
      guint64 record_length = 0;
      gboolean gave_up;
      FrameStatus status = check_frame (buffer + pos, length - pos, &record_length);

      if (status == FRAME_INTACT)
        {
          TdbgRecord record = { base_offset + pos, buffer + pos + TDBG_RECORD_HEADER_SIZE, record_length };
          result->n_records++;
          pos += record_length + TDBG_RECORD_OVERHEAD;
          if (func != NULL && !func (&record, user_data))
            break;
          continue;
        }

      if (status == FRAME_BAD_DATA)
        {
          g_autofree char *message = g_strdup_printf (
              _("record of %" PRIu64 " bytes has a bad data checksum; skipped"), record_length);
          report (problems, file_name, base_offset + pos, message);
          pos += record_length + TDBG_RECORD_OVERHEAD;
          continue;
        }

      if (status == FRAME_SHORT)
        {
          /* A valid header whose record runs past the end is a record still being written,
           * unless an intact record follows it: then the length itself is wrong. */
          gsize tail_start, searched_to = length;
          gsize next = pos + TDBG_RECORD_HEADER_SIZE <= length
                         ? find_next_intact (buffer, length, pos + 1, &tail_start, &searched_to)
                         : G_MAXSIZE;
          if (next == G_MAXSIZE && window_exhausted (searched_to, length))
            {
              g_autofree char *message = g_strdup_printf (
                  _("record length %" PRIu64 " exceeds the %zu bytes left in the file, and no intact record follows within %zu MiB"),
                  record_length, length - pos - TDBG_RECORD_HEADER_SIZE, RESYNC_WINDOW >> 20);
              report (problems, file_name, base_offset + pos, message);
              pos = searched_to;
              result->ended_in_damage = TRUE;
              break;
            }
          if (next == G_MAXSIZE)
            {
              result->partial_tail = TRUE;
              result->partial_tail_bytes = length - pos;
              break;
            }
          g_autofree char *message = g_strdup_printf (
              _("record length %" PRIu64 " exceeds the %zu bytes left in the file; skipped to the next intact record at offset %" PRIu64),
              record_length, length - pos - TDBG_RECORD_HEADER_SIZE, base_offset + next);
          report (problems, file_name, base_offset + pos, message);
          pos = next;
          continue;
        }

      pos = recover (buffer, length, pos, base_offset, file_name, problems,
                     _("record header has a bad length checksum"), &gave_up);
      if (gave_up)
        {
          result->ended_in_damage = TRUE;
          break;
        }
    }
  result->resume_offset = base_offset + MIN (pos, length);
}

void
tdbg_record_encode (GByteArray *out, const guint8 *payload, gsize length)
{
  guint8 header[12];
  guint64 length_le = GUINT64_TO_LE ((guint64) length);
  guint32 length_crc, data_crc;

  memcpy (header, &length_le, 8);
  length_crc = GUINT32_TO_LE (tdbg_crc32c_mask (tdbg_crc32c (header, 8)));
  memcpy (header + 8, &length_crc, 4);
  data_crc = GUINT32_TO_LE (tdbg_crc32c_mask (tdbg_crc32c (payload, length)));
  g_byte_array_append (out, header, sizeof header);
  g_byte_array_append (out, payload, length);
  g_byte_array_append (out, (const guint8 *) &data_crc, 4);
}
