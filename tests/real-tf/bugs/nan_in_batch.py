# SPDX-License-Identifier: GPL-3.0-or-later
"""A batch of sequences with one missing reading (NaN where a sensor dropped out), turned to
time-major order inside a tf.function, as a recurrent layer reads it. TensorFlow does not
record the function's argument, and the first op, the Transpose, only moves values: the NaN
came in with the data, which is what explain says (not that the Transpose made it). FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def encode(batch):
    time_major = tf.transpose(batch, [1, 0, 2])
    return tf.tanh(time_major) * 2.0


readings = np.random.default_rng(1).normal(size=(2, 3, 2)).astype(np.float32)
readings[1, 2, 0] = np.nan  # planted
encode(tf.constant(readings))
finish(tf)
