#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A tfdbg V1 dump root read by tfdbg-gtk, held to what TensorFlow's own DebugDumpDir read from
it (FACTS, written by tests/real-tf/v1/dump-facts.py), without TensorFlow:

- inspect --json: one graph execution trace per dumped tensor, one execution per Session.run,
  the devices, one NaN/∞ alert per dump that has_inf_or_nan (for a DebugNumericSummary dump:
  whose counts hold NaN or ∞), the first of them, and a notice (not a problem) saying the dump
  carries no traceback;
- alerts: the same alerts in time order, exit status 1 (0 when none);
- trace --json for every dump, in time order: node, slot, device, wall time, dtype, shape and
  every value (DebugIdentity), or the counts of a FULL_HEALTH trace (DebugNumericSummary);
- execution --json per run: its fetches, targets and feeds from the core metadata;
- ops --json: every node of every partition graph with its op type and inputs;
- tensor --npy of the first bad dump, read back by NumPy.

usage: check-v1-dump-facts.py TFDBG_GTK DUMP_ROOT FACTS      (prints TAP)
"""

import json
import math
import os
import subprocess
import sys
import tempfile

import numpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
import tap


def check(ok, name, detail=""):
    tap.check(name, ok, detail)


def run(program, *args, status=0):
    done = subprocess.run([program, *args], capture_output=True, text=True)
    if status is not None and done.returncode != status:
        raise SystemExit(f"{' '.join(args)}: exit status {done.returncode}, wanted {status}\n{done.stderr}")
    return done.stdout


def same_value(want, got):
    if isinstance(want, str):
        return str(got) == want
    if isinstance(got, str):
        return False
    return math.isclose(float(want), float(got), rel_tol=1e-6, abs_tol=0)


def flatten(values):
    if isinstance(values, list):
        for v in values:
            yield from flatten(v)
    else:
        yield values


def with_slot(name):
    """DebugDumpDir's inputs leave out slot 0; tfdbg2's op creations always name it."""
    if name.startswith("^"):
        return name
    head, _, tail = name.rpartition(":")
    return name if head and tail.isdigit() else name + ":0"


def summary_counts(d):
    """A DebugNumericSummary vector's counts: [initialized, count, nan, -inf, negative, zero,
    positive, +inf, …] (TensorFlow 2.21's order)."""
    v = [float(x) for x in d["values"]]
    return {"size": v[1], "nan": v[2], "neg_inf": v[3], "neg": v[4], "zero": v[5], "pos": v[6], "pos_inf": v[7]}


def is_bad(d):
    """DebugDumpDir's has_inf_or_nan for values; for a DebugNumericSummary dump (whose vector it
    tests, not the tensor) the vector's own NaN and ∞ counts."""
    if d["debug_op"] == "DebugNumericSummary":
        c = summary_counts(d)
        return c["nan"] + c["neg_inf"] + c["pos_inf"] > 0
    return d["has_inf_or_nan"]


def main(program, root, facts_path):
    with open(facts_path) as f:
        facts = json.load(f)
    runs = facts["runs"]
    dumps = [d for r in runs for d in r["dumps"]]
    bad = [d for d in dumps if is_bad(d)]

    inspect = json.loads(run(program, "inspect", "--json", root))
    check(inspect["counts"]["graph_execution_traces"] == len(dumps), "one trace per dumped tensor",
          f'{inspect["counts"]["graph_execution_traces"]} vs {len(dumps)}')
    check(inspect["counts"]["executions"] == len(runs), "one execution per Session.run")
    devices = sorted({d for r in runs for d in r["devices"]})
    check(sorted(d["device_name"] for d in inspect["devices"]) == devices, "the devices",
          str(inspect["devices"]))
    check(inspect["alerts"]["num_alerts"] == len(bad), "one NaN/∞ alert per has_inf_or_nan dump",
          f'{inspect["alerts"]["num_alerts"]} vs {len(bad)}')
    problems = [p["message"] for p in inspect["problems"]]
    check(not any("traceback" in m for m in problems), "no problem is made of the missing traceback", str(problems))
    check(any("no Python traceback" in m for m in inspect["notices"]), "a notice says the dump has no traceback",
          str(inspect["notices"]))
    check(all("Python graph is not available" in r["traceback"] for r in runs),
          "DebugDumpDir has no traceback either")

    # Alerts in time order, and the first one.
    # The NaN/∞ lines (alerts also names other kinds, as exploding magnitudes).
    alerts = [line for line in run(program, "alerts", root, status=1 if bad else None).splitlines()
              if line.startswith("NaN/∞")]
    check(len(alerts) == len(bad), "alerts: one line per bad dump", str(alerts))
    for line, d in zip(alerts, bad):
        check(f'{d["node_name"]}:{d["output_slot"]} ' in line, f'alert names {d["node_name"]}', line)
    first = inspect["alerts"].get("first_alert")
    first_run_bad = next((r["first_inf_or_nan"] for r in runs if r["first_inf_or_nan"]), None)
    if first_run_bad:
        # Among the values (DebugIdentity), DebugDumpDir's first has_inf_or_nan dump comes first.
        index = next(i for i, d in enumerate(dumps) if d["debug_op"] == "DebugIdentity" and d["has_inf_or_nan"])
        trace = json.loads(run(program, "trace", "--json", root, str(index)))
        check(trace["op_name"] == first_run_bad["node_name"] and
              trace["device_name"] == first_run_bad["device_name"] and
              round(trace["wall_time"] * 1e6) == first_run_bad["timestamp"],
              "DebugDumpDir's first has_inf_or_nan dump is the first alerting value", trace["op_name"])
    if bad:
        trace = json.loads(run(program, "trace", "--json", root, str(first["graph_execution_trace_index"])))
        check(trace["op_name"] == bad[0]["node_name"] and round(trace["wall_time"] * 1e6) == bad[0]["timestamp"],
              "the first alert is the first bad dump", trace["op_name"])

    # Every dump, in time order.
    for index, d in enumerate(dumps):
        trace = json.loads(run(program, "trace", "--json", root, str(index)))
        name = f'trace {index} ({d["node_name"]}:{d["output_slot"]})'
        check(trace["op_name"] == d["node_name"] and trace["output_slot"] == d["output_slot"] and
              trace["device_name"] == d["device_name"], name + ": node, slot, device",
              f'{trace["op_name"]}:{trace["output_slot"]} {trace["device_name"]}')
        check(abs(trace["wall_time"] - d["timestamp"] / 1e6) < 1e-6, name + ": wall time")
        if d["debug_op"] == "DebugNumericSummary":
            counts = summary_counts(d)
            got = trace.get("element_counts") or {}
            check(trace["tensor_debug_mode"] == "FULL_HEALTH" and trace["size"] == counts["size"] and
                  all(got.get(k) == counts[k] for k in ("nan", "neg_inf", "pos_inf", "neg", "zero", "pos")),
                  name + ": DebugNumericSummary as FULL_HEALTH", f"{trace.get('element_counts')} vs {counts}")
            continue
        check(trace["tensor_debug_mode"] == "FULL_TENSOR", name + ": FULL_TENSOR")
        if d["dtype"] is None:
            continue
        check(trace["dtype"] == d["dtype"] and trace["shape"] == d["shape"], name + ": dtype and shape",
              f'{trace["dtype"]} {trace["shape"]}')
        values = list(flatten(trace.get("full_tensor_values")))
        check(len(values) == len(d["values"]) and all(same_value(w, g) for w, g in zip(d["values"], values)),
              name + ": values", f'{values} vs {d["values"]}')

    # Session.run calls.
    for index, r in enumerate(runs):
        execution = json.loads(run(program, "execution", "--json", root, str(index)))
        meta = r["core_metadata"]
        want = "Session.run(" + "; ".join(
            part for part in (", ".join(meta["output_names"]),
                              "targets: " + ", ".join(meta["target_nodes"]) if meta["target_nodes"] else "",
                              "feeds: " + ", ".join(meta["input_names"]) if meta["input_names"] else "") if part) + ")"
        check(execution["op_type"] == want, f"execution {index}: fetches, targets and feeds", execution["op_type"])
        check(execution["num_outputs"] == len(meta["output_names"]), f"execution {index}: one output per fetch")

    # Partition graphs: every node, its op type and inputs.
    ops = json.loads(run(program, "ops", "--json", root))["ops"]
    by_name = {}
    for op in ops:
        by_name.setdefault(op["op_name"], []).append(op)
    for r in runs:
        for device, nodes in r["nodes"].items():
            short = device.split("device:")[-1]
            for node, n in nodes.items():
                wanted = [with_slot(i) for i in n["inputs"]] + ["^" + c for c in n["control_inputs"]]
                found = [op for op in by_name.get(node, []) if op["graph_name"].split(" ")[0] == short and
                         op["op_type"] == n["op_type"] and op["inputs"] == wanted and
                         sorted(op["attrs"].keys()) == n["attributes"]]
                check(found, f'{r["folder"]}: {node} on {short}', str(by_name.get(node)))

    # The first bad dump's values through NumPy.
    values_bad = [i for i, d in enumerate(dumps) if d["debug_op"] == "DebugIdentity" and d["has_inf_or_nan"]]
    if values_bad:
        index = values_bad[0]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "first.npy")
            run(program, "tensor", "--npy", "-o", path, root, str(index))
            array = numpy.load(path)
            want = dumps[index]
            check(str(array.dtype) == want["dtype"] and list(array.shape) == want["shape"] and
                  all(same_value(w, g) for w, g in zip(want["values"], array.flatten().tolist())),
                  "tensor --npy of the first bad dump", str(array))

    tap.finish()


if __name__ == "__main__":
    main(*sys.argv[1:])
