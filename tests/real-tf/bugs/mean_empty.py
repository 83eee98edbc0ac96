# SPDX-License-Identifier: GPL-3.0-or-later
"""The mean loss of the examples a mask keeps, when the mask keeps none: reduce_mean of an
empty tensor is 0/0 = NaN. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def masked_loss(losses, keep):
    kept = tf.boolean_mask(losses, keep)
    return tf.reduce_mean(kept)  # planted


masked_loss(tf.constant([0.3, 0.7, 0.1]), tf.constant([False, False, False]))
finish(tf)
