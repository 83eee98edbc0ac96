/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The demo logdir: the Debugger V2 tutorial's MNIST perceptron, whose cross entropy takes the
 * log of a softmax output that underflows to exactly zero. Written record by record the way
 * TensorFlow writes it (FULL_HEALTH, no circular buffer), at any number of steps.
 *
 * The model is a static description (graphs, their ops, the eager timeline of one step);
 * numbers are derived from it so that the logdir is consistent: a trace's tensor id is its op's
 * output tensor id, every frame id and source line resolves, NaN spreads the way it would.
 * Everything is deterministic: ids and jitter come from fixed seeds, never from the clock. */

#include "tdbg-fixture-writer.h"

#include <string.h>

#include "tdbg-records.h"

#define DEMO_RUN_ID "7d3f59a2"
#define DEMO_TF_VERSION "2.16.1"
#define DEMO_DEFAULT_HOST "demo-host"
#define DEMO_DEFAULT_TIMESTAMP G_GINT64_CONSTANT (1720456009)
#define DEVICE_NAME "/job:localhost/replica:0/task:0/device:CPU:0"
#define DEVICE_ID 1
#define TF_LIB "/usr/lib/python3/site-packages/tensorflow/python/"

/* TensorFlow DataType values used here. */
enum { DT_FLOAT = 1, DT_INT32 = 3, DT_UINT8 = 4, DT_INT64 = 9, DT_BOOL = 10, DT_RESOURCE = 20, DT_VARIANT = 21 };

/* ------------------------------------------------------------------------------------------ */
/* Source files and stack frames                                                              */

typedef enum {
  SRC_USER,
  SRC_TRACEBACK,
  SRC_POLYMORPHIC,
  SRC_FUNC_GRAPH,
  SRC_OPS,
  SRC_DUMPING,
  SRC_BACKPROP,
  SRC_DATASET,
  SRC_EXECUTE,
  SRC_GEN_OPS,
  N_SOURCES
} Source;

static const char *const source_paths[N_SOURCES] = {
  [SRC_USER] = "/home/demo/mnist-nan/train_mlp.py",
  [SRC_TRACEBACK] = TF_LIB "util/traceback_utils.py",
  [SRC_POLYMORPHIC] = TF_LIB "eager/polymorphic_function/polymorphic_function.py",
  [SRC_FUNC_GRAPH] = TF_LIB "framework/func_graph.py",
  [SRC_OPS] = TF_LIB "framework/ops.py",
  [SRC_DUMPING] = TF_LIB "debug/lib/dumping_callback.py",
  [SRC_BACKPROP] = TF_LIB "eager/backprop.py",
  [SRC_DATASET] = TF_LIB "data/ops/dataset_ops.py",
  [SRC_EXECUTE] = TF_LIB "eager/execute.py",
  [SRC_GEN_OPS] = TF_LIB "ops/gen_math_ops.py",
};

/* train_mlp.py as SourceFile.lines holds it (the final "" is the trailing newline). */
static const char *const user_source[] = {
  "\"\"\"Trains a one-hidden-layer perceptron on MNIST.",
  "",
  "The cross entropy below takes the log of the softmax output directly, so a",
  "probability that underflows to zero turns the loss into NaN a few steps in.",
  "Run it under the debugger to find the op that produced the first -inf:",
  "",
  "  python train_mlp.py --steps 7 --dump_dir /tmp/tfdbg2_logdir",
  "",
  "Then open the dump directory in the debugger:",
  "",
  "  tfdbg-gtk /tmp/tfdbg2_logdir",
  "\"\"\"",
  "",
  "import argparse",
  "import sys",
  "",
  "import tensorflow as tf",
  "",
  "IMAGE_SIZE = 28 * 28",
  "HIDDEN_UNITS = 256",
  "NUM_CLASSES = 10",
  "BATCH_SIZE = 100",
  "TEST_BATCH_SIZE = 1000",
  "LEARNING_RATE = 0.5",
  "CLIP_NORM = 5.0",
  "",
  "",
  "def parse_flags(argv):",
  "  parser = argparse.ArgumentParser()",
  "  parser.add_argument(\"--steps\", type=int, default=7)",
  "  parser.add_argument(\"--dump_dir\", default=\"/tmp/tfdbg2_logdir\")",
  "  return parser.parse_args(argv)",
  "",
  "",
  "def format_example(images, labels):",
  "  images = tf.cast(tf.reshape(images, [-1, IMAGE_SIZE]), tf.float32) / 255.0",
  "  labels = tf.one_hot(labels, NUM_CLASSES, on_value=1.0, off_value=0.0)",
  "  return images, labels",
  "",
  "",
  "def load_batches(batch_size, split):",
  "  (train_x, train_y), (test_x, test_y) = tf.keras.datasets.mnist.load_data()",
  "  if split == \"train\":",
  "    data = tf.data.Dataset.from_tensor_slices((train_x, train_y))",
  "    data = data.shuffle(60000, seed=1)",
  "  else:",
  "    data = tf.data.Dataset.from_tensor_slices((test_x, test_y))",
  "  data = data.repeat().batch(batch_size, drop_remainder=True)",
  "  return iter(data.map(format_example))",
  "",
  "",
  "def init_weights():",
  "  w1 = tf.Variable(tf.random.normal([IMAGE_SIZE, HIDDEN_UNITS], stddev=0.1, seed=1))",
  "  b1 = tf.Variable(tf.zeros([HIDDEN_UNITS]))",
  "  w2 = tf.Variable(tf.random.normal([HIDDEN_UNITS, NUM_CLASSES], stddev=0.1, seed=2))",
  "  b2 = tf.Variable(tf.zeros([NUM_CLASSES]))",
  "  return [w1, b1, w2, b2]",
  "",
  "",
  "WEIGHTS = init_weights()",
  "",
  "",
  "@tf.function",
  "def dense(x, w, b, activation=None):",
  "  y = tf.matmul(x, w) + b",
  "  if activation is not None:",
  "    y = activation(y)",
  "  return y",
  "",
  "",
  "@tf.function",
  "def model(images):",
  "  w1, b1, w2, b2 = WEIGHTS",
  "  hidden = dense(images, w1, b1, activation=tf.nn.relu)",
  "  logits = dense(hidden, w2, b2)",
  "  return tf.nn.softmax(logits)",
  "",
  "",
  "@tf.function",
  "def cross_entropy(logits, labels):",
  "  # \"logits\" are already probabilities here: once one of them underflows to",
  "  # 0.0, log() gives -inf (softmax_cross_entropy_with_logits would not).",
  "  return -tf.reduce_mean(labels * tf.math.log(logits))",
  "",
  "",
  "@tf.function",
  "def clip_by_global_norm(grads):",
  "  clipped, _ = tf.clip_by_global_norm(grads, CLIP_NORM)",
  "  return clipped",
  "",
  "",
  "@tf.function",
  "def sgd_update(grads):",
  "  for weight, grad in zip(WEIGHTS, grads):",
  "    weight.assign_sub(LEARNING_RATE * grad)",
  "",
  "",
  "def accuracy(probs, labels):",
  "  hits = tf.equal(tf.argmax(probs, 1), tf.argmax(labels, 1))",
  "  return tf.reduce_mean(tf.cast(hits, tf.float32))",
  "",
  "",
  "def train(steps):",
  "  train_batches = load_batches(BATCH_SIZE, \"train\")",
  "  test_batches = load_batches(TEST_BATCH_SIZE, \"test\")",
  "  global_step = tf.Variable(0, dtype=tf.int64)",
  "  for _ in range(steps):",
  "    images, labels = next(train_batches)",
  "    with tf.GradientTape() as tape:",
  "      probs = model(images)",
  "      loss = cross_entropy(probs, labels)",
  "    grads = tape.gradient(loss, WEIGHTS)",
  "    sgd_update(clip_by_global_norm(grads))",
  "",
  "    test_images, test_labels = next(test_batches)",
  "    test_probs = model(test_images)",
  "    acc = accuracy(test_probs, test_labels)",
  "    global_step.assign_add(1)",
  "    print(\"step %d: loss %.4f, test accuracy %.4f\"",
  "          % (global_step.read_value(), loss, acc))",
  "",
  "",
  "def main(argv):",
  "  flags = parse_flags(argv)",
  "  tf.debugging.experimental.enable_dump_debug_info(",
  "      flags.dump_dir,",
  "      tensor_debug_mode=\"FULL_HEALTH\",",
  "      circular_buffer_size=-1)",
  "  train(flags.steps)",
  "",
  "",
  "if __name__ == \"__main__\":",
  "  main(sys.argv[1:])",
  "",
  NULL
};

typedef enum {
  F_NONE = -1,
  /* Frames in train_mlp.py, found by their text. */
  U_MODULE,
  U_MAIN_TRAIN,
  U_TRAIN_LOAD_TRAIN,
  U_TRAIN_LOAD_TEST,
  U_TRAIN_GLOBAL_STEP,
  U_TRAIN_NEXT,
  U_TRAIN_MODEL,
  U_TRAIN_CROSS_ENTROPY,
  U_TRAIN_GRADIENT,
  U_TRAIN_UPDATE,
  U_TRAIN_NEXT_TEST,
  U_TRAIN_MODEL_TEST,
  U_TRAIN_ACCURACY,
  U_TRAIN_STEP,
  U_TRAIN_READ_STEP,
  U_LOAD_SLICES_TRAIN,
  U_LOAD_SHUFFLE,
  U_LOAD_SLICES_TEST,
  U_LOAD_BATCH,
  U_LOAD_MAP,
  U_FORMAT_IMAGES,
  U_FORMAT_LABELS,
  U_DENSE_MATMUL,
  U_DENSE_ACTIVATION,
  U_MODEL_HIDDEN,
  U_MODEL_LOGITS,
  U_MODEL_SOFTMAX,
  U_CROSS_ENTROPY_LOG,
  U_CLIP,
  U_SGD,
  U_ACCURACY_HITS,
  U_ACCURACY_MEAN,
  /* Frames in TensorFlow's own files (stand-ins with plausible lines). */
  L_TB_HANDLER,
  L_TB_DISPATCH,
  L_PF_CALL,
  L_PF_CALL_INNER,
  L_PF_INITIALIZE,
  L_PF_GET_CONCRETE,
  L_PF_TRACE,
  L_PF_MAYBE_DEFINE,
  L_PF_CREATE,
  L_PF_WRAPPED,
  L_PF_CALL_FUNCTION,
  L_PF_CALL_FLAT,
  L_PF_PREFLATTENED,
  L_PF_ATOMIC_CALL,
  L_PF_PARTITIONED_CALL,
  L_PF_BACKWARD,
  L_PF_REWRITE,
  L_PF_REWRITE_CALL,
  L_PF_FORWARD_BACKWARD,
  L_PF_BACKPROP_FUNCTION,
  L_FG_ARGS,
  L_FG_GET_INPUTS,
  L_FG_CONVERT,
  L_FG_AUTOGRAPH,
  L_FG_FROM_PY,
  L_FG_OUTPUTS,
  L_FG_CREATE_OP,
  L_OPS_CREATE_OP,
  L_OPS_APPLY_OP,
  L_OPS_INVOKE_CALLBACKS,
  L_DC_STACK,
  L_DC_GRAPH,
  L_DC_EAGER,
  L_DC_DUMP_EAGER,
  L_BP_IMPERATIVE,
  L_BP_GRAD_FN,
  L_BP_MAYBE_COMPILE,
  L_BP_HELPER,
  L_BP_LAMBDA,
  L_BP_GRADIENT,
  L_DS_HELPER,
  L_DS_WRAPPER_FN,
  L_DS_WRAPPER,
  L_DS_MAP_V2,
  L_DS_ITER,
  L_DS_ITER_INIT,
  L_DS_CREATE_ITERATOR,
  L_DS_MAKE_ITERATOR,
  L_DS_NEXT_INTERNAL,
  L_DS_NEXT,
  L_DS_FROM_SLICES,
  L_DS_REPEAT,
  L_DS_SHUFFLE,
  L_DS_BATCH,
  L_DS_MAP,
  L_DS_MAP_INIT,
  L_EX_QUICK,
  N_FRAMES
} Frame;

