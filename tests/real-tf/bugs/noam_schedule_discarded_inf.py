# SPDX-License-Identifier: GPL-3.0-or-later
"""No bug: the learning-rate schedule of TensorFlow's Transformer tutorial, d_model^-0.5 ·
min(rsqrt(step), step · warmup^-1.5), run by model.fit's Adam. Keras 3's optimizer counts
iterations from 0, so the first call computes rsqrt(0) = +∞, which tf.minimum discards (min(+∞,
0) = 0): a learning rate of 0 on the first step, and finite training. The Rsqrt's +∞ is the only
alert and nothing goes bad after it: the card says the minimum discarded it, and advises nothing
to fix rather than a guard. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")


class CustomSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, d_model, warmup_steps=4000):
        super().__init__()
        self.d_model = tf.cast(d_model, tf.float32)
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        step = tf.cast(step, dtype=tf.float32)
        arg1 = tf.math.rsqrt(step)  # planted: +∞ at step 0, discarded by the minimum
        arg2 = step * (self.warmup_steps ** -1.5)
        return tf.math.rsqrt(self.d_model) * tf.math.minimum(arg1, arg2)


rng = np.random.default_rng(0)
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                             tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(CustomSchedule(128), beta_1=0.9, beta_2=0.98, epsilon=1e-9),
              loss="mse")
model.fit(rng.normal(size=(32, 5)).astype(np.float32), rng.normal(size=(32, 1)).astype(np.float32),
          batch_size=8, epochs=1, verbose=0)
finish(tf)
