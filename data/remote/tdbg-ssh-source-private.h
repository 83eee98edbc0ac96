/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The SSH source's inside, shared by its files: tdbg-ssh-source.c (the connection, listings
 * and reads, over the server's tfdbg-gtk or SFTP) and tdbg-ssh-v1.c (a tfdbg V1 dump root read
 * over SFTP). */

#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include "tdbg-sftp-reader.h"
#include "tdbg-ssh-cache.h"
#include "tdbg-ssh-exec.h"
#include "tdbg-ssh-source.h"

G_BEGIN_DECLS

struct _TdbgSshSource {
  GObject parent_instance;
  TdbgSshUri uri;
  char *known_hosts_file;
  char *global_known_hosts_file;
  char *config_file;
  char *identity_file;
  TdbgPrompt *prompt;                  /* owned; NULL: nobody to ask */
  guint timeout_seconds;
  gboolean no_compression;
  TdbgSshCache *cache;     /* NULL: none */
  char *remote_program;    /* NULL: SFTP only */
  /* The first listing after connecting asks the server's tfdbg-gtk first, then SFTP. */
  gboolean exec_pending;
  GMutex prefetch_lock;       /* guards the two below, not the session */
  TdbgSshPrefetch *prefetch;  /* what it sends (received on a thread holding the session), until
                               * the next listing (for good when it made the logdir) */
  gboolean prefetch_listed;
  gboolean used_remote_program;

  GMutex lock;             /* libssh sessions are not thread-safe */
  GMutex connect_lock;     /* one connection attempt at a time */
  ssh_session session;
  sftp_session sftp;       /* NULL while not connected: then nothing but connecting touches session */
  TdbgSftpReader *reader;  /* whole-file reads, on a channel of their own; opened on first use */
  /* The sizes the last listing gave (name → guint64 *), each answering one get_size within
   * LISTED_SIZE_USEC of the listing: an open needs no stat per file. */
  GHashTable *listed_sizes;
  gint64 listed_at;
  guint64 round_trips;     /* of the sftp_session's requests and of readers dropped */
  /* A tfdbg V1 dump root read over SFTP: its files read once, the logdir made of them answers
   * every call (as a local dump root's does). */
  TdbgSource *v1;
  struct ssh_callbacks_struct callbacks;
};

/* @name's path on the server. */
char *_tdbg_ssh_remote_path (TdbgSshSource *self, const char *name);
/* Sets @error from the SFTP session's last failure on @path; returns FALSE. */
gboolean _tdbg_ssh_sftp_failure (TdbgSshSource *self, const char *path, GError **error);
/* Drops a session that is no longer connected; the caller holds the lock. */
void _tdbg_ssh_forget_dead_session (TdbgSshSource *self);
/* The next entry of @dir (NULL at its end or on a failure), counting the round trips. */
sftp_attributes _tdbg_ssh_read_entry (TdbgSshSource *self, sftp_dir dir);
/* Bytes of @name (the source is @user_data), as the cache asks for them; the caller holds the
 * lock. */
GBytes *_tdbg_ssh_fetch_locked (const char *name, guint64 offset, gsize length, GCancellable *cancellable,
                                GError **error, gpointer user_data);

/* tdbg-ssh-v1.c */
/* Whether a listing's entry is one a tfdbg V1 dump root (or one run's folder of it) holds. */
gboolean _tdbg_ssh_v1_is_entry (sftp_attributes attrs);
/* Whether @names (a folder's regular files) hold a tfdbg2 file set's metadata. */
gboolean _tdbg_ssh_v1_has_metadata (GPtrArray *names);
/* Reads the dump root over SFTP once and makes self->v1 of it; the caller holds the lock. */
gboolean _tdbg_ssh_v1_make (TdbgSshSource *self, GCancellable *cancellable, GError **error);

G_END_DECLS
