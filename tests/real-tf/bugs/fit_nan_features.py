# SPDX-License-Identifier: GPL-3.0-or-later
"""Keras model.fit on features with one missing value (NaN). Keras feeds the batches through a
tf.data map function, whose threads write the traces of its argument and of the gather that
reads it in either order: the gather's NaN may come first in the file, its argument's a few
records later in the same call. The origin is the map function's argument, which the data fed
brought: nonfinite_input. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.random.set_seed(1)
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
features = np.random.default_rng(1).normal(size=(8, 5)).astype(np.float32)
features[5, 3] = np.nan  # planted
model.fit(features, np.zeros((8, 1), np.float32), batch_size=4, epochs=1, verbose=0)
finish(tf)
