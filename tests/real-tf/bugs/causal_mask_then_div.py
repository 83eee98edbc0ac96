# SPDX-License-Identifier: GPL-3.0-or-later
"""A causal self-attention whose mask is −∞ above the diagonal (harmless: every row keeps its
diagonal, so the softmax is finite), followed by a loss averaged over the non-padding tokens of a
batch that holds only padding: sum / count = 0/0 is NaN. The first alert is the mask's constant,
the first NaN the division, made from finite values: the division is the origin, the mask said
not to have made it. tf.function, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def masked_loss(q, k, v, target, pad_mask):
    t = tf.shape(q)[1]
    causal = tf.linalg.band_part(tf.ones([t, t]), -1, 0) > 0
    scores = tf.matmul(q, k, transpose_b=True) / 2.0
    scores = tf.where(causal, scores, -np.inf)  # masked future positions
    out = tf.matmul(tf.nn.softmax(scores), v)
    err = tf.reduce_sum(tf.square(out - target), axis=-1) * pad_mask
    return tf.reduce_sum(err) / tf.reduce_sum(pad_mask)  # planted


rng = np.random.default_rng(0)
q, k, v, target = (tf.constant(rng.normal(size=(2, 4, 4)).astype(np.float32)) for _ in range(4))
masked_loss(q, k, v, target, tf.zeros([2, 4]))  # a batch of padding only
finish(tf)
