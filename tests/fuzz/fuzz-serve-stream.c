/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The client's parser of what `tfdbg-gtk serve-logdir` sends: the input is the server's answer
 * after its header line (which is put before it, so that the corpus outlives a change of
 * version); a whole answer when it begins with "tfdbg-gtk"; or, after a 'P', what the zstd
 * stream holds, compressed here, so that mutations reach the listing and the blocks rather
 * than only garbling the compression. Every file listed is then read as the load would. */
#include <string.h>
#include <zstd.h>
#include <gio/gio.h>

#include "tdbg-serve.h"
#include "tdbg-ssh-exec-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
read_files (TdbgSshPrefetch *prefetch)
{
  g_auto(GStrv) names = tdbg_ssh_prefetch_list_files (prefetch);
  guint64 total = 0;

  for (guint i = 0; names[i]; i++)
    {
      guint64 size = 0;

      g_assert_true (tdbg_ssh_prefetch_get_size (prefetch, names[i], &size));
      /* The start, a third, two thirds and the end (of sizes up to G_MAXUINT64: no sums). */
      for (guint k = 0; k <= 3; k++)
        {
          guint64 offset = k == 3 ? size : size / 3 * k;
          g_autoptr(GBytes) bytes = tdbg_ssh_prefetch_read (prefetch, names[i], offset, 4096, TRUE);
          if (bytes)
            {
              g_assert_cmpuint (g_bytes_get_size (bytes), <=, 4096);
              g_assert_cmpuint (offset + g_bytes_get_size (bytes), <=, size);
            }
        }
      total = size > G_MAXUINT64 - total ? G_MAXUINT64 : total + size;
    }
  g_assert_cmpuint (tdbg_ssh_prefetch_get_file_bytes (prefetch), <=, total);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new ();
  g_autoptr(GError) files_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;

  if (size < 9 || memcmp (data, "tfdbg-gtk", 9) != 0)
    g_memory_input_stream_add_data (G_MEMORY_INPUT_STREAM (stream), tdbg_serve_header (), -1, g_free);
  if (size > 0 && data[0] == 'P')
    {
      gsize bound = ZSTD_compressBound (size - 1);
      guint8 *compressed = g_malloc (bound);
      gsize length = ZSTD_compress (compressed, bound, data + 1, size - 1, 1);

      g_assert_false (ZSTD_isError (length));
      g_memory_input_stream_add_data (G_MEMORY_INPUT_STREAM (stream), compressed, length, g_free);
    }
  else
    g_memory_input_stream_add_data (G_MEMORY_INPUT_STREAM (stream), data, size, NULL);
  prefetch = tdbg_ssh_prefetch_parse (stream, &files_error, &error);
  if (prefetch == NULL)
    {
      g_assert_nonnull (error);
      return 0;
    }
  read_files (prefetch);
  tdbg_ssh_prefetch_finish (prefetch);
  return 0;
}
