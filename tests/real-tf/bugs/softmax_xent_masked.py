# SPDX-License-Identifier: GPL-3.0-or-later
"""Masking logits by adding log(mask): a row whose mask is all zeros has every logit -inf, and
the log of zero making them is the first bad value; softmax cross entropy then gives NaN.
FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def masked_loss(logits, mask, labels):
    masked = logits + tf.math.log(mask)  # planted
    return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=masked)


masked_loss(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.0, 1.0], [0.0, 0.0]]),
            tf.constant([[0.0, 1.0], [1.0, 0.0]]))
finish(tf)
