/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A logdir of a run with tf.config.run_functions_eagerly(True): every op of the model is an
 * eager execution, so there are no graphs and no graph execution traces. */

#include "tdbg-fixture-writer.h"

static const char *const eager_source[] = {
  "import tensorflow as tf",
  "tf.config.run_functions_eagerly(True)",
  "tf.debugging.experimental.enable_dump_debug_info('/tmp/eager', tensor_debug_mode='FULL_HEALTH')",
  "x = tf.random.normal([4, 3])",
  "w = tf.random.normal([3, 2])",
  "y = tf.nn.softmax(tf.matmul(x, w))",
  "loss = -tf.reduce_sum(tf.math.log(y))",
  "",
  NULL
};

static const char *const eager_ops[] = { "RandomStandardNormal", "RandomStandardNormal", "MatMul", "Softmax", "Log",
                                         "Neg", "Sum" };
static const gint eager_lines[] = { 4, 5, 6, 6, 7, 7, 7 };

static gboolean
write_execution (TdbgFixtureWriter *w, double wall_time, const char *op_type, const char *frame_id,
                 gint64 input_id, gint64 output_id, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__Execution exec = TENSORFLOW__EXECUTION__INIT;
  Tensorflow__CodeLocation location = TENSORFLOW__CODE_LOCATION__INIT;
  char *frames[] = { (char *) frame_id };
  gint32 device = 1;

  location.host_name = (char *) "eager-host";
  location.n_stack_frame_ids = 1;
  location.stack_frame_ids = frames;
  exec.op_type = (char *) op_type;
  exec.num_outputs = 1;
  exec.graph_id = (char *) "";
  exec.n_input_tensor_ids = input_id >= 0 ? 1 : 0;
  exec.input_tensor_ids = &input_id;
  exec.n_output_tensor_ids = 1;
  exec.output_tensor_ids = &output_id;
  exec.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH;
  exec.code_location = &location;
  exec.n_output_tensor_device_ids = 1;
  exec.output_tensor_device_ids = &device;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION;
  event.execution = &exec;
  return tdbg_fixture_writer_write_event (w, TDBG_FILE_EXECUTION, &event, error);
}

gboolean
tdbg_fixture_write_eager_only (const char *logdir, GError **error)
{
  const double t0 = 1720000000.0;
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (logdir, "eager-host", (gint64) t0, t0, "e4e4e4e4",
                                                            "2.16.1", error);
  gint file;

  if (w == NULL)
    return FALSE;
  file = tdbg_fixture_writer_add_source_file (w, t0 + 0.1, "/home/demo/eager.py", eager_source, error);
  if (file < 0 || !tdbg_fixture_writer_add_device (w, t0 + 0.2, 1, "/job:localhost/replica:0/task:0/device:CPU:0",
                                                   error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (eager_ops); i++)
    {
      const char *frame = tdbg_fixture_writer_add_stack_frame (w, t0 + 0.3 + i * 0.01, file, eager_lines[i],
                                                               "<module>", error);
      if (frame == NULL || !write_execution (w, t0 + 1 + i * 0.01, eager_ops[i], frame, i > 1 ? (gint64) i : -1,
                                             (gint64) i + 1, error))
        return FALSE;
    }
  return tdbg_fixture_writer_flush (w, error);
}
