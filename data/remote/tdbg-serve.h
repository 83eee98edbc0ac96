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
 *            they are most of what does not compress), and a DebugEvent's wall time sent as a
 *            difference (tdbg_serve_wall_time_encode()); 0 ends the file,
 *            TDBG_SERVE_UNREADABLE says it could not be read (ask for it another way).
 * Only the debugger's own files are sent; the others are only listed. Nothing read from the
 * logdir or the request is ever run. */

#include <string.h>
#include <glib.h>

G_BEGIN_DECLS

#define TDBG_SERVE_COMMAND "serve-logdir"
/* 2: the listing says whether the folder was made, and carries its problems. 3: wall times
 * sent as differences. Another protocol is another header line: the client then reads over
 * SFTP (which reads a V1 dump itself). */
#define TDBG_SERVE_PROTOCOL 3
#define TDBG_SERVE_REQUEST_TYPE "(ssa{st})"
#define TDBG_SERVE_LISTING_TYPE "(sa(sttb)ba(sts))"
#define TDBG_SERVE_UNREADABLE G_MAXUINT32
#define TDBG_SERVE_RECORDS 0x80000000u
#define TDBG_SERVE_MAX_RECORDS 65536
/* A request or listing larger than this is refused. */
#define TDBG_SERVE_MAX_MESSAGE (16 << 20)
#define TDBG_SERVE_MAX_CHUNK (1 << 20)

/* A record sent as a record whose data begins with 0x09 (a DebugEvent's wall_time, field 1,
 * a double, first on the wire as TensorFlow writes it) has that double's eight bytes sent as
 * the difference, little-endian and wrapping, between its bits and those of the file's
 * record before it that had one (0 before the first). Records come microseconds apart: the
 * difference compresses where the time does not (a quarter of the bytes sent). */
static inline gboolean
tdbg_serve_has_wall_time (const guint8 *data, guint64 length)
{
  return length >= 9 && data[0] == 0x09;
}

/* @bits (the eight bytes after the 0x09), in place; @last: the file's last wall time bits. */
static inline void
tdbg_serve_wall_time_encode (guint64 *last, guint8 *bits)
{
  guint64 value, difference;

  memcpy (&value, bits, 8);
  value = GUINT64_FROM_LE (value);
  difference = GUINT64_TO_LE (value - *last);
  *last = value;
  memcpy (bits, &difference, 8);
}

static inline void
tdbg_serve_wall_time_decode (guint64 *last, guint8 *bits)
{
  guint64 difference, value;

  memcpy (&difference, bits, 8);
  value = *last + GUINT64_FROM_LE (difference);
  *last = value;
  value = GUINT64_TO_LE (value);
  memcpy (bits, &value, 8);
}

/* The first line the server writes (with its newline). */
char *tdbg_serve_header (void);

/* Serves one request read from @in_fd onto @out_fd; FALSE (with @error) when the request could
 * not be read or answered. */
gboolean tdbg_serve_logdir (int in_fd, int out_fd, GError **error);

G_END_DECLS
