# SPDX-License-Identifier: GPL-3.0-or-later
"""A table of features with one missing value (NaN) given to a Keras Dense layer inside a
tf.function. TensorFlow does not record the function's argument; the first NaN is the Dense
layer's MatMul. Its weights were recorded finite, so the NaN came in with the features or was
∞ − ∞ inside the MatMul: explain does not infer the rarer second, says the cause cannot be
told from the recording, and advises checking the arguments. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.random.set_seed(1)
dense = tf.keras.layers.Dense(3)


@tf.function
def predict(features):
    return tf.nn.relu(dense(features))


table = np.random.default_rng(1).normal(size=(4, 5)).astype(np.float32)
table[2, 1] = np.nan  # planted
predict(tf.constant(table))
finish(tf)
