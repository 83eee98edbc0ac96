/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-http.h"

#include <dlfcn.h>
#include <string.h>
#include <curl/curl.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

/* Tries of one request: 0.2 s, 0.4 s … 3.2 s between them (about 6 s in all), as AWS's and
 * Google's clients back off from a throttled store. */
#define MAX_ATTEMPTS 6
#define FIRST_BACKOFF_USEC (200 * 1000)
/* curl's largest receive buffer (CURL_MAX_READ_SIZE up to curl 8.x). */
#define RECEIVE_BUFFER_BYTES (512L * 1024)

/* libcurl, loaded at the first request rather than linked: linked, it brought some thirty
 * libraries (TLS, HTTP/2, Kerberos, LDAP…) into the start of every command, milliseconds of
 * each run, where most commands read local logdirs. Its calls go through this table. */
static struct {
  CURLcode (*global_init) (long flags);
  CURL *(*easy_init) (void);
  void (*easy_cleanup) (CURL *curl);
  void (*easy_reset) (CURL *curl);
  CURLcode (*easy_setopt) (CURL *curl, CURLoption option, ...);
  CURLcode (*easy_getinfo) (CURL *curl, CURLINFO info, ...);
  CURLcode (*easy_perform) (CURL *curl);
  const char *(*easy_strerror) (CURLcode code);
  struct curl_slist *(*slist_append) (struct curl_slist *list, const char *text);
  void (*slist_free_all) (struct curl_slist *list);
} lib;

/* Its soname, the same since 2006. */
#define LIBCURL "libcurl.so.4"

static char *
load_libcurl (void)
{
  void *handle = dlopen (LIBCURL, RTLD_NOW | RTLD_LOCAL);

  if (handle == NULL)
    return g_strdup (dlerror ());
  lib.global_init = dlsym (handle, "curl_global_init");
  lib.easy_init = dlsym (handle, "curl_easy_init");
  lib.easy_cleanup = dlsym (handle, "curl_easy_cleanup");
  lib.easy_reset = dlsym (handle, "curl_easy_reset");
  lib.easy_setopt = dlsym (handle, "curl_easy_setopt");
  lib.easy_getinfo = dlsym (handle, "curl_easy_getinfo");
  lib.easy_perform = dlsym (handle, "curl_easy_perform");
  lib.easy_strerror = dlsym (handle, "curl_easy_strerror");
  lib.slist_append = dlsym (handle, "curl_slist_append");
  lib.slist_free_all = dlsym (handle, "curl_slist_free_all");
  if (!lib.global_init || !lib.easy_init || !lib.easy_cleanup || !lib.easy_reset || !lib.easy_setopt ||
      !lib.easy_getinfo || !lib.easy_perform || !lib.easy_strerror || !lib.slist_append || !lib.slist_free_all)
    return g_strdup_printf ("%s: %s", LIBCURL, _("a function is missing"));
  lib.global_init (CURL_GLOBAL_DEFAULT);
  return NULL;
}

/* libcurl loaded, once; FALSE with @error naming why when it cannot be. */
static gboolean
have_libcurl (GError **error)
{
  static gsize loaded;
  static char *why;

  if (g_once_init_enter (&loaded))
    {
      why = load_libcurl ();
      g_once_init_leave (&loaded, 1);
    }
  if (why != NULL)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("Buckets are read with libcurl, which cannot be loaded (%s)"), why);
  return why == NULL;
}

struct _TdbgHttp {
  GMutex lock;
  GPtrArray *idle;   /* CURL*, each keeping its connections */
};

static void
cleanup_handle (gpointer curl)
{
  lib.easy_cleanup (curl);
}

TdbgHttp *
tdbg_http_new (void)
{
  TdbgHttp *http = g_new0 (TdbgHttp, 1);

  g_mutex_init (&http->lock);
  /* Handles are made only once libcurl is loaded. */
  http->idle = g_ptr_array_new_with_free_func (cleanup_handle);
  return http;
}

void
tdbg_http_free (TdbgHttp *http)
{
  g_ptr_array_unref (http->idle);
  g_mutex_clear (&http->lock);
  g_free (http);
}

