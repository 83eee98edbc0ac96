# SPDX-License-Identifier: GPL-3.0-or-later
"""Adam with epsilon=0 on a weight whose gradient is zero: its moments stay zero and the update
m / (sqrt(v) + 0) is 0/0 = NaN. A custom training step in a tf.function. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")
weights = tf.Variable([1.0, 2.0])
optimizer = tf.keras.optimizers.Adam(learning_rate=0.1, epsilon=0.0)


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(weights * x)
    grads = tape.gradient(loss, [weights])
    optimizer.apply_gradients(zip(grads, [weights]))  # planted
    return loss


train_step(tf.constant([1.0, 0.0]))
finish(tf)
