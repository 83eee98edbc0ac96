/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tfdbg V1 dump roots (data/v1/): the names and the Event of a dump, the dump root written by
 * TensorFlow 2.21 (tests/data/v1/two-devices) read as a logdir, a single run's folder, and the
 * same dump damaged in the ways a dump is: a run without its core metadata, an Event cut short,
 * a file still empty, a partition graph missing or not a GraphDef, a summary debug op, a file
 * name that is not a dump's. Each problem is named by file (and offset). */
#include <string.h>
#include <glib/gstdio.h>

#include "tdbg-diagnosis.h"
#include "tdbg-location.h"
#include "tdbg-logdir.h"
#include "tdbg-more-alerts.h"
#include "tdbg-root-cause.h"
#include "tdbg-v1-dump.h"
#include "tdbg-v1-source.h"
#include "test-util.h"
#include "graph.pb-c.h"
#include "tensor.pb-c.h"

/* What TensorFlow wrote (tests/data/v1/two-devices.facts.json, from DebugDumpDir). */
#define N_DUMPS 33
#define N_RUNS 4
#define N_BAD 3
#define NAN_RUN "run_1795817552907547_2"
#define NAN_FILE NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/layer/sqrt/unary_ops_composition_0_DebugIdentity_1795817552955070"
#define CPU1_GRAPH NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/_tfdbg_graph_hash4649807277822467315_1795817552948514"

static const char *
real_root (void)
{
  return g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
}

static GPtrArray *
real_files (void)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *files = tdbg_v1_dump_read_files (real_root (), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (files->len, >, N_DUMPS);
  return files;
}

static TdbgV1File *
find_file (GPtrArray *files, const char *path)
{
  for (guint i = 0; i < files->len; i++)
    if (g_str_equal (((TdbgV1File *) g_ptr_array_index (files, i))->path, path))
      return g_ptr_array_index (files, i);
  g_error ("no file %s in the dump", path);
  return NULL;
}

static void
set_bytes (TdbgV1File *file, GBytes *bytes)
{
  g_bytes_unref (file->bytes);
  file->bytes = g_bytes_ref (bytes);
}

static TdbgLogdir *
load_files (GPtrArray *files)
{
  g_autoptr(TdbgSource) source = tdbg_v1_source_new_from_files (files, "v1-test");
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir = tdbg_logdir_new (source);

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

/* The problem naming @file (at @offset, unless G_MAXUINT64) whose message holds @words. */
static const TdbgProblem *
find_problem (TdbgLogdir *logdir, const char *file, guint64 offset, const char *words)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
  for (guint i = 0; i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      if (g_str_equal (p->file_name, file) && (offset == G_MAXUINT64 || p->byte_offset == offset) &&
          strstr (p->message, words))
        return p;
    }
  for (guint i = 0; i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      g_test_message ("problem: %s @%" G_GUINT64_FORMAT ": %s", p->file_name, p->byte_offset, p->message);
    }
  return NULL;
}

static const char *
trace_op_name (TdbgLogdir *logdir, guint index)
{
  return tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, index)))->op_name;
}

