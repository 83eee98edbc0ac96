# SPDX-License-Identifier: GPL-3.0-or-later
"""A tfdbg V1 dump (tf.compat.v1 graph code run by the DumpingDebugWrapperSession): a
cross entropy against probabilities estimated from counts, one of which is zero for a class
the label has, takes the log of zero: -inf in Log. The dump root is the logdir; a V1 dump
holds no Python traceback, so no user's line is known."""
import numpy as np

import bug

tf, tf_debug, dump_root = bug.setup_v1()

counts = tf.compat.v1.placeholder(tf.float32, [3], name="counts")
labels = tf.compat.v1.placeholder(tf.float32, [3], name="labels")
probs = tf.math.divide(counts, tf.reduce_sum(counts), name="probs")
log_probs = tf.math.log(probs, name="log_probs")  # planted
loss = tf.negative(tf.reduce_sum(labels * log_probs), name="loss")

sess = tf_debug.DumpingDebugWrapperSession(tf.compat.v1.Session(), dump_root)
sess.run(loss, feed_dict={counts: np.array([3.0, 0.0, 1.0], np.float32),
                          labels: np.array([0.0, 1.0, 0.0], np.float32)})
