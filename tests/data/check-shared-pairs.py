#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds `tfdbg-gtk diff` to the shared pairs of runs and their EXPECTED.json.

usage: check-shared-pairs.py TFDBG_GTK PAIRS_ROOT SCRATCH_DIR

For every PAIRS_ROOT/*/EXPECTED.json: each run's own facts (under logdirs.run_a / run_b) are
checked as check-shared-logdirs.py checks a reference logdir; `diff --json RUN_A RUN_B` is held to
every corpus-level fact (first_divergence, only_in_a, only_in_b, compared_traces,
diverging_step, tensor_debug_mode) and its exit status to whether anything differs; the plain
output's first sentence must name the first divergence, and `diff --markdown -o` must write the
report and both neighbourhoods' pictures. Output is TAP; a missing PAIRS_ROOT is a failure.
"""

import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("check_expected", os.path.join(HERE, "..", "unit", "check-shared-logdirs.py"))
ce = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ce)

# Corpus-level keys that describe the pair rather than state a fact the files hold.
NOTES = {
    "schema", "generator_version", "scenario", "seed", "description", "layout", "logdirs",
    # Prose naming the change made to the program, which no reader can derive from the files.
    "change_in_run_b",
}
# Checked against `diff --json` key by key.
DIFF_FACTS = ["first_divergence", "only_in_a", "only_in_b", "compared_traces", "diverging_step"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_pair(binary, root, name, expected, scratch):
    layout = expected["layout"]
    run_a = os.path.join(root, name, layout["run_a"])
    run_b = os.path.join(root, name, layout["run_b"])
    for run, facts in expected.get("logdirs", {}).items():
        ce.check_logdir(binary, f"{name}/{run}", os.path.join(root, name, layout[run]), facts)

    checked = set()
    try:
        actual = ce.run_json(binary, "diff", "--json", run_a, run_b, ok_status=(0, 1))
    except ce.ProgramError as e:
        ce.report(f"{name}: diff --json", [str(e)])
        return
    for key in DIFF_FACTS:
        if key not in expected:
            continue
        out = []
        if key not in actual:
            out.append(f"{key}: missing (expected {ce.short(expected[key])})")
        else:
            ce.compare(actual[key], expected[key], key, out)
        ce.report(f"{name}: {key}", out)
        checked.add(key)

    # The mode of the pair: every op diff compared was recorded in it.
    if "tensor_debug_mode" in expected:
        modes = sorted({op.get("tensor_debug_mode") for op in actual.get("ops") or []})
        ce.report(f"{name}: tensor_debug_mode",
                  [] if modes == [expected["tensor_debug_mode"]] else
                  [f"ops compared in {modes}, expected only {expected['tensor_debug_mode']}"])
        checked.add("tensor_debug_mode")

    differs = expected.get("first_divergence") is not None or expected.get("only_in_a") or expected.get("only_in_b")
    status = ce.run(binary, "diff", "--json", run_a, run_b)[0]
    want = 1 if differs else 0
    if not differs and actual.get("first_execution_divergence") is not None:
        want = 1  # an eager execution differs although no trace does
    ce.report(f"{name}: exit status",
              [] if status == want else [f"diff {ce.describe_status(status)}, expected exit status {want}"])

    # Plain output: the first divergence in a sentence naming the op, its slot and graph.
    status, text, err = ce.run(binary, "diff", run_a, run_b)
    first = expected.get("first_divergence")
    out = []
    head = text.splitlines()[0] if text else ""
    if first is None:
        if "No trace differs" not in head:
            out.append(f"first line {head!r} does not say that no trace differs")
    else:
        a = first["a"]
        for part in (f"{a['op_name']}:{a['output_slot']}", f"graph {a['graph_name']}",
                     f"trace #{a['graph_execution_trace_index']} of run A"):
            if part not in head:
                out.append(f"first line {head!r} lacks {part!r}")
        if first.get("b") and f"Run B: {first['b']['op_name']}:" not in text:
            out.append("no line for run B's side")
    ce.report(f"{name}: plain output names the first divergence", out)

    # The Markdown report with both pictures.
    os.makedirs(scratch, exist_ok=True)
    report = os.path.join(scratch, f"{name}.md")
    for f in (report, report[:-3] + "-a-graph.png", report[:-3] + "-b-graph.png"):
        if os.path.exists(f):
            os.remove(f)
    status, _, err = ce.run(binary, "diff", "--markdown", "-o", report, run_a, run_b)
    out = [] if status in (0, 1) else [f"diff --markdown -o {ce.describe_status(status)}: {err.strip()[:300]}"]
    if not os.path.exists(report):
        out.append("no report written")
    elif first is not None:
        body = open(report, encoding="utf-8").read()
        sides = ["a"] + (["b"] if first.get("b") else [])
        for side in sides:
            picture = report[:-3] + f"-{side}-graph.png"
            if not os.path.exists(picture) or open(picture, "rb").read(8) != PNG_SIGNATURE:
                out.append(f"{os.path.basename(picture)}: not a PNG")
            if f"]({os.path.basename(picture)})" not in body:
                out.append(f"the report does not link {os.path.basename(picture)}")
    ce.report(f"{name}: diff --markdown -o", out)

    unchecked = set(expected) - NOTES - checked
    ce.report(f"{name}: every corpus-level fact has a check", [f"no check for {k}" for k in sorted(unchecked)])


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, root, scratch = argv[1], argv[2], argv[3]
    pairs = sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "EXPECTED.json"))) \
        if os.path.isdir(root) else []
    ce.report("pairs present", [] if pairs else [f"no */EXPECTED.json under {root}"])
    for name in pairs:
        with open(os.path.join(root, name, "EXPECTED.json"), encoding="utf-8") as f:
            check_pair(binary, root, name, json.load(f), scratch)
    if pairs:
        status = ce.run(binary, "diff", os.path.join(root, pairs[0], "run_a"), os.path.join(root, "no such run"))[0]
        ce.report("diff with a run that cannot be read exits 2",
                  [] if status == 2 else [f"diff {ce.describe_status(status)}, expected exit status 2"])

    print(f"1..{len(ce.results)}")
    failed = 0
    for i, (name, problems) in enumerate(ce.results, 1):
        if problems:
            failed += 1
            print(f"not ok {i} - {name}")
            for p in problems[:25]:
                print(f"# {p}")
        else:
            print(f"ok {i} - {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
