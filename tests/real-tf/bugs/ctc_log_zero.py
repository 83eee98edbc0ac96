# SPDX-License-Identifier: GPL-3.0-or-later
"""A speech model's CTC loss, used as the documentation shows. tf.nn.ctc_loss on the CPU works
in log space and writes log(0.) for a probability of zero: its −∞ is the first alert of every
run that uses it, though nothing went wrong. The origin is that Log, made from a constant
alone: constant, not log_of_zero with advice to add an epsilon. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
logits = tf.constant(np.random.default_rng(0).normal(size=(6, 2, 5)).astype(np.float32))  # time, batch, classes
labels = tf.constant([[1, 2, 3], [4, 1, 0]], dtype=tf.int32)


@tf.function
def ctc(logits):
    return tf.nn.ctc_loss(labels, logits, tf.constant([3, 2]), tf.constant([6, 6]),  # planted
                          logits_time_major=True, blank_index=0)


ctc(logits)
finish(tf)
