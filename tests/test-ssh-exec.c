/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Remote logdirs sent by the server's own tfdbg-gtk over the SSH exec channel (the build's,
 * run by the throwaway sshd of ssh-fixture.c): the same index as a local open, and SFTP
 * instead whenever that program is missing, another version, not ours, or turned off. */

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-ssh-source.h"
#include "tdbg-v1-source.h"
#include "ssh-fixture.h"
#include "test-env.h"
#include "test-util.h"

static SshFixture server;

static const char *
build_program (void)
{
  const char *program = g_getenv ("TDBG_CLI");

  g_assert_nonnull (program);
  return program;
}

static TdbgSource *
connect_with (const char *path, const char *program, const char *cache_dir)
{
  g_autofree char *uri = ssh_fixture_uri (&server, path);
  TdbgSshOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  TdbgSource *source;

  options.known_hosts_file = server.known_hosts;
  options.global_known_hosts_file = "/dev/null";
  options.config_file = "";
  options.identity_file = server.client_key;
  options.remote_program = program;
  options.cache_dir = cache_dir;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  return source;
}

/* Loads @local_path over SSH with @program on the server: the index of a local load, and the
 * bytes came the way @expect_exec says. */
static void
assert_loads_like_local (const char *local_path, const char *program, const char *cache_dir, gboolean expect_exec)
{
  g_autofree char *canonical = g_canonicalize_filename (local_path, NULL);
  g_autoptr(TdbgSource) source = connect_with (canonical, program, cache_dir);
  g_autoptr(TdbgLogdir) remote = tdbg_logdir_new (source), local = test_load_logdir (local_path);
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_logdir_load (remote, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)), ==, expect_exec);
  test_assert_same_logdir (remote, local);
}

static char *
first_file_with_suffix (const char *dir, const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, suffix))
      return g_strdup (name);
  return NULL;
}

/* The shared logdirs through the server's tfdbg-gtk: the index of a local open (damaged and
 * cut-short files too) and EXPECTED.json's counts; reads after the load, of bytes already
 * handed over, and a second listing go over SFTP and agree with the local files. */
static void
test_same_as_local (void)
{
  const char *names[] = { "tutorial_mnist/logdir", "multi_host/logdir", "live_truncated/logdir", "corrupt/bad_length_crc" };
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *canonical = g_canonicalize_filename (mnist, NULL);
  g_autofree char *traces = first_file_with_suffix (mnist, ".graph_execution_traces");
  g_autoptr(TdbgSource) source = connect_with (canonical, build_program (), NULL);
  g_autoptr(TdbgSource) local_source = tdbg_local_source_new (mnist);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source);
  g_autoptr(GBytes) over_ssh = NULL, here = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) listed = NULL, local_listed = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = test_env_shared_path (names[i], NULL);
      assert_loads_like_local (path, build_program (), NULL, TRUE);
    }

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_true (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)));
  g_assert_cmpint (tdbg_logdir_get_n_traces (logdir), ==,
                   test_expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));
  g_assert_cmpint (tdbg_logdir_get_n_executions (logdir), ==,
                   test_expected_count ("tutorial_mnist", "logdir", "counts", "executions"));
  g_assert_nonnull (traces);
  over_ssh = tdbg_source_read (source, traces, 100, 5000, NULL, &error);
  g_assert_no_error (error);
  here = tdbg_source_read (local_source, traces, 100, 5000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (over_ssh, NULL), g_bytes_get_size (over_ssh), g_bytes_get_data (here, NULL),
                   g_bytes_get_size (here));
  listed = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  local_listed = tdbg_source_list_files (local_source, NULL, &error);
  g_assert_true (g_strv_equal ((const char *const *) listed, (const char *const *) local_listed));
}

/* A tfdbg V1 dump root through the server's tfdbg-gtk: the logdir made of it on the server, as
 * a local open makes it (tests/data/v1/two-devices: 33 dumps, 4 Session.run calls, 3 NaN). */
static void
test_v1_dump (void)
{
  const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autofree char *canonical = g_canonicalize_filename (root, NULL);
  g_autoptr(TdbgSource) source = connect_with (canonical, build_program (), NULL);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source);
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 33);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 4);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 3);
  g_assert_cmpuint (tdbg_logdir_get_n_devices (logdir), ==, 2);
}

