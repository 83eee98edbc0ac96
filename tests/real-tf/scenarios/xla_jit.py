# SPDX-License-Identifier: GPL-3.0-or-later
"""A function compiled with XLA (jit_compile=True) beside the same function without it; the
compiled one is then given a zero divisor. The mode is the second argument (FULL_TENSOR by
default). In the health modes TensorFlow cannot compile the instrumented function (XLA has
no kernel for DebugNumericSummaryV2): the program says so and the logdir keeps what was
recorded up to the failure."""
from scenario import setup

logdir, args, rng = setup("LOGDIR [MODE]")
import tensorflow as tf  # noqa: E402

mode = args[0] if args else "FULL_TENSOR"
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode=mode, circular_buffer_size=-1)


def body(x, y):
    return tf.reduce_sum(tf.tanh(x) / y, axis=0)


compiled = tf.function(body, jit_compile=True)
plain = tf.function(body)
x = tf.constant(rng.normal(size=(4, 3)).astype("float32"))
y = tf.constant(rng.uniform(1.0, 2.0, size=(4, 3)).astype("float32"))
plain(x, y)
try:
    compiled(x, y)
    compiled(x, tf.tensor_scatter_nd_update(y, [[1, 1]], [0.0]))
except tf.errors.InvalidArgumentError as e:
    print("XLA could not compile the instrumented function:", e.message.splitlines()[0])