static CURL *
take_handle (TdbgHttp *http)
{
  CURL *curl = NULL;

  g_mutex_lock (&http->lock);
  if (http->idle->len > 0)
    curl = g_ptr_array_steal_index_fast (http->idle, http->idle->len - 1);
  g_mutex_unlock (&http->lock);
  return curl ? curl : lib.easy_init ();
}

static void
give_back (TdbgHttp *http, CURL *curl)
{
  g_mutex_lock (&http->lock);
  g_ptr_array_add (http->idle, curl);
  g_mutex_unlock (&http->lock);
}

/* One answer's body, made at its first bytes for the length the server announced: the
 * range asked for may run "to the end" (G_MAXSIZE) of an object of unknown size, and
 * reserving that would ask for 4 GiB before a byte arrived. */
typedef struct {
  CURL *curl;
  GByteArray *body;
  guint8 *into;          /* or the caller's buffer, of into_size bytes */
  gsize into_size;
  gsize received;
  gboolean overflowed;
} Receiving;

static size_t
on_body (char *data, size_t size, size_t n, void *user_data)
{
  Receiving *r = user_data;

  if (r->into)
    {
      /* More than the buffer holds (a server that sent the whole object for a range) stops
       * the transfer: the caller asks again otherwise. */
      if (size * n > r->into_size - r->received)
        {
          r->overflowed = TRUE;
          return 0;
        }
      memcpy (r->into + r->received, data, size * n);
      r->received += size * n;
      return size * n;
    }
  if (r->body == NULL)
    {
      curl_off_t length = -1;

      lib.easy_getinfo (r->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
      r->body = g_byte_array_sized_new (length > 0 && length <= G_MAXUINT ? (guint) length : 0);
    }
  g_byte_array_append (r->body, (const guint8 *) data, size * n);
  return size * n;
}

static int
on_progress (void *user_data, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
  return g_cancellable_is_cancelled (user_data) ? 1 : 0;
}

char *
tdbg_http_range (guint64 from, gsize length)
{
  if (length == 0)
    return NULL;
  /* A length that runs past the last byte a number can name ("to the end": G_MAXSIZE) asks
   * for the rest: its last byte's number would wrap around, and the server would send the
   * whole object instead. */
  if (length - 1 > G_MAXUINT64 - from)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "-", from);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT, from, from + length - 1);
}

static void
configure (CURL *curl, const TdbgHttpRequest *request, struct curl_slist *headers, Receiving *body,
           GCancellable *cancellable)
{
  g_autofree char *range = NULL;

  lib.easy_reset (curl);
  lib.easy_setopt (curl, CURLOPT_URL, request->url);
  lib.easy_setopt (curl, CURLOPT_HTTPHEADER, headers);
  /* Plain http:// only for an endpoint the user named (an emulator, a store on the premises):
   * every other address is https:// and curl verifies it against the system's certificates. */
  lib.easy_setopt (curl, CURLOPT_PROTOCOLS_STR, "http,https");
  lib.easy_setopt (curl, CURLOPT_USERAGENT, "tfdbg-gtk/" TDBG_VERSION);
  lib.easy_setopt (curl, CURLOPT_NOSIGNAL, 1L);
  lib.easy_setopt (curl, CURLOPT_CONNECTTIMEOUT, request->once ? 2L : 20L);
  /* A transfer slower than 1 KB/s for 30 s is a dropped connection: retried. */
  lib.easy_setopt (curl, CURLOPT_LOW_SPEED_LIMIT, 1024L);
  lib.easy_setopt (curl, CURLOPT_LOW_SPEED_TIME, 30L);
  lib.easy_setopt (curl, CURLOPT_ACCEPT_ENCODING, "");
  /* Big reads in big pieces: curl's 16 KiB took a system call and a wake-up each. */
  lib.easy_setopt (curl, CURLOPT_BUFFERSIZE, RECEIVE_BUFFER_BYTES);
  lib.easy_setopt (curl, CURLOPT_WRITEFUNCTION, on_body);
  lib.easy_setopt (curl, CURLOPT_WRITEDATA, body);
  if (cancellable)
    {
      lib.easy_setopt (curl, CURLOPT_XFERINFOFUNCTION, on_progress);
      lib.easy_setopt (curl, CURLOPT_XFERINFODATA, cancellable);
      lib.easy_setopt (curl, CURLOPT_NOPROGRESS, 0L);
    }
  if (request->head)
    lib.easy_setopt (curl, CURLOPT_NOBODY, 1L);
  if (request->post_fields)
    lib.easy_setopt (curl, CURLOPT_POSTFIELDS, request->post_fields);
  if ((range = tdbg_http_range (request->range_from, request->range_length)) != NULL)
    lib.easy_setopt (curl, CURLOPT_RANGE, range);
  if (request->aws_sigv4)
    {
      lib.easy_setopt (curl, CURLOPT_AWS_SIGV4, request->aws_sigv4);
      lib.easy_setopt (curl, CURLOPT_USERPWD, request->aws_key_secret);
    }
}

