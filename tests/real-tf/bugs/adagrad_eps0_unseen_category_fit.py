# SPDX-License-Identifier: GPL-3.0-or-later
"""Keras Adagrad with initial_accumulator_value=0 and epsilon=0 on one-hot store types, one never
seen in training: its kernel row's gradient is exactly 0 and Adagrad's update divides 0 by
sqrt(0). The division is the optimizer's own: the advice is its epsilon, not divide_no_nan.
Keras model.fit, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
n = 512
store = rng.integers(0, 5, n)                      # categories 0..4 only; 5 never appears
onehot = np.eye(6, dtype=np.float32)[store]
numeric = rng.normal(size=(n, 3)).astype(np.float32)
x = np.concatenate([onehot, numeric], 1)
y = (store * 0.5 + numeric @ np.array([1.0, -2.0, 0.5]) + rng.normal(0, 0.1, n)).astype(np.float32)

model = tf.keras.Sequential([tf.keras.Input((9,)),
                             tf.keras.layers.Dense(16, activation="tanh"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adagrad(0.05, initial_accumulator_value=0.0, epsilon=0.0)  # planted
model.compile(optimizer=opt, loss="mse")
hist = model.fit(x, y, batch_size=64, epochs=1, verbose=0)
print("loss", hist.history["loss"], "kernel finite:", np.isfinite(model.layers[0].kernel.numpy()).all())
finish(tf)
