/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rows of Graph Execution as a list model: all traces, a filter's (ascending, grown by
 * appending) and a sort's (any order): their records, and where a record is. */

#include "tdbg-index-model.h"

static GArray *
indices (const guint32 *values, guint n)
{
  GArray *array = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_array_append_vals (array, values, n);
  return array;
}

static void
test_identity (void)
{
  g_autoptr(TdbgIndexModel) model = tdbg_index_model_new (4);

  g_assert_true (tdbg_index_model_is_identity (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
  g_assert_cmpuint (tdbg_index_model_find (model, 3), ==, 3);
  g_assert_cmpuint (tdbg_index_model_find (model, 4), ==, G_MAXUINT);
  tdbg_index_model_grow (model, 6);
  g_assert_cmpuint (tdbg_index_model_find (model, 5), ==, 5);
}

static void
test_ascending (void)
{
  g_autoptr(TdbgIndexModel) model = tdbg_index_model_new_for_indices (indices ((guint32[]) { 2, 5, 9 }, 3));

  g_assert_false (tdbg_index_model_is_identity (model));
  g_assert_cmpuint (tdbg_index_model_get_record (model, 1), ==, 5);
  g_assert_cmpuint (tdbg_index_model_find (model, 9), ==, 2);
  g_assert_cmpuint (tdbg_index_model_find (model, 4), ==, G_MAXUINT);
  {
    g_autoptr(GArray) more = indices ((guint32[]) { 11, 14 }, 2);
    tdbg_index_model_append_indices (model, more);
  }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 5);
  g_assert_cmpuint (tdbg_index_model_find (model, 14), ==, 4);
}

/* A sort's order: found wherever it is, not by bisection. */
static void
test_any_order (void)
{
  g_autoptr(TdbgIndexModel) model = tdbg_index_model_new_for_order (indices ((guint32[]) { 9, 2, 14, 5 }, 4));

  g_assert_cmpuint (tdbg_index_model_get_record (model, 0), ==, 9);
  g_assert_cmpuint (tdbg_index_model_find (model, 9), ==, 0);
  g_assert_cmpuint (tdbg_index_model_find (model, 5), ==, 3);
  g_assert_cmpuint (tdbg_index_model_find (model, 2), ==, 1);
  g_assert_cmpuint (tdbg_index_model_find (model, 3), ==, G_MAXUINT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-model/identity", test_identity);
  g_test_add_func ("/index-model/ascending", test_ascending);
  g_test_add_func ("/index-model/any-order", test_any_order);
  return g_test_run ();
}
