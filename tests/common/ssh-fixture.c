/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssh-fixture.h"
#include "test-util.h"

#include <crypt.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

void
ssh_fixture_run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (p, NULL, &error));
  g_assert_no_error (error);
}

void
ssh_fixture_keygen (const char *path)
{
  ssh_fixture_run ((const char *[]) { "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path, NULL });
}

char *
ssh_fixture_path (SshFixture *fixture, const char *name)
{
  return g_build_filename (fixture->dir, name, NULL);
}

void
ssh_fixture_write (SshFixture *fixture, const char *name, const char *contents)
{
  g_autofree char *path = ssh_fixture_path (fixture, name);
  g_autoptr(GError) error = NULL;
  g_assert_true (g_file_set_contents (path, contents, -1, &error));
}

char *
ssh_fixture_slow_program (SshFixture *fixture, const char *program)
{
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\n'%s' \"$@\" | { dd bs=262144 count=1 iflag=fullblock 2>/dev/null; "
                                             "sleep 0.6; dd bs=262144 count=2 iflag=fullblock 2>/dev/null; "
                                             "sleep 0.6; cat; }\n", program);
  char *path = ssh_fixture_path (fixture, "slow-tfdbg-gtk");

  ssh_fixture_write (fixture, "slow-tfdbg-gtk", script);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

void
ssh_fixture_write_noise (const char *dir)
{
  const char *kinds[] = { "graph_execution_traces", "execution" };
  const gsize size = 1 << 20;
  g_autofree guint8 *bytes = g_malloc (size);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *name = g_strdup_printf ("tfdbg_events.1700000000.slow.%s", kinds[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      for (gsize k = 0; k < size; k++)
        bytes[k] = (guint8) g_random_int ();
      g_assert_true (g_file_set_contents (path, (const char *) bytes, size, &error));
    }
}

char *
ssh_fixture_uri (SshFixture *fixture, const char *path)
{
  return g_strdup_printf ("ssh://root@127.0.0.1:%u%s", fixture->port, path);
}

char *
ssh_fixture_known_hosts_line (SshFixture *fixture, const char *pub_path)
{
  g_autofree char *line = NULL;
  g_auto(GStrv) fields = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (pub_path, &line, NULL, &error));
  fields = g_strsplit (line, " ", 3);
  g_assert_nonnull (fields[0]);
  g_assert_nonnull (fields[1]);
  return g_strdup_printf ("[127.0.0.1]:%u %s %s\n", fixture->port, fields[0], g_strstrip (fields[1]));
}

static gboolean
wait_for_listening (const char *log_path)
{
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *log = NULL;
      if (g_file_get_contents (log_path, &log, NULL, NULL) && strstr (log, "Server listening"))
        return TRUE;
      g_usleep (20000);
    }
  return FALSE;
}

/* Calls @func on every process whose parent is @ppid, with the fields of its /proc stat line
 * after the parenthesised command name. */
static void
foreach_child (int ppid, void (*func) (int pid, const char *fields, gpointer data), gpointer data)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;
  while (proc && (name = g_dir_read_name (proc)))
    {
      g_autofree char *stat_path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      const char *close_paren;
      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (stat_path, &stat, NULL, NULL) ||
          (close_paren = strrchr (stat, ')')) == NULL)
        continue;
      /* ") S PPID ..." */
      if (atoi (close_paren + 4) == ppid)
        func (atoi (name), close_paren + 2, data);
    }
}

/* Kills @pid after every process below it, deepest first, so that none is reparented to init
 * before it is found. */
static void
kill_tree (int pid, const char *fields, gpointer data)
{
  foreach_child (pid, kill_tree, NULL);
  kill (pid, SIGKILL);
}

/* sshd serves each connection from a process below it: a child up to OpenSSH 9, a grandchild
 * (sshd-session and its privilege-separated child) from OpenSSH 10 on. Stopping the server
 * means all of them. */
static void
kill_descendants (int pid)
{
  foreach_child (pid, kill_tree, NULL);
}

static double
stat_cpu_seconds (const char *fields)
{
  unsigned long long user = 0, system = 0;
  /* state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime */
  if (sscanf (fields, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &user, &system) != 2)
    return 0;
  return (double) (user + system) / sysconf (_SC_CLK_TCK);
}

static void
add_tree_cpu (int pid, const char *fields, gpointer data)
{
  *(double *) data += stat_cpu_seconds (fields);
  foreach_child (pid, add_tree_cpu, data);
}

double
ssh_fixture_cpu_seconds (SshFixture *fixture)
{
  double total = 0;
  g_autofree char *path = g_strdup_printf ("/proc/%s/stat", g_subprocess_get_identifier (fixture->sshd));
  g_autofree char *stat = NULL;
  const char *close_paren;

  if (g_file_get_contents (path, &stat, NULL, NULL) && (close_paren = strrchr (stat, ')')) != NULL)
    total = stat_cpu_seconds (close_paren + 2);
  foreach_child (atoi (g_subprocess_get_identifier (fixture->sshd)), add_tree_cpu, &total);
  return total;
}

