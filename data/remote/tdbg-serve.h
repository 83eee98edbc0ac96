/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The server half of opening a logdir over the SSH exec channel: `tfdbg-gtk serve-logdir`,
 * run by the client on the server over SSH, streams the files of one logdir compressed with
 * zstd, much cheaper than SFTP under the server's zlib. Both ends are the same version of the
 * program; anything else falls back to SFTP.
 *
 * The exchange, on the command's standard input and output:
 *   server → "tfdbg-gtk serve-logdir PROTOCOL VERSION\n" at once, uncompressed;
 *   client → u32 length (big-endian) and a GVariant TDBG_SERVE_REQUEST_TYPE: the client's
 *            version, the logdir's path, and for some files the offset to send them from;
 *   server → one zstd frame holding: u32 length and a GVariant TDBG_SERVE_LISTING_TYPE (an
 *            error message, "" when none; for every regular file of the folder its name,
 *            size, first byte sent and whether its bytes follow, those first, in the order a
 *            load reads them; whether the folder was made from another format, as a tfdbg
 *            V1 dump root is sent as the logdir made of it: those files are in this answer
 *            only, so the client keeps them; and the problems found in that format, which the
 *            made files do not hold, each as the file it names, the byte offset and the
 *            message), then for each file whose bytes follow, in listing order, its bytes
 *            up to the size listed as blocks, each after a u32: n < TDBG_SERVE_RECORDS is n
 *            bytes as they are; TDBG_SERVE_RECORDS | n is n intact TFRecords, each as its u64
 *            length and its data, without the two checksums (the client computes them again:
 *            they are most of what does not compress); 0 ends the file, TDBG_SERVE_UNREADABLE
 *            says it could not be read (ask for it another way).
 * Only the debugger's own files are sent; the others are only listed. Nothing read from the
 * logdir or the request is ever run. */

#include <glib.h>

G_BEGIN_DECLS

#define TDBG_SERVE_COMMAND "serve-logdir"
/* 2: the listing says whether the folder was made, and carries its problems. Another protocol
 * is another header line: the client then reads over SFTP (which reads a V1 dump itself). */
#define TDBG_SERVE_PROTOCOL 2
#define TDBG_SERVE_REQUEST_TYPE "(ssa{st})"
#define TDBG_SERVE_LISTING_TYPE "(sa(sttb)ba(sts))"
#define TDBG_SERVE_UNREADABLE G_MAXUINT32
#define TDBG_SERVE_RECORDS 0x80000000u
#define TDBG_SERVE_MAX_RECORDS 65536
/* A request or listing larger than this is refused. */
#define TDBG_SERVE_MAX_MESSAGE (16 << 20)
#define TDBG_SERVE_MAX_CHUNK (1 << 20)

/* The first line the server writes (with its newline). */
char *tdbg_serve_header (void);

/* Serves one request read from @in_fd onto @out_fd; FALSE (with @error) when the request could
 * not be read or answered. */
gboolean tdbg_serve_logdir (int in_fd, int out_fd, GError **error);

G_END_DECLS
