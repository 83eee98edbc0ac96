# SPDX-License-Identifier: GPL-3.0-or-later
"""tf.compat.v1.train.AdamOptimizer with epsilon=0 in a TensorFlow 2 custom training step (a
tf.function, resource variables): the weight whose input is zero gets a zero gradient, its
moments stay zero, and ResourceApplyAdam's var −= lr·m/(sqrt(v) + 0) writes 0/0 = NaN into the
variable. ResourceApplyAdam has no output, so Debugger V2 records nothing of it: the NaN is
first seen in the variable's next read, ReadVariableOp_1 of the same call. FULL_HEALTH."""
from bug import setup, finish

tf = setup("FULL_HEALTH")
weights = tf.Variable([1.0, 2.0])
optimizer = tf.compat.v1.train.AdamOptimizer(0.1, epsilon=0.0)


@tf.function
def train_step(x):
    optimizer.minimize(lambda: tf.reduce_sum(weights * x), var_list=[weights])  # planted
    return tf.reduce_sum(weights * x)


train_step(tf.constant([1.0, 0.0]))
finish(tf)
