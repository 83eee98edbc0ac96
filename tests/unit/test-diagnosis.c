/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window says about folders that show nothing useful: folder checks, a run without
 * graph execution traces, and the circular-buffer evidence on every reference logdir. */

#include <glib/gstdio.h>
#include "tdbg-diagnosis.h"
#include "tdbg-fixture-writer.h"
#include "test-env.h"
#include "test-util.h"

static void
test_folders (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *stray = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *logdir = g_build_filename (dir, "logdir", NULL);
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions options = { 1, -1, "diag-host", 1720000000 };

  g_assert_cmpint (tdbg_diagnose_folder (missing), ==, TDBG_DIAGNOSIS_NOT_FOUND);
  g_assert_cmpint (tdbg_diagnose_folder (dir), ==, TDBG_DIAGNOSIS_EMPTY_FOLDER);
  g_assert_true (g_file_set_contents (stray, "x", 1, NULL));
  g_assert_cmpint (tdbg_diagnose_folder (stray), ==, TDBG_DIAGNOSIS_NOT_A_DIRECTORY);
  g_assert_cmpint (tdbg_diagnose_folder (dir), ==, TDBG_DIAGNOSIS_NO_METADATA);
  g_assert_cmpint (g_mkdir (logdir, 0755), ==, 0);
  g_assert_true (tdbg_fixture_write_demo (logdir, &options, &error));
  g_assert_cmpint (tdbg_diagnose_folder (logdir), ==, TDBG_DIAGNOSIS_OK);
  if (getuid () != 0)
    {
      g_chmod (logdir, 0);
      g_assert_cmpint (tdbg_diagnose_folder (logdir), ==, TDBG_DIAGNOSIS_UNREADABLE);
      g_chmod (logdir, 0755);
    }
  test_remove_tree (logdir);
  g_remove (stray);
  g_rmdir (dir);
}

static void
test_explanations (void)
{
  g_autofree char *no_metadata = tdbg_diagnosis_explain (TDBG_DIAGNOSIS_NO_METADATA, "/x");
  g_autofree char *eager = tdbg_diagnosis_explain (TDBG_DIAGNOSIS_EAGER_ONLY, "/x");

  g_assert_nonnull (strstr (no_metadata, "tfdbg_events.*.metadata"));
  g_assert_nonnull (strstr (no_metadata, "enable_dump_debug_info"));
  g_assert_nonnull (strstr (eager, "run_functions_eagerly(True)"));
}

static void
test_eager_only (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgCircularEvidence evidence;

  g_assert_true (tdbg_fixture_write_eager_only (dir, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tdbg_diagnose_folder (dir), ==, TDBG_DIAGNOSIS_OK);
  logdir = test_load_logdir (dir);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 7);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
  g_assert_cmpint (tdbg_diagnose_logdir (logdir), ==, TDBG_DIAGNOSIS_EAGER_ONLY);
  g_assert_false (tdbg_logdir_find_circular_evidence (logdir, &evidence));
  test_remove_tree (dir);
}

static void
test_nothing_recorded (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "empty-host", 1720000000, 1720000000.0, "0e0e0e0e", "2.16.1",
                                                  &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  tdbg_fixture_writer_free (w);
  logdir = test_load_logdir (dir);
  g_assert_cmpint (tdbg_diagnose_logdir (logdir), ==, TDBG_DIAGNOSIS_NOTHING_RECORDED);
  /* A run that has not written yet is no unreadable one. */
  g_assert_null (tdbg_diagnose_unreadable (logdir));
  test_remove_tree (dir);
}

static void
test_demo_not_circular (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgDemoOptions options = { 5, 2, "demo-host", 1720000000 };
  TdbgCircularEvidence evidence;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  logdir = test_load_logdir (dir);
  g_assert_cmpint (tdbg_diagnose_logdir (logdir), ==, TDBG_DIAGNOSIS_OK);
  g_assert_false (tdbg_logdir_find_circular_evidence (logdir, &evidence));
  test_remove_tree (dir);
}

/* Overwrites <prefix>.<suffix> of @dir with @length bytes of @fill (0: empty). */
static void
overwrite_file (const char *dir, const char *prefix, const char *suffix, gsize length, guint8 fill)
{
  g_autofree char *name = g_strconcat (prefix, ".", suffix, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree guint8 *bytes = g_malloc (length + 1);

  /* Bytes of no record: a length field whose checksum does not match. */
  for (gsize i = 0; i < length; i++)
    bytes[i] = (guint8) (fill + i * 7);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_set_contents (path, (const char *) bytes, length, NULL));
}

/* Whether the traces and executions of a logdir can be read at all: garbage and empty files
 * cannot; damage after intact records, a record still being written and a run that has not
 * written yet can. */
