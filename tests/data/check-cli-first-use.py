#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a new user gets from the command line on the inputs that trip one up.

usage: check-cli-first-use.py TFDBG_GTK LOGDIRS_ROOT OUTDIR

A logdir file that is a symbolic link is not followed, and `inspect` says so: a problem naming
the file ("a symbolic link, not followed"), in text and JSON, and exit status 2 (the run shown
is not the whole run). A folder that does not exist is called missing, not "not a directory".
`watch` on files of garbage does not blame TensorFlow's circular buffer; a logdir of empty files
has every empty file named; a file that cannot be written is named as asked for (never a
temporary file beside it) with the reason; `watch` that found nothing says on stderr what it
watched and for how long. TAP.
"""

import errno
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
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


def check_missing_folder(results, program, outdir):
    missing = os.path.join(outdir, "no-such-logdir")
    run_ = run(program, "inspect", missing)
    results.append(("a missing folder is called missing",
                    run_.returncode == 2 and f"{missing}: no such folder" in run_.stderr
                    and "not a directory" not in run_.stderr, f"status {run_.returncode}, stderr {run_.stderr!r}"))
    a_file = os.path.join(outdir, "a-file")
    open(a_file, "w").write("not a logdir")
    run_ = run(program, "inspect", a_file)
    results.append(("a file is called not a directory", run_.returncode == 2 and "not a directory" in run_.stderr,
                    f"status {run_.returncode}, stderr {run_.stderr!r}"))


def check_watch_garbage(results, program, root):
    run_ = run(program, "watch", "--idle-timeout", "3", "--interval", "0.2",
               os.path.join(root, "corrupt", "garbage"))
    results.append(("watch on files of garbage names the damage, not the circular buffer",
                    run_.returncode == 2 and "circular" not in run_.stderr and "cannot be read at all" in run_.stderr,
                    f"status {run_.returncode}, stderr {run_.stderr!r}"))


def check_empty_files(results, program, root):
    logdir = os.path.join(root, "corrupt", "empty_files")
    run_ = run(program, "alerts", logdir)
    unnamed = [name for name in os.listdir(logdir) if name not in run_.stderr]
    results.append(("a logdir of empty files names every empty file",
                    run_.returncode == 2 and not unnamed, f"not named: {unnamed}; stderr {run_.stderr!r}"))


def check_unwritable_names(results, program, root, outdir):
    """The file asked for, and why, never a temporary name (r.md.G9OMZ3)."""
    temporary = re.compile(r"\.[A-Za-z0-9]{6}\b")
    for what, args, out in (
            ("tensor --npy", ["tensor", "--npy", "-o"], "x.npy"),
            ("explain --markdown", ["explain", "--markdown", "-o"], "r.md")):
        for place in (os.path.join(outdir, "no-such-folder"), "/sys"):
            path = os.path.join(place, out)
            logdir = os.path.join(root, "modes", "FULL_TENSOR")
            command = [*args, path, logdir] + (["0"] if what.startswith("tensor") else [])
            run_ = run(program, *command)
            named = re.findall(re.escape(place) + r"/\S*", run_.stderr)
            results.append((f"{what} into {place} names the file and why",
                            run_.returncode == 2 and named and not any(temporary.search(n) for n in named)
                            and (place == "/sys" or os.strerror(errno.ENOENT) in run_.stderr),
                            f"status {run_.returncode}, stderr {run_.stderr!r}"))


def check_watch_nothing_found(results, program, root):
    logdir = os.path.join(root, "modes", "NO_TENSOR")
    run_ = run(program, "watch", "--idle-timeout", "1", "--interval", "0.2", logdir)
    # NO_TENSOR records no values: none is not told from some (3), and said.
    results.append(("watch that found nothing says what it watched and for how long",
                    run_.returncode == 3 and run_.stdout == "" and f"Watched {logdir} for " in run_.stderr
                    and "cannot be told" in run_.stderr
                    and "no alerts" in run_.stderr, f"status {run_.returncode}, stdout {run_.stdout!r}, stderr {run_.stderr!r}"))


def main():
    program, root, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    results = []
    check_symbolic_link(results, program, root, outdir)
    check_missing_folder(results, program, outdir)
    check_watch_garbage(results, program, root)
    check_empty_files(results, program, root)
    check_unwritable_names(results, program, root, outdir)
    check_watch_nothing_found(results, program, root)
    return shared_logdirs.print_tap(results)


if __name__ == "__main__":
    sys.exit(main())
