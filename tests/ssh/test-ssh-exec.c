/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Remote logdirs sent by the server's own tfdbg-gtk over the SSH exec channel (the build's,
 * run by the throwaway sshd of ssh-fixture.c): the same index as a local open, and SFTP
 * instead whenever that program is missing, another version, not ours, or turned off. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-ssh-source.h"
#include "tdbg-v1-source.h"
#include "alert-fixtures.h"
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

/* The stored tfdbg V1 dump roots (written by TensorFlow 2.21). */
static const char *const v1_dumps[] = { "two-devices", "numeric-summary", "training-hook", "while-loop" };

/* @root loaded over SSH with @program on the server (the bytes came the way @expect_exec
 * says), and loaded here as data/v1/ reads it: the same index and the same problems, each
 * naming the same file of the dump at the same offset. Returns the remote load. */
static TdbgLogdir *
assert_v1_loads_like_local (const char *root, const char *program, gboolean expect_exec)
{
  g_autofree char *canonical = g_canonicalize_filename (root, NULL);
  g_autoptr(TdbgSource) source = connect_with (canonical, program, NULL);
  g_autoptr(TdbgSource) local_source = tdbg_v1_source_new (canonical);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source), local = tdbg_logdir_new (local_source);
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (tdbg_logdir_load (local, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)), ==, expect_exec);
  g_test_message ("%s: %u traces, %u executions, %u alerts, %u problems %s", root, tdbg_logdir_get_n_traces (logdir),
                  tdbg_logdir_get_n_executions (logdir), tdbg_logdir_get_n_alerts (logdir),
                  tdbg_logdir_get_problems (logdir)->len, expect_exec ? "sent by the server" : "over SFTP");
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 0);
  /* No dump carries a Python traceback: said of both loads, and not as a problem. */
  g_assert_true (tdbg_logdir_holds_no_traceback (logdir));
  g_assert_true (tdbg_logdir_holds_no_traceback (local));
  test_assert_same_logdir (logdir, local);
  return g_steal_pointer (&logdir);
}

/* The stored tfdbg V1 dump roots through the server's tfdbg-gtk: the logdir made of each on the
 * server, as a local open makes it, with the dump's own problems, which the made files do not
 * hold; two-devices: 33 dumps, 4 Session.run calls, 3 NaN. */
static void
test_v1_dump (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (v1_dumps); i++)
    {
      const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", v1_dumps[i], NULL);
      g_autoptr(TdbgLogdir) logdir = assert_v1_loads_like_local (root, build_program (), TRUE);

      if (i == 0)
        {
          g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 33);
          g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 4);
          g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 3);
          g_assert_cmpuint (tdbg_logdir_get_n_devices (logdir), ==, 2);
        }
    }
}

/* The same dump roots over SFTP alone (no tfdbg-gtk on the server): the dump's files read
 * over SFTP make the logdir a local open makes, and the dump's own problems come with it,
 * named by its files. */
static void
test_v1_dump_over_sftp (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (v1_dumps); i++)
    {
      const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", v1_dumps[i], NULL);
      g_object_unref (assert_v1_loads_like_local (root, "no", FALSE));
    }
}

static void
copy_tree (const char *from, const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  g_autoptr(GError) error = NULL;
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir (to, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (from, name, NULL), *target = g_build_filename (to, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_file_test (source, G_FILE_TEST_IS_DIR))
        {
          copy_tree (source, target);
          continue;
        }
      g_assert_true (g_file_get_contents (source, &contents, &length, &error));
      g_assert_true (g_file_set_contents (target, contents, length, &error));
    }
}

/* The first run of tests/data/v1/two-devices and the one whose dumps hold the NaN. */
#define FIRST_CPU1 "run_1795817552826972_1/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1"
#define NAN_RUN "run_1795817552907547_2"
#define NAN_METADATA NAN_RUN "/_tfdbg_core_metadata_sessionrun00000000000003_1795817552949313"
#define NAN_FILE NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/layer/sqrt/unary_ops_composition_0_DebugIdentity_1795817552955070"

/* Runs the command line's @command on @logdir (with @program on the server for ssh://); returns
 * what it printed (its standard output, then its standard error) with @logdir's name replaced
 * by LOGDIR, and its exit status. */
static char *
run_cli (const char *command, const char *logdir, const char *program, gint *status)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = NULL;
  g_autofree char *out = NULL, *err = NULL, *both = NULL;
  g_auto(GStrv) parts = NULL;

  p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, build_program (),
                        command, "--known-hosts", server.known_hosts, "--ssh-config", "/dev/null", "-i",
                        server.client_key, "--remote-program", program, logdir,
                        g_str_equal (command, "inspect") ? "--json" : NULL, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, &err, &error));
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (p);
  both = g_strconcat (out, "---\n", err, NULL);
  parts = g_strsplit (both, logdir, -1);
  return g_strjoinv ("LOGDIR", parts);
}

