/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Graph Execution filters over a demo run, checked against a plain walk over the trace
 * digests: op-name expressions, op types, devices, "raised NaN/∞ only", the worker's first
 * pass, and the choices the drop-downs offer; hosts on the multi-host reference logdir. */

#include "tdbg-fixture-writer.h"
#include "tdbg-trace-filter.h"
#include "tdbg-device-name.h"
#include "test-env.h"
#include "test-util.h"

typedef struct {
  char *dir;
  TdbgLogdir *logdir;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  TdbgDemoOptions options = { 3, 1, "filter-host", 1700000000 };
  g_autoptr(GError) error = NULL;

  fixture->dir = test_make_temp_dir ();
  g_assert_true (tdbg_fixture_write_demo (fixture->dir, &options, &error));
  g_assert_no_error (error);
  fixture->logdir = test_load_logdir (fixture->dir);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (fixture->logdir), >, 0);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_clear_object (&fixture->logdir);
  test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

typedef gboolean (*TraceTest) (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data);

/* The traces @test accepts, the slow way. */
static GArray *
expected (TdbgLogdir *logdir, TraceTest test, gconstpointer data)
{
  GArray *indices = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    if (test (logdir, tdbg_logdir_get_trace (logdir, i), data))
      g_array_append_val (indices, i);
  return indices;
}

static void
assert_same (GArray *got, GArray *want)
{
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    g_assert_cmpuint (g_array_index (got, guint32, i), ==, g_array_index (want, guint32, i));
}

static GArray *
filter_all (TdbgLogdir *logdir, const char *regex, const char *op_type, const char *device, gboolean alerting)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgTraceFilter) filter = tdbg_trace_filter_new (logdir, regex, op_type, device, alerting, &error);
  GArray *indices;
  g_autoptr(GArray) none = NULL;

  g_assert_no_error (error);
  indices = tdbg_trace_filter_more (filter, NULL);
  /* Every trace has been looked at: nothing is left until the logdir grows. */
  none = tdbg_trace_filter_more (filter, NULL);
  g_assert_cmpuint (none->len, ==, 0);
  return indices;
}

static gboolean
any_trace (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data)
{
  return TRUE;
}

static gboolean
name_has (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data)
{
  g_autofree char *name = g_ascii_strdown (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name, -1);
  return strstr (name, data) != NULL;
}

static gboolean
type_is (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data)
{
  return g_strcmp0 (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_type, data) == 0;
}

