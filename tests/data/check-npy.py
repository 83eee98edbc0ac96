#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every FULL_TENSOR value of a logdir saved with `tfdbg-gtk tensor --npy`, loaded back with
numpy.load and compared value by value with what `trace --json` / `execution --json` print:
dtype, shape and every element (NaN where NaN, ±∞ where ±∞). bfloat16 has no NumPy dtype and
must come back as float32; strings as fixed-width bytes.

usage: check-npy.py TFDBG_GTK LOGDIR       (prints TAP)
"""

import json
import math
import os
import subprocess
import sys
import tempfile

import numpy

NUMPY_NAMES = {"bfloat16": "float32", "string": "bytes"}


def run_json(program, *args):
    return json.loads(subprocess.run([program, *args], capture_output=True, text=True, check=True).stdout)


def flatten(values):
    if isinstance(values, list):
        for v in values:
            yield from flatten(v)
    else:
        yield values


def same(want, got):
    if isinstance(want, str) and want in ("nan", "inf", "-inf"):
        want = float(want)
    if isinstance(got, bytes):
        return want.encode() == got
    if isinstance(want, float) and math.isnan(want):
        return math.isnan(got)
    return float(want) == float(got)


def compare(value, path):
    """None when the file holds @value (dtype, shape, values of the JSON), else what differs."""
    array = numpy.load(path, allow_pickle=False)
    want_dtype = NUMPY_NAMES.get(value["dtype"], value["dtype"])
    got_dtype = "bytes" if array.dtype.kind == "S" else str(array.dtype)
    if got_dtype != want_dtype:
        return f"dtype {got_dtype}, expected {want_dtype}"
    if list(array.shape) != value["shape"]:
        return f"shape {list(array.shape)}, expected {value['shape']}"
    want = list(flatten(value["values"]))
    got = [x.item() if hasattr(x, "item") else x for x in array.reshape(-1)]
    if len(want) != len(got):
        return f"{len(got)} values, expected {len(want)}"
    for i, (w, g) in enumerate(zip(want, got)):
        if not same(w, g):
            return f"element {i}: {g!r}, expected {w!r}"
    return None


def main():
    program, logdir = sys.argv[1], sys.argv[2]
    inspect = run_json(program, "inspect", "--json", logdir)
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for index in range(inspect["counts"]["graph_execution_traces"]):
            trace = run_json(program, "trace", "--json", logdir, str(index))
            value = {"dtype": trace["dtype"], "shape": trace["shape"], "values": trace["full_tensor_values"]}
            path = os.path.join(scratch, f"trace-{index}.npy")
            subprocess.run([program, "tensor", "--npy", "-o", path, logdir, str(index)], check=True)
            results.append((f"trace {index} ({trace['op_name']}, {trace['dtype']})", compare(value, path)))
        for index in range(inspect["counts"]["executions"]):
            execution = run_json(program, "execution", "--json", logdir, str(index))
            for slot, value in enumerate(execution["debug_tensor_values"]):
                if not value:
                    continue
                path = os.path.join(scratch, f"execution-{index}-{slot}.npy")
                subprocess.run([program, "tensor", "--npy", "--execution", "--slot", str(slot), "-o", path,
                                logdir, str(index)], check=True)
                results.append((f"execution {index} output {slot} ({execution['op_type']}, {value['dtype']})",
                                compare(value, path)))
    print(f"1..{len(results)}")
    for n, (name, problem) in enumerate(results, 1):
        print(f"{'not ok' if problem else 'ok'} {n} - {name}" + (f"\n# {problem}" if problem else ""))
    return 1 if any(problem for _, problem in results) or not results else 0


if __name__ == "__main__":
    sys.exit(main())
