# SPDX-License-Identifier: GPL-3.0-or-later
"""A log-return log1p(r) where a price fell to zero (r = -1): log1p of -1 is -inf.
CURT_HEALTH."""
from bug import setup, finish

tf = setup("CURT_HEALTH")


@tf.function
def log_returns(prices):
    r = prices[1:] / prices[:-1] - 1.0
    return tf.math.log1p(r)  # planted


log_returns(tf.constant([4.0, 2.0, 0.0]))
finish(tf)
