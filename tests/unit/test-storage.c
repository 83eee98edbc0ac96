/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Object storage without a server: s3:// and gs:// addresses, ListObjectsV2's pages and error
 * documents, GCS's objects.list pages and error documents and the JSON reader under them, and
 * where the S3 settings come from (the environment before the profile's files, the config
 * file's "profile NAME" sections, nested settings skipped). */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "tdbg-error.h"
#include "tdbg-gcs-json.h"
#include "tdbg-http.h"
#include "tdbg-gcs-source.h"
#include "tdbg-json-reader.h"
#include "tdbg-location.h"
#include "tdbg-s3-config.h"
#include "tdbg-s3-source.h"
#include "tdbg-s3-xml.h"
#include "tdbg-storage.h"
#include "tdbg-storage-uri.h"
#include "aws-settings.h"
#include "test-util.h"

static void
test_uri (void)
{
  const struct {
    const char *text, *bucket, *prefix, *again;
    TdbgStorageKind kind;
  } good[] = {
    { "s3://logs/runs/a", "logs", "runs/a/", "s3://logs/runs/a", TDBG_STORAGE_S3 },
    { "s3://logs/runs/a/", "logs", "runs/a/", "s3://logs/runs/a", TDBG_STORAGE_S3 },
    { "S3://logs//", "logs", "", "s3://logs", TDBG_STORAGE_S3 },
    { "gs://my_bucket.example", "my_bucket.example", "", "gs://my_bucket.example", TDBG_STORAGE_GCS },
    { "gs://tpu-runs/2026/run 1", "tpu-runs", "2026/run 1/", "gs://tpu-runs/2026/run 1", TDBG_STORAGE_GCS },
  };
  const char *bad[] = { "s3://", "s3://ab/x", "s3://Logs/x", "gs://a b/x", "http://logs/x", "/tmp/s3://x" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      TdbgStorageUri uri;
      g_autoptr(GError) error = NULL;
      g_autofree char *again = NULL;

      g_assert_true (tdbg_storage_uri_is_storage (good[i].text));
      g_assert_true (tdbg_storage_uri_parse (good[i].text, &uri, &error));
      g_assert_no_error (error);
      g_assert_cmpint (uri.kind, ==, good[i].kind);
      g_assert_cmpstr (uri.bucket, ==, good[i].bucket);
      g_assert_cmpstr (uri.prefix, ==, good[i].prefix);
      again = tdbg_storage_uri_to_string (&uri);
      g_assert_cmpstr (again, ==, good[i].again);
      tdbg_storage_uri_clear (&uri);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TdbgStorageUri uri;
      g_autoptr(GError) error = NULL;

      g_assert_false (tdbg_storage_uri_parse (bad[i], &uri, &error));
      g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

/* Once the library is added, s3:// and gs:// are locations like ssh://, named by their bucket;
 * a malformed address is refused at parsing. */
static void
test_location (void)
{
  g_autoptr(TdbgLocation) location = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) schemes = NULL;

  tdbg_storage_init ();
  g_assert_true (tdbg_location_can_open_remote ("s3://logs/run"));
  g_assert_true (tdbg_location_can_open_remote ("gs://logs/run"));
  schemes = tdbg_location_list_remote_schemes ();
  g_assert_true (g_strv_contains ((const char *const *) schemes, "s3://"));
  g_assert_true (g_strv_contains ((const char *const *) schemes, "gs://"));
  location = tdbg_location_parse ("s3://logs/runs/a", &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_location_is_remote (location));
  g_assert_cmpstr (tdbg_location_get_host (location), ==, "logs");
  g_assert_cmpstr (tdbg_location_get_text (location), ==, "s3://logs/runs/a");
  g_assert_null (tdbg_location_get_path (location));
  g_assert_null (tdbg_location_parse ("s3://NoSuchName/x", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_pointer (&location, tdbg_location_free);
  location = tdbg_location_parse ("gs://tpu-runs/2026/run1", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tdbg_location_get_host (location), ==, "tpu-runs");
  g_assert_null (tdbg_location_parse ("gs://x/run", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_clear_error (&error);
  /* Each store's source takes its own scheme only. */
  g_assert_null (tdbg_gcs_source_new ("s3://logs/run", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "s3://logs/run: does not start with gs://");
  g_clear_error (&error);
  g_assert_null (tdbg_s3_source_new ("gs://logs/run", &error));
  g_assert_cmpstr (error->message, ==, "gs://logs/run: does not start with s3://");
}

static GBytes *
bytes (const char *text)
{
  return g_bytes_new_static (text, strlen (text));
}

/* Two pages: the first cut short with a token; objects deeper than the prefix, the prefix's
 * own marker and other prefixes' objects are not files of the logdir. */
static void
test_listing (void)
{
  g_autoptr(TdbgStorageListing) listing = tdbg_storage_listing_new ("runs/a/", FALSE);
  g_autoptr(GBytes) first = bytes (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>logs</Name>"
    "<Prefix>runs/a/</Prefix><IsTruncated>true</IsTruncated>"
    "<Contents><Key>runs/a/</Key><Size>0</Size></Contents>"
    "<Contents><Key>runs/a/tfdbg_events.1.h.metadata</Key><Size>60</Size><ETag>\"x\"</ETag></Contents>"
    "<Contents><Key>runs/a/sub/deeper</Key><Size>5</Size></Contents>"
    "<CommonPrefixes><Prefix>runs/a/sub/</Prefix></CommonPrefixes>"
    "<CommonPrefixes><Prefix>runs/a/run_1/</Prefix></CommonPrefixes>"
    "<CommonPrefixes><Prefix>runs/ab/</Prefix></CommonPrefixes>"
    "<NextContinuationToken>1/abc=+</NextContinuationToken></ListBucketResult>");
  g_autoptr(GBytes) second = bytes (
    "<ListBucketResult><IsTruncated>false</IsTruncated>"
    "<Contents><Key>runs/a/tfdbg_events.1.h.execution</Key><Size>18446744073709551615</Size></Contents>"
    "<Contents><Key>runs/ab/x</Key><Size>1</Size></Contents></ListBucketResult>");
  g_autoptr(GBytes) not_listing = bytes ("<Error><Code>AccessDenied</Code></Error>");
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;
  g_autoptr(GHashTable) sizes = NULL;
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) folders = NULL;

  g_assert_true (tdbg_s3_xml_read_listing (first, listing, &token, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (token, ==, "1/abc=+");
  g_clear_pointer (&token, g_free);
  g_assert_true (tdbg_s3_xml_read_listing (second, listing, &token, &error));
  g_assert_null (token);
  sizes = tdbg_storage_listing_steal_sizes (listing);
  names = tdbg_storage_listing_steal_names (listing);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "tfdbg_events.1.h.execution");
  g_assert_cmpstr (names[1], ==, "tfdbg_events.1.h.metadata");
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (sizes, names[0]), ==, G_MAXUINT64);
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (sizes, names[1]), ==, 60);
  /* The folders right under the prefix: another prefix's are not. */
  folders = tdbg_storage_listing_steal_folders (listing);
  g_assert_cmpuint (g_strv_length (folders), ==, 2);
  g_assert_cmpstr (folders[0], ==, "run_1");
  g_assert_cmpstr (folders[1], ==, "sub");

  g_assert_false (tdbg_s3_xml_read_listing (not_listing, listing, &token, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
}

static void
test_error_document (void)
{
  g_autoptr(GBytes) full = bytes ("<?xml version=\"1.0\"?><Error><Code>SlowDown</Code><Message>Reduce your "
                                  "request rate.</Message><Resource>/x</Resource></Error>");
  g_autoptr(GBytes) code_only = bytes ("<Error><Code>NoSuchBucket</Code></Error>");
  g_autoptr(GBytes) garbage = bytes ("<html>Bad gateway");
  g_autofree char *a = tdbg_s3_xml_describe_error (full, 503);
  g_autofree char *b = tdbg_s3_xml_describe_error (code_only, 404);
  g_autofree char *c = tdbg_s3_xml_describe_error (garbage, 502);
  g_autofree char *d = tdbg_s3_xml_describe_error (NULL, 403);

  g_assert_cmpstr (a, ==, "503 SlowDown (Reduce your request rate.)");
  g_assert_cmpstr (b, ==, "404 NoSuchBucket");
  g_assert_cmpstr (c, ==, "502");
  g_assert_cmpstr (d, ==, "403");
}

/* Three pages as GCS writes them: sizes as strings, a token on all but the last; objects
 * deeper than the prefix, its marker and another prefix's objects are not files. */
static void
test_gcs_listing (void)
{
  g_autoptr(TdbgStorageListing) listing = tdbg_storage_listing_new ("runs/a/", FALSE);
  g_autoptr(GBytes) first = bytes (
    "{\"kind\": \"storage#objects\", \"nextPageToken\": \"CiJydW5z\\u002Fa\",\n"
    " \"prefixes\": [\"runs/a/sub/\", \"runs/a/sub/x/\", \"runs/ab/\"], \"items\": [\n"
    "  {\"name\": \"runs/a/\", \"size\": \"0\"},\n"
    "  {\"kind\": \"storage#object\", \"name\": \"runs/a/tfdbg_events.1.h.metadata\", \"size\": \"60\", "
    "\"metadata\": {\"x\": [1, 2.5e3, true, null]}},\n"
    "  {\"name\": \"runs/a/sub/deeper\", \"size\": \"5\"}]}");
  g_autoptr(GBytes) second = bytes ("{\"kind\":\"storage#objects\",\"nextPageToken\":\"\"}");
  g_autoptr(GBytes) third = bytes (
    "{\"kind\":\"storage#objects\",\"items\":[{\"name\":\"runs/a/tfdbg_events.1.h.execution\","
    "\"size\":\"18446744073709551615\"},{\"name\":\"runs/ab/x\",\"size\":\"1\"},"
    "{\"name\":\"runs/a/no-size\"},{\"name\":\"runs/a/caf\\u00e9 \\ud83d\\ude00\",\"size\":7}]}");
  g_autoptr(GBytes) not_listing = bytes ("{\"error\": {\"code\": 404, \"message\": \"Not Found\"}}");
  g_autoptr(GBytes) broken = bytes ("{\"kind\": \"storage#objects\", \"items\": [");
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;
  g_autoptr(GHashTable) sizes = NULL;
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) folders = NULL;

  g_assert_true (tdbg_gcs_json_read_listing (first, listing, &token, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (token, ==, "CiJydW5z/a");
  g_clear_pointer (&token, g_free);
  g_assert_true (tdbg_gcs_json_read_listing (second, listing, &token, &error));
  g_assert_null (token);
  g_assert_true (tdbg_gcs_json_read_listing (third, listing, &token, &error));
  g_assert_null (token);
  sizes = tdbg_storage_listing_steal_sizes (listing);
  names = tdbg_storage_listing_steal_names (listing);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_assert_cmpstr (names[0], ==, "caf\u00e9 \U0001F600");
  g_assert_cmpstr (names[1], ==, "tfdbg_events.1.h.execution");
  g_assert_cmpstr (names[2], ==, "tfdbg_events.1.h.metadata");
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (sizes, names[0]), ==, 7);
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (sizes, names[1]), ==, G_MAXUINT64);
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (sizes, names[2]), ==, 60);
  folders = tdbg_storage_listing_steal_folders (listing);
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, "sub");

  g_assert_false (tdbg_gcs_json_read_listing (not_listing, listing, &token, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (tdbg_gcs_json_read_listing (broken, listing, &token, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "offset 38"));
}

static void
test_gcs_error_document (void)
{
  g_autoptr(GBytes) full = bytes ("{\"error\": {\"code\": 429, \"message\": \"The project exceeded the rate "
                                  "limit.\", \"errors\": [{\"reason\": \"rateLimitExceeded\"}]}}");
  g_autoptr(GBytes) oauth = bytes ("{\"error\": \"invalid_grant\", \"error_description\": \"Bad Request\"}");
  g_autoptr(GBytes) message_only = bytes ("{\"error\": {\"code\": 404, \"message\": \"No such object\"}}");
  g_autoptr(GBytes) garbage = bytes ("<html>Bad gateway");
  g_autofree char *a = tdbg_gcs_json_describe_error (full, 429);
  g_autofree char *b = tdbg_gcs_json_describe_error (oauth, 400);
  g_autofree char *c = tdbg_gcs_json_describe_error (message_only, 404);
  g_autofree char *d = tdbg_gcs_json_describe_error (garbage, 502);
  g_autofree char *e = tdbg_gcs_json_describe_error (NULL, 403);
  g_autoptr(GBytes) metadata = bytes ("{\"size\": \"12345\"}");
  g_autoptr(GBytes) no_size = bytes ("{\"name\": \"x\"}");
  guint64 size = 0;

  g_assert_cmpstr (a, ==, "429 rateLimitExceeded (The project exceeded the rate limit.)");
  g_assert_cmpstr (b, ==, "400 invalid_grant (Bad Request)");
  g_assert_cmpstr (c, ==, "404 No such object");
  g_assert_cmpstr (d, ==, "502");
  g_assert_cmpstr (e, ==, "403");
  g_assert_true (tdbg_gcs_json_read_size (metadata, &size));
  g_assert_cmpuint (size, ==, 12345);
  g_assert_false (tdbg_gcs_json_read_size (no_size, &size));
}

/* What is JSON is read to the byte; what is not is refused at its offset, never past the end,
 * however deep. */
static void
test_json_reader (void)
{
  const char *good = " {\"a\": [1, -2.5e-3, \"\\\"\\\\\\/\\b\\f\\n\\r\\t\"], \"b\": {}, \"a\": \"last\"} ";
  const struct {
    const char *text;
    gsize offset;
  } bad[] = {
    { "", 0 }, { "{", 1 }, { "[1,]", 3 }, { "{\"a\" 1}", 5 }, { "\"\\u0000\"", 7 }, { "\"\\ud800\"", 7 },
    { "\"a\x01\"", 3 }, { "tru", 0 }, { "01x", 2 }, { "1 2", 2 }, { "\"\xff\"", 3 }, { "-", 0 },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgJsonNode) node = tdbg_json_parse (good, strlen (good), &error);
  g_autofree char *deep = g_strnfill (10000, '[');

  g_assert_no_error (error);
  g_assert_cmpstr (tdbg_json_node_member_text (node, "a"), ==, "last");
  g_assert_cmpint (tdbg_json_node_kind (tdbg_json_node_member (node, "b")), ==, TDBG_JSON_OBJECT);
  g_assert_null (tdbg_json_node_member (node, "c"));
  g_assert_null (tdbg_json_node_member_text (NULL, "a"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *expected = g_strdup_printf ("offset %" G_GSIZE_FORMAT, bad[i].offset);
      g_autoptr(TdbgJsonNode) none = tdbg_json_parse (bad[i].text, strlen (bad[i].text), &error);

      g_assert_null (none);
      g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
      if (strstr (error->message, expected) == NULL)
        g_error ("%s: %s, not at %s", bad[i].text, error->message, expected);
      g_clear_error (&error);
    }
  g_assert_null (tdbg_json_parse (deep, strlen (deep), &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT);
}

static char *home;

static void
set_files (const char *credentials, const char *config)
{
  aws_settings_reset (home, credentials, config);
}

static void
test_config (void)
{
  TdbgS3Config config;
  g_autoptr(GError) error = NULL;

  /* Nothing anywhere: anonymous, us-east-1, AWS itself. */
  set_files (NULL, NULL);
  g_assert_true (tdbg_s3_config_load (&config, &error));
  g_assert_null (config.access_key_id);
  g_assert_cmpstr (config.region, ==, "us-east-1");
  g_assert_null (config.endpoint);
  tdbg_s3_config_clear (&config);

  /* The profile's sections; a nested setting and comments skipped. */
  set_files ("[default]\naws_access_key_id=D\naws_secret_access_key=DS\n"
             "[work]\n; a comment\naws_access_key_id = W\naws_secret_access_key = WS\naws_session_token = WT\n",
             "[default]\nregion=eu-west-1\n[profile work]\nregion = ap-south-1\ns3 =\n  endpoint_url = http://nested\n"
             "endpoint_url = https://minio.example:9000/\n");
  g_assert_true (tdbg_s3_config_load (&config, &error));
  g_assert_cmpstr (config.access_key_id, ==, "D");
  g_assert_cmpstr (config.region, ==, "eu-west-1");
  g_assert_null (config.endpoint);
  tdbg_s3_config_clear (&config);
  g_setenv ("AWS_PROFILE", "work", TRUE);
  g_assert_true (tdbg_s3_config_load (&config, &error));
  g_assert_cmpstr (config.access_key_id, ==, "W");
  g_assert_cmpstr (config.secret_access_key, ==, "WS");
  g_assert_cmpstr (config.session_token, ==, "WT");
  g_assert_cmpstr (config.region, ==, "ap-south-1");
  g_assert_cmpstr (config.endpoint, ==, "https://minio.example:9000");
  tdbg_s3_config_clear (&config);

  /* The environment first: a key there comes with its own secret, never the file's. */
  g_setenv ("AWS_ACCESS_KEY_ID", "E", TRUE);
  g_setenv ("AWS_SECRET_ACCESS_KEY", "ES", TRUE);
  g_setenv ("AWS_REGION", "us-west-2", TRUE);
  g_setenv ("AWS_ENDPOINT_URL_S3", "http://127.0.0.1:9000", TRUE);
  g_assert_true (tdbg_s3_config_load (&config, &error));
  g_assert_cmpstr (config.access_key_id, ==, "E");
  g_assert_cmpstr (config.secret_access_key, ==, "ES");
  g_assert_null (config.session_token);
  g_assert_cmpstr (config.region, ==, "us-west-2");
  g_assert_cmpstr (config.endpoint, ==, "http://127.0.0.1:9000");
  tdbg_s3_config_clear (&config);

  /* A key without its secret is an error that names the key, not a silent anonymous read. */
  set_files ("[default]\naws_access_key_id = LONELY\n", NULL);
  g_assert_false (tdbg_s3_config_load (&config, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "LONELY"));
}

/* The Range header of a read: a length to the end (G_MAXSIZE) from past the first byte asks for
 * the rest, not for a last byte whose number wrapped around. */
static void
test_range (void)
{
  g_autofree char *none = tdbg_http_range (10, 0);
  g_autofree char *some = tdbg_http_range (100, 64);
  g_autofree char *to_end = tdbg_http_range (4096, G_MAXSIZE);
  g_autofree char *from_start = tdbg_http_range (0, G_MAXSIZE);

  g_assert_null (none);
  g_assert_cmpstr (some, ==, "100-163");
  g_assert_cmpstr (to_end, ==, "4096-");
  g_assert_cmpstr (from_start, ==, "0-18446744073709551614");
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  home = g_dir_make_tmp ("tdbg-storage-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/storage/uri", test_uri);
  g_test_add_func ("/storage/range", test_range);
  g_test_add_func ("/storage/location", test_location);
  g_test_add_func ("/storage/listing", test_listing);
  g_test_add_func ("/storage/error-document", test_error_document);
  g_test_add_func ("/storage/gcs-listing", test_gcs_listing);
  g_test_add_func ("/storage/gcs-error-document", test_gcs_error_document);
  g_test_add_func ("/storage/json-reader", test_json_reader);
  g_test_add_func ("/storage/config", test_config);
  status = g_test_run ();
  test_remove_tree (home);
  return status;
}
