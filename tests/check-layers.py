#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The folders' includes run one way only, as HACKING.md draws them, and the reader's core
links neither libssh nor zstd.

usage: check-layers.py SOURCE_ROOT [CORE_LIBRARY]

Every #include "…" of app/, ui/ and data/ (its subfolders too) is found where the build finds
it (beside the including file, else in the folder that holds a header of that name) and
counted as an arrow from folder to folder. An arrow missing from ALLOWED is a failure, and so is
a circle. CORE_LIBRARY (data/libtdbg-data.a) must not use any libssh or zstd symbol. A
self-test first checks that a backwards include in a scratch tree is caught. TAP output."""

import os
import re
import subprocess
import sys
import tempfile

FOLDERS = ['proto', 'data', 'data/analysis', 'data/remote', 'data/fixtures', 'data/graph', 'data/watch', 'data/compare', 'data/v1', 'ui', 'app']
# Each folder and the folders it may include from (its own included); see HACKING.md.
ALLOWED = {
    'proto': set(),
    'data': {'proto'},
    'data/v1': {'data', 'proto'},
    'data/analysis': {'data/v1', 'data', 'proto'},
    'data/remote': {'data/v1', 'data', 'proto'},
    'data/fixtures': {'data', 'proto'},
    'data/graph': {'data/analysis', 'data', 'proto'},
    'data/watch': {'data/analysis', 'data', 'proto'},
    'data/compare': {'data/graph', 'data/analysis', 'data', 'proto'},
    'ui': {'data/graph', 'data/analysis', 'data', 'proto'},
    'app': {'ui', 'data/graph', 'data/fixtures', 'data/remote', 'data/watch', 'data/compare', 'data/v1', 'data/analysis', 'data', 'proto'},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
REMOTE_SYMBOL = re.compile(r'^(ssh_|sftp_|ZSTD_)')


def folder_files(root):
    """{folder: [paths]} of the C files of each folder (not its subfolders)."""
    files = {}
    for folder in FOLDERS:
        path = os.path.join(root, folder)
        names = sorted(os.listdir(path)) if os.path.isdir(path) else []
        files[folder] = [os.path.join(path, n) for n in names if n.endswith(('.c', '.h', '.proto'))]
    return files


def arrows(root):
    """{(from, to): [(file, header)]} over every include between two folders."""
    files = folder_files(root)
    owner = {}
    for folder, paths in files.items():
        for path in paths:
            name = os.path.basename(path)
            owner.setdefault(name, folder)
            if name.endswith('.proto'):  # protoc-c makes <name>.pb-c.h of it
                owner.setdefault(name[:-len('.proto')] + '.pb-c.h', folder)
    found = {}
    for folder, paths in files.items():
        for path in paths:
            if path.endswith('.proto'):
                continue
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for header in INCLUDE.findall(text):
                if os.path.exists(os.path.join(os.path.dirname(path), header)):
                    target = os.path.relpath(os.path.dirname(os.path.normpath(
                        os.path.join(os.path.dirname(path), header))), root)
                elif header.split('/')[0] in ('data', 'ui', 'app', 'proto') and \
                        os.path.exists(os.path.join(root, header)):
                    target = os.path.relpath(os.path.dirname(os.path.join(root, header)), root)
                else:
                    target = owner.get(os.path.basename(header))
                if target is None or target == folder:
                    continue
                found.setdefault((folder, target), []).append((os.path.relpath(path, root), header))
    return found


def circles(edges):
    """The folders that sit on a circle of arrows."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    on_circle = set()
    for start in graph:
        stack, seen = [start], set()
        while stack:
            node = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    on_circle.add(start)
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return on_circle


def backwards(found):
    return sorted((a, b) for a, b in found if b not in ALLOWED.get(a, set()))


def self_test():
    """A core file that includes a remote header, in a scratch tree, is caught."""
    with tempfile.TemporaryDirectory() as root:
        for folder in ('data', 'data/remote'):
            os.makedirs(os.path.join(root, folder))
        with open(os.path.join(root, 'data/remote/tdbg-ssh-source.h'), 'w') as f:
            f.write('#include "tdbg-source.h"\n')
        with open(os.path.join(root, 'data/tdbg-source.h'), 'w') as f:
            f.write('#pragma once\n')
        with open(os.path.join(root, 'data/tdbg-location.c'), 'w') as f:
            f.write('#include "tdbg-ssh-source.h"\n#include "remote/tdbg-ssh-source.h"\n')
        found = arrows(root)
        return backwards(found) == [('data', 'data/remote')] and len(found[('data', 'data/remote')]) == 2 \
            and circles(found) == {'data', 'data/remote'}


def main():
    root = sys.argv[1]
    library = sys.argv[2] if len(sys.argv) > 2 else None
    results = []

    results.append((self_test(), 'a backwards include in a scratch tree is found'))
    found = arrows(root)
    for a, b in sorted(found):
        print('# %s -> %s (%d includes)' % (a, b, len(found[(a, b)])))
    bad = backwards(found)
    for a, b in bad:
        for path, header in found[(a, b)]:
            print('# %s includes "%s" (%s): %s may not include from %s' % (path, header, b, a, b))
    results.append((not bad, 'every include between folders runs one way (HACKING.md)'))
    looped = circles(found)
    if looped:
        print('# folders on a circle: ' + ', '.join(sorted(looped)))
    results.append((not looped, 'no circle between folders'))
    results.append((('data', 'data/remote') not in found and ('data', 'data/analysis') not in found,
                    'the core includes no header of data/remote/ or data/analysis/'))
    if library:
        out = subprocess.run(['nm', '-u', '--format=just-symbols', library], capture_output=True, text=True,
                             check=True).stdout.split()
        remote = sorted(set(s for s in out if REMOTE_SYMBOL.match(s)))
        if remote:
            print('# %s uses %s' % (library, ', '.join(remote[:10])))
        results.append((len(out) > 0 and not remote, 'the core library uses no libssh or zstd symbol'))

    print('1..%d' % len(results))
    for i, (ok, what) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, what))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
