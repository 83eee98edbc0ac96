/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The logdir reader on the project's own fixtures: the demo logdir, a run that is still
 * being written (half records included), a file set that appears later, damage in the
 * middle of a file, and op neighbourhoods. */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "follow-util.h"
#include "gated-source.h"
#include "test-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-logdir.h"
#include "tdbg-neighbourhood.h"
#include "tdbg-records.h"
#include "tdbg-wire.h"

static TdbgLogdir *
load_demo (const char *dir, guint steps, gint bad_step)
{
  TdbgDemoOptions options = { steps, bad_step, "test-host", 1700000000 };
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  g_assert_no_error (error);
  logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

static void
test_demo_alert_chain (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = load_demo (dir, 4, 2);
  const TdbgAlert *alert;
  const TdbgTraceDigest *trace;
  const TdbgOp *op;
  const TdbgFileSet *fs;
  g_autoptr(GPtrArray) frames = NULL;
  const TdbgStackFrame *frame;
  gint user;

  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
  g_assert_cmpuint (tdbg_logdir_get_n_file_sets (logdir), ==, 1);
  fs = tdbg_logdir_get_file_set (logdir, 0);
  g_assert_cmpstr (fs->host_name, ==, "test-host");
  g_assert_cmpuint (fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].records, ==, tdbg_logdir_get_n_traces (logdir));
  g_assert_cmpuint (fs->files[TDBG_FILE_EXECUTION].records, ==, tdbg_logdir_get_n_executions (logdir));
  g_assert_cmpuint (tdbg_logdir_get_modes (logdir), ==, 1u << TDBG_MODE_FULL_HEALTH);

  /* The first alert is the -inf of Log in cross_entropy; nothing before it is bad. */
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);
  alert = tdbg_logdir_get_alert (logdir, 0);
  g_assert_cmpuint (alert->trace_index, !=, TDBG_NONE);
  g_assert_cmpstr (tdbg_logdir_get_string (logdir, alert->op_type), ==, "Log");
  g_assert_cmpfloat (alert->num_neg_inf, ==, 1);
  g_assert_cmpfloat (alert->num_pos_inf, ==, 0);
  g_assert_cmpfloat (alert->num_nan, ==, 0);
  for (guint i = 0; i < alert->trace_index; i++)
    g_assert_false (tdbg_logdir_get_trace (logdir, i)->flags & TDBG_DIGEST_HAS_INF_NAN);
  trace = tdbg_logdir_get_trace (logdir, alert->trace_index);
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (trace));
  g_assert_cmpstr (op->op_name, ==, "Log");
  g_assert_cmpstr (tdbg_logdir_get_graph (logdir, op->graph)->graph_name, ==, "cross_entropy");

  /* Its creation stack ends in library code; the innermost user frame is the log() call. */
  frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
  g_assert_cmpuint (frames->len, ==, g_strv_length (op->stack_frame_ids));
  g_assert_true (((const TdbgStackFrame *) g_ptr_array_index (frames, frames->len - 1))->is_library);
  user = tdbg_stack_innermost_user_frame (frames);
  g_assert_cmpint (user, >=, 0);
  frame = g_ptr_array_index (frames, user);
  g_assert_true (g_str_has_suffix (frame->file_path, "train_mlp.py"));
  g_assert_nonnull (strstr (tdbg_logdir_get_frame_line (logdir, frame), "tf.math.log"));
  test_remove_tree (dir);
}

/* Each step adds the same records, so the counts grow linearly with the steps. */
static void
test_demo_scales (void)
{
  guint traces[3], executions[3];
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *dir = test_make_temp_dir ();
      g_autoptr(TdbgLogdir) logdir = load_demo (dir, 2 * (i + 1), -1);
      traces[i] = tdbg_logdir_get_n_traces (logdir);
      executions[i] = tdbg_logdir_get_n_executions (logdir);
      g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 0);
      test_remove_tree (dir);
    }
  g_assert_cmpuint (traces[1] - traces[0], >, 0);
  g_assert_cmpuint (traces[1] - traces[0], ==, traces[2] - traces[1]);
  g_assert_cmpuint (executions[1] - executions[0], ==, executions[2] - executions[1]);
}

static GBytes *
encode_trace (const char *graph_id, const char *op_name, double wall_time, double value)
{
  double slots[11] = { 1, -1, 1, 1, 4, 0, 0, 0, 0, 0, 4 };
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__GraphExecutionTrace trace = TENSORFLOW__GRAPH_EXECUTION_TRACE__INIT;
  g_autoptr(GByteArray) record = g_byte_array_new ();
  Tensorflow__TensorProto *tensor;
  g_autofree guint8 *payload = NULL;
  gsize length;

  slots[7] = value; /* NaN count */
  tensor = tdbg_fixture_summary_tensor (slots, 11);
  trace.tfdbg_context_id = (char *) graph_id;
  trace.op_name = (char *) op_name;
  trace.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH;
  trace.tensor_proto = tensor;
  trace.device_name = (char *) "/job:localhost/replica:0/task:0/device:CPU:0";
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE;
  event.graph_execution_trace = &trace;
  length = tensorflow__debug_event__get_packed_size (&event);
  payload = g_malloc (length);
  tensorflow__debug_event__pack (&event, payload);
  tdbg_record_encode (record, payload, length);
  tdbg_fixture_tensor_free (tensor);
  return g_byte_array_free_to_bytes (g_steal_pointer (&record));
}

static TdbgFixtureWriter *
small_writer (const char *dir, const char *host, gint64 timestamp)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { NULL };
  const gint32 ids[] = { 1 };
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, host, timestamp, timestamp + 0.5, "c0ffee00", "2.16.1", &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (w, timestamp + 1, "g1", "f", NULL, &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, timestamp + 1, "g1", "f", "Const", "c", inputs, ids, 1, inputs, &error));
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  return w;
}

/* 0: tdbg_logdir_refresh(); otherwise fetch in a worker and apply, at most this many bytes
 * of traces and executions per fetch, repeated until nothing more is waiting. */
static guint64 follow_budget;

static gboolean
refresh (TdbgLogdir *logdir, TdbgRefreshStats *stats, GError **error)
{
  return follow_budget ? follow_logdir (logdir, follow_budget, stats, error) : tdbg_logdir_refresh (logdir, stats, NULL, error);
}

static void
refresh_expect (TdbgLogdir *logdir, guint64 new_traces, gboolean partial)
{
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats;
  const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, 0);

  g_assert_true (refresh (logdir, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.new_traces, ==, new_traces);
  g_assert_cmpuint (stats.new_problems, ==, 0);
  g_assert_cmpint (fs->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].partial_tail, ==, partial);
}

