# SPDX-License-Identifier: GPL-3.0-or-later
"""A tfdbg V1 dump (tf.compat.v1 graph code with reference variables, run by the
DumpingDebugWrapperSession): tf.compat.v1.train.AdamOptimizer with epsilon=0 on a weight whose
input, and so whose gradient, is zero. Its moments start at zero and stay zero, so ApplyAdam's
var −= lr·m/(sqrt(v) + ε) is 0/0 = NaN, recorded in ApplyAdam's output (the updated reference
variable). A V1 dump holds no Python traceback, so no user's line is known."""
import numpy as np

import bug

tf, tf_debug, dump_root = bug.setup_v1()
tf.compat.v1.disable_resource_variables()

features = tf.compat.v1.placeholder(tf.float32, [2], name="features")
weights = tf.compat.v1.get_variable("weights", initializer=tf.constant([1.0, 2.0]))
loss = tf.reduce_sum(weights * features, name="loss")
train = tf.compat.v1.train.AdamOptimizer(0.1, epsilon=0.0).minimize(loss)  # planted

session = tf.compat.v1.Session()
session.run(tf.compat.v1.global_variables_initializer())
sess = tf_debug.DumpingDebugWrapperSession(session, dump_root)
sess.run(train, feed_dict={features: np.array([1.0, 0.0], np.float32)})