static gboolean
alerting (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data)
{
  return (d->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
}

static gboolean
on_device (TdbgLogdir *logdir, const TdbgTraceDigest *d, gconstpointer data)
{
  return g_strcmp0 (tdbg_logdir_get_string (logdir, d->device), data) == 0;
}

/* The traces a comparison marks (every third here) and nothing else, also with other criteria. */
static void
test_wanted (Fixture *fixture, gconstpointer data)
{
  TdbgLogdir *logdir = fixture->logdir;
  guint n = tdbg_logdir_get_n_traces (logdir);
  g_autofree guint8 *flags = g_new0 (guint8, n);
  g_autoptr(GBytes) wanted = NULL;
  g_autoptr(TdbgTraceFilter) filter = NULL;
  g_autoptr(TdbgTraceFilter) named = NULL;
  g_autoptr(GArray) got = NULL;
  g_autoptr(GArray) got_named = NULL;
  guint n_wanted = 0;

  /* The last trace is past the flags' end: not wanted. */
  for (guint i = 0; i + 1 < n; i++)
    if (i % 3 == 0)
      {
        flags[i] = 1;
        n_wanted++;
      }
  wanted = g_bytes_new (flags, n - 1);
  filter = tdbg_trace_filter_new (logdir, NULL, NULL, NULL, FALSE, NULL);
  tdbg_trace_filter_set_wanted (filter, wanted);
  got = tdbg_trace_filter_more (filter, NULL);
  g_assert_cmpuint (got->len, ==, n_wanted);
  for (guint i = 0; i < got->len; i++)
    g_assert_cmpuint (g_array_index (got, guint32, i) % 3, ==, 0);
  named = tdbg_trace_filter_new (logdir, "log", NULL, NULL, FALSE, NULL);
  tdbg_trace_filter_set_wanted (named, wanted);
  got_named = tdbg_trace_filter_more (named, NULL);
  for (guint i = 0; i < got_named->len; i++)
    {
      guint32 t = g_array_index (got_named, guint32, i);
      g_assert_true (t % 3 == 0 && name_has (logdir, tdbg_logdir_get_trace (logdir, t), "log"));
    }
  g_assert_cmpuint (got_named->len, <=, got->len);
}

static void
test_criteria (Fixture *fixture, gconstpointer data)
{
  TdbgLogdir *logdir = fixture->logdir;
  const TdbgTraceDigest *first = tdbg_logdir_get_trace (logdir, 0);
  const char *type = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (first))->op_type;
  const char *device = tdbg_logdir_get_string (logdir, first->device);
  g_autoptr(GArray) all = filter_all (logdir, NULL, NULL, NULL, FALSE);
  g_autoptr(GArray) all_want = expected (logdir, any_trace, NULL);
  g_autoptr(GArray) named = filter_all (logdir, "LOG", NULL, NULL, FALSE);
  g_autoptr(GArray) named_want = expected (logdir, name_has, "log");
  g_autoptr(GArray) typed = filter_all (logdir, "", type, NULL, FALSE);
  g_autoptr(GArray) typed_want = expected (logdir, type_is, type);
  g_autoptr(GArray) bad = filter_all (logdir, NULL, NULL, NULL, TRUE);
  g_autoptr(GArray) bad_want = expected (logdir, alerting, NULL);
  g_autoptr(GArray) placed = filter_all (logdir, NULL, NULL, device, FALSE);
  g_autoptr(GArray) placed_want = expected (logdir, on_device, device);
  g_autoptr(GArray) nowhere = filter_all (logdir, NULL, NULL, "/no/such/device:0", FALSE);
  g_autoptr(GArray) both = filter_all (logdir, "log", NULL, NULL, TRUE);

  assert_same (all, all_want);
  assert_same (named, named_want);
  g_assert_cmpuint (named->len, >, 0);
  g_assert_cmpuint (named->len, <, all->len);
  assert_same (typed, typed_want);
  g_assert_cmpuint (typed->len, >, 0);
  assert_same (bad, bad_want);
  /* The demo's bad step makes Log's output -inf, and what follows NaN. */
  g_assert_cmpuint (bad->len, >, 0);
  assert_same (placed, placed_want);
  g_assert_cmpuint (nowhere->len, ==, 0);
  for (guint i = 0; i < both->len; i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, g_array_index (both, guint32, i));
      g_assert_true (name_has (logdir, d, "log") && alerting (logdir, d, NULL));
    }
}

static void
test_bad_expression (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgTraceFilter) filter = tdbg_trace_filter_new (fixture->logdir, "loss(", NULL, NULL, FALSE, &error);

  g_assert_null (filter);
  g_assert_error (error, G_REGEX_ERROR, G_REGEX_ERROR_UNMATCHED_PARENTHESIS);
}

static void
run_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GArray **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = tdbg_trace_filter_run_finish (TDBG_TRACE_FILTER (source), result, &error);
  g_assert_no_error (error);
}

static void
test_worker (Fixture *fixture, gconstpointer data)
{
  g_autoptr(TdbgTraceFilter) filter = tdbg_trace_filter_new (fixture->logdir, "log", NULL, NULL, FALSE, NULL);
  g_autoptr(GArray) got = NULL;
  g_autoptr(GArray) want = expected (fixture->logdir, name_has, "log");
  g_autoptr(GArray) none = NULL;

  g_assert_false (tdbg_trace_filter_is_done (filter));
  tdbg_trace_filter_run_async (filter, NULL, run_done_cb, &got);
  while (got == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (tdbg_trace_filter_is_done (filter));
  assert_same (got, want);
  none = tdbg_trace_filter_more (filter, NULL);
  g_assert_cmpuint (none->len, ==, 0);
}

static void
cancelled_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *finished = user_data;
  g_autoptr(GError) error = NULL;
  GArray *indices = tdbg_trace_filter_run_finish (TDBG_TRACE_FILTER (source), result, &error);

  g_assert_null (indices);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  *finished = TRUE;
}

