# SPDX-License-Identifier: GPL-3.0-or-later
"""A run killed with SIGKILL while it writes: no circular buffer, nothing flushed on purpose,
the process ends in the middle of its work, so the files hold what reached the disk.
FULL_HEALTH."""
import os
import signal

from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

w = tf.Variable(rng.normal(size=(16, 16)).astype("float32"))


@tf.function
def layer(x):
    return tf.nn.tanh(tf.matmul(x, w))


x = tf.constant(rng.normal(size=(4, 16)).astype("float32"))
for i in range(400):
    x = layer(x) * 1.5
    if i == 397:
        os.kill(os.getpid(), signal.SIGKILL)
