/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-crc32c.h"

#include <string.h>
#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

/* Slicing-by-8 tables for CPUs without the SSE4.2 crc32 instruction. */
static guint32 crc_table[8][256];

static void
init_tables (void)
{
  for (guint i = 0; i < 256; i++)
    {
      guint32 crc = i;
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1)));
      crc_table[0][i] = crc;
    }
  for (guint i = 0; i < 256; i++)
    for (int t = 1; t < 8; t++)
      crc_table[t][i] = (crc_table[t - 1][i] >> 8) ^ crc_table[0][crc_table[t - 1][i] & 0xff];
}

/* Unaligned loads: a record's bytes start anywhere in a file's mapping. */
static inline guint64
load_u64 (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, sizeof v);
  return v;
}

static inline guint32
load_u32 (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, sizeof v);
  return v;
}

static inline guint16
load_u16 (const guint8 *p)
{
  guint16 v;
  memcpy (&v, p, sizeof v);
  return v;
}

static guint32
crc32c_table (guint32 crc, const guint8 *p, gsize n)
{
  for (; n >= 8; p += 8, n -= 8)
    {
      guint64 word = GUINT64_FROM_LE (load_u64 (p)) ^ crc;

      crc = crc_table[7][word & 0xff] ^ crc_table[6][(word >> 8) & 0xff] ^
            crc_table[5][(word >> 16) & 0xff] ^ crc_table[4][(word >> 24) & 0xff] ^
            crc_table[3][(word >> 32) & 0xff] ^ crc_table[2][(word >> 40) & 0xff] ^
            crc_table[1][(word >> 48) & 0xff] ^ crc_table[0][word >> 56];
    }
  while (n--)
    crc = (crc >> 8) ^ crc_table[0][(crc ^ *p++) & 0xff];
  return crc;
}

#if defined(__x86_64__)
__attribute__((target ("sse4.2"))) static guint32
crc32c_sse42 (guint32 crc, const guint8 *p, gsize n)
{
  guint64 c = crc;

  for (; n >= 8; p += 8, n -= 8)
    c = _mm_crc32_u64 (c, load_u64 (p));
  crc = (guint32) c;
  /* The last bytes (n < 8) in at most three steps: each waits for the one before. */
  if (n & 4)
    {
      crc = _mm_crc32_u32 (crc, load_u32 (p));
      p += 4;
    }
  if (n & 2)
    {
      crc = _mm_crc32_u16 (crc, load_u16 (p));
      p += 2;
    }
  if (n & 1)
    crc = _mm_crc32_u8 (crc, *p);
  return crc;
}
#endif

/* 1 = table, 2 = SSE4.2; chosen once. */
static gsize
choose_implementation (void)
{
#if defined(__x86_64__)
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("sse4.2"))
    return 2;
#endif
  init_tables ();
  return 1;
}

guint32
tdbg_crc32c (const void *data, gsize length)
{
  static gsize impl;

  if (g_once_init_enter (&impl))
    g_once_init_leave (&impl, choose_implementation ());
#if defined(__x86_64__)
  if (impl == 2)
    return crc32c_sse42 (0xFFFFFFFFu, data, length) ^ 0xFFFFFFFFu;
#endif
  return crc32c_table (0xFFFFFFFFu, data, length) ^ 0xFFFFFFFFu;
}

guint32
tdbg_crc32c_portable (const void *data, gsize length)
{
  static gsize tables_ready;

  if (g_once_init_enter (&tables_ready))
    {
      init_tables ();
      g_once_init_leave (&tables_ready, 1);
    }
  return crc32c_table (0xFFFFFFFFu, data, length) ^ 0xFFFFFFFFu;
}