static void
test_worker_cancelled (Fixture *fixture, gconstpointer data)
{
  g_autoptr(TdbgTraceFilter) filter = tdbg_trace_filter_new (fixture->logdir, NULL, NULL, NULL, TRUE, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gboolean finished = FALSE;

  g_cancellable_cancel (cancellable);
  tdbg_trace_filter_run_async (filter, cancellable, cancelled_cb, &finished);
  while (!finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (tdbg_trace_filter_is_done (filter));
}

static void
test_choices (Fixture *fixture, gconstpointer data)
{
  TdbgLogdir *logdir = fixture->logdir;
  guint n = tdbg_logdir_get_n_traces (logdir);
  g_autoptr(GHashTable) types = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) devices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) scanned_devices = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) type_names = NULL;
  g_autoptr(GPtrArray) device_names = NULL;

  tdbg_trace_filter_collect_op_types (logdir, types);
  tdbg_trace_filter_collect_devices (logdir, devices);
  /* Every traced op's type, and only those; every traced device, and only those. */
  for (guint i = 0; i < n; i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      g_assert_true (g_hash_table_contains (types, tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_type));
      g_assert_true (g_hash_table_contains (devices, tdbg_logdir_get_string (logdir, d->device)));
      g_hash_table_add (scanned_devices, (gpointer) tdbg_logdir_get_string (logdir, d->device));
    }
  g_assert_cmpuint (g_hash_table_size (devices), ==, g_hash_table_size (scanned_devices));
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      if (op->first_trace == TDBG_NONE && op->op_type)
        {
          g_autoptr(GArray) traced = filter_all (logdir, NULL, op->op_type, NULL, FALSE);
          g_assert_cmpuint (traced->len > 0, ==, g_hash_table_contains (types, op->op_type));
        }
    }
  type_names = tdbg_trace_filter_sorted_names (types);
  device_names = tdbg_trace_filter_sorted_names (devices);
  g_assert_cmpuint (type_names->len, ==, g_hash_table_size (types));
  g_assert_cmpuint (device_names->len, ==, g_hash_table_size (devices));
  for (guint i = 1; i < type_names->len; i++)
    g_assert_cmpint (g_strcmp0 (g_ptr_array_index (type_names, i - 1), g_ptr_array_index (type_names, i)), <, 0);
}

/* The device and host choices of the logdirs of several devices and of several hosts are
 * what their traces name, found without a pass over them (tdbg_logdir_get_trace_places()). */
static void
test_places (void)
{
  /* Devices with traces: EXPECTED.json's per_device_traces; hosts: its file sets' host names. */
  const struct { const char *name; guint devices, hosts; } logdirs[] = {
    { "multi_device", 2, 1 }, { "multi_host", 2, 2 }, { "tutorial_mnist", 1, 1 },
  };

  for (guint l = 0; l < G_N_ELEMENTS (logdirs); l++)
    {
      g_autofree char *dir = test_env_shared_path (logdirs[l].name, "logdir", NULL);
      g_autoptr(TdbgLogdir) logdir = test_load_logdir (dir);
      g_autoptr(GHashTable) devices = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) hosts = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) scanned_devices = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) scanned_hosts = g_hash_table_new (g_str_hash, g_str_equal);
      GHashTableIter iter;
      gpointer name;

      tdbg_trace_filter_collect_devices (logdir, devices);
      tdbg_trace_filter_collect_hosts (logdir, hosts);
      for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
        {
          g_hash_table_add (scanned_devices, (gpointer) tdbg_logdir_get_string (logdir, tdbg_logdir_get_trace (logdir, i)->device));
          g_hash_table_add (scanned_hosts, (gpointer) tdbg_trace_filter_get_host (logdir, i));
        }
      g_assert_cmpuint (g_hash_table_size (devices), ==, logdirs[l].devices);
      g_assert_cmpuint (g_hash_table_size (hosts), ==, logdirs[l].hosts);
      g_assert_cmpuint (g_hash_table_size (scanned_devices), ==, logdirs[l].devices);
      g_assert_cmpuint (g_hash_table_size (scanned_hosts), ==, logdirs[l].hosts);
      g_hash_table_iter_init (&iter, scanned_devices);
      while (g_hash_table_iter_next (&iter, &name, NULL))
        g_assert_true (g_hash_table_contains (devices, name));
      g_hash_table_iter_init (&iter, scanned_hosts);
      while (g_hash_table_iter_next (&iter, &name, NULL))
        g_assert_true (g_hash_table_contains (hosts, name));
    }
}

/* The traces of @host, with the other criteria too. */
static GArray *
filter_host (TdbgLogdir *logdir, const char *host, const char *regex, gboolean alerting)
{
  g_autoptr(TdbgTraceFilter) filter = tdbg_trace_filter_new (logdir, regex, NULL, NULL, alerting, NULL);

  tdbg_trace_filter_set_host (filter, host);
  return tdbg_trace_filter_more (filter, NULL);
}

