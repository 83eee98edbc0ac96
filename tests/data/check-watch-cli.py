#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tfdbg-gtk watch` as a job script uses it, against a run that a writer here appends to record
by record while the watch follows it: each exit status (0 a clean run that stopped growing, 1
at the first NaN/∞ with --exit-on-alert, 2 a logdir that never appears or cannot be read), the
alert printed before exiting, JSON lines, the hint about TensorFlow's circular buffer, and the
time from the bad record reaching the disk to the watch's line.

Usage: check-watch-cli.py TFDBG_GTK MAKE_DEMO_LOGDIR WORKDIR   (TAP on stdout)"""
import json
import os
import shutil
import struct
import subprocess
import sys
import time

# A record: 8 bytes of length, 4 of its CRC, the data, 4 of the data's CRC.
TDBG_RECORD_HEADER = 12

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
from tap import check, finish

cli, make_demo, work = sys.argv[1:4]


def records(path):
    """The TFRecord framing of a file: each record's bytes with its header and footer."""
    data = open(path, "rb").read()
    out, pos = [], 0
    while pos + 12 <= len(data):
        (length,) = struct.unpack("<Q", data[pos:pos + 8])
        end = pos + 12 + length + 4
        out.append(data[pos:end])
        pos = end
    return out


def demo(name, steps, bad_step):
    path = os.path.join(work, name)
    shutil.rmtree(path, ignore_errors=True)
    subprocess.run([make_demo, path, "--steps", str(steps), "--bad-step", str(bad_step)], check=True)
    return path


def copy_run(src, dst, bulk_records):
    """dst holds src's files whole, but the traces and executions files only their first
    bulk_records[name] records (every file's when the name is missing). What dst already holds
    is kept and only the rest appended, as TensorFlow's writer appends: a file rewritten from
    its start would look, to a watch reading it at that moment, like a run that shrank."""
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        recs = records(os.path.join(src, name))
        keep = bulk_records.get(name.rsplit(".", 1)[-1], len(recs))
        data = b"".join(recs[:keep])
        with open(os.path.join(dst, name), "ab") as f:
            written = f.tell()
            assert written <= len(data), f"{name}: the copy would shrink"
            f.write(data[written:])


def bulk_names(src):
    return {n.rsplit(".", 1)[-1]: len(records(os.path.join(src, n))) for n in os.listdir(src)
            if n.endswith((".execution", ".graph_execution_traces"))}


