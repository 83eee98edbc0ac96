/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TFRecord framing: CRC32C vectors from the format reference, and the scanner on intact,
 * partial and damaged input. */

#include <string.h>
#include <glib.h>

#include "tdbg-crc32c.h"
#include "tdbg-records.h"

static void
test_crc_vectors (void)
{
  const guint8 len0[8] = { 0 }, len9[8] = { 9 }, len44[8] = { 44 };

  g_assert_cmphex (tdbg_crc32c ("123456789", 9), ==, 0xE3069283);
  g_assert_cmphex (tdbg_crc32c_portable ("123456789", 9), ==, 0xE3069283);
  g_assert_cmphex (tdbg_crc32c_mask (0xE3069283), ==, 0xC78AB0E5);
  g_assert_cmphex (tdbg_crc32c (len0, 8), ==, 0x8C28B28A);
  g_assert_cmphex (tdbg_crc32c_mask (tdbg_crc32c (len9, 8)), ==, 0x3971F937);
  g_assert_cmphex (tdbg_crc32c_mask (tdbg_crc32c (len44, 8)), ==, 0x45CCAEF4);
}

static void
test_crc_paths_agree (void)
{
  guint8 buffer[1031];
  for (guint i = 0; i < sizeof buffer; i++)
    buffer[i] = (guint8) (i * 131 + 7);
  for (gsize n = 0; n <= sizeof buffer; n += 13)
    for (gsize start = 0; start < 9; start++)
      if (start + n <= sizeof buffer)
        g_assert_cmphex (tdbg_crc32c (buffer + start, n), ==, tdbg_crc32c_portable (buffer + start, n));
}

/* The 60-byte example record of the reference, section 2.1. */
static const guint8 example_record[] = {
  0x2c, 0, 0, 0, 0, 0, 0, 0, 0xf4, 0xae, 0xcc, 0x45,
  0x09, 0x00, 0x00, 0x20, 0x40, 0xfc, 0x54, 0xd9, 0x41,
  0x1a, 0x21, 0x0a, 0x06, '2', '.', '1', '6', '.', '1',
  0x12, 0x0d, 'd', 'e', 'b', 'u', 'g', '.', 'E', 'v', 'e', 'n', 't', ':', '1',
  0x1a, 0x08, 'a', '1', 'b', '2', 'c', '3', 'd', '4',
  0x2c, 0x76, 0xcb, 0xc6,
};

static void
test_encode_matches_reference (void)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  tdbg_record_encode (out, example_record + 12, 44);
  g_assert_cmpmem (out->data, out->len, example_record, sizeof example_record);
}

typedef struct {
  GArray *offsets;
  GArray *lengths;
} Seen;

static gboolean
collect (const TdbgRecord *record, gpointer user_data)
{
  Seen *seen = user_data;
  guint64 length = record->length;
  g_array_append_val (seen->offsets, record->offset);
  g_array_append_val (seen->lengths, length);
  return TRUE;
}

/* Five records of lengths 10, 20, 30, 40, 50 with distinct payload bytes. */
static GByteArray *
five_records (guint64 *offsets)
{
  GByteArray *file = g_byte_array_new ();
  for (guint r = 0; r < 5; r++)
    {
      guint8 payload[50];
      memset (payload, 'a' + r, sizeof payload);
      offsets[r] = file->len;
      tdbg_record_encode (file, payload, 10 * (r + 1));
    }
  return file;
}

static void
scan (GByteArray *file, guint64 base, Seen *seen, GPtrArray *problems, TdbgScanResult *result)
{
  seen->offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  seen->lengths = g_array_new (FALSE, FALSE, sizeof (guint64));
  tdbg_record_scan (file->data, file->len, base, "f", problems, collect, seen, result);
}

static void
seen_clear (Seen *seen)
{
  g_array_unref (seen->offsets);
  g_array_unref (seen->lengths);
}

static void
test_scan_intact (void)
{
  guint64 offsets[5];
  g_autoptr(GByteArray) file = five_records (offsets);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  Seen seen;
  TdbgScanResult result;

  scan (file, 1000, &seen, problems, &result);
  g_assert_cmpuint (result.n_records, ==, 5);
  g_assert_false (result.partial_tail);
  g_assert_cmpuint (result.resume_offset, ==, 1000 + file->len);
  g_assert_cmpuint (problems->len, ==, 0);
  for (guint r = 0; r < 5; r++)
    {
      g_assert_cmpuint (g_array_index (seen.offsets, guint64, r), ==, 1000 + offsets[r]);
      g_assert_cmpuint (g_array_index (seen.lengths, guint64, r), ==, 10 * (r + 1));
    }
  seen_clear (&seen);
}