static void
test_names (void)
{
  g_autofree char *node = NULL, *op = NULL, *device = NULL;
  g_autoptr(GHashTable) json = NULL;
  guint slot, collision;
  guint64 ts;

  g_assert_true (tdbg_v1_parse_dump_name ("layer_2_1_DebugIdentity_1795", &node, &slot, &op, &ts, &collision));
  g_assert_cmpstr (node, ==, "layer_2");
  g_assert_cmpuint (slot, ==, 1);
  g_assert_cmpstr (op, ==, "DebugIdentity");
  g_assert_cmpuint (ts, ==, 1795);
  g_assert_cmpuint (collision, ==, 0);
  g_clear_pointer (&node, g_free);
  g_clear_pointer (&op, g_free);
  /* A second file of the same microsecond: TensorFlow adds "-1" to the time. */
  g_assert_true (tdbg_v1_parse_dump_name ("x_0_DebugIdentity_1795-1", &node, &slot, &op, &ts, &collision));
  g_assert_cmpstr (node, ==, "x");
  g_assert_cmpuint (ts, ==, 1795);
  g_assert_cmpuint (collision, ==, 1);
  g_clear_pointer (&node, g_free);
  g_clear_pointer (&op, g_free);
  g_assert_false (tdbg_v1_parse_dump_name ("x_0_DebugIdentity_1795-", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_0_DebugIdentity_-1", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_0_DebugIdentity_1795-1-2", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_0_DebugIdentity_", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_0_DebugIdentity", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_a_DebugIdentity_12", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_0__12", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("_0_DebugIdentity_12", &node, &slot, &op, &ts, &collision));
  g_assert_false (tdbg_v1_parse_dump_name ("x_99999_DebugIdentity_12", &node, &slot, &op, &ts, &collision));

  device = tdbg_v1_device_from_folder ("_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_0");
  g_assert_cmpstr (device, ==, "/job:localhost/replica:0/task:0/device:CPU:0");
  g_clear_pointer (&device, g_free);
  device = tdbg_v1_device_from_folder ("_tfdbg_device_,job_my_worker,replica_0,task_1,device_GPU_1");
  g_assert_cmpstr (device, ==, "/job:my_worker/replica:0/task:1/device:GPU:1");
  g_assert_null (tdbg_v1_device_from_folder ("_tfdbg_device_"));
  g_assert_null (tdbg_v1_device_from_folder ("device_CPU_0"));

  {
    const char *text = "{\"global_step\":-1, \"a\\\"b\": \"x\\u00e9\", \"names\":[\"x:0\",\"y:1\"],"
                       " \"f\": 1.5, \"t\": true, \"n\": [1, 2], \"e\": []}";
    json = tdbg_v1_json_parse (text, strlen (text));
  }
  g_assert_nonnull (json);
  {
    gint64 v;
    const char *const *names = tdbg_v1_json_get_strv (json, "names");
    g_assert_true (tdbg_v1_json_get_int (json, "global_step", &v));
    g_assert_cmpint (v, ==, -1);
    g_assert_cmpstr (tdbg_v1_json_get_string (json, "a\"b"), ==, "x\xc3\xa9");
    g_assert_cmpuint (g_strv_length ((GStrv) names), ==, 2);
    g_assert_cmpstr (names[1], ==, "y:1");
    g_assert_false (tdbg_v1_json_get_int (json, "f", &v));
    g_assert_null (tdbg_v1_json_get_strv (json, "n"));
    g_assert_cmpuint (g_strv_length ((GStrv) tdbg_v1_json_get_strv (json, "e")), ==, 0);
    g_assert_null (tdbg_v1_json_get_string (json, "global_step"));
  }
  g_assert_null (tdbg_v1_json_parse ("{\"a\":1", 6));
  g_assert_null (tdbg_v1_json_parse ("{\"a\":[[\"x\"]]}", 13));
  g_assert_null (tdbg_v1_json_parse ("[1]", 3));
  g_assert_null (tdbg_v1_json_parse ("{\"a\":\"\\u12\"}", 12));
}

static void
test_event (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  TdbgV1File *file = find_file (files, NAN_FILE);
  gsize size, bad = 0;
  const guint8 *data = g_bytes_get_data (file->bytes, &size);
  TdbgV1Event event;
  Tensorflow__TensorProto *tensor;

  g_assert_true (tdbg_v1_event_parse (data, size, &event, &bad));
  g_assert_cmpint (event.kind, ==, TDBG_V1_EVENT_TENSOR);
  /* TF 2.x stamps a dump's Event in microseconds, not seconds. */
  g_assert_cmpfloat (event.wall_time, ==, 1795817552955070.0);
  g_assert_cmpmem (event.node_name.data, event.node_name.length, "layer/sqrt/unary_ops_composition:0:DebugIdentity", 48);
  g_assert_nonnull (strstr ((const char *) event.plugin_content.data, "\"numChunks\":1"));
  tensor = tensorflow__tensor_proto__unpack (NULL, event.tensor.length, event.tensor.data);
  g_assert_nonnull (tensor);
  g_assert_cmpint (tensor->dtype, ==, 1);
  g_assert_cmpuint (tensor->tensor_content.len, ==, 16);
  tensorflow__tensor_proto__free_unpacked (tensor, NULL);

  /* Every cut inside the tensor fails, at an offset inside what is there. */
  {
    gsize tensor_end = (gsize) (event.tensor.data - data) + event.tensor.length;
    guint failed = 0;
    g_assert_cmpuint (tensor_end, <=, size);
    for (gsize cut = 1; cut < tensor_end; cut++)
      {
        TdbgV1Event part;
        bad = G_MAXSIZE;
        if (!tdbg_v1_event_parse (data, cut, &part, &bad))
          {
            g_assert_cmpuint (bad, <=, cut);
            failed++;
          }
        else
          g_assert_cmpint (part.kind, !=, TDBG_V1_EVENT_TENSOR);
      }
    /* Only a cut right after the wall time leaves a whole (empty) Event. */
    g_assert_cmpuint (failed, ==, tensor_end - 2);
  }
}

static void
test_real (void)
{
  g_autoptr(TdbgLogdir) logdir = load_files (real_files ());
  const TdbgAlert *alert;

  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, N_RUNS);
  g_assert_cmpuint (tdbg_logdir_get_n_devices (logdir), ==, 2);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD);
  alert = tdbg_logdir_get_alert (logdir, 0);
  g_assert_cmpstr (trace_op_name (logdir, alert->trace_index), ==, "layer/sqrt/unary_ops_composition");
  g_assert_cmpfloat (alert->num_nan, ==, 1);
  g_assert_cmpfloat (alert->size, ==, 4);
  /* Time order: the first dump of the first run is the initializer's Const. */
  g_assert_cmpstr (trace_op_name (logdir, 0), ==, "Const");
  g_assert_cmpstr (tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, 0)->op_type), ==,
                   "Session.run(targets: w/Assign)");
  g_assert_cmpstr (tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, 2)->op_type), ==,
                   "Session.run(count:0, loss:0; feeds: x:0)");
  /* The debugger's own nodes are gone from the graphs; the copies' inputs lead to the ops. */
  {
    guint32 op = test_find_op (logdir, "layer/scaled");
    const TdbgOp *scaled;
    g_assert_cmpuint (op, !=, TDBG_NONE);
    scaled = tdbg_logdir_get_op (logdir, op);
    g_assert_cmpstr (scaled->op_type, ==, "Mul");
    g_assert_cmpstr (scaled->input_names[0], ==, "scale:0");
    g_assert_cmpstr (scaled->input_names[1], ==, "_arg_x_0_0:0");
    g_assert_null (scaled->input_names[2]);
    g_assert_cmpuint (test_find_op (logdir, "__copy_scale_0"), ==, TDBG_NONE);
    g_assert_cmpuint (test_find_op (logdir, "__dbg_scale:0_0_DebugIdentity"), ==, TDBG_NONE);
  }
  /* An intact dump has no problem: that it holds no traceback is a notice, not damage. */
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
  g_assert_true (tdbg_logdir_holds_no_traceback (logdir));
  {
    g_autoptr(GPtrArray) notices = tdbg_logdir_list_notices (logdir);
    g_assert_cmpuint (notices->len, ==, 1);
    g_assert_nonnull (strstr (g_ptr_array_index (notices, 0), "no Python traceback"));
  }
}

