/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gs:// logdirs read from Google Cloud Storage's JSON API on 127.0.0.1: gcp-storage-emulator
 * (STORAGE_EMULATOR_HOST, unsigned requests) and the front gcs-server.py puts before it
 * (listings of several pages, buckets that want an access token, a token endpoint that checks
 * a service account's signature with the key's public half, a metadata server, faults on
 * demand). The same index as a local open; the command line's inspect and alerts printing
 * what they print for the local folder; a missing bucket, prefix and object named; throttling
 * retried, then reported; each kind of Application Default Credentials taken, a wrong key
 * refused, a token kept for many requests and renewed a minute before it expires; a run
 * followed as its objects are replaced by longer ones, and read again when by others. Skipped
 * without a Python that has gcp-storage-emulator (-Dobject_store_python). */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"
#include "gcs-fixture.h"
#include "tdbg-gcs-source.h"
#include "tdbg-http.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-storage-source.h"
#include "storage-tests.h"
#include "test-env.h"
#include "test-util.h"

#define BUCKET GCS_FIXTURE_BUCKET
#define PRIVATE_BUCKET "private-" BUCKET
#define PAGED_OBJECTS 250

static GcsFixture servers;
static char *emulator_host, *front, *keys, *home;

/* No settings at all: no emulator, no key file, no gcloud file, no metadata server (a port
 * nothing listens on). */
static void
reset_settings (void)
{
  g_autofree char *gcloud = g_build_filename (home, "gcloud", NULL);

  g_unsetenv ("STORAGE_EMULATOR_HOST");
  g_unsetenv ("CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE");
  g_unsetenv ("GOOGLE_APPLICATION_CREDENTIALS");
  g_setenv ("CLOUDSDK_CONFIG", gcloud, TRUE);
  g_setenv ("GCE_METADATA_HOST", "127.0.0.1:9", TRUE);
}

/* The emulator itself, as Google's libraries reach it. */
static void
use_emulator (void)
{
  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", emulator_host, TRUE);
}

/* The front as the storage endpoint, with whatever credentials are found. */
static void
use_front_with_credentials (const char *key_file)
{
  g_autofree char *endpoint = g_strconcat (front, "/storage/v1/", NULL);
  g_autofree char *path = key_file ? g_build_filename (keys, key_file, NULL) : NULL;

  reset_settings ();
  g_setenv ("CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE", endpoint, TRUE);
  if (path)
    g_setenv ("GOOGLE_APPLICATION_CREDENTIALS", path, TRUE);
}

static TdbgLogdir *
load (const char *address, GError **error)
{
  return test_load_source (tdbg_gcs_source_new (address, error), error);
}

static gint64
mnist_traces (void)
{
  return test_expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces");
}

/* The index of a local open, and every file's size and bytes read after the load equal to
 * the local file's; a range past the end is no bytes. */
static void
test_same_as_local (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) local = test_load_logdir (mnist);
  g_autoptr(TdbgSource) local_source = tdbg_local_source_new (mnist);
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *described = NULL;

  use_emulator ();
  remote = load ("gs://" BUCKET "/runs/mnist/", &error);
  g_assert_no_error (error);
  test_assert_same_logdir (remote, local);
  described = tdbg_source_describe (tdbg_logdir_get_source (remote));
  g_assert_cmpstr (described, ==, "gs://" BUCKET "/runs/mnist");
  test_assert_same_bytes (tdbg_logdir_get_source (remote), local_source);
}

static void
upload (const char *folder, const char *prefix)
{
  gcs_fixture_upload (&servers, folder, prefix);
}

static TdbgSource *
open_emulated (const char *address, GError **error)
{
  use_emulator ();
  return tdbg_gcs_source_new (address, error);
}

static const StorageStore store = { "gs://" BUCKET, upload, open_emulated };

/* A run followed in a bucket, opened as TensorFlow began it (its metadata still empty). */
static void
test_follow (void)
{
  storage_test_follow_appended (&store, "runs/growing");
}

