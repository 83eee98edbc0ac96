# SPDX-License-Identifier: GPL-3.0-or-later
"""What the benchmarks that read a logdir TensorFlow wrote share: running a child (timed, its
CPU and peak memory), and that logdir itself, written once per TensorFlow version, program and
step count by tests/real-tf/bench/write_logdir.py and kept in the build folder."""

import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WRITE_LOGDIR = os.path.join(HERE, "..", "real-tf", "bench", "write_logdir.py")

class BenchError(Exception):
    pass


def quiet_env(**extra):
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    env.update(extra)
    return env


def run_child(argv, env=None, timeout=None):
    """Runs @argv; returns (seconds, CPU seconds, peak RSS in bytes, stdout). Fails on a
    non-zero exit."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        timer = threading.Timer(timeout, child.kill) if timeout is not None else None
        if timer is not None:
            timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if timer is not None:
            timer.cancel()
        out.seek(0)
        err.seek(0)
        if timeout is not None and seconds >= timeout:
            raise BenchError(f"{' '.join(argv)}: not done in {timeout} s")
        if child.returncode != 0:
            raise BenchError(f"{' '.join(argv)} exited with {child.returncode}:\n{err.read().decode()[-3000:]}")
        return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, out.read().decode()


def tensorflow_version(python):
    """The version of TensorFlow @python imports."""
    probe = subprocess.run([python, "-c", "import tensorflow; print(tensorflow.__version__)"],
                           capture_output=True, text=True, env=quiet_env(), check=False)
    if probe.returncode != 0:
        raise BenchError(f"{python} cannot import tensorflow:\n{probe.stderr.strip()[-2000:]}")
    return probe.stdout.strip()


def file_sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def ensure_real_logdir(python, tf_version, directory, steps, log=print):
    """Writes the real-TensorFlow logdir once per TensorFlow version, program and step count:
    into a new directory beside @directory, renamed into place when complete."""
    stamp_text = f"tensorflow {tf_version}, steps {steps}, program {file_sha256(WRITE_LOGDIR)}\n"
    stamp = os.path.join(directory, "bench-stamp")
    try:
        with open(stamp) as f:
            if f.read() == stamp_text:
                return
    except OSError:
        pass
    parent = os.path.dirname(os.path.abspath(directory))
    os.makedirs(parent, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix=".bench-real-tf-", dir=parent)
    try:
        dump = os.path.join(scratch, "logdir")
        seconds, _, _, out = run_child([python, WRITE_LOGDIR, dump, "--steps", str(steps)], env=quiet_env(), timeout=1800)
        log(f"# TensorFlow wrote {directory} in {seconds:.1f} s: {out.strip()}")
        with open(os.path.join(dump, "bench-stamp"), "w") as f:
            f.write(stamp_text)
        if os.path.isdir(directory):
            shutil.rmtree(directory)
        os.rename(dump, directory)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
