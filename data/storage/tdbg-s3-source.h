/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir in an S3 bucket or an S3-compatible store (s3://BUCKET/PREFIX): the objects right
 * under the prefix are its files, listed with ListObjectsV2 and read with ranged GETs, signed
 * with the credentials AWS's own tools would use (tdbg-s3-config.h), or unsigned when there
 * are none (a public bucket). */

#include "tdbg-storage-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_S3_SOURCE (tdbg_s3_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgS3Source, tdbg_s3_source, TDBG, S3_SOURCE, TdbgStorageSource)

/* Reads the settings and checks nothing on the network yet: the first listing does. */
TdbgSource *tdbg_s3_source_new (const char *text, GError **error);

G_END_DECLS
