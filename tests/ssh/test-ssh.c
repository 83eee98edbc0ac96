/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Remote logdirs against a throwaway sshd on 127.0.0.1, started here with its own host key,
 * authorized_keys and (in a private mount namespace) its own /etc/shadow, so that nothing of
 * the machine's own SSH setup changes. The command line's inspect --json is compared both
 * ways on every shared logdir, and a run still being written is followed over SFTP. */

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "answer-prompt.h"
#include "follow-util.h"
#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-location.h"
#include "tdbg-logdir.h"
#include "tdbg-records.h"
#include "tdbg-remote.h"
#include "tdbg-ssh-source.h"
#include "ssh-fixture.h"
#include "test-env.h"
#include "test-util.h"

static SshFixture server;

static char *
uri_for (const char *path)
{
  return ssh_fixture_uri (&server, path);
}

static TdbgSshOptions
key_options (void)
{
  TdbgSshOptions options = { 0 };
  options.known_hosts_file = server.known_hosts;
  options.global_known_hosts_file = "/dev/null";
  options.config_file = "";
  options.identity_file = server.client_key;
  return options;
}

/* A connection to @path on the server, with key auth. */
static TdbgSource *
connect_with_key (const char *path)
{
  g_autofree char *uri = uri_for (path);
  TdbgSshOptions options = key_options ();
  g_autoptr(GError) error = NULL;
  TdbgSource *source = tdbg_ssh_source_new (uri, &options, NULL, &error);

  g_assert_no_error (error);
  return source;
}

