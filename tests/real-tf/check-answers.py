#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds `tfdbg-gtk inspect/ops/trace/execution --json` to what TensorFlow's own reader said
about the same logdir (the JSON of tf-answers.py), fact by fact: run id, version, file sets
and their intact records, counts, graphs and their nesting, devices, op creations (type,
inputs, the user's frame), every execution and every graph execution trace (op, slot, graph
chain, device, mode, summary or values, stack frames to file, line and function, and each
frame's source line), the alerts and the first NaN/∞ trace and execution.

Needs no TensorFlow. Prints TAP, one case per logdir and fact group. Where TensorFlow's reader
is the one that cannot know (it reads the non-trace files of the first file set only; it
leaves a stack frame it cannot resolve out), the case says so with '# note' and does not hold
tfdbg-gtk to it.

  check-answers.py --tfdbg-gtk BIN [--max-records N] LOGDIR ANSWERS.json [LOGDIR ANSWERS.json …]
"""
import argparse
import concurrent.futures
import json
import math
import os
import subprocess
import sys

SUMMARY_MODES = ("CURT_HEALTH", "CONCISE_HEALTH", "FULL_HEALTH", "SHAPE")


def run_json(binary, *args):
    proc = subprocess.run([binary, *args], capture_output=True, text=True,
                          env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": ""})
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"tfdbg-gtk {' '.join(args)}: exit status {proc.returncode}: "
                           f"{proc.stderr.strip()[:300]}")
    return json.loads(proc.stdout)


def run_events(binary, command, logdir, indices, jobs, chunk=250):
    """`trace` or `execution` of many indices: a call loads the logdir once for a chunk of them,
    the chunks spread over @jobs processes."""
    chunks = [indices[k:k + chunk] for k in range(0, len(indices), chunk)]

    def one(part):
        got = run_json(binary, command, "--json", logdir, *map(str, part))
        return got if len(part) > 1 else [got]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return [e for part in pool.map(one, chunks) for e in part]


def same_number(a, b):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if a is None or b is None:
        return a is b
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b)
    if a == b:
        return True
    # Both sides decode the same bits; one prints a float32 or float16 by its shortest
    # decimal, the other as the double it widens to.
    return math.isclose(a, b, rel_tol=2e-7, abs_tol=0.0)


def same_values(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_values(x, y) for x, y in zip(a, b))
    if isinstance(a, list) or isinstance(b, list):
        return False
    return same_number(a, b)


class Case:
    """One TAP case: a fact group of one logdir, its differences and notes."""

    def __init__(self, name):
        self.name = name
        self.diffs = []
        self.notes = []
        self.checked = 0

    def eq(self, what, ours, theirs, same=None):
        self.checked += 1
        ok = (same or (lambda x, y: x == y))(ours, theirs)
        if not ok:
            self.diffs.append(f"{what}: tfdbg-gtk {json.dumps(ours)[:300]} "
                              f"!= TensorFlow {json.dumps(theirs)[:300]}")
        return ok

    def note(self, text):
        if text not in self.notes:
            self.notes.append(text)


def library_frame(path):
    return "site-packages" in path or "dist-packages" in path or "/lib/python3" in path


def innermost_user_frame(stack):
    for frame in reversed(stack):
        if frame is not None and not library_frame(frame["file_path"]):
            return frame
    return None


def sample(n, limit, must):
    if n <= limit:
        return list(range(n))
    step = n / limit
    chosen = {int(i * step) for i in range(limit)} | {0, n - 1}
    return sorted(chosen | {i for i in must if 0 <= i < n})


def compare_stack(case, what, ours, theirs, lines, host):
    """ours: tfdbg-gtk's frames (file_path, line, func, code); theirs: TF's (None where TF's
    reader could not resolve the frame)."""
    if any(f is None for f in theirs):
        case.note("TensorFlow's reader leaves out stack frames whose source file it has not "
                  "read (their file index points past its .source_files): compared the "
                  "frames it resolved")
        if len(ours) == len(theirs):
            pairs = [(o, t) for o, t in zip(ours, theirs) if t is not None]
        else:
            return
    else:
        if not case.eq(f"{what} depth", len(ours), len(theirs)):
            return
        pairs = list(zip(ours, theirs))
    for depth, (o, t) in enumerate(pairs):
        case.eq(f"{what} frame {depth}", [o["file_path"], o["line"], o["func"]],
                [t["file_path"], t["line"], t["func"]])
        text = lines.get(f'{t["host_name"]}\t{t["file_path"]}\t{t["line"]}')
        if text is not None and "code" in o:
            case.eq(f"{what} frame {depth} source line", o["code"], text.strip())


# The retracing each scenario's program makes (TensorFlow's reader has no such alert): the
# lines `tfdbg-gtk alerts` prints for it, whatever TensorFlow names the function's graphs.
RETRACING = {
    "retrace": ["Retracing: function normalize traced into 6 graphs, created at retrace.py:15"],
}


def check_retracing(binary, logdir, case):
    out = subprocess.run([binary, "alerts", logdir], capture_output=True, text=True)
    lines = [line for line in out.stdout.splitlines() if line.startswith("Retracing:")]
    name = os.path.basename(os.path.normpath(logdir))
    case.eq("Retracing alerts", lines, RETRACING[name])


def check_logdir(binary, logdir, tf, max_records, jobs):
    name = os.path.basename(os.path.normpath(logdir))
    cases = []

    def new(group):
        case = Case(f"{name}: {group}")
        cases.append(case)
        return case

    if "refused" in tf:
        case = new("TensorFlow's reader refuses the logdir")
        case.note(f"TensorFlow: {tf['refused']}")
        inspect = run_json(binary, "inspect", "--json", logdir)
        case.eq("tfdbg-gtk opens it", bool(inspect.get("file_sets")), True)
        return cases

    inspect = run_json(binary, "inspect", "--json", logdir)
    case = new("run, version, file sets")
    case.eq("tfdbg_run_id", inspect["tfdbg_run_id"], tf["tfdbg_run_id"])
    case.eq("tensorflow_version", inspect["tensorflow_version"], tf["tensorflow_version"])
    ours_sets = inspect["file_sets"]
    case.eq("file set prefixes", [s["file_prefix"] for s in ours_sets],
            [s["file_prefix"] for s in tf["file_sets"]])
    for ours, theirs in zip(ours_sets, tf["file_sets"]):
        for kind, records in theirs["files"].items():
            entry = ours["files"].get(kind)
            if case.eq(f"{theirs['file_prefix']}.{kind} present", entry is not None, True):
                intact = entry.get("intact_records", entry["records"])
                case.eq(f"{theirs['file_prefix']}.{kind} intact records", intact, records)
    many = len(ours_sets) > 1
    if many:
        case.note("TensorFlow's reader reads .source_files, .stack_frames, .graphs and "
                  ".execution of the first file set only: counts of those are compared with "
                  "the first file set")

    case = new("counts")
    counts = inspect["counts"]
    case.eq("executions", counts["executions"], len(tf["executions"]))
    case.eq("graph_execution_traces", counts["graph_execution_traces"],
            len(tf["graph_execution_traces"]))
    case.eq("graphs", counts["graphs"], len(tf["graphs"]))
    case.eq("graph_op_creations", counts["graph_op_creations"], len(tf["op_creations"]))
    case.eq("devices", counts["devices"], len(tf["devices"]))
    case.eq("source_files", counts["source_files"], len(tf["source_files"]))
    if counts["stack_frames"] != tf["num_stack_frames"]:
        case.note(f"stack frames: tfdbg-gtk counts {counts['stack_frames']} records, "
                  f"TensorFlow's reader keeps {tf['num_stack_frames']} it could resolve")
    else:
        case.eq("stack_frames", counts["stack_frames"], tf["num_stack_frames"])

    case = new("graphs and devices")
    ours_graphs = {g["graph_id"]: g for g in inspect["graphs"]}
    case.eq("graph ids", sorted(ours_graphs), sorted(tf["graphs"]))
    for gid, theirs in tf["graphs"].items():
        g = ours_graphs.get(gid)
        if g is None:
            continue
        case.eq(f"graph {gid} name", g["graph_name"] or "", theirs["graph_name"] or "")
        case.eq(f"graph {gid} outer", g["outer_context_id"] or "", theirs["outer_context_id"])
    for gid, theirs in tf["graphs"].items():
        inner = sorted(i for i, g in ours_graphs.items() if g["outer_context_id"] == gid)
        case.eq(f"graph {gid} inner graphs", inner, sorted(theirs["inner_graph_ids"]))
    case.eq("devices", {str(d["device_id"]): d["device_name"] for d in inspect["devices"]},
            tf["devices"])

    case = new("op creations")
    ops = run_json(binary, "ops", "--json", logdir)["ops"]
    ours_ops = {(o["graph_id"], o["op_name"]): o for o in ops}
    theirs_ops = {(o["graph_id"], o["op_name"]): o for o in tf["op_creations"]}
    case.eq("op creations (graph, name)", sorted(ours_ops), sorted(theirs_ops))
    for key, t in theirs_ops.items():
        o = ours_ops.get(key)
        if o is None:
            continue
        case.eq(f"{key[1]} type", o["op_type"], t["op_type"])
        case.eq(f"{key[1]} inputs", o["inputs"], t["input_names"])
        if "device_name" in o:
            case.eq(f"{key[1]} device", o["device_name"] or "", t["device_name"] or "")
        if "num_outputs" in o:
            case.eq(f"{key[1]} num_outputs", o["num_outputs"], t["num_outputs"])
        if "output_tensor_ids" in o:
            case.eq(f"{key[1]} output_tensor_ids", o["output_tensor_ids"], t["output_tensor_ids"])
        if "stack" in o:
            ours_stack = [f and [f["file_path"], f["line"], f["func"]] for f in o["stack"]]
            theirs_stack = [f and [f["file_path"], f["line"], f["func"]] for f in t["stack"]]
            if None in theirs_stack:
                # Compare the frames TensorFlow's reader could resolve, in place.
                ours_stack = [a if b is not None else None for a, b in zip(ours_stack, theirs_stack)] \
                    if len(ours_stack) == len(theirs_stack) else ours_stack
            case.eq(f"{key[1]} stack", ours_stack, theirs_stack)
        user = innermost_user_frame(t["stack"])
        if None in t["stack"]:
            case.note("TensorFlow's reader leaves out stack frames it cannot resolve: the "
                      "user's frame of such an op is not compared")
            continue
        case.eq(f"{key[1]} user frame",
                o["user_frame"] and [o["user_frame"]["file_path"], o["user_frame"]["line"],
                                     o["user_frame"]["func"]],
                user and [user["file_path"], user["line"], user["func"]])

    alerts_tf = tf["alerts"]
    must = [a["graph_execution_trace_index"] for a in (alerts_tf["first_trace_alert"],) if a]
    case = new("graph execution traces")
    traces = tf["graph_execution_traces"]
    indices = sample(len(traces), max_records, [i + d for i in must for d in range(-3, 4)])
    if len(indices) < len(traces):
        case.note(f"{len(indices)} of {len(traces)} traces compared (evenly spread, and "
                  "those around the first alert)")
    ours_traces = run_events(binary, "trace", logdir, indices, jobs)
    for i, o in zip(indices, ours_traces):
        t = traces[i]
        w = f"trace {i}"
        case.eq(f"{w} op", [o["op_name"], o["op_type"], o["output_slot"]],
                [t["op_name"], t["op_type"], t["output_slot"]])
        case.eq(f"{w} graphs", o["graph_ids_outer_to_inner"], t["graph_ids"])
        case.eq(f"{w} device", o["device_name"], t["device_name"])
        case.eq(f"{w} mode", o["tensor_debug_mode"], t["tensor_debug_mode"])
        case.eq(f"{w} wall time", o["wall_time"], t["wall_time"],
                lambda a, b: abs(a - b) < 1e-6)
        if "debug_tensor_value" in t:
            case.eq(f"{w} summary", o["debug_tensor_value"], t["debug_tensor_value"],
                    same_values)
        if "undecodable" in t:
            case.note(f"TensorFlow's reader cannot decode trace {i}'s value "
                      f"({t['undecodable']}): not compared")
        if t.get("value") is not None:
            v = t["value"]
            case.eq(f"{w} shape", o["shape"], v["shape"])
            case.eq(f"{w} values", o["full_tensor_values"], v["values"], same_values)
        op = theirs_ops.get((t["graph_id"], t["op_name"]))
        if op is not None and "creation_stack" in o:
            compare_stack(case, f"{w} creation stack", o["creation_stack"], op["stack"],
                          tf["source_lines"], op["host_name"])

    case = new("executions")
    execs = tf["executions"]
    must = [a["execution_index"] for a in (alerts_tf["first_execution_alert"],) if a]
    indices = sample(len(execs), max_records, must)
    if len(indices) < len(execs):
        case.note(f"{len(indices)} of {len(execs)} executions compared")
    ours_execs = run_events(binary, "execution", logdir, indices, jobs)
    for i, o in zip(indices, ours_execs):
        t = execs[i]
        w = f"execution {i}"
        for key in ("op_type", "graph_id", "num_outputs", "input_tensor_ids",
                    "output_tensor_ids", "output_tensor_device_ids", "tensor_debug_mode"):
            case.eq(f"{w} {key}", o[key] if o[key] is not None else "", t[key])
        case.eq(f"{w} wall time", o["wall_time"], t["wall_time"],
                lambda a, b: abs(a - b) < 1e-6)
        if "values" in t and t["values"] is None:
            case.note(f"TensorFlow's reader cannot decode execution {i}'s values")
        elif "values" in t:
            ours_v = [None if v is None else [v["shape"], v["values"]]
                      for v in o["debug_tensor_values"]]
            theirs_v = [None if v is None else [v["shape"], v["values"]] for v in t["values"]]
            case.eq(f"{w} values", ours_v, theirs_v, same_values)
        else:
            case.eq(f"{w} summaries", o["debug_tensor_values"], t["debug_tensor_values"],
                    same_values)
        compare_stack(case, f"{w} stack", o.get("stack", []), t["stack"],
                      tf["source_lines"], t["host_name"])

    case = new("alerts and the first NaN/∞")
    for note in tf.get("tf_notes", []):
        case.note(note)
    ours_alerts = inspect["alerts"]
    for key in ("num_alerts", "from_graph_execution_traces", "from_executions"):
        case.eq(key, ours_alerts[key], alerts_tf[key])
    first = alerts_tf["first_alert"]
    if case.eq("first alert present", ours_alerts["first_alert"] is not None, first is not None) \
            and first:
        fa = ours_alerts["first_alert"]
        for key in ("op_type", "output_slot", "size", "num_neg_inf", "num_pos_inf", "num_nan",
                    "execution_index", "graph_execution_trace_index"):
            case.eq(f"first alert {key}", fa[key], first[key])
    ft = inspect["first_inf_nan_graph_execution_trace"]
    a = alerts_tf["first_trace_alert"]
    case.eq("first NaN/∞ trace", ft and ft["index"], a and a["graph_execution_trace_index"])
    fe = inspect["first_inf_nan_execution"]
    a = alerts_tf["first_execution_alert"]
    case.eq("first NaN/∞ execution", fe and fe["index"], a and a["execution_index"])
    if name in RETRACING:
        check_retracing(binary, logdir, new("retracing"))
    return cases


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tfdbg-gtk", required=True)
    parser.add_argument("--max-records", type=int, default=2000,
                        help="traces and executions compared per logdir (default 2000)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("pairs", nargs="+", help="LOGDIR ANSWERS.json …")
    args = parser.parse_args()
    if len(args.pairs) % 2:
        sys.exit("give LOGDIR ANSWERS.json pairs")
    cases = []
    for logdir, answers in zip(args.pairs[::2], args.pairs[1::2]):
        with open(answers) as f:
            tf = json.load(f)
        try:
            cases += check_logdir(args.tfdbg_gtk, logdir, tf, args.max_records, args.jobs)
        except (RuntimeError, KeyError, TypeError, ValueError) as e:
            broken = Case(f"{os.path.basename(os.path.normpath(logdir))}: read by tfdbg-gtk")
            broken.diffs.append(f"{type(e).__name__}: {e}")
            cases.append(broken)
    print(f"1..{len(cases)}")
    failed = 0
    for n, case in enumerate(cases, 1):
        status = "not ok" if case.diffs else "ok"
        failed += bool(case.diffs)
        print(f"{status} {n} - {case.name} ({case.checked} facts)")
        for note in case.notes:
            print(f"# note: {note}")
        for diff in case.diffs[:25]:
            print(f"#   {diff}")
        if len(case.diffs) > 25:
            print(f"#   … {len(case.diffs) - 25} more")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