/* A writer appends whole and half records while the reader refreshes: every record arrives
 * exactly once, and a half record is waited for, never reported. */
static void
test_refresh_half_records (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) writer = small_writer (dir, "live-host", 1700000100);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  const guint total = 40;
  guint pending = 0; /* complete records written since the last refresh */

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
  for (guint i = 0; i < total; i++)
    {
      g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000200 + i, i == 30 ? 2 : 0);
      gsize length;
      const guint8 *data = g_bytes_get_data (record, &length);
      gsize cut = 1 + (i * 7) % (length - 1);

      if (i % 3 == 0)
        {
          g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES, data, cut, &error));
          g_assert_true (tdbg_fixture_writer_flush (writer, &error));
          refresh_expect (logdir, pending, TRUE);
          pending = 0;
          g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES, data + cut, length - cut, &error));
        }
      else
        g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES, data, length, &error));
      g_assert_true (tdbg_fixture_writer_flush (writer, &error));
      pending++;
      /* Every fourth record waits for the next one, so that refreshes also find two. */
      if (i % 4 != 1)
        {
          refresh_expect (logdir, pending, FALSE);
          pending = 0;
        }
    }
  refresh_expect (logdir, 0, FALSE);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, total);
  for (guint i = 0; i < total; i++)
    g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, i), ==, 1700000200 + i);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 1);
  g_assert_cmpuint (tdbg_logdir_get_alert (logdir, 0)->trace_index, ==, 30);
  test_remove_tree (dir);
}

static void
test_refresh_new_file_set (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) first = small_writer (dir, "coordinator", 1700000100);

  g_assert_nonnull (first);
  g_autoptr(TdbgFixtureWriter) second = NULL;
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000300, 0);
  g_autoptr(GError) error = NULL;
  TdbgRefreshStats stats;
  gsize length;
  const guint8 *data = g_bytes_get_data (record, &length);

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  second = tdbg_fixture_writer_new (dir, "worker.example.org", 1700000200, 1700000200.5, "c0ffee00", "2.16.1", &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_write_raw (second, TDBG_FILE_GRAPH_EXECUTION_TRACES, data, length, &error));
  g_assert_true (tdbg_fixture_writer_flush (second, &error));
  g_assert_true (refresh (logdir, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.new_file_sets, ==, 1);
  g_assert_cmpuint (stats.new_traces, ==, 1);
  g_assert_cmpstr (tdbg_logdir_get_file_set (logdir, 1)->host_name, ==, "worker.example.org");
  /* The worker's trace names an op of the coordinator's graph. */
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0)))->op_type, ==, "Const");
  test_remove_tree (dir);
}

/* The same, fetching in a worker and applying on the main thread, a few records per fetch. */
static void
test_follow_half_records (void)
{
  follow_budget = 50;
  test_refresh_half_records ();
  follow_budget = 0;
}

static void
test_follow_new_file_set (void)
{
  follow_budget = 30;
  test_refresh_new_file_set ();
  follow_budget = 0;
}

/* A file rewritten at the same length with other bytes (not appended to): the bytes already
 * read, read again with the next ones, differ; the file is named as a problem, counted as
 * rewritten and no longer followed, never read as if appended to. */
static void
test_refresh_rewritten (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) writer = small_writer (dir, "host", 1700000100);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *bytes = NULL;
  TdbgRefreshStats stats = { 0 };
  const TdbgProblem *problem;
  FILE *rewritten;
  gsize length;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000200 + i, 0);
      g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES,
                                                    g_bytes_get_data (record, NULL), g_bytes_get_size (record), &error));
    }
  g_assert_true (tdbg_fixture_writer_flush (writer, &error));
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 2);

  path = g_build_filename (dir, tdbg_logdir_get_file_set (logdir, 0)->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].file_name,
                           NULL);
  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  /* In place, as a writer that seeks back would (the same file, not a new one put in its place). */
  rewritten = fopen (path, "r+b");
  g_assert_nonnull (rewritten);
  g_assert_cmpint (fseek (rewritten, length - 10, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc (bytes[length - 10] ^ 0x55, rewritten), !=, EOF);
  g_assert_cmpint (fclose (rewritten), ==, 0);
  g_assert_true (refresh (logdir, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.rewritten_files, ==, 1);
  g_assert_cmpuint (stats.new_problems, ==, 1);
  g_assert_cmpuint (stats.new_traces, ==, 0);
  problem = g_ptr_array_index (tdbg_logdir_get_problems (logdir), 0);
  g_assert_cmpuint (problem->byte_offset, ==, length - TDBG_CHECKED_BYTES);
  g_assert_nonnull (strstr (problem->message, "rewritten"));

  /* What is added to it later is not read as if appended. */
  {
    g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000300, 0);
    g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES,
                                                  g_bytes_get_data (record, NULL), g_bytes_get_size (record), &error));
    g_assert_true (tdbg_fixture_writer_flush (writer, &error));
  }
  g_assert_true (refresh (logdir, &stats, &error));
  g_assert_cmpuint (stats.new_traces, ==, 0);
  g_assert_cmpuint (stats.rewritten_files, ==, 0);
  test_remove_tree (dir);
}

static void
test_follow_rewritten (void)
{
  follow_budget = 50;
  test_refresh_rewritten ();
  follow_budget = 0;
}

/* A reader off the main thread holds the read lock: apply waits for it, losing nothing. */
static void
test_follow_busy (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) writer = small_writer (dir, "host", 1700000100);
  g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
  g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000300, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) snapshot = NULL;
  TdbgRefreshStats stats;
  gsize length;
  const guint8 *data = g_bytes_get_data (record, &length);

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES, data, length, &error));
  g_assert_true (tdbg_fixture_writer_flush (writer, &error));
  snapshot = fetch_snapshot (logdir, 0, NULL, &error);
  g_assert_no_error (error);
  /* What was fetched is not in the index until it is applied. */
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 0);
  tdbg_logdir_read_lock (logdir);
  g_assert_false (tdbg_logdir_apply (logdir, snapshot, &stats, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  tdbg_logdir_read_unlock (logdir);
  g_assert_true (tdbg_logdir_apply (logdir, snapshot, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.new_traces, ==, 1);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 1);
  test_remove_tree (dir);
}

/* A flipped byte in one record: the problem names the file and offset, and every other
 * record is still loaded. */
static void
test_damage_in_middle (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgFixtureWriter) writer = small_writer (dir, "host", 1700000100);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tdbg_fixture_writer_get_path (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES);
  g_autofree char *contents = NULL;
  gsize file_length, record_length = 0;
  TdbgProblem *problem;

  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(GBytes) record = encode_trace ("g1", "c", 1700000200 + i, 0);
      const guint8 *data = g_bytes_get_data (record, &record_length);
      g_assert_true (tdbg_fixture_writer_write_raw (writer, TDBG_FILE_GRAPH_EXECUTION_TRACES, data, record_length, &error));
    }
  g_assert_true (tdbg_fixture_writer_flush (writer, &error));
  g_assert_true (g_file_get_contents (path, &contents, &file_length, &error));
  contents[4 * record_length + 20] ^= 0x10;
  g_assert_true (g_file_set_contents (path, contents, file_length, &error));

  logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 9);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 1);
  problem = g_ptr_array_index (tdbg_logdir_get_problems (logdir), 0);
  g_assert_true (g_str_has_suffix (problem->file_name, ".graph_execution_traces"));
  g_assert_cmpuint (problem->byte_offset, ==, 4 * record_length);
  g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, 4), ==, 1700000205);
  test_remove_tree (dir);
}

