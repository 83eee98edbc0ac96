/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-s3-xml.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"

struct _TdbgS3Listing {
  char *prefix;
  GPtrArray *names;
  GHashTable *sizes;
  char *continuation;
  /* While a page is parsed. */
  GPtrArray *path;       /* element names from the root */
  char *key;
  guint64 size;
  gboolean truncated;
  gboolean is_listing;
};

TdbgS3Listing *
tdbg_s3_listing_new (const char *prefix)
{
  TdbgS3Listing *listing = g_new0 (TdbgS3Listing, 1);

  listing->prefix = g_strdup (prefix);
  listing->names = g_ptr_array_new_with_free_func (g_free);
  listing->sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  listing->path = g_ptr_array_new_with_free_func (g_free);
  return listing;
}

void
tdbg_s3_listing_free (TdbgS3Listing *listing)
{
  g_free (listing->prefix);
  g_ptr_array_unref (listing->names);
  g_clear_pointer (&listing->sizes, g_hash_table_unref);
  g_free (listing->continuation);
  g_ptr_array_unref (listing->path);
  g_free (listing->key);
  g_free (listing);
}

static const char *
current (TdbgS3Listing *listing, guint up)
{
  return listing->path->len > up ? g_ptr_array_index (listing->path, listing->path->len - 1 - up) : "";
}

static void
on_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
          gpointer user_data, GError **error)
{
  TdbgS3Listing *listing = user_data;

  if (listing->path->len == 0)
    listing->is_listing = g_str_equal (element, "ListBucketResult");
  if (g_str_equal (element, "Contents"))
    {
      g_clear_pointer (&listing->key, g_free);
      listing->size = 0;
    }
  g_ptr_array_add (listing->path, g_strdup (element));
}

/* An object right under the prefix (not deeper, not the prefix's own marker object). */
static void
add_object (TdbgS3Listing *listing)
{
  const char *name;

  if (listing->key == NULL || !g_str_has_prefix (listing->key, listing->prefix))
    return;
  name = listing->key + strlen (listing->prefix);
  if (*name == '\0' || strchr (name, '/') || g_hash_table_contains (listing->sizes, name))
    return;
  g_ptr_array_add (listing->names, g_strdup (name));
  g_hash_table_insert (listing->sizes, g_strdup (name), g_memdup2 (&listing->size, sizeof listing->size));
}

static void
on_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  TdbgS3Listing *listing = user_data;

  if (g_str_equal (element, "Contents") && g_str_equal (current (listing, 1), "ListBucketResult"))
    add_object (listing);
  g_ptr_array_remove_index (listing->path, listing->path->len - 1);
}

static void
on_text (GMarkupParseContext *context, const char *text, gsize length, gpointer user_data, GError **error)
{
  TdbgS3Listing *listing = user_data;
  const char *element = current (listing, 0), *parent = current (listing, 1);
  g_autofree char *value = g_strndup (text, length);

  if (g_str_equal (parent, "Contents") && g_str_equal (element, "Key"))
    {
      g_free (listing->key);
      listing->key = g_steal_pointer (&value);
    }
  else if (g_str_equal (parent, "Contents") && g_str_equal (element, "Size"))
    listing->size = g_ascii_strtoull (value, NULL, 10);
  else if (g_str_equal (parent, "ListBucketResult") && g_str_equal (element, "IsTruncated"))
    listing->truncated = g_str_equal (g_strstrip (value), "true");
  else if (g_str_equal (parent, "ListBucketResult") && g_str_equal (element, "NextContinuationToken"))
    {
      g_free (listing->continuation);
      listing->continuation = g_steal_pointer (&value);
    }
}

static const GMarkupParser listing_parser = { on_start, on_end, on_text, NULL, NULL };

gboolean
tdbg_s3_listing_add_page (TdbgS3Listing *listing, GBytes *page, GError **error)
{
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&listing_parser, 0, listing, NULL);
  gsize size;
  const char *data = g_bytes_get_data (page, &size);

  listing->truncated = FALSE;
  listing->is_listing = FALSE;
  g_clear_pointer (&listing->continuation, g_free);
  g_ptr_array_set_size (listing->path, 0);
  if (!g_markup_parse_context_parse (context, data ? data : "", size, error) ||
      !g_markup_parse_context_end_parse (context, error))
    return FALSE;
  if (!listing->is_listing)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("the server's listing is not a ListBucketResult"));
      return FALSE;
    }
  if (!listing->truncated)
    g_clear_pointer (&listing->continuation, g_free);
  return TRUE;
}

char *
tdbg_s3_listing_steal_continuation (TdbgS3Listing *listing)
{
  return g_steal_pointer (&listing->continuation);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GStrv
tdbg_s3_listing_steal_names (TdbgS3Listing *listing)
{
  g_ptr_array_sort (listing->names, compare_names);
  g_ptr_array_add (listing->names, NULL);
  return (GStrv) g_ptr_array_steal (listing->names, NULL);
}

GHashTable *
tdbg_s3_listing_steal_sizes (TdbgS3Listing *listing)
{
  return g_steal_pointer (&listing->sizes);
}

typedef struct {
  GPtrArray *path;
  char *code;
  char *message;
} ErrorDocument;

static void
on_error_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                gpointer user_data, GError **error)
{
  g_ptr_array_add (((ErrorDocument *) user_data)->path, g_strdup (element));
}

static void
on_error_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  GPtrArray *path = ((ErrorDocument *) user_data)->path;
  g_ptr_array_remove_index (path, path->len - 1);
}

static void
on_error_text (GMarkupParseContext *context, const char *text, gsize length, gpointer user_data, GError **error)
{
  ErrorDocument *doc = user_data;
  const char *element = doc->path->len ? g_ptr_array_index (doc->path, doc->path->len - 1) : "";

  if (doc->path->len != 2 || !g_str_equal (g_ptr_array_index (doc->path, 0), "Error"))
    return;
  if (g_str_equal (element, "Code") && doc->code == NULL)
    doc->code = g_strndup (text, length);
  else if (g_str_equal (element, "Message") && doc->message == NULL)
    doc->message = g_strndup (text, length);
}

static const GMarkupParser error_parser = { on_error_start, on_error_end, on_error_text, NULL, NULL };

char *
tdbg_s3_xml_describe_error (GBytes *body, long status)
{
  ErrorDocument doc = { g_ptr_array_new_with_free_func (g_free), NULL, NULL };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&error_parser, 0, &doc, NULL);
  gsize size = 0;
  const char *data = body ? g_bytes_get_data (body, &size) : NULL;
  char *text;

  if (data && size > 0)
    g_markup_parse_context_parse (context, data, size, NULL);
  if (doc.code && doc.message)
    text = g_strdup_printf ("%ld %s (%s)", status, doc.code, doc.message);
  else if (doc.code)
    text = g_strdup_printf ("%ld %s", status, doc.code);
  else
    text = g_strdup_printf ("%ld", status);
  g_ptr_array_unref (doc.path);
  g_free (doc.code);
  g_free (doc.message);
  return text;
}
