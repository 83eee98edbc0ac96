# SPDX-License-Identifier: GPL-3.0-or-later
"""Programs that import TensorFlow, run as `PYTHON PROGRAM ARG…` would run them, but forked from
a Python that imported TensorFlow once (tf-fork-server.py): TensorFlow's import costs about
6 s of CPU, a forked program's start a few hundredths. One server per thread that asks.
TDBG_TF_FORK=0 runs each program in a Python of its own instead (its stacks then hold no
server frame outside the program's)."""
import atexit
import json
import os
import subprocess
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "tf-fork-server.py")

_local = threading.local()
_servers = []
_servers_lock = threading.Lock()


class Result:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def _server(python):
    servers = getattr(_local, "servers", None)
    if servers is None:
        servers = _local.servers = {}
    if python not in servers:
        proc = subprocess.Popen([python, SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        greeting = json.loads(proc.stdout.readline() or '{"error": "the server said nothing"}')
        servers[python] = (proc, greeting)
        with _servers_lock:
            _servers.append(proc)
    return servers[python]


def version(python):
    """TensorFlow's version in PYTHON, or None when it cannot import it."""
    if os.environ.get("TDBG_TF_FORK") == "0":
        out = subprocess.run([python, "-c", "import tensorflow as tf; print(tf.__version__)"],
                             capture_output=True, text=True,
                             env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
        return out.stdout.strip().splitlines()[-1] if out.returncode == 0 else None
    return _server(python)[1].get("version")


def run(python, argv, cwd=None, timeout=None, nice=0):
    """Runs `PYTHON ARGV…` (ARGV[0] the program); returns its returncode ("timeout" when it ran
    past TIMEOUT seconds and was killed), stdout and stderr."""
    if os.environ.get("TDBG_TF_FORK") == "0":
        try:
            proc = subprocess.run((["nice", "-n", str(nice)] if nice else []) + [python, *argv],
                                  cwd=cwd, capture_output=True, text=True, timeout=timeout)
            return Result(proc.returncode, proc.stdout, proc.stderr)
        except subprocess.TimeoutExpired as e:
            return Result("timeout", e.stdout or "", e.stderr or "")
    proc, greeting = _server(python)
    if "error" in greeting:
        return Result(1, "", f"{python} cannot import tensorflow: {greeting['error']}")
    proc.stdin.write(json.dumps({"argv": [os.path.abspath(os.path.join(cwd or ".", argv[0])), *argv[1:]],
                                 "cwd": os.path.abspath(cwd or "."), "timeout": timeout,
                                 "nice": nice}) + "\n")
    proc.stdin.flush()
    reply = proc.stdout.readline()
    if not reply:
        return Result(1, "", "the TensorFlow fork server ended")
    reply = json.loads(reply)
    return Result(reply["status"], reply["stdout"], reply["stderr"])


def close():
    """Ends every server (each ends when its stdin closes)."""
    with _servers_lock:
        for proc in _servers:
            proc.stdin.close()
            proc.wait()
        _servers.clear()


atexit.register(close)