/* Two dumps of one microsecond: TensorFlow names the second "…_<µs>-1"; both are read, in that
 * order. */
static void
test_same_microsecond (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  TdbgV1File *file = find_file (files, NAN_FILE);
  g_autoptr(TdbgLogdir) logdir = NULL;
  guint first;

  g_ptr_array_add (files, tdbg_v1_file_new (NAN_FILE "-1", file->bytes));
  logdir = load_files (g_steal_pointer (&files));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS + 1);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD + 1);
  first = tdbg_logdir_get_alert (logdir, 0)->trace_index;
  g_assert_cmpuint (tdbg_logdir_get_alert (logdir, 1)->trace_index, ==, first + 1);
  g_assert_cmpstr (trace_op_name (logdir, first + 1), ==, "layer/sqrt/unary_ops_composition");
  g_assert_cmpfloat (tdbg_logdir_get_trace_wall_time (logdir, first + 1), ==, tdbg_logdir_get_trace_wall_time (logdir, first));
}

/* A file TensorFlow does not write, beside the runs (a stamp a tool left at the dump root):
 * no run is made of it, so no run "without core metadata" is reported. */
static void
test_foreign_file_at_root (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  g_autoptr(GBytes) stamp = g_bytes_new_static ("2.21.0\n", 7);
  g_autoptr(TdbgLogdir) logdir = NULL;

  g_ptr_array_add (files, tdbg_v1_file_new (".done", stamp));
  logdir = load_files (g_steal_pointer (&files));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 4);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
}

