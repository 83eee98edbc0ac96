# SPDX-License-Identifier: GPL-3.0-or-later
"""The gradient of tf.norm at a zero vector: the forward pass is finite, the backward SqrtGrad
divides by sqrt(0) and gives +inf. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def gradient(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        length = tf.norm(v)  # planted
    return tape.gradient(length, v)


gradient(tf.zeros([3]))
finish(tf)
