/* The demo logdir: the Debugger V2 tutorial's MNIST perceptron, whose cross-entropy takes the
 * log of a softmax output that reaches exactly zero. Written record by record as TensorFlow
 * writes it (FULL_HEALTH, no circular buffer), at any size. */

#include "tdbg-fixture-writer.h"

#include <string.h>

#define DEVICE "/job:localhost/replica:0/task:0/device:CPU:0"
#define MICROBATCHES 4
#define USER_FILE "/home/demo/mnist-nan/train_mlp.py"
#define LIB "/usr/lib/python3/site-packages/tensorflow/python/"

typedef enum { GENERIC, POSITIVE, INPUT, NEGATIVE_LOG } Shape;

typedef struct {
  const char *type;
  const char *name;
  const char *inputs[3];
  gboolean traced;       /* floating output, not in the skip list */
  gint64 size;           /* elements of output 0 */
  gint rank;
  Shape shape;
  gint line;             /* creation line in train_mlp.py */
} DemoOp;

typedef struct {
  const char *name;
  gint outer;            /* index of the enclosing graph, -1 for none */
  const char *function;  /* the runtime's name for an eager call, NULL for nested graphs */
  gint call_line;        /* where train() calls it */
  const char *user_func;
  const DemoOp *ops;
  guint n_ops;
} DemoGraph;

static const DemoOp model_ops[] = {
  { "Placeholder", "x", { NULL }, TRUE, 78400, 2, INPUT, 56 },
  { "StatefulPartitionedCall", "dense", { "x:0" }, FALSE, 1000, 2, GENERIC, 57 },
  { "Softmax", "probs", { "dense:0" }, TRUE, 1000, 2, POSITIVE, 58 },
  { "Identity", "Identity", { "probs:0" }, FALSE, 1000, 2, POSITIVE, 59 },
};
static const DemoOp dense_ops[] = {
  { "Placeholder", "inputs", { NULL }, TRUE, 78400, 2, INPUT, 50 },
  { "Placeholder", "kernel", { NULL }, FALSE, 7840, 2, GENERIC, 50 },
  { "ReadVariableOp", "MatMul/ReadVariableOp", { "kernel:0" }, TRUE, 7840, 2, GENERIC, 51 },
  { "MatMul", "MatMul", { "inputs:0", "MatMul/ReadVariableOp:0" }, TRUE, 1000, 2, GENERIC, 51 },
  { "Placeholder", "bias", { NULL }, FALSE, 10, 1, GENERIC, 51 },
  { "ReadVariableOp", "BiasAdd/ReadVariableOp", { "bias:0" }, TRUE, 10, 1, GENERIC, 51 },
  { "BiasAdd", "BiasAdd", { "MatMul:0", "BiasAdd/ReadVariableOp:0" }, TRUE, 1000, 2, GENERIC, 51 },
  { "Identity", "Identity", { "BiasAdd:0" }, FALSE, 1000, 2, GENERIC, 51 },
};
static const DemoOp cross_entropy_ops[] = {
  { "Placeholder", "logits", { NULL }, TRUE, 1000, 2, POSITIVE, 81 },
  { "Placeholder", "labels", { NULL }, TRUE, 1000, 2, INPUT, 81 },
  { "Log", "Log", { "logits:0" }, TRUE, 1000, 2, NEGATIVE_LOG, 83 },
  { "Mul", "mul", { "labels:0", "Log:0" }, TRUE, 1000, 2, GENERIC, 83 },
  { "Const", "Const", { NULL }, FALSE, 2, 1, GENERIC, 83 },
  { "Mean", "Mean", { "mul:0", "Const:0" }, TRUE, 1, 0, GENERIC, 83 },
  { "Neg", "Neg", { "Mean:0" }, TRUE, 1, 0, GENERIC, 83 },
  { "Identity", "Identity", { "Neg:0" }, FALSE, 1, 0, GENERIC, 83 },
};
static const DemoOp backward_ops[] = {
  { "Placeholder", "gradients/grad_ys_0", { NULL }, TRUE, 1, 0, INPUT, 0 },
  { "Placeholder", "logits", { NULL }, TRUE, 1000, 2, POSITIVE, 0 },
  { "Placeholder", "labels", { NULL }, TRUE, 1000, 2, INPUT, 0 },
  { "Neg", "gradients/Neg_grad/Neg", { "gradients/grad_ys_0:0" }, TRUE, 1, 0, GENERIC, 0 },
  { "RealDiv", "gradients/Mean_grad/truediv", { "gradients/Neg_grad/Neg:0" }, TRUE, 1000, 2, GENERIC, 0 },
  { "Mul", "gradients/mul_grad/Mul_1", { "gradients/Mean_grad/truediv:0", "labels:0" }, TRUE, 1000, 2, GENERIC, 0 },
  { "Reciprocal", "gradients/Log_grad/Reciprocal", { "logits:0" }, TRUE, 1000, 2, POSITIVE, 0 },
  { "Mul", "gradients/Log_grad/mul", { "gradients/mul_grad/Mul_1:0", "gradients/Log_grad/Reciprocal:0" }, TRUE, 1000, 2, GENERIC, 0 },
};
static const DemoOp sgd_ops[] = {
  { "Placeholder", "weights", { NULL }, TRUE, 7840, 2, GENERIC, 67 },
  { "Placeholder", "grads", { NULL }, TRUE, 7840, 2, GENERIC, 67 },
  { "Const", "learning_rate", { NULL }, TRUE, 1, 0, POSITIVE, 67 },
  { "Mul", "mul", { "learning_rate:0", "grads:0" }, TRUE, 7840, 2, GENERIC, 69 },
  { "Sub", "sub", { "weights:0", "mul:0" }, TRUE, 7840, 2, GENERIC, 69 },
  { "AssignVariableOp", "AssignVariableOp", { "weights:0", "sub:0" }, FALSE, 0, 0, GENERIC, 69 },
};

