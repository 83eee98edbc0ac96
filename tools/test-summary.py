#!/usr/bin/env python3
"""Counts GLib/TAP test cases in meson's testlog.json: prints 'N passed, N failed'.
A program that crashed or timed out outside a failing case counts as one failure."""
import json
import re
import sys

passed = failed = skipped = 0
for line in open(sys.argv[1] if len(sys.argv) > 1 else "build/meson-logs/testlog.json"):
    t = json.loads(line)
    out = t.get("stdout") or ""
    cases = list(re.finditer(r"^(ok|not ok) \d+([^\n]*)", out, re.M))
    if cases:
        for m in cases:
            if "# SKIP" in m.group(2):
                skipped += 1
            elif m.group(1) == "ok":
                passed += 1
            else:
                failed += 1
        if t["result"] not in ("OK", "EXPECTEDFAIL", "SKIP") and not re.search(r"^not ok", out, re.M):
            failed += 1
    elif t["result"] in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif t["result"] == "SKIP":
        skipped += 1
    else:
        failed += 1
print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
