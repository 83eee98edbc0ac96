/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fixture writer and the demo logdir, read back with nothing but the record scanner and
 * protobuf-c: file names, framing, and the facts the demo promises (where the first -inf is,
 * how the record counts grow with the steps). */

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-error.h"
#include "tdbg-records.h"

/* What one step of the demo adds: 103 graph execution traces (map 6 + model 13 + cross_entropy 6
 * + its backward 11 + the model's backward 15 + clip_by_global_norm 21 + sgd_update 12, then the
 * test batch: map 6 + model 13) and 16 executions; 15 executions set up the datasets first. */
#define TRACES_PER_STEP 103
#define EXECUTIONS_PER_STEP 16
#define SETUP_EXECUTIONS 15
/* Where Log:0 falls in a step: after map (6), model (13), logits and labels. */
#define LOG_TRACE_IN_STEP 21

static const char *const suffixes[TDBG_N_FILE_KINDS] = {
  "metadata", "source_files", "stack_frames", "graphs", "execution", "graph_execution_traces",
};

typedef struct {
  GPtrArray *events[TDBG_N_FILE_KINDS];  /* Tensorflow__DebugEvent*, in file order */
} Logdir;

static void
event_free (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

static void
logdir_clear (Logdir *logdir)
{
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    g_clear_pointer (&logdir->events[k], g_ptr_array_unref);
}

static gboolean
unpack_record (const TdbgRecord *record, gpointer user_data)
{
  Tensorflow__DebugEvent *event = tensorflow__debug_event__unpack (NULL, record->length, record->data);
  g_assert_nonnull (event);
  g_ptr_array_add (user_data, event);
  return TRUE;
}

/* Reads the one file set in @dir: exactly six files named @prefix.<suffix>, every byte part of
 * an intact record. */
static void
read_logdir (const char *dir, const char *prefix, Logdir *logdir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n_files = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, TDBG_N_FILE_KINDS);
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    {
      g_autofree char *name = g_strconcat (prefix, ".", suffixes[k], NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
      g_autoptr(GError) error = NULL;
      TdbgScanResult result = { 0 };
      gsize length;

      g_assert_cmpstr (tdbg_file_kind_suffix (k), ==, suffixes[k]);
      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      g_assert_no_error (error);
      logdir->events[k] = g_ptr_array_new_with_free_func (event_free);
      tdbg_record_scan ((const guint8 *) contents, length, 0, name, problems, unpack_record, logdir->events[k], &result);
      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_false (result.partial_tail);
      g_assert_cmpuint (result.resume_offset, ==, length);
      g_assert_cmpuint (result.n_records, ==, logdir->events[k]->len);
    }
}

static void
write_demo (const char *dir, guint steps, gint bad_step, gint64 timestamp, Logdir *logdir)
{
  TdbgDemoOptions options = { steps, bad_step, "fixture-host", timestamp };
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("tfdbg_events.%010" G_GINT64_FORMAT ".fixture-host", timestamp);

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  g_assert_no_error (error);
  read_logdir (dir, prefix, logdir);
}

static Tensorflow__DebugEvent *
event_at (Logdir *logdir, TdbgFileKind kind, guint index)
{
  return g_ptr_array_index (logdir->events[kind], index);
}

static double
summary_slot (const Tensorflow__TensorProto *tensor, guint slot)
{
  double value;
  guint64 bits;
  g_assert_cmpint (tensor->dtype, ==, 2);
  g_assert_cmpuint (tensor->tensor_content.len, ==, 11 * 8);
  memcpy (&bits, tensor->tensor_content.data + 8 * slot, 8);
  bits = GUINT64_FROM_LE (bits);
  memcpy (&value, &bits, 8);
  return value;
}

static gboolean
has_inf_nan (const Tensorflow__TensorProto *tensor)
{
  return summary_slot (tensor, 5) != 0 || summary_slot (tensor, 6) != 0 || summary_slot (tensor, 7) != 0;
}

static const char *
graph_name (Logdir *logdir, const char *graph_id)
{
  for (guint i = 0; i < logdir->events[TDBG_FILE_GRAPHS]->len; i++)
    {
      Tensorflow__DebugEvent *e = event_at (logdir, TDBG_FILE_GRAPHS, i);
      if (e->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_GRAPH && g_str_equal (e->debugged_graph->graph_id, graph_id))
        return e->debugged_graph->graph_name;
    }
  return NULL;
}

static Tensorflow__GraphOpCreation *
find_op (Logdir *logdir, const char *graph_id, const char *op_name)
{
  for (guint i = 0; i < logdir->events[TDBG_FILE_GRAPHS]->len; i++)
    {
      Tensorflow__DebugEvent *e = event_at (logdir, TDBG_FILE_GRAPHS, i);
      if (e->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION &&
          g_str_equal (e->graph_op_creation->graph_id, graph_id) && g_str_equal (e->graph_op_creation->op_name, op_name))
        return e->graph_op_creation;
    }
  return NULL;
}

static Tensorflow__FileLineCol *
find_frame (Logdir *logdir, const char *id)
{
  for (guint i = 0; i < logdir->events[TDBG_FILE_STACK_FRAMES]->len; i++)
    {
      Tensorflow__DebugEvent *e = event_at (logdir, TDBG_FILE_STACK_FRAMES, i);
      if (g_str_equal (e->stack_frame_with_id->id, id))
        return e->stack_frame_with_id->file_line_col;
    }
  return NULL;
}

static Tensorflow__SourceFile *
frame_source (Logdir *logdir, const Tensorflow__FileLineCol *frame)
{
  g_assert_cmpint (frame->file_index, <, logdir->events[TDBG_FILE_SOURCE_FILES]->len);
  return event_at (logdir, TDBG_FILE_SOURCE_FILES, frame->file_index)->source_file;
}

static guint
first_inf_nan_trace (Logdir *logdir)
{
  GPtrArray *traces = logdir->events[TDBG_FILE_GRAPH_EXECUTION_TRACES];
  for (guint i = 0; i < traces->len; i++)
    if (has_inf_nan (event_at (logdir, TDBG_FILE_GRAPH_EXECUTION_TRACES, i)->graph_execution_trace->tensor_proto))
      return i;
  return G_MAXUINT;
}

/* The writer's metadata record is byte for byte the example of the format reference (2.1). */
static void
test_metadata_reference_bytes (void)
{
  static const guint8 expected[] = {
    0x2c, 0, 0, 0, 0, 0, 0, 0, 0xf4, 0xae, 0xcc, 0x45,
    0x09, 0x00, 0x00, 0x20, 0x40, 0xfc, 0x54, 0xd9, 0x41,
    0x1a, 0x21, 0x0a, 0x06, '2', '.', '1', '6', '.', '1',
    0x12, 0x0d, 'd', 'e', 'b', 'u', 'g', '.', 'E', 'v', 'e', 'n', 't', ':', '1',
    0x1a, 0x08, 'a', '1', 'b', '2', 'c', '3', 'd', '4',
    0x2c, 0x76, 0xcb, 0xc6,
  };
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *contents = NULL;
  gsize length;
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "ref-host", 1700000000, 1700000000.5, "a1b2c3d4", "2.16.1", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (tdbg_fixture_writer_get_prefix (w), ==, "tfdbg_events.1700000000.ref-host");
  path = tdbg_fixture_writer_get_path (w, TDBG_FILE_METADATA);
  g_assert_true (g_str_has_suffix (path, G_DIR_SEPARATOR_S "tfdbg_events.1700000000.ref-host.metadata"));
  tdbg_fixture_writer_free (w);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpmem (contents, length, expected, sizeof expected);
  test_remove_tree (dir);
}

/* Frames are recorded once per (file, line, function); sources are numbered in file order;
 * a NO_TENSOR trace carries the empty float tensor of shape [0]. */
static void
test_writer_builders (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  const char *lines[] = { "import tensorflow as tf", "x = tf.constant(1.0)", "", NULL };
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "host.example.org", 12345, 12345.25, NULL, "2.4.1", &error);
  Logdir logdir = { { NULL } };
  const char *first, *again, *other;
  Tensorflow__GraphExecutionTrace *trace;
  Tensorflow__SourceFile *source;

  g_assert_no_error (error);
  g_assert_cmpint (tdbg_fixture_writer_add_source_file (w, 1, "/a.py", lines, &error), ==, 0);
  g_assert_cmpint (tdbg_fixture_writer_add_source_file (w, 2, "/b.py", NULL, &error), ==, 1);
  first = tdbg_fixture_writer_add_stack_frame (w, 3, 0, 2, "<module>", &error);
  again = tdbg_fixture_writer_add_stack_frame (w, 4, 0, 2, "<module>", &error);
  other = tdbg_fixture_writer_add_stack_frame (w, 5, 1, 2, "<module>", &error);
  g_assert_cmpuint (strlen (first), ==, 36);
  g_assert_cmpstr (first, ==, again);
  g_assert_cmpstr (first, !=, other);
  g_assert_true (tdbg_fixture_writer_add_trace (w, 6, "g1", "c", 0, TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR, NULL,
                                                "/job:localhost/replica:0/task:0/device:CPU:0", &error));
  g_assert_no_error (error);
  tdbg_fixture_writer_free (w);

  read_logdir (dir, "tfdbg_events.0000012345.host.example.org", &logdir);
  g_assert_cmpstr (event_at (&logdir, TDBG_FILE_METADATA, 0)->debug_metadata->tfdbg_run_id, ==, "");
  g_assert_cmpuint (logdir.events[TDBG_FILE_SOURCE_FILES]->len, ==, 2);
  source = event_at (&logdir, TDBG_FILE_SOURCE_FILES, 0)->source_file;
  g_assert_cmpstr (source->host_name, ==, "host.example.org");
  g_assert_cmpuint (source->n_lines, ==, 3);
  g_assert_cmpuint (logdir.events[TDBG_FILE_STACK_FRAMES]->len, ==, 2);
  trace = event_at (&logdir, TDBG_FILE_GRAPH_EXECUTION_TRACES, 0)->graph_execution_trace;
  g_assert_cmpint (trace->tensor_proto->dtype, ==, 1);
  g_assert_cmpuint (trace->tensor_proto->tensor_shape->n_dim, ==, 1);
  g_assert_cmpint (trace->tensor_proto->tensor_shape->dim[0]->size, ==, 0);
  g_assert_cmpuint (trace->tensor_proto->tensor_content.len, ==, 0);
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

static void
test_demo_metadata (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };
  Tensorflow__DebugEvent *meta;

  /* A timestamp below 10^9 shows the zero padding of the file names. */
  write_demo (dir, 2, 1, 999999999, &logdir);
  g_assert_cmpuint (logdir.events[TDBG_FILE_METADATA]->len, ==, 1);
  meta = event_at (&logdir, TDBG_FILE_METADATA, 0);
  g_assert_cmpint (meta->what_case, ==, TENSORFLOW__DEBUG_EVENT__WHAT_DEBUG_METADATA);
  g_assert_cmpstr (meta->debug_metadata->tfdbg_run_id, ==, "7d3f59a2");
  g_assert_cmpstr (meta->debug_metadata->tensorflow_version, ==, "2.16.1");
  g_assert_cmpstr (meta->debug_metadata->file_version, ==, "debug.Event:1");
  g_assert_cmpfloat_with_epsilon (meta->wall_time, 999999999.65127, 1e-6);
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

/* The first inf/NaN trace is Log:0 of cross_entropy in the bad step, with one -inf; two
 * traces earlier its input, the placeholder logits, has exactly one zero. */
static void
test_demo_first_inf (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };
  const gint bad_step = 2;
  guint first;
  Tensorflow__GraphExecutionTrace *log, *logits;
  Tensorflow__GraphOpCreation *op;

  write_demo (dir, 4, bad_step, 1720456009, &logdir);
  first = first_inf_nan_trace (&logdir);
  g_assert_cmpuint (first, ==, bad_step * TRACES_PER_STEP + LOG_TRACE_IN_STEP);
  log = event_at (&logdir, TDBG_FILE_GRAPH_EXECUTION_TRACES, first)->graph_execution_trace;
  g_assert_cmpstr (log->op_name, ==, "Log");
  g_assert_cmpint (log->output_slot, ==, 0);
  g_assert_cmpstr (log->device_name, ==, "/job:localhost/replica:0/task:0/device:CPU:0");
  g_assert_cmpstr (graph_name (&logdir, log->tfdbg_context_id), ==, "cross_entropy");
  g_assert_cmpint (log->tensor_debug_mode, ==, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH);
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 4), ==, 1000);
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 5), ==, 1);
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 6), ==, 0);
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 7), ==, 0);
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 8), ==, 999);

  logits = event_at (&logdir, TDBG_FILE_GRAPH_EXECUTION_TRACES, first - 2)->graph_execution_trace;
  g_assert_cmpstr (logits->op_name, ==, "logits");
  g_assert_cmpstr (logits->tfdbg_context_id, ==, log->tfdbg_context_id);
  g_assert_cmpfloat (summary_slot (logits->tensor_proto, 9), ==, 1);
  g_assert_cmpfloat (summary_slot (logits->tensor_proto, 10), ==, 999);

  op = find_op (&logdir, log->tfdbg_context_id, "Log");
  g_assert_nonnull (op);
  g_assert_cmpstr (op->op_type, ==, "Log");
  g_assert_cmpstr (op->graph_name, ==, "cross_entropy");
  g_assert_cmpuint (op->n_input_names, ==, 1);
  g_assert_cmpstr (op->input_names[0], ==, "logits:0");
  g_assert_cmpfloat (summary_slot (log->tensor_proto, 0), ==, op->output_tensor_ids[0]);
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

