/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Graph Execution sorted by a column: every key both ways over a demo run, checked against a
 * plain sort with the full values (read from the records) and names; counts and sizes wider
 * than a digest keeps; a filtered subset; a cancelled sort; the keys' nicks; the sort on a
 * worker. */

#include <math.h>
#include <string.h>

#include "cause-fixtures.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-tensor.h"
#include "tdbg-trace-filter.h"
#include "tdbg-trace-sort.h"
#include "test-util.h"

typedef struct {
  TdbgLogdir *logdir;
  TdbgTraceSortKey key;
} Reference;

static const char *
safe (const char *s)
{
  return s ? s : "";
}

/* -1, 0, 1 for @a < @b, equal, @b < @a, where an unknown value (@known FALSE) is the least. */
static int
compare_known (gboolean known_a, double a, gboolean known_b, double b)
{
  if (known_a != known_b)
    return known_a ? 1 : -1;
  return a < b ? -1 : a > b;
}

/* Traces @a and @b by @ref's key, ascending, with nothing but the logdir's own accessors. */
static int
compare_by_key (const Reference *ref, guint32 a, guint32 b)
{
  TdbgTraceInfo ia, ib;
  const TdbgOp *oa, *ob;
  int c;

  tdbg_logdir_get_trace_info (ref->logdir, a, &ia);
  tdbg_logdir_get_trace_info (ref->logdir, b, &ib);
  oa = tdbg_logdir_get_op (ref->logdir, ia.op);
  ob = tdbg_logdir_get_op (ref->logdir, ib.op);
  switch (ref->key)
    {
    case TDBG_TRACE_SORT_NONE: return a < b ? -1 : a > b;
    case TDBG_TRACE_SORT_TENSOR:
      c = strcmp (safe (oa->op_name), safe (ob->op_name));
      return c != 0 ? c : (ia.output_slot < ib.output_slot ? -1 : ia.output_slot > ib.output_slot);
    case TDBG_TRACE_SORT_OP_TYPE: return strcmp (safe (oa->op_type), safe (ob->op_type));
    case TDBG_TRACE_SORT_DEVICE:
      return strcmp (safe (tdbg_logdir_get_string (ref->logdir, ia.device)),
                     safe (tdbg_logdir_get_string (ref->logdir, ib.device)));
    case TDBG_TRACE_SORT_HOST:
      return strcmp (tdbg_trace_filter_get_host (ref->logdir, a), tdbg_trace_filter_get_host (ref->logdir, b));
    case TDBG_TRACE_SORT_DTYPE: return strcmp (tdbg_dtype_name (ia.dtype), tdbg_dtype_name (ib.dtype));
    case TDBG_TRACE_SORT_SIZE:
      return compare_known (ia.flags & TDBG_DIGEST_HAS_SIZE, ia.size, ib.flags & TDBG_DIGEST_HAS_SIZE, ib.size);
    case TDBG_TRACE_SORT_NEG_INF:
      return compare_known (ia.flags & TDBG_DIGEST_HAS_COUNTS, ia.neg_inf, ib.flags & TDBG_DIGEST_HAS_COUNTS, ib.neg_inf);
    case TDBG_TRACE_SORT_POS_INF:
      return compare_known (ia.flags & TDBG_DIGEST_HAS_COUNTS, ia.pos_inf, ib.flags & TDBG_DIGEST_HAS_COUNTS, ib.pos_inf);
    case TDBG_TRACE_SORT_NAN:
      return compare_known (ia.flags & TDBG_DIGEST_HAS_COUNTS, ia.nan, ib.flags & TDBG_DIGEST_HAS_COUNTS, ib.nan);
    default: g_assert_not_reached ();
    }
}


/* Insertion into place by the key, then by position in the input (a stable sort by hand). */
static GArray *
reference_sort (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending)
{
  GArray *sorted = g_array_sized_new (FALSE, FALSE, sizeof (guint32), traces->len);
  Reference ref = { logdir, key };

  for (guint i = 0; i < traces->len; i++)
    {
      guint32 t = g_array_index (traces, guint32, i);
      guint lo = 0, hi = sorted->len;
      /* After every trace that is not greater (not less when descending): equal ones stay
       * in input order. */
      while (lo < hi)
        {
          guint mid = (lo + hi) / 2;
          int c = compare_by_key (&ref, g_array_index (sorted, guint32, mid), t);
          if (descending ? c >= 0 : c <= 0)
            lo = mid + 1;
          else
            hi = mid;
        }
      g_array_insert_val (sorted, lo, t);
    }
  return sorted;
}