/* The logdir @source serves, loaded. */
static TdbgLogdir *
load_from (TdbgSource *source)
{
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir = tdbg_logdir_new (source);

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

/* The same facts over SSH as locally, for a sample of the shared logdirs. */
static void
test_key_auth_same_as_local (void)
{
  const char *names[] = { "tutorial_mnist/logdir", "multi_host/logdir", "live_truncated/logdir", "corrupt/bad_length_crc" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *local_path = test_env_shared_path (names[i], NULL);
      g_autofree char *canonical = g_canonicalize_filename (local_path, NULL);
      g_autoptr(TdbgSource) source = connect_with_key (canonical);
      g_autoptr(TdbgLogdir) remote = load_from (source), local = test_load_logdir (local_path);

      test_assert_same_logdir (remote, local);
    }
}

/* Reads at and across the boundaries of the pipelined requests, at and past the end of the
 * file, give the same bytes over SFTP as locally; a directory or a missing name none. */
static void
test_read_ranges_same_as_local (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "ranges", NULL);
  g_autofree char *path = g_build_filename (dir, "data.bin", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  const gsize size = (3 << 20) + 12345;
  g_autofree guint8 *content = g_malloc (size);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) remote = NULL, local = NULL;
  const struct { guint64 offset; gsize length; } ranges[] = {
    { 0, G_MAXSIZE }, { 0, 0 }, { 1, 65535 }, { 65535, 65537 }, { 65536, 32 * 65536 + 1 },
    { size - 10, 100 }, { size - 1, 1 }, { size, 10 }, { size + 5, 10 }, { 12345, G_MAXSIZE },
  };

  g_mkdir_with_parents (sub, 0755);
  for (gsize i = 0; i < size; i++)
    content[i] = (guint8) (i * 2654435761u >> 11);
  g_assert_true (g_file_set_contents (path, (const char *) content, size, &error));
  remote = connect_with_key (dir);
  local = tdbg_local_source_new (dir);
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    {
      g_autoptr(GBytes) over_ssh = tdbg_source_read (remote, "data.bin", ranges[r].offset, ranges[r].length, NULL, &error);
      g_assert_no_error (error);
      g_autoptr(GBytes) here = tdbg_source_read (local, "data.bin", ranges[r].offset, ranges[r].length, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (over_ssh, NULL), g_bytes_get_size (over_ssh),
                       g_bytes_get_data (here, NULL), g_bytes_get_size (here));
    }
  /* Failures leave the connection usable. */
  g_assert_null (tdbg_source_read (remote, "sub", 0, 100, NULL, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  g_clear_error (&error);
  g_assert_null (tdbg_source_read (remote, "missing.bin", 0, 100, NULL, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_clear_error (&error);
  {
    g_autoptr(GBytes) again = tdbg_source_read (remote, "data.bin", 0, G_MAXSIZE, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (g_bytes_get_data (again, NULL), g_bytes_get_size (again), content, size);
  }
}

/* A big logdir over SSH (its traces split between scanning threads, read in many pipelined
 * requests): the index is the one a local load builds, with damage and a record cut short at
 * the end: bad data checksums (records skipped) and a bad length checksum (resynchronising). */
static void
test_big_damaged_same_as_local (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "big-damaged", NULL);
  TdbgDemoOptions demo = { 2000, 1500, "stream-host", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autofree char *traces = NULL, *original = NULL;
  gsize original_length;
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_mkdir (dir, 0755);
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".graph_execution_traces"))
      traces = g_build_filename (dir, name, NULL);
  g_assert_nonnull (traces);
  source = connect_with_key (dir);
  g_assert_true (g_file_get_contents (traces, &original, &original_length, &error));
  /* Far more than the requests in flight, and split between two scanning threads. */
  g_assert_cmpuint (original_length, >, 32 << 20);
  for (guint variant = 0; variant < 3; variant++)
    {
      g_autoptr(TdbgLogdir) remote = NULL, local = NULL;
      gsize length = original_length;
      g_autofree char *contents = g_memdup2 (original, length);

      if (variant == 1)
        {
          /* Bad data checksums: skipped records, and half a record at the end. */
          test_damage_record (contents, length, 0.3, 20);
          test_damage_record (contents, length, 0.8, 30);
          contents = g_realloc (contents, length + 25);
          memcpy (contents + length, contents, 25);
          length += 25;
        }
      else if (variant == 2)
        /* A bad length checksum: from there on, resynchronisation. */
        test_damage_record (contents, length, 0.45, 9);
      g_assert_true (g_file_set_contents (traces, contents, length, &error));
      remote = load_from (source);
      local = test_load_logdir (dir);
      g_test_message ("variant %u: %u traces, %u problems", variant, tdbg_logdir_get_n_traces (local),
                      tdbg_logdir_get_problems (local)->len);
      g_assert_cmpuint (tdbg_logdir_get_problems (local)->len, ==, variant == 0 ? 0 : variant == 1 ? 2 : 1);
      test_assert_same_logdir (remote, local);
    }
}

static void
test_agent_auth (void)
{
  g_autofree char *sock = ssh_fixture_path (&server, "agent.sock");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) agent = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, "ssh-agent", "-D", "-a", sock, NULL);
  g_autofree char *uri = uri_for ("/");
  TdbgSshOptions options = key_options ();
  g_autoptr(TdbgSource) refused = NULL, source = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 100 && !g_file_test (sock, G_FILE_TEST_EXISTS); i++)
    g_usleep (20000);
  g_setenv ("SSH_AUTH_SOCK", sock, TRUE);
  options.identity_file = NULL;
  /* No key in the agent yet: refused. */
  refused = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_clear_error (&error);
  ssh_fixture_run ((const char *[]) { "ssh-add", "-q", server.client_key, NULL });
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (source);
  g_unsetenv ("SSH_AUTH_SOCK");
  g_subprocess_send_signal (agent, SIGTERM);
  g_subprocess_wait (agent, NULL, NULL);
}

static void
test_password_auth (void)
{
  g_autofree char *uri = uri_for ("/");
  g_autoptr(GError) error = NULL;
  TdbgSshOptions options = key_options ();
  g_autoptr(TdbgSource) wrong = NULL, right = NULL;
  g_autoptr(TdbgAnswerPrompt) prompt = tdbg_answer_prompt_new (TDBG_HOST_KEY_REFUSE, "wrong password");

  options.identity_file = "/nonexistent";
  options.prompt = TDBG_PROMPT (prompt);
  wrong = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (wrong);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_cmpuint (tdbg_answer_prompt_get_n_secrets (prompt), >, 0);
  g_clear_error (&error);
  tdbg_answer_prompt_set_secret (prompt, SSH_FIXTURE_PASSWORD);
  right = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (right);
}

