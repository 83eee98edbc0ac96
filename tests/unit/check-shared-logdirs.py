#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds tfdbg-gtk's headless JSON output against the shared reference logdirs.

usage: check-shared-logdirs.py TFDBG_GTK [LOGDIRS_ROOT]

LOGDIRS_ROOT defaults to <repository>/../shared/logdirs. Every logdir named in the `layout` of
every LOGDIRS_ROOT/*/EXPECTED.json is read with `tfdbg-gtk inspect --json`; each sample trace
and execution with `trace --json` / `execution --json`; the exit status of `alerts` is checked
too. The output is TAP, one test point per (logdir, group of facts); a failing point is
followed by `# path: expected …, got …` lines. A missing LOGDIRS_ROOT is a failure, not a skip.

Comparison rules:
  * Objects are compared key by key over the keys of EXPECTED.json; keys the program prints in
    addition are ignored.
  * Numbers: integers exactly; other numbers to 1e-6 relative; wall times to 1e-6 s absolute.
    Non-finite values are the strings "nan", "inf", "-inf" on both sides (bare NaN/Infinity
    tokens are not JSON and are rejected).
  * Facts a tensor debug mode does not record (dtype, shape, element counts) may be null or
    absent in the output; they are then checked for consistency with what the mode does record
    (rank, size, the summary vector) instead of for equality.
"""

import json
import math
import os
import subprocess
import sys

TIMEOUT = 120

# Modes whose records state a tensor's dtype, its shape, and all six element counts.
MODES_WITH_DTYPE = {"FULL_HEALTH", "SHAPE", "FULL_TENSOR"}
MODES_WITH_SHAPE = {"SHAPE", "FULL_TENSOR"}
MODES_WITH_COUNTS = {"FULL_HEALTH", "FULL_TENSOR"}
# Modes whose records state rank and element count although not the shape.
MODES_REQUIRING_RANK_SIZE = {"FULL_HEALTH"}

# Keys of EXPECTED.json that no reader can derive from the files, skipped wherever they occur:
#  - num_instrumented_outputs: the number of an op's outputs that the debugger instruments
#    depends on each output's dtype (only float outputs are instrumented in the health modes),
#    and GraphOpCreation records the number of outputs but not their dtypes. A traced output
#    proves instrumentation; an output that was never traced proves nothing.
#  - circular_buffer_size: a setting of the writer; a circular logdir is indistinguishable from
#    a run that simply wrote fewer records.
SKIPPED_KEYS = {"num_instrumented_outputs", "circular_buffer_size"}

# Facts of one logdir that are checked by their own test point (see check_logdir).
LOGDIR_GROUPS = ["tfdbg_run_id", "tensorflow_version", "tensor_debug_mode", "file_sets", "counts",
                 "graphs", "devices", "alerts", "first_inf_nan_graph_execution_trace",
                 "first_inf_nan_execution"]
# Per-logdir keys that are not facts of the files, with the reason.
LOGDIR_NOTES = {
    # Prose: the order it describes is held by the sample traces' global indices.
    "trace_order_note",
    # The GraphDef attributes are shown by the window; the headless JSON does not carry them.
    "original_graph_def",
}
# Corpus-level keys that describe the corpus rather than a logdir.
CORPUS_NOTES = {"schema", "generator_version", "scenario", "seed", "description", "layout",
                "logdirs", "variants", "undamaged",
                # The program's input tensor; its values are held by per_mode_values.
                "input_a"}
# Lists of objects compared by an id instead of by position.
KEYED_LISTS = {"graphs": "graph_id", "devices": "device_id"}

results = []


def report(name, problems):
    results.append((name, list(problems)))


def short(value, limit=160):
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "…"


def reject_constant(token):
    raise ValueError(f"bare {token} is not JSON (non-finite numbers are strings)")


# ---------------------------------------------------------------------------------------------
# Running the program


class ProgramError(Exception):
    pass


_cache = {}


def run(binary, *args):
    """Returns (exit status, stdout, stderr); memoized, since several checks reuse one output."""
    key = (binary, *args)
    if key not in _cache:
        try:
            proc = subprocess.run([binary, *args], capture_output=True, text=True, timeout=TIMEOUT,
                                  stdin=subprocess.DEVNULL)
            _cache[key] = (proc.returncode, proc.stdout, proc.stderr)
        except subprocess.TimeoutExpired:
            _cache[key] = (None, "", f"timed out after {TIMEOUT} s")
        except OSError as e:
            _cache[key] = (None, "", f"cannot run {binary}: {e}")
    return _cache[key]


def describe_status(status):
    if status is None:
        return "did not finish"
    if status < 0:
        return f"was killed by signal {-status}"
    return f"exited {status}"


def run_json(binary, *args, ok_status=(0,)):
    status, out, err = run(binary, *args)
    if status not in ok_status:
        detail = f": {err.strip()[:300]}" if err.strip() else ""
        raise ProgramError(f"`tfdbg-gtk {' '.join(args)}` {describe_status(status)}{detail}")
    try:
        return json.loads(out, parse_constant=reject_constant)
    except ValueError as e:
        raise ProgramError(f"`tfdbg-gtk {' '.join(args)}` printed no valid JSON ({e}): {out[:200]!r}")


# ---------------------------------------------------------------------------------------------
# Generic comparison


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def last_key(path):
    return path.rsplit(".", 1)[-1].split("[", 1)[0]


def numbers_match(actual, expected, path):
    if isinstance(actual, int) and isinstance(expected, int):
        return actual == expected
    if "wall_time" in last_key(path):
        return abs(actual - expected) <= 1e-6 + 2 * math.ulp(expected)
    return actual == expected or abs(actual - expected) <= 1e-6 * max(abs(actual), abs(expected))


def compare(actual, expected, path, out, mode=None):
    """Appends to `out` one line per difference between `actual` and `expected`. `mode` is the
    tensor debug mode of the enclosing record; an object stating its own mode overrides it."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            out.append(f"{path}: expected an object {short(expected)}, got {short(actual)}")
            return
        mode = expected.get("tensor_debug_mode", mode)
        for key, value in expected.items():
            if key in SKIPPED_KEYS:
                continue
            sub = f"{path}.{key}"
            rule = MODE_RULES.get(key)
            if rule is not None and mode is not None and not rule[0](mode) and actual.get(key) is None:
                rule[1](actual, value, sub, out, mode)
                continue
            if key not in actual:
                out.append(f"{sub}: missing (expected {short(value)})")
                continue
            if key in KEYED_LISTS and isinstance(value, list):
                compare_keyed(actual[key], value, KEYED_LISTS[key], sub, out, mode)
            else:
                compare(actual[key], value, sub, out, mode)
        if mode in MODES_REQUIRING_RANK_SIZE and "shape" in expected and actual.get("shape") is None:
            for key in ("rank", "size"):
                if key not in actual:
                    out.append(f"{path}.{key}: missing ({mode} records it)")
    elif isinstance(expected, list):
        if not isinstance(actual, list):
            out.append(f"{path}: expected a list {short(expected)}, got {short(actual)}")
            return
        if len(actual) != len(expected):
            out.append(f"{path}: expected {len(expected)} items {short(expected)}, "
                       f"got {len(actual)} {short(actual)}")
            return
        for i, (a, e) in enumerate(zip(actual, expected)):
            compare(a, e, f"{path}[{i}]", out, mode)
    elif is_number(expected) and is_number(actual):
        if not numbers_match(actual, expected, path):
            out.append(f"{path}: expected {short(expected)}, got {short(actual)}")
    elif type(actual) is not type(expected) or actual != expected:
        out.append(f"{path}: expected {short(expected)}, got {short(actual)}")


def compare_keyed(actual, expected, id_key, path, out, mode):
    if not isinstance(actual, list):
        out.append(f"{path}: expected a list, got {short(actual)}")
        return
    by_id = {}
    for item in actual:
        ident = item.get(id_key) if isinstance(item, dict) else None
        if ident in by_id:
            out.append(f"{path}: {id_key} {short(ident)} listed twice")
        by_id[ident] = item
    wanted = set()
    for item in expected:
        ident = item[id_key]
        wanted.add(ident)
        sub = f"{path}[{id_key}={ident}]"
        if ident not in by_id:
            out.append(f"{sub}: missing (expected {short(item)})")
        else:
            compare(by_id[ident], item, sub, out, mode)
    for ident in by_id:
        if ident not in wanted:
            out.append(f"{path}: unexpected {id_key} {short(ident)}")


# Facts that some modes do not record: (mode records it?, consistency check when it is absent).


def dtype_absent(actual, expected, path, out, mode):
    pass  # nothing in the record can contradict a dtype the mode does not state


def shape_absent(actual, shape, path, out, mode):
    if not isinstance(shape, list):
        return
    rank, size = actual.get("rank"), actual.get("size")
    if rank is not None and rank != len(shape):
        out.append(f"{path}: rank {rank} does not fit the expected shape {shape}")
    if size is not None and size != math.prod(shape):
        out.append(f"{path}: size {size} does not fit the expected shape {shape}")


def counts_absent(actual, counts, path, out, mode):
    """The summary vector of the lesser modes must agree with the true element counts."""
    if not isinstance(counts, dict):
        return
    summary_key = "latest_trace_debug_tensor_value" if last_key(path).startswith("latest_trace") \
        else "debug_tensor_value"
    summary = actual.get(summary_key)
    if summary is None:
        return  # NO_TENSOR: nothing recorded; the summary itself is compared as a fact
    bad = counts["neg_inf"] + counts["pos_inf"] + counts["nan"]
    total = sum(counts[k] for k in ("neg_inf", "pos_inf", "nan", "neg", "zero", "pos"))
    try:
        if mode == "CURT_HEALTH":
            ok = (summary[1] != 0) == (bad > 0)
        elif mode == "CONCISE_HEALTH":
            ok = summary[1] == total and summary[2:5] == [counts["neg_inf"], counts["pos_inf"], counts["nan"]]
        elif mode == "SHAPE":
            ok = summary[3] == total
        else:
            ok = True
    except (IndexError, TypeError, KeyError):
        ok = False
    if not ok:
        out.append(f"{path}: {summary_key} {short(summary)} does not agree with the true counts {short(counts)}")


MODE_RULES = {
    "dtype": (lambda m: m in MODES_WITH_DTYPE, dtype_absent),
    "shape": (lambda m: m in MODES_WITH_SHAPE, shape_absent),
    "element_counts": (lambda m: m in MODES_WITH_COUNTS, counts_absent),
    "latest_trace_element_counts": (lambda m: m in MODES_WITH_COUNTS, counts_absent),
}


def summary_flags_inf_nan(record, mode):
    """Whether a trace's recorded values show -inf, +inf or NaN; None when the mode cannot say."""
    counts = record.get("element_counts")
    if isinstance(counts, dict):
        return counts["neg_inf"] + counts["pos_inf"] + counts["nan"] > 0
    v = record.get("debug_tensor_value")
    if mode == "FULL_TENSOR":
        return any(x in ("nan", "inf", "-inf") for x in record.get("full_tensor_values") or [])
    if v is None:
        return None
    if mode == "CURT_HEALTH":
        return v[1] != 0
    if mode == "CONCISE_HEALTH":
        return sum(v[2:5]) > 0
    if mode == "FULL_HEALTH":
        return sum(v[5:8]) > 0
    return None


# ---------------------------------------------------------------------------------------------
# One logdir


def check_logdir(binary, name, path, facts):
    mode = facts.get("tensor_debug_mode")
    try:
        actual = run_json(binary, "inspect", "--json", path)
    except ProgramError as e:
        report(f"{name}: inspect --json", [str(e)])
        return
    if not isinstance(actual, dict):
        report(f"{name}: inspect --json", [f"expected one JSON object, got {short(actual)}"])
        return

    for group in LOGDIR_GROUPS:
        if group not in facts:
            continue
        out = []
        if group == "tensor_debug_mode":
            modes = actual.get("tensor_debug_modes")
            if modes != [facts[group]]:
                out.append(f"tensor_debug_modes: expected {short([facts[group]])}, got {short(modes)}")
        elif group not in actual:
            out.append(f"{group}: missing (expected {short(facts[group])})")
        elif group in KEYED_LISTS:
            compare_keyed(actual[group], facts[group], KEYED_LISTS[group], group, out, mode)
        else:
            compare(actual[group], facts[group], group, out, mode)
        report(f"{name}: {group}", out)

    problems = actual.get("problems")
    report(f"{name}: no problems reported",
           [f"problems: expected [], got {short(problems, 400)}"] if problems != [] else [])

    for kind, command in (("sample_graph_execution_traces", "trace"), ("sample_executions", "execution")):
        if facts.get(kind):
            out = []
            for sample in facts[kind]:
                label = f"{command} {sample['index']}"
                try:
                    compare(run_json(binary, command, "--json", path, str(sample["index"])), sample, label, out, mode)
                except ProgramError as e:
                    out.append(f"{label}: {e}")
            report(f"{name}: {kind}", out)

    if "alerts" in facts:
        status = run(binary, "alerts", path)[0]
        # None in modes that record no values (NO_TENSOR, SHAPE) cannot be told from some: 3.
        blind = mode in ("NO_TENSOR", "SHAPE")
        want = 1 if facts["alerts"]["num_alerts"] > 0 else 3 if blind else 0
        report(f"{name}: alerts exit status",
               [] if status == want else [f"`alerts` {describe_status(status)}, expected exit status {want}"])

    if "per_device_traces" in facts:
        report(f"{name}: per_device_traces", check_per_device(binary, path, facts, actual, mode))
    if "circular_buffer" in facts:
        report(f"{name}: circular_buffer", check_circular(binary, path, facts["circular_buffer"], actual))

    known = set(LOGDIR_GROUPS) | LOGDIR_NOTES | SKIPPED_KEYS | {
        "sample_graph_execution_traces", "sample_executions", "per_device_traces", "circular_buffer"}
    report(f"{name}: every fact has a check", [f"no check for fact {k}" for k in sorted(set(facts) - known)])


def events(binary, command, path, indices, chunk=1000):
    """`trace` or `execution` of many indices, a thousand to a call (one load of the logdir)."""
    out = []
    for k in range(0, len(indices), chunk):
        part = indices[k:k + chunk]
        got = run_json(binary, command, "--json", path, *map(str, part))
        out += got if len(part) > 1 else [got]
    return out


def all_traces(binary, path, actual):
    n = (actual.get("counts") or {}).get("graph_execution_traces", 0)
    return events(binary, "trace", path, list(range(n)))


def check_per_device(binary, path, facts, actual, mode):
    try:
        traces = all_traces(binary, path, actual)
    except ProgramError as e:
        return [str(e)]
    seen = {}
    for t in traces:
        dev = seen.setdefault(t.get("device_name"), {"graph_execution_traces": 0, "inf_nan_traces": 0,
                                                     "first_inf_nan_trace_index": None})
        dev["graph_execution_traces"] += 1
        if summary_flags_inf_nan(t, mode):
            dev["inf_nan_traces"] += 1
            if dev["first_inf_nan_trace_index"] is None:
                dev["first_inf_nan_trace_index"] = t["index"]
    out = []
    compare(seen, facts["per_device_traces"], "per_device_traces", out, mode)
    return out


def check_circular(binary, path, facts, actual):
    """Only the kept part of a circular buffer is in the files: produced and dropped counts, the
    buffer size and the fate of records before the kept window cannot be read back."""
    out = []
    counts = actual.get("counts") or {}
    compare(counts.get("executions"), facts["executions_kept"], "circular_buffer.executions_kept", out)
    compare(counts.get("graph_execution_traces"), facts["traces_kept"], "circular_buffer.traces_kept", out)
    n = counts.get("graph_execution_traces") or 0
    if "kept_trace_wall_time_range" in facts and n > 0:
        try:
            # Trace indices follow file order, which is the order the traces were written in.
            first = run_json(binary, "trace", "--json", path, "0").get("wall_time")
            last = run_json(binary, "trace", "--json", path, str(n - 1)).get("wall_time")
            compare([first, last], facts["kept_trace_wall_time_range"],
                    "circular_buffer.kept_trace_wall_time_range", out)
        except ProgramError as e:
            out.append(str(e))
    return out


# ---------------------------------------------------------------------------------------------
# The per-mode table of the modes corpus


def check_per_mode_values(binary, root, corpus, expected):
    table = expected["per_mode_values"]
    for mode, rel in expected["layout"].items():
        path = os.path.join(root, corpus, rel)
        out = []
        try:
            actual = run_json(binary, "inspect", "--json", path)
            traces = {f"{t.get('op_name')}:{t.get('output_slot')}": t for t in all_traces(binary, path, actual)}
        except ProgramError as e:
            report(f"{corpus}/{mode}: per_mode_values", [str(e)])
            continue
        for label, per_mode in table.items():
            if mode not in per_mode:
                continue
            want = per_mode[mode]
            kind, _, rest = label.partition(" ")
            if kind == "trace":
                t = traces.get(rest)
                if t is None:
                    out.append(f"{label}: no trace of {rest}")
                    continue
                key = "full_tensor_values" if mode == "FULL_TENSOR" else "debug_tensor_value"
                compare(t.get(key), want, f"{label}.{key}", out, mode)
            elif kind == "execution":
                index, _, op_type = rest.partition(" ")
                try:
                    e = run_json(binary, "execution", "--json", path, index)
                except ProgramError as err:
                    out.append(f"{label}: {err}")
                    continue
                compare(e.get("op_type"), op_type, f"{label}.op_type", out, mode)
                compare(e.get("debug_tensor_values"), want, f"{label}.debug_tensor_values", out, mode)
            else:
                out.append(f"{label}: no check for this kind of entry")
        report(f"{corpus}/{mode}: per_mode_values", out)


# ---------------------------------------------------------------------------------------------
# Damaged copies


def unreadable_records(variant, undamaged):
    """The kinds of records the undamaged logdir has and of which a robust reader recovers none:
    then the run cannot be read, and a command that gates on NaN/∞ must not answer "none"."""
    robust = variant["robust_reader_counts"]
    return [k for k in ("executions_all_file_sets", "graph_execution_traces")
            if undamaged.get(k, 0) > 0 and robust.get(k) == 0]


def check_variant_status(binary, name, path, variant, undamaged):
    lost = unreadable_records(variant, undamaged)
    named = list(variant.get("damaged_files") or ([variant["damaged_file"]] if "damaged_file" in variant else []))
    if variant.get("metadata_readable") is False:
        named += [f for f in variant["files_present"] if f.endswith(".metadata") and f not in named]
    out = []
    for command in ("inspect", "alerts", "explain"):
        status, _, err = run(binary, command, path) if command != "inspect" else run(binary, command, "--json", path)
        if lost:
            if status != 2:
                out.append(f"`{command}` {describe_status(status)} though no {' or '.join(lost)} can be read; "
                           f"expected exit status 2")
            for file_name in named:
                if file_name not in err:
                    out.append(f"`{command}`: stderr does not name {file_name}: {err.strip()[:300]!r}")
        elif status == 2 or status is None or status < 0:
            out.append(f"`{command}` {describe_status(status)} on a logdir whose intact records can be read")
    report(f"{name}: exit status " + ("2, the damaged files named" if lost else "of a readable logdir"), out)


def check_variant(binary, name, path, variant, undamaged):
    robust = variant["robust_reader_counts"]
    check_variant_status(binary, name, path, variant, undamaged)
    try:
        # What is intact is printed even when the run as a whole cannot be read (status 2).
        actual = run_json(binary, "inspect", "--json", path,
                          ok_status=(0, 2) if unreadable_records(variant, undamaged) else (0,))
    except ProgramError as e:
        report(f"{name}: inspect --json", [str(e)])
        return

    out = []
    compare(actual.get("counts"), robust, "counts", out)
    report(f"{name}: robust_reader_counts", out)

    problems = actual.get("problems") or []
    named = list(variant.get("damaged_files") or ([variant["damaged_file"]] if "damaged_file" in variant else []))
    if "missing_file" in variant:
        named.append(variant["missing_file"])
    if variant.get("metadata_readable") is False:
        named += [f for f in variant["files_present"] if f.endswith(".metadata") and f not in named]
    out = []
    if not named:
        out.append("EXPECTED.json names no damaged file for this variant")
    for file_name in named:
        offsets = [p.get("byte_offset") for p in problems if p.get("file_name") == file_name]
        if not offsets:
            out.append(f"problems: none names {file_name}; got {short(problems, 400)}")
        elif "byte_offset" in variant and variant["byte_offset"] not in offsets:
            where = f"record {variant['record_index']}, " if "record_index" in variant else ""
            out.append(f"problems[{file_name}].byte_offset: expected {where}byte {variant['byte_offset']}, "
                       f"got {offsets}")
    report(f"{name}: damage reported by file and offset", out)

    # Files the damage did not touch keep every record.
    untouched = {f: n for f, n in variant.get("undamaged_record_counts", {}).items()
                 if f in variant.get("files_present", []) and f not in named}
    if variant.get("metadata_readable") is False and not variant.get("damaged_file"):
        untouched = {}  # every file of the set was emptied
    files = {f.get("file_name"): f for fs in actual.get("file_sets") or [] for f in (fs.get("files") or {}).values()}
    out = []
    for file_name, records in sorted(untouched.items()):
        if file_name not in files:
            out.append(f"file_sets: {file_name} missing")
        else:
            compare(files[file_name].get("records"), records, f"files[{file_name}].records", out)
    for file_name in files:
        if file_name is not None and file_name not in variant.get("files_present", [file_name]):
            if files[file_name].get("records"):
                out.append(f"file_sets: {file_name} is absent from the logdir but has records")
    report(f"{name}: undamaged files read in full", out)


# ---------------------------------------------------------------------------------------------


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary = argv[1]
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    root = argv[2] if len(argv) > 2 else os.path.join(repo, "..", "shared", "logdirs")

    if not os.path.isdir(root):
        report("reference logdirs present", [f"{root} is not a directory"])
    elif not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        report("tfdbg-gtk present", [f"{binary} is not an executable file"])
    else:
        corpora = sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "EXPECTED.json")))
        report("reference logdirs present", [] if corpora else [f"no */EXPECTED.json under {root}"])
        for corpus in corpora:
            with open(os.path.join(root, corpus, "EXPECTED.json"), encoding="utf-8") as f:
                expected = json.load(f)
            logdirs, variants = expected.get("logdirs", {}), expected.get("variants", {})
            for name, rel in expected["layout"].items():
                path = os.path.join(root, corpus, rel)
                label = f"{corpus}/{name}"
                if not os.path.isdir(path):
                    report(f"{label}: present", [f"{path} is not a directory"])
                elif name in logdirs:
                    check_logdir(binary, label, path, logdirs[name])
                elif name in variants:
                    check_variant(binary, label, path, variants[name], expected.get("undamaged", {}).get("counts", {}))
                else:
                    report(f"{label}: has facts", ["EXPECTED.json has no facts for this logdir"])
            if "per_mode_values" in expected:
                check_per_mode_values(binary, root, corpus, expected)
            unchecked = set(expected) - CORPUS_NOTES - {"per_mode_values"}
            report(f"{corpus}: every corpus-level fact has a check",
                   [f"no check for {k}" for k in sorted(unchecked)])
        # Not from EXPECTED.json: the documented status for a logdir that cannot be read.
        status = run(binary, "alerts", os.path.join(root, "no such logdir"))[0]
        report("alerts on a missing logdir exits 2",
               [] if status == 2 else [f"`alerts` {describe_status(status)}, expected exit status 2"])

    print(f"1..{len(results)}")
    failed = 0
    for i, (name, problems) in enumerate(results, 1):
        if problems:
            failed += 1
            print(f"not ok {i} - {name}")
            for p in problems[:25]:
                print(f"# {p}")
            if len(problems) > 25:
                print(f"# … and {len(problems) - 25} more")
        else:
            print(f"ok {i} - {name}")
    print(f"# {len(results) - failed} of {len(results)} passed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
