# SPDX-License-Identifier: GPL-3.0-or-later
"""What the check scripts share: the shared logdirs with their facts, and TAP output."""

import json
import os


def logdirs(root):
    """(label, path, facts) of every logdir named by every root/*/EXPECTED.json."""
    for corpus in sorted(os.listdir(root)):
        expected_path = os.path.join(root, corpus, "EXPECTED.json")
        if not os.path.exists(expected_path):
            continue
        expected = json.load(open(expected_path))
        for name, facts in expected.get("logdirs", {}).items():
            yield f"{corpus}/{name}", os.path.join(root, corpus, expected["layout"][name]), facts


def print_tap(results):
    """results: (name, ok, detail); returns the exit status."""
    print(f"1..{len(results)}")
    for n, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {n} - {name}")
        if not ok and detail:
            print(f"# {detail}")
    return 0 if results and all(ok for _, ok, _ in results) else 1


def main(check_logdir):
    """usage: SCRIPT TFDBG_GTK LOGDIRS_ROOT: @check_logdir(results, program, label, path, facts) for
    every shared logdir, then TAP. A missing LOGDIRS_ROOT is a failure."""
    import sys
    program, root = sys.argv[1], sys.argv[2]
    results = []
    if not os.path.isdir(root):
        print("1..1\nnot ok 1 - shared logdirs missing: " + root)
        return 1
    for label, path, facts in logdirs(root):
        check_logdir(results, program, label, path, facts)
    return print_tap(results)
