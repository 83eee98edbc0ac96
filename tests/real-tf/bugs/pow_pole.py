# SPDX-License-Identifier: GPL-3.0-or-later
"""An inverse-distance weight, distance ** -1, where one distance is zero: pow at its pole
gives +inf. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def weights(distance):
    return tf.pow(distance, -1.0)  # planted


weights(tf.constant([2.0, 0.0, 4.0]))
finish(tf)
