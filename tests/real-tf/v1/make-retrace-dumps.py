# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a tfdbg V1 dump root of a tf.function traced into five graphs (five input shapes),
built into a TF1 graph and run once by Session.run. The session inlines each traced function
into the device's partition graph under its call op's name (PartitionedCall,
PartitionedCall_1, …) and keeps no function library: the dump cannot tell which Python
function, or how many traces of it, made those ops.

  python make-retrace-dumps.py DUMP_ROOT
"""
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python import debug as tf_debug


@tf.function
def normalize(x):
    return (x - tf.reduce_mean(x)) / (tf.math.reduce_std(x) + 1e-6)


def main(dump_root):
    shutil.rmtree(dump_root, ignore_errors=True)
    tf.compat.v1.disable_eager_execution()
    outputs, feeds = [], {}
    for i, shape in enumerate([(3,), (2, 2), (2, 1, 2), (5,), (1, 1, 1, 2)]):
        x = tf.compat.v1.placeholder(tf.float32, shape, name=f"x{i}")
        feeds[x] = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        outputs.append(normalize(x))
    sess = tf_debug.DumpingDebugWrapperSession(tf.compat.v1.Session(), dump_root)
    print(sess.run(outputs, feed_dict=feeds))


if __name__ == "__main__":
    main(sys.argv[1])
