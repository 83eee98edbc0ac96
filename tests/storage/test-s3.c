/* SPDX-License-Identifier: GPL-3.0-or-later */
/* s3:// logdirs read from a real S3 server on 127.0.0.1 (moto's, started by s3-server.py with
 * Signature V4 checked): the same index as a local open, settings found where AWS's tools
 * keep them, a wrong key refused with what the server said, listings of more than one page,
 * a missing bucket named; the command line's inspect on an s3:// address; a run followed as
 * its objects are replaced by longer ones, and read again when they are replaced by others. Skipped without a Python that has moto and boto3
 * (-Dobject_store_python). */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <glib.h>

#include "tdbg-error.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-s3-source.h"
#include "aws-settings.h"
#include "storage-tests.h"
#include "test-env.h"
#include "test-util.h"

#define BUCKET "tfdbg-logs"
#define PAGED_OBJECTS 1005

static GSubprocess *server;
static char *endpoint, *key, *secret, *home;

/* Starts moto's server with tutorial_mnist's logdir under runs/mnist and @uploads (s3-server.py's
 * PREFIX=FOLDER and PREFIX=count:N). */
static void
start_server (const char *python, const char *const *uploads)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *mnist_upload = g_strconcat ("runs/mnist=", mnist, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *script = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "common", "s3-server.py", NULL);

  g_ptr_array_add (argv, (gpointer) python);
  g_ptr_array_add (argv, script);
  g_ptr_array_add (argv, (gpointer) python);
  g_ptr_array_add (argv, BUCKET);
  g_ptr_array_add (argv, mnist_upload);
  for (const char *const *u = uploads; *u; u++)
    g_ptr_array_add (argv, (gpointer) *u);
  g_ptr_array_add (argv, NULL);
  server = g_subprocess_newv ((const char *const *) argv->pdata,
                              G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  parts = g_strsplit (line, " ", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  endpoint = g_strdup (parts[0]);
  key = g_strdup (parts[1]);
  secret = g_strdup (parts[2]);
}

static void
use_environment_keys (const char *secret_key)
{
  aws_settings_reset (home, NULL, NULL);
  g_setenv ("AWS_ENDPOINT_URL", endpoint, TRUE);
  g_setenv ("AWS_ACCESS_KEY_ID", key, TRUE);
  g_setenv ("AWS_SECRET_ACCESS_KEY", secret_key, TRUE);
}

static TdbgLogdir *
load (const char *address, GError **error)
{
  return test_load_source (tdbg_s3_source_new (address, error), error);
}

/* The index of a local open, and bytes read after the load equal to the local file's. */
static void
test_same_as_local (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) local = test_load_logdir (mnist);
  g_autoptr(TdbgSource) local_source = tdbg_local_source_new (mnist);
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *described = NULL;

  use_environment_keys (secret);
  remote = load ("s3://" BUCKET "/runs/mnist/", &error);
  g_assert_no_error (error);
  test_assert_same_logdir (remote, local);
  described = tdbg_source_describe (tdbg_logdir_get_source (remote));
  g_assert_cmpstr (described, ==, "s3://" BUCKET "/runs/mnist");
  test_assert_same_bytes (tdbg_logdir_get_source (remote), local_source);
}

/* Puts the files of @folder (and of its subfolders) into the bucket under @prefix/, replacing
 * the objects there, as TensorFlow's S3 writer replaces an object with a longer one at each
 * flush. */