static void
test_unknown_and_changed_host (void)
{
  g_autofree char *uri = uri_for ("/");
  g_autofree char *empty = ssh_fixture_path (&server, "known_hosts_empty");
  g_autofree char *changed = ssh_fixture_path (&server, "known_hosts_changed");
  g_autofree char *other_key = ssh_fixture_path (&server, "other_ed25519");
  g_autofree char *other_pub = NULL, *line = NULL, *entry = NULL;
  g_autoptr(GError) error = NULL;
  TdbgSshOptions options = key_options ();
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgAnswerPrompt) prompt = tdbg_answer_prompt_new (TDBG_HOST_KEY_ACCEPT_ONCE, NULL);

  ssh_fixture_write (&server, "known_hosts_empty", "");
  options.known_hosts_file = empty;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
  g_clear_error (&error);

  options.prompt = TDBG_PROMPT (prompt);
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_answer_prompt_get_n_host_keys (prompt), ==, 1);
  g_clear_object (&source);
  /* Accepting once did not write the key down. */
  g_assert_true (g_file_get_contents (empty, &line, NULL, NULL));
  g_assert_cmpstr (line, ==, "");

  ssh_fixture_keygen (other_key);
  other_pub = g_strconcat (other_key, ".pub", NULL);
  entry = ssh_fixture_known_hosts_line (&server, other_pub);
  ssh_fixture_write (&server, "known_hosts_changed", entry);
  options.known_hosts_file = changed;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
  g_assert_nonnull (strstr (error->message, "CHANGED"));
  /* a changed key is never offered for acceptance */
  g_assert_cmpuint (tdbg_answer_prompt_get_n_host_keys (prompt), ==, 1);
}

