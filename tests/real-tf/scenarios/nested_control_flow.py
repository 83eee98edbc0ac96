# SPDX-License-Identifier: GPL-3.0-or-later
"""tf.function calling tf.function, and a tf.while_loop whose body holds a tf.cond: the graphs
nest function > while body > cond branch. On the second call the true branch takes the log of
a negative number (NaN). FULL_HEALTH, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)


@tf.function
def log_sum(x, y):
    return tf.math.log(x + y)


@tf.function
def sin1p_log_sum(x, y):
    return tf.sin(1.0 + log_sum(x, y))


sin1p_log_sum(tf.constant(2.0), tf.constant(3.0))


@tf.function
def refine(x, steps):
    def body(i, v):
        v = tf.cond(tf.reduce_sum(v) > 0.0,
                    lambda: tf.math.log(v) + 1.0,
                    lambda: v * 0.5 - 1.0)
        return i + 1, v

    _, v = tf.while_loop(lambda i, v: i < steps, body, (tf.constant(0), x))
    return v


start = rng.uniform(1.0, 3.0, size=(4,)).astype("float32")
refine(tf.constant(start), tf.constant(2))
start[0] = -0.5  # The sum stays positive: the true branch logs a negative element.
refine(tf.constant(start), tf.constant(3))
