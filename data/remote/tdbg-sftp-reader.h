/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Whole-file reads over an SFTP channel of their own, speaking the few SFTP v3 requests they
 * need (open, fstat, read, close). Data goes from the channel straight into the caller's
 * buffer, where libssh's SFTP client copies every byte three more times and reads its channel
 * 4 KiB at a time. Not thread-safe: the caller serialises all use of the SSH session. */

#include <gio/gio.h>
#include <libssh/libssh.h>

G_BEGIN_DECLS

typedef struct _TdbgSftpReader TdbgSftpReader;

/* Opens a channel on @session, starts its sftp subsystem and agrees on version 3. */
TdbgSftpReader *tdbg_sftp_reader_new (ssh_session session, const char *host, GError **error);
void tdbg_sftp_reader_free (TdbgSftpReader *self);

/* Reads up to @length bytes of @path from @offset (no further than the end of the file) into
 * a new GBytes. Short reads from the server are asked again, never taken for the end. */
GBytes *tdbg_sftp_reader_read (TdbgSftpReader *self, const char *path, guint64 offset, gsize length,
                               GCancellable *cancellable, GError **error);

/* After a lost connection or a reply out of step: the reader cannot be used again. */
gboolean tdbg_sftp_reader_is_broken (TdbgSftpReader *self);
/* Requests waited for so far; a window of pipelined reads counts once. */
guint64 tdbg_sftp_reader_get_round_trips (TdbgSftpReader *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgSftpReader, tdbg_sftp_reader_free)

G_END_DECLS
