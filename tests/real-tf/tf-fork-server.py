#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs Python programs that import TensorFlow, each forked from this process, which imported
TensorFlow once (tf_fork.py starts it and speaks to it). One request per line on stdin, JSON:
{"argv": [PROGRAM, ARG…], "cwd": DIR, "timeout": SECONDS or null, "nice": N}; one answer per
line on stdout: {"status": EXIT STATUS or -SIGNAL or "timeout", "stdout": …, "stderr": …}.
The first line out is {"version": TensorFlow's version} or {"error": why it cannot import it}.

A program runs as `python PROGRAM ARG…` runs it: __main__ with __file__, sys.argv and
sys.path[0] its own, its exceptions printed and status 1, its atexit handlers and threads
finished before it exits. Its stacks hold this file's frames outside its own.
"""
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
real_stdout = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)  # what TensorFlow prints on import never mixes with the answers


def exit_status(code):
    """SystemExit's code as the exit status Python gives it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def run_program(argv, cwd, nice):
    """In the forked child: PROGRAM as __main__, then exit as the interpreter does."""
    os.chdir(cwd)
    if nice:
        os.nice(nice)
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
    status = 0
    try:
        with open(argv[0], "rb") as f:
            code = compile(f.read(), argv[0], "exec")
        exec(code, {"__name__": "__main__", "__file__": argv[0], "__builtins__": __builtins__})
    except SystemExit as e:
        status = exit_status(e.code)
    except BaseException:  # as the interpreter: printed, status 1
        traceback.print_exc()
        status = 1
    try:
        import threading
        threading._shutdown()
        import atexit
        atexit._run_exitfuncs()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def answer(request, scratch):
    out, err = (os.path.join(scratch, n) for n in ("stdout", "stderr"))
    pid = os.fork()
    if pid == 0:
        for fd, path in ((1, out), (2, err)):
            os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
        sys.stdin.close()
        run_program(request["argv"], request.get("cwd") or os.getcwd(), request.get("nice", 0))
    deadline = time.monotonic() + request["timeout"] if request.get("timeout") else None
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(status)
            break
        if deadline and time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = "timeout"
            break
        time.sleep(0.02)
    texts = {}
    for name, path in (("stdout", out), ("stderr", err)):
        with open(path, errors="replace") as f:
            texts[name] = f.read()
    return {"status": status, **texts}


def main():
    try:
        import tensorflow
        greeting = {"version": tensorflow.__version__}
    except Exception as e:  # no TensorFlow: said once, then nothing to run
        greeting = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(greeting), file=real_stdout, flush=True)
    if "error" in greeting:
        return
    # Not TemporaryDirectory: its finalizer is an atexit handler, which a child runs.
    scratch = tempfile.mkdtemp(prefix="tf-fork-")
    try:
        for line in sys.stdin:
            print(json.dumps(answer(json.loads(line), scratch)), file=real_stdout, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
