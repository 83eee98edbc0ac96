/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* CRC32C (Castagnoli), as TFRecord uses it; hardware accelerated where the CPU allows. */
guint32 tdbg_crc32c (const void *data, gsize length);
/* The portable table-driven path, whatever the CPU (for tests). */
guint32 tdbg_crc32c_portable (const void *data, gsize length);

static inline guint32
tdbg_crc32c_mask (guint32 crc)
{
  return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

G_END_DECLS
