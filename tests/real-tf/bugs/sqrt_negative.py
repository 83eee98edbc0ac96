# SPDX-License-Identifier: GPL-3.0-or-later
"""A standard deviation computed as sqrt(E[x²] - E[x]² - bias) on inputs that do not vary: the
variance goes negative and its sqrt gives NaN inside a tf.function. CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def spread(x):
    variance = tf.reduce_mean(x * x) - tf.reduce_mean(x) ** 2 - 1.0
    return tf.sqrt(variance)  # planted


spread(tf.constant([1.0, 1.0, 1.0, 1.0]))
finish(tf)