static void
test_unreadable (void)
{
  const char *prefix = "tfdbg_events.1720000000.unread-host";
  TdbgDemoOptions options = { 2, 1, "unread-host", 1720000000 };
  const char *kinds[] = { "graph_execution_traces", "execution" };
  g_autoptr(GError) error = NULL;

  /* Intact: nothing to say. */
  {
    g_autofree char *dir = test_make_temp_dir ();
    g_autoptr(TdbgLogdir) logdir = NULL;
    g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
    logdir = test_load_logdir (dir);
    g_assert_null (tdbg_diagnose_unreadable (logdir));
    test_remove_tree (dir);
  }
  /* Garbage in the traces (then also in the executions): each file named, at offset 0. */
  for (guint n = 1; n <= 2; n++)
    {
      g_autofree char *dir = test_make_temp_dir ();
      g_autoptr(TdbgLogdir) logdir = NULL;
      g_autofree char *why = NULL;
      g_autofree char *traces_at = g_strconcat (prefix, ".graph_execution_traces at offset 0: ", NULL);
      g_autofree char *executions_at = g_strconcat (prefix, ".execution at offset 0: ", NULL);
      g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
      for (guint k = 0; k < n; k++)
        overwrite_file (dir, prefix, kinds[k], 3000, 0x5a);
      logdir = test_load_logdir (dir);
      why = tdbg_diagnose_unreadable (logdir);
      g_assert_nonnull (why);
      g_assert_nonnull (strstr (why, traces_at));
      g_assert_true ((strstr (why, executions_at) != NULL) == (n == 2));
      g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
      /* Looked at again (a followed run, `watch`): still damage, not a record being written. */
      g_clear_pointer (&why, g_free);
      g_assert_true (tdbg_logdir_refresh (logdir, NULL, NULL, &error));
      g_assert_no_error (error);
      why = tdbg_diagnose_unreadable (logdir);
      g_assert_nonnull (why);
      g_assert_nonnull (strstr (why, traces_at));
      test_remove_tree (dir);
    }
  /* Every file empty: no metadata says a run began. */
  {
    g_autofree char *dir = test_make_temp_dir ();
    g_autoptr(TdbgLogdir) logdir = NULL;
    g_autofree char *why = NULL;
    const char *all[] = { "metadata", "source_files", "stack_frames", "graphs", "execution", "graph_execution_traces" };
    g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
    for (guint k = 0; k < G_N_ELEMENTS (all); k++)
      overwrite_file (dir, prefix, all[k], 0, 0);
    logdir = test_load_logdir (dir);
    why = tdbg_diagnose_unreadable (logdir);
    g_assert_nonnull (why);
    g_assert_nonnull (strstr (why, ".metadata at offset 0: the metadata file is empty"));
    test_remove_tree (dir);
  }
  /* The first trace still being written: a partial tail, not damage. */
  {
    g_autofree char *dir = test_make_temp_dir ();
    g_autofree char *path = NULL;
    g_autofree char *contents = NULL;
    g_autoptr(TdbgLogdir) logdir = NULL;
    gsize length;
    g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
    path = g_strconcat (dir, "/", prefix, ".graph_execution_traces", NULL);
    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    g_assert_cmpuint (length, >, 40);
    g_assert_true (g_file_set_contents (path, contents, 30, NULL));
    logdir = test_load_logdir (dir);
    g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
    g_assert_null (tdbg_diagnose_unreadable (logdir));
    test_remove_tree (dir);
  }
}

/* Every reference logdir: only the circular one shows the evidence, and its EXPECTED.json
 * says traces were dropped. */
static void
test_reference_logdir (gconstpointer data)
{
  const char *path = data;
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TdbgCircularEvidence evidence;
  gboolean circular = strstr (path, "/circular/") != NULL;

  if (!tdbg_logdir_load (logdir, NULL, &error))
    {
      g_test_message ("%s: %s", path, error->message);
      g_assert_false (circular);
      return;
    }
  g_assert_cmpint (tdbg_logdir_find_circular_evidence (logdir, &evidence), ==, circular);
  if (circular)
    {
      g_autofree char *text = tdbg_circular_explain (&evidence);
      g_assert_true (evidence.traces_dropped);
      g_assert_cmpuint (evidence.kept_traces, ==, 200);
      g_assert_cmpuint (evidence.kept_executions, ==, 200);
      g_assert_nonnull (strstr (text, "circular buffer"));
      g_assert_nonnull (strstr (text, "200 graph execution traces and 200 executions"));
    }
}

/* Logdirs are folders holding a tfdbg_events.*.metadata file, at any depth. */
static void
add_reference_logdirs (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  gboolean added = FALSE;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        add_reference_logdirs (path);
      else if (!added && g_str_has_prefix (name, "tfdbg_events.") && g_str_has_suffix (name, ".metadata"))
        {
          g_autofree char *test_path = g_strdup_printf ("/diagnosis/reference%s", path + strlen (test_env_shared_logdirs ()));
          g_test_add_data_func_full (test_path, g_strconcat (dir, "/", NULL), test_reference_logdir, g_free);
          added = TRUE;
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagnosis/folders", test_folders);
  g_test_add_func ("/diagnosis/explanations", test_explanations);
  g_test_add_func ("/diagnosis/eager-only", test_eager_only);
  g_test_add_func ("/diagnosis/nothing-recorded", test_nothing_recorded);
  g_test_add_func ("/diagnosis/demo-not-circular", test_demo_not_circular);
  g_test_add_func ("/diagnosis/unreadable", test_unreadable);
  add_reference_logdirs (test_env_shared_logdirs ());
  return g_test_run ();
}
