#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a new user gets from the command line on the inputs that trip one up.

usage: check-cli-first-use.py TFDBG_GTK LOGDIRS_ROOT OUTDIR

A logdir file that is a symbolic link is not followed, and `inspect` says so: a problem naming
the file ("a symbolic link, not followed"), in text and JSON, and exit status 2 (the run shown
is not the whole run). TAP.
"""

import json
import os
import shutil
import subprocess
import sys

import shared_logdirs


def run(program, *args, timeout=120):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["LC_ALL"] = "C.UTF-8"
    return subprocess.run([program, *args], capture_output=True, text=True, timeout=timeout, env=env,
                          stdin=subprocess.DEVNULL)


def fresh_dir(outdir, name):
    path = os.path.join(outdir, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def check_symbolic_link(results, program, root, outdir):
    original = os.path.join(root, "tutorial_mnist", "logdir")
    logdir = fresh_dir(outdir, "linked")
    linked = None
    for name in sorted(os.listdir(original)):
        if name.endswith(".source_files"):
            linked = name
            os.symlink(os.path.join(original, name), os.path.join(logdir, name))
        else:
            shutil.copy(os.path.join(original, name), logdir)
    text = run(program, "inspect", logdir)
    said = f"Problem: {linked} at offset 0: a symbolic link, not followed"
    results.append(("inspect names a symbolic link as a problem and exits 2",
                    text.returncode == 2 and said in text.stdout and "symbolic link" in text.stderr,
                    f"status {text.returncode}, stdout {text.stdout[-400:]!r}, stderr {text.stderr!r}"))
    as_json = run(program, "inspect", "--json", logdir)
    problems = json.loads(as_json.stdout).get("problems", []) if as_json.stdout.startswith("{") else []
    results.append(("inspect --json lists the symbolic link among the problems and exits 2",
                    as_json.returncode == 2 and {"file_name": linked, "byte_offset": 0,
                                                 "message": "a symbolic link, not followed"} in problems,
                    f"status {as_json.returncode}, problems {problems}"))


def main():
    program, root, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    results = []
    check_symbolic_link(results, program, root, outdir)
    return shared_logdirs.print_tap(results)


if __name__ == "__main__":
    sys.exit(main())