/* One run's folder opened by itself. */
static void
test_single_run (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  g_autoptr(GPtrArray) run = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_v1_file_free);
  g_autoptr(TdbgLogdir) logdir = NULL;

  for (guint i = 0; i < files->len; i++)
    {
      TdbgV1File *f = g_ptr_array_index (files, i);
      if (g_str_has_prefix (f->path, NAN_RUN "/"))
        g_ptr_array_add (run, tdbg_v1_file_new (f->path + strlen (NAN_RUN "/"), f->bytes));
    }
  logdir = load_files (g_steal_pointer (&run));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 15);
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, 1);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD);
  g_assert_cmpuint (tdbg_logdir_get_problems (logdir)->len, ==, 0);
}

static void
test_no_core_metadata (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  g_autoptr(TdbgLogdir) logdir = NULL;

  for (guint i = 0; i < files->len; i++)
    if (strstr (((TdbgV1File *) g_ptr_array_index (files, i))->path, NAN_RUN "/_tfdbg_core_metadata_"))
      g_ptr_array_remove_index (files, i--);
  logdir = load_files (g_steal_pointer (&files));
  g_assert_nonnull (find_problem (logdir, NAN_RUN, 0, "no core metadata"));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD);
  g_assert_cmpstr (tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, 2)->op_type), ==, "Session.run");
}

static void
test_truncated_event (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  TdbgV1File *file = find_file (files, NAN_FILE);
  g_autoptr(GBytes) cut = g_bytes_new_from_bytes (file->bytes, 0, g_bytes_get_size (file->bytes) * 6 / 10);
  g_autoptr(TdbgLogdir) logdir = NULL;
  const TdbgProblem *problem;

  set_bytes (file, cut);
  logdir = load_files (g_steal_pointer (&files));
  problem = find_problem (logdir, NAN_FILE, G_MAXUINT64, "cut short");
  g_assert_nonnull (problem);
  g_assert_cmpuint (problem->byte_offset, <=, g_bytes_get_size (cut));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS - 1);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD - 1);
  g_assert_cmpstr (trace_op_name (logdir, tdbg_logdir_get_alert (logdir, 0)->trace_index), ==, "loss");
}

/* A dump folder still being written: the newest file empty, the run's partition graph absent. */
static void
test_being_written (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);
  g_autoptr(TdbgLogdir) logdir = NULL;

  set_bytes (find_file (files, NAN_FILE), empty);
  for (guint i = 0; i < files->len; i++)
    if (g_str_equal (((TdbgV1File *) g_ptr_array_index (files, i))->path, CPU1_GRAPH))
      g_ptr_array_remove_index (files, i--);
  logdir = load_files (g_steal_pointer (&files));
  g_assert_nonnull (find_problem (logdir, NAN_FILE, 0, "empty"));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS - 1);
  /* The run's CPU:1 dumps are there, of ops no graph created. */
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD - 1);
  {
    const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, tdbg_logdir_get_alert (logdir, 0)->trace_index);
    g_assert_cmpstr (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name, ==, "loss");
    g_assert_null (tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_type);
  }
}

/* Builds one Event: @field 4 (graph_def) or a summary value, from raw bytes. */
static GBytes *
make_event (guint field, const guint8 *payload, gsize length)
{
  GByteArray *out = g_byte_array_new ();
  guint8 key = (guint8) (field << 3 | 2);
  guint8 len = (guint8) length;
  g_assert_cmpuint (length, <, 128);
  g_byte_array_append (out, &key, 1);
  g_byte_array_append (out, &len, 1);
  g_byte_array_append (out, payload, length);
  return g_byte_array_free_to_bytes (out);
}

