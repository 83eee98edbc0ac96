# SPDX-License-Identifier: GPL-3.0-or-later
"""The number of tokens in a batch, counted from an int32 mask and kept as float16 to scale a
float16 loss: 70,000 tokens is past float16's largest value, 65504, and the Cast gives +inf.
The count is a Sum of integers, which the health modes do not record (they record
floating-point tensors only): its input was finite by its type, not made by an op TensorFlow
does not record. CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def token_count(token_mask):
    count = tf.reduce_sum(token_mask)
    return tf.cast(count, tf.float16)  # planted


token_count(tf.ones([70000], tf.int32))
finish(tf)
