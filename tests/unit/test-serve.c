/* SPDX-License-Identifier: GPL-3.0-or-later */
/* serve-logdir without SSH: the server's answer read back by the client's parser, and both
 * parsers given what a broken or hostile other side might send. */
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include <gio/gio.h>

#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-serve.h"
#include "tdbg-serve-private.h"
#include "tdbg-ssh-exec-private.h"
#include "tdbg-v1-source.h"
#include "serve-util.h"
#include "test-util.h"

static TdbgSshPrefetch *
parse (GBytes *answer, GError **files_error, GError **error)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (answer);

  return tdbg_ssh_prefetch_parse (stream, files_error, error);
}

/* The demo logdir asked for from the middle of each file comes back as it is on disk. */
static void
test_round_trip (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgDemoOptions options = { .n_steps = 2, .bad_step = 1, .host_name = "serve-host" };
  g_autoptr(GHashTable) from = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL, files_error = NULL;
  g_autoptr(GBytes) request = NULL, answer = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  int in_fd, out_fd;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  listing = g_dir_open (dir, 0, &error);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_hash_table_insert (from, g_strdup (name), g_memdup2 (&(guint64) { 37 }, 8));
  request = serve_request_bytes (dir, from);
  in_fd = serve_memory_fd (g_bytes_get_data (request, NULL), g_bytes_get_size (request));
  out_fd = serve_memory_fd ("", 0);
  g_assert_true (tdbg_serve_logdir (in_fd, out_fd, &error));
  g_assert_no_error (error);
  answer = serve_fd_contents (out_fd);
  close (in_fd);
  close (out_fd);

  prefetch = parse (answer, &files_error, &error);
  g_assert_no_error (error);
  g_assert_no_error (files_error);
  names = tdbg_ssh_prefetch_list_files (prefetch);
  g_assert_cmpuint (g_strv_length (names), ==, 6);
  /* The folder as it is: nothing made, nothing found wrong but what its records show. */
  g_assert_false (tdbg_ssh_prefetch_is_made (prefetch));
  g_assert_null (tdbg_ssh_prefetch_get_problems (prefetch));
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GBytes) bytes = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      bytes = tdbg_ssh_prefetch_read (prefetch, names[i], 37, length, FALSE);
      g_assert_nonnull (bytes);
      g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), contents + 37, length - 37);
    }
  test_remove_tree (dir);
}

/* The temporary folders V1 dumps are made into, by name. */
static GHashTable *
made_folders (void)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) tmp = g_dir_open (g_get_tmp_dir (), 0, NULL);
  const char *name;

  while (tmp && (name = g_dir_read_name (tmp)) != NULL)
    if (g_str_has_prefix (name, "tfdbg-gtk-v1-"))
      g_hash_table_add (names, g_strdup (name));
  return names;
}

/* A tfdbg V1 dump root is sent as the logdir made of it: the same six files a local V1 source
 * makes, byte for byte, kept once read (they are on the server no longer), the dump's own
 * problems as the local source finds them (none: the traceback it does not carry is a notice,
 * not damage), and no temporary folder left behind. */
static void
test_v1_dump (void)
{
  const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autoptr(GHashTable) from = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL, files_error = NULL;
  g_autoptr(GBytes) request = NULL, answer = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;
  g_autoptr(TdbgSource) local = tdbg_v1_source_new (root);
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) local_names = NULL;
  g_autoptr(GPtrArray) problems = NULL, local_problems = NULL;
  g_autoptr(GHashTable) before = made_folders ();
  int in_fd, out_fd;

  request = serve_request_bytes (root, from);
  in_fd = serve_memory_fd (g_bytes_get_data (request, NULL), g_bytes_get_size (request));
  out_fd = serve_memory_fd ("", 0);
  g_assert_true (tdbg_serve_logdir (in_fd, out_fd, &error));
  g_assert_no_error (error);
  answer = serve_fd_contents (out_fd);
  close (in_fd);
  close (out_fd);

  prefetch = parse (answer, &files_error, &error);
  g_assert_no_error (error);
  g_assert_no_error (files_error);
  names = tdbg_ssh_prefetch_list_files (prefetch);
  local_names = tdbg_source_list_files (local, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (names, local_names);
  g_assert_cmpuint (g_strv_length (names), ==, 6);
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr(GBytes) want = tdbg_source_read (local, names[i], 0, G_MAXSIZE, NULL, &error);
      g_autoptr(GBytes) got = tdbg_ssh_prefetch_read (prefetch, names[i], 0, g_bytes_get_size (want), FALSE);
      g_autoptr(GBytes) again = NULL;
      g_assert_nonnull (got);
      g_assert_true (g_bytes_equal (want, got));
      again = tdbg_ssh_prefetch_read (prefetch, names[i], 0, g_bytes_get_size (want), FALSE);
      g_assert_nonnull (again);
      g_assert_true (g_bytes_equal (want, again));
      if (g_str_has_suffix (names[i], ".graph_execution_traces"))
        g_assert_cmpuint (g_bytes_get_size (got), >, 1000);
    }
  g_assert_true (tdbg_ssh_prefetch_is_made (prefetch));
  problems = tdbg_ssh_prefetch_get_problems (prefetch);
  local_problems = tdbg_source_get_problems (local);
  /* An intact dump: no problem sent, none found here (its missing traceback is a notice). */
  g_assert_cmpuint (problems ? problems->len : 0, ==, 0);
  g_assert_nonnull (local_problems);
  g_assert_cmpuint (local_problems->len, ==, 0);
  /* The folder it was made in is gone. */
  {
    g_autoptr(GHashTable) after = made_folders ();
    GHashTableIter iter;
    gpointer name;
    g_hash_table_iter_init (&iter, after);
    while (g_hash_table_iter_next (&iter, &name, NULL))
      g_assert_true (g_hash_table_contains (before, name));
  }
}

