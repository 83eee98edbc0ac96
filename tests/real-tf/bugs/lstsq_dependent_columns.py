# SPDX-License-Identifier: GPL-3.0-or-later
"""Ordinary least squares with tf.linalg.lstsq in a tf.function: a design matrix with an
intercept column and a one-hot column for every category (the dummy-variable trap) is rank
deficient; lstsq's fast path solves the normal equations by a Cholesky factorisation of the
singular Gram matrix A^T A, which on the CPU gives NaN. The advice is lstsq's own settings
(l2_regularizer, fast=False), not to use the op the program already uses. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
rng = np.random.default_rng(0)
city = rng.integers(0, 3, size=40)
one_hot = np.eye(3, dtype=np.float32)[city]                      # all three categories
size = rng.uniform(30, 120, size=(40, 1)).astype(np.float32) / 100.0
design = np.concatenate([np.ones((40, 1), np.float32), size, one_hot], 1)   # intercept + dummies
price = (2.0 + 3.0 * size + one_hot @ np.array([[0.5], [1.0], [-0.3]], np.float32)).astype(np.float32)


@tf.function
def fit_ols(a, b):
    return tf.linalg.lstsq(a, b)  # planted: dummy-variable trap


print(fit_ols(tf.constant(design), tf.constant(price)).numpy().ravel())
finish(tf)
