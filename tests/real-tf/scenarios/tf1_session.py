# SPDX-License-Identifier: GPL-3.0-or-later
"""TF1 graph mode: a placeholder-fed graph run 14 times with tf.compat.v1.Session; the squared
error of a growing prediction overflows float32 to +inf. CURT_HEALTH, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.compat.v1.disable_eager_execution()
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="CURT_HEALTH", circular_buffer_size=-1)

x = tf.compat.v1.placeholder(tf.float32, shape=[None, 3], name="x")
scale = tf.compat.v1.placeholder(tf.float32, shape=[], name="scale")
w = tf.constant(rng.normal(size=(3, 1)).astype("float32"), name="w")
prediction = tf.matmul(x, w) * scale
error = tf.reduce_sum(tf.square(prediction), name="squared_error")

with tf.compat.v1.Session() as session:
    feed = rng.normal(size=(4, 3)).astype("float32")
    for run in range(14):
        session.run(error, feed_dict={x: feed, scale: 10.0 ** (3 * run)})
