# SPDX-License-Identifier: GPL-3.0-or-later
"""A circular buffer (the second argument: 'default' for TensorFlow's 1000, else its size):
60 steps of a small function, the log of zero on step 5, so the buffer keeps only the last
events of each kind. FULL_HEALTH."""
from scenario import setup

logdir, args, rng = setup("LOGDIR default|SIZE")
import tensorflow as tf  # noqa: E402

size = args[0] if args else "default"
kwargs = {} if size == "default" else {"circular_buffer_size": int(size)}
tf.debugging.experimental.enable_dump_debug_info(logdir, tensor_debug_mode="FULL_HEALTH", **kwargs)

w = tf.Variable(rng.uniform(0.5, 1.5, size=(5,)).astype("float32"))


@tf.function
def step(x):
    y = tf.math.log(x * w)
    return tf.reduce_mean(y)


for i in range(60):
    x = rng.uniform(0.5, 1.5, size=(5,)).astype("float32")
    if i == 5:
        x[2] = 0.0
    step(tf.constant(x))
