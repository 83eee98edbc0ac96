/* Remote logdirs against a throwaway sshd on 127.0.0.1, started here with its own host key,
 * authorized_keys and (in a private mount namespace) its own /etc/shadow, so that nothing of
 * the machine's own SSH setup changes. */

#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-ssh-source.h"
#include "ssh-fixture.h"

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

static char *
give_password (const char *prompt, gboolean echo, gpointer user_data)
{
  return g_strdup (user_data);
}

static TdbgHostKeyDecision
accept_once (const char *host, guint port, const char *type, const char *fingerprint, gpointer user_data)
{
  *(gboolean *) user_data = g_str_has_prefix (fingerprint, "SHA256:");
  return TDBG_HOST_KEY_ACCEPT_ONCE;
}

/* The same facts over SSH as locally, for a sample of the shared logdirs. */
static void
test_key_auth_same_as_local (void)
{
  const char *root = g_getenv ("TDBG_SHARED_LOGDIRS");
  const char *names[] = { "tutorial_mnist/logdir", "multi_host/logdir", "live_truncated/logdir", "corrupt/bad_length_crc" };
  TdbgSshOptions options = key_options ();

  g_assert_nonnull (root);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *local_path = g_build_filename (root, names[i], NULL);
      g_autofree char *canonical = g_canonicalize_filename (local_path, NULL);
      g_autofree char *uri = uri_for (canonical);
      g_autoptr(GError) error = NULL;
      g_autoptr(TdbgSource) source = tdbg_ssh_source_new (uri, &options, NULL, &error);
      g_autoptr(TdbgLogdir) remote = NULL, local = tdbg_logdir_new_for_path (local_path);

      g_assert_no_error (error);
      remote = tdbg_logdir_new (source);
      g_assert_true (tdbg_logdir_load (remote, NULL, &error));
      g_assert_true (tdbg_logdir_load (local, NULL, &error));
      g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, tdbg_logdir_get_n_traces (local));
      g_assert_cmpuint (tdbg_logdir_get_n_executions (remote), ==, tdbg_logdir_get_n_executions (local));
      g_assert_cmpuint (tdbg_logdir_get_n_alerts (remote), ==, tdbg_logdir_get_n_alerts (local));
      g_assert_cmpuint (tdbg_logdir_get_problems (remote)->len, ==, tdbg_logdir_get_problems (local)->len);
      for (guint t = 0; t < tdbg_logdir_get_n_traces (local); t++)
        g_assert_cmpmem (tdbg_logdir_get_trace (remote, t), sizeof (TdbgTraceDigest),
                         tdbg_logdir_get_trace (local, t), sizeof (TdbgTraceDigest));
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

  options.identity_file = "/nonexistent";
  options.secret_func = give_password;
  options.user_data = (gpointer) "wrong password";
  wrong = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (wrong);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_clear_error (&error);
  options.user_data = (gpointer) SSH_FIXTURE_PASSWORD;
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
  gboolean asked = FALSE;

  ssh_fixture_write (&server, "known_hosts_empty", "");
  options.known_hosts_file = empty;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
  g_clear_error (&error);

  options.host_key_func = accept_once;
  options.user_data = &asked;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (asked);
  g_clear_object (&source);
  /* Accepting once did not write the key down. */
  g_assert_true (g_file_get_contents (empty, &line, NULL, NULL));
  g_assert_cmpstr (line, ==, "");

  ssh_fixture_keygen (other_key);
  other_pub = g_strconcat (other_key, ".pub", NULL);
  entry = ssh_fixture_known_hosts_line (&server, other_pub);
  ssh_fixture_write (&server, "known_hosts_changed", entry);
  options.known_hosts_file = changed;
  asked = FALSE;
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY);
  g_assert_nonnull (strstr (error->message, "CHANGED"));
  g_assert_false (asked); /* a changed key is never offered for acceptance */
}

static void
test_missing_path_and_unreadable_file (void)
{
  g_autofree char *missing = uri_for ("/nonexistent/logdir");
  g_autofree char *dir = g_build_filename (server.dir, "logdir", NULL);
  g_autofree char *uri = uri_for (dir);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autoptr(GError) error = NULL;
  TdbgSshOptions options = key_options ();
  g_autoptr(TdbgSource) source = tdbg_ssh_source_new (missing, &options, NULL, &error);
  guint64 size;

  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_mkdir (dir, 0755);
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
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
  g_autofree char *uri = uri_for (dir);
  g_autoptr(GError) error = NULL;
  TdbgSshOptions options = key_options ();
  TdbgDemoOptions demo = { 3, 1, "live-host", 1700000000 };
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  guint before;

  g_mkdir (dir, 0755);
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  source = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  logdir = tdbg_logdir_new (source);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
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

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Median of three loads (or reads) of @what, in seconds. */
static double
median_of_three (double (*what) (gpointer), gpointer data)
{
  double t[3];
  for (guint i = 0; i < 3; i++)
    t[i] = what (data);
  qsort (t, 3, sizeof (double), compare_doubles);
  return t[1];
}

static double
time_read (gpointer data)
{
  TdbgSource *source = data;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GBytes) bytes = tdbg_source_read (source, "big.bin", 0, G_MAXSIZE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 256 << 20);
  return (g_get_monotonic_time () - start) / 1e6;
}

static double
time_load (gpointer data)
{
  TdbgSource *source = data;
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source);
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), >, 1000000);
  return (g_get_monotonic_time () - start) / 1e6;
}

/* Throughput over loopback (run with -m perf): one 256 MiB file, and a logdir of a million
 * traces over SSH against the same logdir read locally. Prints figures; asserts none. */
static void
test_throughput (void)
{
  g_autofree char *dir = g_build_filename (server.dir, "bench", NULL);
  g_autofree char *big = g_build_filename (dir, "big.bin", NULL);
  g_autofree char *uri = uri_for (dir);
  g_autofree guint8 *content = g_malloc (256 << 20);
  TdbgSshOptions options = key_options ();
  TdbgDemoOptions demo = { 10000, 5000, "bench-host", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) remote = NULL, local = NULL;
  double read_s, remote_s, local_s;

  g_mkdir (dir, 0755);
  for (gsize i = 0; i < (256 << 20); i++)
    content[i] = (guint8) (i * 2654435761u >> 13);
  g_assert_true (g_file_set_contents (big, (const char *) content, 256 << 20, &error));
  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  remote = tdbg_ssh_source_new (uri, &options, NULL, &error);
  g_assert_no_error (error);
  local = tdbg_local_source_new (dir);
  time_load (local); /* warm the page cache */

  read_s = median_of_three (time_read, remote);
  local_s = median_of_three (time_load, local);
  remote_s = median_of_three (time_load, remote);
  g_test_minimized_result (read_s, "one 256 MiB file over SFTP: %.2f s, %.0f MB/s", read_s, (256 << 20) / 1e6 / read_s);
  g_test_minimized_result (remote_s, "logdir of 1,030,000 traces: local %.3f s, over SSH %.3f s, %.1f times the local time",
                           local_s, remote_s, remote_s / local_s);
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
  g_test_add_func ("/ssh/missing-path-unreadable-file", test_missing_path_and_unreadable_file);
  g_test_add_func ("/ssh/drop-and-reconnect", test_drop_and_reconnect);
  if (g_test_perf ())
    g_test_add_func ("/ssh/throughput", test_throughput);
  status = g_test_run ();
  ssh_fixture_stop (&server);
  return status;
}
