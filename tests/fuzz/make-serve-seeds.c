/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Seeds for the serve-request and serve-stream fuzz targets, made by the project's own code:
 * requests as the client builds them, and the answers `tfdbg-gtk serve-logdir` gives them
 * (without the header line, which the stream target puts back), and what the answers hold
 * uncompressed, after a 'P' (the stream target compresses it).
 *   make-serve-seeds LOGDIR OUTDIR NAME → OUTDIR/serve-request/NAME-*, OUTDIR/serve-stream/NAME-* */
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-serve.h"
#include "tdbg-serve-private.h"
#include "serve-util.h"

static const char *out_dir, *seed_name;

static void
write_seed (const char *target, const char *what, const void *data, gsize length)
{
  g_autofree char *dir = g_build_filename (out_dir, target, NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s", seed_name, what);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;

  g_mkdir_with_parents (dir, 0755);
  if (!g_file_set_contents (path, data, length, &error))
    g_error ("%s", error->message);
}

/* 'P' and the bytes the zstd stream of an answer holds. */
static GByteArray *
decompress (const guint8 *data, gsize length)
{
  GByteArray *plain = g_byte_array_new ();
  ZSTD_DCtx *dctx = ZSTD_createDCtx ();
  ZSTD_inBuffer in = { data, length, 0 };
  guint8 buffer[65536];

  g_byte_array_append (plain, (const guint8 *) "P", 1);
  while (in.pos < in.size)
    {
      ZSTD_outBuffer out = { buffer, sizeof buffer, 0 };
      size_t left = ZSTD_decompressStream (dctx, &out, &in);

      if (ZSTD_isError (left))
        g_error ("zstd: %s", ZSTD_getErrorName (left));
      g_byte_array_append (plain, buffer, out.pos);
    }
  ZSTD_freeDCtx (dctx);
  return plain;
}

/* The request for @path as the client writes it, and the answer the server gives it. */
static void
seed (const char *what, const char *path, GHashTable *from)
{
  g_autoptr(GBytes) wire = serve_request_bytes (path, from);
  g_autoptr(GBytes) answer_bytes = NULL;
  g_autoptr(GError) error = NULL;
  int in_fd = serve_memory_fd (g_bytes_get_data (wire, NULL), g_bytes_get_size (wire));
  int out_fd = serve_memory_fd ("", 0);
  const guint8 *answer, *body;
  gsize length;
  g_autoptr(GByteArray) plain = NULL;
  g_autofree char *plain_name = NULL;

  write_seed ("serve-request", what, g_bytes_get_data (wire, NULL), g_bytes_get_size (wire));
  if (!tdbg_serve_logdir (in_fd, out_fd, &error))
    g_error ("%s", error->message);
  answer_bytes = serve_fd_contents (out_fd);
  answer = g_bytes_get_data (answer_bytes, &length);
  if ((body = memchr (answer, '\n', length)) == NULL)
    g_error ("the answer has no header line");
  body++;
  write_seed ("serve-stream", what, body, answer + length - body);
  plain = decompress (body, answer + length - body);
  plain_name = g_strconcat ("plain-", what, NULL);
  /* Longer ones would be cut at the fuzzers' usual -max_len. */
  if (plain->len <= 65536)
    write_seed ("serve-stream", plain_name, plain->data, plain->len);
  close (in_fd);
  close (out_fd);
}

/* Every file of @logdir asked for from @num/@den of its size (past its end when num > den). */
static GHashTable *
offsets (const char *logdir, guint64 num, guint64 den)
{
  GHashTable *from = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GDir) dir = g_dir_open (logdir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (logdir, name, NULL);
      GStatBuf st;

      if (g_stat (path, &st) == 0)
        g_hash_table_insert (from, g_strdup (name), g_memdup2 (&(guint64) { st.st_size * num / den + (num > den) }, 8));
    }
  g_hash_table_insert (from, g_strdup ("not-there"), g_memdup2 (&(guint64) { 3 }, 8));
  return from;
}

int
main (int argc, char **argv)
{
  g_autoptr(GHashTable) half = NULL, near_start = NULL, past_end = NULL;
  g_autofree char *missing = NULL;

  if (argc != 4)
    {
      g_printerr ("usage: make-serve-seeds LOGDIR OUTDIR NAME\n");
      return 2;
    }
  out_dir = argv[2];
  seed_name = argv[3];
  half = offsets (argv[1], 1, 2);
  near_start = offsets (argv[1], 1, 97);
  past_end = offsets (argv[1], 2, 1);
  missing = g_build_filename (argv[1], "missing", NULL);
  seed ("all", argv[1], NULL);
  seed ("half", argv[1], half);
  seed ("near-start", argv[1], near_start);
  seed ("past-end", argv[1], past_end);
  seed ("missing", missing, NULL);
  return 0;
}