static void
test_missing_path_and_unreadable_file (void)
{
  g_autofree char *missing = uri_for ("/nonexistent/logdir");
  g_autofree char *dir = g_build_filename (server.dir, "logdir", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autoptr(GError) error = NULL;
  TdbgSshOptions options = key_options ();
  g_autoptr(TdbgSource) source = tdbg_ssh_source_new (missing, &options, NULL, &error);
  guint64 size;

  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_mkdir (dir, 0755);
  source = connect_with_key (dir);
  /* A name that is not there, and a directory where a file is expected. */
  g_assert_false (tdbg_source_get_size (source, "tfdbg_events.1.h.metadata", &size, NULL, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_mkdir_with_parents (sub, 0755);
  g_assert_null (tdbg_source_read (source, "sub", 0, 100, NULL, &error));
  g_assert_nonnull (error);
}

/* The server goes away mid-run: what was loaded stays, the failure is reported, and after a
 * reconnect the refresh continues from where it stopped; nothing is loaded twice. */
static void
test_drop_and_reconnect (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "live", NULL);
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions demo = { 3, 1, "live-host", 1700000000 };
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  guint before;

  g_mkdir (dir, 0755);
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  source = connect_with_key (dir);
  logdir = load_from (source);
  before = tdbg_logdir_get_n_traces (logdir);
  g_assert_cmpuint (before, >, 0);

  ssh_fixture_stop (&server);
  g_assert_false (tdbg_logdir_refresh (logdir, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, before);

  ssh_fixture_start (&server);
  g_assert_true (tdbg_ssh_source_reconnect (TDBG_SSH_SOURCE (source), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (tdbg_logdir_refresh (logdir, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, before);
}

/* Runs the command line (with @remote_program on the server for ssh://); returns its
 * standard output, with the logdir's own name (which differs between the ways of reading it)
 * replaced by LOGDIR. */
static char *
inspect_json (const char *logdir, const char *remote_program, gint *status)
{
  const char *cli = g_getenv ("TDBG_CLI");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) parts = NULL;

  g_assert_nonnull (cli);
  p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error, cli, "inspect",
                        "--json", "--known-hosts", server.known_hosts, "--ssh-config", "/dev/null", "-i",
                        server.client_key, "--remote-program", remote_program, logdir, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (p);
  parts = g_strsplit (out, logdir, -1);
  return g_strjoinv ("LOGDIR", parts);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* Every directory under @dir that holds tfdbg2 files, in name order. */
static void
find_logdirs (const char *dir, GPtrArray *found)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  gboolean is_logdir = FALSE;

  while (d && (name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);

      if (g_str_has_prefix (n, "tfdbg_events."))
        is_logdir = TRUE;
      else if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        find_logdirs (path, found);
    }
  if (is_logdir)
    g_ptr_array_add (found, g_strdup (dir));
}

/* inspect --json over ssh:// prints what it prints locally, for every shared logdir: over
 * SFTP, and sent by the server's tfdbg-gtk (this build's). */
static void
test_inspect_json_same_as_local (void)
{
  g_autofree char *canonical_root = g_canonicalize_filename (test_env_shared_logdirs (), NULL);
  g_autoptr(GPtrArray) logdirs = g_ptr_array_new_with_free_func (g_free);

  find_logdirs (canonical_root, logdirs);
  /* The corpus holds 20 logdirs; a missing one must not pass unnoticed. */
  g_assert_cmpuint (logdirs->len, >=, 20);
  for (guint i = 0; i < logdirs->len; i++)
    {
      const char *path = g_ptr_array_index (logdirs, i);
      g_autofree char *uri = uri_for (path);
      gint local_status, remote_status, exec_status;
      g_autofree char *local = inspect_json (path, "no", &local_status);
      g_autofree char *remote = inspect_json (uri, "no", &remote_status);
      g_autofree char *exec = inspect_json (uri, g_getenv ("TDBG_CLI"), &exec_status);

      g_test_message ("%s: exit %d, %zu bytes of JSON", path + strlen (canonical_root), local_status, strlen (local));
      /* A logdir whose records cannot be read at all is unreadable (exit 2), read either way. */
      g_assert_cmpint (local_status, ==,
                       g_str_has_suffix (path, "/corrupt/garbage") || g_str_has_suffix (path, "/corrupt/empty_files") ? 2 : 0);
      g_assert_cmpint (remote_status, ==, local_status);
      g_assert_true (g_str_has_prefix (local, "{"));
      g_assert_cmpstr (remote, ==, local);
      g_assert_cmpint (exec_status, ==, local_status);
      g_assert_cmpstr (exec, ==, local);
    }
}

/* A run written into a directory the sshd serves while a reader follows it over SFTP: whole
 * records, records cut short, a second host; every record arrives once, none is a problem. */
static void
test_follow_over_sftp (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "growing", NULL);
  const char *no_inputs[] = { NULL };
  const gint32 ids[] = { 1 };
  double values[11] = { 1, -1, 1, 2, 16, 0, 0, 0, 0, 4, 12 };
  Tensorflow__TensorProto *summary = tdbg_fixture_summary_tensor (values, 11);
  g_autoptr(TdbgFixtureWriter) first = NULL, second = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  TdbgFixtureWriter *w;
  guint traces = 0, executions = 0;

  g_mkdir (dir, 0755);
  w = first = tdbg_fixture_writer_new (dir, "trainer", 1700000000, 1699999990, "55550000", "2.16.1", &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (first, 1699999991, "g1", "step", NULL, &error));
  g_assert_true (tdbg_fixture_writer_add_op (first, 1699999992, "g1", "step", "Relu", "relu", no_inputs, ids, 1,
                                             no_inputs, &error));
  g_assert_true (tdbg_fixture_writer_flush (first, &error));
  source = connect_with_key (dir);
  logdir = load_from (source);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);

  for (guint step = 0; step < 12; step++)
    {
      TdbgRefreshStats stats;
      guint before = traces, executions_before = executions;
      gboolean cut = step % 3 == 1;

      if (step == 6)
        {
          /* A second host joins. */
          w = second = tdbg_fixture_writer_new (dir, "worker-0", 1700000050, 1700000000, "55550000", "2.16.1", &error);
          g_assert_no_error (error);
        }
      /* The records cut short the step before are completed. */
      if (step % 3 == 2)
        {
          g_assert_true (tdbg_fixture_writer_finish_record (w, TDBG_FILE_GRAPH_EXECUTION_TRACES, &error));
          g_assert_true (tdbg_fixture_writer_finish_record (w, TDBG_FILE_EXECUTION, &error));
          traces++;
          executions++;
        }
      for (guint i = 0; i < 7 + (cut ? 1 : 0); i++)
        {
          if (cut && i == 7)
            {
              tdbg_fixture_writer_cut_next (w, TDBG_FILE_GRAPH_EXECUTION_TRACES, 5 + step);
              tdbg_fixture_writer_cut_next (w, TDBG_FILE_EXECUTION, 3);
            }
          g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000100 + traces, "g1", "relu", 0,
                                                        TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, summary,
                                                        "/job:localhost/replica:0/task:0/device:CPU:0", &error));
          g_assert_true (tdbg_fixture_writer_add_execution (w, 1700000100.5 + executions, "Relu", 1,
                                                            TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL, &error));
          if (i < 7)
            {
              traces++;
              /* Every host's executions are read (Debugger V2 reads the first host's only). */
              executions++;
            }
        }
      g_assert_true (tdbg_fixture_writer_flush (w, &error));
      /* A budget smaller than a step's records: some fetches leave bytes behind. */
      g_assert_true (follow_logdir (logdir, 300, &stats, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (stats.new_traces, ==, traces - before);
      g_assert_cmpuint (stats.new_executions, ==, executions - executions_before);
      g_assert_cmpuint (stats.new_problems, ==, 0);
      g_assert_cmpuint (stats.new_file_sets, ==, step == 6 ? 1 : 0);
      g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, traces);
      g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, executions);
    }
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
  for (guint i = 0; i < traces; i++)
    g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, i), ==, 1700000100 + i);
  for (guint i = 0; i < executions; i++)
    g_assert_cmpfloat (tdbg_logdir_get_execution (logdir, i)->wall_time, ==, 1700000100.5 + i);
  tdbg_fixture_tensor_free (summary);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

