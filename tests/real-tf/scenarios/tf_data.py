# SPDX-License-Identifier: GPL-3.0-or-later
"""A tf.data pipeline: from_tensor_slices, map (a Python function traced into a dataset
function), filter, shuffle with a seed, batch and prefetch, read by a for loop that feeds a
tf.function. FULL_TENSOR, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_TENSOR", circular_buffer_size=-1)

values = rng.integers(0, 100, size=(24,)).astype("int64")


def to_features(v):
    f = tf.cast(v, tf.float32) / 10.0
    return tf.stack([f, tf.sqrt(f)]), v % 3


dataset = (tf.data.Dataset.from_tensor_slices(values)
           .map(to_features)
           .filter(lambda f, label: label != 2)
           .shuffle(8, seed=3)
           .batch(4)
           .prefetch(2))


@tf.function
def total(features, labels):
    return tf.reduce_sum(features) + tf.cast(tf.reduce_sum(labels), tf.float32)


for features, labels in dataset:
    total(features, labels)
