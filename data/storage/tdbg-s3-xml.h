/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What an S3 server answers in XML: ListObjectsV2's pages and its error documents. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TdbgS3Listing TdbgS3Listing;

/* The objects right under @prefix, gathered over the listing's pages. */
TdbgS3Listing *tdbg_s3_listing_new (const char *prefix);
void tdbg_s3_listing_free (TdbgS3Listing *listing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgS3Listing, tdbg_s3_listing_free)

/* Adds one page; FALSE with @error when it is not a ListBucketResult. */
gboolean tdbg_s3_listing_add_page (TdbgS3Listing *listing, GBytes *page, GError **error);
/* The token of the next page when the last one added was cut short, else NULL. */
char *tdbg_s3_listing_steal_continuation (TdbgS3Listing *listing);
/* The objects' names (without the prefix), sorted, NULL-terminated. */
GStrv tdbg_s3_listing_steal_names (TdbgS3Listing *listing);
/* name → guint64* size. */
GHashTable *tdbg_s3_listing_steal_sizes (TdbgS3Listing *listing);

/* "403 SignatureDoesNotMatch (The request signature we calculated does not match…)" from an
 * error document, or the status alone when the body says nothing. */
char *tdbg_s3_xml_describe_error (GBytes *body, long status);

G_END_DECLS