/* A damaged copy of a stored dump root: a run without its core metadata, an Event cut short,
 * a dump of a folder still being written (empty). Sent by the server's tfdbg-gtk, the logdir
 * made of it comes with the dump's problems, each naming the dump's file: the same as read
 * here and over SFTP alone, also when the server's program is this version speaking the
 * protocol before problems were sent; `inspect --json` and `alerts` print the same and exit
 * the same. */
static void
test_v1_damaged_dump (void)
{
  const char *stored = g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autofree char *root = g_build_filename (server.dir, "v1-damaged", NULL);
  g_autofree char *uri = ssh_fixture_uri (&server, root);
  g_autofree char *metadata = g_build_filename (root, NAN_METADATA, NULL);
  g_autofree char *cut = g_build_filename (root, NAN_FILE, NULL);
  g_autofree char *empty = g_build_filename (root, FIRST_CPU1, "loss_0_DebugIdentity_1795817552906591", NULL);
  g_autofree char *older = ssh_fixture_path (&server, "protocol-1");
  g_autofree char *older_script = g_strdup_printf ("#!/bin/sh\nprintf 'tfdbg-gtk serve-logdir 1 %s\\n'\n"
                                                   "cat > /dev/null\n", TDBG_VERSION);
  g_autoptr(TdbgLogdir) over_exec = NULL, over_sftp = NULL, over_older = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GPtrArray *problems;
  gsize length;
  const char *commands[] = { "inspect", "alerts" };
  const char *expected[] = { NAN_RUN, NAN_FILE, FIRST_CPU1 "/loss_0_DebugIdentity_1795817552906591" };

  copy_tree (stored, root);
  g_assert_cmpint (g_unlink (metadata), ==, 0);
  g_assert_true (g_file_get_contents (cut, &contents, &length, &error));
  g_assert_true (g_file_set_contents (cut, contents, length * 6 / 10, &error));
  g_assert_true (g_file_set_contents (empty, "", 0, &error));

  over_exec = assert_v1_loads_like_local (root, build_program (), TRUE);
  over_sftp = assert_v1_loads_like_local (root, "no", FALSE);
  ssh_fixture_write (&server, "protocol-1", older_script);
  g_assert_cmpint (g_chmod (older, 0755), ==, 0);
  over_older = assert_v1_loads_like_local (root, older, FALSE);
  problems = tdbg_logdir_get_problems (over_exec);
  for (guint i = 0; i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      g_test_message ("problem: %s @%" G_GUINT64_FORMAT ": %s", p->file_name, p->byte_offset, p->message);
    }
  /* Each damage named by its file, and nothing else (the missing traceback is no damage). */
  g_assert_cmpuint (problems->len, ==, G_N_ELEMENTS (expected));
  for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < problems->len; i++)
        found |= g_str_equal (((TdbgProblem *) g_ptr_array_index (problems, i))->file_name, expected[e]);
      g_assert_true (found);
    }

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      gint local_status, exec_status, sftp_status;
      g_autofree char *local = run_cli (commands[c], root, build_program (), &local_status);
      g_autofree char *exec = run_cli (commands[c], uri, build_program (), &exec_status);
      g_autofree char *sftp = run_cli (commands[c], uri, "no", &sftp_status);

      g_test_message ("%s: exit %d\n%s", commands[c], local_status, local);
      g_assert_nonnull (strstr (local, c == 0 ? NAN_FILE : "3 problems"));
      g_assert_cmpstr (exec, ==, local);
      g_assert_cmpint (exec_status, ==, local_status);
      g_assert_cmpstr (sftp, ==, local);
      g_assert_cmpint (sftp_status, ==, local_status);
    }
}

/* `inspect` reads each byte of a logdir afar once: the records of the first NaN/∞ it shows
 * come from the bytes its load read, not from a second read over SFTP. Here the bulk files
 * are gone once the server's tfdbg-gtk has sent them (its answer held back until they are
 * removed: the client sends its request without waiting), and `inspect --json` still prints
 * what it prints of the same logdir on this machine, with status 0. */
