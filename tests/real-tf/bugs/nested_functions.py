# SPDX-License-Identifier: GPL-3.0-or-later
"""A tf.function calling another: the inner one divides by a difference that is zero, 1/0 =
+inf in the inner function's graph. FULL_TENSOR."""
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def relative_change(new, old):
    return (new - old) / old  # planted


@tf.function
def report(new, old):
    return tf.reduce_max(relative_change(new, old) * 100.0)


report(tf.constant([3.0, 2.0]), tf.constant([1.0, 0.0]))
finish(tf)
