/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-storage.h"

#include "tdbg-location.h"
#include "tdbg-s3-source.h"
#include "tdbg-storage-uri.h"

static char *
parse_s3 (const char *text, GError **error)
{
  TdbgStorageUri uri;
  char *bucket;

  if (!tdbg_storage_uri_parse (text, &uri, error))
    return NULL;
  bucket = g_steal_pointer (&uri.bucket);
  tdbg_storage_uri_clear (&uri);
  return bucket;
}

/* Reads its settings where AWS's tools keep them (nothing to ask the person), and the first
 * listing is where the network is first asked. */
static TdbgSource *
open_s3 (const char *text, TdbgPrompt *prompt, GCancellable *cancellable, GError **error)
{
  return tdbg_s3_source_new (text, error);
}

static const TdbgRemoteOpener s3_opener = { "s3://", parse_s3, open_s3 };

void
tdbg_storage_init (void)
{
  tdbg_location_add_remote_opener (&s3_opener);
}
