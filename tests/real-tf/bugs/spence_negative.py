# SPDX-License-Identifier: GPL-3.0-or-later
"""Spence's function (the dilogarithm) of 1 − x for a rate x that went above 1: spence is
defined for arguments of at least 0, and TensorFlow gives NaN below. Spence is not in the cause
catalogue, so explain says so rather than guess. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def dilog_term(rate):
    return tf.math.special.spence(1.0 - rate)  # planted


dilog_term(tf.constant([0.2, 0.7, 1.3]))
finish(tf)