static void
test_follow_rewritten (void)
{
  storage_test_follow_rewritten (&store, "runs/rewritten");
}

static void
test_v1_dump (void)
{
  storage_test_v1_dump (&store, "v1dump");
}

/* Through the front, which cuts the listing into pages of 100 with pageToken. */
static TdbgSource *
open_paged (const char *address, GError **error)
{
  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", front + strlen ("http://"), TRUE);
  return tdbg_gcs_source_new (address, error);
}

static guint large_listing;

static void
test_large_listing (void)
{
  static const StorageStore paged = { "gs://" BUCKET, upload, open_paged };

  storage_test_large_listing (&paged, "big", large_listing);
}

/* A listing of three pages: every object, once, in order. */
static void
test_paged_listing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *host = g_strdup (front + strlen ("http://"));

  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", host, TRUE);
  source = tdbg_gcs_source_new ("gs://" BUCKET "/paged", &error);
  g_assert_no_error (error);
  names = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, PAGED_OBJECTS);
  for (guint i = 0; i < PAGED_OBJECTS; i++)
    {
      g_autofree char *expected = g_strdup_printf ("object-%05u", i);
      g_assert_cmpstr (names[i], ==, expected);
    }
}

/* A bucket that does not exist and an object that does not are named with the server's 404;
 * a prefix with nothing under it is no logdir, and says where; a server that is not there
 * (tried again with backoff) is named with the address and curl's words. */
static void
test_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(GBytes) bytes = NULL;
  guint64 size;

  use_emulator ();
  remote = load ("gs://no-such-bucket/run", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "gs://no-such-bucket/run"));
  g_assert_nonnull (strstr (error->message, "404"));
  g_clear_error (&error);

  remote = load ("gs://" BUCKET "/runs/no-such-run", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR);
  g_assert_nonnull (strstr (error->message, "gs://" BUCKET "/runs/no-such-run"));
  g_clear_error (&error);

  source = tdbg_gcs_source_new ("gs://" BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  bytes = tdbg_source_read (source, "tfdbg_events.gone", 0, 100, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "gs://" BUCKET "/runs/mnist/tfdbg_events.gone"));
  g_clear_error (&error);
  g_assert_false (tdbg_source_get_size (source, "tfdbg_events.gone", &size, NULL, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_setenv ("STORAGE_EMULATOR_HOST", "127.0.0.1:9", TRUE);
  remote = load ("gs://" BUCKET "/runs/mnist", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "gs://" BUCKET "/runs/mnist: http://127.0.0.1:9/"));
  g_assert_nonnull (strstr (error->message, "onnect"));
}

