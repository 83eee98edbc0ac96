# SPDX-License-Identifier: GPL-3.0-or-later
"""A rank-Gaussian transform: each value's rank divided by the count is a probability, mapped to
a normal score by the inverse normal CDF, tf.math.ndtri. The largest value's rank gives exactly
1.0, and ndtri(1) = +inf. Ndtri is not in the cause catalogue, so explain says so rather than
guess. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def rank_gauss(x):
    count = tf.cast(tf.size(x), tf.float32)
    ranks = tf.cast(tf.argsort(tf.argsort(x)) + 1, tf.float32)
    return tf.math.ndtri(ranks / count)  # planted


rank_gauss(tf.constant([0.3, 1.7, -0.4, 2.2]))
finish(tf)
