/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The same tests for every store: a run followed in a bucket, a V1 dump root there. The
 * store's test says how a folder (and its subfolders) is put under a prefix, replacing the
 * objects there (as TensorFlow's GCS and S3 writers do at each flush), and how an address is
 * opened (setting the environment the command line then finds). */

#include "tdbg-source.h"

G_BEGIN_DECLS

typedef struct {
  /* "s3://bucket" */
  const char *bucket_address;
  void (*upload) (const char *folder, const char *prefix);
  TdbgSource *(*open) (const char *address, GError **error);
} StorageStore;

/* Objects replaced by longer ones with the same first bytes: following adds only the new
 * records, each object read once from its last checked bytes on (counted by the source). */
void storage_test_follow_appended (const StorageStore *store, const char *prefix);
/* Objects replaced by others whose earlier bytes differ, longer and then of the same length:
 * a followed run reads the whole logdir again, and shows the new objects, not a mix. */
void storage_test_follow_rewritten (const StorageStore *store, const char *prefix);

/* A run's objects as first written (into the new folder *@grow: a run's first 40 % of records)
 * and what replaces them with other earlier bytes, longer (*@longer: another run's whole files
 * under the same names); *@first holds the first run whole, for another rewrite. */
void storage_make_rewrite (char **first, char **grow, char **longer);

/* A tfdbg V1 dump root (tests/data/v1/two-devices) put under @prefix: the bucket's address
 * loads the logdir the local dump root does, and the command line's inspect prints the same. */
void storage_test_v1_dump (const StorageStore *store, const char *prefix);

/* tutorial_mnist's logdir among @n_others small objects right under the same @prefix (a run's
 * checkpoints, say): every page of the listing is followed, the logdir's files found among
 * them and read as the local folder's; the listing's time is printed. */
void storage_test_large_listing (const StorageStore *store, const char *prefix, guint n_others);

/* The objects the large listing's test wants in the bucket, for the server's script:
 * "PREFIX=@how:N" (count: uploaded, listed: named in the listing alone) and "PREFIX=FOLDER". */
GStrv storage_large_listing_uploads (const char *prefix, const char *how, guint n_others);
/* How many objects the large listing's test wants (TDBG_STORE_LARGE_LISTING), 0 when it is
 * not the test run. */
guint storage_large_listing_wanted (void);

G_END_DECLS
