# SPDX-License-Identifier: GPL-3.0-or-later
"""Fisher's z-transform atanh(r) of a correlation clipped into [-1, 1]: two identical series
correlate at 1 (rounded up a little, then clipped to exactly 1), and atanh(1) is +inf, a pole.
FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def fisher_z(a, b):
    a = a - tf.reduce_mean(a)
    b = b - tf.reduce_mean(b)
    r = tf.reduce_sum(a * b) / tf.sqrt(tf.reduce_sum(a * a) * tf.reduce_sum(b * b))
    return tf.math.atanh(tf.clip_by_value(r, -1.0, 1.0))  # planted


series = tf.constant([1.0, 2.0, 4.0, 8.0])
fisher_z(series, series)
finish(tf)
