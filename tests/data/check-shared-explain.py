#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds `tfdbg-gtk explain --json` against facts derived from the shared logdirs' EXPECTED.json.

usage: check-shared-explain.py TFDBG_GTK LOGDIRS_ROOT

File order: traces are numbered as TensorBoard counts alerts (every trace of the file set with the
earliest metadata wall_time, then the next file set's), so the walk back starts at the first alert,
which EXPECTED.json also names as the first NaN/∞ trace. For every logdir: the walk starts there;
the origin is that trace (its inputs were finite before it, or not recorded at all: none of the
shared logdirs' first bad traces is a placeholder fed from elsewhere, which the unit tests cover); each input's latest trace before it; the cause
derived here, independently of the program, from the op type, the origin's element counts,
which inputs were recorded and what the mode records; the spread (every other bad trace after
the first one, from the uncapped alert count); the exit status (0 nothing bad, 1 found, 3 a mode
that records no values).
Prints TAP; a missing LOGDIRS_ROOT is a failure.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
import shared_logdirs

DIVISIONS = {"Div", "RealDiv", "FloorDiv", "TruncateDiv", "Xdivy", "FloorMod", "Mod", "TruncateMod",
             "Reciprocal", "Inv"}
# Modes whose summaries hold zero and negative counts: the evidence is seen, not inferred.
MODES_WITH_COUNTS = {"FULL_HEALTH", "FULL_TENSOR"}


def expected_cause(first):
    """The cause of the first bad trace, from what EXPECTED.json says happened."""
    inputs = first["inputs"]
    if inputs and all(i.get("latest_trace_index_before") is None for i in inputs):
        return "inputs_not_recorded"
    if not inputs:
        return "nonfinite_input"
    counts = first["element_counts"]
    op_type = first["op_type"]
    if op_type == "Log":
        return "log_of_zero" if counts["neg_inf"] > 0 else "log_of_negative"
    if op_type == "Sqrt":
        return "sqrt_of_negative"
    if op_type == "Rsqrt":
        return "sqrt_of_negative" if counts["nan"] > 0 else "division_by_zero"
    if op_type in DIVISIONS:
        return "division_by_zero"
    # Overflow makes ±∞ from finite inputs, never NaN.
    return "overflow" if counts["neg_inf"] + counts["pos_inf"] > 0 else None


def check(results, name, ok, detail=""):
    results.append((name, ok, detail))


def check_markdown_report(results, program, label, path, first):
    """explain --markdown -o writes the report and, beside it, the picture it links to."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.md")
        run = subprocess.run([program, "explain", "--markdown", "-o", report, path], capture_output=True,
                             text=True, timeout=120)
        text = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
        links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
        picture = os.path.join(tmp, links[0]) if links else ""
        png = open(picture, "rb").read(8) if links and os.path.exists(picture) else b""
        check(results, f"{label}: markdown report links its picture",
              run.returncode == 1 and links == ["report-graph.png"] and png == b"\x89PNG\r\n\x1a\n"
              and first["op_name"] in text and "```dot" not in text,
              f"exit {run.returncode}, links {links}, {run.stderr[:200]}")


def call_went_bad_before_kept_traces(facts):
    """A circular buffer dropped the trace that went bad first (the generator says which), and a
    function call that returned NaN/∞ was written before the first bad trace kept."""
    full_run = (facts.get("circular_buffer") or {}).get("first_inf_nan_trace_in_full_run") or {}
    call = facts.get("first_inf_nan_execution")
    first = facts.get("first_inf_nan_graph_execution_trace")
    return (full_run.get("retained") is False and call is not None and call.get("graph_id")
            and first is not None and call["wall_time"] < first["wall_time"])


def check_dropped_first_call(results, label, got, facts):
    """That call is the origin, in its function's words: which op inside it made the NaN/∞ is
    what the buffer dropped, and more should be recorded."""
    call = facts["first_inf_nan_execution"]
    origin = got["origin"] or {}
    user = call.get("innermost_user_frame") or {}
    check(results, f"{label}: origin is the call that went bad before the traces kept",
          origin.get("execution_index") == call["index"] and origin.get("op_type") == call["op_type"]
          and (origin.get("user_frame") or {}).get("line") == user.get("line"), f"origin {origin}")
    check(results, f"{label}: the circular buffer dropped what made it",
          got["cause"] == "inputs_not_recorded" and got["not_recorded_because"] == "circular_buffer"
          and f"a call of {call['graph_name']}" in got["explanation"] and "circular_buffer_size" in got["hint"],
          f"{got['cause']}, {got['not_recorded_because']}: {got['explanation'][:200]}")


def check_logdir(results, program, label, path, facts):
    run = subprocess.run([program, "explain", "--json", path], capture_output=True, text=True, timeout=120)
    first = facts.get("first_inf_nan_graph_execution_trace")
    # A mode that records no values cannot tell none from some: 3, said on stderr.
    blind = facts.get("tensor_debug_mode") in ("NO_TENSOR", "SHAPE")
    check(results, f"{label}: exit status", run.returncode == (1 if first else 3 if blind else 0)
          and (not blind or "cannot be told" in run.stderr), f"exit {run.returncode}, {run.stderr[:200]}")
    try:
        got = json.loads(run.stdout)
    except ValueError:
        check(results, f"{label}: JSON", False, run.stdout[:200] + run.stderr[:200])
        return
    if first is None:
        check(results, f"{label}: no origin", got["origin"] is None and got["cause"] is None, str(got["origin"]))
        check(results, f"{label}: {'says the mode cannot tell' if blind else 'no limitation'}",
              (got["limitation"] is not None) == blind and (not blind or facts["tensor_debug_mode"] in got["explanation"]),
              f"limitation {got['limitation']}")
        return
    first_alert = facts["alerts"]["first_alert"]
    if call_went_bad_before_kept_traces(facts):
        check_dropped_first_call(results, label, got, facts)
        return
    check(results, f"{label}: first alert is the first NaN/∞ trace (file order)",
          first_alert["graph_execution_trace_index"] == first["index"] and first_alert["execution_index"] is None,
          f"first alert {first_alert}")
    walk = got.get("walk_back") or [{}]
    check(results, f"{label}: the walk back starts at the first alert and stays there",
          len(walk) == 1 and walk[0].get("link") == "first"
          and walk[0].get("graph_execution_trace_index") == first_alert["graph_execution_trace_index"],
          f"walk {walk}")
    origin = got["origin"] or {}
    want = {"graph_execution_trace_index": first["index"], "op_name": first["op_name"],
            "op_type": first["op_type"], "output_slot": first["output_slot"],
            "graph_id": first["graph_id"], "host_name": first["host_name"]}
    diff = {k: (v, origin.get(k)) for k, v in want.items() if origin.get(k) != v}
    check(results, f"{label}: origin", not diff, f"expected/got {diff}")

    cause = expected_cause(first)
    if cause is None:
        check(results, f"{label}: NaN from finite inputs is no overflow", got["cause"] not in (None, "overflow"),
              f"got {got['cause']}")
    else:
        check(results, f"{label}: cause {cause}", got["cause"] == cause, f"got {got['cause']}")

    inputs_ok = len(got["inputs"]) == len(first["inputs"])
    detail = []
    for want_input, got_input in zip(first["inputs"], got["inputs"]):
        pair = ((want_input["op_name"], want_input["output_slot"], want_input.get("latest_trace_index_before"), None),
                (got_input["op_name"], got_input["output_slot"], got_input["graph_execution_trace_index"],
                 got_input["execution_index"]))
        if pair[0] != pair[1]:
            inputs_ok = False
            detail.append(f"expected {pair[0]}, got {pair[1]}")
        if want_input.get("latest_trace_element_counts") and got_input["summary"]:
            mode = got_input["summary"]["tensor_debug_mode"]
            if mode in MODES_WITH_COUNTS and got_input["summary"].get("element_counts") != want_input["latest_trace_element_counts"]:
                inputs_ok = False
                detail.append(f"counts of {want_input['op_name']}: {got_input['summary'].get('element_counts')}")
    check(results, f"{label}: inputs and their latest traces", inputs_ok, "; ".join(detail))

    if cause in ("log_of_zero", "log_of_negative", "sqrt_of_negative", "division_by_zero"):
        mode = facts["tensor_debug_mode"]
        inferred = mode not in MODES_WITH_COUNTS
        evidence = got["evidence"] or {}
        check(results, f"{label}: evidence {'inferred' if inferred else 'seen'} in {mode}",
              evidence.get("inferred") == inferred and (got["limitation"] is not None) == inferred,
              f"evidence {evidence}, limitation {got['limitation']}")

    check_markdown_report(results, program, label, path, first)

    uncapped = facts["alerts"]["uncapped_inf_nan_graph_execution_traces"]
    check(results, f"{label}: spread", got["spread"]["bad_traces_after"] == uncapped - 1,
          f"expected {uncapped - 1}, got {got['spread']['bad_traces_after']}")


if __name__ == "__main__":
    sys.exit(shared_logdirs.main(check_logdir))
