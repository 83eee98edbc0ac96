# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a tfdbg V1 dump root whose tensors are watched by two debug ops, DebugNumericSummary
(counts, min, max, mean…) and DebugIdentity (values): one Session.run of log(x) with a zero
and a negative element.

  python make-summary-dumps.py DUMP_ROOT
"""
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python import debug as tf_debug
from tensorflow.python.debug.wrappers import framework


def main(dump_root):
    shutil.rmtree(dump_root, ignore_errors=True)
    tf.compat.v1.disable_eager_execution()
    x = tf.compat.v1.placeholder(tf.float32, [4], name="x")
    logx = tf.math.log(x, name="logx")
    total = tf.reduce_sum(logx, name="z")
    count = tf.size(logx, name="n")

    def watch_fn(fetches, feeds):
        return framework.WatchOptions(debug_ops=["DebugNumericSummary", "DebugIdentity"])

    sess = tf_debug.DumpingDebugWrapperSession(tf.compat.v1.Session(), dump_root, watch_fn=watch_fn)
    print(sess.run([total, count], feed_dict={x: np.array([1.0, 0.0, -2.0, 3.0], np.float32)}))


if __name__ == "__main__":
    main(sys.argv[1])
