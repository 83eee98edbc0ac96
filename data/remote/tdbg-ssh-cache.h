/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A local copy of the bytes read from a remote logdir, so that opening it again fetches only
 * what was appended since. Debugger files only grow: a cached prefix is trusted when the last
 * bytes it holds (up to 4 KiB) still match the server's, which the same read that fetches the
 * new bytes brings back, so a check costs no round trip of its own. A file rewritten or
 * shortened fails the check and is read again whole. */

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _TdbgSshCache TdbgSshCache;

/* Reads @length bytes of @name from @offset on the server (fewer at its end). */
typedef GBytes *(*TdbgSshCacheFetch) (const char *name, guint64 offset, gsize length, GCancellable *cancellable,
                                      GError **error, gpointer user_data);

/* A cache under @dir for the logdir @uri (its own folder there, made on first write). */
TdbgSshCache *tdbg_ssh_cache_new (const char *dir, const char *uri);
void tdbg_ssh_cache_free (TdbgSshCache *self);

/* What the server would answer for @name from @offset, from the cache where it can be. */
GBytes *tdbg_ssh_cache_read (TdbgSshCache *self, const char *name, guint64 offset, gsize length,
                             TdbgSshCacheFetch fetch, gpointer user_data, GCancellable *cancellable, GError **error);

/* For each file cached, the offset its next read fetches from (name → guint64 *): a server
 * that sends files ahead of the reads (tdbg-ssh-exec.h) sends them from there. */
GHashTable *tdbg_ssh_cache_get_offsets (TdbgSshCache *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgSshCache, tdbg_ssh_cache_free)

G_END_DECLS
