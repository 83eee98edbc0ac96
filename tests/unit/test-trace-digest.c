/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A trace's digest, packed into 20 bytes: what it keeps exactly, at the edges of its fields,
 * and what it says must be read from the record (a size past 24 bits, a count past 13 that is
 * not the whole tensor's). */

#include <glib.h>

#include "tdbg-model.h"

/* A FULL_HEALTH trace of @size elements with these counts. */
static TdbgTraceInfo
health_info (guint64 size, guint64 neg_inf, guint64 pos_inf, guint64 nan)
{
  return (TdbgTraceInfo) {
    .offset = 1234, .size = size, .neg_inf = neg_inf, .pos_inf = pos_inf, .nan = nan, .op = 7, .output_slot = 2,
    .device = 3, .mode = TDBG_MODE_FULL_HEALTH, .file_set = 1, .dtype = 1,
    .flags = TDBG_DIGEST_HAS_SIZE | TDBG_DIGEST_HAS_COUNTS | (neg_inf + pos_inf + nan > 0 ? TDBG_DIGEST_HAS_INF_NAN : 0),
  };
}

static TdbgTraceDigest
packed (const TdbgTraceInfo *info)
{
  TdbgTraceDigest d;
  tdbg_trace_digest_pack (&d, info);
  return d;
}

/* Every field the digest keeps comes back as it went in, at the largest values it keeps. */
static void
test_round_trip (void)
{
  TdbgTraceInfo info = health_info (TDBG_TRACE_SIZE_MAX, 13, 0, 1), back;
  TdbgTraceDigest d;

  info.offset = TDBG_TRACE_MAX_OFFSET;
  info.op = TDBG_TRACE_MAX_OPS - 1;
  info.output_slot = G_MAXUINT16;
  info.device = G_MAXUINT16;
  info.file_set = G_MAXUINT8;
  info.dtype = G_MAXUINT8;
  info.mode = TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS;
  d = packed (&info);
  tdbg_trace_digest_unpack (&d, &back);
  g_assert_cmpuint (back.offset, ==, TDBG_TRACE_MAX_OFFSET);
  g_assert_cmpuint (tdbg_trace_digest_get_offset (&d), ==, TDBG_TRACE_MAX_OFFSET);
  g_assert_cmpuint (back.op, ==, TDBG_TRACE_MAX_OPS - 1);
  g_assert_cmpuint (back.output_slot, ==, G_MAXUINT16);
  g_assert_cmpuint (back.device, ==, G_MAXUINT16);
  g_assert_cmpuint (tdbg_trace_digest_get_file_set (&d), ==, G_MAXUINT8);
  g_assert_cmpuint (tdbg_trace_digest_get_dtype (&d), ==, G_MAXUINT8);
  g_assert_cmpuint (tdbg_trace_digest_get_mode (&d), ==, TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS);
  g_assert_cmpuint (back.size, ==, TDBG_TRACE_SIZE_MAX);
  g_assert_cmpuint (back.neg_inf, ==, 13);
  g_assert_cmpuint (back.pos_inf, ==, 0);
  g_assert_cmpuint (back.nan, ==, 1);
  g_assert_cmpuint (back.flags, ==, info.flags);

  /* the low and high parts of the offset do not spill into each other */
  info.offset = G_GUINT64_CONSTANT (0x12ffffffff);
  d = packed (&info);
  g_assert_cmpuint (tdbg_trace_digest_get_offset (&d), ==, G_GUINT64_CONSTANT (0x12ffffffff));
  info.offset = G_GUINT64_CONSTANT (1) << 32;
  d = packed (&info);
  g_assert_cmpuint (tdbg_trace_digest_get_offset (&d), ==, G_GUINT64_CONSTANT (1) << 32);
}

/* A size past 24 bits is marked wide; up to it, kept. */
static void
test_sizes (void)
{
  TdbgTraceInfo info = health_info (TDBG_TRACE_SIZE_MAX + 1, 0, 0, 0);
  TdbgTraceDigest d = packed (&info);

  g_assert_true (d.flags & TDBG_DIGEST_SIZE_WIDE);
  info.size = TDBG_TRACE_SIZE_MAX;
  d = packed (&info);
  g_assert_false (d.flags & TDBG_DIGEST_SIZE_WIDE);
  g_assert_cmpuint (d.size24, ==, TDBG_TRACE_SIZE_MAX);
  /* a trace with no size says none, and is not wide */
  info.flags &= ~TDBG_DIGEST_HAS_SIZE;
  info.size = G_MAXUINT64;
  d = packed (&info);
  g_assert_false (d.flags & (TDBG_DIGEST_SIZE_WIDE | TDBG_DIGEST_HAS_SIZE));
}

/* Counts up to 13 are kept, and a count that is the whole tensor (a NaN spread through it)
 * whatever its size up to 24 bits; anything else says "read the record". */
static void
test_counts (void)
{
  TdbgTraceInfo info = health_info (300, 14, 0, 300);
  TdbgTraceDigest d = packed (&info);
  guint64 count = 0;

  g_assert_true (d.flags & TDBG_DIGEST_COUNTS_SATURATED);
  g_assert_false (tdbg_trace_digest_get_count (&d, 0, &count));
  g_assert_true (tdbg_trace_digest_get_count (&d, 1, &count));
  g_assert_cmpuint (count, ==, 0);
  g_assert_true (tdbg_trace_digest_get_count (&d, 2, &count));
  g_assert_cmpuint (count, ==, 300);
  g_assert_true (tdbg_trace_digest_holds (&d, 0));
  g_assert_false (tdbg_trace_digest_holds (&d, 1));
  g_assert_true (tdbg_trace_digest_holds (&d, 2));

  /* the whole of a tensor of the largest size kept */
  info = health_info (TDBG_TRACE_SIZE_MAX, 0, TDBG_TRACE_SIZE_MAX, 0);
  d = packed (&info);
  g_assert_false (d.flags & TDBG_DIGEST_COUNTS_SATURATED);
  g_assert_true (tdbg_trace_digest_get_count (&d, 1, &count));
  g_assert_cmpuint (count, ==, TDBG_TRACE_SIZE_MAX);

  /* the whole of a tensor too wide for the digest: read */
  info = health_info (TDBG_TRACE_SIZE_MAX + 1, 0, 0, TDBG_TRACE_SIZE_MAX + 1);
  d = packed (&info);
  g_assert_true (d.flags & TDBG_DIGEST_COUNTS_SATURATED);
  g_assert_false (tdbg_trace_digest_get_count (&d, 2, &count));
  g_assert_true (tdbg_trace_digest_holds (&d, 2));

  /* counts not known (CURT_HEALTH) hold nothing */
  info = health_info (300, 0, 0, 5);
  info.flags &= ~TDBG_DIGEST_HAS_COUNTS;
  d = packed (&info);
  g_assert_false (tdbg_trace_digest_holds (&d, 2));
  g_assert_false (d.flags & TDBG_DIGEST_COUNTS_SATURATED);
}

/* An op never created, and debug modes past those the digest names. */
static void
test_limits (void)
{
  TdbgTraceInfo info = health_info (1, 0, 0, 0);
  TdbgTraceDigest d;

  info.op = TDBG_NONE;
  d = packed (&info);
  g_assert_cmpuint (tdbg_trace_digest_get_op (&d), ==, TDBG_NONE);
  tdbg_trace_digest_set_op (&d, 0);
  g_assert_cmpuint (tdbg_trace_digest_get_op (&d), ==, 0);
  tdbg_trace_digest_set_op (&d, TDBG_TRACE_MAX_OPS);
  g_assert_cmpuint (tdbg_trace_digest_get_op (&d), ==, TDBG_NONE);
  info.op = 5;
  info.mode = 200;
  d = packed (&info);
  g_assert_cmpuint (tdbg_trace_digest_get_mode (&d), ==, TDBG_TRACE_MODE_MAX);
  g_assert_cmpstr (tdbg_debug_mode_name (tdbg_trace_digest_get_mode (&d)), ==, "UNKNOWN");
  g_assert_cmpuint (tdbg_trace_digest_get_op (&d), ==, 5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-digest/round-trip", test_round_trip);
  g_test_add_func ("/trace-digest/sizes", test_sizes);
  g_test_add_func ("/trace-digest/counts", test_counts);
  g_test_add_func ("/trace-digest/limits", test_limits);
  return g_test_run ();
}
