# SPDX-License-Identifier: GPL-3.0-or-later
"""Count regression compiled with loss="poisson" whose last Dense layer has the default linear
activation: Keras's Poisson loss computes y_pred - y_true * log(y_pred + 1e-7), and the untrained
model predicts negative rates for part of the first batch: log of a negative is NaN. The advice
is the output layer's activation, not a clip. Keras model.fit, CONCISE_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CONCISE_HEALTH")
tf.keras.utils.set_random_seed(1)
rng = np.random.default_rng(1)
x = rng.normal(size=(256, 6)).astype(np.float32)
y = rng.poisson(np.exp(0.3 * x[:, :1])).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((6,)),
                             tf.keras.layers.Dense(16, activation="relu"),
                             tf.keras.layers.Dense(1)])  # planted: linear rate can go < 0
model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), loss="poisson")
p0 = model.predict(x[:32], verbose=0)
print("negative predicted rates in batch 1:", int((p0 < -1e-7).sum()))
hist = model.fit(x, y, batch_size=32, epochs=1, verbose=0, shuffle=False)
print(hist.history)
finish(tf)