static void
test_neighbourhood (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = load_demo (dir, 3, 1);
  guint32 log_op = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, tdbg_logdir_get_alert (logdir, 0)->trace_index));
  g_autoptr(TdbgNeighbourhood) hood = tdbg_neighbourhood_new (logdir, log_op, 1, 1, 50);
  g_autoptr(TdbgNeighbourhood) capped = tdbg_neighbourhood_new (logdir, log_op, 5, 5, 2);
  g_autofree char *dot = tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_WHOLE_NAMES);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, log_op);
  gboolean has_input = FALSE, has_consumer = FALSE;

  g_assert_cmpuint (g_array_index (hood->nodes, TdbgNeighbour, 0).op, ==, log_op);
  for (guint i = 1; i < hood->nodes->len; i++)
    {
      const TdbgNeighbour *n = &g_array_index (hood->nodes, TdbgNeighbour, i);
      if (n->level == -1 && n->op == op->input_ops[0])
        has_input = TRUE;
      if (n->level == 1)
        has_consumer = TRUE;
    }
  g_assert_true (has_input);
  g_assert_cmpint (has_consumer, ==, op->consumers->len > 0);
  g_assert_nonnull (strstr (dot, "\"Log\\nLog\""));
  g_assert_true (g_str_has_prefix (dot, "digraph"));
  g_assert_cmpuint (capped->nodes->len, ==, 2);
  g_assert_true (capped->truncated);
  test_remove_tree (dir);
}

/* A long op name loses its leading scopes, whole ones, down to the length asked; a short one,
 * or one with no scope left to drop, is kept. Lengths are in characters. */
static void
test_op_name_tail (void)
{
  static const struct { const char *name; guint max; const char *tail; } cases[] = {
    { "gradient_tape/sequential_1/batch_normalization_1/batchnorm/mul/Mul", 24, "…/batchnorm/mul/Mul" },
    { "gradient_tape/sequential_1/batch_normalization_1/batchnorm/mul/Mul", 41,
      "…/batch_normalization_1/batchnorm/mul/Mul" },
    { "gradients/MatMul_1_grad/MatMul", 24, "…/MatMul_1_grad/MatMul" },
    { "gradients/MatMul_1_grad/MatMul", 30, "gradients/MatMul_1_grad/MatMul" },
    { "Log", 24, "Log" },
    { "a_single_name_longer_than_the_limit", 24, "a_single_name_longer_than_the_limit" },
    { "a/a_single_name_longer_than_the_limit", 24, "…/a_single_name_longer_than_the_limit" },
    { "camada/ação/ação/ação/Conv2D", 24, "…/ação/ação/ação/Conv2D" },
    { "gradient_tape/sequential_1/batch_normalization_1/batchnorm/mul/Mul", 40, "…/batchnorm/mul/Mul" },
    { "", 24, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *tail = tdbg_op_name_tail (cases[i].name, cases[i].max);
      g_assert_cmpstr (tail, ==, cases[i].tail);
    }
}

/* Opening and closing, and refreshing, over and over: run under valgrind for leaks. */
static void
test_open_close_refresh (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  TdbgDemoOptions options = { 2, 1, "cycle-host", 1700000000 };
  g_autoptr(TdbgLogdir) kept = NULL;
  guint n = 0;

  g_assert_true (tdbg_fixture_write_demo (dir, &options, NULL));
  for (guint i = 0; i < 100; i++)
    {
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
      g_assert_true (tdbg_logdir_load (logdir, NULL, NULL));
      g_assert_true (i == 0 || tdbg_logdir_get_n_traces (logdir) == n);
      n = tdbg_logdir_get_n_traces (logdir);
    }
  kept = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (kept, NULL, NULL));
  for (guint i = 0; i < 100; i++)
    {
      TdbgRefreshStats stats;
      g_assert_true (tdbg_logdir_refresh (kept, &stats, NULL, NULL));
      g_assert_cmpuint (stats.new_traces, ==, 0);
    }
  g_assert_cmpuint (tdbg_logdir_get_n_traces (kept), ==, n);
  test_remove_tree (dir);
}

static void
test_dot_escape (void)
{
  g_autofree char *a = tdbg_dot_escape ("a\"b\\c<d>\n\x01z", 100);
  g_autofree char *b = tdbg_dot_escape ("abcdef", 3);
  g_autofree char *c = tdbg_dot_escape ("\xff\xfe", 10);
  g_assert_cmpstr (a, ==, "a\\\"b\\\\c<d>  z");
  g_assert_cmpstr (b, ==, "abc…");
  g_assert_true (g_utf8_validate (c, -1, NULL));
}

/* A first look at a big logdir: a bulk limit reads only the start of the bulk files, as if
 * they were still being written (no problem reported), and those traces are the whole
 * logdir's first ones, to the wall time and the counts. */
