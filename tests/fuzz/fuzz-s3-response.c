/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What an S3 server answers (data/storage/tdbg-s3-xml.c), and s3:// and gs:// addresses: a
 * page of a listing, twice in a row as a paged listing reads it, whose files must be names
 * right under the prefix, each with a size; an error document, described from its status on;
 * the same bytes as an address, which must print back to one that parses the same. */
#include <string.h>
#include <glib.h>
#include "tdbg-s3-xml.h"
#include "tdbg-storage-uri.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
check_listing (GBytes *page)
{
  g_autoptr(TdbgS3Listing) listing = tdbg_s3_listing_new ("runs/a/");
  g_autoptr(GHashTable) sizes = NULL;
  g_auto(GStrv) names = NULL;

  for (guint page_number = 0; page_number < 2; page_number++)
    {
      g_autofree char *token = NULL;
      if (!tdbg_s3_listing_add_page (listing, page, NULL))
        break;
      token = tdbg_s3_listing_steal_continuation (listing);
    }
  sizes = tdbg_s3_listing_steal_sizes (listing);
  names = tdbg_s3_listing_steal_names (listing);
  g_assert_cmpuint (g_strv_length (names), ==, g_hash_table_size (sizes));
  for (guint i = 0; names[i]; i++)
    {
      g_assert_true (names[i][0] != '\0');
      g_assert_null (strchr (names[i], '/'));
      g_assert_true (g_hash_table_contains (sizes, names[i]));
      g_assert_true (i == 0 || strcmp (names[i - 1], names[i]) < 0);
    }
}

static void
check_address (const guint8 *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  TdbgStorageUri uri, again;

  if (!tdbg_storage_uri_parse (text, &uri, NULL))
    return;
  {
    g_autofree char *printed = tdbg_storage_uri_to_string (&uri);
    g_assert_true (tdbg_storage_uri_parse (printed, &again, NULL));
    g_assert_cmpint (uri.kind, ==, again.kind);
    g_assert_cmpstr (uri.bucket, ==, again.bucket);
    g_assert_cmpstr (uri.prefix, ==, again.prefix);
    tdbg_storage_uri_clear (&again);
    tdbg_storage_uri_clear (&uri);
  }
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autofree char *said = tdbg_s3_xml_describe_error (bytes, 503);

  g_assert_true (g_str_has_prefix (said, "503"));
  check_listing (bytes);
  check_address (data, size);
  return 0;
}
