#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a script can trust of the command line: mistakes fail with usage, ambiguity fails.

usage: check-cli-usage.py TFDBG_GTK LOGDIRS_ROOT OUTDIR

An unknown command (`tfdbg-gtk compare A B`) or option exits 2 with the usage on stderr, and opens
no window (it runs without a display: a window would fail otherwise); a command's unknown option
shows that command's usage, and `--compare` without exactly two logdirs fails the same way. A graph name that several graphs share (`dense` in tutorial_mnist,
four times per EXPECTED.json) fails for export-graph and ops, listing each id with its outer
graphs, and writes no file; a name only one graph has, or an id, is taken. TAP.
"""

import json
import os
import subprocess
import sys

results = []


def report(name, problems):
    results.append((name, problems))


def run(program, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.run([program, *args], capture_output=True, text=True, timeout=120, env=env,
                          stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout, proc.stderr


def expect_usage(program, args, needles):
    status, out, err = run(program, *args)
    problems = []
    if status != 2:
        problems.append(f"exited {status}, expected 2 (stderr: {err.strip()[:300]!r})")
    for needle in needles:
        if needle not in err:
            problems.append(f"stderr lacks {needle!r}: {err.strip()[:300]!r}")
    if out:
        problems.append(f"printed on stdout: {out[:200]!r}")
    return problems


def several_events(program, logdir, command):
    """`trace`/`execution` LOGDIR I J K: a JSON array of what each index prints alone, the texts
    apart by a blank line; an index past the end fails the whole call, naming it."""
    problems = []
    alone = []
    for index in ("2", "0", "1"):
        status, out, err = run(program, command, "--json", logdir, index)
        if status != 0:
            return [f"{command} {index} exited {status}: {err.strip()[:200]!r}"]
        alone.append(json.loads(out))
    status, out, err = run(program, command, "--json", logdir, "2", "0", "1")
    if status != 0 or json.loads(out) != alone:
        problems.append(f"{command} --json 2 0 1 exited {status}, not the three alone in order: {out[:200]!r}")
    texts = [run(program, command, logdir, index)[1] for index in ("2", "0")]
    status, out, err = run(program, command, logdir, "2", "0")
    if status != 0 or out != texts[0] + "\n" + texts[1]:
        problems.append(f"{command} 2 0 exited {status}, not the two texts apart by a blank line")
    status, out, err = run(program, command, "--json", logdir, "0", "999999999")
    if status != 2 or "999999999" not in err or out:
        problems.append(f"{command} --json 0 999999999 exited {status} (stderr {err.strip()[:200]!r}), expected 2 naming the index and nothing on stdout")
    return problems


def main(argv):
    program, root, outdir = argv[1], argv[2], argv[3]
    os.makedirs(outdir, exist_ok=True)
    mnist = os.path.join(root, "tutorial_mnist", "logdir")
    modes = os.path.join(root, "modes", "FULL_HEALTH")
    with open(os.path.join(root, "tutorial_mnist", "EXPECTED.json"), encoding="utf-8") as f:
        graphs = json.load(f)["logdirs"]["logdir"]["graphs"]
    by_id = {g["graph_id"]: g for g in graphs}

    report("an unknown command fails with usage",
           expect_usage(program, ["compare", mnist, modes], ["“compare”", "Usage:", "inspect", "export-graph", "diff"]))
    report("an unknown command alone fails with usage", expect_usage(program, ["inpsect"], ["“inpsect”", "Usage:"]))
    report("an unknown option fails with usage",
           expect_usage(program, ["--frobnicate", mnist], ["--frobnicate", "Usage:"]))
    report("an option after a logdir is checked too",
           expect_usage(program, [mnist, "--frobnicate"], ["--frobnicate", "Usage:"]))
    report("a command's unknown option shows its usage",
           expect_usage(program, ["inspect", "--bogus", mnist], ["--bogus", "inspect [OPTION…] LOGDIR", "--json"]))
    # --compare takes exactly two logdirs, and opens no window otherwise.
    report("--compare with one logdir fails with usage",
           expect_usage(program, ["--compare", mnist], ["--compare", "(1 given)", "Usage:", "RUN_A RUN_B"]))
    report("--compare with three logdirs fails with usage",
           expect_usage(program, ["--compare", mnist, modes, mnist], ["--compare", "(3 given)", "Usage:"]))
    report("--compare alone fails with usage", expect_usage(program, ["--compare"], ["(0 given)", "Usage:"]))
    report("a logdir before --compare counts as one of its two",
           expect_usage(program, [mnist, "--compare", modes, mnist], ["(3 given)", "Usage:"]))
    status, out, err = run(program, "help")
    report("help lists every command on stdout",
           [] if status == 0 and all(c in out for c in ("inspect", "alerts", "explain", "trace", "execution",
                                                       "ops", "tensor", "export-graph"))
           else [f"help exited {status}: {out[:300]!r} {err[:200]!r}"])

    # A name several graphs share.
    dense = [g for g in graphs if g["graph_name"] == "dense"]
    lines = []
    for g in dense:
        chain, outer = ["dense"], g["outer_context_id"]
        while outer:
            chain.insert(0, by_id[outer]["graph_name"])
            outer = by_id[outer]["outer_context_id"]
        lines.append((g["graph_id"], " › ".join(chain), g["outer_context_id"]))
    picture = os.path.join(outdir, "dense.svg")
    if os.path.exists(picture):
        os.remove(picture)
    for command, args in (("export-graph", ["export-graph", mnist, "--graph", "dense", "-o", picture]),
                          ("ops", ["ops", "--graph", "dense", mnist])):
        problems = [] if len(dense) > 1 else [f"EXPECTED.json has {len(dense)} graphs named dense, not several"]
        status, out, err = run(program, *args)
        if status != 2:
            problems.append(f"exited {status}, expected 2")
        if f"“dense” names {len(dense)} graphs" not in err:
            problems.append(f"stderr does not say that {len(dense)} graphs are named dense: {err.strip()[:300]!r}")
        for graph_id, chain, outer in lines:
            line = next((l for l in err.splitlines() if graph_id in l), None)
            if line is None:
                problems.append(f"stderr does not list {graph_id}")
            elif chain not in line or outer not in line:
                problems.append(f"the line of {graph_id} lacks its chain {chain!r} or outer id {outer}: {line!r}")
        if command == "export-graph" and os.path.exists(picture):
            problems.append(f"{picture} was written")
        if command == "ops" and out:
            problems.append(f"ops printed {out[:200]!r}")
        report(f"{command}: a name of {len(dense)} graphs fails and lists them", problems)

    # A name only one graph has, and an id of a shared name.
    unique = next(g for g in graphs if sum(h["graph_name"] == g["graph_name"] for h in graphs) == 1)
    status, out, err = run(program, "ops", "--json", "--graph", unique["graph_name"], mnist)
    ops = json.loads(out)["ops"] if status == 0 else []
    report(f"ops --graph {unique['graph_name']} (one graph of that name)",
           [] if status == 0 and len(ops) == unique["num_ops"] and all(o["graph_id"] == unique["graph_id"] for o in ops)
           else [f"exited {status}, {len(ops)} ops, expected {unique['num_ops']} of {unique['graph_id']}: {err[:200]!r}"])
    status, out, err = run(program, "export-graph", mnist, "--graph", dense[0]["graph_id"], "-o", picture)
    report("export-graph --graph ID of a shared name",
           [] if status == 0 and os.path.getsize(picture) > 0 else [f"exited {status}: {err.strip()[:300]!r}"])

    for command in ("trace", "execution"):
        report(f"{command} of several indices: each as alone, in order, one load", several_events(program, mnist, command))
    print(f"1..{len(results)}")
    failed = 0
    for i, (name, problems) in enumerate(results, 1):
        failed += bool(problems)
        print(f"{'not ok' if problems else 'ok'} {i} - {name}")
        for p in problems:
            print(f"# {p}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
