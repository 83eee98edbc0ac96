/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "storage-tests.h"

#include <string.h>

#include "follow-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-logdir.h"
#include "tdbg-run.h"
#include "tdbg-storage-source.h"
#include "tdbg-v1-source.h"
#include "test-env.h"
#include "test-util.h"

/* name → size of the files of @folder. */
static GHashTable *
file_sizes (const char *folder)
{
  GHashTable *sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GDir) d = g_dir_open (folder, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *bytes = NULL;
      gsize length;
      guint64 size;

      g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
      size = length;
      g_hash_table_insert (sizes, g_strdup (name), g_memdup2 (&size, sizeof size));
    }
  return sizes;
}

static char *
write_demo (guint steps, gint64 timestamp)
{
  char *dir = test_make_temp_dir ();
  TdbgDemoOptions demo = { steps, 1, "bucket-run", timestamp };
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  g_assert_no_error (error);
  return dir;
}

static TdbgSource *
open_store (const StorageStore *store, const char *prefix)
{
  g_autofree char *address = g_strconcat (store->bucket_address, "/", prefix, NULL);
  g_autoptr(GError) error = NULL;
  TdbgSource *source = store->open (address, &error);

  g_assert_no_error (error);
  return source;
}

void
storage_test_follow_appended (const StorageStore *store, const char *prefix)
{
  g_autofree char *full = write_demo (4, 1700000000), *grow = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) remote = NULL, local = NULL;
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats = { 0 };
  guint64 first_traces, bytes_at_load, bytes_after, expected_bytes = 0;
  guint reads_at_load, reads_after, expected_reads = 0;
  GHashTableIter iter;
  gpointer name, size;

  follow_copy_written (full, grow, NULL, 0.4);
  before = file_sizes (grow);
  store->upload (grow, prefix);
  remote = test_load_source (open_store (store, prefix), &error);
  g_assert_no_error (error);
  first_traces = tdbg_logdir_get_n_traces (remote);
  local = test_load_logdir (full);
  g_assert_cmpuint (first_traces, <, tdbg_logdir_get_n_traces (local));

  follow_copy_written (full, grow, NULL, 1);
  after = file_sizes (grow);
  store->upload (grow, prefix);
  tdbg_storage_source_get_reads (TDBG_STORAGE_SOURCE (tdbg_logdir_get_source (remote)), &reads_at_load, &bytes_at_load);
  g_assert_true (follow_logdir (remote, 0, &stats, &error));
  g_assert_no_error (error);
  tdbg_storage_source_get_reads (TDBG_STORAGE_SOURCE (tdbg_logdir_get_source (remote)), &reads_after, &bytes_after);

  /* Each object was read once, from the last bytes already read (kept to be compared) to its
   * new end: the records cut at whole records, so those bytes end where the old object did. */
  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &name, &size))
    {
      guint64 old = *(guint64 *) g_hash_table_lookup (before, name), now = *(guint64 *) size;
      guint64 read = now - old + MIN (old, TDBG_CHECKED_BYTES);
      expected_bytes += read;
      expected_reads += read > 0;
    }
  g_test_message ("%" G_GUINT64_FORMAT " traces, then %" G_GUINT64_FORMAT " more; following read %" G_GUINT64_FORMAT
                  " bytes in %u reads", first_traces, stats.new_traces, bytes_after - bytes_at_load,
                  reads_after - reads_at_load);
  g_assert_cmpuint (bytes_after - bytes_at_load, ==, expected_bytes);
  g_assert_cmpuint (reads_after - reads_at_load, ==, expected_reads);
  g_assert_cmpuint (stats.rewritten_files, ==, 0);
  g_assert_cmpuint (stats.new_traces, ==, tdbg_logdir_get_n_traces (local) - first_traces);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (remote), ==, tdbg_logdir_get_n_executions (local));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (remote), ==, tdbg_logdir_get_n_alerts (local));
  /* The metadata, empty at the first open, was read when written: nothing is said of it. */
  g_assert_cmpuint (tdbg_logdir_get_problems (remote)->len, ==, 0);
  g_assert_cmpstr (tdbg_logdir_get_run_id (remote), ==, tdbg_logdir_get_run_id (local));
  /* The op table grew in another order than a whole load's: each trace names the same op. */
  for (guint t = 0; t < tdbg_logdir_get_n_traces (local); t++)
    g_assert_cmpstr (tdbg_logdir_get_op (remote, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (remote, t)))->op_name, ==,
                     tdbg_logdir_get_op (local, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (local, t)))->op_name);
  test_remove_tree (grow);
  test_remove_tree (full);
}

