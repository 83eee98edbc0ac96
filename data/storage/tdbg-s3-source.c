/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-s3-source.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-s3-config.h"
#include "tdbg-s3-xml.h"
#include "tdbg-storage-source.h"

/* SHA-256 of nothing: the payload of every request sent here (GET, HEAD), as Signature V4
 * wants it declared. */
#define EMPTY_PAYLOAD_SHA256 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

struct _TdbgS3Source {
  TdbgStorageSource parent_instance;
  TdbgS3Config config;
  char *sigv4;        /* "aws:amz:REGION:s3", NULL when anonymous */
  char *key_secret;
};

G_DEFINE_FINAL_TYPE (TdbgS3Source, tdbg_s3_source, TDBG_TYPE_STORAGE_SOURCE)

/* Path-style addresses for an endpoint the user named (MinIO, Ceph, an emulator) and for
 * bucket names with dots (which AWS's certificates do not cover as host names); else AWS's
 * virtual-hosted ones. @escaped_key is already escaped. */
static char *
object_url (TdbgS3Source *self, const char *escaped_key, const char *query)
{
  const TdbgStorageUri *uri = tdbg_storage_source_get_uri (TDBG_STORAGE_SOURCE (self));
  const char *q = query ? "?" : "", *qs = query ? query : "";

  if (self->config.endpoint)
    return g_strdup_printf ("%s/%s/%s%s%s", self->config.endpoint, uri->bucket, escaped_key, q, qs);
  if (strchr (uri->bucket, '.'))
    return g_strdup_printf ("https://s3.%s.amazonaws.com/%s/%s%s%s", self->config.region, uri->bucket,
                            escaped_key, q, qs);
  return g_strdup_printf ("https://%s.s3.%s.amazonaws.com/%s%s%s", uri->bucket, self->config.region, escaped_key,
                          q, qs);
}

static char *
s3_listing_url (TdbgStorageSource *source, const char *token, gboolean deep)
{
  const TdbgStorageUri *uri = tdbg_storage_source_get_uri (source);
  g_autofree char *escaped_prefix = tdbg_http_escape (uri->prefix, FALSE);
  g_autofree char *escaped_token = token ? tdbg_http_escape (token, FALSE) : NULL;
  /* Sorted by name, each with its '=': the query signed is the query sent. */
  g_autofree char *query = g_strdup_printf ("%s%s%s%slist-type=2&prefix=%s",
                                            token ? "continuation-token=" : "", token ? escaped_token : "",
                                            token ? "&" : "", deep ? "" : "delimiter=%2F&", escaped_prefix);

  return object_url (TDBG_S3_SOURCE (source), "", query);
}

static char *
s3_media_url (TdbgStorageSource *source, const char *name)
{
  g_autofree char *key = g_strconcat (tdbg_storage_source_get_uri (source)->prefix, name, NULL);
  g_autofree char *escaped = tdbg_http_escape (key, TRUE);

  return object_url (TDBG_S3_SOURCE (source), escaped, NULL);
}

static gboolean
s3_authorize (TdbgStorageSource *source, TdbgHttpRequest *request, GPtrArray *headers, GCancellable *cancellable,
              GError **error)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (source);

  g_ptr_array_add (headers, g_strdup ("x-amz-content-sha256: " EMPTY_PAYLOAD_SHA256));
  if (self->config.session_token)
    g_ptr_array_add (headers, g_strconcat ("x-amz-security-token: ", self->config.session_token, NULL));
  request->aws_sigv4 = self->sigv4;
  request->aws_key_secret = self->key_secret;
  return TRUE;
}

static void
tdbg_s3_source_finalize (GObject *object)
{
  TdbgS3Source *self = TDBG_S3_SOURCE (object);

  tdbg_s3_config_clear (&self->config);
  g_free (self->sigv4);
  if (self->key_secret)
    memset (self->key_secret, 0, strlen (self->key_secret));
  g_free (self->key_secret);
  G_OBJECT_CLASS (tdbg_s3_source_parent_class)->finalize (object);
}

static void
tdbg_s3_source_class_init (TdbgS3SourceClass *klass)
{
  TdbgStorageSourceClass *storage_class = TDBG_STORAGE_SOURCE_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tdbg_s3_source_finalize;
  storage_class->listing_url = s3_listing_url;
  storage_class->read_listing = tdbg_s3_xml_read_listing;
  storage_class->media_url = s3_media_url;
  storage_class->authorize = s3_authorize;
  storage_class->describe_error = tdbg_s3_xml_describe_error;
}

static void
tdbg_s3_source_init (TdbgS3Source *self)
{
}

TdbgSource *
tdbg_s3_source_new (const char *text, GError **error)
{
  g_autoptr(TdbgS3Source) self = g_object_new (TDBG_TYPE_S3_SOURCE, NULL);

  if (!tdbg_storage_source_set_address (TDBG_STORAGE_SOURCE (self), text, TDBG_STORAGE_S3, error))
    return NULL;
  if (!tdbg_s3_config_load (&self->config, error))
    return NULL;
  if (self->config.access_key_id)
    {
      self->sigv4 = g_strdup_printf ("aws:amz:%s:s3", self->config.region);
      self->key_secret = g_strdup_printf ("%s:%s", self->config.access_key_id, self->config.secret_access_key);
    }
  return TDBG_SOURCE (g_steal_pointer (&self));
}
