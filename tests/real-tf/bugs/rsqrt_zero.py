# SPDX-License-Identifier: GPL-3.0-or-later
"""A normalisation by rsqrt of the sum of squares, without an epsilon, on an all-zero row:
rsqrt(0) is +inf. FULL_TENSOR."""
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def normalise(rows):
    return rows * tf.math.rsqrt(tf.reduce_sum(rows * rows, axis=1, keepdims=True))  # planted


normalise(tf.constant([[3.0, 4.0], [0.0, 0.0]]))
finish(tf)
