/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir on another machine, read over SFTP (libssh). Host keys are checked against
 * known_hosts; an unknown key is accepted only when the caller's prompt says so, a changed one
 * never. Secrets go from the prompt straight to libssh and are wiped; they are never logged
 * or stored. */

#include "libtdbg-data.h"
#include "tdbg-ssh-uri.h"

G_BEGIN_DECLS

typedef struct {
  const char *known_hosts_file;        /* NULL: ~/.ssh/known_hosts */
  const char *global_known_hosts_file; /* NULL: libssh's default (/etc/ssh/ssh_known_hosts) */
  const char *config_file;             /* NULL: ~/.ssh/config when it exists; "": none */
  const char *identity_file;           /* NULL: the agent, then the config's and default keys */
  TdbgPrompt *prompt;                  /* asked about unknown host keys and for secrets
                                        * (referenced while the source lives, to reconnect);
                                        * NULL: unknown keys are refused, and only the agent
                                        * and unencrypted keys are tried */
  guint timeout_seconds;               /* 0: 15 */
  gboolean no_compression;             /* TRUE: never compress; FALSE: compress unless the SSH
                                        * configuration says "Compression no" or the environment
                                        * TDBG_SSH_COMPRESSION=no */
  const char *cache_dir;               /* bytes read are kept here, so that opening again fetches
                                        * only new ones; NULL: $TDBG_SSH_CACHE, unset: none */
  const char *remote_program;          /* run on the server to send the logdir compressed when it
                                        * is this version of tfdbg-gtk (tdbg-ssh-exec.h), SFTP
                                        * otherwise; NULL: $TDBG_SSH_REMOTE_PROGRAM, unset:
                                        * "tfdbg-gtk"; "" or "no": SFTP only */
} TdbgSshOptions;

#define TDBG_TYPE_SSH_SOURCE (tdbg_ssh_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSshSource, tdbg_ssh_source, TDBG, SSH_SOURCE, GObject)

/* Connects, verifies the host key, authenticates and opens SFTP on the logdir's directory. */
TdbgSource *tdbg_ssh_source_new (const char *uri, const TdbgSshOptions *options,
                                 GCancellable *cancellable, GError **error);
/* After a dropped connection: connects again with the same options. */
gboolean tdbg_ssh_source_reconnect (TdbgSshSource *self, GCancellable *cancellable, GError **error);
/* TRUE when the logdir's files came from the server's own tfdbg-gtk, not over SFTP. */
gboolean tdbg_ssh_source_used_remote_program (TdbgSshSource *self);
/* Requests answered so far that the client waited for one at a time (pipelined reads count
 * once per window of requests in flight): the latency an open pays, in round trips. */
guint64 tdbg_ssh_source_get_round_trips (TdbgSshSource *self);

G_END_DECLS
