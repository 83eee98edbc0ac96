# SPDX-License-Identifier: GPL-3.0-or-later
"""A softmax written by hand without subtracting the maximum: exp(100) overflows float32 to
+inf. FULL_TENSOR."""
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def naive_softmax(logits):
    e = tf.exp(logits)  # planted
    return e / tf.reduce_sum(e)


naive_softmax(tf.constant([1.0, 100.0, 3.0]))
finish(tf)
