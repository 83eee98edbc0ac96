# SPDX-License-Identifier: GPL-3.0-or-later
"""A custom training loop with tf.GradientTape inside a tf.function, an Adam optimizer and a
learning rate so large that the weights overflow: the loss becomes inf, then NaN.
CURT_HEALTH, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="CURT_HEALTH", circular_buffer_size=-1)

x = tf.constant(rng.normal(size=(32, 4)).astype("float32"))
y = tf.constant(rng.normal(size=(32, 1)).astype("float32"))
w = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))
b = tf.Variable(0.0)


@tf.function
def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(lr * gw)
    b.assign_sub(lr * gb)
    return loss


for step in range(12):
    loss = train_step(x, y, tf.constant(1e3))