#define BENCH_RUNS 5

/* What one timed run cost: seconds of wall time, of this process's CPU time (all its threads)
 * and of the server's (sshd and the processes serving the connection). */
typedef struct {
  double wall, client_cpu, server_cpu;
} Cost;

static double
process_cpu_seconds (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static double
median_of (double *values)
{
  qsort (values, BENCH_RUNS, sizeof (double), compare_doubles);
  return values[BENCH_RUNS / 2];
}

/* Each part's median over BENCH_RUNS runs of @what. */
static Cost
median_cost (void (*what) (gpointer), gpointer data)
{
  double wall[BENCH_RUNS], client[BENCH_RUNS], sshd[BENCH_RUNS];
  for (guint i = 0; i < BENCH_RUNS; i++)
    {
      double client_start = process_cpu_seconds (), server_start = ssh_fixture_cpu_seconds (&server);
      gint64 start = g_get_monotonic_time ();
      what (data);
      wall[i] = (g_get_monotonic_time () - start) / 1e6;
      client[i] = process_cpu_seconds () - client_start;
      sshd[i] = ssh_fixture_cpu_seconds (&server) - server_start;
    }
  return (Cost) { median_of (wall), median_of (client), median_of (sshd) };
}

static void
read_big_file (gpointer data)
{
  TdbgSource *source = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tdbg_source_read (source, "big.bin", 0, G_MAXSIZE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 256 << 20);
}

static void
load_logdir (gpointer data)
{
  g_autoptr(TdbgLogdir) logdir = load_from (data);

  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 1000000);
}

/* Throughput over loopback (run with -m perf): one 256 MiB file, and a logdir of a million
 * traces over SSH against the same logdir read locally, in the same process. Prints the
 * medians of wall and CPU times, and how many times the local time the load over SSH takes;
 * asserts none. Client and server share the machine's cores, so their CPU times show what
 * bounds the transfer. */
