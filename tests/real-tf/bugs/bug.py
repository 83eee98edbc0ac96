# SPDX-License-Identifier: GPL-3.0-or-later
"""What every bug program shares: a quiet TensorFlow on the CPU, the logdir from the command
line, and Debugger V2 enabled in the program's debug mode with no circular buffer."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")


def setup(mode):
    """Enables the debugger on the logdir given on the command line; returns tensorflow."""
    if len(sys.argv) != 2:
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} LOGDIR")
    logdir = os.path.abspath(sys.argv[1])
    os.makedirs(logdir, exist_ok=True)
    import tensorflow as tf
    tf.debugging.experimental.enable_dump_debug_info(
        logdir, tensor_debug_mode=mode, circular_buffer_size=-1)
    return tf


def finish(tf):
    """Flushes the debugger's files (the program ends right after)."""
    tf.debugging.experimental.disable_dump_debug_info()
