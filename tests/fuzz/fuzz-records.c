/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TFRecord scanning of arbitrary bytes. */
#include <glib.h>
#include "tdbg-records.h"

static gboolean
touch (const TdbgRecord *record, gpointer user_data)
{
  guint8 sum = 0;
  for (gsize i = 0; i < record->length; i++)
    sum ^= record->data[i];
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

  tdbg_record_scan (data, size, 0, "fuzz", problems, touch, &sum, &result);
  g_assert_cmpuint (result.resume_offset, <=, size);
  g_ptr_array_unref (problems);
  return 0;
}
