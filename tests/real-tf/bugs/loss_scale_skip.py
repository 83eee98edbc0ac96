# SPDX-License-Identifier: GPL-3.0-or-later
"""Keras model.fit under the mixed_float16 policy, which trains through a LossScaleOptimizer:
its first loss scale, 2¹⁵, makes the float16 gradients overflow, as dynamic loss scaling means
it to; the optimizer asks tf.math.is_finite of them, skips the step and lowers the scale. The
first ∞ is an overflow that the program checks: said so, with advice to look at the alerts once
the scale has settled, not to add loss scaling. CURT_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("CURT_HEALTH")
tf.keras.mixed_precision.set_global_policy("mixed_float16")
model = tf.keras.Sequential([tf.keras.Input((32,)), tf.keras.layers.Dense(64, activation="relu"),
                             tf.keras.layers.Dense(1, dtype="float32")])
model.compile(optimizer="adam", loss="mse")
rng = np.random.default_rng(0)
features = rng.normal(size=(256, 32)).astype(np.float32) * 30
targets = rng.normal(size=(256, 1)).astype(np.float32) * 1000
model.fit(features, targets, batch_size=64, epochs=2, verbose=0)  # planted
finish(tf)