static const DemoGraph graphs[] = {
  { "model", -1, "__inference_model_173", 92, "model", model_ops, G_N_ELEMENTS (model_ops) },
  { "dense", 0, NULL, 0, "dense", dense_ops, G_N_ELEMENTS (dense_ops) },
  { "cross_entropy", -1, "__inference_cross_entropy_211", 93, "cross_entropy", cross_entropy_ops, G_N_ELEMENTS (cross_entropy_ops) },
  { "__backward_cross_entropy_211_236", -1, "__inference___backward_cross_entropy_211_236_251", 94, "train", backward_ops, G_N_ELEMENTS (backward_ops) },
  { "sgd_update", -1, "__inference_sgd_update_301", 95, "sgd_update", sgd_ops, G_N_ELEMENTS (sgd_ops) },
};

/* train_mlp.py; the line numbers above point into it (1-based). */
static const char *const user_source[] = {
  "\"\"\"Trains a one-layer perceptron on MNIST; the loss turns to NaN after a few steps.\"\"\"",
  "", "import argparse", "import sys", "", "import numpy as np", "import tensorflow as tf", "",
  "", "def parse_flags(argv):", "  parser = argparse.ArgumentParser()",
  "  parser.add_argument(\"--steps\", type=int, default=7)",
  "  parser.add_argument(\"--learning_rate\", type=float, default=0.5)",
  "  parser.add_argument(\"--dump_dir\", default=\"/tmp/tfdbg2_logdir\")",
  "  return parser.parse_args(argv)", "", "",
  "def load_batches(batch_size):", "  (images, labels), _ = tf.keras.datasets.mnist.load_data()",
  "  images = images.reshape(-1, 784).astype(np.float32) / 255.0",
  "  labels = tf.one_hot(labels, 10)",
  "  dataset = tf.data.Dataset.from_tensor_slices((images, labels))",
  "  return iter(dataset.shuffle(1000).batch(batch_size).repeat())", "", "",
  "class Dense(tf.Module):", "  def __init__(self, n_in, n_out):",
  "    self.kernel = tf.Variable(tf.random.normal([n_in, n_out], stddev=0.1))",
  "    self.bias = tf.Variable(tf.zeros([n_out]))", "", "",
  "layer = Dense(784, 10)", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
  "@tf.function",
  "def dense(inputs):",
  "  return tf.matmul(inputs, layer.kernel) + layer.bias",
  "", "", "",
  "@tf.function",
  "def model(x):",
  "  logits = dense(x)",
  "  probs = tf.nn.softmax(logits)",
  "  return probs",
  "", "", "", "", "", "",
  "@tf.function",
  "def sgd_update(weights, grads, learning_rate=0.5):",
  "  # Plain gradient descent: weights -= learning_rate * grads",
  "  weights.assign_sub(learning_rate * grads)",
  "", "", "", "", "", "", "", "", "", "",
  "@tf.function",
  "def cross_entropy(logits, labels):",
  "  # BUG: log(0) is -inf once a probability underflows to zero.",
  "  return -tf.reduce_mean(labels * tf.math.log(logits))",
  "", "",
  "def train(flags):",
  "  batches = load_batches(100)",
  "  for step in range(flags.steps):",
  "    images, labels = next(batches)",
  "    for micro in range(4):",
  "      with tf.GradientTape() as tape:",
  "        probs = model(images)",
  "        loss = cross_entropy(probs, labels)",
  "      grads = tape.gradient(loss, [layer.kernel])",
  "      sgd_update(layer.kernel, grads[0])",
  "      print(\"step\", step, \"loss\", float(loss))",
  "", "",
  "def main(argv):",
  "  flags = parse_flags(argv)",
  "  tf.debugging.experimental.enable_dump_debug_info(",
  "      flags.dump_dir, tensor_debug_mode=\"FULL_HEALTH\", circular_buffer_size=-1)",
  "  train(flags)",
  "", "",
  "if __name__ == \"__main__\":",
  "  main(sys.argv[1:])",
  "",
  NULL
};