/* The front's answer at @path (a GET, or a POST of @post_body), which must be 200, as text. */
static char *
ask_front (const char *path, const char *post_body)
{
  g_autofree char *url = g_strconcat (front, path, NULL);
  g_autoptr(TdbgHttp) http = tdbg_http_new ();
  g_autoptr(GError) error = NULL;
  TdbgHttpRequest request = { .url = url, .post_fields = post_body };
  TdbgHttpResponse response;
  char *text;

  g_assert_true (tdbg_http_perform (http, &request, &response, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (response.status, ==, 200);
  text = g_strndup (g_bytes_get_data (response.body, NULL), g_bytes_get_size (response.body));
  tdbg_http_response_clear (&response);
  return text;
}

/* @body posted to the front's /fault. */
static void
post_fault (const char *body)
{
  g_free (ask_front ("/fault", body));
}

static void
add_fault (const char *match, int status, int count)
{
  g_autofree char *body = g_strdup_printf ("{\"match\": \"%s\", \"status\": %d, \"count\": %d}", match, status, count);
  post_fault (body);
}

/* 503 and 429 a few times are retried with backoff and the load completes; throttling that
 * lasts past the retries stops it with the object and what the server said. */
static void
test_throttled (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autofree char *host = g_strdup (front + strlen ("http://"));

  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", host, TRUE);
  add_fault ("/o", 503, 2);
  add_fault (".metadata", 429, 2);
  remote = load ("gs://" BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, mnist_traces ());
  g_clear_object (&remote);

  add_fault ("/o", 429, 20);
  remote = load ("gs://" BUCKET "/runs/mnist", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "gs://" BUCKET "/runs/mnist"));
  g_assert_nonnull (strstr (error->message, "429 rateLimitExceeded (The project exceeded the rate limit"));
  post_fault ("{\"clear\": true}");
}

/* What the front counted since the last reset_front_reads(). */
typedef struct {
  guint reads, ranged, max_in_flight;   /* objects' reads (alt=media) */
  guint listings, deep_listings;        /* listings' pages, and those without a delimiter */
} FrontReads;

static FrontReads
front_reads (void)
{
  FrontReads counted;
  g_autofree char *text = ask_front ("/reads", NULL);

  g_test_message ("front's reads: %s", text);
  g_assert_cmpint (sscanf (text, "{\"reads\": %u, \"ranged\": %u, \"max_in_flight\": %u, \"listings\": %u, "
                                 "\"deep_listings\": %u}", &counted.reads, &counted.ranged, &counted.max_in_flight,
                           &counted.listings, &counted.deep_listings), ==, 5);
  return counted;
}

static void
reset_front_reads (void)
{
  g_free (ask_front ("/reads", "{}"));
}

/* Bytes [@offset, @offset + @length) of @blob, to the end at most. */
static void
assert_read_of (GBytes *blob, const TdbgSourceRead *read, guint64 offset, gsize length)
{
  g_autoptr(GBytes) expected = g_bytes_new_from_bytes (blob, offset, MIN (length, g_bytes_get_size (blob) - offset));

  g_assert_no_error (read->error);
  g_assert_nonnull (read->bytes);
  g_assert_cmpuint (g_bytes_get_size (read->bytes), ==, g_bytes_get_size (expected));
  g_assert_true (g_bytes_equal (read->bytes, expected));
}

/* Reads asked together are in flight at once, a long one cut into ranged parts that land in
 * one buffer (parts from 8 MiB here): the bytes are the object's; a read past the end is shorter, a missing object
 * named; a server that answers a part with the whole object is asked again, and the bytes
 * are still right. */
static void
test_parts (void)
{
  const gsize size = 20 * 1024 * 1024 + 12345;
  g_autofree char *folder = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "blob", NULL);
  g_autofree guint8 *data = g_malloc (size);
  g_autoptr(GBytes) blob = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (38);
  g_autofree char *host = g_strdup (front + strlen ("http://"));
  FrontReads counted;

  for (gsize i = 0; i < size; i += 4)
    {
      guint32 r = g_rand_int (rand);
      memcpy (data + i, &r, MIN (4, size - i));
    }
  g_assert_true (g_file_set_contents (path, (const char *) data, size, &error));
  blob = g_bytes_new_take (g_steal_pointer (&data), size);
  gcs_fixture_upload (&servers, folder, "parts");
  test_remove_tree (folder);

  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", host, TRUE);
  source = tdbg_gcs_source_new ("gs://" BUCKET "/parts", &error);
  g_assert_no_error (error);
  /* Parts of reads of 8 MiB and more, rather than of 256 MiB. */
  tdbg_storage_source_set_multipart_cutoff (TDBG_STORAGE_SOURCE (source), 8 * 1024 * 1024);
  {
    TdbgSourceRead asked[] = {
      { "blob", 0, size },
      { "blob", 1000, 9 * 1024 * 1024 },
      { "blob", size - 10, 100 },
      { "gone", 0, 100 },
    };

    reset_front_reads ();
    tdbg_source_read_many (source, asked, G_N_ELEMENTS (asked), NULL);
    assert_read_of (blob, &asked[0], 0, size);
    assert_read_of (blob, &asked[1], 1000, 9 * 1024 * 1024);
    assert_read_of (blob, &asked[2], size - 10, 100);
    g_assert_null (asked[3].bytes);
    g_assert_error (asked[3].error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (asked[3].error->message, "gs://" BUCKET "/parts/gone"));
    for (guint i = 0; i < G_N_ELEMENTS (asked); i++)
      tdbg_source_read_clear (&asked[i]);
    /* Four parts each of the two reads past the cutoff, one (and once more: it came short),
     * and the missing one twice. */
    counted = front_reads ();
    g_assert_cmpuint (counted.ranged, ==, 12);
    g_assert_cmpuint (counted.max_in_flight, >=, 3);
  }
  {
    TdbgSourceRead asked[] = { { "blob", 0, size } };

    post_fault ("{\"match\": \"blob\", \"ignore_range\": true, \"count\": 4}");
    reset_front_reads ();
    tdbg_source_read_many (source, asked, 1, NULL);
    assert_read_of (blob, &asked[0], 0, size);
    tdbg_source_read_clear (&asked[0]);
    /* Four parts answered whole, then the read once, as one. */
    counted = front_reads ();
    g_assert_cmpuint (counted.reads, ==, 5);
    post_fault ("{\"clear\": true}");
  }
}