static void
upload (const char *folder, const char *prefix)
{
  static const char script[] =
    "import boto3, os, sys\n"
    "endpoint, key, secret, bucket, folder, prefix = sys.argv[1:]\n"
    "s3 = boto3.client('s3', endpoint_url=endpoint, region_name='us-east-1',\n"
    "                  aws_access_key_id=key, aws_secret_access_key=secret)\n"
    "for top, _, names in os.walk(folder):\n"
    "    for name in sorted(names):\n"
    "        path = os.path.join(top, name)\n"
    "        with open(path, 'rb') as f:\n"
    "            key = prefix + '/' + os.path.relpath(path, folder)\n"
    "            s3.put_object(Bucket=bucket, Key=key, Body=f.read())\n";
  const char *argv[] = { g_getenv ("TDBG_STORE_PYTHON"), "-c", script, endpoint, key, secret, BUCKET, folder, prefix,
                         NULL };
  g_autoptr(GError) error = NULL;
  gint status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static TdbgSource *
open_with_keys (const char *address, GError **error)
{
  use_environment_keys (secret);
  return tdbg_s3_source_new (address, error);
}

static const StorageStore store = { "s3://" BUCKET, upload, open_with_keys };

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

static guint large_listing;

static void
test_large_listing (void)
{
  storage_test_large_listing (&store, "big", large_listing);
}

/* Keys from a profile of ~/.aws/credentials, the endpoint and region from ~/.aws/config. */
static void
test_profile (void)
{
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *credentials = NULL, *config = NULL;

  credentials = g_strdup_printf ("[default]\naws_access_key_id = nobody\naws_secret_access_key = wrong\n\n"
                                 "[ci]\n# the reader's key\naws_access_key_id = %s\naws_secret_access_key = %s\n",
                                 key, secret);
  config = g_strdup_printf ("[profile ci]\nregion = us-east-1\nendpoint_url = %s\ns3 =\n  addressing_style = path\n",
                            endpoint);
  aws_settings_reset (home, credentials, config);
  g_setenv ("AWS_PROFILE", "ci", TRUE);
  remote = load ("s3://" BUCKET "/runs/mnist", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==,
                    test_expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));

  g_setenv ("AWS_PROFILE", "nobody-has-it", TRUE);
  g_assert_null (tdbg_s3_source_new ("s3://" BUCKET "/runs/mnist", &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "nobody-has-it"));
}

/* The server checks the signature: a wrong secret is refused, and the message names the
 * address and what the server said; so is a key it does not know. */
static void
test_wrong_key (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;

  use_environment_keys ("not-the-secret");
  remote = load ("s3://" BUCKET "/runs/mnist", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "s3://" BUCKET "/runs/mnist"));
  g_assert_nonnull (strstr (error->message, "SignatureDoesNotMatch"));
  g_clear_error (&error);

  g_setenv ("AWS_ACCESS_KEY_ID", "AKIANOBODYKNOWS00000", TRUE);
  remote = load ("s3://" BUCKET "/runs/mnist", &error);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_AUTH);
  g_assert_nonnull (strstr (error->message, "InvalidAccessKeyId"));
}

/* A listing of more than one page (the server gives 1,000 keys a page): every object. */
static void
test_paged_listing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_auto(GStrv) names = NULL;

  use_environment_keys (secret);
  source = tdbg_s3_source_new ("s3://" BUCKET "/paged", &error);
  g_assert_no_error (error);
  names = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, PAGED_OBJECTS);
  g_assert_cmpstr (names[0], ==, "object-00000");
  g_assert_cmpstr (names[PAGED_OBJECTS - 1], ==, "object-01004");
}

/* Runs the command line's inspect --json on @address; its exit status in @status, its
 * standard output returned, its standard error in @err. */
static char *
inspect (const char *address, gint *status, char **err)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                               g_getenv ("TDBG_CLI"), "inspect", "--json", address, NULL);
  char *out = NULL;

  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, err, &error));
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (p);
  return out;
}

/* `tfdbg-gtk inspect` on an s3:// address prints what it prints for the local folder, and with
 * a wrong secret exits 2 with what the server said. */
static void
test_command_line (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *local = NULL, *remote = NULL, *refused = NULL;
  g_autofree char *local_err = NULL, *remote_err = NULL, *refused_err = NULL;
  gint local_status, remote_status, refused_status;

  use_environment_keys (secret);
  local = inspect (mnist, &local_status, &local_err);
  remote = inspect ("s3://" BUCKET "/runs/mnist", &remote_status, &remote_err);
  g_assert_cmpint (remote_status, ==, local_status);
  g_assert_cmpstr (remote_err, ==, local_err);
  g_assert_cmpstr (remote, ==, local);

  use_environment_keys ("not-the-secret");
  refused = inspect ("s3://" BUCKET "/runs/mnist", &refused_status, &refused_err);
  g_assert_cmpint (refused_status, ==, 2);
  g_assert_nonnull (strstr (refused_err, "s3://" BUCKET "/runs/mnist"));
  g_assert_nonnull (strstr (refused_err, "SignatureDoesNotMatch"));
}