static void
test_bad_graph_and_names (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  static const guint8 junk[] = { 0x0a, 0x05, 0x0a, 0x09, 0xff, 0xff, 0xff };
  g_autoptr(GBytes) graph = make_event (4, junk, sizeof junk);
  g_autoptr(GBytes) copy = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgV1File *nan_file = find_file (files, NAN_FILE);

  set_bytes (find_file (files, CPU1_GRAPH), graph);
  copy = g_bytes_ref (nan_file->bytes);
  /* A summary debug op's dump and a file that is not a dump at all. */
  g_ptr_array_add (files, tdbg_v1_file_new (NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/"
                                            "loss_0_DebugNanCount_1795817552955200", copy));
  g_ptr_array_add (files, tdbg_v1_file_new (NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/"
                                            "notes.txt", copy));
  /* A DebugNumericSummary dump holding a float value, not its vector of doubles. */
  g_ptr_array_add (files, tdbg_v1_file_new (NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/"
                                            "loss_0_DebugNumericSummary_1795817552955201", copy));
  logdir = load_files (g_steal_pointer (&files));
  g_assert_nonnull (find_problem (logdir, CPU1_GRAPH, G_MAXUINT64, "not a GraphDef"));
  g_assert_nonnull (find_problem (logdir, NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/"
                                  "loss_0_DebugNanCount_1795817552955200", 0, "DebugNanCount"));
  g_assert_nonnull (find_problem (logdir, NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/notes.txt",
                                  0, "not a dump file name"));
  g_assert_nonnull (find_problem (logdir, NAN_RUN "/_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1/"
                                  "loss_0_DebugNumericSummary_1795817552955201", G_MAXUINT64, "vector of doubles"));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD);
}

/* @graph_def in an Event of its own (field 4). */
static GBytes *
graph_event (const guint8 *graph_def, gsize length)
{
  GByteArray *out = g_byte_array_new ();
  guint8 head[12];
  guint n = 0;

  head[n++] = 4 << 3 | 2;
  for (guint64 v = length; ; v >>= 7)
    {
      head[n++] = (v & 0x7f) | (v > 0x7f ? 0x80 : 0);
      if (v <= 0x7f)
        break;
    }
  g_byte_array_append (out, head, n);
  g_byte_array_append (out, graph_def, length);
  return g_byte_array_free_to_bytes (out);
}

/* A partition graph naming a node twice (as a damaged GraphDef may): the first is kept, the
 * graph file named; nothing is wrong with the logdir made of it. */
static void
test_duplicate_nodes (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  TdbgV1File *file = find_file (files, CPU1_GRAPH);
  gsize size;
  const guint8 *data = g_bytes_get_data (file->bytes, &size);
  TdbgV1Event event;
  g_autoptr(GByteArray) graph = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  GPtrArray *problems;

  g_assert_true (tdbg_v1_event_parse (data, size, &event, NULL));
  /* The GraphDef twice over: every node named twice. */
  g_byte_array_append (graph, event.graph_def.data, event.graph_def.length);
  g_byte_array_append (graph, event.graph_def.data, event.graph_def.length);
  bytes = graph_event (graph->data, graph->len);
  set_bytes (file, bytes);
  logdir = load_files (g_steal_pointer (&files));
  g_assert_nonnull (find_problem (logdir, CPU1_GRAPH, G_MAXUINT64, "name of an earlier node"));
  problems = tdbg_logdir_get_problems (logdir);
  for (guint i = 0; i < problems->len; i++)
    g_assert_false (g_str_has_prefix (((TdbgProblem *) g_ptr_array_index (problems, i))->file_name, "tfdbg_events."));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), ==, N_BAD);
}

/* The same partition graph in two runs is one graph, though TensorFlow writes a node's
 * attributes in another order each time: run 1 again, as a fifth run, with every node's
 * attributes reversed. */
