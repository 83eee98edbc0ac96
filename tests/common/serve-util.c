/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "serve-util.h"

#include <sys/mman.h>
#include <unistd.h>

#include "tdbg-serve-private.h"

int
serve_memory_fd (const void *data, gsize length)
{
  int fd = memfd_create ("serve", MFD_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, data, length), ==, (gssize) length);
  g_assert_cmpint (lseek (fd, 0, SEEK_SET), ==, 0);
  return fd;
}

GBytes *
serve_fd_contents (int fd)
{
  off_t length = lseek (fd, 0, SEEK_END);
  guint8 *data = g_malloc (MAX (length, 1));

  g_assert_cmpint (pread (fd, data, length, 0), ==, length);
  return g_bytes_new_take (data, length);
}

GBytes *
serve_request_bytes (const char *path, GHashTable *from)
{
  g_autoptr(GVariant) request = tdbg_serve_request_new (path, from);
  GByteArray *wire = g_byte_array_new ();
  guint32 be = GUINT32_TO_BE (g_variant_get_size (request));

  g_byte_array_append (wire, (const guint8 *) &be, 4);
  g_byte_array_append (wire, g_variant_get_data (request), g_variant_get_size (request));
  return g_byte_array_free_to_bytes (wire);
}
