#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""explain --json on what real TensorFlow records of bugs whose cause is known
(tests/real-tf/causes/causes.py): the catalogue's cause, the culprit input, the walk back from a
function to the eager op that made its argument, and the reason an input was not recorded.

  check-real-tf-causes.py PYTHON TFDBG_GTK WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

import tf_fork

PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "causes", "causes.py")

# (case, mode) -> expected members of the report; "culprit" names the input that must be one.
EXPECTED = {
    ("norm_zero", "FULL_HEALTH"): {"op_type": "SqrtGrad", "cause": "gradient_at_zero", "culprit": "norm/Sqrt"},
    ("mean_empty", "FULL_HEALTH"): {"op_type": "Mean", "cause": "empty_reduction", "culprit": "boolean_mask/GatherV2"},
    ("mean_empty", "CONCISE_HEALTH"): {"op_type": "Mean", "cause": "empty_reduction", "culprit": "boolean_mask/GatherV2"},
    ("eager_log", "FULL_HEALTH"): {"op_type": "Log", "cause": "log_of_zero", "eager": True, "inferred": True},
    ("log_arg", "FULL_HEALTH"): {"op_type": "Log", "cause": "log_of_zero", "inferred": True,
                                 "not_recorded_because": "function_argument"},
    ("log_arg", "CURT_HEALTH"): {"op_type": "Log", "cause": "inputs_not_recorded",
                                 "not_recorded_because": "function_argument"},
}


def problems_of(report, want):
    origin = report["origin"] or {}
    found = []
    if origin.get("op_type") != want["op_type"]:
        found.append(f"origin {origin.get('op_type')}")
    if report["cause"] != want["cause"]:
        found.append(f"cause {report['cause']}")
    if "culprit" in want and [i["op_name"] for i in report["inputs"] if i["culprit"]] != [want["culprit"]]:
        found.append(f"culprits {[i['op_name'] for i in report['inputs'] if i['culprit']]}")
    if want.get("eager") and (origin.get("execution_index") is None
                              or report["walk_back"][-1]["link"] != "function_input"):
        found.append(f"not the eager execution: {origin} {report['walk_back']}")
    for key in ("inferred", "not_recorded_because"):
        if key in want and report[key] != want[key]:
            found.append(f"{key} {report[key]!r}")
    said = (report["explanation"] or "") + (report["hint"] or "")
    if "circular" in said:
        found.append("blames a circular buffer on a run without one")
    if report["cause"] != "overflow" and "learning rate" in said:
        found.append("advises the learning rate")
    return found


def main():
    python, binary, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    print(f"1..{len(EXPECTED)}")
    failed = 0
    for n, ((case, mode), want) in enumerate(EXPECTED.items(), 1):
        logdir = os.path.join(work, f"{case}-{mode}")
        run = tf_fork.run(python, [PROGRAM, logdir, case, mode], cwd=os.path.dirname(PROGRAM))
        proc = subprocess.run([binary, "explain", "--json", logdir], capture_output=True, text=True)
        try:
            problems = [f"the program failed: {run.stderr[-300:]}"] if run.returncode else []
            problems += problems_of(json.loads(proc.stdout), want)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            problems = [f"{type(e).__name__}: {e}: {proc.stdout[:200]} {proc.stderr[:200]}"]
        failed += bool(problems)
        print(f"{'not ok' if problems else 'ok'} {n} - {case} in {mode}: {want['cause']}")
        for p in problems:
            print(f"#   {p}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
