# SPDX-License-Identifier: GPL-3.0-or-later
"""An eager log of a zero, fed into a tf.function: the first -inf is made by that eager
execution, not by the function's MatMul. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def project(features, w):
    return tf.matmul(features, w)


features = tf.math.log(tf.constant([[1.0, 0.0], [2.0, 3.0]]))  # planted
project(features, tf.ones([2, 2]))
finish(tf)
