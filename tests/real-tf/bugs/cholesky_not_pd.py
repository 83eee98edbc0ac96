# SPDX-License-Identifier: GPL-3.0-or-later
"""A Gaussian log-likelihood whose covariance is built from a correlation typed as 1.5: the
matrix is not positive definite, and TensorFlow's CPU Cholesky gives NaN instead of an error.
FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def log_likelihood(x, stddev, correlation):
    covariance = stddev[:, None] * correlation * stddev[None, :]
    chol = tf.linalg.cholesky(covariance)  # planted
    z = tf.linalg.triangular_solve(chol, x[:, None])
    return -0.5 * tf.reduce_sum(z * z) - tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))


log_likelihood(tf.constant([0.3, -0.2]), tf.constant([1.0, 2.0]), tf.constant([[1.0, 1.5], [1.5, 1.0]]))
finish(tf)