/* Library frames, innermost last: (file, line, function, source text). */
static const struct {
  const char *file;
  gint line;
  const char *func;
  const char *code;
} library_frames[] = {
  { LIB "util/traceback_utils.py", 150, "error_handler", "return fn(*args, **kwargs)" },
  { LIB "eager/polymorphic_function/polymorphic_function.py", 832, "__call__", "result = self._call(*args, **kwds)" },
  { LIB "framework/func_graph.py", 1059, "func_graph_from_py_func", "func_outputs = python_func(*func_args, **func_kwargs)" },
  { LIB "util/dispatch.py", 1260, "op_dispatch_handler", "return dispatch_target(*args, **kwargs)" },
  { LIB "framework/op_def_library.py", 796, "_apply_op_helper", "op = g._create_op_internal(op_type_name, inputs, dtypes=None," },
  { LIB "framework/ops.py", 2662, "_create_op_internal", "return super()._create_op_internal(" },
  { LIB "framework/op_callbacks.py", 178, "invoke_op_callbacks", "callback_outputs = callback(" },
  { LIB "debug/lib/dumping_callback.py", 586, "callback", "code_location=self._process_stack_frames())" },
};

typedef struct {
  TdbgFixtureWriter *w;
  GRand *rand;
  double clock;
  gint user_file;
  gint library_files[G_N_ELEMENTS (library_frames)];
  char *graph_ids[G_N_ELEMENTS (graphs)];
  gint32 *tensor_ids[G_N_ELEMENTS (graphs)];
  gint32 next_tensor_id;
  gint64 next_eager_tensor_id;
  gboolean bad;          /* NaN has appeared: everything downstream is NaN */
} Demo;

static double
tick (Demo *d)
{
  d->clock += 0.000173;
  return d->clock;
}

static char *
graph_id (Demo *d)
{
  guint32 r[4];
  for (guint i = 0; i < 4; i++)
    r[i] = g_rand_int (d->rand);
  return g_strdup_printf ("%08x-%04x-4%03x-%04x-%04x%08x", r[0], r[1] >> 16, r[1] & 0xfff,
                          0x8000 | (r[2] >> 18), r[2] & 0xffff, r[3]);
}

static char **
library_lines (gint line, const char *code)
{
  char **lines = g_new0 (char *, line + 2);
  for (gint i = 0; i < line; i++)
    lines[i] = g_strdup (i == line - 1 ? code : "");
  return lines;
}

static gboolean
write_sources (Demo *d, GError **error)
{
  d->user_file = tdbg_fixture_writer_add_source_file (d->w, tick (d), USER_FILE, user_source, error);
  if (d->user_file < 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (library_frames); i++)
    {
      g_auto(GStrv) lines = library_lines (library_frames[i].line, library_frames[i].code);
      d->library_files[i] = tdbg_fixture_writer_add_source_file (d->w, tick (d), library_frames[i].file,
                                                                 (const char *const *) lines, error);
      if (d->library_files[i] < 0)
        return FALSE;
    }
  return TRUE;
}

