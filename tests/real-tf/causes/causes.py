# SPDX-License-Identifier: GPL-3.0-or-later
"""Programs whose first NaN/∞ has a known cause that a table of six rows got wrong:

  causes.py LOGDIR CASE MODE

norm_zero   the gradient of tf.norm of a zero vector: SqrtGrad gives +∞ from a zero
mean_empty  tf.reduce_mean of a boolean_mask that kept nothing: 0/0 from size 0
eager_log   an eager tf.math.log of a zero, fed into a tf.function's MatMul
log_arg     tf.math.log of a tf.function's argument holding a zero (arguments are not traced)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios"))
from scenario import setup  # noqa: E402

logdir, args, rng = setup("LOGDIR CASE MODE")
case, mode = args
import tensorflow as tf  # noqa: E402

writer = tf.debugging.experimental.enable_dump_debug_info(logdir, tensor_debug_mode=mode,
                                                          circular_buffer_size=-1)


def norm_zero():
    v = tf.Variable(tf.zeros([3]))

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.norm(v)
        return tape.gradient(loss, v)
    step()


def mean_empty():
    @tf.function
    def f(x):
        kept = tf.boolean_mask(x, x > 100.0)
        return tf.reduce_mean(kept) * 2.0
    f(tf.constant([1.0, 2.0, 3.0]))


def eager_log():
    @tf.function
    def f(x, m):
        return tf.matmul(x, m)
    f(tf.math.log(tf.constant([[0.0, 1.0]])), tf.ones([2, 2]))


def log_arg():
    @tf.function
    def f(x):
        return tf.math.log(x) * 2.0
    f(tf.constant([0.0, 1.0, 2.0]))


{"norm_zero": norm_zero, "mean_empty": mean_empty, "eager_log": eager_log, "log_arg": log_arg}[case]()
writer.FlushNonExecutionFiles()
writer.FlushExecutionFiles()
