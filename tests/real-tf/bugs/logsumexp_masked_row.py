# SPDX-License-Identifier: GPL-3.0-or-later
"""A masked log-softmax written as scores - reduce_logsumexp(scores) over candidates masked
with tf.where(valid, scores, -inf). A query with no valid candidate has a row of only -inf:
reduce_logsumexp gives -inf (TensorFlow takes log(sum(exp(x - 0))) = log(0) when the max is not
finite), and -inf - (-inf) = NaN. The mask's constant is the origin, and the card names the Sub that made
the NaN from it. tf.function, FULL_TENSOR."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def masked_log_softmax(scores, valid):
    masked = tf.where(valid, scores, float("-inf"))
    return masked - tf.reduce_logsumexp(masked, axis=-1, keepdims=True)  # planted


scores = tf.constant([[1.0, 2.0, 0.5, -1.0], [0.3, 0.2, 0.1, 0.0]])
valid = tf.constant([[True, True, False, True], [False, False, False, False]])  # query 2: none
print(masked_log_softmax(scores, valid).numpy())
finish(tf)
