# SPDX-License-Identifier: GPL-3.0-or-later
"""The distance sqrt(a² - 2ab + b²) written out by hand goes below zero by rounding for equal
vectors shifted by a bias: sqrt of a negative gives NaN; CURT_HEALTH only tells that some
element is bad."""
from bug import setup, finish

tf = setup("CURT_HEALTH")


@tf.function
def distance(a, b):
    squared = tf.reduce_sum(a * a - 2.0 * a * b + b * b) - 0.5
    return tf.sqrt(squared)  # planted


distance(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))
finish(tf)
