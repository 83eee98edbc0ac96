#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Seed corpora for the fuzz targets, from the project's own demo logdir."""
import glob
import os
import struct
import subprocess
import sys
import tempfile

make_demo, out = sys.argv[1], sys.argv[2]
for d in ("records", "logdir", "tensor", "ssh-uri", "dot", "graph-def"):
    os.makedirs(os.path.join(out, d), exist_ok=True)

with tempfile.TemporaryDirectory() as logdir:
    subprocess.run([make_demo, logdir, "--steps", "1", "--bad-step", "0"], check=True)
    kinds = ["metadata", "source_files", "stack_frames", "graphs", "execution", "graph_execution_traces"]
    files = {k: open(glob.glob(os.path.join(logdir, "*." + k))[0], "rb").read() for k in kinds}
for k, data in files.items():
    open(os.path.join(out, "records", k), "wb").write(data[:16384])
open(os.path.join(out, "logdir", "demo"), "wb").write(b"\xff\x00\xff".join(files[k][:12000] for k in kinds))

summary = struct.pack("<11d", 55, -1, 1, 2, 1000, 1, 0, 0, 999, 0, 0)
shape = b"\x12\x02\x08\x0b"
proto = b"\x08\x02\x12" + bytes([len(shape)]) + shape + b"\x22" + bytes([len(summary)]) + summary
open(os.path.join(out, "tensor", "full-health"), "wb").write(b"\x04" + proto)
open(os.path.join(out, "ssh-uri", "a"), "w").write("ssh://priya@gpu-ws-17:2222/home/priya/logdir")
open(os.path.join(out, "ssh-uri", "b"), "w").write("ssh://[::1]/~/runs")
open(os.path.join(out, "dot", "a"), "w").write('a"b\\c<d>\n\x01')
