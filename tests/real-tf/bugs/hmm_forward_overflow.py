# SPDX-License-Identifier: GPL-3.0-or-later
"""An unscaled HMM forward pass in a tf.while_loop (autograph): a precise sensor gives emission
densities near 40, alpha grows about 30 times a step, and with no rescaling it overflows float32
in the loop body's 51st run. Nothing is trained and nothing is float16: the advice is to rescale
each iteration or work in log space, and the card says which run of the loop went bad.
FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(0)
K, T, sigma = 3, 60, 0.01
means = np.array([0.0, 1.0, 2.0], np.float32)
states = rng.integers(0, K, size=T)
obs = (means[states] + sigma * rng.normal(size=T)).astype(np.float32)
trans = np.full((K, K), 0.1, np.float32) + 0.7 * np.eye(K, dtype=np.float32)

@tf.function
def forward(obs):
    emis = tf.exp(-0.5 * tf.square((obs[:, None] - means) / sigma)) / (sigma * np.sqrt(2 * np.pi))
    alpha = emis[0][None, :] / K
    t = tf.constant(1)
    while t < T:
        alpha = tf.matmul(alpha, trans) * emis[t]   # planted: no rescaling -> overflow
        t += 1
    return alpha / tf.reduce_sum(alpha)

post = forward(tf.constant(obs))
print("posterior of last state:", post.numpy())
a = (np.exp(-0.5 * ((obs[:, None] - means) / sigma) ** 2) / (sigma * np.sqrt(2 * np.pi))).astype(np.float32)
al = a[0][None] / K
for t in range(1, T):
    al = (al @ trans) * a[t]
    if not np.isfinite(al).all():
        print("numpy: first overflow at t =", t); break
finish(tf)
