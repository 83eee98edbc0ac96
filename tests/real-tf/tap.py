# SPDX-License-Identifier: GPL-3.0-or-later
"""TAP for the real-TensorFlow checks: each check kept as it is made, all printed at the end,
the exit status 1 when any failed (a failure's detail as comment lines)."""
import sys

results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def finish():
    print(f"1..{len(results)}")
    for i, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok and detail:
            print("# " + str(detail).replace("\n", "\n# "))
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)
