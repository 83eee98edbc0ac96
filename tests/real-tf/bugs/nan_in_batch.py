# SPDX-License-Identifier: GPL-3.0-or-later
"""A batch of sequences with one missing reading (NaN where a sensor dropped out) encoded by a
Keras LSTM inside a tf.function. TensorFlow does not record the function's argument, and the
LSTM's first op, a Transpose of the batch to time-major order, only moves values: the NaN came
in with the data, which is what explain says (not that the Transpose made it). FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.random.set_seed(1)
lstm = tf.keras.layers.LSTM(4)


@tf.function
def encode(batch):
    return lstm(batch)


readings = np.random.default_rng(1).normal(size=(2, 3, 2)).astype(np.float32)
readings[1, 2, 0] = np.nan  # planted
encode(tf.constant(readings))
finish(tf)
