# SPDX-License-Identifier: GPL-3.0-or-later
"""One side of a pair of runs (tests/real-tf/check-real-tf-pairs.py): the same tf.function, a
small dense layer and its reduction, called STEPS times on seeded data, FULL_TENSOR, no
circular buffer; with --jit it is compiled with XLA (jit_compile=True). TensorFlow 2.21 cannot
compile the instrumented function: the debugger's ops (DebugIdentityV2 in FULL_TENSOR) have no
XLA kernel, and the first call raises InvalidArgumentError. The program then prints
"jit_compile failed: " and the error's first line, and exits with status 3, so that a test can
tell that limitation from a crash; the logdir keeps what was recorded before the call.

  pair_jit.py LOGDIR [--jit]
"""
import sys

from scenario import setup

logdir, args, rng = setup("LOGDIR [--jit]")
import tensorflow as tf  # noqa: E402

STEPS = 3
JIT_FAILED = 3

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_TENSOR", circular_buffer_size=-1)

# The data is drawn before anything else, the same in both runs.
xs = rng.normal(size=(STEPS, 4, 3)).astype("float32")
w = tf.constant(rng.normal(size=(3, 2)).astype("float32"))
b = tf.constant(rng.normal(size=(2,)).astype("float32"))


def layer(x):
    return tf.reduce_sum(tf.tanh(tf.matmul(x, w) + b), axis=0)


layer = tf.function(layer, jit_compile="--jit" in args)
try:
    for step in range(STEPS):
        print(f"step {step}", layer(tf.constant(xs[step])).numpy(), flush=True)
except tf.errors.InvalidArgumentError as e:
    print("jit_compile failed:", e.message.splitlines()[0], flush=True)
    tf.debugging.experimental.disable_dump_debug_info()
    sys.exit(JIT_FAILED)
