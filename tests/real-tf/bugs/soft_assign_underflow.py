# SPDX-License-Identifier: GPL-3.0-or-later
"""Soft k-means assignment written by hand, w = exp(-d2/tau) / sum_k exp(-d2/tau) with
tau = 0.01: an outlier is at least 9 squared units from every centroid, every exp(-d2/tau) of its
row underflows float32 to 0, and its row is 0/0. The advice is to subtract the largest exponent
(tf.nn.softmax does), not divide_no_nan, which would give the outlier zero weights. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(0)
pts = np.concatenate([rng.normal(0, 0.3, (20, 2)), rng.normal(3, 0.3, (20, 2)),
                      [[10.0, -8.0]]]).astype(np.float32)          # last point: an outlier
centroids = tf.Variable([[0.0, 0.0], [3.0, 3.0]])

@tf.function
def soft_kmeans_step(x, tau):
    d2 = tf.reduce_sum(tf.square(x[:, None, :] - centroids[None]), axis=-1)
    e = tf.exp(-d2 / tau)
    w = e / tf.reduce_sum(e, axis=1, keepdims=True)   # planted: row of zeros -> 0/0
    centroids.assign(tf.matmul(w, x, transpose_a=True) / tf.reduce_sum(w, axis=0)[:, None])
    return w

for it in range(1, 3):
    w = soft_kmeans_step(tf.constant(pts), 0.01)
    print("call", it, "outlier weights", w.numpy()[-1], "centroids", centroids.numpy().tolist())
finish(tf)
