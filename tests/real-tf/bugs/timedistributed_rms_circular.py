# SPDX-License-Identifier: GPL-3.0-or-later
"""Frames RMS-normalised by hand, f / sqrt(mean(f^2)), after a TimeDistributed Conv2D: a black
padded frame in the third batch is 0/0 in call 3, but training goes on for 30 calls and a
circular buffer of 200 keeps only the last calls' traces. The logdir says the earliest traces
were dropped, and explain names call 3's output as the first NaN/∞, its cause untold for the
buffer. tf.function + GradientTape, FULL_HEALTH, circular_buffer_size=200."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH", circular_buffer_size=200)
tf.keras.utils.set_random_seed(9)
rng = np.random.default_rng(9)
clips = rng.uniform(0.1, 1.0, size=(12, 4, 8, 8, 1)).astype(np.float32)
clips[9, 3] = 0.0                                    # batch 3 (clips 8..11): one padded frame
labels = rng.normal(size=(12, 1)).astype(np.float32)
conv = tf.keras.layers.TimeDistributed(tf.keras.layers.Conv2D(4, 3, activation="relu", use_bias=False))
head = tf.keras.layers.Dense(1)
opt = tf.keras.optimizers.Adam(1e-3)

@tf.function
def train_step(xb, yb):
    with tf.GradientTape() as tape:
        f = conv(xb)                                           # (B, T, 6, 6, 4)
        rms = tf.sqrt(tf.reduce_mean(tf.square(f), axis=[2, 3, 4], keepdims=True))
        f = f / rms  # planted: 0/0 for a black frame
        loss = tf.reduce_mean(tf.square(head(tf.reduce_mean(f, axis=[1, 2, 3])) - yb))
    vars_ = conv.trainable_variables + head.trainable_variables
    opt.apply_gradients(zip(tape.gradient(loss, vars_), vars_))
    return loss

for call in range(1, 31):
    b = (call - 1) % 3
    loss = train_step(clips[4 * b:4 * b + 4], labels[4 * b:4 * b + 4])
    if call <= 4 or call == 30: print("call", call, "loss", float(loss))
finish(tf)
