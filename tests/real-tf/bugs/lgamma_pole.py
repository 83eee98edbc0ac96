# SPDX-License-Identifier: GPL-3.0-or-later
"""A log-factorial lgamma(n + 1) with n = -1 from an off-by-one: lgamma at its pole 0 is +inf.
FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def log_factorial(n):
    return tf.math.lgamma(n + 1.0)  # planted


log_factorial(tf.constant([3.0, -1.0]))
finish(tf)