/* A bucket that does not exist is named, as the server said it. */
static void
test_missing_bucket (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) remote = NULL;

  use_environment_keys (secret);
  remote = load ("s3://no-such-bucket/run", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "s3://no-such-bucket/run"));
  g_assert_nonnull (strstr (error->message, "NoSuchBucket"));
}

/* The address space this process has mapped, in bytes. */
static guint64
mapped_bytes (void)
{
  g_autofree char *statm = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL));
  return g_ascii_strtoull (statm, NULL, 10) * (guint64) sysconf (_SC_PAGESIZE);
}

/* A file read to its end without its size (G_MAXSIZE, as discovery reads one) is held in what
 * the server sent: under a limit of 1 GiB more address space than is mapped (ulimit -v, or a
 * machine that does not overcommit), nothing asks for the 4 GiB the range could span. */
static void
test_read_to_the_end (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgSource) local = tdbg_local_source_new (mnist);
  g_autoptr(TdbgSource) remote = open_with_keys ("s3://" BUCKET "/runs/mnist", NULL);
  g_auto(GStrv) names = tdbg_source_list_files (local, NULL, NULL);
  g_autoptr(GBytes) expected = NULL, got = NULL;
  g_autoptr(GError) error = NULL;
  const char *name = NULL;
  struct rlimit unlimited, limited;

  for (guint i = 0; names && names[i] && name == NULL; i++)
    if (g_str_has_suffix (names[i], ".source_files"))
      name = names[i];
  g_assert_nonnull (name);
  expected = tdbg_source_read (local, name, 0, G_MAXSIZE, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (getrlimit (RLIMIT_AS, &unlimited), ==, 0);
  limited = unlimited;
  limited.rlim_cur = mapped_bytes () + ((guint64) 1 << 30);
  g_assert_cmpint (setrlimit (RLIMIT_AS, &limited), ==, 0);
  got = tdbg_source_read (remote, name, 0, G_MAXSIZE, NULL, &error);
  g_assert_cmpint (setrlimit (RLIMIT_AS, &unlimited), ==, 0);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (got, expected));
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  const char *python = g_getenv ("TDBG_STORE_PYTHON");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (python == NULL || *python == '\0')
    {
      /* TAP's way of saying that nothing ran, and why. */
      printf ("1..0 # SKIP no Python with moto and boto3 (-Dobject_store_python)\n");
      return 0;
    }
  home = g_dir_make_tmp ("tdbg-s3-XXXXXX", &error);
  g_assert_no_error (error);
  /* The slow suite's run (s3-large-listing): a listing of more than 10,000 objects, alone. */
  large_listing = storage_large_listing_wanted ();
  if (large_listing > 0)
    {
      g_auto(GStrv) uploads = storage_large_listing_uploads ("big", "count", large_listing);
      start_server (python, (const char *const *) uploads);
      g_test_add_func ("/s3/large-listing", test_large_listing);
    }
  else
    {
      g_autofree char *paged_upload = g_strdup_printf ("paged=count:%d", PAGED_OBJECTS);
      const char *uploads[] = { paged_upload, NULL };

      start_server (python, uploads);
      g_test_add_func ("/s3/same-as-local", test_same_as_local);
      g_test_add_func ("/s3/read-to-the-end", test_read_to_the_end);
      g_test_add_func ("/s3/profile", test_profile);
      g_test_add_func ("/s3/wrong-key", test_wrong_key);
      g_test_add_func ("/s3/paged-listing", test_paged_listing);
      g_test_add_func ("/s3/missing-bucket", test_missing_bucket);
      g_test_add_func ("/s3/command-line", test_command_line);
      g_test_add_func ("/s3/follow", test_follow);
      g_test_add_func ("/s3/follow-rewritten", test_follow_rewritten);
      g_test_add_func ("/s3/v1-dump", test_v1_dump);
    }
  status = g_test_run ();
  g_output_stream_close (g_subprocess_get_stdin_pipe (server), NULL, NULL);
  g_subprocess_wait (server, NULL, NULL);
  test_remove_tree (home);
  return status;
}
