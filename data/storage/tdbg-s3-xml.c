/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-s3-xml.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

/* While a page is parsed. */
typedef struct {
  TdbgStorageListing *listing;
  GPtrArray *path;       /* element names from the root */
  char *key;
  guint64 size;
  char *continuation;
  gboolean truncated;
  gboolean is_listing;
} ListingPage;

static const char *
current (ListingPage *page, guint up)
{
  return page->path->len > up ? g_ptr_array_index (page->path, page->path->len - 1 - up) : "";
}

static void
on_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
          gpointer user_data, GError **error)
{
  ListingPage *page = user_data;

  if (page->path->len == 0)
    page->is_listing = g_str_equal (element, "ListBucketResult");
  if (g_str_equal (element, "Contents"))
    {
      g_clear_pointer (&page->key, g_free);
      page->size = 0;
    }
  g_ptr_array_add (page->path, g_strdup (element));
}

static void
on_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  ListingPage *page = user_data;

  if (g_str_equal (element, "Contents") && g_str_equal (current (page, 1), "ListBucketResult"))
    tdbg_storage_listing_add (page->listing, page->key, page->size);
  g_ptr_array_remove_index (page->path, page->path->len - 1);
}

static void
on_text (GMarkupParseContext *context, const char *text, gsize length, gpointer user_data, GError **error)
{
  ListingPage *page = user_data;
  const char *element = current (page, 0), *parent = current (page, 1);
  g_autofree char *value = g_strndup (text, length);

  if (g_str_equal (parent, "Contents") && g_str_equal (element, "Key"))
    {
      g_free (page->key);
      page->key = g_steal_pointer (&value);
    }
  else if (g_str_equal (parent, "Contents") && g_str_equal (element, "Size"))
    page->size = g_ascii_strtoull (value, NULL, 10);
  else if (g_str_equal (parent, "CommonPrefixes") && g_str_equal (element, "Prefix") &&
           g_str_equal (current (page, 2), "ListBucketResult"))
    tdbg_storage_listing_add_folder (page->listing, value);
  else if (g_str_equal (parent, "ListBucketResult") && g_str_equal (element, "IsTruncated"))
    page->truncated = g_str_equal (g_strstrip (value), "true");
  else if (g_str_equal (parent, "ListBucketResult") && g_str_equal (element, "NextContinuationToken"))
    {
      g_free (page->continuation);
      page->continuation = g_steal_pointer (&value);
    }
}

static const GMarkupParser listing_parser = { on_start, on_end, on_text, NULL, NULL };

gboolean
tdbg_s3_xml_read_listing (GBytes *bytes, TdbgStorageListing *listing, char **next, GError **error)
{
  ListingPage page = { listing, g_ptr_array_new_with_free_func (g_free), NULL, 0, NULL, FALSE, FALSE };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&listing_parser, 0, &page, NULL);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  gboolean ok;

  *next = NULL;
  ok = g_markup_parse_context_parse (context, data ? data : "", size, error) &&
       g_markup_parse_context_end_parse (context, error);
  if (ok && !page.is_listing)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("the server's listing is not a ListBucketResult"));
      ok = FALSE;
    }
  if (ok && page.truncated)
    *next = g_steal_pointer (&page.continuation);
  g_ptr_array_unref (page.path);
  g_free (page.key);
  g_free (page.continuation);
  return ok;
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
