# SPDX-License-Identifier: GPL-3.0-or-later
"""Inverse-frequency class weights n / (K * count) computed eagerly with tf.math.bincount, a class
absent from the training labels: its weight is +inf, and the tf.function that captures the
weights holds it as a constant of its graph, the first alert. The eager division went bad first
and is the origin, not the constant. Eager preparation + tf.function, CONCISE_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CONCISE_HEALTH")
tf.keras.utils.set_random_seed(5)
K = 4
rng = np.random.default_rng(5)
y_train = tf.constant(rng.integers(0, 3, 256), tf.int32)     # labels 0..2 only
x_train = tf.random.normal([256, 10])

counts = tf.cast(tf.math.bincount(y_train, minlength=K), tf.float32)
n = tf.cast(tf.size(y_train), tf.float32)
class_w = n / (K * counts)  # planted: count 0 for class 3 -> +inf weight
model = tf.keras.Sequential([tf.keras.Input((10,)), tf.keras.layers.Dense(K)])
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logp = tf.nn.log_softmax(model(x))
        w_onehot = tf.one_hot(y, K) * class_w
        loss = -tf.reduce_mean(tf.reduce_sum(w_onehot * logp, axis=1))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(3):
    print("call", step + 1, "loss", float(train_step(x_train[64 * step:64 * step + 64], y_train[64 * step:64 * step + 64])))
finish(tf)
