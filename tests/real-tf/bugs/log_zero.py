# SPDX-License-Identifier: GPL-3.0-or-later
"""A cross entropy whose probabilities hold an exact zero: the log of zero gives -inf inside a
tf.function. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def cross_entropy(probs, labels):
    return -tf.reduce_sum(labels * tf.math.log(probs))  # planted


cross_entropy(tf.constant([0.5, 0.5, 0.0]), tf.constant([0.0, 0.0, 1.0]))
finish(tf)
