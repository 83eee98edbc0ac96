# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a tfdbg V1 dump root with TensorFlow's own DumpingDebugWrapperSession.

A TF1 graph on two CPU devices, run four times by Session.run: a clean run, a run whose
log(0) gives -inf and whose sqrt(log(x)) gives NaN, a run of the variable's initializer,
and a run that fetches a part of the graph only (another partition graph).

  python make-dumps.py DUMP_ROOT

Run it with a Python that has tensorflow-cpu installed (tests/real-tf/v1/regenerate makes one).
"""
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python import debug as tf_debug


def main(dump_root):
    shutil.rmtree(dump_root, ignore_errors=True)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
    tf.compat.v1.disable_eager_execution()

    with tf.device("/device:CPU:0"):
        x = tf.compat.v1.placeholder(tf.float32, [4], name="x")
        scale = tf.constant([1.0, 2.0, 3.0, 4.0], name="scale")
        w = tf.compat.v1.get_variable("w", initializer=tf.constant([0.5, 0.5, 0.5, 0.5]), use_resource=True)
        scaled = tf.multiply(x, scale, name="layer/scaled")
        shifted = tf.add(scaled, w, name="layer/shifted")
    with tf.device("/device:CPU:1"):
        logged = tf.math.log(shifted - 0.5, name="layer/log")
        root = tf.math.sqrt(logged, name="layer/sqrt")
        loss = tf.reduce_mean(root, name="loss")
        count = tf.size(root, name="count")

    config = tf.compat.v1.ConfigProto(device_count={"CPU": 2})
    sess = tf_debug.DumpingDebugWrapperSession(tf.compat.v1.Session(config=config), dump_root)
    sess.run(w.initializer)
    print(sess.run(loss, feed_dict={x: np.array([1.0, 2.0, 3.0, 4.0], np.float32)}))
    print(sess.run([loss, count], feed_dict={x: np.array([0.0, 0.5, 1.0, 2.0], np.float32)}))
    print(sess.run(scaled, feed_dict={x: np.array([-1.0, 0.0, 1.0, 2.0], np.float32)}))


if __name__ == "__main__":
    main(sys.argv[1])
