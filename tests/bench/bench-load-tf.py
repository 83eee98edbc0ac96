#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The load benchmark with a logdir TensorFlow wrote beside the generated one.

Usage: bench-load-tf.py [--python PYTHON] --tf-dir DIR [--steps N] -- BENCH-LOAD [ARGS…]

With a Python that imports TensorFlow (--python, the meson option real_tf_python, or
$TDBG_REAL_TF_PYTHON), makes sure DIR holds the logdir tests/real-tf/bench/write_logdir.py
writes (4,900 steps of about 206 graph execution traces each: a little over a million, as many
as bench-load's own logdir; written once per TensorFlow version, program and step count), then
runs BENCH-LOAD ARGS --tf-dir DIR.
Without one, it says so and runs BENCH-LOAD ARGS alone."""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from real_tf_logdir import BenchError, ensure_real_logdir, tensorflow_version  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default="")
    parser.add_argument("--tf-dir", required=True)
    parser.add_argument("--steps", type=int, default=4900)
    parser.add_argument("bench_load", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.bench_load[1:] if args.bench_load[:1] == ["--"] else args.bench_load
    if not command:
        parser.error("no BENCH-LOAD to run")
    python = args.python or os.environ.get("TDBG_REAL_TF_PYTHON", "")
    if not python:
        print("# no Python with TensorFlow given (meson configure -Dreal_tf_python=PATH): "
              "the logdir TensorFlow writes is not loaded", flush=True)
    else:
        try:
            ensure_real_logdir(python, tensorflow_version(python), args.tf_dir, args.steps,
                               log=lambda line: print(line, flush=True))
        except BenchError as e:
            print(f"FAIL: {e}", flush=True)
            return 1
        command += ["--tf-dir", args.tf_dir]
    os.execv(command[0], command)


if __name__ == "__main__":
    sys.exit(main())
