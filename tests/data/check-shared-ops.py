#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds `tfdbg-gtk ops --json` against the shared logdirs' EXPECTED.json.

usage: check-shared-ops.py TFDBG_GTK LOGDIRS_ROOT

Every op creation is listed (as many as counts.graph_op_creations, and per graph as many as its
num_ops); the first bad op's user frame is the creation_innermost_user_frame EXPECTED.json
names, and narrowing to that file and line lists it; traces are counted per op; where the
producer recorded a GraphDef, the sample node's attributes and inputs are those it holds.
Prints TAP.
"""

import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
import shared_logdirs


def ops(program, path, *args):
    run = subprocess.run([program, "ops", "--json", *args, path], capture_output=True, text=True, timeout=120)
    return json.loads(run.stdout)["ops"] if run.returncode == 0 else None


def check_logdir(results, program, label, path, facts):
    listed = ops(program, path)
    if listed is None:
        results.append((f"{label}: ops --json", False, "failed"))
        return
    results.append((f"{label}: every op creation", len(listed) == facts["counts"]["graph_op_creations"],
                    f"{len(listed)} listed, {facts['counts']['graph_op_creations']} expected"))
    per_graph = collections.Counter(op["graph_id"] for op in listed)
    want = {g["graph_id"]: g["num_ops"] for g in facts["graphs"]}
    results.append((f"{label}: ops per graph", all(per_graph.get(g, 0) == n for g, n in want.items()),
                    f"{dict(per_graph)} vs {want}"))
    traced = sum(op["num_traces"] for op in listed)
    results.append((f"{label}: traces counted per op", traced <= facts["counts"]["graph_execution_traces"] and
                    (traced > 0) == (facts["counts"]["graph_execution_traces"] > 0), f"{traced}"))

    graph_def = facts.get("original_graph_def")
    if graph_def and graph_def.get("present"):
        sample = graph_def["sample_node"]
        node = [op for op in listed if op["op_name"] == sample["name"]]
        attrs = node[0]["attrs"] if node else None
        results.append((f"{label}: attributes of {sample['name']} from its GraphDef",
                        attrs is not None and all(attrs.get(k) == v for k, v in sample["attr"].items()),
                        f"{attrs} vs {sample['attr']}"))
        # The GraphDef spells slot 0 without its ":0"; the op creation's input names always carry it.
        inputs = [name[:-2] if name.endswith(":0") else name for name in node[0]["inputs"]] if node else None
        results.append((f"{label}: inputs of {sample['name']}", inputs == sample["input"], f"{inputs}"))

    first = facts.get("first_inf_nan_graph_execution_trace")
    frame = first and first.get("creation_innermost_user_frame")
    if not frame:
        return
    mine = [op for op in listed if op["op_name"] == first["op_name"] and op["graph_id"] == first["graph_id"]]
    want_frame = {k: frame[k] for k in ("file_path", "line", "func")}
    got = mine[0]["user_frame"] if mine else None
    # The frame also carries its line of code (as trace --json's frames do).
    got = got and {k: got[k] for k in want_frame}
    results.append((f"{label}: the first bad op's line", got == want_frame, f"{got} vs {want_frame}"))
    narrowed = ops(program, path, "--file", os.path.basename(frame["file_path"]), "--line", str(frame["line"])) or []
    results.append((f"{label}: --file/--line lists it",
                    any(op["op_name"] == first["op_name"] for op in narrowed) and
                    all(op["user_frame"]["line"] == frame["line"] for op in narrowed), f"{len(narrowed)} ops"))


if __name__ == "__main__":
    sys.exit(shared_logdirs.main(check_logdir))