/* The same dump roots over SFTP alone (no tfdbg-gtk on the server): the dump's files read
 * over SFTP make the logdir a local open makes, and the dump's own problems come with it,
 * named by its files. */
static void
test_v1_dump_over_sftp (void)
{
  const char *dumps[] = { "two-devices", "numeric-summary", "training-hook", "while-loop" };

  for (guint i = 0; i < G_N_ELEMENTS (dumps); i++)
    {
      const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", dumps[i], NULL);
      g_autofree char *canonical = g_canonicalize_filename (root, NULL);
      g_autoptr(TdbgSource) source = connect_with (canonical, "no", NULL);
      g_autoptr(TdbgSource) local_source = tdbg_v1_source_new (canonical);
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source), local = tdbg_logdir_new (local_source);
      g_autoptr(GPtrArray) problems = NULL, local_problems = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (tdbg_logdir_load (local, NULL, &error));
      g_assert_no_error (error);
      g_assert_false (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)));
      g_test_message ("%s: %u traces, %u executions, %u alerts over SFTP", dumps[i], tdbg_logdir_get_n_traces (logdir),
                      tdbg_logdir_get_n_executions (logdir), tdbg_logdir_get_n_alerts (logdir));
      g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 0);
      test_assert_same_logdir (logdir, local);
      problems = tdbg_source_get_problems (source);
      local_problems = tdbg_source_get_problems (local_source);
      g_assert_cmpuint (problems ? problems->len : 0, ==, local_problems ? local_problems->len : 0);
      for (guint p = 0; problems && p < problems->len; p++)
        {
          const TdbgProblem *over_sftp = g_ptr_array_index (problems, p), *here = g_ptr_array_index (local_problems, p);
          g_assert_cmpstr (over_sftp->file_name, ==, here->file_name);
          g_assert_cmpuint (over_sftp->byte_offset, ==, here->byte_offset);
          g_assert_cmpstr (over_sftp->message, ==, here->message);
        }
    }
}

/* Whenever the server's program cannot serve, the logdir is read over SFTP, with the same
 * result: no such program, one that is another version, one that is not ours at all, and
 * the program turned off. */
static void
test_falls_back_to_sftp (void)
{
  g_autofree char *path = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *other_version = ssh_fixture_path (&server, "other-version");
  const char *programs[] = { "/nonexistent/tfdbg-gtk", other_version, "/bin/echo", "no", "" };

  ssh_fixture_write (&server, "other-version",
                     "#!/bin/sh\nprintf 'tfdbg-gtk serve-logdir 1 0.0.0-other\\n'\ncat > /dev/null\n");
  g_assert_cmpint (g_chmod (other_version, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (programs); i++)
    assert_loads_like_local (path, programs[i], NULL, FALSE);
}

/* With a cache of read bytes, the server sends files from where the cache ends (its last
 * bytes again, to compare): the same index, also after a file was rewritten underneath. */
static void
test_with_cache (void)
{
  g_autofree char *shared = test_env_shared_path ("multi_host", "logdir", NULL);
  g_autofree char *dir = g_build_filename (server.dir, "cached", NULL);
  g_autofree char *cache = g_build_filename (server.dir, "cache", NULL);
  g_autofree char *traces = NULL, *traces_path = NULL, *contents = NULL;
  g_autoptr(GDir) d = g_dir_open (shared, 0, NULL);
  g_autoptr(GError) error = NULL;
  const char *name;
  gsize length;

  g_mkdir (dir, 0755);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *from = g_build_filename (shared, name, NULL), *to = g_build_filename (dir, name, NULL);
      g_autofree char *bytes = NULL;
      g_assert_true (g_file_get_contents (from, &bytes, &length, &error));
      g_assert_true (g_file_set_contents (to, bytes, length, &error));
    }
  assert_loads_like_local (dir, build_program (), cache, TRUE);
  assert_loads_like_local (dir, build_program (), cache, TRUE);

  /* Rewritten with other bytes of the same length: the cached copy no longer matches. */
  traces = first_file_with_suffix (dir, ".graph_execution_traces");
  traces_path = g_build_filename (dir, traces, NULL);
  g_assert_true (g_file_get_contents (traces_path, &contents, &length, &error));
  g_assert_cmpuint (length, >, 100);
  memset (contents + length - 50, 'x', 50);
  g_assert_true (g_file_set_contents (traces_path, contents, length, &error));
  assert_loads_like_local (dir, build_program (), cache, TRUE);
}

