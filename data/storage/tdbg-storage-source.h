/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir in a bucket (s3://, gs://): the objects right under the prefix are its files, listed
 * page by page and read with ranged GETs; or a tfdbg V1 dump root there (as data/v1/ tells one
 * by its entries), whose objects are read once and made into the logdir a local open makes. What every store shares lives here: the listing's
 * pages followed to the last, sizes taken from the listing while fresh, ranged reads (a range
 * past the end is no bytes, a server that ignores ranges is cut to size), and faults named
 * with the object and what the server said. Each store is a subclass saying where its
 * addresses are, how a request is authorized and how its answers read. */

#include "tdbg-http.h"
#include "libtdbg-data.h"
#include "tdbg-storage-listing.h"
#include "tdbg-storage-uri.h"

G_BEGIN_DECLS

#define TDBG_TYPE_STORAGE_SOURCE (tdbg_storage_source_get_type ())
G_DECLARE_DERIVABLE_TYPE (TdbgStorageSource, tdbg_storage_source, TDBG, STORAGE_SOURCE, GObject)

struct _TdbgStorageSourceClass {
  GObjectClass parent_class;

  /* The listing's page after @token (NULL: the first): of the objects right under the prefix,
   * or when @deep of every object under it. */
  char *(*listing_url) (TdbgStorageSource *self, const char *token, gboolean deep);
  /* Adds a page's objects to @listing; *@next: the next page's token, or NULL at the last. */
  gboolean (*read_listing) (GBytes *page, TdbgStorageListing *listing, char **next, GError **error);
  /* Where @name's bytes are read with ranged GETs. */
  char *(*media_url) (TdbgStorageSource *self, const char *name);
  /* Where @name's size is asked: a HEAD of media_url() when NULL, else a GET of this
   * address whose answer size_from_answer() reads. */
  char *(*size_url) (TdbgStorageSource *self, const char *name);
  gboolean (*size_from_answer) (GBytes *body, guint64 *size);
  /* Signs or authorizes @request: sets its signing fields, adds "Name: value" lines to
   * @headers (freed after the request). FALSE when credentials could not be had. */
  gboolean (*authorize) (TdbgStorageSource *self, TdbgHttpRequest *request, GPtrArray *headers,
                         GCancellable *cancellable, GError **error);
  /* "404 NoSuchKey (…)": an error answer's status and what its body says. */
  char *(*describe_error) (GBytes *body, long status);
};

/* Parses @text into the source's address; FALSE unless it is one of @kind. */
gboolean tdbg_storage_source_set_address (TdbgStorageSource *self, const char *text, TdbgStorageKind kind,
                                          GError **error);
const TdbgStorageUri *tdbg_storage_source_get_uri (TdbgStorageSource *self);
/* The connections every request of the source shares. */
TdbgHttp *tdbg_storage_source_get_http (TdbgStorageSource *self);
/* Thread-safe: how many ranged reads of objects were answered so far, and their bytes. */
void tdbg_storage_source_get_reads (TdbgStorageSource *self, guint *n_reads, guint64 *n_bytes);
/* The least length of a read that is cut into parts asked at once (256 MiB): the tests ask
 * for parts of smaller objects. */
void tdbg_storage_source_set_multipart_cutoff (TdbgStorageSource *self, gsize cutoff);

G_END_DECLS
