# SPDX-License-Identifier: GPL-3.0-or-later
"""Weights ported from another framework by hand: the BatchNormalization layer's moving
variance is given a log-variance (negative numbers) by mistake via set_weights. In inference
(model.predict, training=False) Keras normalises with rsqrt(moving_variance + epsilon): the
square root of a negative is NaN. The card names the variable's read the negatives came from and
advises looking at what wrote it, not clipping at the square root. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(6),
                             tf.keras.layers.BatchNormalization(), tf.keras.layers.Dense(1)])
bn = model.layers[1]
gamma, beta, mean, log_var = (np.ones(6), np.zeros(6), np.zeros(6), np.log([0.5, 2.0, 0.1, 1.5, 0.8, 3.0]))
bn.set_weights([gamma, beta, mean, log_var])  # planted: log-variances where variances belong
x = np.random.default_rng(0).normal(size=(8, 4)).astype(np.float32)
print(model.predict(x, verbose=0)[:2])
finish(tf)
