/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-s3-source.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"
#include "tdbg-http.h"
#include "tdbg-s3-config.h"
#include "tdbg-s3-xml.h"
#include "tdbg-storage-uri.h"

/* SHA-256 of nothing: the payload of every request sent here (GET, HEAD), as Signature V4
 * wants it declared. */
#define EMPTY_PAYLOAD_SHA256 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

struct _TdbgS3Source {
  GObject parent_instance;
  TdbgStorageUri uri;
  TdbgS3Config config;
  TdbgHttp *http;
  char *sigv4;        /* "aws:amz:REGION:s3", NULL when anonymous */
  char *key_secret;
  char *token_header;
  GMutex lock;
  GHashTable *listed_sizes;   /* name → guint64*, each handed out once after a listing */
};

static void tdbg_s3_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgS3Source, tdbg_s3_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_s3_source_iface_init))

/* Path-style addresses for an endpoint the user named (MinIO, Ceph, an emulator) and for
 * bucket names with dots (which AWS's certificates do not cover as host names); else AWS's
 * virtual-hosted ones. @key is already escaped. */
static char *
object_url (TdbgS3Source *self, const char *escaped_key, const char *query)
{
  const char *q = query ? "?" : "", *qs = query ? query : "";

  if (self->config.endpoint)
    return g_strdup_printf ("%s/%s/%s%s%s", self->config.endpoint, self->uri.bucket, escaped_key, q, qs);
  if (strchr (self->uri.bucket, '.'))
    return g_strdup_printf ("https://s3.%s.amazonaws.com/%s/%s%s%s", self->config.region, self->uri.bucket,
                            escaped_key, q, qs);
  return g_strdup_printf ("https://%s.s3.%s.amazonaws.com/%s%s%s", self->uri.bucket, self->config.region, escaped_key,
                          q, qs);
}

static gboolean
request (TdbgS3Source *self, const char *url, gboolean head, guint64 from, gsize length, TdbgHttpResponse *response,
         GCancellable *cancellable, GError **error)
{
  const char *headers[] = { "x-amz-content-sha256: " EMPTY_PAYLOAD_SHA256, self->token_header, NULL };
  TdbgHttpRequest r = {
    .url = url,
    .headers = headers,
    .aws_sigv4 = self->sigv4,
    .aws_key_secret = self->key_secret,
    .head = head,
    .range_from = from,
    .range_length = length,
  };

  return tdbg_http_perform (self->http, &r, response, cancellable, error);
}

/* An answer other than @ok (or 206) as an error naming @what and what the server said. */
static gboolean
check_status (TdbgS3Source *self, const char *what, const TdbgHttpResponse *response, GError **error)
{
  g_autofree char *where = tdbg_storage_uri_to_string (&self->uri);
  g_autofree char *said = NULL;
  TdbgErrorCode code;

  if (response->status == 200 || response->status == 206)
    return TRUE;
  said = tdbg_s3_xml_describe_error (response->body, response->status);
  code = response->status == 404 ? TDBG_ERROR_NOT_FOUND
         : (response->status == 401 || response->status == 403) ? TDBG_ERROR_AUTH
                                                                : TDBG_ERROR_IO;
  /* Translators: a bucket address, an object's name in it (or empty), what the server said */
  g_set_error (error, TDBG_ERROR, code, _("%s%s%s: the server answered %s"), where, *what ? "/" : "", what, said);
  return FALSE;
}

static GStrv
s3_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (source);
  g_autoptr(TdbgS3Listing) listing = tdbg_s3_listing_new (self->uri.prefix);
  g_autofree char *escaped_prefix = tdbg_http_escape (self->uri.prefix, FALSE);
  g_autofree char *token = NULL;

  do
    {
      g_autofree char *escaped_token = token ? tdbg_http_escape (token, FALSE) : NULL;
      /* Sorted by name, each with its '=': the query signed is the query sent. */
      g_autofree char *query = g_strdup_printf ("%s%s%sdelimiter=%%2F&list-type=2&prefix=%s",
                                                token ? "continuation-token=" : "", token ? escaped_token : "",
                                                token ? "&" : "", escaped_prefix);
      g_autofree char *url = object_url (self, "", query);
      TdbgHttpResponse response;

      if (!request (self, url, FALSE, 0, 0, &response, cancellable, error))
        return NULL;
      if (!check_status (self, "", &response, error) || !tdbg_s3_listing_add_page (listing, response.body, error))
        {
          tdbg_http_response_clear (&response);
          return NULL;
        }
      tdbg_http_response_clear (&response);
      g_clear_pointer (&token, g_free);
      token = tdbg_s3_listing_steal_continuation (listing);
    }
  while (token);
  g_mutex_lock (&self->lock);
  g_hash_table_unref (self->listed_sizes);
  self->listed_sizes = tdbg_s3_listing_steal_sizes (listing);
  g_mutex_unlock (&self->lock);
  return tdbg_s3_listing_steal_names (listing);
}

