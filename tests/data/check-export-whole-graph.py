#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tfdbg-gtk export-graph --graph ID` draws every op of a graph, in every build.

usage: check-export-whole-graph.py TFDBG_GTK LOGDIRS_ROOT OUTDIR

For every graph of every shared logdir: the SVG has one node per op creation (EXPECTED.json's
num_ops); --collapse-scopes draws fewer nodes where two ops or more share a top-level name scope
(and as many where none do); control inputs ("^name") are dashed edges; the graph of the first
NaN/∞ has a node in the error colour. A graph that does not exist exits with status 2. TAP.
"""

import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
import shared_logdirs

ERROR_FILL = 'fill="#f8c8c8"'


def export(program, path, graph_id, out, *args):
    run = subprocess.run([program, "export-graph", path, "--graph", graph_id, *args, "-o", out],
                         capture_output=True, text=True, timeout=120)
    return open(out).read() if run.returncode == 0 and os.path.exists(out) else None


def groups(svg, kind):
    """The text of every <g class="KIND"> group."""
    return re.findall(r'<g id="[^"]*" class="%s">(.*?)</g>' % kind, svg or "", re.S)


def ops_by_graph(program, path):
    run = subprocess.run([program, "ops", "--json", path], capture_output=True, text=True, timeout=120)
    by_graph = collections.defaultdict(list)
    for op in json.loads(run.stdout)["ops"] if run.returncode == 0 else []:
        by_graph[op["graph_id"]].append(op)
    return by_graph


def has_scopes(ops):
    tops = collections.Counter(op["op_name"].split("/")[0] for op in ops)
    return any(n >= 2 for n in tops.values())


def check_graph(results, program, label, path, graph, ops, outdir, first_bad):
    gid, name = graph["graph_id"], graph["graph_name"] or "(default)"
    out = os.path.join(outdir, f"{label.replace('/', '_')}-{gid}.svg")
    svg = export(program, path, gid, out)
    nodes = groups(svg, "node")
    results.append((f"{label} {name}: one node per op", len(nodes) == graph["num_ops"],
                    f"{len(nodes)} nodes, {graph['num_ops']} ops"))
    collapsed = groups(export(program, path, gid, out, "--collapse-scopes"), "node")
    scoped = has_scopes(ops)
    results.append((f"{label} {name}: collapsing scopes {'folds them' if scoped else 'changes nothing'}",
                    (0 < len(collapsed) < len(nodes)) if scoped else len(collapsed) == len(nodes),
                    f"{len(collapsed)} collapsed, {len(nodes)} expanded"))
    controls = sum(1 for op in ops for name_ in op["inputs"] if name_.startswith("^"))
    if controls:
        dashed = [e for e in groups(svg, "edge") if "stroke-dasharray" in e]
        results.append((f"{label} {name}: control edges dashed", len(dashed) == controls,
                        f"{len(dashed)} dashed, {controls} control inputs"))
    if first_bad and first_bad.get("graph_id") == gid:
        results.append((f"{label} {name}: the first bad op in the error colour",
                        any(ERROR_FILL in n and f">{first_bad['op_name']}<" in n for n in nodes), ""))


def main():
    program, root, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    results = []
    if not os.path.isdir(root):
        print("1..1\nnot ok 1 - shared logdirs missing: " + root)
        return 1
    for label, path, facts in shared_logdirs.logdirs(root):
        by_graph = ops_by_graph(program, path)
        for graph in facts["graphs"]:
            check_graph(results, program, label, path, graph, by_graph[graph["graph_id"]], outdir,
                        facts.get("first_inf_nan_graph_execution_trace"))
    missing = subprocess.run([program, "export-graph", os.path.join(root, "modes", "FULL_HEALTH"), "--graph",
                              "no-such-graph", "-o", os.path.join(outdir, "x.svg")], capture_output=True)
    results.append(("unknown graph exits 2", missing.returncode == 2, missing.stderr))
    return shared_logdirs.print_tap(results)


if __name__ == "__main__":
    sys.exit(main())
