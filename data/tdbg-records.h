/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TDBG_RECORD_HEADER_SIZE 12
#define TDBG_RECORD_OVERHEAD 16

/* Something damaged or missing in a logdir, named by file and byte offset. */
typedef struct {
  char *file_name;
  guint64 byte_offset;
  char *message;
} TdbgProblem;

void tdbg_problem_free (TdbgProblem *problem);
TdbgProblem *tdbg_problem_new (const char *file_name, guint64 byte_offset, const char *message);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgProblem, tdbg_problem_free)

/* One intact record: @offset is where its header starts in the file. */
typedef struct {
  guint64 offset;
  const guint8 *data;
  gsize length;
} TdbgRecord;

/* Return FALSE to stop the scan early (the record is counted as consumed). */
typedef gboolean (*TdbgRecordFunc) (const TdbgRecord *record, gpointer user_data);

typedef struct {
  guint64 resume_offset;   /* where the next scan of this file must start */
  guint64 n_records;       /* intact records delivered */
  gboolean partial_tail;   /* the file ends inside a record that may still be written */
  guint64 partial_tail_bytes;
  gboolean ended_in_damage; /* the scan gave up in damage no intact record came after */
} TdbgScanResult;

/* Scans @buffer, which holds the bytes of @file_name from @base_offset to its current end.
 * Checks both CRCs; a record cut short by the end of the buffer is a partial tail (not an
 * error); damage is appended to @problems (TdbgProblem*) and scanning goes on from the next
 * offset where an intact record can be found again. */
void tdbg_record_scan (const guint8 *buffer,
                       gsize length,
                       guint64 base_offset,
                       const char *file_name,
                       GPtrArray *problems,
                       TdbgRecordFunc func,
                       gpointer user_data,
                       TdbgScanResult *result);

/* The first offset at or after @from where an intact record starts, or G_MAXSIZE. */
gsize tdbg_record_find_next (const guint8 *buffer, gsize length, gsize from);

/* Frames @payload as one TFRecord (appended to @out). */
void tdbg_record_encode (GByteArray *out, const guint8 *payload, gsize length);

G_END_DECLS
