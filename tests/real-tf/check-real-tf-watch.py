#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tfdbg-gtk watch` guarding a real TensorFlow run as a job script would: started first, on a
logdir that does not exist yet, then the program (scenarios/watched_nan.py: FULL_HEALTH,
circular_buffer_size=-1, the log in its loss NaN on step BAD_STEP only, pausing between steps
so that it outlives the bad step by several seconds). The watch must exit 1 on that NaN, with
the first NaN/∞ trace TensorFlow's own reader finds (DebugDataReader and InfNanMonitor, asked
once the program has ended) as its first JSON line, while the program is still running. The
time from the program saying it finished the bad step to the watch's line is printed as a TAP
comment.

  check-real-tf-watch.py PYTHON TFDBG_GTK WORKDIR   (TAP on stdout)
"""
import json
import os
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from tap import SKIP, arguments, check, finish  # noqa: E402 (tests/common/tap.py)

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "scenarios")

# The bad step, how many steps in all and the pause after each: after the bad step the program
# runs for (STEPS - BAD_STEP - 1) * PAUSE seconds more, room for the watch's one-second looks
# even on a busy machine.
BAD_STEP = 5
STEPS = 16
PAUSE = 1.0
# Generous bounds for a slow start of TensorFlow; none of them is asserted on.
WAIT_FOR_WATCH = 30
RUN_TIMEOUT = 400
AFTER_RUN = 150

# What TensorFlow's reader says: its first NaN/∞ graph execution trace as InfNanMonitor (the
# alert source of TensorBoard's Debugger V2) finds it, with the trace's op name and how many
# earlier traces that op has (which step it ran on: the op runs once a step).
TF_FIRST_NAN = r"""
import json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
from tensorflow.python.debug.lib import debug_events_monitors, debug_events_reader
reader = debug_events_reader.DebugDataReader(sys.argv[1])
reader.update()
monitor = debug_events_monitors.InfNanMonitor(reader, limit=1000)
traces = reader.graph_execution_traces()
for index, trace in enumerate(traces):
    monitor.on_graph_execution_trace(index, trace)
first = next((a for a in monitor.alerts() if a.graph_execution_trace_index is not None), None)
out = {"num_traces": len(traces), "first": None}
if first is not None:
    trace = traces[first.graph_execution_trace_index]
    out["first"] = {
        "graph_execution_trace_index": first.graph_execution_trace_index,
        "op_type": first.op_type, "op_name": trace.op_name, "output_slot": first.output_slot,
        "size": int(first.size), "num_neg_inf": int(first.num_neg_inf),
        "num_pos_inf": int(first.num_pos_inf), "num_nan": int(first.num_nan),
        "wall_time": first.wall_time, "graph_name": reader.graph_by_id(trace.graph_id).name,
        "earlier_traces_of_op": sum(t.op_name == trace.op_name and t.graph_id == trace.graph_id
                                    for t in traces[:first.graph_execution_trace_index]),
    }
print(json.dumps(out))
"""


class Lines:
    """A child's output read as it comes, each line with the monotonic time it arrived."""

    def __init__(self, stream):
        self.lines = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream):
        for line in stream:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def text(self):
        return "\n".join(line for _, line in self.lines)

    def first(self, predicate):
        return next(((t, line) for t, line in self.lines if predicate(line)), (None, None))


