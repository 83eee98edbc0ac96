#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""TensorBoard's Debugger V2 and tfdbg-gtk, side by side, on the same logdirs in one run.

On the million-trace logdir that bench-load writes and on a logdir that TensorFlow itself
writes (tests/real-tf/bench/write_logdir.py, cached beside it by TensorFlow version), times:

  - TensorBoard 2.21 started as a user starts it (tensorboard --logdir DIR --host 127.0.0.1
    --port P): from its start until Debugger V2's alerts route answers with the full alert
    count, and until its execution and graph-execution digest routes count every record; the
    peak memory of its process tree (the sum of each process's VmHWM);
  - TensorFlow's DebugDataReader alone, with the InfNanMonitor TensorBoard attaches to it
    (a new Python each run; the import of TensorFlow is timed apart);
  - tfdbg-gtk inspect --json (a new process each run);
  - the CRC-scan floor of the same files (bench-load --floor-only);

and prints the medians of --runs runs and their ratios. The counts of records and alerts, and
the first alert, are checked to agree between the three readers before any time is printed.

The Python with tensorflow-cpu and tensorboard comes from --python (the meson option
real_tf_python) or $TDBG_REAL_TF_PYTHON; without one the benchmark is skipped (exit 77).
Only loopback addresses are used. Every TensorBoard started is stopped (its process group);
its TMPDIR is a directory this benchmark makes and removes.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from real_tf_logdir import BenchError, ensure_real_logdir, quiet_env, run_child  # noqa: E402

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
READ_LOGDIR = os.path.join(HERE, "real-tf", "bench", "read_with_debug_data_reader.py")
ROUTES = "/data/plugin/debugger-v2"
POLL_SECONDS = 0.1
# TensorBoard's Debugger V2 keeps the first 1000 alerts of each kind; so does tfdbg-gtk.
ALERT_LIMIT = 1000


def log(message):
    print(message, flush=True)


def find_python(args):
    python = args.python or os.environ.get("TDBG_REAL_TF_PYTHON", "")
    if not python:
        log("SKIP: no Python with tensorflow-cpu and tensorboard given "
            "(meson configure -Dreal_tf_python=PATH, or TDBG_REAL_TF_PYTHON=PATH)")
        sys.exit(SKIP)
    probe = subprocess.run(
        [python, "-c", "import tensorboard, tensorflow; print(tensorboard.__version__, tensorflow.__version__)"],
        capture_output=True, text=True, env=quiet_env(), check=False)
    if probe.returncode != 0:
        raise BenchError(f"{python} cannot import tensorboard and tensorflow:\n{probe.stderr.strip()[-2000:]}")
    tb_version, tf_version = probe.stdout.split()
    return python, tb_version, tf_version


def tensorboard_command(python):
    """The tensorboard script beside the Python (a virtualenv's bin/), as a user runs it."""
    script = os.path.join(os.path.dirname(python), "tensorboard")
    if os.access(script, os.X_OK):
        return [script]
    return [python, "-m", "tensorboard.main"]


def logdir_bytes(directory):
    return sum(os.path.getsize(os.path.join(directory, name))
               for name in os.listdir(directory) if name.startswith("tfdbg_events."))


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Loopback only, never through a proxy from the environment.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def get_json(port, route, **query):
    url = f"http://127.0.0.1:{port}{ROUTES}{route}"
    if query:
        url += "?" + urllib.parse.urlencode(query)
    with OPENER.open(url, timeout=30) as response:
        return json.load(response)


def process_tree(root):
    """The pids of @root and of its descendants, from /proc."""
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    # The command may hold spaces and parentheses: the ppid follows the last ")".
                    parents[int(name)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {root}, True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return tree


def tree_cpu_seconds(root):
    """The CPU seconds (user and system) the processes of @root's tree have used so far."""
    ticks = 0
    for pid in process_tree(root):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat
        except (OSError, IndexError, ValueError):
            pass
    return ticks / os.sysconf("SC_CLK_TCK")


def vm_hwm(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


class TreeMemory(threading.Thread):
    """Samples the peak resident memory (VmHWM) of every process of a tree until stopped."""

    def __init__(self, root):
        super().__init__(daemon=True)
        self.root = root
        self.peaks = {}
        self.stopping = threading.Event()

    def sample(self):
        for pid in process_tree(self.root):
            hwm = vm_hwm(pid)
            if hwm is not None:
                self.peaks[pid] = max(self.peaks.get(pid, 0), hwm)

    def run(self):
        while not self.stopping.wait(0.1):
            self.sample()

    def stop(self):
        self.sample()
        self.stopping.set()
        self.join()
        return sum(self.peaks.values()), len(self.peaks)


def stop_group(child):
    """Stops the process group the benchmark started TensorBoard in, and reaps it."""
    if child.poll() is None:
        try:
            os.killpg(child.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    try:  # what it started and left behind in the group
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def time_tensorboard(python, logdir, expected, timeout):
    """One TensorBoard from its start: seconds until the runs route names the run, until the
    alerts route answers with the full count (and the CPU seconds its tree had used then),
    until both digest routes count every record; the peak memory of its tree."""
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="tfdbg-gtk-bench-tensorboard-")
    argv = tensorboard_command(python) + ["--logdir", logdir, "--host", "127.0.0.1", "--port", str(port)]
    with open(os.path.join(tmp, "stderr"), "wb") as stderr:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=stderr,
                                 env=quiet_env(TMPDIR=tmp), start_new_session=True)
    memory = TreeMemory(child.pid)
    memory.start()
    result = {}
    try:
        deadline = start + timeout
        run = None
        alerts = None
        while True:
            if child.poll() is not None:
                with open(os.path.join(tmp, "stderr"), errors="replace") as f:
                    raise BenchError(f"TensorBoard exited with {child.returncode}:\n{f.read()[-3000:]}")
            if time.monotonic() > deadline:
                raise BenchError(f"TensorBoard on {logdir}: not done in {timeout} s "
                                 f"(run {run!r}, last alerts answer {alerts!r}, waiting for {expected})")
            try:
                if run is None:
                    runs = get_json(port, "/runs")
                    if runs:
                        run = next(iter(runs))
                        result["runs"] = time.monotonic() - start
                if run is not None and "alerts" not in result:
                    alerts = get_json(port, "/alerts", run=run, begin=0, end=0)
                    if alerts.get("num_alerts") == expected["num_alerts"]:
                        result["alerts"] = time.monotonic() - start
                        result["alerts_cpu"] = tree_cpu_seconds(child.pid)
                if "alerts" in result:
                    executions = get_json(port, "/execution/digests", run=run, begin=0, end=0)["num_digests"]
                    traces = get_json(port, "/graph_execution/digests", run=run, begin=0, end=0)["num_digests"]
                    if (executions, traces) == (expected["executions"], expected["traces"]):
                        result["all"] = time.monotonic() - start
                        result["first_alert"] = get_json(port, "/alerts", run=run, begin=0, end=1)["alerts"][0]
                        break
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                pass  # not listening yet
            time.sleep(POLL_SECONDS)
    finally:
        result["peak_bytes"], result["processes"] = memory.stop()
        stop_group(child)
        shutil.rmtree(tmp, ignore_errors=True)
    return result


def bench_logdir(name, logdir, python, tfdbg_gtk, bench_load, runs, timeout):
    log(f"\n== {name}: {logdir} ({logdir_bytes(logdir) / 1e6:.1f} MB)")
    _, _, _, out = run_child([tfdbg_gtk, "inspect", "--json", logdir], timeout=timeout)
    facts = json.loads(out)
    expected = {
        "executions": facts["counts"]["executions"],
        "traces": facts["counts"]["graph_execution_traces"],
        "num_alerts": facts["alerts"]["num_alerts"],
    }
    log(f"executions: {expected['executions']}, graph execution traces: {expected['traces']}, "
        f"NaN/inf alerts (first {ALERT_LIMIT}): {expected['num_alerts']} "
        f"of {facts['alerts']['uncapped_inf_nan_graph_execution_traces']} traces and "
        f"{facts['alerts']['uncapped_inf_nan_execution_outputs']} execution outputs with NaN/inf")
    if expected["num_alerts"] == 0:
        raise BenchError(f"{logdir}: no alerts; the benchmark needs a logdir with NaN/inf")

    figures = {key: [] for key in ("tb_runs", "tb_alerts", "tb_alerts_cpu", "tb_all", "tb_peak", "ddr_import",
                                   "ddr_read", "ddr_read_cpu", "ddr_peak", "gtk", "gtk_cpu", "gtk_peak")}
    for r in range(runs):
        seconds, cpu, peak, _ = run_child([tfdbg_gtk, "inspect", "--json", logdir], timeout=timeout)
        figures["gtk"].append(seconds)
        figures["gtk_cpu"].append(cpu)
        figures["gtk_peak"].append(peak)

        _, _, peak, out = run_child([python, READ_LOGDIR, logdir, str(ALERT_LIMIT)], env=quiet_env(), timeout=timeout)
        ddr = json.loads(out)
        got = {"executions": ddr["num_executions"], "traces": ddr["num_graph_execution_traces"],
               "num_alerts": ddr["num_alerts"]}
        if got != expected:
            raise BenchError(f"{logdir}: DebugDataReader counts {got}, tfdbg-gtk {expected}")
        first = facts["alerts"]["first_alert"]
        if ddr["first_alert"]["graph_execution_trace_index"] != first["graph_execution_trace_index"] or \
                ddr["first_alert"]["execution_index"] != first["execution_index"]:
            raise BenchError(f"{logdir}: first alert: DebugDataReader {ddr['first_alert']}, tfdbg-gtk {first}")
        figures["ddr_import"].append(ddr["import_seconds"])
        figures["ddr_read"].append(ddr["read_seconds"])
        figures["ddr_read_cpu"].append(ddr["read_cpu_seconds"])
        figures["ddr_peak"].append(peak)

        tb = time_tensorboard(python, logdir, expected, timeout)
        if tb["first_alert"]["graph_execution_trace_index"] != first["graph_execution_trace_index"] or \
                tb["first_alert"]["execution_index"] != first["execution_index"]:
            raise BenchError(f"{logdir}: first alert: TensorBoard {tb['first_alert']}, tfdbg-gtk {first}")
        for key in ("runs", "alerts", "alerts_cpu", "all"):
            figures["tb_" + key].append(tb[key])
        figures["tb_peak"].append(tb["peak_bytes"])
        log(f"run {r + 1}/{runs}: tfdbg-gtk {seconds:.3f} s; DebugDataReader {ddr['read_seconds']:.2f} s "
            f"(+{ddr['import_seconds']:.2f} s import); TensorBoard alerts {tb['alerts']:.2f} s, "
            f"all read {tb['all']:.2f} s, {tb['peak_bytes'] / 1e6:.0f} MB in {tb['processes']} processes; "
            f"load average {os.getloadavg()[0]:.1f}")

    _, _, _, out = run_child([bench_load, "--floor-only", "--runs", str(max(runs, 3)), "--dir", logdir], timeout=timeout)
    floor = json.loads(out)
    m = {key: statistics.median(values) for key, values in figures.items()}
    m["floor"], m["floor_cpu"] = floor["crc_floor_median"], floor["crc_floor_cpu_median"]

    log(f"medians of {runs} runs                                     wall s      CPU s   peak MB")
    log(f"  TensorBoard, start until the runs route names the run {m['tb_runs']:10.2f}")
    log(f"  TensorBoard, start until the alerts route says {expected['num_alerts']:<6}"
        f" {m['tb_alerts']:10.2f} {m['tb_alerts_cpu']:10.2f} {m['tb_peak'] / 1e6:9.0f}")
    log(f"  TensorBoard, start until every record is read          {m['tb_all']:10.2f}")
    log(f"  DebugDataReader + InfNanMonitor, read                  {m['ddr_read']:10.2f} {m['ddr_read_cpu']:10.2f}"
        f" {m['ddr_peak'] / 1e6:9.0f}  (import of TensorFlow: {m['ddr_import']:.2f} s more)")
    log(f"  tfdbg-gtk inspect --json, a new process                {m['gtk']:10.3f} {m['gtk_cpu']:10.3f}"
        f" {m['gtk_peak'] / 1e6:9.0f}  (RSS with the files it maps)")
    log(f"  CRC-scan floor (bench-load --floor-only)               {m['floor']:10.3f} {m['floor_cpu']:10.3f}")
    log("ratios                                                       wall        CPU    memory")
    log(f"  TensorBoard (to the full alert count) / tfdbg-gtk      {m['tb_alerts'] / m['gtk']:10.1f}"
        f" {m['tb_alerts_cpu'] / m['gtk_cpu']:10.1f} {m['tb_peak'] / m['gtk_peak']:9.1f}")
    log(f"  TensorBoard (to every record) / tfdbg-gtk              {m['tb_all'] / m['gtk']:10.1f}")
    log(f"  DebugDataReader (read) / tfdbg-gtk                     {m['ddr_read'] / m['gtk']:10.1f}"
        f" {m['ddr_read_cpu'] / m['gtk_cpu']:10.1f} {m['ddr_peak'] / m['gtk_peak']:9.1f}")
    log(f"  tfdbg-gtk / CRC floor                                  {m['gtk'] / m['floor']:10.2f}"
        f" {m['gtk_cpu'] / m['floor_cpu']:10.2f}")
    return m


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default="", help="a Python with tensorflow-cpu and tensorboard")
    parser.add_argument("--tfdbg-gtk", required=True)
    parser.add_argument("--bench-load", required=True)
    parser.add_argument("--bench-logdir", required=True, help="where bench-load's million-trace logdir is (written when absent)")
    parser.add_argument("--real-logdir", required=True, help="where TensorFlow's logdir is kept (written when absent)")
    parser.add_argument("--real-steps", type=int, default=3000, help="training steps of the real logdir")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=900, help="seconds any one reader may take")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        python, tb_version, tf_version = find_python(args)
        log(f"TensorBoard {tb_version}, TensorFlow {tf_version} ({python}); "
            f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
        run_child([args.bench_load, "--write-only", "--dir", args.bench_logdir], timeout=args.timeout)
        ensure_real_logdir(python, tf_version, args.real_logdir, args.real_steps, log)
        results = [("bench-load's logdir", bench_logdir("bench-load's logdir", args.bench_logdir, python,
                                                        args.tfdbg_gtk, args.bench_load, args.runs, args.timeout)),
                   ("TensorFlow's logdir", bench_logdir("TensorFlow's logdir", args.real_logdir, python,
                                                        args.tfdbg_gtk, args.bench_load, args.runs, args.timeout))]
    except BenchError as e:
        log(f"FAIL: {e}")
        return 1
    log(f"\nsummary (medians of {args.runs}; load average at the end {os.getloadavg()[0]:.2f}):")
    for name, m in results:
        log(f"  {name}: TensorBoard/tfdbg-gtk {m['tb_alerts'] / m['gtk']:.0f}x to the alerts "
            f"({m['tb_alerts_cpu'] / m['gtk_cpu']:.0f}x in CPU, {m['tb_all'] / m['gtk']:.0f}x to every record), "
            f"DebugDataReader/tfdbg-gtk {m['ddr_read'] / m['gtk']:.0f}x ({m['ddr_read_cpu'] / m['gtk_cpu']:.0f}x in CPU), "
            f"tfdbg-gtk/floor {m['gtk'] / m['floor']:.1f}x ({m['gtk_cpu'] / m['floor_cpu']:.1f}x in CPU); "
            f"memory TensorBoard {m['tb_peak'] / 1e6:.0f} MB, tfdbg-gtk {m['gtk_peak'] / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