/* A prefix above runs (runs/, which holds runs/mnist/) is no logdir, said after a listing one
 * level deep: every object under it is listed only where that level shows a V1 dump root,
 * which then reads as on disk. */
static void
test_parent_prefix (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autofree char *host = g_strdup (front + strlen ("http://"));
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(GError) error = NULL;
  FrontReads counted;

  reset_settings ();
  g_setenv ("STORAGE_EMULATOR_HOST", host, TRUE);
  reset_front_reads ();
  remote = load ("gs://" BUCKET "/runs", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR);
  g_clear_error (&error);
  counted = front_reads ();
  g_assert_cmpuint (counted.listings, >=, 1);
  g_assert_cmpuint (counted.deep_listings, ==, 0);

  gcs_fixture_upload (&servers, root, "v1-under-front");
  reset_front_reads ();
  remote = load ("gs://" BUCKET "/v1-under-front", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), >, 0);
  counted = front_reads ();
  g_assert_cmpuint (counted.deep_listings, ==, 1);
}

/* How many access tokens the front's token endpoints have issued. */
static guint
grants (void)
{
  g_autofree char *text = ask_front ("/grants", NULL);
  const char *number = strchr (text, ':');

  g_assert_nonnull (number);
  return (guint) g_ascii_strtoull (number + 1, NULL, 10);
}

static void
assert_no_secret (const char *text)
{
  g_assert_null (strstr (text, "PRIVATE KEY"));
  g_assert_null (strstr (text, "client-secret-x"));
  g_assert_null (strstr (text, "refresh-token-y"));
  g_assert_null (strstr (text, "ya29."));
}

/* A service-account key (GOOGLE_APPLICATION_CREDENTIALS): its JWT, checked by the token
 * endpoint with the key's public half, buys one token that every request of the load
 * carries, and the private bucket takes it. The same account with another key is refused
 * with what the token server said; without credentials the bucket refuses the unsigned
 * request; a key file that is missing, or of a kind not read, is named. */
