# SPDX-License-Identifier: GPL-3.0-or-later
"""What every bug program shares: a quiet TensorFlow on the CPU, the logdir from the command
line, and Debugger V2 enabled in the program's debug mode (with no circular buffer unless one is
asked for); or, for a
tfdbg V1 dump, graph mode and the dump root made anew."""
import os
import shutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")


def _folder(what):
    """The folder given on the command line, absolute."""
    if len(sys.argv) != 2:
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} {what}")
    return os.path.abspath(sys.argv[1])


def setup_v1():
    """Graph mode, for a session the DumpingDebugWrapperSession dumps into the dump root given
    on the command line (emptied first); returns tensorflow, its V1 debug module and the root."""
    dump_root = _folder("DUMP_ROOT")
    shutil.rmtree(dump_root, ignore_errors=True)
    import tensorflow as tf
    from tensorflow.python import debug as tf_debug
    tf.compat.v1.disable_eager_execution()
    return tf, tf_debug, dump_root


def setup(mode, circular_buffer_size=-1):
    """Enables the debugger on the logdir given on the command line (keeping every event unless
    a circular buffer's size is given); returns tensorflow."""
    logdir = _folder("LOGDIR")
    os.makedirs(logdir, exist_ok=True)
    import tensorflow as tf
    tf.debugging.experimental.enable_dump_debug_info(
        logdir, tensor_debug_mode=mode, circular_buffer_size=circular_buffer_size)
    return tf


def finish(tf):
    """Flushes the debugger's files (the program ends right after)."""
    tf.debugging.experimental.disable_dump_debug_info()
