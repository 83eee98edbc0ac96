/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What an object store answers, S3's XML (data/storage/tdbg-s3-xml.c) and GCS's JSON
 * (tdbg-gcs-json.c, on tdbg-json-reader.c), and s3:// and gs:// addresses: the bytes as a page
 * of each store's listing, twice in a row as a paged listing reads it, whose files must be
 * names right under the prefix, each with a size; as each store's error document, described
 * from its status on; as GCS's object metadata; as an address, which must print back to one
 * that parses the same. */
#include <string.h>
#include <glib.h>
#include "tdbg-gcs-json.h"
#include "tdbg-s3-xml.h"
#include "tdbg-storage-uri.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

typedef gboolean (*ReadListing) (GBytes *page, TdbgStorageListing *listing, char **next, GError **error);

static void
check_listing (GBytes *page, ReadListing read_listing)
{
  g_autoptr(TdbgStorageListing) listing = tdbg_storage_listing_new ("runs/a/", FALSE);
  g_autoptr(GHashTable) sizes = NULL;
  g_auto(GStrv) names = NULL;

  for (guint page_number = 0; page_number < 2; page_number++)
    {
      g_autofree char *token = NULL;
      if (!read_listing (page, listing, &token, NULL))
        break;
    }
  sizes = tdbg_storage_listing_steal_sizes (listing);
  names = tdbg_storage_listing_steal_names (listing);
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
  g_autofree char *gcs_said = tdbg_gcs_json_describe_error (bytes, 429);
  guint64 object_size;

  g_assert_true (g_str_has_prefix (said, "503"));
  g_assert_true (g_str_has_prefix (gcs_said, "429"));
  check_listing (bytes, tdbg_s3_xml_read_listing);
  check_listing (bytes, tdbg_gcs_json_read_listing);
  tdbg_gcs_json_read_size (bytes, &object_size);
  check_address (data, size);
  return 0;
}
