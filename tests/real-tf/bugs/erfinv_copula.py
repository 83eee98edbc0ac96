# SPDX-License-Identifier: GPL-3.0-or-later
"""A Gaussian copula: uniform ranks u in [0, 1] mapped to normal scores sqrt(2)·erfinv(2u − 1).
The largest rank is exactly 1, and erfinv(1) = +inf. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def normal_scores(u):
    return tf.sqrt(2.0) * tf.math.erfinv(2.0 * u - 1.0)  # planted


normal_scores(tf.constant([0.25, 0.5, 1.0]))
finish(tf)
