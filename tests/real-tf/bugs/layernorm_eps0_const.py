# SPDX-License-Identifier: GPL-3.0-or-later
"""Sensor rows normalised per sample by LayerNormalization(epsilon=0.0), first in the model: a
dropped-out reading filled with zeros has a variance of exactly 0, and Keras's
rsqrt(variance + epsilon) is +∞. The advice is the layer's epsilon, not divide_no_nan. Keras
model.fit, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
x = rng.normal(20.0, 3.0, size=(32, 8)).astype(np.float32)
x[5] = 0.0                        # dropped-out sensor reading, zero-filled
y = x.mean(axis=1, keepdims=True).astype(np.float32)
y[5] = 0.0

model = tf.keras.Sequential([
    tf.keras.Input((8,)),
    # planted: epsilon=0 -> rsqrt(0) for a constant row
    tf.keras.layers.LayerNormalization(epsilon=0.0),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
hist = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
print("loss history", hist.history["loss"])
finish(tf)