/* The Log op's creation stack ends in TensorFlow's files; its innermost user frame is the line
 * of train_mlp.py that calls tf.math.log(). */
static void
test_demo_log_creation_site (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };
  Tensorflow__GraphExecutionTrace *log;
  Tensorflow__CodeLocation *location;
  Tensorflow__FileLineCol *frame;
  Tensorflow__SourceFile *source;
  gint user = -1;

  write_demo (dir, 1, 0, 1720456009, &logdir);
  log = event_at (&logdir, TDBG_FILE_GRAPH_EXECUTION_TRACES, first_inf_nan_trace (&logdir))->graph_execution_trace;
  location = find_op (&logdir, log->tfdbg_context_id, "Log")->code_location;
  g_assert_cmpstr (location->host_name, ==, "fixture-host");
  g_assert_cmpuint (location->n_stack_frame_ids, >, 4);
  frame = find_frame (&logdir, location->stack_frame_ids[location->n_stack_frame_ids - 1]);
  g_assert_nonnull (strstr (frame_source (&logdir, frame)->file_path, "/site-packages/tensorflow/"));
  for (gint i = location->n_stack_frame_ids - 1; i >= 0 && user < 0; i--)
    {
      frame = find_frame (&logdir, location->stack_frame_ids[i]);
      g_assert_nonnull (frame);
      if (strstr (frame_source (&logdir, frame)->file_path, "/site-packages/") == NULL)
        user = i;
    }
  g_assert_cmpint (user, >, 0);
  source = frame_source (&logdir, frame);
  g_assert_cmpstr (source->file_path, ==, "/home/demo/mnist-nan/train_mlp.py");
  g_assert_cmpstr (frame->func, ==, "cross_entropy");
  g_assert_cmpint (frame->line, ==, 83);
  g_assert_cmpstr (source->lines[frame->line - 1], ==, "  return -tf.reduce_mean(labels * tf.math.log(logits))");
  /* The outermost frame is the script's entry point. */
  frame = find_frame (&logdir, location->stack_frame_ids[0]);
  g_assert_cmpstr (frame->func, ==, "<module>");
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

