# SPDX-License-Identifier: GPL-3.0-or-later
"""Exploding values: a recurrence x <- x * x * gain in float32 grows past the largest float
and overflows to +inf (and -inf where the sign is negative), then inf - inf gives NaN.
FULL_HEALTH, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

gain = tf.constant(rng.uniform(2.0, 3.0, size=(6,)).astype("float32"))


@tf.function
def explode(x):
    return x * x * gain * tf.sign(x)


@tf.function
def centre(x):
    return x - tf.reduce_mean(x)


x = tf.constant((rng.uniform(1.5, 2.5, size=(6,)) * [1, -1, 1, -1, 1, 1]).astype("float32"))
for _ in range(9):
    x = explode(x)
    centre(x)
