/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* HTTP requests to object storage, through libcurl: connections kept and reused across
 * requests and threads, TLS verified against the system's certificates, AWS Signature V4 by
 * curl, and the failures a store has (throttling, a connection dropped) retried with backoff.
 * Thread-safe: each request takes an idle connection handle of its own. */

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _TdbgHttp TdbgHttp;

typedef struct {
  const char *url;
  /* "Name: value" lines, NULL-terminated; may be NULL. */
  const char *const *headers;
  /* Signature V4 ("aws:amz:REGION:s3") with "KEY:SECRET"; NULL: unsigned. */
  const char *aws_sigv4;
  const char *aws_key_secret;
  gboolean head;
  /* A POST of this form-encoded body (an OAuth 2 token request); NULL: a GET or HEAD. */
  const char *post_fields;
  /* Tried once, with a short connection timeout, never retried: a probe for a server that
   * is only there on some machines (Google's metadata server). */
  gboolean once;
  /* Bytes [range_from, range_from + range_length) when range_length > 0. */
  guint64 range_from;
  gsize range_length;
  /* Where the body goes, when not NULL, instead of a new GBytes: at most @into_size bytes
   * (a longer body is cut there, and the response says so). */
  guint8 *into;
  gsize into_size;
} TdbgHttpRequest;

typedef struct {
  long status;
  /* The body; NULL when it went into the request's buffer (@received bytes of it, and
   * @overflowed when the body was longer). */
  GBytes *body;
  gsize received;
  gboolean overflowed;
  /* Content-Length's value (a HEAD's object size), or -1. */
  gint64 content_length;
} TdbgHttpResponse;

TdbgHttp *tdbg_http_new (void);
void tdbg_http_free (TdbgHttp *http);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgHttp, tdbg_http_free)

/* Performs @request; any HTTP status is a success here (the caller reads it), but 429, 500,
 * 502, 503 and 504 and a dropped connection are first retried with backoff. FALSE, with
 * @error naming the address, when no answer came. */
gboolean tdbg_http_perform (TdbgHttp *http, const TdbgHttpRequest *request, TdbgHttpResponse *response,
                            GCancellable *cancellable, GError **error);
void tdbg_http_response_clear (TdbgHttpResponse *response);

/* @text percent-encoded as AWS's canonical form wants it: all but A-Z a-z 0-9 - . _ ~, and '/'
 * too unless @keep_slash. */
char *tdbg_http_escape (const char *text, gboolean keep_slash);

/* The Range of bytes [@from, @from + @length) as curl takes it ("FROM-LAST", or "FROM-" when
 * the length runs to the end), newly allocated; NULL for @length 0 (the whole object). */
char *tdbg_http_range (guint64 from, gsize length);

G_END_DECLS