static void
test_service_account (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autofree char *wrong = g_build_filename (keys, "wrong-key.json", NULL);
  g_autofree char *external = g_build_filename (keys, "external.json", NULL);
  guint before = grants ();

  use_front_with_credentials ("service-account.json");
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, mnist_traces ());
  g_assert_cmpuint (grants (), ==, before + 1);
  g_clear_object (&remote);

  use_front_with_credentials ("wrong-key.json");
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, wrong));
  g_assert_nonnull (strstr (error->message, "400 invalid_grant (Invalid JWT Signature.)"));
  assert_no_secret (error->message);
  g_clear_error (&error);

  use_front_with_credentials (NULL);
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "gs://" PRIVATE_BUCKET "/runs/mnist: the server answered 401 required"));
  g_clear_error (&error);

  use_front_with_credentials ("no-such-key.json");
  source = tdbg_gcs_source_new ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "no-such-key.json: cannot read Google credentials"));
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (external, "{\"type\": \"external_account\", \"audience\": \"x\"}", -1, NULL));
  use_front_with_credentials ("external.json");
  source = tdbg_gcs_source_new ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_null (source);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "“external_account” are not read here"));
}

/* `gcloud auth application-default login`'s file ($CLOUDSDK_CONFIG) with its refresh token;
 * a wrong refresh token is refused. */
static void
test_authorized_user (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autofree char *source = g_build_filename (keys, "authorized-user.json", NULL);
  g_autofree char *gcloud = g_build_filename (home, "gcloud", NULL);
  g_autofree char *adc = g_build_filename (gcloud, "application_default_credentials.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *wrong = NULL;
  GString *edited;

  g_assert_true (g_file_get_contents (source, &text, NULL, &error));
  g_assert_cmpint (g_mkdir_with_parents (gcloud, 0700), ==, 0);
  g_assert_true (g_file_set_contents (adc, text, -1, &error));
  use_front_with_credentials (NULL);
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, mnist_traces ());
  g_clear_object (&remote);

  edited = g_string_new (text);
  g_string_replace (edited, "refresh-token-y", "refresh-token-z", 0);
  wrong = g_string_free (edited, FALSE);
  g_assert_true (g_file_set_contents (adc, wrong, -1, &error));
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, adc));
  g_assert_nonnull (strstr (error->message, "invalid_grant"));
  assert_no_secret (error->message);
  g_assert_cmpint (g_remove (adc), ==, 0);
}

/* Lists @address twice with one source, @pause_ms apart: how many tokens that took. */
static guint
grants_of_two_listings (const char *address, guint pause_ms)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = tdbg_gcs_source_new (address, &error);
  guint before = grants ();

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_auto(GStrv) names = tdbg_source_list_files (source, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (g_strv_length (names), >, 0);
      if (i == 0)
        g_usleep (pause_ms * 1000);
    }
  return grants () - before;
}

/* A token is kept while it has more than a minute left, and renewed after: one that lives 61 s
 * serves one request, one that lives an hour serves both. */
static void
test_token_renewal (void)
{
  g_autofree char *source = g_build_filename (keys, "authorized-user.json", NULL);
  g_autofree char *short_lived = g_build_filename (home, "short-lived.json", NULL);
  g_autofree char *text = NULL;
  GString *edited;

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  edited = g_string_new (text);
  g_string_replace (edited, "refresh-token-y", "refresh-token-short", 0);
  g_assert_true (g_file_set_contents (short_lived, edited->str, -1, NULL));
  g_string_free (edited, TRUE);
  use_front_with_credentials ("authorized-user.json");
  g_assert_cmpuint (grants_of_two_listings ("gs://" PRIVATE_BUCKET "/runs/mnist", 1500), ==, 1);
  g_setenv ("GOOGLE_APPLICATION_CREDENTIALS", short_lived, TRUE);
  g_assert_cmpuint (grants_of_two_listings ("gs://" PRIVATE_BUCKET "/runs/mnist", 1500), ==, 2);
}

/* No file: the metadata server (GCE_METADATA_HOST) gives the token. */
static void
test_metadata_server (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autofree char *host = g_strdup (front + strlen ("http://"));

  use_front_with_credentials (NULL);
  g_setenv ("GCE_METADATA_HOST", host, TRUE);
  remote = load ("gs://" PRIVATE_BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, mnist_traces ());
}

/* Runs the command line's @command (with --json when @json) on @address: its standard output,
 * its exit status in @status, its standard error in @err. */
