/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TFRecord scanning of arbitrary bytes, and the bulk reading of a trace record: the input
 * itself and every record found in it read both ways, the straight reading of the usual
 * layout and the general field loops, which must agree. */
#include <string.h>
#include <glib.h>
#include "tdbg-logdir-private.h"
#include "tdbg-records.h"

static void
check_trace (const guint8 *data, gsize length)
{
  TdbgRecord record = { 0, data, length };
  TdbgTraceInfo fast, slow;
  TdbgTraceNames fast_names, slow_names;
  const char *fast_problem = tdbg_bulk_parse_trace (&record, &fast, &fast_names);
  const char *slow_problem = tdbg_bulk_parse_trace_slow (&record, &slow, &slow_names);

  g_assert_true (fast_problem == slow_problem);
  g_assert_true (memcmp (&fast, &slow, sizeof fast) == 0);
  g_assert_true (memcmp (&fast_names, &slow_names, sizeof fast_names) == 0);
}

static gboolean
touch (const TdbgRecord *record, gpointer user_data)
{
  guint8 sum = 0;
  for (gsize i = 0; i < record->length; i++)
    sum ^= record->data[i];
  check_trace (record->data, record->length);
  *(guint8 *) user_data ^= sum;
  return TRUE;
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  TdbgScanResult result;
  guint8 sum = 0;

  check_trace (data, size);
  tdbg_record_scan (data, size, 0, "fuzz", problems, touch, &sum, &result);
  g_assert_cmpuint (result.resume_offset, <=, size);
  g_ptr_array_unref (problems);
  return 0;
}