/* Every trace's summary names its op's output tensor id, and an eager call is recorded after the
 * tensors computed inside it. */
static void
test_demo_links (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };
  GPtrArray *traces;
  Tensorflow__DebugEvent *call = NULL, *neg = NULL, *backward = NULL;

  write_demo (dir, 1, -1, 1720456009, &logdir);
  traces = logdir.events[TDBG_FILE_GRAPH_EXECUTION_TRACES];
  for (guint i = 0; i < traces->len; i++)
    {
      Tensorflow__DebugEvent *e = g_ptr_array_index (traces, i);
      Tensorflow__GraphExecutionTrace *t = e->graph_execution_trace;
      Tensorflow__GraphOpCreation *op = find_op (&logdir, t->tfdbg_context_id, t->op_name);
      g_assert_nonnull (op);
      g_assert_cmpuint (t->output_slot, <, op->n_output_tensor_ids);
      g_assert_cmpfloat (summary_slot (t->tensor_proto, 0), ==, op->output_tensor_ids[t->output_slot]);
      if (i > 0)
        g_assert_cmpfloat (e->wall_time, >, ((Tensorflow__DebugEvent *) g_ptr_array_index (traces, i - 1))->wall_time);
      if (g_str_equal (t->op_name, "Neg") && neg == NULL)
        neg = e;
      if (g_str_has_prefix (graph_name (&logdir, t->tfdbg_context_id), "__backward_cross_entropy") && backward == NULL)
        backward = e;
    }
  for (guint i = 0; i < logdir.events[TDBG_FILE_EXECUTION]->len && call == NULL; i++)
    if (g_str_equal (event_at (&logdir, TDBG_FILE_EXECUTION, i)->execution->op_type, "__inference_cross_entropy_211"))
      call = event_at (&logdir, TDBG_FILE_EXECUTION, i);
  g_assert_nonnull (call);
  g_assert_nonnull (neg);
  g_assert_nonnull (backward);
  g_assert_cmpstr (graph_name (&logdir, call->execution->graph_id), ==, "cross_entropy");
  g_assert_cmpfloat (call->wall_time, >, neg->wall_time);
  g_assert_cmpfloat (call->wall_time, <, backward->wall_time);
  /* One float output: one summary, tensor id -1, a scalar. */
  g_assert_cmpuint (call->execution->n_tensor_protos, ==, 1);
  g_assert_cmpfloat (summary_slot (call->execution->tensor_protos[0], 0), ==, -1);
  g_assert_cmpfloat (summary_slot (call->execution->tensor_protos[0], 3), ==, 0);
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

