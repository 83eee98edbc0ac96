/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a watch tells of a run that grows (data/watch/): each alert once, across steps, with
 * the first of each kind marked; nothing from a step where the run did not grow; how long it
 * has been idle; and TensorFlow's circular buffer holding the records back. */
#include <math.h>
#include "tdbg-watch.h"
#include "tdbg-more-alerts.h"
#include "tdbg-fixture-writer.h"
#include "alert-fixtures.h"
#include "follow-util.h"
#include "test-util.h"

#define SECOND G_USEC_PER_SEC

static gboolean
same_alert (const TdbgAlert *a, const TdbgAlert *b)
{
  return a->type == b->type && a->trace_index == b->trace_index && a->execution_index == b->execution_index &&
         a->output_slot == b->output_slot;
}

static void
refresh (TdbgLogdir *logdir)
{
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats;

  g_assert_true (follow_logdir (logdir, 0, &stats, &error));
  g_assert_no_error (error);
}

/* The demo run (NaN/∞ from step 4 of 8) written a third, two thirds, then whole: every alert
 * of the whole run is told exactly once, the first one marked. */
static void
test_each_alert_once (void)
{
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 8, 4, "watched", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL, whole = NULL;
  g_autoptr(TdbgWatch) watch = NULL;
  g_autoptr(GArray) told = g_array_new (FALSE, FALSE, sizeof (TdbgWatchNews));
  const double fractions[] = { 0.3, 0.7, 1 };
  guint firsts = 0;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  g_assert_no_error (error);
  follow_copy_written (full, grow, NULL, 0.1);
  logdir = test_load_logdir (grow);
  watch = tdbg_watch_new (logdir, TDBG_MAGNITUDE_THRESHOLD_DEFAULT, 0);
  for (guint i = 0; i < G_N_ELEMENTS (fractions); i++)
    {
      g_autoptr(GArray) news = NULL;
      follow_copy_written (full, grow, NULL, fractions[i]);
      refresh (logdir);
      news = tdbg_watch_step (watch, (gint64) (i + 1) * SECOND);
      g_array_append_vals (told, news->data, news->len);
      if (fractions[i] < 0.5)
        g_assert_cmpuint (news->len, ==, 0);   /* the bad step is not written yet */
    }

  whole = test_load_logdir (full);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (whole), >, 1);
  g_assert_cmpuint (told->len, ==, tdbg_logdir_get_n_alerts (whole));
  for (guint i = 0; i < told->len; i++)
    {
      const TdbgWatchNews *n = &g_array_index (told, TdbgWatchNews, i);
      gboolean in_whole = FALSE;
      for (guint k = 0; k < tdbg_logdir_get_n_alerts (whole) && !in_whole; k++)
        in_whole = same_alert (&n->alert, tdbg_logdir_get_alert (whole, k));
      g_assert_true (in_whole);
      g_assert_cmpint (n->alert.type, ==, TDBG_ALERT_INF_NAN);
      firsts += n->first_of_kind;
    }
  g_assert_true (g_array_index (told, TdbgWatchNews, 0).first_of_kind);
  g_assert_cmpuint (firsts, ==, 1);
  g_assert_cmpuint (tdbg_watch_get_n_inf_nan (watch), ==, told->len);

  /* Nothing written since: nothing to tell, and the run is idle since it last grew. */
  {
    g_autoptr(GArray) none = NULL;
    refresh (logdir);
    none = tdbg_watch_step (watch, 10 * SECOND);
    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpint (tdbg_watch_get_idle (watch, 10 * SECOND), ==, 7 * SECOND);
  }
}

/* The other kinds are told too, once each and marked first of their kind: an exploding
 * magnitude and a NaN in a run that grows. */
