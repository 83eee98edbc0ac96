# SPDX-License-Identifier: GPL-3.0-or-later
"""What every scenario program shares: a quiet TensorFlow on the CPU, a seeded NumPy
generator, and the logdir from the command line."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402


def setup(usage="LOGDIR"):
    """Returns (logdir, extra arguments, seeded NumPy generator)."""
    if len(sys.argv) < 2:
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} {usage}")
    logdir = os.path.abspath(sys.argv[1])
    os.makedirs(logdir, exist_ok=True)
    return logdir, sys.argv[2:], np.random.default_rng(20250125)
