/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Random-access reads of the files of one logdir: local files, or files over SFTP. Everything
 * above this interface is the same for both. Implementations must allow calls from several
 * threads at once: the window reads records while a worker loads or follows the logdir. */

#include <gio/gio.h>

G_BEGIN_DECLS

#define TDBG_TYPE_SOURCE (tdbg_source_get_type ())
G_DECLARE_INTERFACE (TdbgSource, tdbg_source, TDBG, SOURCE, GObject)

/* One read of several asked together (tdbg_source_read_many()): bytes [offset, offset +
 * length) of @name, answered with the bytes (fewer when the file is shorter) or an error. */
typedef struct {
  const char *name;
  guint64 offset;
  gsize length;
  GBytes *bytes;
  GError *error;
} TdbgSourceRead;

struct _TdbgSourceInterface {
  GTypeInterface parent_iface;

  /* Names (not paths) of the regular files in the logdir, sorted. */
  GStrv (*list_files) (TdbgSource *self, GCancellable *cancellable, GError **error);
  /* Current size of a file of the logdir. */
  gboolean (*get_size) (TdbgSource *self, const char *name, guint64 *size,
                        GCancellable *cancellable, GError **error);
  /* Bytes [offset, offset + length) of a file; fewer when the file is shorter. */
  GBytes *(*read) (TdbgSource *self, const char *name, guint64 offset, gsize length,
                   GCancellable *cancellable, GError **error);
  /* Optional: several reads at once, each answered in its own TdbgSourceRead (a source afar
   * keeps them in flight together); without it they are read in turn. */
  void (*read_many) (TdbgSource *self, TdbgSourceRead *reads, guint n_reads, GCancellable *cancellable);
  /* "/path/to/logdir" or "ssh://user@host:port/path" */
  char *(*describe) (TdbgSource *self);
  /* Optional: while the files are still arriving from afar (a remote logdir sent as a whole),
   * the bytes received and those expected, and TRUE. Thread-safe. */
  gboolean (*get_transfer) (TdbgSource *self, guint64 *received, guint64 *expected);
  /* Optional: what the source found wrong while making its files (a source that reads another
   * format, data/v1/): TdbgProblem*, named by the source's own files. */
  GPtrArray *(*get_problems) (TdbgSource *self);
  /* Optional: after its connection dropped, connects again (blocking), asking the prompt it
   * was opened with what it needs to. */
  gboolean (*reconnect) (TdbgSource *self, GCancellable *cancellable, GError **error);
};

GStrv tdbg_source_list_files (TdbgSource *self, GCancellable *cancellable, GError **error);
gboolean tdbg_source_get_size (TdbgSource *self, const char *name, guint64 *size,
                               GCancellable *cancellable, GError **error);
GBytes *tdbg_source_read (TdbgSource *self, const char *name, guint64 offset, gsize length,
                          GCancellable *cancellable, GError **error);
/* Answers each of @reads (its bytes or its error; a read of length 0, empty bytes); a
 * cancelled read's error is G_IO_ERROR_CANCELLED. */
void tdbg_source_read_many (TdbgSource *self, TdbgSourceRead *reads, guint n_reads, GCancellable *cancellable);
void tdbg_source_read_clear (TdbgSourceRead *read);
char *tdbg_source_describe (TdbgSource *self);
/* FALSE (and both 0) unless the source is receiving its files now (see get_transfer). */
gboolean tdbg_source_get_transfer (TdbgSource *self, guint64 *received, guint64 *expected);
/* A new reference to the source's own problems (see get_problems), or NULL. */
GPtrArray *tdbg_source_get_problems (TdbgSource *self);
/* Whether the source reads through a connection that can drop, and be made again. */
gboolean tdbg_source_can_reconnect (TdbgSource *self);
/* Connects again in a worker thread (with @cancellable as its current one, tdbg-prompt.h). */
void tdbg_source_reconnect_async (TdbgSource *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                                  gpointer user_data);
gboolean tdbg_source_reconnect_finish (TdbgSource *self, GAsyncResult *result, GError **error);

G_END_DECLS
