# SPDX-License-Identifier: GPL-3.0-or-later
"""The best score among the detections above a threshold, when none is above it:
tf.reduce_max of an empty tensor is -inf (the maximum of nothing), from finite scores.
CONCISE_HEALTH, which records the size of what was reduced."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


@tf.function
def best_confident_score(scores, threshold):
    confident = tf.boolean_mask(scores, scores > threshold)
    return tf.reduce_max(confident)  # planted


best_confident_score(tf.constant([0.2, 0.4, 0.1]), tf.constant(0.5))
finish(tf)