static void
test_bulk_limit (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) whole = load_demo (dir, 40, 20);
  g_autoptr(TdbgLogdir) first = tdbg_logdir_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  guint n;

  tdbg_logdir_set_bulk_limit (first, 16 * 1024);
  g_assert_true (tdbg_logdir_load (first, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (tdbg_logdir_get_bulk_limited (first));
  g_assert_false (tdbg_logdir_get_bulk_limited (whole));
  g_assert_cmpuint (tdbg_logdir_get_problems (first)->len, ==, 0);
  /* Where the first look stops is not a record still being written. */
  for (guint f = 0; f < tdbg_logdir_get_n_file_sets (first); f++)
    for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
      g_assert_false (tdbg_logdir_get_file_set (first, f)->files[k].partial_tail);
  n = tdbg_logdir_get_n_traces (first);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, tdbg_logdir_get_n_traces (whole));
  for (guint i = 0; i < n; i++)
    {
      TdbgTraceInfo a, b;
      g_assert_true (tdbg_logdir_get_trace_info (first, i, &a));
      g_assert_true (tdbg_logdir_get_trace_info (whole, i, &b));
      g_assert_cmpuint (a.offset, ==, b.offset);
      g_assert_cmpfloat (a.wall_time, ==, b.wall_time);
      g_assert_cmpuint (a.flags, ==, b.flags);
      g_assert_cmpuint (a.nan, ==, b.nan);
      g_assert_cmpstr (tdbg_logdir_get_op (first, a.op)->op_name, ==, tdbg_logdir_get_op (whole, b.op)->op_name);
    }
  /* The alerts counted as the records are read (the window's growing count) come to the
   * uncapped count once all is read; the first stretch's to its own. */
  g_assert_cmpuint (tdbg_logdir_get_n_inf_nan_traces (whole), >, 0);
  g_assert_cmpuint (tdbg_logdir_get_progress_alerts (whole), ==,
                    tdbg_logdir_get_n_inf_nan_traces (whole) + tdbg_logdir_get_n_inf_nan_execution_outputs (whole));
  g_assert_cmpuint (tdbg_logdir_get_progress_alerts (first), ==,
                    tdbg_logdir_get_n_inf_nan_traces (first) + tdbg_logdir_get_n_inf_nan_execution_outputs (first));
  test_remove_tree (dir);
}

/* A bulk file of less than sixteen limits is read whole: it reads in about the time a first
 * look takes to show. */
static void
test_bulk_limit_small_file (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) whole = load_demo (dir, 40, 20);
  guint64 largest = 0;

  for (guint f = 0; f < tdbg_logdir_get_n_file_sets (whole); f++)
    for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
      if (tdbg_file_kind_is_bulk (k))
        largest = MAX (largest, tdbg_logdir_get_file_set (whole, f)->files[k].size_bytes);
  g_assert_cmpuint (largest, >, 16 * 1024);
  for (guint divisor = 8; divisor <= 32; divisor *= 4)
    {
      g_autoptr(TdbgLogdir) first = tdbg_logdir_new_for_path (dir);
      g_autoptr(GError) error = NULL;

      tdbg_logdir_set_bulk_limit (first, largest / divisor);
      g_assert_true (tdbg_logdir_load (first, NULL, &error));
      g_assert_no_error (error);
      /* An eighth of the largest file: read whole; a thirty-second: cut. */
      g_assert_cmpint (tdbg_logdir_get_bulk_limited (first), ==, divisor > 16);
      if (divisor < 16)
        g_assert_cmpuint (tdbg_logdir_get_n_traces (first), ==, tdbg_logdir_get_n_traces (whole));
    }
  test_remove_tree (dir);
}

/* A fixture writer of a logdir at @dir whose one graph "g" holds one op, "log" (Log): for a
 * test that adds its traces. */
static TdbgFixtureWriter *
writer_with_log_op (const char *dir, const char *host_name, const char *run_id)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { NULL };
  const gint32 ids[] = { 1 };
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, host_name, 1700000000, 1700000000.5, run_id, "2.16.1", &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000001, "g", "__inference_f_1", NULL, &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, 1700000001, "g", "__inference_f_1", "Log", "log", inputs, ids, 1,
                                             inputs, &error));
  return w;
}

/* writer_with_log_op()'s, with a second op, "first" (Exp), in the same graph. */
static TdbgFixtureWriter *
writer_with_log_and_first_ops (const char *dir, const char *host_name, const char *run_id)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { NULL };
  const gint32 ids[] = { 2 };
  TdbgFixtureWriter *w = writer_with_log_op (dir, host_name, run_id);

  g_assert_true (tdbg_fixture_writer_add_op (w, 1700000001, "g", "__inference_f_1", "Exp", "first", inputs, ids, 1,
                                             inputs, &error));
  return w;
}

/* The logdir at @dir loaded through a source that counts its reads. */
static TdbgLogdir *
load_counted (const char *dir, GatedSource **counted)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) local = tdbg_local_source_new (dir);
  TdbgLogdir *logdir;

  *counted = gated_source_new (local, NULL);
  logdir = tdbg_logdir_new (TDBG_SOURCE (*counted));
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

/* Counts past what the digest keeps (13, unless the whole tensor) and sizes past 24 bits are
 * read back exactly from the record: a FULL_TENSOR trace of 299 NaNs in 300 elements, a
 * FULL_HEALTH summary of 5e9 elements. The
 * alerts show them, and an eager op's NaN output, exactly without reading a record again
 * (over SSH, each read of a record after the load is a round trip): the load reads each file
 * once. */
static void
test_wide_counts (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GatedSource) counted = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  float nans[300];
  const double health[] = { 0, 1, 2, 1, 5e9, 0, 0, 7, 0, 0, 5e9 - 7 };
  const double finite_health[] = { 0, 1, 2, 1, 4, 0, 0, 0, 1, 2, 1 };
  const gint64 nan_shape[] = { 300 }, health_shape[] = { 11 };
  double neg_inf, pos_inf, nan;
  guint64 size;

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_op (dir, "wide-host", "w1de");
    Tensorflow__TensorProto *tensor, *finite;

    for (guint i = 0; i < G_N_ELEMENTS (nans); i++)
      nans[i] = i == 0 ? 1.0f : NAN;
    tensor = tdbg_fixture_content_tensor (1 /* DT_FLOAT */, nan_shape, 1, nans, sizeof nans);
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002, "g", "log", 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR,
                                                  tensor, "/device:CPU:0", &error));
    tdbg_fixture_tensor_free (tensor);
    tensor = tdbg_fixture_content_tensor (2 /* DT_DOUBLE */, health_shape, 1, health, sizeof health);
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000003, "g", "log", 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                  tensor, "/device:CPU:0", &error));
    tdbg_fixture_tensor_free (tensor);
    finite = tdbg_fixture_content_tensor (2, health_shape, 1, finite_health, sizeof finite_health);
    tensor = tdbg_fixture_content_tensor (2, health_shape, 1, health, sizeof health);
    g_assert_true (tdbg_fixture_writer_add_execution (w, 1700000004, "Split", 2, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                                      (Tensorflow__TensorProto *const[]) { finite, tensor }, &error));
    tdbg_fixture_tensor_free (finite);
    tdbg_fixture_tensor_free (tensor);
  }
  logdir = load_counted (dir, &counted);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 2);
  /* metadata, graphs, graph_execution_traces, execution: the writer made no other file. */
  g_assert_cmpuint (gated_source_get_n_reads (counted), ==, 4);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, 3);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 0)->num_nan, ==, 299);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 0)->wall_time, ==, 1700000002);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 1)->size, ==, 5e9);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 1)->num_nan, ==, 7);
  g_assert_cmpuint (tdbg_logdir_get_alert (logdir, 2)->execution_index, ==, 0);
  g_assert_cmpuint (tdbg_logdir_get_alert (logdir, 2)->output_slot, ==, 1);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 2)->size, ==, 5e9);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 2)->num_nan, ==, 7);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 2)->num_neg_inf, ==, 0);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 2)->wall_time, ==, 1700000004);
  g_assert_cmpuint (gated_source_get_n_reads (counted), ==, 4);

  g_assert_true (tdbg_logdir_get_trace (logdir, 0)->flags & TDBG_DIGEST_COUNTS_SATURATED);
  g_assert_true (tdbg_logdir_get_trace_counts (logdir, 0, &neg_inf, &pos_inf, &nan));
  g_assert_cmpfloat (nan, ==, 299);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 0)->num_nan, ==, 299);
  g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, 0), ==, 1700000002);

  g_assert_true (tdbg_logdir_get_trace (logdir, 1)->flags & TDBG_DIGEST_SIZE_WIDE);
  g_assert_true (tdbg_logdir_get_trace_size (logdir, 1, &size));
  g_assert_cmpuint (size, ==, 5000000000);
  g_assert_true (tdbg_logdir_get_trace_counts (logdir, 1, &neg_inf, &pos_inf, &nan));
  g_assert_cmpfloat (nan, ==, 7);
  g_assert_cmpfloat (tdbg_logdir_get_alert (logdir, 1)->size, ==, 5e9);
  test_remove_tree (dir);
}