/* @line 0: the first line of train_mlp.py that contains @text. */
typedef struct {
  Source source;
  gint line;
  const char *func;
  const char *text;
} FrameDef;

static const FrameDef frame_defs[N_FRAMES] = {
  [U_MODULE] = { SRC_USER, 0, "<module>", "  main(sys.argv[1:])" },
  [U_MAIN_TRAIN] = { SRC_USER, 0, "main", "  train(flags.steps)" },
  [U_TRAIN_LOAD_TRAIN] = { SRC_USER, 0, "train", "load_batches(BATCH_SIZE, \"train\")" },
  [U_TRAIN_LOAD_TEST] = { SRC_USER, 0, "train", "load_batches(TEST_BATCH_SIZE, \"test\")" },
  [U_TRAIN_GLOBAL_STEP] = { SRC_USER, 0, "train", "global_step = tf.Variable(" },
  [U_TRAIN_NEXT] = { SRC_USER, 0, "train", "next(train_batches)" },
  [U_TRAIN_MODEL] = { SRC_USER, 0, "train", "probs = model(images)" },
  [U_TRAIN_CROSS_ENTROPY] = { SRC_USER, 0, "train", "loss = cross_entropy(probs, labels)" },
  [U_TRAIN_GRADIENT] = { SRC_USER, 0, "train", "grads = tape.gradient(loss, WEIGHTS)" },
  [U_TRAIN_UPDATE] = { SRC_USER, 0, "train", "sgd_update(clip_by_global_norm(grads))" },
  [U_TRAIN_NEXT_TEST] = { SRC_USER, 0, "train", "next(test_batches)" },
  [U_TRAIN_MODEL_TEST] = { SRC_USER, 0, "train", "test_probs = model(test_images)" },
  [U_TRAIN_ACCURACY] = { SRC_USER, 0, "train", "acc = accuracy(test_probs, test_labels)" },
  [U_TRAIN_STEP] = { SRC_USER, 0, "train", "global_step.assign_add(1)" },
  [U_TRAIN_READ_STEP] = { SRC_USER, 0, "train", "global_step.read_value()" },
  [U_LOAD_SLICES_TRAIN] = { SRC_USER, 0, "load_batches", "from_tensor_slices((train_x, train_y))" },
  [U_LOAD_SHUFFLE] = { SRC_USER, 0, "load_batches", "data = data.shuffle(" },
  [U_LOAD_SLICES_TEST] = { SRC_USER, 0, "load_batches", "from_tensor_slices((test_x, test_y))" },
  [U_LOAD_BATCH] = { SRC_USER, 0, "load_batches", "data = data.repeat().batch(" },
  [U_LOAD_MAP] = { SRC_USER, 0, "load_batches", "return iter(data.map(format_example))" },
  [U_FORMAT_IMAGES] = { SRC_USER, 0, "format_example", "images = tf.cast(tf.reshape(" },
  [U_FORMAT_LABELS] = { SRC_USER, 0, "format_example", "labels = tf.one_hot(" },
  [U_DENSE_MATMUL] = { SRC_USER, 0, "dense", "y = tf.matmul(x, w) + b" },
  [U_DENSE_ACTIVATION] = { SRC_USER, 0, "dense", "y = activation(y)" },
  [U_MODEL_HIDDEN] = { SRC_USER, 0, "model", "hidden = dense(images, w1, b1" },
  [U_MODEL_LOGITS] = { SRC_USER, 0, "model", "logits = dense(hidden, w2, b2)" },
  [U_MODEL_SOFTMAX] = { SRC_USER, 0, "model", "return tf.nn.softmax(logits)" },
  [U_CROSS_ENTROPY_LOG] = { SRC_USER, 0, "cross_entropy", "tf.math.log(logits)" },
  [U_CLIP] = { SRC_USER, 0, "clip_by_global_norm", "tf.clip_by_global_norm(grads, CLIP_NORM)" },
  [U_SGD] = { SRC_USER, 0, "sgd_update", "weight.assign_sub(" },
  [U_ACCURACY_HITS] = { SRC_USER, 0, "accuracy", "hits = tf.equal(" },
  [U_ACCURACY_MEAN] = { SRC_USER, 0, "accuracy", "return tf.reduce_mean(tf.cast(hits" },
  [L_TB_HANDLER] = { SRC_TRACEBACK, 153, "error_handler", "return fn(*args, **kwargs)" },
  [L_TB_DISPATCH] = { SRC_TRACEBACK, 260, "op_dispatch_handler", "return dispatch_target(*args, **kwargs)" },
  [L_PF_CALL] = { SRC_POLYMORPHIC, 833, "__call__", "result = self._call(*args, **kwds)" },
  [L_PF_CALL_INNER] = { SRC_POLYMORPHIC, 878, "_call", "results = tracing_compilation.call_function(" },
  [L_PF_INITIALIZE] = { SRC_POLYMORPHIC, 694, "_initialize", "self._concrete_variable_creation_fn = tracing_compilation.trace_function(" },
  [L_PF_GET_CONCRETE] = { SRC_POLYMORPHIC, 1251, "get_concrete_function", "concrete = self._get_concrete_function_garbage_collected(*args, **kwargs)" },
  [L_PF_TRACE] = { SRC_POLYMORPHIC, 178, "trace_function", "concrete_function = _maybe_define_function(" },
  [L_PF_MAYBE_DEFINE] = { SRC_POLYMORPHIC, 283, "_maybe_define_function", "concrete_function = _create_concrete_function(" },
  [L_PF_CREATE] = { SRC_POLYMORPHIC, 310, "_create_concrete_function", "traced_func_graph = func_graph_module.func_graph_from_py_func(" },
  [L_PF_WRAPPED] = { SRC_POLYMORPHIC, 598, "wrapped_fn", "out = weak_wrapped_fn().__wrapped__(*args, **kwds)" },
  [L_PF_CALL_FUNCTION] = { SRC_POLYMORPHIC, 139, "call_function", "return function._call_flat(  # pylint: disable=protected-access" },
  [L_PF_CALL_FLAT] = { SRC_POLYMORPHIC, 1323, "_call_flat", "flat_outputs = self._inference_function.call_preflattened(args)" },
  [L_PF_PREFLATTENED] = { SRC_POLYMORPHIC, 216, "call_preflattened", "flat_outputs = self.call_flat(*args)" },
  [L_PF_ATOMIC_CALL] = { SRC_POLYMORPHIC, 251, "call_flat", "outputs = self._bound_context.call_function(" },
  [L_PF_PARTITIONED_CALL] = { SRC_POLYMORPHIC, 267, "call_flat", "outputs = functional_ops.partitioned_call(" },
  [L_PF_BACKWARD] = { SRC_POLYMORPHIC, 1595, "_backward_function", "return self._rewrite_forward_and_call_backward(call_op, *args)" },
  [L_PF_REWRITE] = { SRC_POLYMORPHIC, 1560, "_rewrite_forward_and_call_backward", "forward_function, backwards_function = self.forward_backward(len(doutputs))" },
  [L_PF_REWRITE_CALL] = { SRC_POLYMORPHIC, 1566, "_rewrite_forward_and_call_backward", "return backwards_function.call_flat(*args)" },
  [L_PF_FORWARD_BACKWARD] = { SRC_POLYMORPHIC, 1490, "_construct_forward_backward", "backwards_graph = func_graph_module.func_graph_from_py_func(" },
  [L_PF_BACKPROP_FUNCTION] = { SRC_POLYMORPHIC, 1468, "_backprop_function", "return gradients_util._GradientsHelper(  # pylint: disable=protected-access" },
  [L_FG_ARGS] = { SRC_FUNC_GRAPH, 1001, "func_graph_from_py_func", "func_args = _get_defun_inputs_from_args(args, arg_names)" },
  [L_FG_GET_INPUTS] = { SRC_FUNC_GRAPH, 1281, "_get_defun_inputs", "placeholder = graph_placeholder(dtype=spec.dtype, shape=spec.shape, name=requested_name)" },
  [L_FG_CONVERT] = { SRC_FUNC_GRAPH, 1026, "convert", "x = array_ops.identity(x)" },
  [L_FG_AUTOGRAPH] = { SRC_FUNC_GRAPH, 1045, "autograph_handler", "return api.converted_call(" },
  [L_FG_FROM_PY] = { SRC_FUNC_GRAPH, 1059, "func_graph_from_py_func", "func_outputs = python_func(*func_args, **func_kwargs)" },
  [L_FG_OUTPUTS] = { SRC_FUNC_GRAPH, 1078, "func_graph_from_py_func", "func_outputs = nest.map_structure(convert, func_outputs, expand_composites=True)" },
  [L_FG_CREATE_OP] = { SRC_FUNC_GRAPH, 671, "_create_op_internal", "return super()._create_op_internal(  # pylint: disable=protected-access" },
  [L_OPS_CREATE_OP] = { SRC_OPS, 2662, "_create_op_internal", "ret = Operation.from_node_def(" },
  [L_OPS_APPLY_OP] = { SRC_OPS, 796, "_apply_op_helper", "op = g._create_op_internal(op_type_name, inputs, dtypes=None," },
  [L_OPS_INVOKE_CALLBACKS] = { SRC_OPS, 5932, "invoke_op_callbacks", "callback_outputs = callback(" },
  [L_DC_STACK] = { SRC_DUMPING, 338, "_process_stack_frames", "stack_frames = tf_stack.extract_stack()" },
  [L_DC_GRAPH] = { SRC_DUMPING, 585, "callback", "return self._instrument_symbolic_tensors(" },
  [L_DC_EAGER] = { SRC_DUMPING, 623, "callback", "execution_proto = self._dump_eager_tensors(" },
  [L_DC_DUMP_EAGER] = { SRC_DUMPING, 516, "_dump_eager_tensors", "code_location=self._process_stack_frames()," },
  [L_BP_IMPERATIVE] = { SRC_BACKPROP, 67, "imperative_grad", "return pywrap_tfe.TFE_Py_TapeGradient(" },
  [L_BP_GRAD_FN] = { SRC_BACKPROP, 146, "_gradient_function", "return grad_fn(mock_op, *out_grads)" },
  [L_BP_MAYBE_COMPILE] = { SRC_BACKPROP, 340, "_MaybeCompile", "return grad_fn()  # Exit early" },
  [L_BP_HELPER] = { SRC_BACKPROP, 714, "_GradientsHelper", "in_grads = _MaybeCompile(grad_scope, op, func_call," },
  [L_BP_LAMBDA] = { SRC_BACKPROP, 715, "<lambda>", "lambda: grad_fn(op, *out_grads))" },
  [L_BP_GRADIENT] = { SRC_BACKPROP, 1066, "gradient", "flat_grad = imperative_grad.imperative_grad(" },
  [L_DS_HELPER] = { SRC_DATASET, 161, "_wrapper_helper", "ret = autograph.tf_convert(self._func, ag_ctx)(*nested_args)" },
  [L_DS_WRAPPER_FN] = { SRC_DATASET, 231, "wrapper_fn", "ret = _wrapper_helper(*args)" },
  [L_DS_WRAPPER] = { SRC_DATASET, 265, "__init__", "self._function = fn_factory()" },
  [L_DS_MAP_V2] = { SRC_DATASET, 337, "_map_v2", "return _MapDataset(" },
  [L_DS_ITER] = { SRC_DATASET, 501, "__iter__", "return iterator_ops.OwnedIterator(self)" },
  [L_DS_ITER_INIT] = { SRC_DATASET, 707, "__init__", "self._create_iterator(dataset)" },
  [L_DS_CREATE_ITERATOR] = { SRC_DATASET, 746, "_create_iterator", "self._iterator_resource = (" },
  [L_DS_MAKE_ITERATOR] = { SRC_DATASET, 752, "_create_iterator", "gen_dataset_ops.make_iterator(ds_variant, self._iterator_resource)" },
  [L_DS_NEXT_INTERNAL] = { SRC_DATASET, 772, "_next_internal", "ret = gen_dataset_ops.iterator_get_next(" },
  [L_DS_NEXT] = { SRC_DATASET, 809, "__next__", "return self._next_internal()" },
  [L_DS_FROM_SLICES] = { SRC_DATASET, 826, "from_tensor_slices", "return from_tensor_slices_op._from_tensor_slices(tensors, name)" },
  [L_DS_REPEAT] = { SRC_DATASET, 1367, "repeat", "return repeat_op._repeat(self, count, name)" },
  [L_DS_SHUFFLE] = { SRC_DATASET, 1548, "shuffle", "return shuffle_op._shuffle(" },
  [L_DS_BATCH] = { SRC_DATASET, 1845, "batch", "return batch_op._batch(self, batch_size, drop_remainder, num_parallel_calls," },
  [L_DS_MAP] = { SRC_DATASET, 2341, "map", "return map_op._map_v2(" },
  [L_DS_MAP_INIT] = { SRC_DATASET, 2402, "__init__", "self._map_func = structured_function.StructuredFunctionWrapper(" },
  [L_EX_QUICK] = { SRC_EXECUTE, 53, "quick_execute", "tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name," },
};

