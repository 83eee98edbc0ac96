/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir in a Google Cloud Storage bucket (gs://BUCKET/PREFIX), through GCS's JSON API: the
 * objects right under the prefix listed with objects.list (page by page, pageToken), read with
 * ranged `alt=media` GETs, authorized with Application Default Credentials
 * (tdbg-gcs-credentials.h). STORAGE_EMULATOR_HOST names an emulator ("host:port", plain http)
 * whose requests go unsigned, as Google's libraries send them;
 * CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE another endpoint ("https://host/storage/v1/"), as
 * gcloud's setting does, with the credentials. */

#include "tdbg-storage-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_GCS_SOURCE (tdbg_gcs_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGcsSource, tdbg_gcs_source, TDBG, GCS_SOURCE, TdbgStorageSource)

/* Finds the settings and credentials and checks nothing on the network yet: the first listing
 * does (and fetches the first token). */
TdbgSource *tdbg_gcs_source_new (const char *text, GError **error);

G_END_DECLS