/* Every input name of every op creation is "op:slot", naming an output of an op created
 * in the same graph, as TensorFlow writes them: its op callback sees the data inputs
 * only, never the control inputs ("^op"), and its own reader (DebugDataReader, which
 * TensorBoard's Debugger V2 reads through) splits each name at ":" into exactly two parts. */
static void
test_demo_input_names (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };
  GPtrArray *graphs;
  guint n_inputs = 0;

  write_demo (dir, 1, -1, 1720456009, &logdir);
  graphs = logdir.events[TDBG_FILE_GRAPHS];
  for (guint i = 0; i < graphs->len; i++)
    {
      Tensorflow__DebugEvent *e = g_ptr_array_index (graphs, i);
      Tensorflow__GraphOpCreation *op;
      if (e->what_case != TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION)
        continue;
      op = e->graph_op_creation;
      for (gsize k = 0; k < op->n_input_names; k++)
        {
          g_auto(GStrv) parts = g_strsplit (op->input_names[k], ":", -1);
          Tensorflow__GraphOpCreation *source;
          guint64 slot;
          g_test_message ("%s input %zu: %s", op->op_name, k, op->input_names[k]);
          g_assert_cmpuint (g_strv_length (parts), ==, 2);
          g_assert_false (g_str_has_prefix (parts[0], "^"));
          g_assert_true (g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT32, &slot, NULL));
          source = find_op (&logdir, op->graph_id, parts[0]);
          g_assert_nonnull (source);
          g_assert_cmpuint (slot, <, source->n_output_tensor_ids);
          n_inputs++;
        }
    }
  g_assert_cmpuint (n_inputs, >, 100);
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