/* Stack pieces, outermost first, F_NONE-terminated. */
static const Frame trace_head[] = { L_TB_HANDLER, L_PF_CALL, L_PF_CALL_INNER, L_PF_INITIALIZE, L_PF_TRACE,
                                    L_PF_MAYBE_DEFINE, L_PF_CREATE, F_NONE };
static const Frame trace_body[] = { L_FG_FROM_PY, L_PF_WRAPPED, L_FG_AUTOGRAPH, F_NONE };
static const Frame dataset_head[] = { L_DS_MAP, L_DS_MAP_V2, L_DS_MAP_INIT, L_DS_WRAPPER, L_PF_GET_CONCRETE,
                                      L_PF_TRACE, L_PF_MAYBE_DEFINE, L_PF_CREATE, F_NONE };
static const Frame dataset_body[] = { L_FG_FROM_PY, L_DS_WRAPPER_FN, L_DS_HELPER, F_NONE };
static const Frame backward_head[] = { L_BP_GRADIENT, L_BP_IMPERATIVE, L_BP_GRAD_FN, L_PF_BACKWARD, L_PF_REWRITE,
                                       L_PF_FORWARD_BACKWARD, F_NONE };
static const Frame backward_body[] = { L_FG_FROM_PY, L_PF_BACKPROP_FUNCTION, L_BP_HELPER, L_BP_MAYBE_COMPILE,
                                       L_BP_LAMBDA, F_NONE };
static const Frame placeholder_tail[] = { L_FG_ARGS, L_FG_GET_INPUTS, L_FG_CREATE_OP, L_OPS_CREATE_OP,
                                          L_OPS_INVOKE_CALLBACKS, L_DC_GRAPH, L_DC_STACK, F_NONE };
static const Frame output_head[] = { L_FG_OUTPUTS, L_FG_CONVERT, F_NONE };
static const Frame dispatch[] = { L_TB_HANDLER, L_TB_DISPATCH, F_NONE };
static const Frame op_tail[] = { L_OPS_APPLY_OP, L_FG_CREATE_OP, L_OPS_CREATE_OP, L_OPS_INVOKE_CALLBACKS,
                                 L_DC_GRAPH, L_DC_STACK, F_NONE };
static const Frame call_op_tail[] = { L_TB_HANDLER, L_PF_CALL, L_PF_CALL_INNER, L_PF_CALL_FUNCTION, L_PF_CALL_FLAT,
                                      L_PF_PREFLATTENED, L_PF_PARTITIONED_CALL, L_FG_CREATE_OP, L_OPS_CREATE_OP,
                                      L_OPS_INVOKE_CALLBACKS, L_DC_GRAPH, L_DC_STACK, F_NONE };
static const Frame call_chain[] = { L_TB_HANDLER, L_PF_CALL, L_PF_CALL_INNER, L_PF_CALL_FUNCTION, L_PF_CALL_FLAT,
                                    L_PF_PREFLATTENED, L_PF_ATOMIC_CALL, L_EX_QUICK, L_OPS_INVOKE_CALLBACKS,
                                    L_DC_EAGER, L_DC_DUMP_EAGER, L_DC_STACK, F_NONE };
static const Frame backward_call_chain[] = { L_BP_GRADIENT, L_BP_IMPERATIVE, L_BP_GRAD_FN, L_PF_BACKWARD,
                                             L_PF_REWRITE_CALL, L_PF_ATOMIC_CALL, L_EX_QUICK,
                                             L_OPS_INVOKE_CALLBACKS, L_DC_EAGER, L_DC_DUMP_EAGER, L_DC_STACK,
                                             F_NONE };
static const Frame eager_tail[] = { L_OPS_INVOKE_CALLBACKS, L_DC_EAGER, L_DC_DUMP_EAGER, L_DC_STACK, F_NONE };

/* ------------------------------------------------------------------------------------------ */
/* Values                                                                                     */

/* How the finite elements of a float tensor split into negative, zero and positive. */
typedef enum {
  P_POS,
  P_NEG,
  P_ZERO,
  P_MIXED,
  P_RELU,       /* about half zeros */
  P_IMAGE,      /* MNIST pixels: about 80 % zeros */
  P_ONEHOT,     /* one positive per row of ten */
  P_LABEL_NEG,  /* one negative per row of ten, the rest zeros (labels * log(probs)) */
  P_HITS,       /* about 90 % ones */
} Profile;

/* What the bad step does to a tensor (before the weights are NaN). */
typedef enum {
  B_NONE,
  B_ONE_ZERO,     /* a probability underflows to 0.0 */
  B_ONE_NEG_INF,  /* log(0.0) */
  B_ONE_POS_INF,  /* 1 / 0.0 */
  B_ONE_NAN,      /* 0 * inf */
  B_ROW_NAN,      /* the NaN spreads along one row */
  B_ALL_NAN,      /* a reduction or product over it */
} Bad;

typedef struct {
  gint64 neg_inf, pos_inf, nan, neg, zero, pos;
} Counts;

/* Output spec: "f:Nx784" (dtype letter, ':' and dims, N = the graph's batch), "f:" (scalar),
 * "r" (resource), "v" (variant). */
#define MAX_DIMS 4
typedef struct {
  gint dtype;
  guint rank;
  gint64 dims[MAX_DIMS];
  gint64 size;
} Spec;

/* ------------------------------------------------------------------------------------------ */
/* Graphs                                                                                     */

typedef struct {
  const char *type;
  const char *name;
  const char *inputs;     /* space-separated "op:slot", "^op" for control inputs */
  const char *outputs;    /* space-separated specs */
  Profile profile;
  Bad bad;
  gboolean tainted;       /* computed from the weights: NaN once they are */
  Frame user;             /* line of the traced function that created it; F_NONE for placeholders,
                           * function outputs and gradient ops */
  guint callee;           /* function calls: 1-based index among the graph's nested graphs */
} OpDef;

static const OpDef map_ops[] = {
  { "Placeholder", "images", "", "u8:Nx28x28", P_IMAGE, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "labels", "", "u8:N", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "Reshape/shape", "", "i:2", P_POS, B_NONE, FALSE, U_FORMAT_IMAGES, 0 },
  { "Reshape", "Reshape", "images:0 Reshape/shape:0", "u8:Nx784", P_IMAGE, B_NONE, FALSE, U_FORMAT_IMAGES, 0 },
  { "Cast", "Cast", "Reshape:0", "f:Nx784", P_IMAGE, B_NONE, FALSE, U_FORMAT_IMAGES, 0 },
  { "Const", "truediv/y", "", "f:", P_POS, B_NONE, FALSE, U_FORMAT_IMAGES, 0 },
  { "RealDiv", "truediv", "Cast:0 truediv/y:0", "f:Nx784", P_IMAGE, B_NONE, FALSE, U_FORMAT_IMAGES, 0 },
  { "Const", "one_hot/on_value", "", "f:", P_POS, B_NONE, FALSE, U_FORMAT_LABELS, 0 },
  { "Const", "one_hot/off_value", "", "f:", P_ZERO, B_NONE, FALSE, U_FORMAT_LABELS, 0 },
  { "Const", "one_hot/depth", "", "i:", P_POS, B_NONE, FALSE, U_FORMAT_LABELS, 0 },
  { "OneHot", "one_hot", "labels:0 one_hot/depth:0 one_hot/on_value:0 one_hot/off_value:0", "f:Nx10",
    P_ONEHOT, B_NONE, FALSE, U_FORMAT_LABELS, 0 },
  { "Identity", "Identity", "truediv:0", "f:Nx784", P_IMAGE, B_NONE, FALSE, F_NONE, 0 },
  { "Identity", "Identity_1", "one_hot:0", "f:Nx10", P_ONEHOT, B_NONE, FALSE, F_NONE, 0 },
};

static const OpDef model_ops[] = {
  { "Placeholder", "images", "", "f:Nx784", P_IMAGE, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "w1", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "b1", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "w2", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "b2", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "StatefulPartitionedCall", "StatefulPartitionedCall", "images:0 w1:0 b1:0", "f:Nx256",
    P_RELU, B_NONE, TRUE, U_MODEL_HIDDEN, 1 },
  { "StatefulPartitionedCall", "StatefulPartitionedCall_1", "StatefulPartitionedCall:0 w2:0 b2:0", "f:Nx10",
    P_MIXED, B_NONE, TRUE, U_MODEL_LOGITS, 2 },
  { "Softmax", "Softmax", "StatefulPartitionedCall_1:0", "f:Nx10", P_POS, B_ONE_ZERO, TRUE, U_MODEL_SOFTMAX, 0 },
  { "Identity", "Identity", "Softmax:0", "f:Nx10", P_POS, B_ONE_ZERO, TRUE, F_NONE, 0 },
};

static const OpDef dense_relu_ops[] = {
  { "Placeholder", "x", "", "f:Nx784", P_IMAGE, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "w", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "b", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "ReadVariableOp", "MatMul/ReadVariableOp", "w:0", "f:784x256", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "MatMul", "MatMul", "x:0 MatMul/ReadVariableOp:0", "f:Nx256", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "ReadVariableOp", "add/ReadVariableOp", "b:0", "f:256", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "AddV2", "add", "MatMul:0 add/ReadVariableOp:0", "f:Nx256", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "Relu", "Relu", "add:0", "f:Nx256", P_RELU, B_NONE, TRUE, U_DENSE_ACTIVATION, 0 },
  { "Identity", "Identity", "Relu:0", "f:Nx256", P_RELU, B_NONE, TRUE, F_NONE, 0 },
};

static const OpDef dense_logits_ops[] = {
  { "Placeholder", "x", "", "f:Nx256", P_RELU, B_NONE, TRUE, F_NONE, 0 },
  { "Placeholder", "w", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "b", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "ReadVariableOp", "MatMul/ReadVariableOp", "w:0", "f:256x10", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "MatMul", "MatMul", "x:0 MatMul/ReadVariableOp:0", "f:Nx10", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "ReadVariableOp", "add/ReadVariableOp", "b:0", "f:10", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "AddV2", "add", "MatMul:0 add/ReadVariableOp:0", "f:Nx10", P_MIXED, B_NONE, TRUE, U_DENSE_MATMUL, 0 },
  { "Identity", "Identity", "add:0", "f:Nx10", P_MIXED, B_NONE, TRUE, F_NONE, 0 },
};