/* An answer whose zstd stream holds @plain, after this version's header. */
static GBytes *
answer_holding (const void *plain, gsize length)
{
  g_autofree char *header = tdbg_serve_header ();
  gsize bound = ZSTD_compressBound (length), n;
  GByteArray *wire = g_byte_array_new ();

  g_byte_array_append (wire, (const guint8 *) header, strlen (header));
  g_byte_array_set_size (wire, strlen (header) + bound);
  n = ZSTD_compress (wire->data + strlen (header), bound, plain, length, 1);
  g_assert_false (ZSTD_isError (n));
  g_byte_array_set_size (wire, strlen (header) + n);
  return g_byte_array_free_to_bytes (wire);
}

static void
append_u32 (GByteArray *plain, guint32 value)
{
  guint32 be = GUINT32_TO_BE (value);
  g_byte_array_append (plain, (const guint8 *) &be, 4);
}

/* The listing of one file of @size, sent from 0. */
static GByteArray *
listing_of_one (guint64 size)
{
  g_autoptr(GVariant) listing = g_variant_ref_sink (
    g_variant_new_parsed ("(%s, [(%s, %t, %t, true)], false, @a(sts) [])", "", "tfdbg_events.1.h.metadata", size,
                          (guint64) 0));
  GByteArray *plain = g_byte_array_new ();

  append_u32 (plain, g_variant_get_size (listing));
  g_byte_array_append (plain, g_variant_get_data (listing), g_variant_get_size (listing));
  return plain;
}

/* A record whose length claims a gigabyte, in a file listed as huge, with nothing after it:
 * the file does not arrive, and nothing the size of the claim was set aside for it. */
static void
test_record_longer_than_sent (void)
{
  g_autoptr(GByteArray) plain = listing_of_one (G_MAXUINT64 / 2);
  guint64 claim = GUINT64_TO_LE (1 << 30);
  g_autoptr(GBytes) answer = NULL;
  g_autoptr(GError) error = NULL, files_error = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;
  g_autoptr(GBytes) bytes = NULL;

  append_u32 (plain, TDBG_SERVE_RECORDS | 1);
  g_byte_array_append (plain, (const guint8 *) &claim, 8);
  g_byte_array_append (plain, (const guint8 *) "only this", 9);
  answer = answer_holding (plain->data, plain->len);
  prefetch = parse (answer, &files_error, &error);
  g_assert_no_error (error);
  g_assert_error (files_error, TDBG_ERROR, TDBG_ERROR_IO);
  g_assert_nonnull (strstr (files_error->message, "ended early"));
  bytes = tdbg_ssh_prefetch_read (prefetch, "tfdbg_events.1.h.metadata", 0, 100, FALSE);
  g_assert_null (bytes);
  g_assert_cmpuint (tdbg_ssh_prefetch_get_file_bytes (prefetch), ==, 0);
}

/* A record that would end past the size listed is refused before its bytes are read. */
static void
test_record_past_listed_size (void)
{
  g_autoptr(GByteArray) plain = listing_of_one (40);
  guint64 claim = GUINT64_TO_LE (25);
  g_autoptr(GBytes) answer = NULL;
  g_autoptr(GError) error = NULL, files_error = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;

  append_u32 (plain, TDBG_SERVE_RECORDS | 1);
  g_byte_array_append (plain, (const guint8 *) &claim, 8);
  g_byte_array_append (plain, (const guint8 *) "twenty-five bytes of data", 25);
  append_u32 (plain, 0);
  answer = answer_holding (plain->data, plain->len);
  prefetch = parse (answer, &files_error, &error);
  g_assert_no_error (error);
  g_assert_nonnull (files_error);
  g_assert_nonnull (strstr (files_error->message, "longer than listed"));
}

/* Another program's or version's first line is refused, naming it. */
static void
test_other_header (void)
{
  g_autoptr(GBytes) answer = g_bytes_new_static ("tfdbg-gtk serve-logdir 1 0.0.1\n", 31);
  g_autoptr(GError) error = NULL, files_error = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = parse (answer, &files_error, &error);

  g_assert_null (prefetch);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "0.0.1"));
}

static GVariant *
read_request (const void *data, gsize length, GError **error)
{
  int fd = serve_memory_fd (data, length);
  GVariant *request = tdbg_serve_read_request (fd, error);

  close (fd);
  return request;
}

/* The server's parser: cut, oversized and malformed requests, and another version. */
static void
test_bad_requests (void)
{
  static const guint8 too_large[] = { 0x7f, 0xff, 0xff, 0xff };
  static const guint8 cut[] = { 0, 0, 0, 40, 'a', 'b' };
  /* "(ssa{st})" whose framing offset points past its end. */
  static const guint8 malformed[] = { 0, 0, 0, 4, 'a', 0, 0x7f, 0x7f };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) other = NULL;

  g_assert_null (read_request (too_large, sizeof too_large, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (read_request (cut, sizeof cut, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  g_clear_error (&error);
  g_assert_null (read_request (malformed, sizeof malformed, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_clear_error (&error);
  other = g_variant_ref_sink (g_variant_new_parsed ("('0.0.1', '/tmp', @a{st} {})"));
  g_assert_false (tdbg_serve_check_version (other, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/serve/round-trip", test_round_trip);
  g_test_add_func ("/serve/v1-dump", test_v1_dump);
  g_test_add_func ("/serve/record-longer-than-sent", test_record_longer_than_sent);
  g_test_add_func ("/serve/record-past-listed-size", test_record_past_listed_size);
  g_test_add_func ("/serve/other-header", test_other_header);
  g_test_add_func ("/serve/bad-requests", test_bad_requests);
  return g_test_run ();
}
