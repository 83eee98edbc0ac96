# SPDX-License-Identifier: GPL-3.0-or-later
"""A float16 layer on unscaled inputs: each product is 300 × 300 and their sum passes float16's
largest value, 65504, in MatMul. CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def layer(x, w):
    return tf.matmul(x, w)  # planted


layer(tf.fill([2, 4], tf.constant(300.0, tf.float16)), tf.fill([4, 3], tf.constant(300.0, tf.float16)))
finish(tf)
