/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-storage-uri.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

static const struct {
  const char *scheme;
  TdbgStorageKind kind;
} schemes[] = {
  { "s3://", TDBG_STORAGE_S3 },
  { "gs://", TDBG_STORAGE_GCS },
};

static gint
scheme_of (const char *text)
{
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_ascii_strncasecmp (text, schemes[i].scheme, strlen (schemes[i].scheme)) == 0)
      return i;
  return -1;
}

gboolean
tdbg_storage_uri_is_storage (const char *text)
{
  return text != NULL && scheme_of (text) >= 0;
}

/* Bucket names as both stores allow them: 3 to 63 (GCS: 222 with dots) lowercase letters,
 * digits, dots, dashes and underscores. */
static gboolean
bucket_is_valid (const char *bucket)
{
  gsize length = strlen (bucket);

  if (length < 3 || length > 222)
    return FALSE;
  for (const char *c = bucket; *c; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '.' && *c != '-' && *c != '_')
      return FALSE;
  return TRUE;
}

gboolean
tdbg_storage_uri_parse (const char *text, TdbgStorageUri *uri, GError **error)
{
  gint scheme = scheme_of (text);
  const char *rest, *slash;
  g_autofree char *bucket = NULL;
  g_autofree char *prefix = NULL;

  memset (uri, 0, sizeof *uri);
  if (scheme < 0)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("%s: not an s3:// or gs:// address"), text);
      return FALSE;
    }
  rest = text + strlen (schemes[scheme].scheme);
  slash = strchr (rest, '/');
  bucket = slash ? g_strndup (rest, slash - rest) : g_strdup (rest);
  if (!bucket_is_valid (bucket))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("%s: “%s” is not a bucket name"), text, bucket);
      return FALSE;
    }
  prefix = g_strdup (slash ? slash + 1 : "");
  while (g_str_has_suffix (prefix, "/"))
    prefix[strlen (prefix) - 1] = '\0';
  if (*prefix)
    {
      char *with_slash = g_strconcat (prefix, "/", NULL);
      g_free (prefix);
      prefix = with_slash;
    }
  uri->kind = schemes[scheme].kind;
  uri->bucket = g_steal_pointer (&bucket);
  uri->prefix = g_steal_pointer (&prefix);
  return TRUE;
}

void
tdbg_storage_uri_clear (TdbgStorageUri *uri)
{
  g_clear_pointer (&uri->bucket, g_free);
  g_clear_pointer (&uri->prefix, g_free);
}

char *
tdbg_storage_uri_to_string (const TdbgStorageUri *uri)
{
  const char *scheme = uri->kind == TDBG_STORAGE_S3 ? "s3://" : "gs://";
  gsize length = strlen (uri->prefix);

  if (length == 0)
    return g_strconcat (scheme, uri->bucket, NULL);
  return g_strdup_printf ("%s%s/%.*s", scheme, uri->bucket, (int) length - 1, uri->prefix);
}
