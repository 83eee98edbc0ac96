# SPDX-License-Identifier: GPL-3.0-or-later
"""Log-transforming a skewed feature (income) in eager preprocessing before model.fit, where some
incomes are exactly 0: the eager Log gives −∞, the features fit is given hold −∞, and training
makes NaN. Keras feeds the batches through a tf.data pipeline: nothing in the logdir links the
map function's placeholder to the eager tensor, and the first bad graph trace (a GatherV2 of that
function) walked back only to the placeholder ("already held NaN/∞ where the recording
starts"). The eager Log came first by wall time: it is the origin. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(0)
income = rng.lognormal(10, 1, size=(16, 1)).astype(np.float32)
income[[3, 11]] = 0.0  # unemployed
age = rng.uniform(20, 60, size=(16, 1)).astype(np.float32)
features = tf.concat([tf.math.log(income), age / 60.0], axis=1)  # planted
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(features, rng.normal(size=(16, 1)).astype(np.float32), batch_size=8, epochs=1, verbose=0)
finish(tf)
