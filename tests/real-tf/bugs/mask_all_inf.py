# SPDX-License-Identifier: GPL-3.0-or-later
"""Attention scores masked with tf.where(keep, scores, -np.inf): the −∞ is a constant of the
graph, the first alert, and a row whose every position is masked (a padding-only sequence)
makes the softmax NaN. explain says the −∞ is a constant the program wrote and points at what
it led to, not that it came from outside the recording. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def attend(scores, keep):
    masked = tf.where(keep, scores, -np.inf)  # planted
    return tf.nn.softmax(masked)


attend(tf.constant([[1.0, 2.0, 3.0], [0.5, 0.1, 0.2]]), tf.constant([[True, True, False], [False, False, False]]))
finish(tf)
