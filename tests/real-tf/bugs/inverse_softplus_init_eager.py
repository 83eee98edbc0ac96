# SPDX-License-Identifier: GPL-3.0-or-later
"""Positive scales parametrised as softplus(raw), raw initialised eagerly with the naive inverse
softplus log(exp(s) - 1): a prior scale of 100 makes exp(100) overflow float32. Nothing is
trained yet: the advice is a form that stays in range (s + log(-expm1(-s))), not the learning
rate. Eager, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(5)
prior_scale = np.float32([0.5, 2.0, 100.0])
data = (rng.normal(size=(256, 3)) * prior_scale).astype(np.float32)
mu = tf.Variable(tf.reduce_mean(data, axis=0))

raw = tf.Variable(tf.math.log(tf.exp(prior_scale) - 1.0))  # planted: exp(100) overflows
opt = tf.keras.optimizers.Adam(0.01)
for step in range(3):
    with tf.GradientTape() as tape:
        scale = tf.nn.softplus(raw)
        z = (data - mu) / scale
        nll = tf.reduce_mean(0.5 * z ** 2 + tf.math.log(scale) + 0.5 * np.log(2 * np.pi))
    grads = tape.gradient(nll, [mu, raw])
    opt.apply_gradients(zip(grads, [mu, raw]))
    print("step", step, "scale", scale.numpy(), "nll", float(nll))
finish(tf)
