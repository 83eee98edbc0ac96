/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What Google Cloud Storage's JSON API answers: objects.list's pages, an object's metadata and
 * its error documents. */

#include <glib.h>

#include "tdbg-storage-listing.h"

G_BEGIN_DECLS

/* Adds one objects.list page's items to @listing; *@next: its nextPageToken, or NULL at the
 * last page. FALSE with @error when it is no storage#objects page. */
gboolean tdbg_gcs_json_read_listing (GBytes *page, TdbgStorageListing *listing, char **next, GError **error);
/* The "size" of an object's metadata (objects.get); FALSE when it has none. */
gboolean tdbg_gcs_json_read_size (GBytes *metadata, guint64 *size);
/* "429 rateLimitExceeded (The project exceeded the rate limit…)" from an error document
 * ({"error": {"code", "message", "errors": [{"reason"}]}}), or the status alone. */
char *tdbg_gcs_json_describe_error (GBytes *body, long status);

G_END_DECLS