static void
test_throughput (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "bench", NULL);
  g_autofree char *big = g_build_filename (dir, "big.bin", NULL);
  g_autofree guint8 *content = g_malloc (256 << 20);
  TdbgDemoOptions demo = { 10000, 5000, "bench-host", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) remote = NULL, local = NULL;
  Cost read, remote_load, local_load;

  g_mkdir (dir, 0755);
  for (gsize i = 0; i < (256 << 20); i++)
    content[i] = (guint8) (i * 2654435761u >> 13);
  g_assert_true (g_file_set_contents (big, (const char *) content, 256 << 20, &error));
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  remote = connect_with_key (dir);
  local = tdbg_local_source_new (dir);
  load_logdir (local); /* warm the page cache */

  read = median_cost (read_big_file, remote);
  local_load = median_cost (load_logdir, local);
  remote_load = median_cost (load_logdir, remote);
  g_test_minimized_result (read.wall, "one 256 MiB file over SFTP: %.2f s, %.0f MB/s (CPU: client %.2f s, sshd %.2f s)",
                           read.wall, (256 << 20) / 1e6 / read.wall, read.client_cpu, read.server_cpu);
  g_test_message ("CPU per load of the logdir: local %.2f s; over SSH client %.2f s, sshd %.2f s",
                  local_load.client_cpu, remote_load.client_cpu, remote_load.server_cpu);
  g_test_minimized_result (remote_load.wall, "logdir of 1,030,000 traces (medians of %d): local %.3f s, over SSH %.3f s, "
                           "%.1f times the local time", BENCH_RUNS, local_load.wall, remote_load.wall,
                           remote_load.wall / local_load.wall);
}

static void
opened_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  TdbgSource **out = data;

  *out = tdbg_location_open_finish (result, &error);
  g_assert_no_error (error);
}

/* The one way from an ssh:// address to a source: the settings and the host key's fate come from
 * the prompt, in a worker. */
static void
test_location_open_asks_prompt (void)
{
  g_autofree char *uri = uri_for ("/");
  g_autofree char *empty = ssh_fixture_path (&server, "known_hosts_none");
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = NULL;
  g_autoptr(TdbgAnswerPrompt) prompt = tdbg_answer_prompt_new (TDBG_HOST_KEY_REFUSE, NULL);
  g_autoptr(TdbgSource) source = NULL;

  tdbg_remote_init ();
  location = tdbg_location_parse (uri, &error);
  g_assert_no_error (error);
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_KNOWN_HOSTS, server.known_hosts);
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_GLOBAL_KNOWN_HOSTS, "/dev/null");
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_SSH_CONFIG, "");
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_IDENTITY, server.client_key);
  tdbg_location_open_async (location, TDBG_PROMPT (prompt), NULL, opened_cb, &source);
  while (source == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (tdbg_source_can_reconnect (source));
  g_assert_cmpuint (tdbg_answer_prompt_get_n_host_keys (prompt), ==, 0);
  g_clear_object (&source);

  /* A known_hosts without the server: the prompt is asked, and its refusal holds. */
  ssh_fixture_write (&server, "known_hosts_none", "");
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_KNOWN_HOSTS, empty);
  source = tdbg_location_open (location, TDBG_PROMPT (prompt), NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
  g_assert_cmpuint (tdbg_answer_prompt_get_n_host_keys (prompt), ==, 1);
  /* Nobody to ask: refused without a question. */
  g_clear_error (&error);
  source = tdbg_location_open (location, NULL, NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  ssh_fixture_setup (&server);
  g_test_add_func ("/ssh/key-auth-same-as-local", test_key_auth_same_as_local);
  g_test_add_func ("/ssh/agent-auth", test_agent_auth);
  g_test_add_func ("/ssh/password-auth", test_password_auth);
  g_test_add_func ("/ssh/unknown-and-changed-host", test_unknown_and_changed_host);
  g_test_add_func ("/ssh/location-open-asks-prompt", test_location_open_asks_prompt);
  g_test_add_func ("/ssh/missing-path-unreadable-file", test_missing_path_and_unreadable_file);
  g_test_add_func ("/ssh/read-ranges-same-as-local", test_read_ranges_same_as_local);
  g_test_add_func ("/ssh/drop-and-reconnect", test_drop_and_reconnect);
  g_test_add_func ("/ssh/inspect-json-same-as-local", test_inspect_json_same_as_local);
  g_test_add_func ("/ssh/follow-over-sftp", test_follow_over_sftp);
  g_test_add_func ("/ssh/big-damaged-same-as-local", test_big_damaged_same_as_local);
  if (g_test_perf ())
    g_test_add_func ("/ssh/throughput", test_throughput);
  status = g_test_run ();
  ssh_fixture_teardown (&server);
  return status;
}
