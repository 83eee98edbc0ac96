# SPDX-License-Identifier: GPL-3.0-or-later
"""A tf.cond whose taken branch takes the log of a negative: NaN inside the branch's graph.
CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def score(x, use_log):
    return tf.cond(use_log, lambda: tf.math.log(x), lambda: x * 2.0)  # planted


score(tf.constant([1.0, -2.0]), tf.constant(True))
finish(tf)
