#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts test cases: TAP 'ok'/'not ok' lines of every program in meson testlog.json files
(a program that crashed or timed out outside a failing case counts as one failure), plus
'ok …'/'not ok …'/'skip …' lines of --extra files. Names each failure (its log, its test, the
case and the program's last words), then prints 'N passed, N failed' last."""
import argparse
import json
import re

parser = argparse.ArgumentParser()
parser.add_argument("testlogs", nargs="*", default=["build/meson-logs/testlog.json"])
parser.add_argument("--extra", action="append", default=[])
args = parser.parse_args()

passed = failed = skipped = 0
failures = []


def last_words(t):
    """The line a failing program ended on: GLib's "Bail out!", else the last of stderr."""
    out = t.get("stdout") or ""
    bail = re.findall(r"^Bail out!.*$", out, re.M)
    if bail:
        return bail[-1]
    err = [l for l in (t.get("stderr") or "").splitlines()
           if l.strip() and not l.startswith(("(test program exited", "TAP parsing error"))]
    return err[-1] if err else t["result"]


for path in args.testlogs:
    try:
        lines = open(path).readlines()
    except OSError:
        print(f"not ok - {path} missing")
        failed += 1
        continue
    for line in lines:
        t = json.loads(line)
        out = t.get("stdout") or ""
        # GLib numbers its cases, but not the one it bails out on ("not ok /path - ERROR…").
        cases = list(re.finditer(r"^(ok|not ok)(?: \d+)?( [^\n]*|$)", out, re.M))
        if cases:
            for m in cases:
                if "# SKIP" in m.group(2):
                    skipped += 1
                elif m.group(1) == "ok":
                    passed += 1
                else:
                    failed += 1
                    failures.append(f"{path}: {t['name']}: not ok{m.group(2)}")
            if t["result"] not in ("OK", "EXPECTEDFAIL", "SKIP") and not re.search(r"^not ok", out, re.M):
                failed += 1
                failures.append(f"{path}: {t['name']}: {t['result']}: {last_words(t)}")
        elif t["result"] in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif t["result"] == "SKIP":
            skipped += 1
        else:
            failed += 1
            failures.append(f"{path}: {t['name']}: {t['result']}: {last_words(t)}")
for path in args.extra:
    for line in open(path):
        if line.startswith("ok"):
            passed += 1
        elif line.startswith("not ok"):
            failed += 1
            failures.append(f"{path}: {line.strip()}")
        elif line.startswith("skip"):
            skipped += 1
for failure in failures:
    print(f"failed: {failure[:400]}")
print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
