#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds tfdbg-gtk to the real TensorFlow logdirs kept in tests/data/real-tf/real-tf.tar.xz and
TensorFlow's reader's answers stored beside each (no TensorFlow needed): unpacks them into
WORKDIR and runs check-answers.py on every pair.

  check-real-tf-stored.py TFDBG_GTK ARCHIVE WORKDIR [--max-records N]
"""
import os
import shutil
import subprocess
import sys

import stored_tar

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    binary, archive, work = sys.argv[1:4]
    extra = sys.argv[4:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stored_tar.extract(archive, work)
    pairs = []
    for name in sorted(os.listdir(work)):
        if name.endswith(".answers.json"):
            logdir = os.path.join(work, name[:-len(".answers.json")])
            pairs += [logdir, os.path.join(work, name)]
    if not pairs:
        print(f"1..1\nnot ok 1 - {archive} holds no logdir with answers")
        sys.exit(1)
    sys.exit(subprocess.run([sys.executable, os.path.join(HERE, "check-answers.py"),
                             "--tfdbg-gtk", binary, *extra, *pairs]).returncode)


if __name__ == "__main__":
    main()
