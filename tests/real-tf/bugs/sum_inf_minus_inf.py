# SPDX-License-Identifier: GPL-3.0-or-later
"""A net total of ledger entries near float32's largest value (3e38) of both signs: inside
Sum, partial sums of the positive entries reach +inf and of the negative ones -inf, and
inf - inf is NaN, though every entry is finite. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def net_total(ledger, rate):
    amounts = ledger * rate
    return tf.reduce_sum(amounts)  # planted


net_total(tf.constant([3e38, 3e38, -3e38, -3e38, 3e38, 3e38, -3e38, -3e38]), tf.constant(1.0))
finish(tf)
