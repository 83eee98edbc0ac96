# SPDX-License-Identifier: GPL-3.0-or-later
"""A float16 exponential of 12: e^12 ≈ 162755 is past float16's 65504, +inf in Exp.
FULL_TENSOR."""
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def scores(logits):
    return tf.exp(logits)  # planted


scores(tf.constant([1.0, 12.0], tf.float16))
finish(tf)
