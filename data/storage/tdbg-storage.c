/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-storage.h"

#include "tdbg-gcs-source.h"
#include "libtdbg-data.h"
#include "tdbg-s3-source.h"
#include "tdbg-storage-uri.h"

static char *
parse_bucket (const char *text, GError **error)
{
  TdbgStorageUri uri;
  char *bucket;

  if (!tdbg_storage_uri_parse (text, &uri, error))
    return NULL;
  bucket = g_steal_pointer (&uri.bucket);
  tdbg_storage_uri_clear (&uri);
  return bucket;
}

/* Each reads its settings where its store's own tools keep them (nothing to ask the person),
 * and the first listing is where the network is first asked. */
static TdbgSource *
open_s3 (const char *text, TdbgPrompt *prompt, GCancellable *cancellable, GError **error)
{
  return tdbg_s3_source_new (text, error);
}

static TdbgSource *
open_gcs (const char *text, TdbgPrompt *prompt, GCancellable *cancellable, GError **error)
{
  return tdbg_gcs_source_new (text, error);
}

/* One row a store. */
static const TdbgRemoteOpener openers[] = {
  { "s3://", parse_bucket, open_s3 },
  { "gs://", parse_bucket, open_gcs },
};

void
tdbg_storage_init (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (openers); i++)
    tdbg_location_add_remote_opener (&openers[i]);
}
