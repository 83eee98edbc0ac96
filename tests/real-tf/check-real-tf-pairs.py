#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tfdbg-gtk diff` on pairs of runs written by real TensorFlow: each pair is one scenario
program (scenarios/pair_*.py) run twice into two logdirs, with a command-line switch that makes
run B differ (or, for the control pair, without one). Where they first part is worked out by
pair-answers.py from TensorFlow's own reader and the rules of the shared pairs' README; `diff
--json` must give the same first divergence (kind, both sides' trace index, op name, slot and
graph name, max_abs_diff within 1e-6 relative), only_in_a, only_in_b and compared_traces, and
exit 1 when the runs differ, 0 for the control pair. Each run is written once per TensorFlow
version and program (WORKDIR/<pair>/<run>/.done holds both, as write-logdirs.py keeps its
logdirs). What each pair showed is printed as TAP comments.

Nothing here names the op expected first: TensorFlow records a function's ops in the order its
inter-op threads ran them, which changes from one writing to the next (run B's index of the
same MatMul has been 5, 45 and 70), so the answer is worked out again from the files each time.

  check-real-tf-pairs.py PYTHON TFDBG_GTK WORKDIR   (TAP on stdout)
"""
import concurrent.futures
import hashlib
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import time

import tf_fork

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from tap import SKIP, arguments, check, finish  # noqa: E402 (tests/common/tap.py)

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "scenarios")
JIT_FAILED = 3  # pair_jit.py's status when TensorFlow cannot compile the instrumented function
RUN_TIMEOUT = 600

_spec = importlib.util.spec_from_file_location("write_logdirs", os.path.join(HERE, "write-logdirs.py"))
write_logdirs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(write_logdirs)

# name -> program, run A's and run B's arguments, whether the two runs are meant to differ.
# A control pair runs the same program with the same arguments twice: anything diff finds
# there is a difference two processes make, which the pairing rules exist to ignore.
PAIRS = {
    "mixed_precision": ("pair_mixed_precision.py", [], ["--mixed"], True),
    # Keras's fit() twice in float32: what the mixed-precision pair finds is the policy's doing,
    # not an order of traces that changes from run to run.
    "float32_same": ("pair_mixed_precision.py", [], [], False),
    "jit": ("pair_jit.py", [], ["--jit"], True),
    "epsilon": ("pair_epsilon.py", ["--epsilon", "1e-6"], ["--epsilon", "0"], True),
    "epsilon_same": ("pair_epsilon.py", ["--epsilon", "1e-6"], ["--epsilon", "1e-6"], False),
}
# The README's keys of a trace's side of the first divergence.
SIDE_KEYS = ("graph_execution_trace_index", "op_name", "output_slot", "graph_name")


def quiet_env():
    return {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "LC_ALL": "C.UTF-8", "LANGUAGE": ""}


def write_run(python, version, logdir, program, extra):
    """Runs one side of a pair unless the same TensorFlow version already wrote it from the
    same program and arguments. Returns (exit status, stdout, seconds or None when kept)."""
    digest = hashlib.sha256(repr(extra).encode())
    for part in (program, "scenario.py"):
        with open(os.path.join(SCENARIOS, part), "rb") as f:
            digest.update(f.read())
    stamp = f"{version} {digest.hexdigest()[:16]}"
    done = os.path.join(logdir, ".done")
    log = logdir + ".log"
    if os.path.exists(done) and os.path.exists(log):
        kept = open(done).read().split()
        if kept[:2] == stamp.split():
            return int(kept[2]), open(log).read(), None
    shutil.rmtree(logdir, ignore_errors=True)
    os.makedirs(logdir)
    start = time.monotonic()
    proc = tf_fork.run(python, [os.path.join(SCENARIOS, program), logdir, *extra], cwd=SCENARIOS,
                       timeout=RUN_TIMEOUT, nice=10)
    status, out, err = proc.returncode, proc.stdout, proc.stderr
    seconds = time.monotonic() - start
    with open(log, "w") as f:
        f.write(out)
    with open(logdir + ".stderr", "w") as f:
        f.write(err if isinstance(err, str) else err.decode(errors="replace"))
    if isinstance(status, int):
        with open(done, "w") as f:
            f.write(f"{stamp} {status}\n")
    return status, out, seconds


def timed(argv):
    start = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, env=quiet_env())
    return proc, time.monotonic() - start


def close_or_both_null(x, y):
    if x is None or y is None:
        return x is None and y is None
    return math.isclose(x, y, rel_tol=1e-6, abs_tol=0)


def describe(first):
    if first is None:
        return "nothing diverges"
    a, b = first["a"], first["b"]
    text = (f"{first['kind']} at A trace {a['graph_execution_trace_index']} "
            f"{a['graph_name']}/{a['op_name']}:{a['output_slot']}")
    if b:
        text += f" = B trace {b['graph_execution_trace_index']} in {b['graph_name']}"
    return text + f", max_abs_diff {first['max_abs_diff']}, occurrence {first.get('occurrence')}"


def compare_pair(name, oracle, diff, status, meant_to_differ):
    expected_first = oracle["first_divergence"]
    first = diff.get("first_divergence")
    differs = expected_first is not None or bool(oracle["only_in_a"] or oracle["only_in_b"])
    check(f"{name}: the pair {'differs' if meant_to_differ else 'is the same'} as its program means "
          "(TensorFlow's reader)", differs == meant_to_differ, json.dumps(oracle)[:2000])
    check(f"{name}: diff exits {1 if differs else 0}", status == (1 if differs else 0),
          f"exit status {status}")
    check(f"{name}: first_divergence kind", (first or {}).get("kind") == (expected_first or {}).get("kind"),
          f"diff: {first}\nreader: {expected_first}")
    for side in ("a", "b"):
        want = (expected_first or {}).get(side)
        got = (first or {}).get(side)
        got = None if got is None else {k: got.get(k) for k in SIDE_KEYS}
        check(f"{name}: first_divergence.{side} (trace index, op name, slot, graph)", got == want,
              f"diff: {got}\nreader: {want}")
    if expected_first is not None:
        check(f"{name}: first_divergence.a op type", (first or {}).get("a", {}).get("op_type") ==
              expected_first["detail"]["op_type_a"], f"diff: {first}")
    check(f"{name}: max_abs_diff (within 1e-6 relative)",
          close_or_both_null((first or {}).get("max_abs_diff"), (expected_first or {}).get("max_abs_diff")),
          f"diff: {(first or {}).get('max_abs_diff')}, reader: {(expected_first or {}).get('max_abs_diff')}")
    for key in ("only_in_a", "only_in_b", "compared_traces"):
        check(f"{name}: {key}", diff.get(key) == oracle[key], f"diff: {diff.get(key)}\nreader: {oracle[key]}")


def main():
    python, cli, work = arguments(__doc__)
    version = write_logdirs.tf_version(python)
    if version is None:
        print(f"1..0 # SKIP {python} cannot import tensorflow")
        sys.exit(SKIP)
    print(f"# TensorFlow {version}")
    os.makedirs(work, exist_ok=True)

    # Every run of every pair, two at a time (the machine's two cores).
    jobs = [(name, side, program, extra) for name, (program, a, b, _) in PAIRS.items()
            for side, extra in (("run_a", a), ("run_b", b))]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        runs = dict(zip([(n, s) for n, s, _, _ in jobs], pool.map(
            lambda j: write_run(python, version, os.path.join(work, j[0], j[1]), j[2], j[3]), jobs)))
    for (name, side), (status, _, seconds) in runs.items():
        print(f"# {name}/{side}: exit status {status}, " +
              ("kept from an earlier run" if seconds is None else f"written in {seconds:.1f} s"))

    for name, (program, args_a, args_b, meant_to_differ) in PAIRS.items():
        run_a, run_b = (os.path.join(work, name, side) for side in ("run_a", "run_b"))
        status_a, out_a, _ = runs[(name, "run_a")]
        status_b, out_b, _ = runs[(name, "run_b")]
        check(f"{name}: run A ({program} {' '.join(args_a)}) ran to its end", status_a == 0,
              f"exit status {status_a}; see {run_a}.stderr")
        if program == "pair_jit.py":
            # TensorFlow 2.21 has no XLA kernel for the debugger's ops: the compiled run stops at
            # its first call. The program must say so (exit status JIT_FAILED and the error);
            # should a later TensorFlow compile it, the pair is compared as the others are.
            failed = [l for l in out_b.splitlines() if l.startswith("jit_compile failed:")]
            check(f"{name}: run B (--jit) either ran or reported TensorFlow's refusal to compile it",
                  status_b == 0 or (status_b == JIT_FAILED and failed), f"exit status {status_b}: {out_b}")
            if status_b == JIT_FAILED:
                check(f"{name}: the refusal names the debugger's op and XLA",
                      failed and "DebugIdentityV2" in failed[0] and "XLA" in failed[0], failed)
                print(f"# {name}: TensorFlow {version} under jit_compile=True: "
                      f"{failed[0] if failed else out_b.strip()}")
        else:
            check(f"{name}: run B ({program} {' '.join(args_b)}) ran to its end", status_b == 0,
                  f"exit status {status_b}; see {run_b}.stderr")

        proc, oracle_seconds = timed(["nice", python, os.path.join(HERE, "pair-answers.py"), run_a, run_b])
        try:
            oracle = json.loads(proc.stdout)
        except ValueError:
            check(f"{name}: TensorFlow's reader reads both runs", False, proc.stderr[-3000:])
            continue
        if "uncovered" in oracle:
            check(f"{name}: the pairs README's rules cover what TensorFlow wrote", False, oracle["uncovered"])
            continue
        proc, diff_seconds = timed([cli, "diff", "--json", run_a, run_b])
        try:
            diff = json.loads(proc.stdout)
        except ValueError:
            check(f"{name}: diff --json prints JSON", False, f"exit status {proc.returncode}: {proc.stderr}")
            continue
        compare_pair(name, oracle, diff, proc.returncode, meant_to_differ)

        first = oracle["first_divergence"]
        print(f"# {name}: {oracle['num_traces_a']} A traces, {oracle['num_traces_b']} B traces "
              f"({', '.join(oracle['modes_a'])}); reader: {describe(first)}; "
              f"{len(oracle['only_in_a'])} keys only in A, {len(oracle['only_in_b'])} only in B, "
              f"{oracle['compared_traces']} compared; diff in {diff_seconds:.2f} s, "
              f"the reader's answer in {oracle_seconds:.1f} s")
        if first is not None:
            print(f"# {name}: first divergence in detail: {json.dumps(first['detail'])}")
        if diff.get("first_execution_divergence") is not None:
            print(f"# {name}: diff's first execution divergence: "
                  f"{json.dumps(diff['first_execution_divergence'])}")

        if program == "pair_epsilon.py" and first is not None:
            # The program makes one batch constant; the Sqrt runs once a step, so the first
            # divergence is the occurrence of that step, and diff's diverging_step is it too.
            constant = [int(l.split()[-1]) for l in out_b.splitlines() if l.startswith("constant step ")]
            check(f"{name}: the first divergence is on the step whose batch is constant",
                  constant and first["occurrence"] == constant[0] == diff.get("diverging_step"),
                  f"program: {constant}, reader's occurrence {first['occurrence']}, "
                  f"diff's diverging_step {diff.get('diverging_step')}")
    finish()


if __name__ == "__main__":
    main()
