# SPDX-License-Identifier: GPL-3.0-or-later
"""Eager code: the number of valid pixels of a mask, counted as int32 and cast to float16 to
weigh a float16 loss; 70,000 pixels is past float16's largest value, 65504, and the eager Cast
gives +inf. The eager Sum's output is an integer, which the health modes leave out (TensorFlow
writes an empty placeholder in its place): finite by its type. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")

mask = tf.ones([70000], tf.int32)
valid = tf.reduce_sum(mask)
weight = tf.cast(valid, tf.float16)  # planted
finish(tf)
