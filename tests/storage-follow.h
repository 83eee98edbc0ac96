/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Following a run in a bucket, the same tests for every store: the store's test says how a
 * folder is put under a prefix (replacing the objects there, as TensorFlow's GCS and S3 writers
 * do at each flush) and how an address is opened. */

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

G_END_DECLS
