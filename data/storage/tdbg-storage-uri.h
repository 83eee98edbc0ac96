/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* s3://BUCKET/PREFIX and gs://BUCKET/PREFIX: a logdir kept in object storage. */

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TDBG_STORAGE_S3,
  TDBG_STORAGE_GCS,
} TdbgStorageKind;

typedef struct {
  TdbgStorageKind kind;
  char *bucket;
  /* The objects' common prefix, empty or ending in '/' ("runs/a/" is not "runs/a-old/"). */
  char *prefix;
} TdbgStorageUri;

/* Whether @text starts with s3:// or gs:// (well-formed or not). */
gboolean tdbg_storage_uri_is_storage (const char *text);
gboolean tdbg_storage_uri_parse (const char *text, TdbgStorageUri *uri, GError **error);
void tdbg_storage_uri_clear (TdbgStorageUri *uri);
/* "s3://bucket/prefix" without the prefix's last '/'. */
char *tdbg_storage_uri_to_string (const TdbgStorageUri *uri);

G_END_DECLS
