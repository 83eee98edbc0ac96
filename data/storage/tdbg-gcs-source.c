/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-gcs-source.h"

#include <string.h>

#include "tdbg-gcs-credentials.h"
#include "tdbg-gcs-json.h"

#define GOOGLE_ENDPOINT "https://storage.googleapis.com"

struct _TdbgGcsSource {
  TdbgStorageSource parent_instance;
  char *endpoint;      /* "scheme://host[:port]", no trailing '/' */
  TdbgGcsCredentials *credentials;
};

G_DEFINE_FINAL_TYPE (TdbgGcsSource, tdbg_gcs_source, TDBG_TYPE_STORAGE_SOURCE)

/* The JSON API's address of @name's object (NULL: the bucket's object list). */
static char *
objects_url (TdbgStorageSource *source, const char *name, const char *query)
{
  TdbgGcsSource *self = TDBG_GCS_SOURCE (source);
  const TdbgStorageUri *uri = tdbg_storage_source_get_uri (source);
  g_autofree char *key = name ? g_strconcat (uri->prefix, name, NULL) : NULL;
  g_autofree char *escaped = key ? tdbg_http_escape (key, FALSE) : NULL;

  return g_strdup_printf ("%s/storage/v1/b/%s/o%s%s?%s", self->endpoint, uri->bucket, escaped ? "/" : "",
                          escaped ? escaped : "", query);
}

static char *
gcs_listing_url (TdbgStorageSource *source, const char *token, gboolean deep)
{
  g_autofree char *prefix = tdbg_http_escape (tdbg_storage_source_get_uri (source)->prefix, FALSE);
  g_autofree char *escaped_token = token ? tdbg_http_escape (token, FALSE) : NULL;
  /* Only what the listing reads: fewer bytes for a page of thousands of objects. */
  g_autofree char *query = g_strdup_printf ("%sprefix=%s&fields=kind%%2CnextPageToken%%2C"
                                            "items(name%%2Csize)%%2Cprefixes%s%s",
                                            deep ? "" : "delimiter=%2F&", prefix, token ? "&pageToken=" : "",
                                            token ? escaped_token : "");

  return objects_url (source, NULL, query);
}

static char *
gcs_media_url (TdbgStorageSource *source, const char *name)
{
  return objects_url (source, name, "alt=media");
}

static char *
gcs_size_url (TdbgStorageSource *source, const char *name)
{
  return objects_url (source, name, "fields=size");
}

static gboolean
gcs_authorize (TdbgStorageSource *source, TdbgHttpRequest *request, GPtrArray *headers, GCancellable *cancellable,
               GError **error)
{
  TdbgGcsSource *self = TDBG_GCS_SOURCE (source);
  g_autoptr(GError) local_error = NULL;
  char *line = tdbg_gcs_credentials_authorization (self->credentials, tdbg_storage_source_get_http (source),
                                                   cancellable, &local_error);

  if (local_error)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (line)
    g_ptr_array_add (headers, line);
  return TRUE;
}

static void
tdbg_gcs_source_finalize (GObject *object)
{
  TdbgGcsSource *self = TDBG_GCS_SOURCE (object);

  g_free (self->endpoint);
  g_clear_pointer (&self->credentials, tdbg_gcs_credentials_free);
  G_OBJECT_CLASS (tdbg_gcs_source_parent_class)->finalize (object);
}

static void
tdbg_gcs_source_class_init (TdbgGcsSourceClass *klass)
{
  TdbgStorageSourceClass *storage_class = TDBG_STORAGE_SOURCE_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tdbg_gcs_source_finalize;
  storage_class->listing_url = gcs_listing_url;
  storage_class->read_listing = tdbg_gcs_json_read_listing;
  storage_class->media_url = gcs_media_url;
  storage_class->size_url = gcs_size_url;
  storage_class->size_from_answer = tdbg_gcs_json_read_size;
  storage_class->authorize = gcs_authorize;
  storage_class->describe_error = tdbg_gcs_json_describe_error;
}

static void
tdbg_gcs_source_init (TdbgGcsSource *self)
{
}

/* @text without the trailing '/' and the API's path ("https://h/storage/v1/" → "https://h"). */
static char *
endpoint_root (const char *text)
{
  g_autofree char *root = g_strdup (text);
  gsize length;

  while ((length = strlen (root)) > 0 && root[length - 1] == '/')
    root[length - 1] = '\0';
  if (g_str_has_suffix (root, "/storage/v1"))
    root[strlen (root) - strlen ("/storage/v1")] = '\0';
  return g_steal_pointer (&root);
}

TdbgSource *
tdbg_gcs_source_new (const char *text, GError **error)
{
  g_autoptr(TdbgGcsSource) self = g_object_new (TDBG_TYPE_GCS_SOURCE, NULL);
  const char *emulator = g_getenv ("STORAGE_EMULATOR_HOST");
  const char *override = g_getenv ("CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE");

  if (!tdbg_storage_source_set_address (TDBG_STORAGE_SOURCE (self), text, TDBG_STORAGE_GCS, error))
    return NULL;
  if (emulator && *emulator)
    {
      g_autofree char *with_scheme = strstr (emulator, "://") ? g_strdup (emulator)
                                                               : g_strconcat ("http://", emulator, NULL);
      self->endpoint = endpoint_root (with_scheme);
      self->credentials = tdbg_gcs_credentials_new_anonymous ();
      return TDBG_SOURCE (g_steal_pointer (&self));
    }
  self->endpoint = endpoint_root (override && *override ? override : GOOGLE_ENDPOINT);
  self->credentials = tdbg_gcs_credentials_find (error);
  if (self->credentials == NULL)
    return NULL;
  return TDBG_SOURCE (g_steal_pointer (&self));
}
