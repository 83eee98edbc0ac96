#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Seed corpora for the fuzz targets, from the project's own demo logdir; the serve-logdir
requests and answers come from make-serve-seeds, built beside make-demo-logdir."""
import glob
import os
import struct
import subprocess
import sys
import tempfile

make_demo, out = sys.argv[1], sys.argv[2]
for d in ("records", "logdir", "tensor", "ssh-uri", "dot", "graph-def", "s3-response"):
    os.makedirs(os.path.join(out, d), exist_ok=True)

with tempfile.TemporaryDirectory() as logdir:
    subprocess.run([make_demo, logdir, "--steps", "1", "--bad-step", "0"], check=True)
    kinds = ["metadata", "source_files", "stack_frames", "graphs", "execution", "graph_execution_traces"]
    files = {k: open(glob.glob(os.path.join(logdir, "*." + k))[0], "rb").read() for k in kinds}
    make_serve_seeds = os.path.join(os.path.dirname(make_demo), "make-serve-seeds")
    subprocess.run([make_serve_seeds, logdir, out, "demo"], check=True)
    # The same with a damaged record (sent as raw bytes between records) and a file only listed.
    traces = glob.glob(os.path.join(logdir, "*.graph_execution_traces"))[0]
    data = bytearray(files["graph_execution_traces"])
    data[len(data) // 2] ^= 0x5A
    open(traces, "wb").write(data)
    open(os.path.join(logdir, "notes.txt"), "w").write("not the debugger's\n")
    subprocess.run([make_serve_seeds, logdir, out, "damaged"], check=True)
    # Small enough to be fuzzed uncompressed: every file cut short (most in a record).
    for path in glob.glob(os.path.join(logdir, "*")):
        os.truncate(path, min(os.path.getsize(path), 5000))
    subprocess.run([make_serve_seeds, logdir, out, "short"], check=True)
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
# A listing page of the demo logdir's files as an S3 server would send it, cut short.
contents = "".join(f"<Contents><Key>runs/a/demo.{k}</Key><Size>{len(files[k])}</Size></Contents>" for k in kinds)
open(os.path.join(out, "s3-response", "listing"), "w").write(
    f"<ListBucketResult><Prefix>runs/a/</Prefix><IsTruncated>true</IsTruncated>{contents}"
    "<NextContinuationToken>t</NextContinuationToken></ListBucketResult>")
# The same page as Google Cloud Storage's JSON API sends it, and one of its error documents.
items = ", ".join(f'{{"name": "runs/a/demo.{k}", "size": "{len(files[k])}"}}' for k in kinds)
open(os.path.join(out, "s3-response", "gcs-listing"), "w").write(
    f'{{"kind": "storage#objects", "nextPageToken": "CgV0\\u00e9", "prefixes": ["runs/a/b/"], "items": [{items}]}}')
open(os.path.join(out, "s3-response", "gcs-error"), "w").write(
    '{"error": {"code": 429, "message": "rate", "errors": [{"reason": "rateLimitExceeded"}]}}')

# A V1 dump root, which the server sends as the logdir made of it, with the dump's problems.
v1_root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "v1", "two-devices")
subprocess.run([os.path.join(os.path.dirname(make_demo), "make-serve-seeds"), v1_root, out, "v1"], check=True)

# V1 dumps: each run folder of the dump root TensorFlow wrote (tests/data/v1), its files as
# fuzz-v1-dump cuts them (path, NUL, bytes; 0xFF 0x00 0xFF between files).
os.makedirs(os.path.join(out, "v1-dump"), exist_ok=True)
for run in sorted(os.listdir(v1_root)):
    parts = []
    for folder, _, names in os.walk(os.path.join(v1_root, run)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            parts.append(os.path.relpath(path, v1_root).encode() + b"\0" + open(path, "rb").read())
    open(os.path.join(out, "v1-dump", run), "wb").write(b"\xff\x00\xff".join(parts))