static void
test_other_kinds (void)
{
  const double magnitudes[] = { 10, 1e7, 1e3, 5e8 };
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgWatch) watch = NULL;
  g_autoptr(GArray) first = NULL, later = NULL;
  guint exploding = 0, inf_nan = 0;

  alert_fixture_write_growth (full, magnitudes, G_N_ELEMENTS (magnitudes), 3);
  follow_copy_written (full, grow, ".graph_execution_traces", 0.5);
  logdir = test_load_logdir (grow);
  watch = tdbg_watch_new (logdir, TDBG_MAGNITUDE_THRESHOLD_DEFAULT, 0);
  first = tdbg_watch_step (watch, 0);
  g_assert_cmpuint (first->len, ==, 1);
  g_assert_cmpint (g_array_index (first, TdbgWatchNews, 0).alert.type, ==, TDBG_ALERT_EXPLODING);
  g_assert_cmpuint (g_array_index (first, TdbgWatchNews, 0).alert.trace_index, ==, 1);
  g_assert_true (g_array_index (first, TdbgWatchNews, 0).first_of_kind);

  follow_copy_written (full, grow, NULL, 1);
  refresh (logdir);
  later = tdbg_watch_step (watch, SECOND);
  for (guint i = 0; i < later->len; i++)
    {
      const TdbgWatchNews *n = &g_array_index (later, TdbgWatchNews, i);
      if (n->alert.type == TDBG_ALERT_EXPLODING)
        {
          /* The second one (5e8 at step 3), not the first again. */
          g_assert_cmpuint (n->alert.trace_index, ==, 3);
          g_assert_false (n->first_of_kind);
          exploding++;
        }
      else if (n->alert.type == TDBG_ALERT_INF_NAN)
        {
          g_assert_cmpuint (n->alert.trace_index, ==, 3);
          g_assert_true (n->first_of_kind);
          inf_nan++;
        }
    }
  g_assert_cmpuint (exploding, ==, 1);
  g_assert_cmpuint (inf_nan, ==, 1);
  /* NaN/∞ come first, as Debugger V2 lists them. */
  g_assert_cmpint (g_array_index (later, TdbgWatchNews, 0).alert.type, ==, TDBG_ALERT_INF_NAN);
}

static void
empty_files_ending (const char *dir, const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, suffix))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_assert_true (g_file_set_contents (path, "", 0, NULL));
      }
}

/* Graphs on disk and no records: held back once long enough has passed; not once a record
 * arrives. */
static void
test_held_back (void)
{
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 2, -1, "buffered", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgWatch) watch = NULL;
  g_autoptr(GArray) news = NULL;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  g_assert_no_error (error);
  /* The run as TensorFlow leaves it before a flush: every file but the two bulk ones whole. */
  follow_copy_written (full, grow, NULL, 1);
  empty_files_ending (grow, ".graph_execution_traces");
  empty_files_ending (grow, ".execution");
  logdir = test_load_logdir (grow);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
  g_assert_cmpuint (tdbg_logdir_get_n_graphs (logdir), >, 0);
  watch = tdbg_watch_new (logdir, TDBG_MAGNITUDE_THRESHOLD_DEFAULT, 100 * SECOND);
  news = tdbg_watch_step (watch, 100 * SECOND);
  g_assert_cmpuint (news->len, ==, 0);
  g_assert_false (tdbg_watch_is_held_back (watch, 110 * SECOND, 30 * SECOND));
  g_assert_true (tdbg_watch_is_held_back (watch, 130 * SECOND, 30 * SECOND));

  follow_copy_written (full, grow, NULL, 1);
  refresh (logdir);
  g_clear_pointer (&news, g_array_unref);
  news = tdbg_watch_step (watch, 140 * SECOND);
  g_assert_cmpuint (news->len, ==, 0);
  g_assert_false (tdbg_watch_is_held_back (watch, 140 * SECOND, 30 * SECOND));
  g_assert_cmpint (tdbg_watch_get_idle (watch, 150 * SECOND), ==, 10 * SECOND);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/watch/each-alert-once", test_each_alert_once);
  g_test_add_func ("/watch/other-kinds", test_other_kinds);
  g_test_add_func ("/watch/held-back", test_held_back);
  return g_test_run ();
}