static void
count_records (guint steps, guint counts[TDBG_N_FILE_KINDS])
{
  g_autofree char *dir = test_make_temp_dir ();
  Logdir logdir = { { NULL } };

  write_demo (dir, steps, -1, 1720456009, &logdir);
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    counts[k] = logdir.events[k]->len;
  /* Without a bad step nothing is ever inf or NaN. */
  g_assert_cmpuint (first_inf_nan_trace (&logdir), ==, G_MAXUINT);
  for (guint i = 0; i < logdir.events[TDBG_FILE_EXECUTION]->len; i++)
    {
      Tensorflow__Execution *e = event_at (&logdir, TDBG_FILE_EXECUTION, i)->execution;
      for (guint p = 0; p < e->n_tensor_protos; p++)
        if (e->tensor_protos[p]->tensor_content.len > 0)
          g_assert_false (has_inf_nan (e->tensor_protos[p]));
    }
  logdir_clear (&logdir);
  test_remove_tree (dir);
}

static void
test_demo_scales (void)
{
  static const guint steps[] = { 1, 2, 5 };
  guint counts[G_N_ELEMENTS (steps)][TDBG_N_FILE_KINDS];

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      count_records (steps[i], counts[i]);
      g_assert_cmpuint (counts[i][TDBG_FILE_METADATA], ==, 1);
      g_assert_cmpuint (counts[i][TDBG_FILE_GRAPH_EXECUTION_TRACES], ==, TRACES_PER_STEP * steps[i]);
      g_assert_cmpuint (counts[i][TDBG_FILE_EXECUTION], ==, SETUP_EXECUTIONS + EXECUTIONS_PER_STEP * steps[i]);
      /* Graphs, frames and sources are all recorded during the first step. */
      g_assert_cmpuint (counts[i][TDBG_FILE_SOURCE_FILES], ==, 10);
      g_assert_cmpuint (counts[i][TDBG_FILE_GRAPHS], ==, counts[0][TDBG_FILE_GRAPHS]);
      g_assert_cmpuint (counts[i][TDBG_FILE_STACK_FRAMES], ==, counts[0][TDBG_FILE_STACK_FRAMES]);
    }
  /* 13 graphs, 175 op creations and one device. */
  g_assert_cmpuint (counts[0][TDBG_FILE_GRAPHS], ==, 13 + 175 + 1);
}

