# SPDX-License-Identifier: GPL-3.0-or-later
"""A per-row normalisation by a row sum that is zero for one row: 1/0 gives +inf in a
tf.function. CURT_HEALTH."""
from bug import setup, finish

tf = setup("CURT_HEALTH")


@tf.function
def share(counts):
    totals = tf.reduce_sum(tf.abs(counts), axis=1, keepdims=True) - 2.0
    return counts / totals  # planted


share(tf.constant([[1.0, 2.0], [1.0, -1.0]]))
finish(tf)