/* Each host of the multi-host logdir (a coordinator and a worker, one file set each) lets
 * through as many traces as EXPECTED.json says its file set holds, and all of them are its. */
static void
test_hosts (void)
{
  g_autofree char *dir = test_env_shared_path ("multi_host", "logdir", NULL);
  g_autoptr(TdbgLogdir) logdir = test_load_logdir (dir);
  g_autoptr(GHashTable) expected_counts = test_expected_traces_per_host ("multi_host");
  g_autoptr(GHashTable) hosts = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = tdbg_logdir_get_n_traces (logdir), sum = 0;
  GHashTableIter iter;
  gpointer host, count;

  tdbg_trace_filter_collect_hosts (logdir, hosts);
  g_assert_cmpuint (g_hash_table_size (expected_counts), ==, 2);
  g_assert_cmpuint (g_hash_table_size (hosts), ==, 2);
  g_hash_table_iter_init (&iter, expected_counts);
  while (g_hash_table_iter_next (&iter, &host, &count))
    {
      g_autoptr(GArray) got = filter_host (logdir, host, NULL, FALSE);
      g_autoptr(GArray) alerting = filter_host (logdir, host, NULL, TRUE);
      g_test_message ("%s: %u traces (EXPECTED.json: %u), %u alerting", (char *) host, got->len,
                      GPOINTER_TO_UINT (count), alerting->len);
      g_assert_true (g_hash_table_contains (hosts, host));
      g_assert_cmpuint (got->len, ==, GPOINTER_TO_UINT (count));
      for (guint i = 0; i < got->len; i++)
        g_assert_cmpstr (tdbg_trace_filter_get_host (logdir, g_array_index (got, guint32, i)), ==, host);
      for (guint i = 0; i < alerting->len; i++)
        g_assert_true (tdbg_logdir_get_trace (logdir, g_array_index (alerting, guint32, i))->flags &
                       TDBG_DIGEST_HAS_INF_NAN);
      sum += got->len;
    }
  g_assert_cmpuint (sum, ==, n);
  /* The first NaN/∞ (Exp, global index 34) is the worker's. */
  {
    g_autofree char *first = test_expected_entry ("multi_host", "\"first_inf_nan_graph_execution_trace\"");
    g_autoptr(GArray) worker = filter_host (logdir, "tf-worker-16", "^Exp$", TRUE);
    g_assert_nonnull (strstr (first, "\"host_name\": \"tf-worker-16\""));
    g_assert_cmpuint (worker->len, >, 0);
    g_assert_cmpuint (g_array_index (worker, guint32, 0), ==, 34);
  }
  {
    g_autoptr(GArray) nowhere = filter_host (logdir, "no-such-host", NULL, FALSE);
    g_assert_cmpuint (nowhere->len, ==, 0);
  }
}

static void
test_host_short_names (void)
{
  static const struct { const char *host, *short_name; } cases[] = {
    { "tf-worker-16", "tf-worker-16" },
    { "worker-3.train.svc.cluster.local", "worker-3" },
    { "10.0.0.12", "10.0.0.12" },
    { "fe80::1", "fe80::1" },
    { ".hidden", ".hidden" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = tdbg_host_short_name (cases[i].host);
      g_assert_cmpstr (name, ==, cases[i].short_name);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/trace-filter/criteria", Fixture, NULL, fixture_set_up, test_criteria, fixture_tear_down);
  g_test_add ("/trace-filter/wanted", Fixture, NULL, fixture_set_up, test_wanted, fixture_tear_down);
  g_test_add ("/trace-filter/bad-expression", Fixture, NULL, fixture_set_up, test_bad_expression, fixture_tear_down);
  g_test_add ("/trace-filter/worker", Fixture, NULL, fixture_set_up, test_worker, fixture_tear_down);
  g_test_add ("/trace-filter/worker-cancelled", Fixture, NULL, fixture_set_up, test_worker_cancelled,
              fixture_tear_down);
  g_test_add ("/trace-filter/choices", Fixture, NULL, fixture_set_up, test_choices, fixture_tear_down);
  g_test_add_func ("/trace-filter/hosts", test_hosts);
  g_test_add_func ("/trace-filter/places", test_places);
  g_test_add_func ("/trace-filter/host-short-names", test_host_short_names);
  return g_test_run ();
}