static void
test_inspect_reads_once (void)
{
  g_autofree char *stored = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *root = g_build_filename (server.dir, "gone-after-serve", NULL);
  g_autofree char *uri = ssh_fixture_uri (&server, root);
  g_autofree char *program = ssh_fixture_path (&server, "serve-then-remove");
  g_autofree char *answer = g_build_filename (server.dir, "held-answer", NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\n'%s' \"$@\" >'%s'\nstatus=$?\n"
                                             "rm -f '%s'/*.graph_execution_traces '%s'/*.execution\n"
                                             "cat '%s'\nrm -f '%s'\nexit $status\n",
                                             build_program (), answer, root, root, answer, answer);
  g_autofree char *removed = g_build_filename (root, "tfdbg_events.1720456009.gpu-ws-17.execution", NULL);
  g_autofree char *output = NULL, *local = NULL;
  gint status = -1, local_status = -1;

  copy_tree (stored, root);
  ssh_fixture_write (&server, "serve-then-remove", script);
  g_assert_cmpint (g_chmod (program, 0755), ==, 0);
  output = run_cli ("inspect", uri, program, &status);
  local = run_cli ("inspect", stored, build_program (), &local_status);
  g_test_message ("%s", output);
  g_assert_false (g_file_test (removed, G_FILE_TEST_EXISTS));
  g_assert_cmpint (local_status, ==, 0);
  g_assert_null (strstr (local, "\"first_inf_nan_graph_execution_trace\": null"));
  g_assert_cmpstr (output, ==, local);
  g_assert_cmpint (status, ==, 0);
}

/* The Retracing alert is found over ssh:// as on a local logdir, whatever TensorFlow named the
 * function's graphs: TensorFlow 2.21's plain Python names (tests/real-tf's retrace logdir, as
 * TensorFlow wrote it, and Keras's one_step_on_data) and the older __inference_<name>_<n>,
 * through the server's tfdbg-gtk and over SFTP alone. */
static void
test_retracing (void)
{
  const char *stored = g_test_get_filename (G_TEST_DIST, "data", "real-tf", "real-tf.tar.xz", NULL);
  g_autofree char *real = g_build_filename (server.dir, "real-tf", NULL);
  g_autofree char *retrace = g_build_filename (real, "retrace", NULL);
  g_autofree char *names = g_build_filename (server.dir, "retracing-names", NULL);
  g_autofree char *inference = g_build_filename (server.dir, "retracing-inference", NULL);
  const char *dirs[] = { retrace, names, inference };
  const char *expected[] = {
    "Retracing: function normalize traced into 6 graphs, created at retrace.py:15\n",
    /* Two functions retraced in one logdir: two lines. */
    ("Retracing: function normalize traced into 6 graphs, created at train.py:5\n"
     "Retracing: function one_step_on_data traced into 5 graphs, created at train.py:10\n"),
    "Retracing: function model traced into 5 graphs, created at model.py:12\n",
  };

  g_assert_cmpint (g_mkdir_with_parents (real, 0755), ==, 0);
  ssh_fixture_run ((const char *const[]) { "tar", "-xJf", stored, "-C", real, "retrace", NULL });
  g_assert_cmpint (g_mkdir (names, 0755), ==, 0);
  alert_fixture_write_real_retracing (names);
  g_assert_cmpint (g_mkdir (inference, 0755), ==, 0);
  alert_fixture_write_retracing (inference, 5);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *uri = ssh_fixture_uri (&server, dirs[i]);
      gint local_status, exec_status, sftp_status;
      g_autofree char *local = run_cli ("alerts", dirs[i], build_program (), &local_status);
      g_autofree char *exec = run_cli ("alerts", uri, build_program (), &exec_status);
      g_autofree char *sftp = run_cli ("alerts", uri, "no", &sftp_status);
      g_auto(GStrv) lines = g_strsplit (exec, "\n", -1);
      g_autoptr(GString) retracing = g_string_new (NULL);

      for (guint l = 0; lines[l]; l++)
        if (g_str_has_prefix (lines[l], "Retracing: "))
          g_string_append_printf (retracing, "%s\n", lines[l]);
      g_assert_cmpstr (retracing->str, ==, expected[i]);
      g_assert_cmpstr (exec, ==, local);
      g_assert_cmpint (exec_status, ==, local_status);
      g_assert_cmpstr (sftp, ==, local);
      g_assert_cmpint (sftp_status, ==, local_status);
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
  g_test_add_func ("/ssh-exec/v1-damaged-dump", test_v1_damaged_dump);
  g_test_add_func ("/ssh-exec/falls-back-to-sftp", test_falls_back_to_sftp);
  g_test_add_func ("/ssh-exec/inspect-reads-once", test_inspect_reads_once);
  g_test_add_func ("/ssh-exec/retracing", test_retracing);
  g_test_add_func ("/ssh-exec/with-cache", test_with_cache);
  g_test_add_func ("/ssh-exec/damaged-across-windows", test_damaged_across_windows);
  g_test_add_func ("/ssh-exec/cancel-and-let-go", test_cancel_and_let_go);
  g_test_add_func ("/ssh-exec/progress", test_progress);
  status = g_test_run ();
  ssh_fixture_teardown (&server);
  return status;
}
