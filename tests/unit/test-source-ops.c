/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which source lines created which ops, while a run is followed: the tutorial's logdir written
 * halfway (half its op creations, stack frames and traces), then to its end. The index kept up
 * to date is the one built from scratch, and a step that brought no op places none again. */

#include "follow-util.h"
#include "tdbg-source-ops.h"
#include "test-env.h"
#include "test-util.h"

static void
assert_same (TdbgSourceOps *a, TdbgSourceOps *b, TdbgLogdir *logdir)
{
  guint placed = 0;

  for (guint32 f = 0; f < tdbg_logdir_get_n_source_files (logdir); f++)
    {
      g_autoptr(GPtrArray) la = tdbg_source_ops_get_lines (a, f), lb = tdbg_source_ops_get_lines (b, f);
      g_assert_cmpuint (la->len, ==, lb->len);
      for (guint i = 0; i < la->len; i++)
        {
          const TdbgLineOps *x = g_ptr_array_index (la, i), *y = g_ptr_array_index (lb, i);
          g_assert_cmpint (x->line, ==, y->line);
          g_assert_cmpuint (x->n_bad, ==, y->n_bad);
          g_assert_cmpmem (x->ops->data, x->ops->len * sizeof (guint32), y->ops->data, y->ops->len * sizeof (guint32));
          placed += x->ops->len;
        }
    }
  g_assert_cmpuint (placed, >, 0);
}

static void
test_following (void)
{
  g_autofree char *shared = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgSourceOps) kept = NULL, fresh = NULL;
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats;
  guint half_ops, bad_before = 0, bad_after = 0;
  guint64 placed;

  follow_copy_written (shared, dir, NULL, 0.5);
  logdir = test_load_logdir (dir);
  half_ops = tdbg_logdir_get_n_ops (logdir);
  g_assert_cmpuint (half_ops, >, 0);
  kept = tdbg_source_ops_new (logdir);
  g_assert_cmpuint (tdbg_source_ops_get_n_placed (kept), ==, half_ops);
  for (guint i = 0; i < half_ops; i++)
    bad_before += tdbg_logdir_get_op (logdir, i)->first_inf_nan_trace != TDBG_NONE;

  /* Nothing new: nothing placed again, nothing changed. */
  g_assert_false (tdbg_source_ops_update (kept, logdir));
  g_assert_cmpuint (tdbg_source_ops_get_n_placed (kept), ==, half_ops);

  follow_copy_written (shared, dir, NULL, 1);
  g_assert_true (follow_logdir (logdir, 0, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_ops (logdir), >, half_ops);
  g_assert_true (tdbg_source_ops_update (kept, logdir));
  fresh = tdbg_source_ops_new (logdir);
  assert_same (kept, fresh, logdir);
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    bad_after += tdbg_logdir_get_op (logdir, i)->first_inf_nan_trace != TDBG_NONE;
  g_test_message ("%u ops, then %u; %u with NaN/∞, then %u; placed %" G_GUINT64_FORMAT " times", half_ops,
                  tdbg_logdir_get_n_ops (logdir), bad_before, bad_after, tdbg_source_ops_get_n_placed (kept));
  /* The new ops, and those of the first half still waiting for frames or their creation. */
  g_assert_cmpuint (tdbg_source_ops_get_n_placed (kept), <, half_ops + tdbg_logdir_get_n_ops (logdir));
  placed = tdbg_source_ops_get_n_placed (kept);
  g_assert_false (tdbg_source_ops_update (kept, logdir));
  g_assert_cmpuint (tdbg_source_ops_get_n_placed (kept), ==, placed);
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/source-ops/following", test_following);
  return g_test_run ();
}
