#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Where two runs of one program first part, worked out from TensorFlow's own reader
(DebugDataReader) by the rules of the shared pairs of runs (../shared/pairs/README.md), written
here again from that text and nothing of tfdbg-gtk's: check-real-tf-pairs.py holds `tfdbg-gtk
diff --json` to the result. Needs a Python with tensorflow.

  pair-answers.py RUN_A RUN_B [--rtol R] [--atol A] [-o FILE]

The JSON has the README's first_divergence (kind, a, b, max_abs_diff), only_in_a, only_in_b
and compared_traces, and beside them what a person reading the test's output wants to see of
the divergence ("detail": both sides' op types, dtypes, shapes, a few values or the summaries)
and the occurrence number k of its key. A trace in a mode the README has no rule for (SHAPE,
NO_TENSOR, twins in different modes) is not guessed at: the answer is {"uncovered": why}.
"""
import argparse
import math
import os
import re

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import answer_file  # noqa: E402 (beside this file)
import numpy as np  # noqa: E402
from tensorflow.core.protobuf import debug_event_pb2  # noqa: E402
from tensorflow.python.debug.lib import debug_events_reader  # noqa: E402

MODES = debug_event_pb2.TensorDebugMode
HEALTH_MODES = {MODES.CURT_HEALTH, MODES.CONCISE_HEALTH, MODES.FULL_HEALTH}
SUFFIX = re.compile(r"_\d+$")
SHOWN_VALUES = 6


class Uncovered(Exception):
    """Real TensorFlow wrote something the README's rules say nothing of."""


def number(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return int(x) if x.is_integer() and abs(x) < 2 ** 53 else x


class Run:
    """One logdir as TensorFlow's reader gives it: its traces in the reader's global order,
    each with its key (stripped graph chain, op name, slot) and occurrence number."""

    def __init__(self, logdir):
        self.reader = debug_events_reader.DebugDataReader(logdir)
        self.reader.update()
        self.traces = self.reader.graph_execution_traces(digest=False)
        self.keys = []
        self.occurrence = []
        self.by_key = {}
        for index, trace in enumerate(self.traces):
            # trace.graph_ids: outermost to innermost, the reader's walk up outer_graph_id.
            # TensorFlow 2.21 records an outermost graph with no name around every
            # tf.function's graph; the README's keys ("train_step/standardize/add/y:0" for a
            # train_step holding standardize) have no part for it, so a nameless graph adds none.
            names = (self.reader.graph_by_id(g).name for g in trace.graph_ids)
            chain = tuple(SUFFIX.sub("", name, count=1) for name in names if name)
            key = (chain, trace.op_name, trace.output_slot)
            self.keys.append(key)
            self.occurrence.append(len(self.by_key.setdefault(key, [])))
            self.by_key[key].append(index)

    def side(self, index):
        trace = self.traces[index]
        return {"graph_execution_trace_index": index, "op_name": trace.op_name,
                "output_slot": trace.output_slot,
                "graph_name": self.reader.graph_by_id(trace.graph_ids[-1]).name}

    def value(self, index):
        return np.asarray(self.reader.graph_execution_trace_to_tensor_value(self.traces[index]))


def key_text(key):
    chain, op_name, slot = key
    return "/".join(chain + (op_name,)) + f":{slot}"


def compare_tensors(a, b, rtol, atol):
    """(kind or None, max_abs_diff or None) for two FULL_TENSOR values."""
    if a.dtype != b.dtype:
        return "dtype", None
    if a.shape != b.shape:
        return "shape", None
    if a.dtype.kind in "SUO":
        return (None if np.array_equal(a, b) else "values"), None
    if a.dtype.kind == "b":
        a, b = a.astype(np.int64), b.astype(np.int64)
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    x, y = a.astype(wide).ravel(), b.astype(wide).ravel()
    both_nan = np.isnan(x) & np.isnan(y)
    finite = np.isfinite(x) & np.isfinite(y)
    diff = np.abs(x - y)
    with np.errstate(invalid="ignore"):
        # Equal infinities (x == y) and NaN against NaN are close; NaN or ∞ on one side is not.
        close = both_nan | (x == y) | (finite & (diff <= atol + rtol * np.abs(y)))
    largest = float(diff[finite].max()) if finite.any() else 0.0
    return (None if close.all() else "values"), largest


def compare_health(mode, a, b):
    """(kind or None, max_abs_diff) for two health summaries, the per-run ids left out."""
    skip = 2 if mode == MODES.FULL_HEALTH else 1
    x, y = list(a or [])[skip:], list(b or [])[skip:]
    largest = 0.0
    same = len(x) == len(y)
    for p, q in zip(x, y):
        if math.isfinite(p) and math.isfinite(q):
            largest = max(largest, abs(p - q))
        if not (p == q or (math.isnan(p) and math.isnan(q))):
            same = False
    return (None if same else "health"), largest


def shown(value):
    flat = value.ravel()
    if value.dtype.kind in "SUO":
        return [str(v) for v in flat[:SHOWN_VALUES]]
    return [number(v) for v in flat[:SHOWN_VALUES].astype(np.float64)]


def answers(path_a, path_b, rtol, atol):
    a, b = Run(path_a), Run(path_b)
    only_a = sorted({key_text(k) for k in a.by_key if k not in b.by_key})
    only_b = sorted({key_text(k) for k in b.by_key if k not in a.by_key})
    compared = 0
    first = None
    for i, key in enumerate(a.keys):
        if key not in b.by_key:
            continue  # never in B: only_in_a says so, the walk skips it
        compared += 1
        k = a.occurrence[i]
        twins = b.by_key[key]
        ta = a.traces[i]
        if k >= len(twins):
            first = {"kind": "missing", "a": a.side(i), "b": None, "max_abs_diff": None,
                     "occurrence": k, "detail": {"op_type_a": ta.op_type, "occurrences_in_b": len(twins)}}
            break
        j = twins[k]
        tb = b.traces[j]
        if ta.tensor_debug_mode != tb.tensor_debug_mode:
            raise Uncovered(f"twins in different modes: A trace {i} {MODES.Name(ta.tensor_debug_mode)}, "
                            f"B trace {j} {MODES.Name(tb.tensor_debug_mode)}")
        mode = ta.tensor_debug_mode
        detail = {"op_type_a": ta.op_type, "op_type_b": tb.op_type}
        if mode == MODES.FULL_TENSOR:
            va, vb = a.value(i), b.value(j)
            kind, largest = compare_tensors(va, vb, rtol, atol)
            detail.update(dtype_a=va.dtype.name, dtype_b=vb.dtype.name, shape_a=list(va.shape),
                          shape_b=list(vb.shape), values_a=shown(va), values_b=shown(vb))
        elif mode in HEALTH_MODES:
            kind, largest = compare_health(mode, ta.debug_tensor_value, tb.debug_tensor_value)
            detail.update(summary_a=[number(x) for x in ta.debug_tensor_value or []],
                          summary_b=[number(x) for x in tb.debug_tensor_value or []])
        else:
            raise Uncovered(f"A trace {i} ({ta.op_name}) is in {MODES.Name(mode)}, "
                            "which the rules do not compare")
        if kind is not None:
            first = {"kind": kind, "a": a.side(i), "b": b.side(j),
                     # Largest difference of finite pairs; null when none differs, and for the
                     # kinds that compare no elements.
                     "max_abs_diff": largest if kind in ("values", "health") and largest > 0 else None,
                     "occurrence": k, "detail": detail}
            break
    if first is None:
        compared = sum(key in b.by_key for key in a.keys)
    return {"first_divergence": first, "only_in_a": only_a, "only_in_b": only_b,
            "compared_traces": compared, "num_traces_a": len(a.traces), "num_traces_b": len(b.traces),
            "modes_a": sorted({MODES.Name(t.tensor_debug_mode) for t in a.traces})}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("run_a")
    parser.add_argument("run_b")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("--atol", type=float, default=1e-8)
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    try:
        result = answers(args.run_a, args.run_b, args.rtol, args.atol)
    except Uncovered as e:
        result = {"uncovered": str(e)}
    answer_file.write(result, args.output)


if __name__ == "__main__":
    main()
