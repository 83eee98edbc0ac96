# SPDX-License-Identifier: GPL-3.0-or-later
"""A Poisson log-likelihood whose log n! is computed as the log of an int32 cumulative product:
17! wraps around past int32's largest value to a negative number, and its log is NaN. The
negatives came through a cast of an integer product, which the health modes never trace: the
advice is int64 or lgamma, not a clip. tf.function, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
counts = tf.constant([0, 3, 5, 2, 17, 8, 1, 4], tf.int32)   # one busy hour with 17 events
rate = tf.constant([0.5, 2.8, 4.0, 2.2, 12.5, 7.1, 1.3, 3.9])


@tf.function
def poisson_loglik(y, lam):
    fact = tf.math.cumprod(tf.concat([[1], tf.range(1, 21, dtype=tf.int32)], 0))  # int32 wraps
    yf = tf.cast(y, tf.float32)
    log_fact = tf.math.log(tf.cast(tf.gather(fact, y), tf.float32))  # planted: log(17! wrapped < 0)
    return tf.reduce_sum(yf * tf.math.log(lam) - lam - log_fact)


print("log-likelihood:", float(poisson_loglik(counts, rate)))
finish(tf)
