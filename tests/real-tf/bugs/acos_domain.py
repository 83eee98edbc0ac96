# SPDX-License-Identifier: GPL-3.0-or-later
"""The angle between two vectors from a cosine that rounding pushed just past 1: acos of
1.0000001 is NaN. FULL_TENSOR."""
from bug import setup, finish

tf = setup("FULL_TENSOR")


@tf.function
def angle(cosine):
    return tf.acos(cosine * 1.0000002)  # planted


angle(tf.constant([0.5, 1.0]))
finish(tf)
