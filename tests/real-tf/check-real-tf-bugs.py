#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The corpus of real bugs (tests/real-tf/bugs/): each program plants one first NaN/∞ and its
truth file says where it was made (a graph op or an eager execution, and its type), what
caused it and the user's line that made it (null for a tfdbg V1 dump, which holds no Python
traceback), the inputs the root-cause card outlines (the culprit, and inputs already bad:
"name: culprit", "name: bad"), optionally why inputs were not recorded ({"name": "dtype"}),
phrases the card's text must hold, and optionally the origin's device and the call of the step
function (model.fit's) it went bad in. Writes each program's logdir under WORKDIR once per
TensorFlow version (as write-logdirs.py does for the scenarios) and holds `tfdbg-gtk explain --json` (origin, cause,
the origin's innermost user frame, the inputs marked culprit or bad, and the card's text: its
explanation, caveat and advice, the sentences the window's card shows) and `tfdbg-gtk alerts`
(exit status 1 and an alert naming the origin's op type) to the truth. Prints, per bug,
expected against got.

  check-real-tf-bugs.py PYTHON TFDBG_GTK WORKDIR [NAME…]
"""
import concurrent.futures
import fnmatch
import glob
import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUGS = os.path.join(HERE, "bugs")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "common"))
import tap  # noqa: E402


def load_writer():
    spec = importlib.util.spec_from_file_location("write_logdirs", os.path.join(HERE, "write-logdirs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_json(cli, *args):
    proc = subprocess.run([cli, *args], capture_output=True, text=True)
    try:
        return proc.returncode, json.loads(proc.stdout)
    except ValueError:
        return proc.returncode, {"unreadable": (proc.stdout + proc.stderr)[:300]}


def user_line(origin):
    """The line of the user's program explain says built the origin (origin.user_frame: an op's
    innermost frame outside the libraries, the forward op's for an op of a gradient, an eager
    execution's own), as "file.py:N" when it is the bug's own file."""
    frame = origin.get("user_frame") or {}
    path = frame.get("file_path") or ""
    # The bug's own file, wherever the tree that wrote the logdir was.
    if os.path.basename(os.path.dirname(path)) == "bugs" and os.path.isfile(os.path.join(BUGS, os.path.basename(path))):
        return f"{os.path.basename(path)}:{frame.get('line')}"
    return None


def got(cli, logdir):
    status, report = run_json(cli, "explain", "--json", logdir)
    origin = report.get("origin") or {}
    where = None
    if origin.get("graph_execution_trace_index") is not None:
        where = "graph"
    elif origin.get("execution_index") is not None:
        where = "eager"
    alerts = subprocess.run([cli, "alerts", logdir], capture_output=True, text=True)
    card = " ".join(report.get(k) or "" for k in ("explanation", "limitation", "hint"))
    outlined = sorted(f"{i.get('op_name')}: {'bad' if i.get('bad') else 'culprit'}"
                      for i in report.get("inputs") or [] if i.get("bad") or i.get("culprit"))
    device = None
    if origin.get("graph_execution_trace_index") is not None:
        _, record = run_json(cli, "trace", "--json", logdir, str(origin["graph_execution_trace_index"]))
        device = record.get("device_name")
    return {
        "explain_status": status,
        "where": where,
        "op_type": origin.get("op_type"),
        "cause": report.get("cause", report.get("unreadable")),
        "line": user_line(origin) if origin else None,
        "alerts_status": alerts.returncode,
        "alerts": [line for line in alerts.stdout.splitlines() if line.startswith("NaN/∞")],
        "card": card,
        "outlined": outlined,
        "not_recorded": {i.get("op_name"): i.get("not_recorded_because")
                         for i in report.get("inputs") or [] if i.get("not_recorded_because")},
        "device": device,
        "step": ((report.get("spread") or {}).get("first_step") or {}).get("call"),
    }


def compare(truth, g):
    """(what, expected, got) of each fact that differs."""
    op = truth["origin"]["op_type"]  # may be a pattern: __inference_restored_function_body_*
    where = f"{g['where']} {g['op_type']}"
    expected_where = f"{truth['origin']['where']} {op}"
    # An origin TensorFlow records no output of is alerted where its values were first seen.
    seen = truth["origin"].get("seen_in", op)
    facts = [
        ("explain exit status", 1, g["explain_status"]),
        ("origin", expected_where, expected_where if fnmatch.fnmatchcase(where, expected_where) else where),
        ("cause", truth["cause"], g["cause"]),
        ("user's line", truth["line"], g["line"]),
        ("alerts exit status", 1, g["alerts_status"]),
        ("an alert names the origin's op", seen,
         seen if any(fnmatch.fnmatchcase(a, f"*({seen})*") or fnmatch.fnmatchcase(a, f"*: {seen} *") for a in g["alerts"])
         else "; ".join(g["alerts"][:2])),
    ]
    facts.append(("outlined inputs", truth["outlined"], g["outlined"]))
    facts += [(f"the card says “{phrase}”", phrase, phrase if phrase in g["card"] else g["card"][:160])
              for phrase in truth["card"]]
    facts += [(f"why {name} was not recorded", reason, g["not_recorded"].get(name))
              for name, reason in truth.get("not_recorded", {}).items()]
    if "device" in truth:
        facts.append(("origin's device", truth["device"], g["device"]))
    if "step" in truth:
        facts.append(("the call of the step function it went bad in", truth["step"], g["step"]))
    return [(what, e, o) for what, e, o in facts if e != o]


def main():
    chosen = sys.argv[4:]
    del sys.argv[4:]
    python, cli, work = tap.arguments(__doc__)
    names = chosen or sorted(os.path.basename(p)[:-len(".truth.json")]
                                   for p in glob.glob(os.path.join(BUGS, "*.truth.json")))
    writer = load_writer()
    version = writer.tf_version(python)
    if version is None:
        print(f"1..0 # SKIP {python} cannot import tensorflow")
        sys.exit(tap.SKIP)
    # Absolute: the programs run in the bugs folder.
    logdirs = os.path.join(os.path.abspath(work), "logdirs")
    os.makedirs(logdirs, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        written = dict((n, what) for n, what, _ in pool.map(
            lambda n: writer.write_program(python, logdirs, n, version, BUGS, "bug.py", f"{n}.py",
                                           [], (0,)), names))
    print(f"# {'bug':<26} {'fact':<32} {'expected':<28} got")
    for name in names:
        with open(os.path.join(BUGS, f"{name}.truth.json")) as f:
            truth = json.load(f)
        if written[name].startswith("failed"):
            tap.check(f"{name}: the program writes its logdir", False, written[name])
            continue
        differences = compare(truth, got(cli, os.path.join(logdirs, name)))
        for what, expected, found in differences:
            print(f"# {name:<26} {what:<32} {str(expected):<28} {found}")
        if not differences:
            print(f"# {name:<26} {'all':<32} {'as the truth file':<28} same")
        tap.check(f"{name}: {truth['origin']['where']} {truth['origin']['op_type']}, {truth['cause']}, "
                  f"{truth['line']}", not differences,
                  "\n".join(f"{w}: expected {e}, got {o}" for w, e, o in differences))
    tap.finish()


if __name__ == "__main__":
    main()