static guint32
latest_trace_before_by_hand (TdbgLogdir *logdir, guint32 op, guint slot, guint32 before)
{
  for (guint32 t = before; t-- > 0;)
    if (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)) == op && tdbg_logdir_get_trace (logdir, t)->output_slot == slot)
      return t;
  return TDBG_NONE;
}

/* The latest trace of an output before a row: found by walking back a few thousand rows, or
 * else from each op's list of traces, the same answer as reading every row back by hand (a
 * slot never traced is looked for in the lists). */
static void
test_latest_trace_before (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = load_demo (dir, 100, 60);
  guint n = tdbg_logdir_get_n_traces (logdir);

  g_assert_cmpuint (n, >, 2 * 4096);
  for (guint32 t = 0; t < n; t += 37)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, t);
      g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, tdbg_trace_digest_get_op (d), d->output_slot, t), ==,
                        latest_trace_before_by_hand (logdir, tdbg_trace_digest_get_op (d), d->output_slot, t));
      g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, tdbg_trace_digest_get_op (d), 99, t), ==, TDBG_NONE);
    }
  test_remove_tree (dir);
}

/* An op traced once, at the start, then 5,000 rows of another: its latest trace asked at the
 * end is further back than the walk goes, and found all the same. */
static void
test_latest_trace_far_before (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GatedSource) counted = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  const double health[] = { 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1 };
  const gint64 shape[] = { 11 };
  const guint n = 5001;
  guint32 first_op, log_op;

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_and_first_ops (dir, "far-host", "f4r");
    Tensorflow__TensorProto *tensor = tdbg_fixture_content_tensor (2 /* DT_DOUBLE */, shape, 1, health, sizeof health);

    for (guint i = 0; i < n; i++)
      g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002 + i, "g", i == 0 ? "first" : "log", 0,
                                                    TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, tensor,
                                                    "/device:CPU:0", &error));
    tdbg_fixture_tensor_free (tensor);
  }
  logdir = load_counted (dir, &counted);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, n);
  first_op = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0));
  log_op = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 1));
  g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, first_op, 0, n), ==, 0);
  g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, first_op, 0, 1), ==, 0);
  g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, first_op, 0, 0), ==, TDBG_NONE);
  g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, log_op, 0, n), ==, n - 1);
  g_assert_cmpuint (tdbg_logdir_find_latest_trace_before (logdir, log_op, 1, n), ==, TDBG_NONE);
  test_remove_tree (dir);
}

/* An op's next trace, near (found among the rows) and far (past the rows walked: from the
 * op's list), and bounded by @until, against the digests read one by one. */
static guint32
trace_of_op_by_hand (TdbgLogdir *logdir, guint32 op, guint32 from, guint32 until)
{
  for (guint32 t = from; t < MIN (until, tdbg_logdir_get_n_traces (logdir)); t++)
    if (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)) == op)
      return t;
  return TDBG_NONE;
}

static void
test_trace_of_op_far_ahead (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  const guint n = 5001;
  guint32 ops[2];

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_and_first_ops (dir, "ahead-host", "ah3ad");

    /* log, then first 4,999 times, then log again. */
    for (guint i = 0; i < n; i++)
      g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002 + i, "g", i == 0 || i == n - 1 ? "log" : "first", 0,
                                                    TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL, "/device:CPU:0",
                                                    &error));
  }
  logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, n);
  ops[0] = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0));
  ops[1] = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 1));
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op (logdir, ops[0], 1), ==, n - 1);
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op_before (logdir, ops[0], 1, n - 1), ==, TDBG_NONE);
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op_before (logdir, ops[0], 1, n), ==, n - 1);
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op (logdir, ops[1], 0), ==, 1);
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op (logdir, ops[1], n - 1), ==, TDBG_NONE);
  g_assert_cmpuint (tdbg_logdir_find_trace_of_op (logdir, ops[0], n), ==, TDBG_NONE);
  for (guint k = 0; k < 2; k++)
    for (guint32 from = 0; from <= n; from += 97)
      for (guint32 until = from; until <= n + 1; until += 1201)
        g_assert_cmpuint (tdbg_logdir_find_trace_of_op_before (logdir, ops[k], from, until), ==,
                          trace_of_op_by_hand (logdir, ops[k], from, until));
  test_remove_tree (dir);
}

/* Each op's traced output slots as its digests give them, by hand. */
static guint64
traced_slots_by_hand (TdbgLogdir *logdir, guint32 op)
{
  guint64 slots = 0;

  for (guint32 t = 0; t < tdbg_logdir_get_n_traces (logdir); t++)
    if (tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, t)) == op)
      slots |= tdbg_op_slot_bit (tdbg_logdir_get_trace (logdir, t)->output_slot);
  return slots;
}

/* Each op knows from the load which of its output slots were traced (inspect counts a graph's
 * instrumented outputs from them): the same as its digests say, for an op created and traced
 * in several pieces read on every core, an op traced but never created, and slots past 63,
 * which share the last bit. */