static char *
escaped_key (TdbgS3Source *self, const char *name)
{
  g_autofree char *key = g_strconcat (self->uri.prefix, name, NULL);
  return tdbg_http_escape (key, TRUE);
}

static gboolean
s3_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (source);
  g_autofree char *key = NULL, *url = NULL;
  guint64 *listed;
  TdbgHttpResponse response;
  gboolean ok;

  /* Right after a listing its sizes are fresh; later ones are asked anew. */
  g_mutex_lock (&self->lock);
  listed = g_hash_table_lookup (self->listed_sizes, name);
  if (listed)
    {
      *size = *listed;
      g_hash_table_remove (self->listed_sizes, name);
    }
  g_mutex_unlock (&self->lock);
  if (listed)
    return TRUE;
  key = escaped_key (self, name);
  url = object_url (self, key, NULL);
  if (!request (self, url, TRUE, 0, 0, &response, cancellable, error))
    return FALSE;
  ok = check_status (self, name, &response, error);
  if (ok && response.content_length < 0)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s: the server gave no size for %s"), self->uri.bucket, name);
      ok = FALSE;
    }
  if (ok)
    *size = response.content_length;
  tdbg_http_response_clear (&response);
  return ok;
}

static GBytes *
s3_read (TdbgSource *source, const char *name, guint64 offset, gsize length, GCancellable *cancellable,
         GError **error)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (source);
  g_autofree char *key = escaped_key (self, name);
  g_autofree char *url = object_url (self, key, NULL);
  TdbgHttpResponse response;
  GBytes *bytes = NULL;

  if (length == 0)
    return g_bytes_new (NULL, 0);
  if (!request (self, url, FALSE, offset, length, &response, cancellable, error))
    return NULL;
  /* 416: the range starts at or past the object's end, which is fewer bytes (none). */
  if (response.status == 416)
    bytes = g_bytes_new (NULL, 0);
  else if (response.status == 200)
    {
      /* A server that ignores ranges sends the whole object. */
      gsize size = g_bytes_get_size (response.body);
      bytes = offset >= size ? g_bytes_new (NULL, 0)
                             : g_bytes_new_from_bytes (response.body, offset, MIN (length, size - offset));
    }
  else if (check_status (self, name, &response, error))
    bytes = g_bytes_ref (response.body);
  tdbg_http_response_clear (&response);
  return bytes;
}

static char *
s3_describe (TdbgSource *source)
{
  return tdbg_storage_uri_to_string (&TDBG_S3_SOURCE (source)->uri);
}

static void
tdbg_s3_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = s3_list_files;
  iface->get_size = s3_get_size;
  iface->read = s3_read;
  iface->describe = s3_describe;
}

static void
tdbg_s3_source_finalize (GObject *object)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (object);

  g_clear_pointer (&self->http, tdbg_http_free);
  tdbg_storage_uri_clear (&self->uri);
  tdbg_s3_config_clear (&self->config);
  g_free (self->sigv4);
  if (self->key_secret)
    memset (self->key_secret, 0, strlen (self->key_secret));
  g_free (self->key_secret);
  g_free (self->token_header);
  g_hash_table_unref (self->listed_sizes);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (tdbg_s3_source_parent_class)->finalize (object);
}

static void
tdbg_s3_source_class_init (TdbgS3SourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_s3_source_finalize;
}

static void
tdbg_s3_source_init (TdbgS3Source *self)
{
  g_mutex_init (&self->lock);
  self->listed_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

TdbgSource *
tdbg_s3_source_new (const char *text, GError **error)
{
  g_autoptr(TdbgS3Source) self = g_object_new (TDBG_TYPE_S3_SOURCE, NULL);

  if (!tdbg_storage_uri_parse (text, &self->uri, error))
    return NULL;
  if (self->uri.kind != TDBG_STORAGE_S3)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("%s: not an s3:// address"), text);
      return NULL;
    }
  if (!tdbg_s3_config_load (&self->config, error))
    return NULL;
  self->http = tdbg_http_new ();
  if (self->config.access_key_id)
    {
      self->sigv4 = g_strdup_printf ("aws:amz:%s:s3", self->config.region);
      self->key_secret = g_strdup_printf ("%s:%s", self->config.access_key_id, self->config.secret_access_key);
    }
  if (self->config.session_token)
    self->token_header = g_strconcat ("x-amz-security-token: ", self->config.session_token, NULL);
  return TDBG_SOURCE (g_steal_pointer (&self));
}
