#!/usr/bin/env python3
"""Holds `tfdbg-gtk inspect/trace/execution --json` against every EXPECTED.json fact of the
shared reference logdirs. Prints TAP. Fails (never skips) when the logdirs are missing."""

import json
import math
import os
import subprocess
import sys

# Facts a reader cannot know from the files, and scenario notes that are not facts of the
# logdir: num_instrumented_outputs depends on op output dtypes, which GraphOpCreation does not
# record (a traced output proves instrumentation, an untraced one proves nothing).
NOT_FROM_FILES = {"num_instrumented_outputs", "circular_buffer_size", "per_device_traces",
                  "trace_order_note", "original_graph_def", "circular_buffer"}
# Which modes state dtype, shape and all six element counts.
STATES_DTYPE = {"FULL_HEALTH", "SHAPE", "FULL_TENSOR"}
STATES_SHAPE = {"SHAPE", "FULL_TENSOR"}
STATES_COUNTS = {"FULL_HEALTH", "FULL_TENSOR"}

results = []


def report(name, problems):
    results.append((name, problems))


def close(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return abs(a - b) <= 1e-6 * max(1.0, abs(b))
    return a == b


def compare(actual, expected, path, out, mode=None):
    """Recursive comparison; expected keys the reader cannot know are checked for consistency."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            out.append(f"{path}: expected an object, got {json.dumps(actual)[:120]}")
            return
        mode = actual.get("tensor_debug_mode", mode)
        for key, value in expected.items():
            if key in NOT_FROM_FILES:
                continue
            sub = f"{path}.{key}"
            if key == "dtype" and actual.get(key) is None and mode not in STATES_DTYPE:
                continue
            if key == "shape" and actual.get(key) is None and mode not in STATES_SHAPE:
                check_shape_consistency(actual, value, sub, out)
                continue
            if key in ("element_counts", "latest_trace_element_counts") and key not in actual and mode not in STATES_COUNTS:
                check_counts_consistency(actual, value, sub, out, mode)
                continue
            if key not in actual:
                out.append(f"{sub}: missing (expected {json.dumps(value)[:120]})")
                continue
            compare(actual[key], value, sub, out, mode)
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            out.append(f"{path}: expected {json.dumps(expected)[:160]}, got {json.dumps(actual)[:160]}")
            return
        for i, (a, e) in enumerate(zip(actual, expected)):
            compare(a, e, f"{path}[{i}]", out, mode)
    elif not close(actual, expected):
        out.append(f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}")


def check_shape_consistency(actual, shape, path, out):
    if shape is None:
        return
    if "rank" in actual and actual["rank"] != len(shape):
        out.append(f"{path}: rank {actual['rank']} does not fit shape {shape}")
    if "size" in actual and actual["size"] != math.prod(shape):
        out.append(f"{path}: size {actual['size']} does not fit shape {shape}")


def check_counts_consistency(actual, counts, path, out, mode):
    """CONCISE_HEALTH states -inf, +inf and NaN counts; CURT_HEALTH whether any exists."""
    summary = actual.get("debug_tensor_value") or actual.get("latest_trace_debug_tensor_value")
    if not summary or counts is None:
        return
    bad = counts["neg_inf"] + counts["pos_inf"] + counts["nan"]
    if mode == "CONCISE_HEALTH" and summary[2:5] != [counts["neg_inf"], counts["pos_inf"], counts["nan"]]:
        out.append(f"{path}: summary {summary} does not match counts {counts}")
    if mode == "CURT_HEALTH" and (summary[1] != 0) != (bad > 0):
        out.append(f"{path}: summary {summary} does not match counts {counts}")


def run_json(binary, *args):
    proc = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()[:300]}")
    return json.loads(proc.stdout)


def check_logdir(binary, name, path, facts):
    try:
        actual = run_json(binary, "inspect", "--json", path)
    except Exception as e:  # noqa: BLE001 - reported as a failure
        report(f"{name}: inspect", [str(e)])
        return
    groups = ["tfdbg_run_id", "tensorflow_version", "tensor_debug_mode", "file_sets", "counts", "graphs",
              "devices", "alerts", "first_inf_nan_graph_execution_trace", "first_inf_nan_execution"]
    for key in groups:
        if key not in facts:
            continue
        out = []
        if key not in actual:
            out.append(f"{key}: missing")
        else:
            compare(actual[key], facts[key], key, out, facts.get("tensor_debug_mode"))
        report(f"{name}: {key}", out)
    extra = set(facts) - set(groups) - {"sample_graph_execution_traces", "sample_executions"} - NOT_FROM_FILES
    report(f"{name}: every fact checked", [f"unchecked fact {k}" for k in sorted(extra)])

    for kind, command in (("sample_graph_execution_traces", "trace"), ("sample_executions", "execution")):
        out = []
        for sample in facts.get(kind, []):
            try:
                compare(run_json(binary, command, "--json", path, str(sample["index"])), sample,
                        f"{command} {sample['index']}", out, facts.get("tensor_debug_mode"))
            except Exception as e:  # noqa: BLE001
                out.append(str(e))
        if facts.get(kind):
            report(f"{name}: {kind}", out)

    code = subprocess.run([binary, "alerts", path], capture_output=True, timeout=120).returncode
    want = 1 if facts["alerts"]["num_alerts"] > 0 else 0
    report(f"{name}: alerts exit status", [] if code == want else [f"exit status {code}, expected {want}"])


def check_variant(binary, name, path, variant):
    try:
        actual = run_json(binary, "inspect", "--json", path)
    except Exception as e:  # noqa: BLE001
        report(f"{name}: inspect", [str(e)])
        return
    out = []
    compare(actual["counts"], variant["robust_reader_counts"], "counts", out)
    report(f"{name}: intact records", out)

    problems = actual.get("problems", [])
    out = []
    damaged = variant.get("damaged_files") or ([variant["damaged_file"]] if "damaged_file" in variant else [])
    if "missing_file" in variant:
        damaged = [variant["missing_file"]]
    elif not damaged and variant.get("metadata_readable") is False:
        damaged = [f for f in variant["files_present"] if f.endswith(".metadata")]
    for file_name in damaged:
        offsets = [p["byte_offset"] for p in problems if p["file_name"] == file_name]
        if not offsets:
            out.append(f"no problem reported for {file_name}; problems: {problems}")
        elif "byte_offset" in variant and variant["byte_offset"] not in offsets:
            out.append(f"{file_name}: problem at {offsets}, expected offset {variant['byte_offset']}")
    report(f"{name}: damage reported by file and offset", out)


def main():
    binary = sys.argv[1]
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "logdirs")
    if not os.path.isdir(root):
        print("1..1\nnot ok 1 - shared logdirs found\n# missing: " + root)
        return 1
    corpora = sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "EXPECTED.json")))
    if not corpora:
        report("shared logdirs found", [f"no EXPECTED.json under {root}"])
    for corpus in corpora:
        with open(os.path.join(root, corpus, "EXPECTED.json")) as f:
            expected = json.load(f)
        for name, rel in expected["layout"].items():
            path = os.path.join(root, corpus, rel)
            label = f"{corpus}/{name}"
            if "logdirs" in expected and name in expected["logdirs"]:
                check_logdir(sys.argv[1], label, path, expected["logdirs"][name])
            elif "variants" in expected and name in expected["variants"]:
                check_variant(binary, label, path, expected["variants"][name])
            else:
                report(f"{label}: facts found", ["no facts for this logdir"])

    print(f"1..{len(results)}")
    failed = 0
    for i, (name, problems) in enumerate(results, 1):
        if problems:
            failed += 1
            print(f"not ok {i} - {name}")
            for p in problems[:20]:
                print(f"# {p}")
        else:
            print(f"ok {i} - {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