static void
test_same_partition (void)
{
  g_autoptr(GPtrArray) files = real_files ();
  const char *run1 = "run_1795817552826972_1/";
  guint n_files = files->len;
  g_autoptr(TdbgLogdir) logdir = NULL;

  for (guint i = 0; i < n_files; i++)
    {
      TdbgV1File *f = g_ptr_array_index (files, i);
      g_autofree char *path = NULL;
      g_autoptr(GBytes) bytes = g_bytes_ref (f->bytes);
      if (!g_str_has_prefix (f->path, run1))
        continue;
      path = g_strconcat ("run_1795817552999999_4/", f->path + strlen (run1), NULL);
      if (strstr (f->path, "/_tfdbg_graph_"))
        {
          TdbgV1Event event;
          Tensorflow__GraphDef *graph;
          gsize size, length;
          const guint8 *data = g_bytes_get_data (f->bytes, &size);
          g_autofree guint8 *packed = NULL;

          g_assert_true (tdbg_v1_event_parse (data, size, &event, NULL));
          graph = tensorflow__graph_def__unpack (NULL, event.graph_def.length, event.graph_def.data);
          g_assert_nonnull (graph);
          for (gsize k = 0; k < graph->n_node; k++)
            for (gsize a = 0, b = graph->node[k]->n_attr; a + 1 < b; a++, b--)
              {
                Tensorflow__NodeDef__AttrEntry *t = graph->node[k]->attr[a];
                graph->node[k]->attr[a] = graph->node[k]->attr[b - 1];
                graph->node[k]->attr[b - 1] = t;
              }
          length = tensorflow__graph_def__get_packed_size (graph);
          packed = g_malloc (length);
          tensorflow__graph_def__pack (graph, packed);
          /* Not the bytes TensorFlow wrote, the same graph. */
          g_assert_true (length != event.graph_def.length || memcmp (packed, event.graph_def.data, length) != 0);
          tensorflow__graph_def__free_unpacked (graph, NULL);
          g_clear_pointer (&bytes, g_bytes_unref);
          bytes = graph_event (packed, length);
        }
      g_ptr_array_add (files, tdbg_v1_file_new (path, bytes));
    }
  logdir = load_files (g_steal_pointer (&files));
  g_assert_cmpuint (tdbg_logdir_get_n_executions (logdir), ==, N_RUNS + 1);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, N_DUMPS + 13);
  /* Run 0 and 3 on CPU:0, runs 1 and 2 on both devices: the fifth run adds none. */
  g_assert_cmpuint (tdbg_logdir_get_n_graphs (logdir), ==, 6);
}

static void
write_file (const char *dir, const char *name, const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_assert_true (g_file_set_contents (path, contents, -1, &error));
}

/* The fused _UnaryOpsComposition (op_names [Log, Sqrt]) made NaN from an input holding a zero:
 * the catalogue's row of its first op, read through the GraphDef's op_names, says a log of
 * zero, and that input is the culprit. */
static void
test_unary_composition_cause (void)
{
  g_autoptr(TdbgLogdir) logdir = load_files (real_files ());
  g_autoptr(TdbgRootCause) rc = tdbg_root_cause_find (logdir);
  const TdbgCauseInput *input;

  g_assert_cmpstr (rc->origin_op_type, ==, "_UnaryOpsComposition");
  g_assert_cmpint (rc->cause, ==, TDBG_CAUSE_LOG_OF_ZERO);
  g_assert_cmpstr (rc->composition, ==, "Log, Sqrt");
  g_assert_cmpstr (rc->family, ==, "log");
  g_assert_false (rc->inferred);
  g_assert_cmpuint (rc->inputs->len, ==, 1);
  input = &g_array_index (rc->inputs, TdbgCauseInput, 0);
  g_assert_false (input->bad);
  g_assert_true (input->culprit);
  g_assert_cmpint (rc->evidence_kind, ==, TDBG_EVIDENCE_ZEROS);
  g_assert_cmpfloat (rc->evidence_count, >, 0);
  g_assert_null (strstr (rc->hint, "learning rate"));
}

/* A tf.function traced into five graphs (five input shapes) and run by a session
 * (tests/data/v1/retraced-function, from make-retrace-dumps.py): the dump has one partition
 * graph, which holds each trace's ops inlined under its call's name, and neither the
 * function's name nor a traceback. No Retracing alert can be found, and the notice says why. */
