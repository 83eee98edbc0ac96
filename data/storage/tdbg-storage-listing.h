/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir's files gathered over the pages of a bucket's listing, whichever store answered
 * them: the objects right under the prefix (or, for a deep listing, under it at any depth,
 * named by their path below it; never the prefix's own marker object nor another prefix's),
 * each once, with its size. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TdbgStorageListing TdbgStorageListing;

TdbgStorageListing *tdbg_storage_listing_new (const char *prefix, gboolean deep);
void tdbg_storage_listing_free (TdbgStorageListing *listing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgStorageListing, tdbg_storage_listing_free)

/* An object as a page names it (its whole key); kept when it is a file of the logdir. */
void tdbg_storage_listing_add (TdbgStorageListing *listing, const char *key, guint64 size);
/* A folder as a shallow listing's page names it (its whole key, ending in '/': S3's
 * CommonPrefixes, GCS's prefixes); kept when it is right under the prefix. */
void tdbg_storage_listing_add_folder (TdbgStorageListing *listing, const char *key);
/* The folders' names (without the prefix and the '/'), sorted, NULL-terminated. */
GStrv tdbg_storage_listing_steal_folders (TdbgStorageListing *listing);
/* The files' names (without the prefix), sorted, NULL-terminated. */
GStrv tdbg_storage_listing_steal_names (TdbgStorageListing *listing);
/* name → guint64* size. */
GHashTable *tdbg_storage_listing_steal_sizes (TdbgStorageListing *listing);

G_END_DECLS
