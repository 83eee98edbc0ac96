# SPDX-License-Identifier: GPL-3.0-or-later
"""TAP for the checks written in Python: each check kept as it is made, all printed at the end,
the exit status 1 when any failed (a failure's detail as comment lines); and the arguments the
real-TensorFlow checks share."""
import sys

SKIP = 77

results = []


def arguments(usage):
    """PYTHON TFDBG_GTK WORKDIR from the command line; without a Python that has TensorFlow,
    says so and exits 77 (meson counts the test as skipped, never as passed)."""
    if len(sys.argv) != 4:
        sys.exit(usage)
    python, cli, work = sys.argv[1:4]
    if not python:
        print("1..0 # SKIP no Python with TensorFlow: configure with -Dreal_tf_python=PATH")
        sys.exit(SKIP)
    return python, cli, work


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def finish():
    print(f"1..{len(results)}")
    for i, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok and detail:
            print("# " + str(detail).replace("\n", "\n# "))
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)