/* Writes into @to the files of @from under the names of @names' files of the same kind,
 * each cut to the size @names' has when @same_size. */
static void
copy_as (const char *from, const char *names, gboolean same_size, const char *to)
{
  g_autoptr(GHashTable) sizes = file_sizes (names);
  g_autoptr(GDir) d = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      GHashTableIter iter;
      gpointer target, size;
      const char *kind = strrchr (name, '.');

      g_hash_table_iter_init (&iter, sizes);
      while (g_hash_table_iter_next (&iter, &target, &size))
        if (g_str_has_suffix (target, kind))
          {
            g_autofree char *src = g_build_filename (from, name, NULL), *dst = g_build_filename (to, target, NULL);
            g_autofree char *bytes = NULL;
            gsize length;

            g_assert_true (g_file_get_contents (src, &bytes, &length, NULL));
            if (same_size)
              {
                g_assert_cmpuint (length, >=, *(guint64 *) size);
                length = *(guint64 *) size;
              }
            g_assert_true (g_file_set_contents (dst, bytes, length, NULL));
          }
    }
}

static void
loaded_cb (TdbgRun *run, const GError *error, guint *loaded)
{
  g_assert_no_error ((GError *) error);
  (*loaded)++;
}

/* Whether @run shows, whole, as many records as @local holds. */
static gboolean
shows (TdbgRun *run, TdbgLogdir *local)
{
  TdbgLogdir *shown = tdbg_run_get_logdir (run);

  return !tdbg_run_is_loading (run) && tdbg_logdir_get_n_traces (shown) == tdbg_logdir_get_n_traces (local) &&
         tdbg_logdir_get_n_executions (shown) == tdbg_logdir_get_n_executions (local);
}

/* Puts @folder under @prefix while @run follows it: the run reads the logdir again (more than
 * once when it looked while the objects were being replaced) and shows what @folder holds. */
