/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The server's parser of a client's request to `tfdbg-gtk serve-logdir`: the input is what the
 * client writes on the command's standard input. A request that parses is answered (whatever
 * its version, so that the corpus outlives a change of version) from a small logdir written
 * by the fixture writer, never from the folder it names, and the answer is read back by the
 * client's parser: every file sent must arrive as it is on disk, from the offset asked for. */
#include <string.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-serve.h"
#include "tdbg-serve-private.h"
#include "tdbg-ssh-exec-private.h"
#include "serve-util.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static char *logdir;

static void
remove_logdir (void)
{
  g_autoptr(GDir) dir = g_dir_open (logdir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (logdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (logdir);
}

/* The demo logdir of one step, one file damaged midway (raw bytes between records), and a
 * file that is only listed. */
static void
write_logdir (void)
{
  TdbgDemoOptions options = { .n_steps = 1, .bad_step = 0, .host_name = "fuzz-host" };
  g_autoptr(GError) error = NULL;
  g_autofree char *other = NULL;
  g_autofree char *damaged = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gsize length;

  logdir = g_dir_make_tmp ("fuzz-serve-XXXXXX", &error);
  g_assert_no_error (error);
  atexit (remove_logdir);
  g_assert_true (tdbg_fixture_write_demo (logdir, &options, &error));
  other = g_build_filename (logdir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (other, "not the debugger's\n", -1, &error));
  dir = g_dir_open (logdir, 0, &error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".graph_execution_traces"))
      damaged = g_build_filename (logdir, name, NULL);
  g_assert_true (g_file_get_contents (damaged, &contents, &length, &error));
  g_assert_cmpuint (length, >, 64);
  contents[length / 2] ^= 0x5a;
  g_assert_true (g_file_set_contents (damaged, contents, length, &error));
}

/* Every file sent arrived whole, as it is on disk from where it was asked for. */
static void
check_answer (GBytes *answer, GVariant *from_offsets)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (answer);
  g_autoptr(GError) files_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = tdbg_ssh_prefetch_parse (stream, &files_error, &error);
  g_auto(GStrv) names = NULL;

  g_assert_no_error (error);
  g_assert_no_error (files_error);
  names = tdbg_ssh_prefetch_list_files (prefetch);
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *path = g_build_filename (logdir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GBytes) bytes = NULL;
      guint64 from = 0, size = 0;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (tdbg_ssh_prefetch_get_size (prefetch, names[i], &size));
      g_assert_cmpuint (size, ==, length);
      if (!g_variant_lookup (from_offsets, names[i], "t", &from) || from > length)
        from = 0;
      bytes = tdbg_ssh_prefetch_read (prefetch, names[i], from, length, FALSE);
      if (g_str_equal (names[i], "notes.txt"))
        g_assert_null (bytes);
      else
        {
          g_assert_nonnull (bytes);
          g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), contents + from, length - from);
        }
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) request = NULL;
  g_autoptr(GVariant) from_offsets = NULL;
  g_autofree char *header = tdbg_serve_header ();
  int in_fd, out_fd;

  if (logdir == NULL)
    write_logdir ();
  in_fd = serve_memory_fd (data, size);
  request = tdbg_serve_read_request (in_fd, &error);
  close (in_fd);
  if (request == NULL)
    {
      g_assert_nonnull (error);
      return 0;
    }
  g_clear_error (&error);
  if (!tdbg_serve_check_version (request, &error))
    g_assert_nonnull (error);
  g_variant_get (request, "(&s&s@a{st})", NULL, NULL, &from_offsets);
  out_fd = serve_memory_fd (header, strlen (header));
  lseek (out_fd, 0, SEEK_END);
  if (tdbg_serve_answer (out_fd, logdir, from_offsets, NULL))
    {
      g_autoptr(GBytes) answer = serve_fd_contents (out_fd);
      check_answer (answer, from_offsets);
    }
  close (out_fd);
  return 0;
}