static gboolean
is_transient_status (long status)
{
  return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
}

static gboolean
is_transient_failure (CURLcode code)
{
  return code == CURLE_COULDNT_CONNECT || code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR ||
         code == CURLE_PARTIAL_FILE || code == CURLE_GOT_NOTHING || code == CURLE_OPERATION_TIMEDOUT ||
         code == CURLE_HTTP2 || code == CURLE_HTTP2_STREAM;
}

gboolean
tdbg_http_perform (TdbgHttp *http, const TdbgHttpRequest *request, TdbgHttpResponse *response,
                   GCancellable *cancellable, GError **error)
{
  struct curl_slist *headers = NULL;
  CURL *curl;
  CURLcode code = CURLE_OK;
  long status = 0;
  guint attempts = request->once ? 1 : MAX_ATTEMPTS;
  gboolean answered = FALSE;

  *response = (TdbgHttpResponse) { .content_length = -1 };
  if (!have_libcurl (error))
    return FALSE;
  curl = take_handle (http);
  for (guint i = 0; request->headers && request->headers[i]; i++)
    headers = lib.slist_append (headers, request->headers[i]);
  for (guint attempt = 0; attempt < attempts; attempt++)
    {
      Receiving body = { curl, NULL, request->into, request->into_size };
      g_autoptr(GByteArray) received = NULL;
      curl_off_t length = -1;

      if (attempt > 0)
        g_usleep (FIRST_BACKOFF_USEC << (attempt - 1));
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        break;
      configure (curl, request, headers, &body, cancellable);
      code = lib.easy_perform (curl);
      /* An answer with no body (a HEAD's) has an empty one. */
      received = body.body ? body.body : g_byte_array_new ();
      status = 0;
      lib.easy_getinfo (curl, CURLINFO_RESPONSE_CODE, &status);
      if (code == CURLE_OK && is_transient_status (status) && attempt + 1 < attempts)
        continue;
      if (code != CURLE_OK && is_transient_failure (code) && attempt + 1 < attempts)
        continue;
      if (code == CURLE_OK || (code == CURLE_WRITE_ERROR && body.overflowed))
        {
          lib.easy_getinfo (curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
          response->status = status;
          response->content_length = length;
          response->received = body.received;
          response->overflowed = body.overflowed;
          if (request->into == NULL)
            response->body = g_byte_array_free_to_bytes (g_steal_pointer (&received));
          answered = TRUE;
        }
      break;
    }
  lib.slist_free_all (headers);
  give_back (http, curl);
  if (answered)
    return TRUE;
  if (code == CURLE_ABORTED_BY_CALLBACK || g_cancellable_is_cancelled (cancellable))
    {
      if (error && *error == NULL)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return FALSE;
    }
  if (error && *error == NULL)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, "%s: %s", request->url, lib.easy_strerror (code));
  return FALSE;
}

void
tdbg_http_response_clear (TdbgHttpResponse *response)
{
  g_clear_pointer (&response->body, g_bytes_unref);
}

char *
tdbg_http_escape (const char *text, gboolean keep_slash)
{
  GString *out = g_string_new (NULL);

  for (const guchar *c = (const guchar *) text; *c; c++)
    if (g_ascii_isalnum (*c) || *c == '-' || *c == '.' || *c == '_' || *c == '~' || (keep_slash && *c == '/'))
      g_string_append_c (out, *c);
    else
      g_string_append_printf (out, "%%%02X", *c);
  return g_string_free (out, FALSE);
}
