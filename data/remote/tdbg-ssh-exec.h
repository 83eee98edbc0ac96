/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Opening a logdir through the SSH exec channel: when the server has the same version of
 * tfdbg-gtk, `tfdbg-gtk serve-logdir` (tdbg-serve.h) sends the listing and the debugger's
 * files compressed with zstd in one stream, which this side keeps in memory until the load
 * has read them. Anything unexpected (no such program, another version, exec refused) is an
 * error, and the caller uses SFTP instead. */

#include <gio/gio.h>
#include <libssh/libssh.h>

G_BEGIN_DECLS

typedef struct _TdbgSshPrefetch TdbgSshPrefetch;

/* Runs @program (found on the server's PATH unless a path) on a new channel of @session and
 * asks for the files of @path, each from the offset @from gives it (name → guint64 *; NULL:
 * all from 0); returns once the listing has arrived. The caller holds @session_lock, which
 * serialises all use of @session; a thread then receives the files holding it, and readers
 * get each file as soon as it is whole. @round_trips is increased by the waits. */
TdbgSshPrefetch *tdbg_ssh_exec_start (ssh_session session, GMutex *session_lock, const char *program, const char *path,
                                      GHashTable *from, guint timeout_seconds, GCancellable *cancellable,
                                      guint64 *round_trips, GError **error);
/* Waits until receiving has ended: everything arrived, or it ended early, was cancelled (by
 * the cancellable given to tdbg_ssh_exec_start, or tdbg_ssh_prefetch_stop) or broke, and
 * what did not arrive is asked for another way. */
void tdbg_ssh_prefetch_finish (TdbgSshPrefetch *self);
void tdbg_ssh_prefetch_stop (TdbgSshPrefetch *self);

TdbgSshPrefetch *tdbg_ssh_prefetch_ref (TdbgSshPrefetch *self);
void tdbg_ssh_prefetch_unref (TdbgSshPrefetch *self);

/* The regular files of the logdir when it was sent, sorted. */
GStrv tdbg_ssh_prefetch_list_files (TdbgSshPrefetch *self);
/* Whether the server sent a logdir it made (of a tfdbg V1 dump root) rather than the folder:
 * its files are on the server no longer, and are kept here once received, never let go. */
gboolean tdbg_ssh_prefetch_is_made (TdbgSshPrefetch *self);
/* What the server found wrong in a folder it sent as the logdir made of it (a tfdbg V1 dump
 * root): a new reference to TdbgProblem*, named by the dump's own files, or NULL when none. */
GPtrArray *tdbg_ssh_prefetch_get_problems (TdbgSshPrefetch *self);
/* The size of @name as listed (as received, once it has been); FALSE for a name not listed. */
gboolean tdbg_ssh_prefetch_get_size (TdbgSshPrefetch *self, const char *name, guint64 *size);
/* Bytes [offset, offset + length) of @name (fewer at its end) when they were received, else
 * NULL: ask the server. With @wait, a file still coming is waited for. A read that reaches
 * the end of what was received lets it go, unless the logdir was made. */
GBytes *tdbg_ssh_prefetch_read (TdbgSshPrefetch *self, const char *name, guint64 offset, gsize length,
                                gboolean wait);
/* Bytes of the sent files received so far (also of the one still coming), and what they add
 * up to (as listed; as received for those that came). TRUE while files are still coming. */
gboolean tdbg_ssh_prefetch_get_progress (TdbgSshPrefetch *self, guint64 *received, guint64 *expected);
/* Bytes received as files so far. */
guint64 tdbg_ssh_prefetch_get_file_bytes (TdbgSshPrefetch *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgSshPrefetch, tdbg_ssh_prefetch_unref)

G_END_DECLS