static void
test_retraced_function (void)
{
  const char *root = g_test_get_filename (G_TEST_DIST, "data", "v1", "retraced-function", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLogdir) logdir = load_files (tdbg_v1_dump_read_files (root, NULL, &error));
  g_autoptr(GArray) retracing = g_array_new (FALSE, FALSE, sizeof (TdbgAlert));
  g_autoptr(GPtrArray) notices = tdbg_logdir_list_notices (logdir);
  const char *calls[] = { "PartitionedCall", "PartitionedCall_1", "PartitionedCall_2", "PartitionedCall_3",
                          "PartitionedCall_4" };

  g_assert_no_error (error);
  g_assert_cmpuint (tdbg_logdir_get_n_graphs (logdir), ==, 1);
  g_assert_cmpstr (tdbg_logdir_get_graph (logdir, 0)->graph_name, ==, "CPU:0");
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/truediv", calls[i]);
      guint32 op = test_find_op (logdir, name);
      g_assert_cmpuint (op, !=, TDBG_NONE);
      g_assert_cmpstr (tdbg_logdir_get_op (logdir, op)->op_type, ==, "RealDiv");
      g_assert_null (tdbg_logdir_get_op (logdir, op)->stack_frame_ids[0]);
    }
  g_assert_cmpuint (test_find_op (logdir, "normalize"), ==, TDBG_NONE);
  tdbg_more_alerts_find_retracing (logdir, &(TdbgAlertOptions) { 0 }, retracing);
  g_assert_cmpuint (retracing->len, ==, 0);
  g_assert_cmpuint (notices->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (notices, 0), "retraced functions cannot be found"));
}

static void
test_detect (void)
{
  g_autofree char *root = test_make_temp_dir ();
  g_autofree char *run = g_build_filename (root, "run_1_0", NULL);
  g_autofree char *device = g_build_filename (run, "_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_0", NULL);
  g_autoptr(TdbgLocation) location = NULL;
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (tdbg_v1_dump_is_root (root));
  g_assert_cmpint (g_mkdir_with_parents (run, 0755), ==, 0);
  g_assert_false (tdbg_v1_dump_is_root (root));
  g_assert_cmpint (g_mkdir_with_parents (device, 0755), ==, 0);
  g_assert_true (tdbg_v1_dump_is_root (root));
  g_assert_true (tdbg_v1_dump_is_root (run));
  /* A tfdbg2 file set beside it wins. */
  write_file (root, "tfdbg_events.1700000000.host.metadata", "");
  g_assert_false (tdbg_v1_dump_is_root (root));
  g_assert_true (tdbg_v1_dump_is_root (real_root ()));
  g_assert_false (tdbg_v1_dump_is_root ("/nonexistent/v1"));

  location = tdbg_location_parse (real_root (), &error);
  source = tdbg_location_open (location, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (TDBG_IS_V1_SOURCE (source));
  g_clear_object (&source);
  g_clear_pointer (&location, tdbg_location_free);
  location = tdbg_location_parse (root, &error);
  source = tdbg_location_open (location, NULL, NULL, &error);
  g_assert_false (TDBG_IS_V1_SOURCE (source));
  test_remove_tree (root);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tdbg_v1_init ();
  g_test_add_func ("/v1/names", test_names);
  g_test_add_func ("/v1/event", test_event);
  g_test_add_func ("/v1/real", test_real);
  g_test_add_func ("/v1/retraced-function", test_retraced_function);
  g_test_add_func ("/v1/foreign-file-at-root", test_foreign_file_at_root);
  g_test_add_func ("/v1/single-run", test_single_run);
  g_test_add_func ("/v1/same-microsecond", test_same_microsecond);
  g_test_add_func ("/v1/damage/no-core-metadata", test_no_core_metadata);
  g_test_add_func ("/v1/damage/truncated-event", test_truncated_event);
  g_test_add_func ("/v1/damage/being-written", test_being_written);
  g_test_add_func ("/v1/damage/graph-and-names", test_bad_graph_and_names);
  g_test_add_func ("/v1/damage/duplicate-nodes", test_duplicate_nodes);
  g_test_add_func ("/v1/same-partition", test_same_partition);
  g_test_add_func ("/v1/detect", test_detect);
  g_test_add_func ("/v1/unary-composition-cause", test_unary_composition_cause);
  return g_test_run ();
}
