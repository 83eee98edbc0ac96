# SPDX-License-Identifier: GPL-3.0-or-later
"""A learned log-scale initialised from the data: tf.Variable(tf.math.log(std)), where one
feature is constant and its standard deviation is exactly zero. The eager Log gives -inf, the
eager AssignVariableOp writes it into the variable (TensorFlow records its input tensor ids but
no output), and the variable's read inside a tf.function is the first graph op to show it: the
walk goes from that read through the assignment back to the eager Log. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")
data = tf.constant([[1.0, 3.0], [2.0, 3.0], [4.0, 3.0]])
log_scale = tf.Variable(tf.math.log(tf.math.reduce_std(data, axis=0)))  # planted


@tf.function
def standardize(x):
    return (x - tf.reduce_mean(x, axis=0)) * tf.exp(-log_scale)


standardize(data)
finish(tf)
