# SPDX-License-Identifier: GPL-3.0-or-later
"""The leading eigenvector of a covariance matrix by power iteration in a tf.while_loop, on
features whose covariance is about 1e-24: A @ v is about 1e-24, its squares underflow float32 to
0, tf.norm(A @ v) is 0 while A @ v holds no zero, and v / 0 is +∞. The advice is to scale the
vector before its norm, not to add ε to the denominator. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(0)
x = rng.normal(size=(200, 4)) * 1e-12                  # lengths in (mega)parsecs given in metres^-1...
cov = (np.cov(x, rowvar=False)).astype(np.float32)     # entries ~1e-24


@tf.function
def leading_eigenvector(a, iters=20):
    def body(i, v):
        av = tf.linalg.matvec(a, v)
        return i + 1, av / tf.norm(av)  # planted
    _, v = tf.while_loop(lambda i, v: i < iters, body, (tf.constant(0), tf.ones([4]) / 2.0))
    return v


print(leading_eigenvector(tf.constant(cov)).numpy())
finish(tf)
