/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What some files of a logdir held at one moment, from given offsets on: filled by a worker
 * thread from the real source, then read by a refresh on the main thread, so that parsing
 * the new records never waits for the disk or the network. Reads outside what was fetched
 * fail. */

#include "tdbg-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_SNAPSHOT_SOURCE (tdbg_snapshot_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSnapshotSource, tdbg_snapshot_source, TDBG, SNAPSHOT_SOURCE, GObject)

/* @names: the listing of the logdir at that moment (copied); @description: the origin's. */
TdbgSnapshotSource *tdbg_snapshot_source_new (const char *description, const char *const *names);
/* The bytes of @name from @offset on; the file's size, as seen through the snapshot, is
 * @offset plus their length. */
void tdbg_snapshot_source_add (TdbgSnapshotSource *self, const char *name, guint64 offset, GBytes *bytes);
guint64 tdbg_snapshot_source_get_n_bytes (TdbgSnapshotSource *self);

G_END_DECLS
