# SPDX-License-Identifier: GPL-3.0-or-later
"""Preprocessing in NumPy before a tf.data pipeline and model.fit: log-prices standardised with
np.log, where one listing has price 0 (a free item): np.log(0) = −∞, and the standardisation (x −
mean) / std makes NaN of the whole column, all in NumPy, which the debugger never sees.
tf.data.Dataset.from_tensor_slices(…).batch(…) feeds it to model.fit. The first op to show it is
the step function's IteratorGetNext, whose input is the iterator (a resource, no values): the
data fed (nonfinite_input, check the data), not a tf.function argument that was not recorded.
CURT_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CURT_HEALTH")
rng = np.random.default_rng(0)
price = rng.lognormal(3, 1, size=(32, 1))
price[7] = 0.0   # a free listing
rooms = rng.integers(1, 6, size=(32, 1)).astype(np.float64)
with np.errstate(divide="ignore", invalid="ignore"):
    log_price = np.log(price)  # planted
    features = np.concatenate([(log_price - log_price.mean()) / log_price.std(), rooms / 5.0], 1).astype(np.float32)
target = rng.normal(size=(32, 1)).astype(np.float32)
ds = tf.data.Dataset.from_tensor_slices((features, target)).shuffle(32, seed=0).batch(8)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4, activation="relu"),
                             tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(ds, epochs=1, verbose=0)
finish(tf)
