# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a tfdbg V1 dump root with TensorFlow's DumpingDebugHook in a MonitoredSession: three
training steps of a logistic regression (variables, gradients, GradientDescentOptimizer, the
global step) whose third batch saturates the sigmoid, so that log(0) gives -inf and the loss
and the gradients NaN.

  python make-hook-dumps.py DUMP_ROOT
"""
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python import debug as tf_debug


def main(dump_root):
    shutil.rmtree(dump_root, ignore_errors=True)
    tf.compat.v1.disable_eager_execution()
    x = tf.compat.v1.placeholder(tf.float32, [8, 4], name="x")
    y = tf.compat.v1.placeholder(tf.float32, [8, 1], name="y")
    with tf.compat.v1.variable_scope("model"):
        w = tf.compat.v1.get_variable("w", [4, 1], initializer=tf.compat.v1.initializers.constant(5.0))
        b = tf.compat.v1.get_variable("b", [1], initializer=tf.compat.v1.zeros_initializer())
        p = tf.sigmoid(tf.matmul(x, w) + b, name="prob")
    loss = -tf.reduce_mean(y * tf.math.log(p) + (1 - y) * tf.math.log(1 - p), name="xent")
    global_step = tf.compat.v1.train.get_or_create_global_step()
    train = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=global_step)
    with tf.compat.v1.train.MonitoredSession(hooks=[tf_debug.DumpingDebugHook(dump_root)]) as sess:
        rs = np.random.RandomState(0)
        for step in range(3):
            batch = rs.randn(8, 4).astype(np.float32) * (1 if step < 2 else 100)
            labels = (rs.rand(8, 1) > 0.5).astype(np.float32)
            print(sess.run([loss, train], feed_dict={x: batch, y: labels})[0])


if __name__ == "__main__":
    main(sys.argv[1])