static gboolean
ensure_demo (const char *dir, guint steps, GError **error)
{
  gboolean wrote = FALSE;

  return tdbg_fixture_ensure_demo (dir, steps, &wrote, error) && wrote;
}

/* The benchmarks' folder: written when new or empty, kept or rewritten when its own, and a
 * folder of someone else's (a real logdir) refused with nothing in it removed. */
static void
test_demo_ensure_own_folder (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *theirs = g_build_filename (dir, "tfdbg_events.1700000000.host.metadata", NULL);
  g_autofree char *stamp = g_build_filename (dir, "bench-steps", NULL);
  g_autoptr(GError) error = NULL;
  gboolean wrote = TRUE;

  g_assert_true (g_file_set_contents (theirs, "a real run's metadata", -1, NULL));
  g_assert_false (tdbg_fixture_ensure_demo (dir, 1, &wrote, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, dir));
  g_assert_false (wrote);
  g_assert_true (g_file_test (theirs, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (stamp, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_remove (theirs);

  g_assert_true (ensure_demo (dir, 1, &error));
  g_assert_no_error (error);
  g_assert_false (ensure_demo (dir, 1, &error));
  g_assert_no_error (error);
  g_assert_true (ensure_demo (dir, 2, &error));
  /* A write interrupted half way leaves the stamp saying so: the folder is still the demo's. */
  g_assert_true (g_file_set_contents (stamp, "writing", -1, NULL));
  g_assert_true (ensure_demo (dir, 1, &error));
  g_assert_no_error (error);
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fixture-writer/metadata-reference-bytes", test_metadata_reference_bytes);
  g_test_add_func ("/fixture-writer/builders", test_writer_builders);
  g_test_add_func ("/fixture-writer/demo-metadata", test_demo_metadata);
  g_test_add_func ("/fixture-writer/demo-first-inf", test_demo_first_inf);
  g_test_add_func ("/fixture-writer/demo-log-creation-site", test_demo_log_creation_site);
  g_test_add_func ("/fixture-writer/demo-links", test_demo_links);
  g_test_add_func ("/fixture-writer/demo-scales", test_demo_scales);
  g_test_add_func ("/fixture-writer/demo-input-names", test_demo_input_names);
  g_test_add_func ("/fixture-writer/demo-ensure-own-folder", test_demo_ensure_own_folder);
  return g_test_run ();
}