/* A logdir whose traces take several of the server's windows: intact records go without
 * their checksums, and damage (bad data and length checksums), a record across windows and
 * half a record at the end go as they are; the index is the one a local load builds. */
static void
test_damaged_across_windows (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "damaged", NULL);
  TdbgDemoOptions demo = { 800, 500, "serve-host", 1700000000 };
  g_autofree char *traces = NULL, *path = NULL, *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_mkdir (dir, 0755);
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  traces = first_file_with_suffix (dir, ".graph_execution_traces");
  path = g_build_filename (dir, traces, NULL);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpuint (length, >, 16 << 20);
  test_damage_record (contents, length, 0.2, 20);
  test_damage_record (contents, length, 0.55, 9);
  contents = g_realloc (contents, length + 25);
  memcpy (contents + length, contents, 25);
  g_assert_true (g_file_set_contents (path, contents, length + 25, &error));
  assert_loads_like_local (dir, build_program (), NULL, TRUE);
}

/* A load cancelled before the server's program answered tries it again the next time; a
 * source let go while its files are still coming stops receiving them and goes. */
static void
test_cancel_and_let_go (void)
{
  g_autofree char *path = test_env_shared_path ("multi_host", "logdir", NULL);
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TdbgSource) source = connect_with (canonical, build_program (), NULL);
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source);

      g_cancellable_cancel (cancellable);
      g_assert_false (tdbg_logdir_load (logdir, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
      g_cancellable_reset (cancellable);
      g_assert_true (tdbg_logdir_load (logdir, cancellable, &error));
      g_assert_no_error (error);
      g_assert_true (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)));
    }
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(TdbgSource) source = connect_with (canonical, build_program (), NULL);
      names = tdbg_source_list_files (source, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (names);
      g_clear_pointer (&names, g_strfreev);
    }
}

/* Two files of 1 MiB that do not compress, sent through a server program that stops twice on
 * the way (as a slow link does): while they come, the bytes received are reported, growing,
 * of the sizes listed; once all came, the transfer is over. */
static void
test_progress (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "slow", NULL);
  g_autofree char *slow = ssh_fixture_slow_program (&server, build_program ());
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  guint64 received = 0, expected = 0, last = 0;
  guint partial = 0, distinct = 0;
  const gsize size = 1 << 20;

  g_mkdir (dir, 0755);
  ssh_fixture_write_noise (dir);
  source = connect_with (dir, slow, NULL);
  names = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)));
  while (tdbg_source_get_transfer (source, &received, &expected))
    {
      g_assert_cmpuint (expected, ==, 2 * size);
      g_assert_cmpuint (received, >=, last);
      g_assert_cmpuint (received, <=, expected);
      distinct += received != last;
      partial += received > 0 && received < expected;
      last = received;
      g_usleep (10000);
    }
  g_test_message ("%u different figures, %u samples between none and all", distinct, partial);
  /* Two stops on the way: at least two figures between none and all were seen. */
  g_assert_cmpuint (distinct, >=, 2);
  g_assert_cmpuint (partial, >=, 20);
  g_assert_cmpuint (received, ==, 2 * size);
  g_assert_cmpuint (expected, ==, 2 * size);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  ssh_fixture_setup (&server);
  g_test_add_func ("/ssh-exec/same-as-local", test_same_as_local);
  g_test_add_func ("/ssh-exec/v1-dump", test_v1_dump);
  g_test_add_func ("/ssh-exec/v1-dump-over-sftp", test_v1_dump_over_sftp);
  g_test_add_func ("/ssh-exec/falls-back-to-sftp", test_falls_back_to_sftp);
  g_test_add_func ("/ssh-exec/with-cache", test_with_cache);
  g_test_add_func ("/ssh-exec/damaged-across-windows", test_damaged_across_windows);
  g_test_add_func ("/ssh-exec/cancel-and-let-go", test_cancel_and_let_go);
  g_test_add_func ("/ssh-exec/progress", test_progress);
  status = g_test_run ();
  ssh_fixture_teardown (&server);
  return status;
}