static void
test_traced_slots (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *demo_dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  /* About 14 MB of traces: read in pieces of 8 MB, on every core. */
  g_autoptr(TdbgLogdir) demo = load_demo (demo_dir, 600, 400);
  const struct { const char *op; gint slot; } traces[] = {
    { "log", 0 }, { "log", 2 }, { "log", 70 }, { "log", 70 }, { "log", 100 }, { "never_created", 1 }, { "never_created", 65 },
  };

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_op (dir, "slots-host", "sl0ts");
    for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
      g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002 + i, "g", traces[i].op, traces[i].slot,
                                                    TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL, "/device:CPU:0", &error));
  }
  logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmphex (tdbg_logdir_get_op (logdir, tdbg_logdir_find_op (logdir, 0, "log"))->traced_slots, ==,
                    (1u << 0) | (1u << 2) | G_GUINT64_CONSTANT (1) << 63);
  g_assert_cmphex (tdbg_logdir_get_op (logdir, tdbg_logdir_find_op (logdir, 0, "never_created"))->traced_slots, ==,
                    (1u << 1) | G_GUINT64_CONSTANT (1) << 63);

  /* inspect counts them: slots 0, 2, 70 and 100 of "log", 1 and 65 of the other. */
  {
    const char *argv[] = { g_getenv ("TDBG_CLI"), "inspect", "--json", dir, NULL };
    g_autofree char *out = NULL;
    int status;

    g_assert_nonnull (argv[0]);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                                 &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (out, "\"num_instrumented_outputs\": 6"));
  }

  g_assert_cmpuint (tdbg_logdir_get_n_traces (demo), >, 60000);
  for (guint32 op = 0; op < tdbg_logdir_get_n_ops (demo); op++)
    g_assert_cmphex (tdbg_logdir_get_op (demo, op)->traced_slots, ==, traced_slots_by_hand (demo, op));
  test_remove_tree (dir);
  test_remove_tree (demo_dir);
}

/* @logdir's trace places are its traces' (file set, device) pairs, each once. */
static void
assert_trace_places (TdbgLogdir *logdir)
{
  g_autoptr(GHashTable) scanned = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new (NULL, NULL);
  guint n;
  const TdbgTracePlace *places = tdbg_logdir_get_trace_places (logdir, &n);

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      g_hash_table_add (scanned, GUINT_TO_POINTER (tdbg_trace_digest_get_file_set (d) << 16 | d->device));
    }
  for (guint i = 0; i < n; i++)
    {
      gpointer key = GUINT_TO_POINTER ((guint) places[i].file_set << 16 | places[i].device);
      g_assert_false (g_hash_table_contains (listed, key));
      g_assert_true (g_hash_table_contains (scanned, key));
      g_hash_table_add (listed, key);
    }
  g_assert_cmpuint (n, ==, g_hash_table_size (scanned));
}

/* Where traces ran, as the load met them: every (file set, device) pair of the traces once,
 * in a logdir read in several pieces, and in one grown by a refresh (the shared logdirs of
 * several devices and hosts: test-trace-filter.c). */
static void
test_trace_places (void)
{
  g_autofree char *demo_dir = test_make_temp_dir ();
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) demo = load_demo (demo_dir, 600, 400);
  g_autoptr(TdbgLogdir) grown = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  g_assert_cmpuint (tdbg_logdir_get_n_traces (demo), >, 60000);
  assert_trace_places (demo);

  /* A device met in a refresh joins the places. */
  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_op (dir, "places-host", "pl4ces");
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002, "g", "log", 0, TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR,
                                                  NULL, "/device:CPU:0", &error));
    g_assert_true (tdbg_fixture_writer_flush (w, &error));
    grown = tdbg_logdir_new_for_path (dir);
    g_assert_true (tdbg_logdir_load (grown, NULL, &error));
    tdbg_logdir_get_trace_places (grown, &n);
    g_assert_cmpuint (n, ==, 1);
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000003, "g", "log", 0, TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR,
                                                  NULL, "/device:GPU:0", &error));
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000004, "g", "log", 0, TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR,
                                                  NULL, "/device:CPU:0", &error));
    g_assert_true (tdbg_fixture_writer_flush (w, &error));
    g_assert_no_error (error);
  }
  g_assert_true (tdbg_logdir_refresh (grown, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (grown), ==, 3);
  assert_trace_places (grown);
  tdbg_logdir_get_trace_places (grown, &n);
  g_assert_cmpuint (n, ==, 2);
  test_remove_tree (dir);
  test_remove_tree (demo_dir);
}

/* Kilobytes of the file @suffix names (the end of its path) resident in this process's
 * mappings of it. */
static guint64
mapped_kilobytes (const char *suffix)
{
  g_autofree char *smaps = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_file = FALSE;
  guint64 total = 0;

  g_assert_true (g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL));
  lines = g_strsplit (smaps, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      guint64 kb;
      if (g_ascii_isxdigit (lines[i][0]) && strchr (lines[i], '-'))
        in_file = g_str_has_suffix (lines[i], suffix);
      else if (in_file && sscanf (lines[i], "Rss: %" G_GUINT64_FORMAT " kB", &kb) == 1)
        total += kb;
    }
  return total;
}

/* A logdir that gives back the pages it read (as a command does) answers the same, its
 * traces file no longer resident in its mapping once loaded; one that keeps them holds it. */
static void
test_release_read_pages (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) kept = load_demo (dir, 600, 400);
  g_autoptr(TdbgLogdir) released = tdbg_logdir_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  g_autofree char *traces_file = g_strdup (tdbg_logdir_get_file_set (kept, 0)->files[TDBG_FILE_GRAPH_EXECUTION_TRACES].file_name);
  guint64 kept_kb = mapped_kilobytes (traces_file);

  g_assert_cmpuint (kept_kb, >, 10000);
  g_clear_object (&kept);
  tdbg_logdir_set_release_read_pages (released, TRUE);
  g_assert_true (tdbg_logdir_load (released, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("traces file resident: %" G_GUINT64_FORMAT " kB kept, %" G_GUINT64_FORMAT " kB given back",
                  kept_kb, mapped_kilobytes (traces_file));
  g_assert_cmpuint (mapped_kilobytes (traces_file), <, 1024);

  kept = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (kept, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (released), ==, tdbg_logdir_get_n_traces (kept));
  for (guint i = 0; i < tdbg_logdir_get_n_traces (kept); i += 997)
    {
      TdbgTraceInfo a, b;
      g_assert_true (tdbg_logdir_get_trace_info (kept, i, &a));
      g_assert_true (tdbg_logdir_get_trace_info (released, i, &b));
      g_assert_cmpfloat (a.wall_time, ==, b.wall_time);
      g_assert_cmpuint (a.op, ==, b.op);
    }
  test_remove_tree (dir);
}

/* A DebugEvent with a SourceFile of @path and @lines, and @extra bytes inside the SourceFile. */
static GByteArray *
source_file_event (const char *path, const char *const *lines, const GByteArray *extra)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  GByteArray *event = g_byte_array_new ();

  tdbg_wire_put_bytes (file, 1, path, strlen (path));
  tdbg_wire_put_bytes (file, 2, "src-host", 8);
  for (guint i = 0; lines[i]; i++)
    tdbg_wire_put_bytes (file, 3, lines[i], strlen (lines[i]));
  if (extra)
    g_byte_array_append (file, extra->data, extra->len);
  tdbg_wire_put_bytes (event, 4, file->data, file->len);
  return event;
}