/* Every cut inside the last record is a partial tail, never a problem. */
static void
test_scan_partial_tail (void)
{
  guint64 offsets[5];
  g_autoptr(GByteArray) file = five_records (offsets);
  guint full = file->len;


  for (guint cut = offsets[4] + 1; cut < full; cut++)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
      Seen seen;
      TdbgScanResult result;
      g_autoptr(GByteArray) prefix = g_byte_array_new ();
      g_byte_array_append (prefix, file->data, cut);
      scan (prefix, 0, &seen, problems, &result);
      g_assert_cmpuint (result.n_records, ==, 4);
      g_assert_true (result.partial_tail);
      g_assert_cmpuint (result.resume_offset, ==, offsets[4]);
      g_assert_cmpuint (result.partial_tail_bytes, ==, cut - offsets[4]);
      g_assert_cmpuint (problems->len, ==, 0);
      seen_clear (&seen);
    }
}

static void
check_damage (guint byte, guint8 xor_value, guint expected_records, const char *expected_message_part)
{
  guint64 offsets[5];
  g_autoptr(GByteArray) file = five_records (offsets);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  Seen seen;
  TdbgScanResult result;
  TdbgProblem *p;

  file->data[offsets[2] + byte] ^= xor_value;
  scan (file, 0, &seen, problems, &result);
  g_assert_cmpuint (result.n_records, ==, expected_records);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->file_name, ==, "f");
  g_assert_cmpuint (p->byte_offset, ==, offsets[2]);
  g_assert_nonnull (strstr (p->message, expected_message_part));
  /* The records after the damage are found again. */
  g_assert_cmpuint (g_array_index (seen.offsets, guint64, seen.offsets->len - 1), ==, offsets[4]);
  g_assert_false (result.partial_tail);
  seen_clear (&seen);
}

static void
test_scan_bad_data_crc (void)
{
  check_damage (12 + 3, 0x01, 4, "data checksum");
}

static void
test_scan_bad_length_crc (void)
{
  check_damage (1, 0x40, 4, "length checksum");
}

/* A length whose CRC is valid but which claims far more than the file holds. */
static void
test_scan_huge_length (void)
{
  guint64 offsets[5];
  g_autoptr(GByteArray) file = five_records (offsets);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  guint64 huge = GUINT64_TO_LE (G_GUINT64_CONSTANT (1) << 62);
  guint32 crc;
  Seen seen;
  TdbgScanResult result;

  memcpy (file->data + offsets[2], &huge, 8);
  crc = GUINT32_TO_LE (tdbg_crc32c_mask (tdbg_crc32c (file->data + offsets[2], 8)));
  memcpy (file->data + offsets[2] + 8, &crc, 4);
  scan (file, 0, &seen, problems, &result);
  g_assert_cmpuint (result.n_records, ==, 4);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpuint (((TdbgProblem *) g_ptr_array_index (problems, 0))->byte_offset, ==, offsets[2]);
  g_assert_false (result.partial_tail);
  seen_clear (&seen);
}

static void
test_scan_garbage (void)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  GRand *rand = g_rand_new_with_seed (42);
  Seen seen;
  TdbgScanResult result;

  for (guint i = 0; i < 4096; i++)
    {
      guint8 b = g_rand_int (rand);
      g_byte_array_append (file, &b, 1);
    }
  g_rand_free (rand);
  scan (file, 0, &seen, problems, &result);
  g_assert_cmpuint (result.n_records, ==, 0);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpuint (((TdbgProblem *) g_ptr_array_index (problems, 0))->byte_offset, ==, 0);
  g_assert_cmpuint (result.resume_offset, <=, file->len);
  seen_clear (&seen);
}

static void
test_scan_empty (void)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  Seen seen;
  TdbgScanResult result;

  scan (file, 0, &seen, problems, &result);
  g_assert_cmpuint (result.n_records, ==, 0);
  g_assert_false (result.partial_tail);
  g_assert_cmpuint (problems->len, ==, 0);
  seen_clear (&seen);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/crc32c/vectors", test_crc_vectors);
  g_test_add_func ("/crc32c/paths-agree", test_crc_paths_agree);
  g_test_add_func ("/records/encode-reference", test_encode_matches_reference);
  g_test_add_func ("/records/intact", test_scan_intact);
  g_test_add_func ("/records/partial-tail", test_scan_partial_tail);
  g_test_add_func ("/records/bad-data-crc", test_scan_bad_data_crc);
  g_test_add_func ("/records/bad-length-crc", test_scan_bad_length_crc);
  g_test_add_func ("/records/huge-length", test_scan_huge_length);
  g_test_add_func ("/records/garbage", test_scan_garbage);
  g_test_add_func ("/records/empty", test_scan_empty);
  return g_test_run ();
}