static void
assert_sorted_as_reference (TdbgLogdir *logdir, GArray *traces, TdbgTraceSortKey key, gboolean descending)
{
  g_autoptr(GArray) got = g_array_copy (traces);
  g_autoptr(GArray) want = reference_sort (logdir, traces, key, descending);

  g_assert_true (tdbg_trace_sort (logdir, got, key, descending, NULL));
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    if (g_array_index (got, guint32, i) != g_array_index (want, guint32, i))
      g_error ("key %d%s: position %u holds trace %u, not %u", key, descending ? " descending" : "", i,
               g_array_index (got, guint32, i), g_array_index (want, guint32, i));
}

/* A demo run of @steps steps written in @dir, loaded. */
static TdbgLogdir *
demo_logdir (const char *dir, guint steps)
{
  TdbgDemoOptions options = { steps, 1, "sort-host", 1700000000 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  g_assert_no_error (error);
  return test_load_logdir (dir);
}

static GArray *
every_trace (TdbgLogdir *logdir, guint step)
{
  GArray *traces = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < tdbg_logdir_get_n_traces (logdir); i += step)
    g_array_append_val (traces, i);
  return traces;
}

/* Every key, both ways, over a demo run (two devices, many op types, NaN and ∞ traces), and
 * over every third trace of it. */
static void
test_demo_every_key (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = demo_logdir (dir, 3);
  g_autoptr(GArray) all = NULL, some = NULL;

  all = every_trace (logdir, 1);
  some = every_trace (logdir, 3);
  g_assert_cmpuint (all->len, >, 300);
  for (TdbgTraceSortKey key = TDBG_TRACE_SORT_NONE; key < TDBG_TRACE_N_SORTS; key++)
    for (guint descending = 0; descending < 2; descending++)
      {
        assert_sorted_as_reference (logdir, all, key, descending);
        assert_sorted_as_reference (logdir, some, key, descending);
      }
  test_remove_tree (dir);
}

static void
assert_order (GArray *traces, const guint32 *want, guint n)
{
  g_assert_cmpuint (traces->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (traces, guint32, i), ==, want[i]);
}

/* Counts past what a digest keeps (read from the records, but for a NaN that is the whole
 * tensor), sizes past 24 and 32 bits, and a NO_TENSOR trace, whose size and counts are
 * unknown: it sorts below every known one. */
static void
test_wide_values (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GArray) traces = NULL;

  {
    /* Element counts: −∞, +∞, NaN, negative, zero, positive. */
    g_autoptr(TdbgFixtureWriter) w = cause_fixture_writer_new (dir, "wide-host", 1700000000, "g");
    cause_fixture_add_op (w, "g", "Log", "log", (const char *const[]) { NULL });
    cause_fixture_add_trace (w, 2, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 300, 0, 0, 700 });   /* 0 */
    cause_fixture_add_trace (w, 3, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 7, 0, 0, 5e9 - 7 }); /* 1 */
    cause_fixture_add_trace (w, 4, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 255, 0, 0, 45 });    /* 2 */
    cause_fixture_add_trace (w, 5, "g", "log", CAUSE_FULL, (const double[]) { 2, 0, 0, 0, 0, 2 });       /* 3 */
    cause_fixture_add_trace (w, 6, "g", "log", CAUSE_NO_TENSOR, cause_finite_positive);                  /* 4 */
    cause_fixture_add_trace (w, 7, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 300, 0, 0, 700 });   /* 5: as 0 */
    cause_fixture_add_trace (w, 8, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 20, 0, 0, 2e7 - 20 }); /* 6 */
    cause_fixture_add_trace (w, 9, "g", "log", CAUSE_FULL, (const double[]) { 0, 0, 16, 0, 0, 0 });      /* 7: all NaN */
    g_assert_true (tdbg_fixture_writer_flush (w, NULL));
  }
  logdir = test_load_logdir (dir);
  traces = every_trace (logdir, 1);
  g_assert_cmpuint (traces->len, ==, 8);

  g_assert_true (tdbg_trace_sort (logdir, traces, TDBG_TRACE_SORT_NAN, TRUE, NULL));
  assert_order (traces, (const guint32[]) { 0, 5, 2, 6, 7, 1, 3, 4 }, 8);
  g_assert_true (tdbg_trace_sort (logdir, traces, TDBG_TRACE_SORT_SIZE, TRUE, NULL));
  assert_order (traces, (const guint32[]) { 1, 6, 0, 5, 2, 7, 3, 4 }, 8);
  g_assert_true (tdbg_trace_sort (logdir, traces, TDBG_TRACE_SORT_NEG_INF, FALSE, NULL));
  assert_order (traces, (const guint32[]) { 4, 1, 6, 0, 5, 2, 7, 3 }, 8);
  g_assert_true (tdbg_trace_sort (logdir, traces, TDBG_TRACE_SORT_NONE, FALSE, NULL));
  assert_order (traces, (const guint32[]) { 0, 1, 2, 3, 4, 5, 6, 7 }, 8);
  /* the whole tensor's NaN count is the digest's own */
  g_assert_false (tdbg_logdir_get_trace (logdir, 7)->flags & TDBG_DIGEST_COUNTS_SATURATED);
  g_assert_true (tdbg_logdir_get_trace (logdir, 6)->flags & TDBG_DIGEST_SIZE_WIDE);
  for (TdbgTraceSortKey key = TDBG_TRACE_SORT_NONE; key < TDBG_TRACE_N_SORTS; key++)
    {
      assert_sorted_as_reference (logdir, traces, key, FALSE);
      assert_sorted_as_reference (logdir, traces, key, TRUE);
    }
  test_remove_tree (dir);
}