static void
write_source_record (TdbgFixtureWriter *w, const GByteArray *payload)
{
  g_autoptr(GByteArray) record = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  tdbg_record_encode (record, payload->data, payload->len);
  g_assert_true (tdbg_fixture_writer_write_raw (w, TDBG_FILE_SOURCE_FILES, record->data, record->len, &error));
  g_assert_no_error (error);
}

/* Source files are read straight from the wire, the general unpacker taking over for anything
 * out of the ordinary: a plain file (empty lines kept); a field a later SourceFile may add
 * (skipped by both); a SourceFile given twice in one event (the unpacker's answer: the last);
 * a line of the wrong wire type (the record named as a problem, no file added). */
static void
test_source_files_from_wire (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GatedSource) counted = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  const char *lines[] = { "import tensorflow as tf", "", "y = tf.math.log(x)", NULL };
  const char *more[] = { "z = y", NULL };
  const TdbgSourceFile *sf;

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_op (dir, "src-host", "s0urce");
    g_autoptr(GByteArray) plain = source_file_event ("/p/plain.py", lines, NULL);
    g_autoptr(GByteArray) unknown = g_byte_array_new ();
    g_autoptr(GByteArray) later = NULL;
    g_autoptr(GByteArray) twice = source_file_event ("/p/first.py", lines, NULL);
    g_autoptr(GByteArray) second = source_file_event ("/p/second.py", more, NULL);
    g_autoptr(GByteArray) bad_line = g_byte_array_new ();
    g_autoptr(GByteArray) bad = NULL;
    g_autoptr(GError) error = NULL;

    write_source_record (w, plain);
    tdbg_wire_put_varint (unknown, 9 << 3 | 0);
    tdbg_wire_put_varint (unknown, 42);
    later = source_file_event ("/p/later.py", lines, unknown);
    write_source_record (w, later);
    g_byte_array_append (twice, second->data, second->len);
    write_source_record (w, twice);
    tdbg_wire_put_varint (bad_line, 3 << 3 | 0);
    tdbg_wire_put_varint (bad_line, 7);
    bad = source_file_event ("/p/bad.py", lines, bad_line);
    write_source_record (w, bad);
    g_assert_true (tdbg_fixture_writer_flush (w, &error));
  }
  logdir = load_counted (dir, &counted);
  g_assert_cmpuint (tdbg_logdir_get_n_source_files (logdir), ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      sf = tdbg_logdir_get_source_file (logdir, i);
      g_assert_cmpstr (sf->file_path, ==, i == 0 ? "/p/plain.py" : "/p/later.py");
      g_assert_cmpstr (sf->host_name, ==, "src-host");
      g_assert_cmpuint (sf->n_lines, ==, 3);
      g_assert_cmpstrv ((const char *const *) sf->lines, lines);
    }
  sf = tdbg_logdir_get_source_file (logdir, 2);
  g_assert_cmpstr (sf->file_path, ==, "/p/second.py");
  g_assert_cmpuint (sf->n_lines, ==, 1);
  g_assert_cmpstrv ((const char *const *) sf->lines, more);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 1);
  g_assert_nonnull (strstr (((TdbgProblem *) g_ptr_array_index (tdbg_logdir_get_problems (logdir), 0))->file_name,
                            ".source_files"));
  test_remove_tree (dir);
}

/* A record read again (a trace, an execution) asks its source once when the record is short,
 * header and body together (a source afar answers each read in a round trip), and twice when
 * it is longer than that first read; either way the record is whole. A logdir that keeps the
 * bytes it read does not ask at all. */
static void
test_record_reads (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GatedSource) counted = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  const guint sizes[] = { 16, 3000, 8 };
  guint n_reads;

  {
    g_autoptr(TdbgFixtureWriter) w = writer_with_log_op (dir, "reads-host", "r3ad");
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autofree float *values = g_new0 (float, sizes[i]);
        const gint64 shape[] = { sizes[i] };
        Tensorflow__TensorProto *tensor = tdbg_fixture_content_tensor (1 /* DT_FLOAT */, shape, 1, values,
                                                                       sizes[i] * sizeof (float));
        g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000002 + i, "g", "log", 0,
                                                      TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensor,
                                                      "/device:CPU:0", &error));
        tdbg_fixture_tensor_free (tensor);
      }
  }
  logdir = load_counted (dir, &counted);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, G_N_ELEMENTS (sizes));
  n_reads = gated_source_get_n_reads (counted);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, i, &error);
      guint long_record = sizes[i] * sizeof (float) > 4096;

      g_assert_no_error (error);
      g_assert_nonnull (event);
      g_assert_cmpuint (event->graph_execution_trace->tensor_proto->tensor_content.len, ==, sizes[i] * sizeof (float));
      g_assert_cmpfloat (event->wall_time, ==, 1700000002 + i);
      tensorflow__debug_event__free_unpacked (event, NULL);
      g_assert_cmpuint (gated_source_get_n_reads (counted), ==, n_reads + 1 + long_record);
      n_reads = gated_source_get_n_reads (counted);
    }

  /* A logdir that keeps what it read reads none of them again, until it stops keeping. */
  g_clear_object (&logdir);
  logdir = tdbg_logdir_new (TDBG_SOURCE (counted));
  tdbg_logdir_set_keep_read_bytes (logdir, TRUE);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  n_reads = gated_source_get_n_reads (counted);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, i, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (event->graph_execution_trace->tensor_proto->tensor_content.len, ==, sizes[i] * sizeof (float));
      tensorflow__debug_event__free_unpacked (event, NULL);
    }
  g_assert_cmpuint (gated_source_get_n_reads (counted), ==, n_reads);
  tdbg_logdir_set_keep_read_bytes (logdir, FALSE);
  tensorflow__debug_event__free_unpacked (tdbg_logdir_read_trace (logdir, 0, &error), NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (gated_source_get_n_reads (counted), ==, n_reads + 1);
  test_remove_tree (dir);
}

