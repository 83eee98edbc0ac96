# SPDX-License-Identifier: GPL-3.0-or-later
"""An angular loss arccos(cos_sim) between embeddings, with the cosine clipped to [-1, 1] "for
safety". An embedding that already points exactly along its target has cos_sim = 1 after the
clip: acos(1) = 0 is finite, but its derivative -1/sqrt(1 - x**2) is -inf (Reciprocal of 0) in
the gradient, and the update makes NaN. Custom GradientTape loop, tf.function, FULL_HEALTH.
tf.math.acos's gradient opens no scope of the forward op's name (its ops are
gradient_tape/Square, …/Sqrt, …/Reciprocal): the forward Acos is found by what the gradient
reads, and its line named."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
emb = tf.Variable([[1.0, 0.0, 0.0], [0.6, 0.8, 0.0], [0.0, 1.0, 1.0]])
targets = tf.constant([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        cos = tf.reduce_sum(tf.math.l2_normalize(emb, -1) * tf.math.l2_normalize(targets, -1), -1)
        loss = tf.reduce_mean(tf.math.acos(tf.clip_by_value(cos, -1.0, 1.0)))  # planted
    grads = tape.gradient(loss, [emb])
    opt.apply_gradients(zip(grads, [emb]))
    return loss


for step in range(2):
    train_step()
finish(tf)
