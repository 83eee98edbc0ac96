# SPDX-License-Identifier: GPL-3.0-or-later
"""A tf.while_loop that steps a value down and takes its square root each turn: on the fourth
turn the value is negative and Sqrt gives NaN inside the loop body. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def settle(x):
    def body(i, x, acc):
        return i + 1, x - 1.0, acc + tf.sqrt(x)  # planted
    return tf.while_loop(lambda i, x, acc: i < 5, body, (0, x, 0.0))[2]


settle(tf.constant(2.5))
finish(tf)
