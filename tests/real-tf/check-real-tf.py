#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The real-TensorFlow suite: with a Python that has tensorflow (meson's -Dreal_tf_python),
writes every scenario's logdir under WORKDIR (once per TensorFlow version and program),
asks TensorFlow's reader about each (tf-answers.py, kept beside the logdir the same way) and
holds tfdbg-gtk to the answers (check-answers.py). Without such a Python it says why and
exits 77: meson counts the suite as skipped, never as passed.

  check-real-tf.py PYTHON TFDBG_GTK WORKDIR [check-answers options]
"""
import concurrent.futures
import os
import subprocess
import sys

import tf_fork

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


def answer(python, logdirs, name):
    """TensorFlow reader's answers about logdir @name, asked again when the logdir is newer."""
    logdir = os.path.join(logdirs, name)
    answers = os.path.join(logdirs, f"{name}.answers.json")
    stamp = os.path.join(logdir, ".done")
    if not os.path.exists(answers) or os.path.getmtime(answers) < os.path.getmtime(stamp):
        asked = tf_fork.run(python, [os.path.join(HERE, "tf-answers.py"), logdir, "-o", answers], cwd=HERE)
        if asked.returncode != 0:
            raise RuntimeError(f"tf-answers.py {logdir}: exit status {asked.returncode}: {asked.stderr[-500:]}")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    python, binary, work = sys.argv[1:4]
    extra = sys.argv[4:]
    if not python:
        print("1..0 # SKIP no Python with TensorFlow: configure with -Dreal_tf_python=PATH "
              "(tools/real-tf-check makes one)")
        sys.exit(SKIP)
    probe = subprocess.run([python, "-c", "import tensorflow, tensorboard"],
                           capture_output=True, text=True,
                           env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    if probe.returncode != 0:
        reason = (probe.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"1..0 # SKIP {python} cannot import tensorflow and tensorboard: {reason}")
        sys.exit(SKIP)
    logdirs = os.path.join(work, "logdirs")
    written = subprocess.run([sys.executable, os.path.join(HERE, "write-logdirs.py"),
                              "--python", python, logdirs], capture_output=True, text=True)
    for line in written.stdout.splitlines():
        print(f"# {line}")
    if written.returncode != 0:
        print(f"1..1\nnot ok 1 - writing the real logdirs\n# {written.stderr.strip()}")
        sys.exit(1)
    names = [n for n in sorted(os.listdir(logdirs)) if os.path.isdir(os.path.join(logdirs, n))]
    # TensorFlow's answers, two readers at a time (each a Python that imports TensorFlow).
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for _ in pool.map(lambda name: answer(python, logdirs, name), names):
            pass
    pairs = []
    for name in names:
        pairs += [os.path.join(logdirs, name), os.path.join(logdirs, f"{name}.answers.json")]
    sys.exit(subprocess.run([sys.executable, os.path.join(HERE, "check-answers.py"),
                             "--tfdbg-gtk", binary, *extra, *pairs]).returncode)


if __name__ == "__main__":
    main()
