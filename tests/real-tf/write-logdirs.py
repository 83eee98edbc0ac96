#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs every scenario program of tests/real-tf/scenarios with a Python that has TensorFlow,
each writing its logdir under OUTDIR/<name>. A logdir already written by the same TensorFlow
version from the same program (OUTDIR/<name>/.done holds both) is kept. Prints one line per logdir.

  write-logdirs.py --python /path/to/venv/bin/python OUTDIR [NAME…]
"""
import argparse
import concurrent.futures
import hashlib
import os
import shutil
import sys
import time

import tf_fork

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "scenarios")

# name -> (program, extra arguments, exit statuses that mean it ran as meant)
LOGDIRS = {
    "tutorial_mnist": ("tutorial_mnist.py", [], (0,)),
    **{f"modes_{m}": ("modes_dtypes.py", [m], (0,)) for m in
       ("NO_TENSOR", "CURT_HEALTH", "CONCISE_HEALTH", "FULL_HEALTH", "SHAPE", "FULL_TENSOR")},
    "nested_control_flow": ("nested_control_flow.py", [], (0,)),
    "keras_fit": ("keras_fit.py", [], (0,)),
    "custom_loop": ("custom_loop.py", [], (0,)),
    "mirrored": ("mirrored.py", [], (0,)),
    "tf1_session": ("tf1_session.py", [], (0,)),
    "circular_default": ("circular.py", ["default"], (0,)),
    "circular_small": ("circular.py", ["25"], (0,)),
    "sigkill": ("sigkill.py", [], (-9,)),
    "retrace": ("retrace.py", [], (0,)),
    "xla_jit": ("xla_jit.py", ["FULL_TENSOR"], (0,)),
    "xla_jit_health": ("xla_jit.py", ["CONCISE_HEALTH"], (0,)),
    "tf_data": ("tf_data.py", [], (0,)),
    "threads": ("threads.py", [], (0,)),
    "overflow": ("overflow.py", [], (0,)),
    "filters_float32": ("filters.py", ["float32"], (0,)),
    "filters_no_sum": ("filters.py", ["all", "(?!Sum)"], (0,)),
    "writer_direct": ("writer_direct.py", [], (0,)),
}


def tf_version(python):
    return tf_fork.version(python)


def write(python, outdir, name, version):
    program, extra, ok = LOGDIRS[name]
    return write_program(python, outdir, name, version, SCENARIOS, "scenario.py", program, extra, ok)


def write_program(python, outdir, name, version, folder, shared, program, extra, ok):
    """Runs FOLDER/PROGRAM (which imports FOLDER/SHARED) to write OUTDIR/NAME, unless the same
    TensorFlow version already wrote it from the same program; returns (name, what, seconds)."""
    logdir = os.path.join(outdir, name)
    done = os.path.join(logdir, ".done")
    digest = hashlib.sha256(repr(extra).encode())
    for part in (program, shared):
        with open(os.path.join(folder, part), "rb") as f:
            digest.update(f.read())
    stamp = f"{version} {digest.hexdigest()[:16]}"
    if os.path.exists(done) and open(done).read().strip() == stamp:
        return name, "kept", 0.0
    shutil.rmtree(logdir, ignore_errors=True)
    os.makedirs(logdir)
    start = time.monotonic()
    proc = tf_fork.run(python, [os.path.join(folder, program), logdir, *extra], cwd=folder)
    seconds = time.monotonic() - start
    with open(os.path.join(outdir, f"{name}.log"), "w") as log:
        log.write(proc.stdout + proc.stderr)
    if proc.returncode not in ok:
        return name, f"failed (exit status {proc.returncode}, see {name}.log)", seconds
    with open(done, "w") as f:
        f.write(stamp + "\n")
    return name, "written", seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--python", required=True, help="a Python with tensorflow")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("outdir")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = args.names or list(LOGDIRS)
    unknown = [n for n in names if n not in LOGDIRS]
    if unknown:
        sys.exit(f"unknown logdir: {', '.join(unknown)}; known: {', '.join(LOGDIRS)}")
    version = tf_version(args.python)
    if version is None:
        sys.exit(f"{args.python} cannot import tensorflow")
    os.makedirs(args.outdir, exist_ok=True)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, what, seconds in pool.map(
                lambda n: write(args.python, args.outdir, n, version), names):
            print(f"{name}: {what}" + (f" in {seconds:.1f} s" if seconds else ""), flush=True)
            failed += what.startswith("failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