static const OpDef cross_entropy_ops[] = {
  { "Placeholder", "logits", "", "f:Nx10", P_POS, B_ONE_ZERO, TRUE, F_NONE, 0 },
  { "Placeholder", "labels", "", "f:Nx10", P_ONEHOT, B_NONE, FALSE, F_NONE, 0 },
  { "Log", "Log", "logits:0", "f:Nx10", P_NEG, B_ONE_NEG_INF, TRUE, U_CROSS_ENTROPY_LOG, 0 },
  { "Mul", "mul", "labels:0 Log:0", "f:Nx10", P_LABEL_NEG, B_ONE_NAN, TRUE, U_CROSS_ENTROPY_LOG, 0 },
  { "Const", "Const", "", "i:2", P_POS, B_NONE, FALSE, U_CROSS_ENTROPY_LOG, 0 },
  { "Mean", "Mean", "mul:0 Const:0", "f:", P_NEG, B_ALL_NAN, TRUE, U_CROSS_ENTROPY_LOG, 0 },
  { "Neg", "Neg", "Mean:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CROSS_ENTROPY_LOG, 0 },
  { "Identity", "Identity", "Neg:0", "f:", P_POS, B_ALL_NAN, TRUE, F_NONE, 0 },
};

static const OpDef backward_cross_entropy_ops[] = {
  { "Placeholder", "gradients/grad_ys_0", "", "f:", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "logits", "", "f:Nx10", P_POS, B_ONE_ZERO, TRUE, F_NONE, 0 },
  { "Placeholder", "labels", "", "f:Nx10", P_ONEHOT, B_NONE, FALSE, F_NONE, 0 },
  { "Neg", "gradients/Neg_grad/Neg", "gradients/grad_ys_0:0", "f:", P_NEG, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "gradients/Mean_grad/Reshape/shape", "", "i:2", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Reshape", "gradients/Mean_grad/Reshape", "gradients/Neg_grad/Neg:0 gradients/Mean_grad/Reshape/shape:0",
    "f:1x1", P_NEG, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "gradients/Mean_grad/Const", "", "i:2", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Tile", "gradients/Mean_grad/Tile", "gradients/Mean_grad/Reshape:0 gradients/Mean_grad/Const:0", "f:Nx10",
    P_NEG, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "gradients/Mean_grad/Const_1", "", "f:", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "RealDiv", "gradients/Mean_grad/truediv", "gradients/Mean_grad/Tile:0 gradients/Mean_grad/Const_1:0",
    "f:Nx10", P_NEG, B_NONE, FALSE, F_NONE, 0 },
  { "Mul", "gradients/mul_grad/Mul_1", "labels:0 gradients/Mean_grad/truediv:0", "f:Nx10",
    P_LABEL_NEG, B_NONE, FALSE, F_NONE, 0 },
  /* Log's gradient waits for the incoming gradient: a control input. */
  { "Reciprocal", "gradients/Log_grad/Reciprocal", "logits:0 ^gradients/mul_grad/Mul_1", "f:Nx10",
    P_POS, B_ONE_POS_INF, TRUE, F_NONE, 0 },
  { "Mul", "gradients/Log_grad/mul", "gradients/mul_grad/Mul_1:0 gradients/Log_grad/Reciprocal:0", "f:Nx10",
    P_LABEL_NEG, B_ONE_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity", "gradients/Log_grad/mul:0", "f:Nx10", P_LABEL_NEG, B_ONE_NAN, TRUE, F_NONE, 0 },
};

static const OpDef backward_model_ops[] = {
  { "Placeholder", "gradients/grad_ys_0", "", "f:Nx10", P_LABEL_NEG, B_ONE_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "softmax", "", "f:Nx10", P_POS, B_ONE_ZERO, TRUE, F_NONE, 0 },
  { "Placeholder", "relu", "", "f:Nx256", P_RELU, B_NONE, TRUE, F_NONE, 0 },
  { "Placeholder", "images", "", "f:Nx784", P_IMAGE, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "matmul_readvariableop", "", "f:256x10", P_MIXED, B_NONE, TRUE, F_NONE, 0 },
  { "Mul", "gradients/Softmax_grad/mul", "gradients/grad_ys_0:0 softmax:0", "f:Nx10",
    P_LABEL_NEG, B_ONE_NAN, TRUE, F_NONE, 0 },
  { "Const", "gradients/Softmax_grad/Sum/reduction_indices", "", "i:", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Sum", "gradients/Softmax_grad/Sum",
    "gradients/Softmax_grad/mul:0 gradients/Softmax_grad/Sum/reduction_indices:0", "f:Nx1",
    P_NEG, B_ONE_NAN, TRUE, F_NONE, 0 },
  { "Sub", "gradients/Softmax_grad/sub", "gradients/grad_ys_0:0 gradients/Softmax_grad/Sum:0", "f:Nx10",
    P_MIXED, B_ROW_NAN, TRUE, F_NONE, 0 },
  { "Mul", "gradients/Softmax_grad/mul_1", "gradients/Softmax_grad/sub:0 softmax:0", "f:Nx10",
    P_MIXED, B_ROW_NAN, TRUE, F_NONE, 0 },
  { "Const", "gradients/dense_1/add_grad/Sum/reduction_indices", "", "i:1", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Sum", "gradients/dense_1/add_grad/Sum",
    "gradients/Softmax_grad/mul_1:0 gradients/dense_1/add_grad/Sum/reduction_indices:0", "f:10",
    P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "MatMul", "gradients/dense_1/MatMul_grad/MatMul", "gradients/Softmax_grad/mul_1:0 matmul_readvariableop:0",
    "f:Nx256", P_MIXED, B_ROW_NAN, TRUE, F_NONE, 0 },
  { "MatMul", "gradients/dense_1/MatMul_grad/MatMul_1", "relu:0 gradients/Softmax_grad/mul_1:0", "f:256x10",
    P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "ReluGrad", "gradients/dense/Relu_grad/ReluGrad", "gradients/dense_1/MatMul_grad/MatMul:0 relu:0",
    "f:Nx256", P_MIXED, B_ROW_NAN, TRUE, F_NONE, 0 },
  { "Const", "gradients/dense/add_grad/Shape", "", "i:2", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "gradients/dense/add_grad/Shape_1", "", "i:1", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "BroadcastGradientArgs", "gradients/dense/add_grad/BroadcastGradientArgs",
    "gradients/dense/add_grad/Shape:0 gradients/dense/add_grad/Shape_1:0", "i:0 i:1",
    P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Sum", "gradients/dense/add_grad/Sum",
    "gradients/dense/Relu_grad/ReluGrad:0 gradients/dense/add_grad/BroadcastGradientArgs:1", "f:256",
    P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "MatMul", "gradients/dense/MatMul_grad/MatMul_1", "images:0 gradients/dense/Relu_grad/ReluGrad:0",
    "f:784x256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity", "gradients/dense/MatMul_grad/MatMul_1:0", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_1", "gradients/dense/add_grad/Sum:0", "f:256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_2", "gradients/dense_1/MatMul_grad/MatMul_1:0", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_3", "gradients/dense_1/add_grad/Sum:0", "f:10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
};

#define CLIP "clip_by_global_norm/"
#define NORM CLIP "global_norm/"
static const OpDef clip_ops[] = {
  { "Placeholder", "grads", "", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_1", "", "f:256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_2", "", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_3", "", "f:10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "L2Loss", NORM "L2Loss", "grads:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "L2Loss", NORM "L2Loss_1", "grads_1:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "L2Loss", NORM "L2Loss_2", "grads_2:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "L2Loss", NORM "L2Loss_3", "grads_3:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Pack", NORM "stack", NORM "L2Loss:0 " NORM "L2Loss_1:0 " NORM "L2Loss_2:0 " NORM "L2Loss_3:0", "f:4",
    P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Const", NORM "Const", "", "i:1", P_POS, B_NONE, FALSE, U_CLIP, 0 },
  { "Sum", NORM "Sum", NORM "stack:0 " NORM "Const:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Sqrt", NORM "global_norm", NORM "Sum:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Const", CLIP "truediv/x", "", "f:", P_POS, B_NONE, FALSE, U_CLIP, 0 },
  { "RealDiv", CLIP "truediv", CLIP "truediv/x:0 " NORM "global_norm:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Const", CLIP "Const", "", "f:", P_POS, B_NONE, FALSE, U_CLIP, 0 },
  { "Minimum", CLIP "Minimum", CLIP "truediv:0 " CLIP "Const:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Const", CLIP "mul/x", "", "f:", P_POS, B_NONE, FALSE, U_CLIP, 0 },
  { "Mul", CLIP "mul", CLIP "mul/x:0 " CLIP "Minimum:0", "f:", P_POS, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Mul", CLIP "mul_1", "grads:0 " CLIP "mul:0", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Identity", CLIP "clip_by_global_norm/_0", CLIP "mul_1:0", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Mul", CLIP "mul_2", "grads_1:0 " CLIP "mul:0", "f:256", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Identity", CLIP "clip_by_global_norm/_1", CLIP "mul_2:0", "f:256", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Mul", CLIP "mul_3", "grads_2:0 " CLIP "mul:0", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Identity", CLIP "clip_by_global_norm/_2", CLIP "mul_3:0", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Mul", CLIP "mul_4", "grads_3:0 " CLIP "mul:0", "f:10", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Identity", CLIP "clip_by_global_norm/_3", CLIP "mul_4:0", "f:10", P_MIXED, B_ALL_NAN, TRUE, U_CLIP, 0 },
  { "Identity", "Identity", CLIP "clip_by_global_norm/_0:0", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_1", CLIP "clip_by_global_norm/_1:0", "f:256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_2", CLIP "clip_by_global_norm/_2:0", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Identity", "Identity_3", CLIP "clip_by_global_norm/_3:0", "f:10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
};
#undef NORM
#undef CLIP

static const OpDef sgd_ops[] = {
  { "Placeholder", "grads", "", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_1", "", "f:256", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_2", "", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "grads_3", "", "f:10", P_MIXED, B_ALL_NAN, TRUE, F_NONE, 0 },
  { "Placeholder", "assignsubvariableop_resource", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "assignsubvariableop_1_resource", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "assignsubvariableop_2_resource", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Placeholder", "assignsubvariableop_3_resource", "", "r", P_POS, B_NONE, FALSE, F_NONE, 0 },
  { "Const", "mul/x", "", "f:", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Mul", "mul", "mul/x:0 grads:0", "f:784x256", P_MIXED, B_ALL_NAN, TRUE, U_SGD, 0 },
  { "AssignSubVariableOp", "AssignSubVariableOp", "assignsubvariableop_resource:0 mul:0", "", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Const", "mul_1/x", "", "f:", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Mul", "mul_1", "mul_1/x:0 grads_1:0", "f:256", P_MIXED, B_ALL_NAN, TRUE, U_SGD, 0 },
  { "AssignSubVariableOp", "AssignSubVariableOp_1", "assignsubvariableop_1_resource:0 mul_1:0", "", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Const", "mul_2/x", "", "f:", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Mul", "mul_2", "mul_2/x:0 grads_2:0", "f:256x10", P_MIXED, B_ALL_NAN, TRUE, U_SGD, 0 },
  { "AssignSubVariableOp", "AssignSubVariableOp_2", "assignsubvariableop_2_resource:0 mul_2:0", "", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Const", "mul_3/x", "", "f:", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "Mul", "mul_3", "mul_3/x:0 grads_3:0", "f:10", P_MIXED, B_ALL_NAN, TRUE, U_SGD, 0 },
  { "AssignSubVariableOp", "AssignSubVariableOp_3", "assignsubvariableop_3_resource:0 mul_3:0", "", P_POS, B_NONE, FALSE, U_SGD, 0 },
  { "NoOp", "NoOp", "^AssignSubVariableOp ^AssignSubVariableOp_1 ^AssignSubVariableOp_2 ^AssignSubVariableOp_3", "",
    P_POS, B_NONE, FALSE, F_NONE, 0 },
};

/* How a graph came to be traced, which decides the library frames of its ops' stacks. */
typedef enum { ORIGIN_FUNCTION, ORIGIN_DATASET, ORIGIN_BACKWARD } Origin;

typedef enum {
  G_MAP_TRAIN,
  G_MAP_TEST,
  G_MODEL,
  G_DENSE,
  G_DENSE_1,
  G_CROSS_ENTROPY,
  G_BACKWARD_CROSS_ENTROPY,
  G_BACKWARD_MODEL,
  G_CLIP,
  G_SGD,
  G_MODEL_TEST,
  G_DENSE_TEST,
  G_DENSE_1_TEST,
  N_GRAPHS
} GraphIndex;

typedef struct {
  const char *name;
  gint outer;             /* enclosing graph, -1 for none */
  const char *function;   /* Execution.op_type of an eager call; NULL when never called eagerly */
  gint64 batch;           /* replaces N in the output specs */
  Origin origin;
  Frame call_site;        /* the line that calls it: in train(), in load_batches() or in the outer function */
  const OpDef *ops;
  guint n_ops;
} GraphDef;

#define OPS(a) a, G_N_ELEMENTS (a)
static const GraphDef graph_defs[N_GRAPHS] = {
  [G_MAP_TRAIN] = { "Dataset_map_format_example", -1, NULL, 100, ORIGIN_DATASET, U_TRAIN_LOAD_TRAIN, OPS (map_ops) },
  [G_MAP_TEST] = { "Dataset_map_format_example", -1, NULL, 1000, ORIGIN_DATASET, U_TRAIN_LOAD_TEST, OPS (map_ops) },
  [G_MODEL] = { "model", -1, "__inference_model_173", 100, ORIGIN_FUNCTION, U_TRAIN_MODEL, OPS (model_ops) },
  [G_DENSE] = { "dense", G_MODEL, NULL, 100, ORIGIN_FUNCTION, U_MODEL_HIDDEN, OPS (dense_relu_ops) },
  [G_DENSE_1] = { "dense", G_MODEL, NULL, 100, ORIGIN_FUNCTION, U_MODEL_LOGITS, OPS (dense_logits_ops) },
  [G_CROSS_ENTROPY] = { "cross_entropy", -1, "__inference_cross_entropy_211", 100, ORIGIN_FUNCTION,
                        U_TRAIN_CROSS_ENTROPY, OPS (cross_entropy_ops) },
  [G_BACKWARD_CROSS_ENTROPY] = { "__backward_cross_entropy_211_236", -1, "__backward_cross_entropy_211_236", 100,
                                 ORIGIN_BACKWARD, U_TRAIN_GRADIENT, OPS (backward_cross_entropy_ops) },
  [G_BACKWARD_MODEL] = { "__backward_model_173_262", -1, "__backward_model_173_262", 100, ORIGIN_BACKWARD,
                         U_TRAIN_GRADIENT, OPS (backward_model_ops) },
  [G_CLIP] = { "clip_by_global_norm", -1, "__inference_clip_by_global_norm_287", 0, ORIGIN_FUNCTION,
               U_TRAIN_UPDATE, OPS (clip_ops) },
  [G_SGD] = { "sgd_update", -1, "__inference_sgd_update_301", 0, ORIGIN_FUNCTION, U_TRAIN_UPDATE, OPS (sgd_ops) },
  [G_MODEL_TEST] = { "model", -1, "__inference_model_334", 1000, ORIGIN_FUNCTION, U_TRAIN_MODEL_TEST, OPS (model_ops) },
  [G_DENSE_TEST] = { "dense", G_MODEL_TEST, NULL, 1000, ORIGIN_FUNCTION, U_MODEL_HIDDEN, OPS (dense_relu_ops) },
  [G_DENSE_1_TEST] = { "dense", G_MODEL_TEST, NULL, 1000, ORIGIN_FUNCTION, U_MODEL_LOGITS, OPS (dense_logits_ops) },
};
#undef OPS

/* ------------------------------------------------------------------------------------------ */
/* The eager timeline                                                                         */

/* Eager tensors the timeline passes around (their ids are the process-wide eager counter). */
typedef enum {
  V_END = -1,
  V_NEW = -2,      /* an input converted from a Python value just now */
  V_DROP = -3,     /* an output nobody reads again */
  V_W1 = 0, V_B1, V_W2, V_B2,
  V_DATASET, V_TRAIN_ITERATOR, V_TEST_ITERATOR, V_GLOBAL_STEP,
  V_IMAGES, V_LABELS, V_PROBS, V_LOSS, V_DPROBS,
  V_G1, V_G2, V_G3, V_G4, V_C1, V_C2, V_C3, V_C4,
  V_TEST_IMAGES, V_TEST_LABELS, V_TEST_PROBS, V_ARGMAX_1, V_ARGMAX_2, V_HITS, V_HITS_FLOAT,
  N_VALUES
} Value;

typedef enum {
  CHAIN_CALL,       /* eager call of a tf.function */
  CHAIN_BACKWARD,   /* a backward function run by tape.gradient() */
  CHAIN_OP,         /* a public op (dispatch) */
  CHAIN_RAW,        /* an op wrapper called by library code (datasets, iterators) */
} Chain;

typedef struct {
  const char *spec;
  Profile profile;
  Bad bad;
  gboolean tainted;
  Value slot;
} ExecOutput;

#define MAX_EXEC_INPUTS 9
#define MAX_EXEC_OUTPUTS 4
typedef struct {
  const char *op_type;     /* NULL: the function of @graph */
  gint graph;              /* the function called (Execution.graph_id), -1 for single ops */
  gint runs;               /* graph whose traces come before the record (the call, or a dataset map) */
  gint defines;            /* graph traced just before the op runs, -1 for none */
  Frame site[6];           /* frames below main(), outermost first */
  Chain chain;
  Value inputs[MAX_EXEC_INPUTS];
  ExecOutput outputs[MAX_EXEC_OUTPUTS];
} ExecDef;

#define NO_OUTPUTS { { NULL } }
#define VARIANT(slot) { { "v", P_POS, B_NONE, FALSE, slot } }

static const ExecDef setup_execs[] = {
  { "TensorSliceDataset", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_SLICES_TRAIN, L_DS_FROM_SLICES, F_NONE }, CHAIN_RAW,
    { V_NEW, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "ShuffleDatasetV3", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_SHUFFLE, L_DS_SHUFFLE, F_NONE }, CHAIN_RAW,
    { V_DATASET, V_NEW, V_NEW, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "RepeatDataset", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_BATCH, L_DS_REPEAT, F_NONE }, CHAIN_RAW,
    { V_DATASET, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "BatchDatasetV2", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_BATCH, L_DS_BATCH, F_NONE }, CHAIN_RAW,
    { V_DATASET, V_NEW, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "MapDataset", -1, -1, G_MAP_TRAIN, { U_TRAIN_LOAD_TRAIN, U_LOAD_MAP, L_DS_MAP, L_DS_MAP_V2, L_DS_MAP_INIT, F_NONE },
    CHAIN_RAW, { V_DATASET, V_END }, VARIANT (V_DATASET) },
  { "AnonymousIteratorV3", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_MAP, L_DS_ITER, L_DS_ITER_INIT, L_DS_CREATE_ITERATOR, F_NONE },
    CHAIN_RAW, { V_END }, { { "r", P_POS, B_NONE, FALSE, V_TRAIN_ITERATOR } } },
  { "MakeIterator", -1, -1, -1, { U_TRAIN_LOAD_TRAIN, U_LOAD_MAP, L_DS_ITER, L_DS_ITER_INIT, L_DS_MAKE_ITERATOR, F_NONE },
    CHAIN_RAW, { V_DATASET, V_TRAIN_ITERATOR, V_END }, NO_OUTPUTS },
  { "TensorSliceDataset", -1, -1, -1, { U_TRAIN_LOAD_TEST, U_LOAD_SLICES_TEST, L_DS_FROM_SLICES, F_NONE }, CHAIN_RAW,
    { V_NEW, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "RepeatDataset", -1, -1, -1, { U_TRAIN_LOAD_TEST, U_LOAD_BATCH, L_DS_REPEAT, F_NONE }, CHAIN_RAW,
    { V_DATASET, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "BatchDatasetV2", -1, -1, -1, { U_TRAIN_LOAD_TEST, U_LOAD_BATCH, L_DS_BATCH, F_NONE }, CHAIN_RAW,
    { V_DATASET, V_NEW, V_NEW, V_END }, VARIANT (V_DATASET) },
  { "MapDataset", -1, -1, G_MAP_TEST, { U_TRAIN_LOAD_TEST, U_LOAD_MAP, L_DS_MAP, L_DS_MAP_V2, L_DS_MAP_INIT, F_NONE },
    CHAIN_RAW, { V_DATASET, V_END }, VARIANT (V_DATASET) },
  { "AnonymousIteratorV3", -1, -1, -1, { U_TRAIN_LOAD_TEST, U_LOAD_MAP, L_DS_ITER, L_DS_ITER_INIT, L_DS_CREATE_ITERATOR, F_NONE },
    CHAIN_RAW, { V_END }, { { "r", P_POS, B_NONE, FALSE, V_TEST_ITERATOR } } },
  { "MakeIterator", -1, -1, -1, { U_TRAIN_LOAD_TEST, U_LOAD_MAP, L_DS_ITER, L_DS_ITER_INIT, L_DS_MAKE_ITERATOR, F_NONE },
    CHAIN_RAW, { V_DATASET, V_TEST_ITERATOR, V_END }, NO_OUTPUTS },
  { "VarHandleOp", -1, -1, -1, { U_TRAIN_GLOBAL_STEP, F_NONE }, CHAIN_OP,
    { V_END }, { { "r", P_POS, B_NONE, FALSE, V_GLOBAL_STEP } } },
  { "AssignVariableOp", -1, -1, -1, { U_TRAIN_GLOBAL_STEP, F_NONE }, CHAIN_OP,
    { V_GLOBAL_STEP, V_NEW, V_END }, NO_OUTPUTS },
};

/* One training step followed by an evaluation on a test batch. */
static const ExecDef step_execs[] = {
  { "IteratorGetNext", -1, G_MAP_TRAIN, -1, { U_TRAIN_NEXT, L_DS_NEXT, L_DS_NEXT_INTERNAL, F_NONE }, CHAIN_RAW,
    { V_TRAIN_ITERATOR, V_END },
    { { "f:100x784", P_IMAGE, B_NONE, FALSE, V_IMAGES }, { "f:100x10", P_ONEHOT, B_NONE, FALSE, V_LABELS } } },
  { NULL, G_MODEL, G_MODEL, -1, { U_TRAIN_MODEL, F_NONE }, CHAIN_CALL,
    { V_IMAGES, V_W1, V_B1, V_W2, V_B2, V_END }, { { "f:100x10", P_POS, B_ONE_ZERO, TRUE, V_PROBS } } },
  { NULL, G_CROSS_ENTROPY, G_CROSS_ENTROPY, -1, { U_TRAIN_CROSS_ENTROPY, F_NONE }, CHAIN_CALL,
    { V_PROBS, V_LABELS, V_END }, { { "f:", P_POS, B_ALL_NAN, TRUE, V_LOSS } } },
  { NULL, G_BACKWARD_CROSS_ENTROPY, G_BACKWARD_CROSS_ENTROPY, -1, { U_TRAIN_GRADIENT, F_NONE }, CHAIN_BACKWARD,
    { V_LOSS, V_END }, { { "f:100x10", P_LABEL_NEG, B_ONE_NAN, TRUE, V_DPROBS } } },
  { NULL, G_BACKWARD_MODEL, G_BACKWARD_MODEL, -1, { U_TRAIN_GRADIENT, F_NONE }, CHAIN_BACKWARD,
    { V_DPROBS, V_END },
    { { "f:784x256", P_MIXED, B_ALL_NAN, TRUE, V_G1 }, { "f:256", P_MIXED, B_ALL_NAN, TRUE, V_G2 },
      { "f:256x10", P_MIXED, B_ALL_NAN, TRUE, V_G3 }, { "f:10", P_MIXED, B_ALL_NAN, TRUE, V_G4 } } },
  { NULL, G_CLIP, G_CLIP, -1, { U_TRAIN_UPDATE, F_NONE }, CHAIN_CALL,
    { V_G1, V_G2, V_G3, V_G4, V_END },
    { { "f:784x256", P_MIXED, B_ALL_NAN, TRUE, V_C1 }, { "f:256", P_MIXED, B_ALL_NAN, TRUE, V_C2 },
      { "f:256x10", P_MIXED, B_ALL_NAN, TRUE, V_C3 }, { "f:10", P_MIXED, B_ALL_NAN, TRUE, V_C4 } } },
  { NULL, G_SGD, G_SGD, -1, { U_TRAIN_UPDATE, F_NONE }, CHAIN_CALL,
    { V_C1, V_C2, V_C3, V_C4, V_W1, V_B1, V_W2, V_B2, V_END }, NO_OUTPUTS },
  { "IteratorGetNext", -1, G_MAP_TEST, -1, { U_TRAIN_NEXT_TEST, L_DS_NEXT, L_DS_NEXT_INTERNAL, F_NONE }, CHAIN_RAW,
    { V_TEST_ITERATOR, V_END },
    { { "f:1000x784", P_IMAGE, B_NONE, FALSE, V_TEST_IMAGES },
      { "f:1000x10", P_ONEHOT, B_NONE, FALSE, V_TEST_LABELS } } },
  { NULL, G_MODEL_TEST, G_MODEL_TEST, -1, { U_TRAIN_MODEL_TEST, F_NONE }, CHAIN_CALL,
    { V_TEST_IMAGES, V_W1, V_B1, V_W2, V_B2, V_END }, { { "f:1000x10", P_POS, B_NONE, TRUE, V_TEST_PROBS } } },
  { "ArgMax", -1, -1, -1, { U_TRAIN_ACCURACY, U_ACCURACY_HITS, F_NONE }, CHAIN_OP,
    { V_TEST_PROBS, V_NEW, V_END }, { { "l:1000", P_POS, B_NONE, FALSE, V_ARGMAX_1 } } },
  { "ArgMax", -1, -1, -1, { U_TRAIN_ACCURACY, U_ACCURACY_HITS, F_NONE }, CHAIN_OP,
    { V_TEST_LABELS, V_NEW, V_END }, { { "l:1000", P_POS, B_NONE, FALSE, V_ARGMAX_2 } } },
  { "Equal", -1, -1, -1, { U_TRAIN_ACCURACY, U_ACCURACY_HITS, F_NONE }, CHAIN_OP,
    { V_ARGMAX_1, V_ARGMAX_2, V_END }, { { "b:1000", P_POS, B_NONE, FALSE, V_HITS } } },
  { "Cast", -1, -1, -1, { U_TRAIN_ACCURACY, U_ACCURACY_MEAN, F_NONE }, CHAIN_OP,
    { V_HITS, V_END }, { { "f:1000", P_HITS, B_NONE, FALSE, V_HITS_FLOAT } } },
  { "Mean", -1, -1, -1, { U_TRAIN_ACCURACY, U_ACCURACY_MEAN, F_NONE }, CHAIN_OP,
    { V_HITS_FLOAT, V_NEW, V_END }, { { "f:", P_POS, B_NONE, FALSE, V_DROP } } },
  { "AssignAddVariableOp", -1, -1, -1, { U_TRAIN_STEP, F_NONE }, CHAIN_OP,
    { V_GLOBAL_STEP, V_NEW, V_END }, NO_OUTPUTS },
  { "ReadVariableOp", -1, -1, -1, { U_TRAIN_READ_STEP, F_NONE }, CHAIN_OP,
    { V_GLOBAL_STEP, V_END }, { { "l:", P_POS, B_NONE, FALSE, V_DROP } } },
};
#undef VARIANT
#undef NO_OUTPUTS

/* ------------------------------------------------------------------------------------------ */
/* Writing                                                                                    */

#define SUMMARY_SLOTS 11

typedef struct {
  GByteArray *payload;     /* a packed DebugEvent; wall_time and the summary change per trace */
  gsize content_offset;    /* where the summary's doubles start in @payload */
  double tensor_id;
  Spec spec;
  Profile profile;
  Bad bad;
  gboolean tainted;
  gint callee;             /* >= 0: the nested graph runs here instead (a function call op) */
} TraceStep;

typedef struct {
  char *id;
  gboolean written;
  GArray *steps;           /* TraceStep, in execution order */
} GraphState;

typedef struct {
  GPtrArray *frame_ids;    /* NULL-terminated; the ids belong to the writer */
  Tensorflow__TensorProto *summaries[MAX_EXEC_OUTPUTS];
} ExecState;

typedef struct {
  TdbgFixtureWriter *w;
  const char *host_name;
  GError *error;           /* the first failure: everything after it is skipped */
  guint64 rand_state;
  gint64 now_us;
  gint step;               /* -1 while setting up */
  gboolean in_bad_step;
  gboolean weights_bad;    /* the update of the bad step has written NaN into the weights */
  gboolean device_written;
  gint sources[N_SOURCES];
  gint frame_lines[N_FRAMES];
  GPtrArray *wrapper_types;  /* op types with a wrapper function in gen_math_ops.py */
  GPtrArray *wrapper_funcs;  /* their Python names */
  GraphState graphs[N_GRAPHS];
  gint32 next_tensor_id;
  gint64 next_eager_id;
  gint64 values[N_VALUES];
  ExecState setup_states[G_N_ELEMENTS (setup_execs)];
  ExecState step_states[G_N_ELEMENTS (step_execs)];
  GByteArray *record;
} Demo;

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static guint64
demo_rand (Demo *d)
{
  return splitmix64 (&d->rand_state);
}

/* Wall-clock time moves on by @min plus up to @spread microseconds. */
static void
advance (Demo *d, gint64 min, gint64 spread)
{
  d->now_us += min + (gint64) (demo_rand (d) % (guint64) spread);
}

/* C++ stamps microseconds; Python's time.time() has finer digits. */
static double
wall_time (Demo *d, gboolean python)
{
  double t = d->now_us / 1e6;
  return python ? t + (demo_rand (d) % 1000) * 1e-9 : t;
}

static char *
new_uuid (Demo *d)
{
  guint64 a = demo_rand (d), b = demo_rand (d);
  return g_strdup_printf ("%08x-%04x-4%03x-%04x-%012" G_GINT64_MODIFIER "x", (guint32) (a >> 32),
                          (guint) (a >> 16) & 0xffff, (guint) a & 0xfff, 0x8000 | ((guint) (b >> 48) & 0x3fff),
                          b & G_GUINT64_CONSTANT (0xffffffffffff));
}

static void
put_double (guint8 *p, double value)
{
  guint64 bits;
  memcpy (&bits, &value, 8);
  bits = GUINT64_TO_LE (bits);
  memcpy (p, &bits, 8);
}

/* ---- values ---- */

static gint64
jitter (guint64 h, gint64 k)
{
  return k <= 0 ? 0 : (gint64) (h % (guint64) (2 * k + 1)) - k;
}

/* Splits the elements by sign. The split depends on the step, the size and @salt only, so the
 * same batch seen by several ops (and by the eager op that returned it) agrees. */
static Counts
finite_counts (Demo *d, Profile profile, const Spec *spec, guint64 salt)
{
  guint64 state = ((guint64) (d->step + 2) << 40) ^ ((guint64) spec->size << 8) ^ (guint64) profile ^ (salt << 20);
  guint64 h = splitmix64 (&state);
  gint64 n = spec->size;
  Counts c = { 0 };

  switch (profile)
    {
    case P_POS: c.pos = n; break;
    case P_NEG: c.neg = n; break;
    case P_ZERO: c.zero = n; break;
    case P_MIXED:
      if (n == 1)
        {
          c.pos = h & 1;
          c.neg = 1 - c.pos;
          break;
        }
      c.neg = n / 2 + jitter (h, n / 40);
      c.zero = n >= 1000 ? (gint64) ((h >> 40) % (guint64) (n / 1000 + 1)) : 0;
      c.pos = n - c.neg - c.zero;
      break;
    case P_RELU: c.zero = n * 45 / 100 + jitter (h, n / 50); c.pos = n - c.zero; break;
    case P_IMAGE: c.zero = n * 80 / 100 + jitter (h, n / 100); c.pos = n - c.zero; break;
    case P_ONEHOT: c.pos = MAX (n / 10, 1); c.zero = n - c.pos; break;
    case P_LABEL_NEG: c.neg = MAX (n / 10, 1); c.zero = n - c.neg; break;
    case P_HITS: c.zero = n * 9 / 100 + jitter (h, n / 100); c.pos = n - c.zero; break;
    }
  return c;
}

/* Moves up to @k elements out of the finite counts, in the order given. */
static void
take (gint64 *k, gint64 *a, gint64 *b, gint64 *c)
{
  gint64 *from[] = { a, b, c };
  for (guint i = 0; i < G_N_ELEMENTS (from) && *k > 0; i++)
    {
      gint64 m = MIN (*k, *from[i]);
      *from[i] -= m;
      *k -= m;
    }
}

static void
apply_bad (Counts *c, Bad bad, const Spec *spec)
{
  gint64 one = 1, row = spec->rank >= 2 ? spec->dims[spec->rank - 1] : spec->size;

  switch (bad)
    {
    case B_NONE: break;
    case B_ONE_ZERO: take (&one, &c->pos, &c->neg, &c->zero); c->zero++; break;
    case B_ONE_NEG_INF: take (&one, &c->neg, &c->pos, &c->zero); c->neg_inf = 1; break;
    case B_ONE_POS_INF: take (&one, &c->pos, &c->neg, &c->zero); c->pos_inf = 1; break;
    case B_ONE_NAN: take (&one, &c->zero, &c->pos, &c->neg); c->nan = 1; break;
    case B_ROW_NAN: c->nan = row; take (&row, &c->pos, &c->neg, &c->zero); break;
    case B_ALL_NAN: *c = (Counts) { .nan = spec->size }; break;
    }
}

static Counts
tensor_counts (Demo *d, Profile profile, Bad bad, gboolean tainted, const Spec *spec, guint64 salt)
{
  Counts c = finite_counts (d, profile, spec, profile == P_MIXED ? salt : 0);
  if (tainted && d->weights_bad)
    apply_bad (&c, B_ALL_NAN, spec);
  else if (d->in_bad_step)
    apply_bad (&c, bad, spec);
  return c;
}

/* FULL_HEALTH: [tensor_id, device_id (always -1), dtype, rank, size, -inf, +inf, nan, neg, zero, pos]. */
static void
summary_values (double *v, double tensor_id, const Spec *spec, const Counts *c)
{
  double values[SUMMARY_SLOTS] = { tensor_id, -1, spec->dtype, spec->rank, spec->size, c->neg_inf, c->pos_inf,
                                   c->nan, c->neg, c->zero, c->pos };
  memcpy (v, values, sizeof values);
}

static void
parse_spec (const char *text, gint64 batch, Spec *spec)
{
  static const struct { const char *prefix; gint dtype; } dtypes[] = {
    { "u8", DT_UINT8 }, { "f", DT_FLOAT }, { "i", DT_INT32 }, { "l", DT_INT64 }, { "b", DT_BOOL },
    { "r", DT_RESOURCE }, { "v", DT_VARIANT },
  };
  const char *colon = strchr (text, ':');

  *spec = (Spec) { .size = 1 };
  for (guint i = 0; i < G_N_ELEMENTS (dtypes) && spec->dtype == 0; i++)
    if (g_str_has_prefix (text, dtypes[i].prefix))
      spec->dtype = dtypes[i].dtype;
  g_assert (spec->dtype != 0);
  if (colon == NULL || colon[1] == '\0')
    return;
  for (const char *p = colon + 1; *p != '\0' && spec->rank < MAX_DIMS;)
    {
      char *end = (char *) p + 1;
      gint64 dim = *p == 'N' ? batch : g_ascii_strtoll (p, &end, 10);
      spec->dims[spec->rank++] = dim;
      spec->size *= dim;
      p = *end == 'x' ? end + 1 : end;
    }
}

static gboolean
is_floating (const Spec *spec)
{
  return spec->dtype == DT_FLOAT;
}

/* ---- sources and frames ---- */

static char *
snake_case (const char *camel)
{
  GString *s = g_string_new (NULL);
  for (const char *p = camel; *p != '\0'; p++)
    {
      if (g_ascii_isupper (*p) && p != camel && (g_ascii_islower (p[-1]) || g_ascii_isdigit (p[-1])))
        g_string_append_c (s, '_');
      g_string_append_c (s, g_ascii_tolower (*p));
    }
  return g_string_free (s, FALSE);
}

static void
add_wrapper (Demo *d, const char *op_type)
{
  for (guint i = 0; i < d->wrapper_types->len; i++)
    if (g_str_equal (g_ptr_array_index (d->wrapper_types, i), op_type))
      return;
  g_ptr_array_add (d->wrapper_types, (gpointer) op_type);
  g_ptr_array_add (d->wrapper_funcs, snake_case (op_type));
}

/* Every op type gets a Python wrapper function in the generated ops file: the graph path calls
 * _apply_op_helper, the eager path the fast-path executor a few lines above it. */
static void
collect_wrappers (Demo *d)
{
  for (guint g = 0; g < N_GRAPHS; g++)
    for (guint i = 0; i < graph_defs[g].n_ops; i++)
      add_wrapper (d, graph_defs[g].ops[i].type);
  for (guint i = 0; i < G_N_ELEMENTS (setup_execs); i++)
    add_wrapper (d, setup_execs[i].op_type);
  for (guint i = 0; i < G_N_ELEMENTS (step_execs); i++)
    if (step_execs[i].op_type != NULL)
      add_wrapper (d, step_execs[i].op_type);
}

static gint
wrapper_line (guint index, gboolean eager)
{
  return 40 + 30 * (gint) index + (eager ? 8 : 20);
}

static void
resolve_user_lines (Demo *d)
{
  for (guint f = 0; f < N_FRAMES; f++)
    {
      d->frame_lines[f] = frame_defs[f].line;
      for (guint i = 0; frame_defs[f].line == 0 && user_source[i] != NULL; i++)
        if (strstr (user_source[i], frame_defs[f].text) != NULL)
          {
            d->frame_lines[f] = i + 1;
            break;
          }
      g_assert (d->frame_lines[f] > 0);
    }
}

static void
set_line (GPtrArray *lines, gint line, char *text)
{
  if (line < 1 || *(char *) g_ptr_array_index (lines, line - 1) != '\0')
    {
      g_free (text);
      return;
    }
  g_free (g_ptr_array_index (lines, line - 1));
  g_ptr_array_index (lines, line - 1) = text;
}

/* Stand-in content for a TensorFlow file: the lines the frames point at, a def above each. */
static char **
library_lines (Demo *d, Source src)
{
  GPtrArray *lines = g_ptr_array_new ();
  gint n = 1;

  for (guint f = 0; f < N_FRAMES; f++)
    if (frame_defs[f].source == src)
      n = MAX (n, frame_defs[f].line);
  if (src == SRC_GEN_OPS)
    n = MAX (n, wrapper_line (d->wrapper_types->len, FALSE));
  for (gint i = 0; i < n + 3; i++)
    g_ptr_array_add (lines, g_strdup (""));
  set_line (lines, 1, g_strdup ("# Copyright 2015 The TensorFlow Authors. All Rights Reserved."));
  for (guint f = 0; f < N_FRAMES; f++)
    if (frame_defs[f].source == src)
      set_line (lines, frame_defs[f].line, g_strconcat ("    ", frame_defs[f].text, NULL));
  for (guint f = 0; f < N_FRAMES; f++)
    if (frame_defs[f].source == src)
      set_line (lines, frame_defs[f].line - 2, g_strdup_printf ("  def %s(self, *args, **kwargs):", frame_defs[f].func));
  for (guint i = 0; src == SRC_GEN_OPS && i < d->wrapper_types->len; i++)
    {
      gint base = wrapper_line (i, FALSE) - 20;
      set_line (lines, base, g_strdup_printf ("def %s(*args, name=None):", (char *) g_ptr_array_index (d->wrapper_funcs, i)));
      set_line (lines, wrapper_line (i, TRUE), g_strdup ("      _result = pywrap_tfe.TFE_Py_FastPathExecute("));
      set_line (lines, wrapper_line (i, FALSE), g_strdup ("  _, _, _op, _outputs = _op_def_library._apply_op_helper("));
    }
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

static void
write_sources (Demo *d)
{
  for (guint s = 0; s < N_SOURCES && d->error == NULL; s++)
    {
      g_auto(GStrv) generated = s == SRC_USER ? NULL : library_lines (d, s);
      const char *const *lines = s == SRC_USER ? user_source : (const char *const *) generated;
      advance (d, 200, 300);
      d->sources[s] = tdbg_fixture_writer_add_source_file (d->w, wall_time (d, TRUE), source_paths[s], lines, &d->error);
    }
}

/* The writer records a frame the first time it is seen and hands back the same id later. */
static void
push_frame_at (Demo *d, GPtrArray *stack, Source src, gint line, const char *func)
{
  const char *id;
  if (d->error != NULL)
    return;
  id = tdbg_fixture_writer_add_stack_frame (d->w, wall_time (d, TRUE), d->sources[src], line, func, &d->error);
  if (id != NULL)
    g_ptr_array_add (stack, (gpointer) id);
}

static void
push_frame (Demo *d, GPtrArray *stack, Frame f)
{
  push_frame_at (d, stack, frame_defs[f].source, d->frame_lines[f], frame_defs[f].func);
}

static void
push_frames (Demo *d, GPtrArray *stack, const Frame *frames)
{
  for (; *frames != F_NONE; frames++)
    push_frame (d, stack, *frames);
}

static void
push_wrapper (Demo *d, GPtrArray *stack, const char *op_type, gboolean eager)
{
  for (guint i = 0; i < d->wrapper_types->len; i++)
    if (g_str_equal (g_ptr_array_index (d->wrapper_types, i), op_type))
      {
        push_frame_at (d, stack, SRC_GEN_OPS, wrapper_line (i, eager), g_ptr_array_index (d->wrapper_funcs, i));
        return;
      }
  g_assert_not_reached ();
}

static const Frame *
origin_head (Origin origin)
{
  return origin == ORIGIN_DATASET ? dataset_head : origin == ORIGIN_BACKWARD ? backward_head : trace_head;
}

static const Frame *
origin_body (Origin origin)
{
  return origin == ORIGIN_DATASET ? dataset_body : origin == ORIGIN_BACKWARD ? backward_body : trace_body;
}

/* Frames down to the line that made TensorFlow trace graph @g: a line of train() (through
 * load_batches() for dataset functions), or a line of the enclosing traced function. */
static void
push_graph_site (Demo *d, GPtrArray *stack, gint g)
{
  const GraphDef *def = &graph_defs[g];

  if (def->outer >= 0)
    {
      push_graph_site (d, stack, def->outer);
      push_frames (d, stack, origin_head (graph_defs[def->outer].origin));
      push_frames (d, stack, origin_body (graph_defs[def->outer].origin));
    }
  else
    {
      push_frame (d, stack, U_MODULE);
      push_frame (d, stack, U_MAIN_TRAIN);
    }
  push_frame (d, stack, def->call_site);
  if (def->origin == ORIGIN_DATASET)
    push_frame (d, stack, U_LOAD_MAP);
}

/* An op's creation stack, outermost first: always TensorFlow's callback frames innermost. */
static GPtrArray *
op_stack (Demo *d, gint g, const OpDef *op)
{
  Origin origin = graph_defs[g].origin;
  GPtrArray *stack = g_ptr_array_new ();

  push_graph_site (d, stack, g);
  push_frames (d, stack, origin_head (origin));
  if (g_str_equal (op->type, "Placeholder"))
    push_frames (d, stack, placeholder_tail);
  else if (g_str_equal (op->type, "Identity") && op->user == F_NONE)
    {
      /* The function's outputs, added after the Python function returned. */
      push_frames (d, stack, output_head);
      push_wrapper (d, stack, op->type, FALSE);
      push_frames (d, stack, op_tail);
    }
  else
    {
      push_frames (d, stack, origin_body (origin));
      if (op->user != F_NONE)
        push_frame (d, stack, op->user);
      if (op->callee > 0)
        push_frames (d, stack, call_op_tail);
      else
        {
          if (op->user != F_NONE)
            push_frames (d, stack, dispatch);
          push_wrapper (d, stack, op->type, FALSE);
          push_frames (d, stack, op_tail);
        }
    }
  g_ptr_array_add (stack, NULL);
  return stack;
}

/* ---- graphs and traces ---- */

static gint
nested_graph (gint g, guint k)
{
  for (gint i = 0; i < N_GRAPHS; i++)
    if (graph_defs[i].outer == g && --k == 0)
      return i;
  g_assert_not_reached ();
}

/* Packs the trace once; emitting it later only rewrites wall_time and the summary values. */
static void
make_trace_template (Demo *d, TraceStep *t, gint g, const char *op_name, guint slot)
{
  double sentinel[SUMMARY_SLOTS];
  Tensorflow__TensorProto *tensor;
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__GraphExecutionTrace trace = TENSORFLOW__GRAPH_EXECUTION_TRACE__INIT;
  gsize length, content_length;

  for (guint i = 0; i < SUMMARY_SLOTS; i++)
    sentinel[i] = 0.5 + i;
  tensor = tdbg_fixture_summary_tensor (sentinel, SUMMARY_SLOTS);
  trace.tfdbg_context_id = d->graphs[g].id;
  trace.op_name = (char *) op_name;
  trace.output_slot = slot;
  trace.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH;
  trace.tensor_proto = tensor;
  trace.device_name = (char *) DEVICE_NAME;
  event.wall_time = 1;  /* non-zero, so that the field is written first, at offset 1 */
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE;
  event.graph_execution_trace = &trace;
  length = tensorflow__debug_event__get_packed_size (&event);
  t->payload = g_byte_array_sized_new (length);
  g_byte_array_set_size (t->payload, length);
  tensorflow__debug_event__pack (&event, t->payload->data);
  g_assert (t->payload->data[0] == 0x09);
  content_length = tensor->tensor_content.len;
  for (t->content_offset = 0; t->content_offset + content_length <= length; t->content_offset++)
    if (memcmp (t->payload->data + t->content_offset, tensor->tensor_content.data, content_length) == 0)
      break;
  g_assert (t->content_offset + content_length <= length);
  tdbg_fixture_tensor_free (tensor);
}

static gboolean
is_instrumented (const char *op_type, const Spec *spec)
{
  /* FULL_HEALTH traces floating outputs of every op outside the skip list. */
  return is_floating (spec) && !g_str_equal (op_type, "Identity") && !g_str_equal (op_type, "StatefulPartitionedCall");
}

static void write_graph (Demo *d, gint g);

static void
write_op (Demo *d, gint g, const OpDef *op)
{
  GraphState *state = &d->graphs[g];
  g_auto(GStrv) inputs = g_strsplit (op->inputs, " ", -1);
  g_auto(GStrv) outputs = g_strsplit (op->outputs, " ", -1);
  gint32 ids[MAX_EXEC_OUTPUTS];
  guint n_outputs = g_strv_length (outputs);
  g_autoptr(GPtrArray) stack = NULL;

  g_assert (n_outputs <= G_N_ELEMENTS (ids));
  if (op->callee > 0)
    write_graph (d, nested_graph (g, op->callee));
  advance (d, 150, 400);
  stack = op_stack (d, g, op);
  for (guint i = 0; i < n_outputs; i++)
    ids[i] = d->next_tensor_id++;
  if (d->error != NULL ||
      !tdbg_fixture_writer_add_op (d->w, wall_time (d, TRUE), state->id, graph_defs[g].name, op->type, op->name,
                                   (const char *const *) inputs, ids, n_outputs,
                                   (const char *const *) stack->pdata, &d->error))
    return;
  if (op->callee > 0)
    {
      TraceStep call = { .callee = nested_graph (g, op->callee) };
      g_array_append_val (state->steps, call);
    }
  for (guint i = 0; i < n_outputs; i++)
    {
      TraceStep t = { .tensor_id = ids[i], .profile = op->profile, .bad = op->bad, .tainted = op->tainted, .callee = -1 };
      parse_spec (outputs[i], graph_defs[g].batch, &t.spec);
      if (!is_instrumented (op->type, &t.spec))
        continue;
      make_trace_template (d, &t, g, op->name, i);
      g_array_append_val (state->steps, t);
    }
}

/* The graph record, then its ops in creation order; a nested function is traced (and recorded)
 * when the op that calls it is created. */
static void
write_graph (Demo *d, gint g)
{
  GraphState *state = &d->graphs[g];
  const GraphDef *def = &graph_defs[g];

  if (state->written || d->error != NULL)
    return;
  state->written = TRUE;
  state->id = new_uuid (d);
  advance (d, 300, 500);
  if (!tdbg_fixture_writer_add_graph (d->w, wall_time (d, TRUE), state->id, def->name,
                                      def->outer >= 0 ? d->graphs[def->outer].id : NULL, &d->error))
    return;
  for (guint i = 0; i < def->n_ops && d->error == NULL; i++)
    write_op (d, g, &def->ops[i]);
}

static void
emit_trace (Demo *d, TraceStep *t)
{
  Counts counts = tensor_counts (d, t->profile, t->bad, t->tainted, &t->spec, (guint64) t->tensor_id);
  double values[SUMMARY_SLOTS];
  guint8 *payload = t->payload->data;

  advance (d, 15, 60);
  summary_values (values, t->tensor_id, &t->spec, &counts);
  put_double (payload + 1, wall_time (d, FALSE));
  for (guint i = 0; i < SUMMARY_SLOTS; i++)
    put_double (payload + t->content_offset + 8 * i, values[i]);
  g_byte_array_set_size (d->record, 0);
  tdbg_record_encode (d->record, payload, t->payload->len);
  tdbg_fixture_writer_write_raw (d->w, TDBG_FILE_GRAPH_EXECUTION_TRACES, d->record->data, d->record->len, &d->error);
}

/* One call: the instrumented tensors in execution order, nested calls where their op runs. */
static void
run_graph (Demo *d, gint g)
{
  GArray *steps = d->graphs[g].steps;
  for (guint i = 0; i < steps->len && d->error == NULL; i++)
    {
      TraceStep *t = &g_array_index (steps, TraceStep, i);
      if (t->callee >= 0)
        run_graph (d, t->callee);
      else
        emit_trace (d, t);
    }
}

/* ---- executions ---- */

static GPtrArray *
exec_stack (Demo *d, const ExecDef *e)
{
  GPtrArray *stack = g_ptr_array_new ();

  push_frame (d, stack, U_MODULE);
  push_frame (d, stack, U_MAIN_TRAIN);
  for (guint i = 0; i < G_N_ELEMENTS (e->site) && e->site[i] != F_NONE; i++)
    push_frame (d, stack, e->site[i]);
  switch (e->chain)
    {
    case CHAIN_CALL:
      push_frames (d, stack, call_chain);
      break;
    case CHAIN_BACKWARD:
      push_frames (d, stack, backward_call_chain);
      break;
    case CHAIN_OP:
    case CHAIN_RAW:
      if (e->chain == CHAIN_OP)
        push_frames (d, stack, dispatch);
      push_wrapper (d, stack, e->op_type, TRUE);
      push_frames (d, stack, eager_tail);
      break;
    }
  g_ptr_array_add (stack, NULL);
  return stack;
}

static void
write_execution (Demo *d, const ExecDef *e, ExecState *state, guint salt)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__Execution exec = TENSORFLOW__EXECUTION__INIT;
  Tensorflow__CodeLocation location = TENSORFLOW__CODE_LOCATION__INIT;
  Tensorflow__TensorProto empty = TENSORFLOW__TENSOR_PROTO__INIT;
  Tensorflow__TensorProto *protos[MAX_EXEC_OUTPUTS];
  gint64 inputs[MAX_EXEC_INPUTS], outputs[MAX_EXEC_OUTPUTS];
  gint32 devices[MAX_EXEC_OUTPUTS];
  guint n_inputs = 0, n_outputs = 0, n_protos = 0;

  if (state->frame_ids == NULL)
    state->frame_ids = exec_stack (d, e);
  for (; n_inputs < MAX_EXEC_INPUTS && e->inputs[n_inputs] != V_END; n_inputs++)
    inputs[n_inputs] = e->inputs[n_inputs] == V_NEW ? d->next_eager_id++ : d->values[e->inputs[n_inputs]];
  for (; n_outputs < MAX_EXEC_OUTPUTS && e->outputs[n_outputs].spec != NULL; n_outputs++)
    {
      const ExecOutput *out = &e->outputs[n_outputs];
      Spec spec;

      outputs[n_outputs] = d->next_eager_id++;
      devices[n_outputs] = DEVICE_ID;
      if (out->slot >= 0)
        d->values[out->slot] = outputs[n_outputs];
      parse_spec (out->spec, 0, &spec);
      if (is_floating (&spec))
        {
          Counts counts = tensor_counts (d, out->profile, out->bad, out->tainted, &spec, salt + n_outputs);
          double values[SUMMARY_SLOTS] = { 0 };
          if (state->summaries[n_outputs] == NULL)
            state->summaries[n_outputs] = tdbg_fixture_summary_tensor (values, SUMMARY_SLOTS);
          summary_values (values, -1, &spec, &counts);
          for (guint i = 0; i < SUMMARY_SLOTS; i++)
            put_double (state->summaries[n_outputs]->tensor_content.data + 8 * i, values[i]);
          protos[n_protos++] = state->summaries[n_outputs];
        }
      else if (spec.dtype != DT_RESOURCE && spec.dtype != DT_VARIANT)
        protos[n_protos++] = &empty;  /* a dumpable non-floating output: an empty TensorProto */
    }
  if (d->error != NULL)
    return;
  location.host_name = (char *) d->host_name;
  location.n_stack_frame_ids = state->frame_ids->len - 1;
  location.stack_frame_ids = (char **) state->frame_ids->pdata;
  exec.op_type = (char *) (e->op_type != NULL ? e->op_type : graph_defs[e->graph].function);
  exec.num_outputs = n_outputs;
  exec.graph_id = e->graph >= 0 ? d->graphs[e->graph].id : (char *) "";
  exec.n_input_tensor_ids = n_inputs;
  exec.input_tensor_ids = inputs;
  exec.n_output_tensor_ids = n_outputs;
  exec.output_tensor_ids = outputs;
  exec.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH;
  exec.n_tensor_protos = n_protos;
  exec.tensor_protos = protos;
  exec.code_location = &location;
  exec.n_output_tensor_device_ids = n_outputs;
  exec.output_tensor_device_ids = devices;
  event.wall_time = wall_time (d, TRUE);
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION;
  event.execution = &exec;
  tdbg_fixture_writer_write_event (d->w, TDBG_FILE_EXECUTION, &event, &d->error);
}

/* The device is recorded when an eager op first produces an output on it. */
static void
ensure_device (Demo *d)
{
  if (d->device_written || d->error != NULL)
    return;
  d->device_written = TRUE;
  tdbg_fixture_writer_add_device (d->w, wall_time (d, TRUE), DEVICE_ID, DEVICE_NAME, &d->error);
}

static void
run_exec (Demo *d, const ExecDef *e, ExecState *state, guint salt)
{
  if (e->defines >= 0)
    write_graph (d, e->defines);
  if (e->runs >= 0)
    {
      write_graph (d, e->runs);  /* the first call traces the function */
      advance (d, 80, 150);
      run_graph (d, e->runs);
      advance (d, 150, 300);  /* the call returns after its last tensor */
    }
  else
    advance (d, 60, 200);
  ensure_device (d);
  write_execution (d, e, state, salt);
}

/* ------------------------------------------------------------------------------------------ */

static Demo *
demo_new (TdbgFixtureWriter *w, const char *host_name, gint64 timestamp)
{
  Demo *d = g_new0 (Demo, 1);

  d->w = w;
  d->host_name = host_name;
  d->rand_state = 7;
  d->now_us = timestamp * G_USEC_PER_SEC + 700000;
  d->step = -1;
  d->next_tensor_id = 1;
  d->next_eager_id = 1;
  d->record = g_byte_array_new ();
  d->wrapper_types = g_ptr_array_new ();
  d->wrapper_funcs = g_ptr_array_new_with_free_func (g_free);
  for (guint g = 0; g < N_GRAPHS; g++)
    d->graphs[g].steps = g_array_new (FALSE, FALSE, sizeof (TraceStep));
  /* The weights were created at import time, before the debugger was enabled. */
  for (Value v = V_W1; v <= V_B2; v++)
    d->values[v] = d->next_eager_id++;
  resolve_user_lines (d);
  collect_wrappers (d);
  return d;
}

static void
exec_state_clear (ExecState *state)
{
  if (state->frame_ids != NULL)
    g_ptr_array_unref (state->frame_ids);
  for (guint i = 0; i < MAX_EXEC_OUTPUTS; i++)
    tdbg_fixture_tensor_free (state->summaries[i]);
}

static void
demo_free (Demo *d)
{
  for (guint g = 0; g < N_GRAPHS; g++)
    {
      for (guint i = 0; i < d->graphs[g].steps->len; i++)
        {
          TraceStep *t = &g_array_index (d->graphs[g].steps, TraceStep, i);
          if (t->payload != NULL)
            g_byte_array_unref (t->payload);
        }
      g_array_unref (d->graphs[g].steps);
      g_free (d->graphs[g].id);
    }
  for (guint i = 0; i < G_N_ELEMENTS (d->setup_states); i++)
    exec_state_clear (&d->setup_states[i]);
  for (guint i = 0; i < G_N_ELEMENTS (d->step_states); i++)
    exec_state_clear (&d->step_states[i]);
  g_ptr_array_unref (d->wrapper_types);
  g_ptr_array_unref (d->wrapper_funcs);
  g_byte_array_unref (d->record);
  g_clear_error (&d->error);
  g_free (d);
}

static void
write_timeline (Demo *d, const TdbgDemoOptions *options)
{
  for (guint i = 0; i < G_N_ELEMENTS (setup_execs) && d->error == NULL; i++)
    {
      advance (d, 2000, 4000);
      run_exec (d, &setup_execs[i], &d->setup_states[i], i);
    }
  for (guint step = 0; step < options->n_steps && d->error == NULL; step++)
    {
      d->step = step;
      d->in_bad_step = options->bad_step >= 0 && step == (guint) options->bad_step;
      advance (d, 3000, 3000);
      for (guint i = 0; i < G_N_ELEMENTS (step_execs) && d->error == NULL; i++)
        {
          run_exec (d, &step_execs[i], &d->step_states[i], 100 + i);
          if (step_execs[i].graph == G_SGD && d->in_bad_step)
            d->weights_bad = TRUE;
        }
    }
}

gboolean
tdbg_fixture_write_demo (const char *logdir, const TdbgDemoOptions *options, GError **error)
{
  const char *host = options->host_name != NULL ? options->host_name : DEMO_DEFAULT_HOST;
  gint64 timestamp = options->timestamp > 0 ? options->timestamp : DEMO_DEFAULT_TIMESTAMP;
  g_autoptr(TdbgFixtureWriter) w = NULL;
  Demo *d;
  gboolean ok;

  g_mkdir_with_parents (logdir, 0755);
  w = tdbg_fixture_writer_new (logdir, host, timestamp, timestamp + 0.65127, DEMO_RUN_ID, DEMO_TF_VERSION, error);
  if (w == NULL)
    return FALSE;
  d = demo_new (w, host, timestamp);
  write_sources (d);
  write_timeline (d, options);
  if (d->error == NULL)
    tdbg_fixture_writer_flush (w, &d->error);
  ok = d->error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&d->error));
  demo_free (d);
  return ok;
}