/* main -> train -> [user function at @line] -> library frames (innermost last). */
static char **
stack (Demo *d, gint call_line, const char *user_func, gint line, guint n_library, GError **error)
{
  GPtrArray *ids = g_ptr_array_new ();
  struct { gint line; const char *func; } user[] = { { 107, "<module>" }, { 103, "main" }, { call_line, "train" }, { line, user_func } };

  for (guint i = 0; i < G_N_ELEMENTS (user); i++)
    if (user[i].line > 0)
      g_ptr_array_add (ids, (gpointer) tdbg_fixture_writer_add_stack_frame (d->w, tick (d), d->user_file, user[i].line, user[i].func, error));
  for (guint i = G_N_ELEMENTS (library_frames) - n_library; i < G_N_ELEMENTS (library_frames); i++)
    g_ptr_array_add (ids, (gpointer) tdbg_fixture_writer_add_stack_frame (d->w, tick (d), d->library_files[i],
                                                                          library_frames[i].line, library_frames[i].func, error));
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

static gboolean
write_graphs (Demo *d, GError **error)
{
  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    {
      const DemoGraph *graph = &graphs[g];
      d->graph_ids[g] = graph_id (d);
      d->tensor_ids[g] = g_new (gint32, graph->n_ops);
      if (!tdbg_fixture_writer_add_graph (d->w, tick (d), d->graph_ids[g], graph->name,
                                          graph->outer >= 0 ? d->graph_ids[graph->outer] : NULL, error))
        return FALSE;
      for (guint i = 0; i < graph->n_ops; i++)
        {
          const DemoOp *op = &graph->ops[i];
          gint call_line = graph->outer >= 0 ? graphs[graph->outer].call_line : graph->call_line;
          g_autofree char **frames = stack (d, call_line, graph->user_func, op->line, G_N_ELEMENTS (library_frames), error);
          d->tensor_ids[g][i] = d->next_tensor_id++;
          if (!tdbg_fixture_writer_add_op (d->w, tick (d), d->graph_ids[g], graph->name, op->type, op->name,
                                           op->inputs, &d->tensor_ids[g][i], 1, (const char *const *) frames, error))
            return FALSE;
        }
    }
  return tdbg_fixture_writer_add_device (d->w, tick (d), 1, DEVICE, error);
}

/* FULL_HEALTH: [id, -1, dtype, rank, size, -inf, +inf, nan, neg, zero, pos]. */
static void
health (double *s, double tensor_id, const DemoOp *op, gboolean nan, gboolean first_zero, gboolean first_inf)
{
  double size = op->size;
  double v[11] = { tensor_id, -1, 1, op->rank, size, 0, 0, 0, 0, 0, 0 };

  if (nan)
    v[7] = size;
  else if (first_inf)
    {
      v[5] = 1;
      v[8] = size - 1;
    }
  else if (op->shape == NEGATIVE_LOG)
    v[8] = size;
  else if (op->shape == POSITIVE || first_zero)
    {
      v[9] = first_zero ? 1 : 0;
      v[10] = size - v[9];
    }
  else if (op->shape == INPUT)
    {
      v[9] = (gint64) (size * 0.8);
      v[10] = size - v[9];
    }
  else
    {
      v[8] = (gint64) (size / 3);
      v[9] = (gint64) (size / 8);
      v[10] = size - v[8] - v[9];
    }
  memcpy (s, v, sizeof v);
}

static gboolean
write_graph_traces (Demo *d, guint g, gboolean bad_now, GError **error)
{
  const DemoGraph *graph = &graphs[g];

  for (guint i = 0; i < graph->n_ops; i++)
    {
      const DemoOp *op = &graph->ops[i];
      double s[11];
      Tensorflow__TensorProto *t;
      gboolean zero = bad_now && !d->bad && g == 2 && g_str_equal (op->name, "logits");
      gboolean inf = bad_now && !d->bad && g == 2 && g_str_equal (op->name, "Log");
      gboolean ok;

      if (g == 0 && g_str_equal (op->name, "dense") && !write_graph_traces (d, 1, bad_now, error))
        return FALSE;
      if (!op->traced)
        continue;
      health (s, d->tensor_ids[g][i], op, d->bad && op->shape != INPUT, zero, inf);
      t = tdbg_fixture_summary_tensor (s, 11);
      ok = tdbg_fixture_writer_add_trace (d->w, tick (d), d->graph_ids[g], op->name, 0,
                                          TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, t, DEVICE, error);
      tdbg_fixture_tensor_free (t);
      if (!ok)
        return FALSE;
      if (inf)
        d->bad = TRUE;
    }
  return TRUE;
}

static gboolean
write_execution (Demo *d, const char *op_type, gint graph, guint n_inputs, gboolean int_second_output,
                 gint call_line, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__Execution e = TENSORFLOW__EXECUTION__INIT;
  Tensorflow__CodeLocation location = TENSORFLOW__CODE_LOCATION__INIT;
  Tensorflow__TensorProto empty = TENSORFLOW__TENSOR_PROTO__INIT;
  Tensorflow__TensorProto *protos[2];
  gint64 inputs[4], outputs[2];
  gint32 devices[2] = { 1, 1 };
  DemoOp scalar = { NULL, NULL, { NULL }, TRUE, graph == 2 ? 1 : 1000, graph == 2 ? 0 : 2, GENERIC, 0 };
  double s[11];
  g_autofree char **frames = stack (d, call_line, NULL, 0, 2, error);
  gboolean ok;

  for (guint i = 0; i < n_inputs; i++)
    inputs[i] = d->next_eager_tensor_id - n_inputs + i;
  for (guint i = 0; i < 2; i++)
    outputs[i] = d->next_eager_tensor_id++;
  health (s, -1, &scalar, d->bad, FALSE, FALSE);
  protos[0] = tdbg_fixture_summary_tensor (s, 11);
  protos[1] = &empty;
  location.host_name = (char *) "demo";
  location.n_stack_frame_ids = g_strv_length (frames);
  location.stack_frame_ids = frames;
  e.op_type = (char *) op_type;
  e.num_outputs = int_second_output ? 2 : 1;
  e.graph_id = graph >= 0 ? d->graph_ids[graph] : (char *) "";
  e.n_input_tensor_ids = n_inputs;
  e.input_tensor_ids = inputs;
  e.n_output_tensor_ids = e.num_outputs;
  e.output_tensor_ids = outputs;
  e.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH;
  e.n_tensor_protos = e.num_outputs;
  e.tensor_protos = protos;
  e.code_location = &location;
  e.n_output_tensor_device_ids = e.num_outputs;
  e.output_tensor_device_ids = devices;
  event.wall_time = tick (d);
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION;
  event.execution = &e;
  ok = tdbg_fixture_writer_write_event (d->w, TDBG_FILE_EXECUTION, &event, error);
  tdbg_fixture_tensor_free (protos[0]);
  return ok;
}

static gboolean
write_step (Demo *d, gboolean bad_step, GError **error)
{
  static const guint calls[] = { 0, 2, 3, 4 };

  if (!write_execution (d, "IteratorGetNext", -1, 1, TRUE, 89, error))
    return FALSE;
  for (guint micro = 0; micro < MICROBATCHES; micro++)
    for (guint c = 0; c < G_N_ELEMENTS (calls); c++)
      {
        guint g = calls[c];
        if (!write_graph_traces (d, g, bad_step && micro == 0, error) ||
            !write_execution (d, graphs[g].function, g, 2, FALSE, graphs[g].call_line, error))
          return FALSE;
      }
  return TRUE;
}

gboolean
tdbg_fixture_write_demo (const char *logdir, const TdbgDemoOptions *options, GError **error)
{
  g_autoptr(TdbgFixtureWriter) w = NULL;
  Demo d = { 0 };
  gboolean ok;
  const char *host = options->host_name ? options->host_name : "demo-host";
  gint64 timestamp = options->timestamp ? options->timestamp : 1720456009;

  w = tdbg_fixture_writer_new (logdir, host, timestamp, timestamp + 0.65127, "d3b0a7e1", "2.16.1", error);
  if (w == NULL)
    return FALSE;
  d.w = w;
  d.rand = g_rand_new_with_seed (7);
  d.clock = timestamp + 0.7;
  d.next_tensor_id = 1;
  d.next_eager_tensor_id = 1;
  ok = write_sources (&d, error) && write_graphs (&d, error);
  for (guint step = 0; ok && step < options->n_steps; step++)
    ok = write_step (&d, (gint) step == options->bad_step, error);
  ok = ok && tdbg_fixture_writer_flush (w, error);
  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    {
      g_free (d.graph_ids[g]);
      g_free (d.tensor_ids[g]);
    }
  g_rand_free (d.rand);
  return ok;
}