void
ssh_fixture_stop (SshFixture *fixture)
{
  const char *pid;

  if (fixture->sshd == NULL)
    return;
  /* No identifier once sshd has exited (it could not start): nothing is left below it. */
  pid = g_subprocess_get_identifier (fixture->sshd);
  if (pid != NULL)
    kill_descendants (atoi (pid));
  g_subprocess_send_signal (fixture->sshd, SIGTERM);
  g_subprocess_wait (fixture->sshd, NULL, NULL);
  g_clear_object (&fixture->sshd);
}

/* A test that dies (an assertion, a timeout) takes its sshd with it. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

void
ssh_fixture_start (SshFixture *fixture)
{
  g_autofree char *config = ssh_fixture_path (fixture, "sshd_config");
  g_autofree char *log = ssh_fixture_path (fixture, "sshd.log");
  g_autofree char *shadow = ssh_fixture_path (fixture, "shadow");
  g_autoptr(GError) error = NULL;

  for (guint attempt = 0; attempt < 10; attempt++)
    {
      g_autofree char *text = NULL;
      g_autofree char *script = NULL;
      if (fixture->port == 0 || attempt > 0)
        fixture->port = g_random_int_range (20000, 50000);
      text = g_strdup_printf ("Port %u\nListenAddress 127.0.0.1\nHostKey %s/host_ed25519\nPidFile none\n"
                              "AuthorizedKeysFile %s/authorized_keys\nPubkeyAuthentication yes\n"
                              "PasswordAuthentication yes\nKbdInteractiveAuthentication no\nPermitRootLogin yes\n"
                              "UsePAM no\nStrictModes no\nSubsystem sftp internal-sftp\nLogLevel VERBOSE\n",
                              fixture->port, fixture->dir, fixture->dir);
      ssh_fixture_write (fixture, "sshd_config", text);
      g_unlink (log);
      /* The shadow file is bind-mounted in a mount namespace of sshd's own. */
      script = g_strdup_printf ("mkdir -p -m 0755 /run/sshd && mount --bind '%s' /etc/shadow && "
                                "exec /usr/sbin/sshd -D -e -f '%s' >'%s' 2>&1", shadow, config, log);
      {
        g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
        g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
        fixture->sshd = g_subprocess_launcher_spawn (launcher, &error, "unshare", "-m", "sh", "-c", script, NULL);
      }
      g_assert_no_error (error);
      if (wait_for_listening (log))
        return;
      ssh_fixture_stop (fixture);
    }
  {
    g_autofree char *said = NULL;
    g_file_get_contents (log, &said, NULL, NULL);
    g_error ("sshd did not start (%s): %s", log, said ? said : "no log");
  }
}

/* The shadow line's SHA-512 hash, from libcrypt as passwd writes it: no program is needed.
 * crypt_rn(), not crypt(): AddressSanitizer's interceptor of crypt() calls a null pointer when
 * the program links libcrypt through a static library. */
static char *
password_hash (void)
{
  g_autofree struct crypt_data *data = g_new0 (struct crypt_data, 1);
  const char *hash = crypt_rn (SSH_FIXTURE_PASSWORD, "$6$tdbgtest$", data, sizeof *data);

  g_assert_nonnull (hash);
  g_assert_true (g_str_has_prefix (hash, "$6$tdbgtest$"));
  return g_strdup (hash);
}

void
ssh_fixture_setup (SshFixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *host_key = NULL, *client_pub = NULL, *host_pub = NULL, *line = NULL;
  g_autofree char *hash = password_hash ();
  g_autofree char *shadow = g_strdup_printf ("root:%s:19000:0:99999:7:::\n", hash);

  fixture->dir = g_dir_make_tmp ("tdbg-sshd-XXXXXX", &error);
  g_assert_no_error (error);
  host_key = ssh_fixture_path (fixture, "host_ed25519");
  fixture->client_key = ssh_fixture_path (fixture, "client_ed25519");
  ssh_fixture_keygen (host_key);
  ssh_fixture_keygen (fixture->client_key);
  client_pub = g_strconcat (fixture->client_key, ".pub", NULL);
  g_assert_true (g_file_get_contents (client_pub, &line, NULL, &error));
  ssh_fixture_write (fixture, "authorized_keys", line);
  ssh_fixture_write (fixture, "shadow", shadow);

  ssh_fixture_start (fixture);
  host_pub = g_strconcat (host_key, ".pub", NULL);
  g_clear_pointer (&line, g_free);
  line = ssh_fixture_known_hosts_line (fixture, host_pub);
  fixture->known_hosts = ssh_fixture_path (fixture, "known_hosts");
  ssh_fixture_write (fixture, "known_hosts", line);
}

void
ssh_fixture_teardown (SshFixture *fixture)
{
  ssh_fixture_stop (fixture);
  test_remove_tree (fixture->dir);
}
