/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What an S3 server answers in XML: ListObjectsV2's pages and its error documents. */

#include <glib.h>

#include "tdbg-storage-listing.h"

G_BEGIN_DECLS

/* Adds one ListObjectsV2 page's objects to @listing; *@next: the next page's token when this
 * one was cut short, else NULL. FALSE with @error when it is not a ListBucketResult. */
gboolean tdbg_s3_xml_read_listing (GBytes *page, TdbgStorageListing *listing, char **next, GError **error);

/* "403 SignatureDoesNotMatch (The request signature we calculated does not match…)" from an
 * error document, or the status alone when the body says nothing. */
char *tdbg_s3_xml_describe_error (GBytes *body, long status);

G_END_DECLS
