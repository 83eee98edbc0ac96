# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a tfdbg V1 dump root with TensorFlow's own DumpingDebugWrapperSession: one Session.run
of a TF1 while loop (each iteration's tensors dumped again), a string tensor and a float16 cast
that overflows to +inf.

  python make-while-dumps.py DUMP_ROOT
"""
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python import debug as tf_debug


def main(dump_root):
    shutil.rmtree(dump_root, ignore_errors=True)
    tf.compat.v1.disable_eager_execution()
    x = tf.compat.v1.placeholder(tf.float32, [2], name="x")
    _, out = tf.compat.v1.while_loop(lambda i, v: i < 5, lambda i, v: (i + 1, v * 10.0),
                                     [tf.constant(0), x], name="loop")
    text = tf.strings.as_string(out, name="as_text")
    half = tf.cast(out, tf.float16, name="half")
    sess = tf_debug.DumpingDebugWrapperSession(tf.compat.v1.Session(), dump_root)
    print(sess.run([out, text, half], feed_dict={x: np.array([1e3, 2.0], np.float32)}))


if __name__ == "__main__":
    main(sys.argv[1])
