# SPDX-License-Identifier: GPL-3.0-or-later
"""A Glow-style invertible 1x1 convolution evaluated eagerly, its channel permutation built from
a wrong index list [0, 2, 1, 2]: the weight matrix has two equal rows, is singular, and
tf.linalg.slogdet's log|det W| is −∞. The advice is how the matrix is built, not ε·I (which gives
a meaningless finite value) nor pinv or lstsq (which solve systems). FULL_TENSOR."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_TENSOR")
rng = np.random.default_rng(0)
images = rng.normal(size=(8, 6, 6, 4)).astype(np.float32)

perm = [0, 2, 1, 2]                       # meant [0, 2, 1, 3]
w = tf.Variable(tf.gather(tf.eye(4), perm), name="invconv_w")

def flow_nll(x):
    n, h, wd, c = x.shape
    z = tf.einsum("nhwc,dc->nhwd", x, w)
    log_pz = -0.5 * tf.reduce_sum(tf.square(z) + np.log(2 * np.pi), axis=[1, 2, 3])
    sign, logabsdet = tf.linalg.slogdet(w)   # planted: singular w -> -inf
    log_px = log_pz + h * wd * logabsdet
    return -tf.reduce_mean(log_px) / (h * wd * c)

print("bits/dim-ish NLL:", float(flow_nll(images)))
finish(tf)
