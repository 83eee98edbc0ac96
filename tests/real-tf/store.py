#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerates tests/data/real-tf/real-tf.tar.xz: every scenario's logdir as real TensorFlow
writes it, each with TensorFlow's reader's answers beside it (<name>.answers.json), so that
a build without TensorFlow still holds tfdbg-gtk to real data (check-real-tf-stored.py).

  store.py --python /path/to/venv/bin/python [--work DIR]
"""
import argparse
import os
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "data", "real-tf", "real-tf.tar.xz")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--python", required=True)
    parser.add_argument("--work", default="real-tf-store")
    args = parser.parse_args()
    logdirs = os.path.join(args.work, "logdirs")
    if subprocess.run([sys.executable, os.path.join(HERE, "write-logdirs.py"),
                       "--python", args.python, logdirs]).returncode:
        sys.exit("a scenario failed")
    names = sorted(n for n in os.listdir(logdirs) if os.path.isdir(os.path.join(logdirs, n)))
    for name in names:
        answers = os.path.join(logdirs, f"{name}.answers.json")
        subprocess.run([args.python, os.path.join(HERE, "tf-answers.py"),
                        os.path.join(logdirs, name), "-o", answers],
                       check=True, stderr=subprocess.DEVNULL)

    def clean(info):
        if os.path.basename(info.name) == ".done":
            return None
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 0
        return info

    with tarfile.open(OUT, "w:xz", preset=9) as tar:
        for name in names:
            tar.add(os.path.join(logdirs, name), name, filter=clean)
            tar.add(os.path.join(logdirs, f"{name}.answers.json"), f"{name}.answers.json",
                    filter=clean)
    print(f"{OUT}: {os.path.getsize(OUT)} bytes, {len(names)} logdirs")


if __name__ == "__main__":
    main()
