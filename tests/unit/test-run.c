/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run as the window keeps it (data/run/): loaded in a worker with its problems, a big
 * logdir's first stretch first, cancelled, followed as it grows (the first alert of each kind
 * told once, and growing while it is written) and failed when its source cannot be had. */
#include "tdbg-run.h"
#include "tdbg-error.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "follow-util.h"
#include "test-util.h"

typedef struct {
  guint loaded;
  GError *error;          /* of the last "loaded" */
  guint grew;
  guint refreshed;
  GArray *alerts;         /* TdbgAlert of "alert" */
} Heard;

static void
loaded_cb (TdbgRun *run, const GError *error, Heard *heard)
{
  heard->loaded++;
  g_clear_error (&heard->error);
  heard->error = error ? g_error_copy (error) : NULL;
}

static void
grew_cb (TdbgRun *run, const TdbgLogdirCounts *before, Heard *heard)
{
  g_assert_nonnull (before);
  heard->grew++;
}

static void
refreshed_cb (TdbgRun *run, const TdbgRefreshStats *stats, Heard *heard)
{
  heard->refreshed++;
}

static void
alert_cb (TdbgRun *run, const TdbgAlert *alert, Heard *heard)
{
  g_array_append_val (heard->alerts, *alert);
}

static TdbgRun *
listened_run (Heard *heard)
{
  TdbgRun *run = tdbg_run_new ();

  heard->alerts = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
  g_signal_connect (run, "loaded", G_CALLBACK (loaded_cb), heard);
  g_signal_connect (run, "grew", G_CALLBACK (grew_cb), heard);
  g_signal_connect (run, "refreshed", G_CALLBACK (refreshed_cb), heard);
  g_signal_connect (run, "alert", G_CALLBACK (alert_cb), heard);
  return run;
}

/* A run of @source at @dir, not followed, loading (its first stretch of @first_stretch first). */
static TdbgRun *
start_loading (Heard *heard, const char *dir, TdbgSource *source, guint64 first_stretch)
{
  TdbgRun *run = listened_run (heard);

  tdbg_run_set_following (run, FALSE);
  tdbg_run_begin (run, dir);
  tdbg_run_load (run, source, first_stretch);
  return run;
}

static void
heard_clear (Heard *heard)
{
  g_clear_error (&heard->error);
  g_clear_pointer (&heard->alerts, g_array_unref);
}

static void
wait_loaded (TdbgRun *run, Heard *heard, guint n)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (heard->loaded < n && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (heard->loaded, ==, n);
}

static char *
write_demo (guint steps, guint bad_step)
{
  char *dir = test_make_temp_dir ();
  TdbgDemoOptions demo = { steps, bad_step, "run", 1700000000 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_fixture_write_demo (dir, &demo, &error));
  g_assert_no_error (error);
  return dir;
}

/* Loaded: the logdir is the one the files hold, with its location and no problems. */
static void
test_load (void)
{
  g_autofree char *dir = write_demo (8, 4);
  g_autoptr(TdbgLogdir) direct = test_load_logdir (dir);
  g_autoptr(TdbgSource) source = tdbg_local_source_new (dir);
  Heard heard = { 0 };
  g_autoptr(TdbgRun) run = listened_run (&heard);
  TdbgRunProgress progress;

  tdbg_run_set_following (run, FALSE);
  tdbg_run_begin (run, dir);
  g_assert_cmpstr (tdbg_run_get_location (run), ==, dir);
  g_assert_true (tdbg_run_is_loading (run));
  g_assert_true (tdbg_run_is_opening (run));
  g_assert_false (tdbg_run_get_progress (run, &progress));
  tdbg_run_load (run, source, 0);
  g_assert_false (tdbg_run_is_opening (run));
  g_assert_true (tdbg_run_get_progress (run, &progress));
  wait_loaded (run, &heard, 1);
  g_assert_no_error (heard.error);
  g_assert_false (tdbg_run_is_loading (run));
  g_assert_null (tdbg_run_get_cancellable (run));
  g_assert_false (tdbg_run_get_progress (run, &progress));
  g_assert_nonnull (tdbg_run_get_logdir (run));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_run_get_logdir (run)), ==, tdbg_logdir_get_n_traces (direct));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (direct), >, 0);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_run_get_logdir (run)), ==, tdbg_logdir_get_n_alerts (direct));
  g_assert_cmpuint (tdbg_run_get_problems (run)->len, ==, 0);
  g_assert_true (tdbg_run_get_source (run) == source);

  /* Begun again: what it held is forgotten. */
  tdbg_run_begin (run, "/elsewhere");
  g_assert_null (tdbg_run_get_logdir (run));
  g_assert_cmpstr (tdbg_run_get_location (run), ==, "/elsewhere");
  tdbg_run_cancel (run);
  g_assert_false (tdbg_run_is_loading (run));
  heard_clear (&heard);
  test_remove_tree (dir);
}

