# SPDX-License-Identifier: GPL-3.0-or-later
"""A model saved with tf.saved_model.save and loaded back with tf.saved_model.load: its
log-likelihood takes the log of a probability of exactly zero, -inf in the loaded function.
FULL_HEALTH (the module is saved before the debugger is enabled)."""
import os
import sys
import tempfile

from bug import setup, finish
import tensorflow as tf


class Likelihood(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, probs):
        return tf.reduce_sum(tf.math.log(probs))  # planted


saved = tempfile.mkdtemp()
tf.saved_model.save(Likelihood(), saved)
tf = setup("FULL_HEALTH")
loaded = tf.saved_model.load(saved)
loaded(tf.constant([0.5, 0.0, 0.25]))
finish(tf)