static char *
run (const char *command, gboolean json, const char *address, gint *status, char **err)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                               g_getenv ("TDBG_CLI"), command, json ? "--json" : address,
                                               json ? address : NULL, NULL);
  char *out = NULL;

  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, err, &error));
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (p);
  return out;
}

/* `tfdbg-gtk inspect --json` and `alerts` on a gs:// address print what they print for the
 * local folder, and exit as they do; a missing bucket exits 2 with the address and the
 * server's answer. */
static void
test_command_line (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  const char *commands[] = { "inspect", "alerts" };

  use_emulator ();
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *local = NULL, *remote = NULL, *local_err = NULL, *remote_err = NULL;
      gint local_status, remote_status;

      local = run (commands[i], i == 0, mnist, &local_status, &local_err);
      remote = run (commands[i], i == 0, "gs://" BUCKET "/runs/mnist", &remote_status, &remote_err);
      g_assert_cmpint (remote_status, ==, local_status);
      g_assert_cmpstr (remote_err, ==, local_err);
      g_assert_cmpstr (remote, ==, local);
      g_assert_cmpuint (strlen (remote), >, 100);
    }
  {
    g_autofree char *out = NULL, *err = NULL;
    gint status;

    out = run ("inspect", TRUE, "gs://no-such-bucket/run", &status, &err);
    g_assert_cmpint (status, ==, 2);
    g_assert_nonnull (strstr (err, "gs://no-such-bucket/run"));
    g_assert_nonnull (strstr (err, "404"));
  }
}

int
main (int argc, char **argv)
{
  const char *python = g_getenv ("TDBG_STORE_PYTHON");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (python == NULL || *python == '\0')
    {
      /* TAP's way of saying that nothing ran, and why. */
      printf ("1..0 # SKIP no Python with gcp-storage-emulator (-Dobject_store_python)\n");
      return 0;
    }
  /* The slow suite's run (gcs-large-listing): a listing of more than 10,000 objects, alone. */
  large_listing = storage_large_listing_wanted ();
  if (large_listing > 0)
    {
      /* The emulator takes many minutes to be filled: the front names the other objects. */
      g_auto(GStrv) uploads = storage_large_listing_uploads ("big", "listed", large_listing);
      gcs_fixture_start (&servers, python, (const char *const *) uploads);
    }
  else
    {
      g_autofree char *paged_upload = g_strdup_printf ("paged=count:%d", PAGED_OBJECTS);
      const char *uploads[] = { paged_upload, NULL };

      gcs_fixture_start (&servers, python, uploads);
    }
  emulator_host = servers.emulator_host;
  front = servers.front;
  keys = servers.keys;
  home = servers.home;
  if (large_listing > 0)
      g_test_add_func ("/gcs/large-listing", test_large_listing);
  else
    {
      g_test_add_func ("/gcs/same-as-local", test_same_as_local);
      g_test_add_func ("/gcs/paged-listing", test_paged_listing);
      g_test_add_func ("/gcs/missing", test_missing);
      g_test_add_func ("/gcs/throttled", test_throttled);
      g_test_add_func ("/gcs/parts", test_parts);
      g_test_add_func ("/gcs/parent-prefix", test_parent_prefix);
      g_test_add_func ("/gcs/service-account", test_service_account);
      g_test_add_func ("/gcs/authorized-user", test_authorized_user);
      g_test_add_func ("/gcs/token-renewal", test_token_renewal);
      g_test_add_func ("/gcs/metadata-server", test_metadata_server);
      g_test_add_func ("/gcs/command-line", test_command_line);
      g_test_add_func ("/gcs/follow", test_follow);
      g_test_add_func ("/gcs/follow-rewritten", test_follow_rewritten);
      g_test_add_func ("/gcs/v1-dump", test_v1_dump);
    }
  status = g_test_run ();
  gcs_fixture_stop (&servers);
  return status;
}