def watch(args, timeout=60):
    return subprocess.Popen([cli, "watch", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


os.makedirs(work, exist_ok=True)
clean = demo("clean", 3, -1)
bad = demo("bad", 6, 3)

# A run with no NaN that does not grow: exit 0 once idle, nothing printed.
p = watch(["--idle-timeout", "1", "--interval", "0.2", clean])
out, err = p.communicate(timeout=60)
check("clean run, idle: exit 0", p.returncode == 0, f"{p.returncode} {err}")
check("clean run: nothing printed", out == "", out)

# A logdir that never appears: exit 2, with the reason.
missing = os.path.join(work, "never")
p = watch(["--idle-timeout", "1", "--interval", "0.2", missing])
out, err = p.communicate(timeout=60)
check("missing logdir: exit 2", p.returncode == 2, str(p.returncode))
check("missing logdir: says so", "never" in err, err)

# A folder made before the run writes into it (by the job script, or by TensorFlow a moment
# before its files): waited for, then followed; left empty, exit 2 at the idle timeout.
empty = os.path.join(work, "empty")
shutil.rmtree(empty, ignore_errors=True)
os.makedirs(empty)
p = watch(["--json", "--exit-on-alert", "--idle-timeout", "30", "--interval", "0.2", empty])
time.sleep(1)
check("empty folder: still waiting", p.poll() is None, str(p.poll()))
copy_run(bad, empty, {})
out, err = p.communicate(timeout=60)
check("empty folder, then a bad run: exit 1", p.returncode == 1, f"{p.returncode} {err}")
check("empty folder, then a bad run: the NaN/∞ printed", out.startswith('{"alert_type":"InfNanAlert"'), out)
os.makedirs(os.path.join(work, "stays-empty"), exist_ok=True)
p = watch(["--idle-timeout", "1", "--interval", "0.2", os.path.join(work, "stays-empty")])
out, err = p.communicate(timeout=60)
check("folder left empty: exit 2", p.returncode == 2, str(p.returncode))
check("folder left empty: says so", "no tfdbg2 files" in err, err)

# Not a logdir at all (a file): exit 2.
p = watch(["--idle-timeout", "1", os.path.join(bad, os.listdir(bad)[0])])
p.communicate(timeout=60)
check("a file: exit 2", p.returncode == 2, str(p.returncode))

# Garbage where the records should be: followed to the idle timeout, then unreadable (exit 2),
# each damaged file named.
garbage = os.path.join(os.environ["TDBG_SHARED_LOGDIRS"], "corrupt", "garbage")
p = watch(["--idle-timeout", "1", "--interval", "0.2", garbage])
out, err = p.communicate(timeout=60)
check("garbage: exit 2", p.returncode == 2, f"{p.returncode} {err}")
check("garbage: the damaged files named", "cannot be read at all" in err and "offset" in err, err)

# An unknown option: usage, exit 2.
p = watch(["--no-such-option", clean])
p.communicate(timeout=60)
check("unknown option: exit 2", p.returncode == 2, str(p.returncode))

# The run is written while the watch follows it: graphs first with no records (the
# circular-buffer hint), then step by step; --exit-on-alert exits 1 at the first NaN/∞,
# having printed it as JSON, within 2 s of the bad record reaching the disk.
grow = os.path.join(work, "grow")
shutil.rmtree(grow, ignore_errors=True)
totals = bulk_names(bad)
copy_run(bad, grow, {k: 0 for k in totals})
p = watch(["--json", "--exit-on-alert", "--idle-timeout", "20", "--interval", "0.5", grow])
time.sleep(2)  # past the hint's threshold (half the idle timeout is 10 s: the hint waits)
expected = json.loads(subprocess.run([cli, "inspect", "--json", bad], capture_output=True, text=True).stdout)
first = expected["alerts"]["first_alert"]
bad_written_at = None
for step in range(1, 21):
    fraction = step / 20
    # The traces grow; the executions (the tf.function calls, which TensorFlow records after the
    # graph ran) stay unwritten, so that the first NaN/∞ to reach the disk is the first trace's.
    copy_run(bad, grow, {"execution": 0, "graph_execution_traces": int(totals["graph_execution_traces"] * fraction)})
    if bad_written_at is None and first["graph_execution_trace_index"] is not None and \
            int(totals["graph_execution_traces"] * fraction) > first["graph_execution_trace_index"]:
        bad_written_at = time.monotonic()
    if p.poll() is not None:
        break
    time.sleep(0.3)
out, err = p.communicate(timeout=60)
seen_at = time.monotonic()
lines = [json.loads(line) for line in out.splitlines()]
check("growing run: exit 1 at the first NaN/∞", p.returncode == 1, f"{p.returncode} {err}")
check("growing run: one JSON line, the first alert", len(lines) >= 1 and
      lines[0]["graph_execution_trace_index"] == first["graph_execution_trace_index"] and
      lines[0]["alert_type"] == first["alert_type"] and lines[0]["first_of_kind"] is True, out)
check("growing run: stopped at the first NaN/∞", len(lines) == 1, out)
if bad_written_at is not None:
    print(f"# alert on screen {seen_at - bad_written_at:.2f} s after the bad record was written "
          f"(an upper bound: the exit is noticed at the writer's next look)")

# Held back: graphs for long and no records, the hint on stderr; then idle, exit 0.
held = os.path.join(work, "held")
shutil.rmtree(held, ignore_errors=True)
copy_run(clean, held, {k: 0 for k in bulk_names(clean)})
p = watch(["--idle-timeout", "2", "--interval", "0.2", held])
out, err = p.communicate(timeout=60)
check("held back: the circular-buffer hint", "circular_buffer_size=-1" in err, err)
check("held back: idle, exit 0", p.returncode == 0, str(p.returncode))

# A file that becomes shorter than what was read (rewritten, not appended to) is no longer
# followed: the watch names it with the offset as it happens, and a run it could not read whole
# is never reported clean (exit 2, not 0).
shrunk = os.path.join(work, "shrunk")
shutil.rmtree(shrunk, ignore_errors=True)
copy_run(clean, shrunk, {})
p = watch(["--idle-timeout", "3", "--interval", "0.2", shrunk])
time.sleep(1.5)
traces = next(n for n in os.listdir(shrunk) if n.endswith(".graph_execution_traces"))
with open(os.path.join(shrunk, traces), "r+b") as f:
    f.truncate(TDBG_RECORD_HEADER + 4)
out, err = p.communicate(timeout=60)
check("shrunk file: exit 2", p.returncode == 2, f"{p.returncode} {err}")
check("shrunk file: named with its offset as it happened",
      f"Problem: {traces} at offset {TDBG_RECORD_HEADER + 4}:" in err and "no longer followed" in err, err)

# Without --exit-on-alert it runs to the idle timeout and says the run went bad (exit 1),
# every alert printed once.
p = watch(["--idle-timeout", "1", "--interval", "0.2", bad])
out, err = p.communicate(timeout=60)
n_inf_nan = sum(1 for line in out.splitlines() if line.startswith("NaN/∞"))
check("whole bad run: exit 1 after idle", p.returncode == 1, str(p.returncode))
check("whole bad run: every NaN/∞ alert once", n_inf_nan == expected["alerts"]["num_alerts"],
      f"{n_inf_nan} vs {expected['alerts']['num_alerts']}")

finish()
