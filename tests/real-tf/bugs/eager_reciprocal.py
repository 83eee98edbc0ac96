# SPDX-License-Identifier: GPL-3.0-or-later
"""Eager code, no tf.function: the reciprocal of a count that is zero gives +inf in an eager
execution. CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")
counts = tf.constant([3.0, 0.0, 1.0])
inverse = tf.math.reciprocal(counts)  # planted
total = tf.reduce_sum(inverse)
finish(tf)
