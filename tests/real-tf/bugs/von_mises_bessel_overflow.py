# SPDX-License-Identifier: GPL-3.0-or-later
"""A von Mises likelihood's concentration kappa = exp(s) fitted in a custom loop on nearly
noise-free angles: the NLL keeps rewarding a larger kappa, and tf.math.bessel_i0 overflows float32
once kappa passes about 88.7 (call 10). BesselI0 is an overflow of an op that grows
exponentially; the fix is log(bessel_i0e(kappa)) + kappa. tf.function + GradientTape, FULL_TENSOR."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_TENSOR")
rng = np.random.default_rng(4)
x = rng.normal(size=(128, 3)).astype(np.float32)
theta = (x @ np.float32([0.5, -0.2, 0.1]) + 1e-3 * rng.normal(size=128)).astype(np.float32)
w = tf.constant(np.float32([0.5, -0.2, 0.1]))    # trained regressor, frozen
s = tf.Variable(0.0)                         # log concentration
opt = tf.keras.optimizers.SGD(1.0)

@tf.function
def train_step(xb, th):
    with tf.GradientTape() as tape:
        mu = tf.linalg.matvec(xb, w)
        kappa = tf.exp(s)
        log_norm = tf.math.log(2 * np.pi * tf.math.bessel_i0(kappa))  # planted: I0 overflows
        loss = tf.reduce_mean(-kappa * tf.cos(th - mu) + log_norm)
    opt.apply_gradients([(tape.gradient(loss, s), s)])
    return loss

for step in range(1, 16):
    k = float(tf.exp(s))
    loss = train_step(x, theta)
    print("call", step, "kappa before", k, "loss", float(loss))
    if not np.isfinite(float(loss)): break
finish(tf)