static void
rewrite_and_wait (const StorageStore *store, const char *prefix, TdbgRun *run, guint *loaded, const char *folder)
{
  g_autoptr(TdbgLogdir) local = test_load_logdir (folder);
  TdbgLogdir *shown = tdbg_run_get_logdir (run);
  guint n = *loaded;
  gint64 end;

  store->upload (folder, prefix);
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while ((*loaded == n || !shows (run, local)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("read again %u times", *loaded - n);
  g_assert_cmpuint (*loaded, >, n);
  g_assert_true (tdbg_run_get_logdir (run) != shown);
  test_assert_same_logdir (tdbg_run_get_logdir (run), local);
  g_assert_cmpuint (tdbg_logdir_get_problems (tdbg_run_get_logdir (run))->len, ==,
                    tdbg_logdir_get_problems (local)->len);
}

void
storage_make_rewrite (char **first, char **grow, char **longer)
{
  /* Other wall times from the first record on: every object's earlier bytes differ. */
  g_autofree char *other = write_demo (3, 1600000000);

  *first = write_demo (6, 1700000000);
  *grow = test_make_temp_dir ();
  *longer = test_make_temp_dir ();
  follow_copy_written (*first, *grow, NULL, 0.4);
  copy_as (other, *grow, FALSE, *longer);
  test_remove_tree (other);
}

void
storage_test_follow_rewritten (const StorageStore *store, const char *prefix)
{
  g_autofree char *first = NULL, *grow = NULL, *longer = NULL, *same = test_make_temp_dir ();
  g_autoptr(TdbgRun) run = tdbg_run_new ();
  g_autoptr(TdbgSource) source = NULL;
  guint loaded = 0;
  gint64 end;

  storage_make_rewrite (&first, &grow, &longer);
  store->upload (grow, prefix);
  g_signal_connect (run, "loaded", G_CALLBACK (loaded_cb), &loaded);
  tdbg_run_begin (run, prefix);
  source = open_store (store, prefix);
  tdbg_run_load (run, source, 0);
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (loaded == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (loaded, ==, 1);
  g_assert_true (tdbg_run_get_following (run));

  /* Longer objects with other bytes. */
  rewrite_and_wait (store, prefix, run, &loaded, longer);
  /* Objects of the same length with other bytes. */
  copy_as (first, longer, TRUE, same);
  rewrite_and_wait (store, prefix, run, &loaded, same);

  test_remove_tree (same);
  test_remove_tree (longer);
  test_remove_tree (grow);
  test_remove_tree (first);
}

/* The command line's inspect --json on @where: its standard output, its exit status in @status. */
static char *
inspect (const char *where, gint *status)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, g_getenv ("TDBG_CLI"),
                                               "inspect", "--json", where, NULL);
  char *out = NULL;

  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (p);
  return out;
}

void
storage_test_v1_dump (const StorageStore *store, const char *prefix)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autofree char *address = g_strconcat (store->bucket_address, "/", prefix, NULL);
  g_autoptr(TdbgLogdir) local = test_load_source (tdbg_v1_source_new (root), NULL);
  g_autoptr(TdbgLogdir) remote = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *local_out = NULL, *remote_out = NULL;
  gint local_status, remote_status;

  store->upload (root, prefix);
  remote = test_load_source (open_store (store, prefix), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (local), >, 0);
  test_assert_same_logdir (remote, local);
  g_assert_cmpuint (tdbg_logdir_get_problems (remote)->len, ==, tdbg_logdir_get_problems (local)->len);

  local_out = inspect (root, &local_status);
  remote_out = inspect (address, &remote_status);
  g_assert_cmpint (remote_status, ==, local_status);
  g_assert_cmpstr (remote_out, ==, local_out);
}

GStrv
storage_large_listing_uploads (const char *prefix, const char *how, guint n_others)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  GStrv uploads = g_new0 (char *, 3);

  uploads[0] = g_strdup_printf ("%s=%s:%u", prefix, how, n_others);
  uploads[1] = g_strdup_printf ("%s=%s", prefix, mnist);
  return uploads;
}

void
storage_test_large_listing (const StorageStore *store, const char *prefix, guint n_others)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(GHashTable) local_files = file_sizes (mnist);
  g_autoptr(TdbgSource) source = open_store (store, prefix);
  g_autoptr(TdbgLogdir) local = test_load_logdir (mnist), remote = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  gint64 start = g_get_monotonic_time ();
  guint found = 0;

  names = tdbg_source_list_files (source, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%u objects listed in %.2f s", g_strv_length (names),
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  g_assert_cmpuint (g_strv_length (names), ==, n_others + g_hash_table_size (local_files));
  for (char **n = names; *n; n++)
    found += g_hash_table_contains (local_files, *n);
  g_assert_cmpuint (found, ==, g_hash_table_size (local_files));
  g_assert_cmpstr (names[0], ==, "object-00000");

  start = g_get_monotonic_time ();
  remote = test_load_source (open_store (store, prefix), &error);
  g_assert_no_error (error);
  g_test_message ("listed and loaded in %.2f s", (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  test_assert_same_logdir (remote, local);
}

guint
storage_large_listing_wanted (void)
{
  const char *wanted = g_getenv ("TDBG_STORE_LARGE_LISTING");

  return wanted ? (guint) g_ascii_strtoull (wanted, NULL, 10) : 0;
}
