# SPDX-License-Identifier: GPL-3.0-or-later
"""Readings stored as float16 to save memory: a pressure of 1013.25 hPa converted to 101325 Pa
is past float16's largest value, 65504, and the Cast gives +inf. Plain float16, no Keras.
CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def store_pascals(hectopascals):
    pascals = hectopascals * 100.0
    return tf.cast(pascals, tf.float16)  # planted


store_pascals(tf.constant([1013.25, 998.0, 1020.5]))
finish(tf)
