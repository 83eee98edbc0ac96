/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TdbgHistory on a selection without a logdir: jumps become entries once the main loop is idle,
 * back and forward restore them without new entries, a jump after going back drops the entries
 * ahead, and the list is bounded (the window's test covers another logdir starting over). */

#include "tdbg-history.h"

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
jump (TdbgSelection *selection, guint32 execution)
{
  tdbg_selection_select_execution (selection, execution);
  spin ();
}

static void
test_back_forward (void)
{
  g_autoptr(TdbgSelection) selection = tdbg_selection_new ();
  g_autoptr(TdbgHistory) history = tdbg_history_new (selection, 10);
  gboolean can_back = TRUE;

  g_assert_false (tdbg_history_can_go_back (history));
  g_assert_false (tdbg_history_can_go_forward (history));
  g_assert_false (tdbg_history_back (history));
  jump (selection, 1);
  jump (selection, 2);
  jump (selection, 3);
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 3);
  g_object_get (history, "can-go-back", &can_back, NULL);
  g_assert_true (can_back);
  g_assert_false (tdbg_history_can_go_forward (history));

  g_assert_true (tdbg_history_back (history));
  spin ();
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 2);
  g_assert_cmpint (tdbg_selection_get_focus (selection), ==, TDBG_FOCUS_EXECUTION);
  g_assert_true (tdbg_history_back (history));
  spin ();
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 1);
  /* Restoring recorded nothing new. */
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 3);
  g_assert_cmpint (tdbg_history_get_position (history), ==, 0);
  g_assert_false (tdbg_history_can_go_back (history));
  g_assert_false (tdbg_history_back (history));
  g_assert_true (tdbg_history_can_go_forward (history));

  g_assert_true (tdbg_history_forward (history));
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 2);
  /* A new jump drops the entry ahead (3). */
  jump (selection, 7);
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 3);
  g_assert_false (tdbg_history_can_go_forward (history));
  g_assert_cmpuint (tdbg_history_get_entry (history, 2)->execution, ==, 7);
  g_assert_true (tdbg_history_back (history));
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 2);
}

/* The notifications of one jump (record, then frame and line) make one entry; the frame and
 * line are part of it, and a stack frame picked alone is a jump of its own. */
static void
test_one_entry_per_jump (void)
{
  g_autoptr(TdbgSelection) selection = tdbg_selection_new ();
  g_autoptr(TdbgHistory) history = tdbg_history_new (selection, 10);

  tdbg_selection_select_execution (selection, 4);
  tdbg_selection_select_frame (selection, 2, 0, 17);
  spin ();
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 1);
  tdbg_selection_select_frame (selection, 3, 0, 21);
  spin ();
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 2);
  g_assert_true (tdbg_history_back (history));
  g_assert_cmpint (tdbg_selection_get_frame (selection), ==, 2);
  g_assert_cmpint (tdbg_selection_get_source_line (selection), ==, 17);
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 4);
  /* A pending jump is recorded before going back from it. */
  tdbg_selection_select_execution (selection, 9);
  g_assert_true (tdbg_history_back (history));
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 4);
  g_assert_true (tdbg_history_forward (history));
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 9);
}

static void
test_bounded (void)
{
  g_autoptr(TdbgSelection) selection = tdbg_selection_new ();
  g_autoptr(TdbgHistory) history = tdbg_history_new (selection, 5);

  for (guint32 i = 1; i <= 12; i++)
    jump (selection, i);
  g_assert_cmpuint (tdbg_history_get_n_entries (history), ==, 5);
  g_assert_cmpuint (tdbg_history_get_entry (history, 0)->execution, ==, 8);
  while (tdbg_history_back (history))
    ;
  g_assert_cmpuint (tdbg_selection_get_execution (selection), ==, 8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/back-forward", test_back_forward);
  g_test_add_func ("/history/one-entry-per-jump", test_one_entry_per_jump);
  g_test_add_func ("/history/bounded", test_bounded);
  return g_test_run ();
}
