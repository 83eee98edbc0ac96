/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A throwaway sshd on 127.0.0.1 for tests: its own host key, a client key in authorized_keys,
 * and a root password in a private mount namespace's /etc/shadow, so that nothing of the
 * machine's own SSH setup is used or changed. */

#include <gio/gio.h>

G_BEGIN_DECLS

#define SSH_FIXTURE_PASSWORD "correct horse battery staple"

typedef struct {
  char *dir;          /* temporary directory holding keys, config, logs */
  guint port;
  GSubprocess *sshd;
  char *known_hosts;  /* a known_hosts file that trusts the server's key */
  char *client_key;   /* the private key in authorized_keys (no passphrase) */
} SshFixture;

/* Makes the keys and files and starts sshd. */
void ssh_fixture_setup (SshFixture *fixture);
/* Starts sshd (on the same port again after a stop, for reconnection). */
void ssh_fixture_start (SshFixture *fixture);
/* Stops sshd and the processes serving its connections. */
void ssh_fixture_stop (SshFixture *fixture);
/* Stops sshd and removes its directory with everything written under it. */
void ssh_fixture_teardown (SshFixture *fixture);

char *ssh_fixture_path (SshFixture *fixture, const char *name);
void ssh_fixture_write (SshFixture *fixture, const char *name, const char *contents);
/* A server program that runs @program but lets its answer through with two stops of 0.6 s
 * on the way (after 256 KiB, then 512 KiB more), as a slow link does; returns its path. */
char *ssh_fixture_slow_program (SshFixture *fixture, const char *program);
/* Two files of 1 MiB of bytes that do not compress in @dir, a file set of host "slow"
 * (its traces and executions: the server's tfdbg-gtk sends them). */
void ssh_fixture_write_noise (const char *dir);
/* ssh://root@127.0.0.1:PORT@path */
char *ssh_fixture_uri (SshFixture *fixture, const char *path);
/* A known_hosts line for this server's address and the public key in @pub_path. */
char *ssh_fixture_known_hosts_line (SshFixture *fixture, const char *pub_path);
/* CPU time (user and system) used so far by sshd and the processes serving its connections
 * that are still running, in seconds. */
double ssh_fixture_cpu_seconds (SshFixture *fixture);
/* Makes a new ed25519 key pair at @path (and @path.pub). */
void ssh_fixture_keygen (const char *path);
/* Runs a program to its end, asserting success. */
void ssh_fixture_run (const char *const *argv);

G_END_DECLS
