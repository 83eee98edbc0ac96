# SPDX-License-Identifier: GPL-3.0-or-later
"""Resuming training from the latest checkpoint of an earlier run that had diverged: its Dense
kernel holds NaN. The checkpoint is written (as by that run) before the debugger is on, beside
the logdir; this run restores it with tf.train.Checkpoint and calls a tf.function on the model:
the first NaN is the eager RestoreV2's (the values read from the file), not anything this run
computed: nonfinite_input, with advice to check the checkpoint. FULL_HEALTH."""
import os
import shutil
import sys

import numpy as np
import tensorflow

CKPT = os.path.abspath(sys.argv[1]) + "-checkpoint"
shutil.rmtree(CKPT, ignore_errors=True)
# --- the earlier run, not recorded: its kernel went NaN before it saved
_m = tensorflow.keras.Sequential([tensorflow.keras.Input((3,)), tensorflow.keras.layers.Dense(2)])
_k = _m.layers[0].get_weights()
_k[0][1, 0] = np.nan
_m.layers[0].set_weights(_k)
tensorflow.train.Checkpoint(model=_m).save(os.path.join(CKPT, "ckpt"))

from bug import setup, finish

tf = setup("FULL_HEALTH")
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
tf.train.Checkpoint(model=model).restore(tf.train.latest_checkpoint(CKPT))  # planted


@tf.function
def predict(x):
    return tf.nn.softmax(model(x))


predict(tf.constant([[1.0, 2.0, 3.0]]))
finish(tf)
