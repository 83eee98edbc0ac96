#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""explain --json on logdirs real TensorFlow wrote (tests/data/real-tf/real-tf.tar.xz): the
tutorial's log of zero and the overflow name the right origin and cause, though TensorFlow
2.21 traces no argument of a forward function and records the eager context as the outer
graph of every function; the input holding the zero or the negative is the culprit; a Log
whose input is a function argument (never traced) is told from its NaN alone, as inferred,
with that reason, not a circular buffer's.

  check-real-tf-explain.py TFDBG_GTK ARCHIVE WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

import stored_tar

# logdir -> (origin op type, origin graph name, cause, what the evidence input holds, other
# members of the report and their values)
EXPECTED = {
    "tutorial_mnist": ("Log", "cross_entropy", "log_of_zero", "zero", {"inferred": False}),
    "overflow": ("Mul", "explode", "overflow", None, {"inferred": False}),
    "circular_default": ("Log", "step", "log_of_zero", "zero", {"inferred": False}),
    "nested_control_flow": ("Log", "while_cond_true_77", "log_of_negative", "neg", {"inferred": False}),
    "modes_FULL_HEALTH": ("Log", "every_dtype", "log_of_negative", None,
                          {"inferred": True, "not_recorded_because": "function_argument"}),
    "modes_CURT_HEALTH": ("Log", "every_dtype", "inputs_not_recorded", None,
                          {"not_recorded_because": "function_argument", "limitation": None}),
}


def main():
    binary, archive, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stored_tar.extract(archive, work, keep=lambda top: top in EXPECTED)
    print(f"1..{len(EXPECTED)}")
    failed = 0
    for n, (name, (op_type, graph, cause, evidence, wanted)) in enumerate(EXPECTED.items(), 1):
        proc = subprocess.run([binary, "explain", "--json", os.path.join(work, name)],
                              capture_output=True, text=True)
        problems = []
        try:
            report = json.loads(proc.stdout)
            origin = report["origin"]
            if proc.returncode != 1:
                problems.append(f"exit status {proc.returncode}, not 1 (found)")
            if (origin["op_type"], origin["graph_name"]) != (op_type, graph):
                problems.append(f"origin {origin['op_type']} in {origin['graph_name']}")
            if report["cause"] != cause:
                problems.append(f"cause {report['cause']}")
            if evidence:
                counts = [(i.get("summary") or {}).get("element_counts") or {}
                          for i in report["inputs"]]
                if not any(c.get(evidence, 0) > 0 for c in counts):
                    problems.append(f"no input shows a {evidence} count: {counts}")
                culprits = [i["op_name"] for i, c in zip(report["inputs"], counts)
                            if c.get(evidence, 0) > 0 and i["culprit"]]
                if not culprits:
                    problems.append(f"the input holding the {evidence} is not the culprit")
            for key, want in wanted.items():
                if report.get(key) != want:
                    problems.append(f"{key} {report.get(key)!r}, not {want!r}")
        except (ValueError, KeyError, TypeError) as e:
            problems.append(f"{type(e).__name__}: {e}: {proc.stdout[:200]} {proc.stderr[:200]}")
        failed += bool(problems)
        print(f"{'not ok' if problems else 'ok'} {n} - {name}: {op_type} in {graph}, {cause}")
        for p in problems:
            print(f"#   {p}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
