#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tfdbg-gtk export-graph` draws an op's neighbourhood in every build, the headless one too.

usage: check-export-graph.py TFDBG_GTK LOGDIR OUTDIR

Draws trace 0 of LOGDIR as SVG, PDF and PNG (by --format and by the output's extension) and
checks each file's signature; an unknown format and a trace out of range exit with status 2.
An output into a folder that does not exist, or one that cannot be written (/sys), exits with
status 2 and a message naming the path and why, for --trace and --graph, in every format.
Output is TAP.
"""

import errno
import json
import os
import subprocess
import sys

SIGNATURES = {"svg": b"<svg", "pdf": b"%PDF", "png": b"\x89PNG\r\n\x1a\n"}


def run(program, *args):
    return subprocess.run([program, "export-graph", *args], capture_output=True, timeout=120)


def first_graph_id(program, logdir):
    ops = subprocess.run([program, "ops", "--json", logdir], capture_output=True, text=True, timeout=120)
    return json.loads(ops.stdout)["ops"][0]["graph_id"] if ops.returncode == 0 else "no-graph"


def unwritable_checks(program, logdir, outdir):
    """Nothing written must not pass for success: status 2, the path and the reason on stderr."""
    checks = []
    what = {"--trace": ["--trace", "0"], "--graph": ["--graph", first_graph_id(program, logdir)]}
    for fmt in SIGNATURES:
        places = {"a missing folder": (os.path.join(outdir, "no-such-folder", "x." + fmt), os.strerror(errno.ENOENT)),
                  "an unwritable folder": ("/sys/x." + fmt, None)}
        for place, (out, reason) in places.items():
            for option, args in what.items():
                run_ = run(program, logdir, *args, "-o", out)
                stderr = run_.stderr.decode(errors="replace")
                ok = (run_.returncode == 2 and out in stderr and not os.path.exists(out)
                      and (reason in stderr if reason else len(stderr.split(out, 1)[1].strip()) > 2))
                checks.append((f"{option} .{fmt} into {place} exits 2 naming {out} and why", ok, run_.stderr))
    return checks


def main():
    program, logdir, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    checks = []
    for fmt, signature in SIGNATURES.items():
        out = os.path.join(outdir, "export." + fmt)
        by_name = run(program, logdir, "--trace", "0", "--format", fmt, "-o", out)
        head = open(out, "rb").read(4096) if os.path.exists(out) else b""
        found = head.startswith(signature) if fmt != "svg" else signature in head
        checks.append((f"--format {fmt}", by_name.returncode == 0 and found, by_name.stderr))
        os.remove(out) if os.path.exists(out) else None
        by_extension = run(program, logdir, "--trace", "0", "--depth", "1", "-o", out)
        checks.append((f"format from .{fmt}", by_extension.returncode == 0 and os.path.getsize(out) > 0,
                       by_extension.stderr))
    unknown = run(program, logdir, "--trace", "0", "--format", "gif", "-o", os.path.join(outdir, "x.gif"))
    checks.append(("unknown format exits 2", unknown.returncode == 2, unknown.stderr))
    missing = run(program, logdir, "--trace", "99999999", "--format", "svg", "-o", os.path.join(outdir, "x.svg"))
    checks.append(("trace out of range exits 2", missing.returncode == 2, missing.stderr))

    checks += unwritable_checks(program, logdir, outdir)

    print(f"1..{len(checks)}")
    failed = 0
    for number, (name, ok, stderr) in enumerate(checks, 1):
        print(f"{'ok' if ok else 'not ok'} {number} {name}")
        if not ok:
            failed += 1
            for line in stderr.decode(errors="replace").splitlines():
                print(f"# {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