/* Sizes and counts come largest first when picked; names and types from A. */
static void
test_key_directions (void)
{
  g_assert_false (tdbg_trace_sort_key_descends (TDBG_TRACE_SORT_NONE));
  g_assert_false (tdbg_trace_sort_key_descends (TDBG_TRACE_SORT_TENSOR));
  g_assert_false (tdbg_trace_sort_key_descends (TDBG_TRACE_SORT_DTYPE));
  g_assert_true (tdbg_trace_sort_key_descends (TDBG_TRACE_SORT_SIZE));
  g_assert_true (tdbg_trace_sort_key_descends (TDBG_TRACE_SORT_NAN));
}

/* A cancelled sort leaves the array as it was. */
static void
test_cancelled (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(TdbgLogdir) logdir = demo_logdir (dir, 1);
  g_autoptr(GArray) traces = NULL;

  traces = every_trace (logdir, 1);
  g_cancellable_cancel (cancellable);
  g_assert_false (tdbg_trace_sort (logdir, traces, TDBG_TRACE_SORT_NAN, TRUE, cancellable));
  for (guint i = 0; i < traces->len; i++)
    g_assert_cmpuint (g_array_index (traces, guint32, i), ==, i);
  test_remove_tree (dir);
}

/* The nicks the sort menu names the keys by. */
static void
test_nicks (void)
{
  for (TdbgTraceSortKey k = 0; k < TDBG_TRACE_N_SORTS; k++)
    g_assert_cmpint (tdbg_trace_sort_key_from_nick (tdbg_trace_sort_key_to_nick (k)), ==, k);
  g_assert_cmpstr (tdbg_trace_sort_key_to_nick (TDBG_TRACE_SORT_NAN), ==, "nan");
  g_assert_cmpint (tdbg_trace_sort_key_from_nick ("shape"), ==, TDBG_TRACE_N_SORTS);
  g_assert_null (tdbg_trace_sort_key_to_nick (TDBG_TRACE_N_SORTS));
}

static void
sorted_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GArray **out = data;

  *out = tdbg_trace_sort_finish (result, NULL);
  g_assert_nonnull (*out);
}

/* On a worker, the same order as the plain call. */
static void
test_async (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = demo_logdir (dir, 1);
  g_autoptr(GArray) want = NULL;
  GArray *got = NULL;

  want = every_trace (logdir, 1);
  g_assert_true (tdbg_trace_sort (logdir, want, TDBG_TRACE_SORT_OP_TYPE, TRUE, NULL));
  /* NULL: every trace, listed on the worker. */
  tdbg_trace_sort_async (logdir, NULL, TDBG_TRACE_SORT_OP_TYPE, TRUE, NULL, sorted_cb, &got);
  while (got == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (got->len, ==, want->len);
  g_assert_cmpmem (got->data, got->len * sizeof (guint32), want->data, want->len * sizeof (guint32));
  g_array_unref (got);
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-sort/demo-every-key", test_demo_every_key);
  g_test_add_func ("/trace-sort/wide-values", test_wide_values);
  g_test_add_func ("/trace-sort/key-directions", test_key_directions);
  g_test_add_func ("/trace-sort/cancelled", test_cancelled);
  g_test_add_func ("/trace-sort/nicks", test_nicks);
  g_test_add_func ("/trace-sort/async", test_async);
  return g_test_run ();
}