def wait_until(predicate, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def start_watch(cli, logdir):
    proc = subprocess.Popen([cli, "watch", "--json", "--exit-on-alert", "--idle-timeout", "120", logdir],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": ""})
    return proc, Lines(proc.stdout), Lines(proc.stderr)


def main():
    python, cli, work = arguments(__doc__)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    logdir = os.path.join(work, "logdir")

    # 1. The watch first, on a folder nobody has made yet: it has to wait for the run.
    watch, watch_out, watch_err = start_watch(cli, logdir)
    waiting = wait_until(lambda: watch.poll() is not None or
                         watch_err.first(lambda l: l.startswith("Waiting for"))[1] is not None, WAIT_FOR_WATCH)
    check("watch waits for a logdir that does not exist yet",
          waiting and watch.poll() is None, f"exit status {watch.poll()}: {watch_err.text()}")
    if watch.poll() is not None:
        # It gave up on the missing folder: the folder made first, so that the rest still runs.
        print("# the watch did not wait for a missing folder: started again on an empty one")
        os.makedirs(logdir, exist_ok=True)
        watch, watch_out, watch_err = start_watch(cli, logdir)

    # 2. The program: it makes the folder, starts TensorFlow and trains, step by step.
    started = time.monotonic()
    with open(os.path.join(work, "program.stderr"), "w") as program_err:
        program = subprocess.Popen([python, os.path.join(SCENARIOS, "watched_nan.py"), logdir,
                                    str(BAD_STEP), str(STEPS), str(PAUSE)],
                                   cwd=SCENARIOS, stdout=subprocess.PIPE, stderr=program_err, text=True)
        program_out = Lines(program.stdout)
        try:
            program.wait(timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()
        ended = time.monotonic()
    program_out.thread.join(timeout=10)
    try:
        watch.wait(timeout=AFTER_RUN)
    except subprocess.TimeoutExpired:
        watch.kill()
        watch.wait()
    watch_out.thread.join(timeout=10)
    watch_err.thread.join(timeout=10)

    check("the program ran to its end (exit status 0)", program.returncode == 0,
          f"exit status {program.returncode}: {open(os.path.join(work, 'program.stderr')).read()[-2000:]}")
    _, announced = program_out.first(lambda l: l.startswith("bad op "))
    bad_step_at, _ = program_out.first(lambda l: l == f"step {BAD_STEP}")
    check("the program named its bad op and ran the bad step", announced and bad_step_at,
          program_out.text())
    bad_name, bad_type = (announced.split()[2:4] if announced else (None, None))

    # 3. What TensorFlow's reader finds in the logdir the program left.
    tf_first = None
    reader = subprocess.run([python, "-c", TF_FIRST_NAN, logdir], capture_output=True, text=True)
    try:
        tf_first = json.loads(reader.stdout)["first"]
    except (ValueError, KeyError) as e:
        check("TensorFlow's reader reads the logdir", False, f"{e}: {reader.stderr[-2000:]}")
    if tf_first is not None or reader.returncode == 0:
        check("TensorFlow's reader: the first NaN/∞ trace is the program's bad op, on the bad step",
              tf_first is not None and (tf_first["op_name"], tf_first["op_type"]) == (bad_name, bad_type)
              and tf_first["earlier_traces_of_op"] == BAD_STEP,
              f"reader: {tf_first}; program: {announced}")

    check("watch exits 1 at the NaN", watch.returncode == 1,
          f"exit status {watch.returncode}: {watch_err.text()}")
    seen_at, line = watch_out.lines[0] if watch_out.lines else (None, "")
    try:
        alert = json.loads(line)
    except ValueError:
        alert = {}
    check("watch's first line is a NaN/∞ alert, the first of its kind",
          alert.get("alert_type") == "InfNanAlert" and alert.get("first_of_kind") is True, watch_out.text())
    keys = ("graph_execution_trace_index", "op_type", "output_slot", "size", "num_neg_inf",
            "num_pos_inf", "num_nan")
    check("watch's alert is TensorFlow's first NaN/∞ trace (index, op type, slot, counts, time)",
          tf_first is not None and all(alert.get(k) == tf_first[k] for k in keys) and
          abs(alert.get("wall_time", 0) - tf_first["wall_time"]) < 1e-5,
          f"watch: {line}\nreader: {tf_first}")
    check("watch's line came while the program was still running", seen_at is not None and seen_at < ended,
          "no line" if seen_at is None else
          f"line at {seen_at - started:.2f} s, program ended at {ended - started:.2f} s")
    # Records written as they happen, cut anywhere by TensorFlow's file buffers: nothing for the
    # watch to complain of (no damaged record, no circular-buffer hint), only that it waited.
    check("watch said nothing on stderr but that it waited for the run",
          all(l.startswith("Waiting for ") for _, l in watch_err.lines), watch_err.text())

    if seen_at is not None and bad_step_at is not None:
        print(f"# watch's line {seen_at - bad_step_at:.2f} s after the program printed \"step {BAD_STEP}\"; "
              f"{ended - seen_at:.2f} s before the program ended ({ended - started:.1f} s in all)")
    if watch_err.first(lambda l: l.startswith("Waiting for TensorFlow"))[1] is not None:
        print("# the watch saw the folder before TensorFlow's files and waited for them")
    finish()


if __name__ == "__main__":
    main()