/* A first stretch smaller than the bulk files: told first, with the run still loading, then
 * the whole. */
static void
test_first_stretch (void)
{
  g_autofree char *dir = write_demo (200, 150);
  g_autoptr(TdbgLogdir) direct = test_load_logdir (dir);
  g_autoptr(TdbgSource) source = tdbg_local_source_new (dir);
  Heard heard = { 0 };
  g_autoptr(TdbgRun) run = start_loading (&heard, dir, source, 1024);
  TdbgLogdir *first;

  wait_loaded (run, &heard, 1);
  g_assert_no_error (heard.error);
  first = tdbg_run_get_logdir (run);
  g_assert_true (tdbg_logdir_get_bulk_limited (first));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (first), <, tdbg_logdir_get_n_traces (direct));
  g_assert_true (tdbg_run_is_loading (run));
  wait_loaded (run, &heard, 2);
  g_assert_no_error (heard.error);
  g_assert_false (tdbg_run_is_loading (run));
  g_assert_true (tdbg_run_get_logdir (run) != first);
  g_assert_false (tdbg_logdir_get_bulk_limited (tdbg_run_get_logdir (run)));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_run_get_logdir (run)), ==, tdbg_logdir_get_n_traces (direct));
  heard_clear (&heard);
  test_remove_tree (dir);
}

/* Cancelled: the load ends with G_IO_ERROR_CANCELLED; a source that could not be had ends
 * with its error. */
static void
test_cancel_and_fail (void)
{
  g_autofree char *dir = write_demo (8, 4);
  g_autoptr(TdbgSource) source = tdbg_local_source_new (dir);
  g_autoptr(GError) why = g_error_new_literal (TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR, "no way there");
  Heard heard = { 0 };
  g_autoptr(TdbgRun) run = start_loading (&heard, dir, source, 0);

  tdbg_run_cancel (run);
  g_assert_null (tdbg_run_get_cancellable (run));
  wait_loaded (run, &heard, 1);
  g_assert_error (heard.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (tdbg_run_get_logdir (run));
  g_assert_false (tdbg_run_is_loading (run));

  tdbg_run_begin (run, "ssh://nowhere/run");
  g_assert_nonnull (tdbg_run_get_cancellable (run));
  tdbg_run_fail (run, why);
  g_assert_cmpuint (heard.loaded, ==, 2);
  g_assert_error (heard.error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR);
  g_assert_false (tdbg_run_is_loading (run));
  g_assert_null (tdbg_run_get_source (run));
  heard_clear (&heard);
  test_remove_tree (dir);
}

static gboolean
grown_to (TdbgRun *run, guint64 traces)
{
  return tdbg_logdir_get_n_traces (tdbg_run_get_logdir (run)) >= traces;
}

/* Followed and watched while written: it grows to the whole run, tells the first NaN/∞ once,
 * and counts as growing while followed (not once following is off). */
static void
test_follow_and_watch (void)
{
  g_autofree char *full = write_demo (8, 4);
  g_autofree char *grow = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) whole = test_load_logdir (full);
  g_autoptr(TdbgSource) source = NULL;
  Heard heard = { 0 };
  g_autoptr(TdbgRun) run = listened_run (&heard);
  gint64 end;

  follow_copy_written (full, grow, NULL, 0.1);
  source = tdbg_local_source_new (grow);
  tdbg_run_set_watching (run, TRUE);
  tdbg_run_begin (run, grow);
  tdbg_run_load (run, source, 0);
  wait_loaded (run, &heard, 1);
  g_assert_no_error (heard.error);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_run_get_logdir (run)), ==, 0);
  g_assert_false (tdbg_run_is_growing (run));

  follow_copy_written (full, grow, NULL, 1);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!grown_to (run, tdbg_logdir_get_n_traces (whole)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_run_get_logdir (run)), ==, tdbg_logdir_get_n_traces (whole));
  g_assert_cmpuint (heard.grew, >=, 1);
  g_assert_cmpuint (heard.refreshed, >=, heard.grew);
  g_assert_cmpuint (tdbg_run_get_n_polls (run), >=, 1);
  g_assert_null (tdbg_run_get_follow_error (run));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (whole), >, 1);
  g_assert_cmpuint (heard.alerts->len, ==, 1);
  g_assert_cmpint (g_array_index (heard.alerts, TdbgAlert, 0).type, ==, TDBG_ALERT_INF_NAN);
  g_assert_true (tdbg_run_is_growing (run));

  tdbg_run_set_following (run, FALSE);
  g_assert_false (tdbg_run_is_growing (run));
  heard_clear (&heard);
  test_remove_tree (full);
  test_remove_tree (grow);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run/load", test_load);
  g_test_add_func ("/run/first-stretch", test_first_stretch);
  g_test_add_func ("/run/cancel-and-fail", test_cancel_and_fail);
  g_test_add_func ("/run/follow-and-watch", test_follow_and_watch);
  return g_test_run ();
}