/* A followed run whose stack frames reach the disk before the source files they name (each
 * file is flushed on its own): once the source files come, the frames name them, and an op's
 * line is found. */
static void
test_frames_before_sources (void)
{
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 2, 1, "frames-first", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgRefreshStats stats;
  const TdbgOp *op = NULL;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  follow_copy_written (full, grow, ".source_files", 0);
  logdir = test_load_logdir (grow);
  g_assert_cmpuint (tdbg_logdir_get_n_source_files (logdir), ==, 0);
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir) && op == NULL; i++)
    if (g_strcmp0 (tdbg_logdir_get_op (logdir, i)->op_name, "Log") == 0)
      op = tdbg_logdir_get_op (logdir, i);
  g_assert_nonnull (op);
  g_assert_null (tdbg_logdir_get_op_user_frame (logdir, op)->file_path);

  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (tdbg_logdir_refresh (logdir, &stats, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_source_files (logdir), >, 0);
  {
    const TdbgStackFrame *frame = tdbg_logdir_get_op_user_frame (logdir, op);
    g_assert_nonnull (frame);
    g_assert_nonnull (frame->file_path);
    g_assert_true (g_str_has_suffix (frame->file_path, ".py"));
    g_assert_nonnull (tdbg_logdir_get_frame_line (logdir, frame));
  }
  test_remove_tree (grow);
  test_remove_tree (full);
}

/* A run opened as TensorFlow created its files, its metadata still empty: the problem said of it
 * is withdrawn and the run's id and version taken once following finds it written. */
static void
test_metadata_written_later (void)
{
  g_autofree char *full = test_make_temp_dir (), *grow = test_make_temp_dir ();
  TdbgDemoOptions demo = { 2, 1, "late-metadata", 1700000000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL, whole = NULL;
  TdbgRefreshStats stats;

  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));
  follow_copy_written (full, grow, ".metadata", 0);
  logdir = test_load_logdir (grow);
  whole = test_load_logdir (full);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 1);
  g_assert_null (tdbg_logdir_get_run_id (logdir));
  g_assert_true (tdbg_logdir_refresh (logdir, &stats, NULL, &error));
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 1);  /* still empty: still said */
  follow_copy_written (full, grow, NULL, 1);
  g_assert_true (tdbg_logdir_refresh (logdir, &stats, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
  g_assert_nonnull (tdbg_logdir_get_run_id (logdir));
  g_assert_cmpstr (tdbg_logdir_get_run_id (logdir), ==, tdbg_logdir_get_run_id (whole));
  g_assert_cmpstr (tdbg_logdir_get_tensorflow_version (logdir), ==, tdbg_logdir_get_tensorflow_version (whole));
  test_remove_tree (grow);
  test_remove_tree (full);
}

/* A logdir of @tensorflow_version with an op and not one stack frame. */
static TdbgLogdir *
frameless_logdir (const char *dir, const char *tensorflow_version)
{
  static const char *const none[] = { NULL };
  const gint32 outputs[] = { 1 };
  g_autoptr(GError) error = NULL;
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "host", 1700000000, 1.0, NULL, tensorflow_version, &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1.0, "g1", "f", NULL, &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, 1.0, "g1", "f", "Log", "f/Log", none, outputs, 1, none, &error));
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  tdbg_fixture_writer_free (w);
  return test_load_logdir (dir);
}

/* No frames says "a tfdbg V1 dump" only for a V1 dump's logdir (its metadata names no
 * TensorFlow version); a tfdbg2 logdir that lost its frames is not called one. */
static void
test_no_traceback_only_v1 (void)
{
  g_autofree char *v2 = test_make_temp_dir (), *v1 = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) written_by_tf = frameless_logdir (v2, "2.21.0");
  g_autoptr(TdbgLogdir) as_v1_makes_it = frameless_logdir (v1, "");

  g_assert_cmpuint (tdbg_logdir_get_n_ops (written_by_tf), ==, 1);
  g_assert_false (tdbg_logdir_holds_no_traceback (written_by_tf));
  g_assert_true (tdbg_logdir_holds_no_traceback (as_v1_makes_it));
  test_remove_tree (v2);
  test_remove_tree (v1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/logdir/demo-alert-chain", test_demo_alert_chain);
  g_test_add_func ("/logdir/traced-slots", test_traced_slots);
  g_test_add_func ("/logdir/trace-places", test_trace_places);
  g_test_add_func ("/logdir/release-read-pages", test_release_read_pages);
  g_test_add_func ("/logdir/demo-scales", test_demo_scales);
  g_test_add_func ("/logdir/refresh-half-records", test_refresh_half_records);
  g_test_add_func ("/logdir/refresh-new-file-set", test_refresh_new_file_set);
  g_test_add_func ("/logdir/follow-half-records", test_follow_half_records);
  g_test_add_func ("/logdir/follow-new-file-set", test_follow_new_file_set);
  g_test_add_func ("/logdir/follow-busy", test_follow_busy);
  g_test_add_func ("/logdir/refresh-rewritten", test_refresh_rewritten);
  g_test_add_func ("/logdir/follow-rewritten", test_follow_rewritten);
  g_test_add_func ("/logdir/damage-in-middle", test_damage_in_middle);
  g_test_add_func ("/logdir/neighbourhood", test_neighbourhood);
  g_test_add_func ("/logdir/op-name-tail", test_op_name_tail);
  g_test_add_func ("/logdir/open-close-refresh", test_open_close_refresh);
  g_test_add_func ("/logdir/dot-escape", test_dot_escape);
  g_test_add_func ("/logdir/bulk-limit", test_bulk_limit);
  g_test_add_func ("/logdir/bulk-limit-small-file", test_bulk_limit_small_file);
  g_test_add_func ("/logdir/wide-counts", test_wide_counts);
  g_test_add_func ("/logdir/record-reads", test_record_reads);
  g_test_add_func ("/logdir/latest-trace-before", test_latest_trace_before);
  g_test_add_func ("/logdir/latest-trace-far-before", test_latest_trace_far_before);
  g_test_add_func ("/logdir/trace-of-op-far-ahead", test_trace_of_op_far_ahead);
  g_test_add_func ("/logdir/source-files-from-wire", test_source_files_from_wire);
  g_test_add_func ("/logdir/frames-before-sources", test_frames_before_sources);
  g_test_add_func ("/logdir/no-traceback-only-v1", test_no_traceback_only_v1);
  g_test_add_func ("/logdir/metadata-written-later", test_metadata_written_later);
  return g_test_run ();
}
