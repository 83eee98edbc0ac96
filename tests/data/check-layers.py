#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The folders' includes run one way only, as HACKING.md draws them; a folder's private
headers stay in it; each library links only what it uses; the reader's core links neither
libssh nor zstd, and nothing of data/ or cli/ includes GTK.

usage: check-layers.py SOURCE_ROOT [CORE_LIBRARY]

Every #include "…" of app/, cli/, ui/ and data/ (its subfolders too) is found where the build
finds it (beside the including file, else in the folder that holds a header of that name) and
counted as an arrow from folder to folder. An arrow missing from ALLOWED is a failure, and so
is a circle, and so is an include of another folder's *-private.h, and so is an include of any
header of another folder but its public one (PUBLIC: libtdbg-<name>.h, which includes what the
folder offers). A dependency a folder's
meson.build names is a library it links: another folder's (FOLDER_DEPS), which it must include
a header of, or a system library's (LIBRARY_CALLS), which its sources must call. CORE_LIBRARY
(data/libtdbg-data.a) must not use any libssh or zstd symbol. Self-tests first check that each
rule catches its fault in a scratch tree. TAP output."""

import os
import re
import subprocess
import sys
import tempfile

FOLDERS = ['proto', 'data', 'data/analysis', 'data/remote', 'data/storage', 'data/fixtures', 'data/graph',
           'data/watch', 'data/compare', 'data/v1', 'data/report', 'data/run', 'ui', 'cli', 'app']
# Each folder and the folders it may include from (its own included); see HACKING.md.
ALLOWED = {
    'proto': set(),
    'data': {'proto'},
    'data/v1': {'data', 'proto'},
    'data/analysis': {'data/v1', 'data', 'proto'},
    'data/remote': {'data/v1', 'data', 'proto'},
    'data/storage': {'data/v1', 'data', 'proto'},
    'data/fixtures': {'data', 'proto'},
    'data/graph': {'data/analysis', 'data', 'proto'},
    'data/watch': {'data/analysis', 'data', 'proto'},
    'data/compare': {'data/analysis', 'data', 'proto'},
    'data/report': {'data/analysis', 'data', 'proto'},
    'data/run': {'data/watch', 'data/analysis', 'data', 'proto'},
    'ui': {'data/graph', 'data/analysis', 'data', 'proto'},
    'cli': {'data/report', 'data/graph', 'data/remote', 'data/storage', 'data/watch', 'data/compare', 'data/v1', 'data/analysis', 'data',
            'proto'},
    'app': {'cli', 'ui', 'data/run', 'data/report', 'data/graph', 'data/fixtures', 'data/remote', 'data/storage',
            'data/watch', 'data/compare', 'data/v1',
            'data/analysis', 'data', 'proto'},
}
# Each folder's public header: the one header other folders may include.
PUBLIC = {'proto': 'libtdbg-proto.h', 'data': 'libtdbg-data.h', 'data/analysis': 'libtdbg-analysis.h',
          'data/remote': 'libtdbg-remote.h', 'data/storage': 'libtdbg-storage.h',
          'data/fixtures': 'libtdbg-fixtures.h', 'data/graph': 'libtdbg-graph.h', 'data/watch': 'libtdbg-watch.h',
          'data/compare': 'libtdbg-compare.h', 'data/v1': 'libtdbg-v1.h', 'data/report': 'libtdbg-report.h',
          'data/run': 'libtdbg-run.h', 'ui': 'libtdbg-ui.h', 'cli': 'libtdbg-cli.h', 'app': None}
# The folders that never include GTK (nor GDK, GtkSourceView, libadwaita).
NO_GTK = [f for f in FOLDERS if f == 'cli' or f == 'data' or f.startswith('data/')]
GTK_INCLUDE = re.compile(r'^\s*#\s*include\s+<(gtk/|gdk/|gsk/|gtksourceview/|adwaita\.h)', re.M)
# The meson dependency of each folder's library.
FOLDER_DEPS = {'proto_dep': 'proto', 'data_dep': 'data', 'v1_dep': 'data/v1', 'analysis_dep': 'data/analysis',
               'remote_dep': 'data/remote', 'storage_dep': 'data/storage', 'fixtures_dep': 'data/fixtures',
               'graph_export_dep': 'data/graph', 'watch_dep': 'data/watch', 'compare_dep': 'data/compare',
               'report_dep': 'data/report', 'run_dep': 'data/run', 'ui_dep': 'ui',
               'cli_dep': 'cli', 'app_dep': 'app'}
# A system library's dependency, and the calls that use it (the others, GLib's, are not checked);
# libcurl's are looked up by name (data/storage/tdbg-http.c loads it at the first request).
LIBRARY_CALLS = {
    'gvc_dep': r'\bgv[A-Z]\w*\s*\(',
    'cgraph_dep': r'\bag[a-z]\w*\s*\(',
    'libssh_dep': r'\b(ssh|sftp)_\w+\s*\(',
    'zstd_dep': r'\bZSTD_\w+\s*\(',
    'libcurl_dep': r'\bcurl_\w+\s*\(|"curl_\w+"',
    'libcrypto_dep': r'\b(EVP|PEM|BIO)_\w+\s*\(',
    'gtk_dep': r'\bgtk_\w+\s*\(',
    'gtksource_dep': r'\bgtk_source_\w+\s*\(',
    'adw_dep': r'\badw_\w+\s*\(',
    'cairo_dep': r'\bcairo_\w+\s*\(',
}
DEP_NAME = re.compile(r'\b(\w+_dep)\b')
DECLARED_DEP = re.compile(r'\b(\w+_dep)\s*=\s*declare_dependency\b')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
REMOTE_SYMBOL = re.compile(r'^(ssh_|sftp_|ZSTD_|curl_|EVP_|PEM_|BIO_)')


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
                elif header.split('/')[0] in ('data', 'ui', 'cli', 'app', 'proto') and \
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


def foreign_private(found):
    """[(file, header)] of every include of another folder's *-private.h."""
    return sorted((path, header) for pairs in found.values() for path, header in pairs
                  if os.path.basename(header).endswith('-private.h'))


def class_of(name):
    """The class a file is part of: its name without the extension and a -private suffix
    (tdbg-window-private.h is tdbg-window's; tdbg-window-load.c is a part of its own unless it
    includes only its class's private header, which makes the arrow one way)."""
    return re.sub(r'-private$', '', name.rsplit('.', 1)[0])


def class_circles(root):
    """[(folder, [classes])] of every circle of includes between the files of different classes
    inside one folder (one class's parts may include each other: its private header)."""
    found = []
    for folder, paths in folder_files(root).items():
        names = {os.path.basename(p) for p in paths}
        edges = set()
        for path in paths:
            if path.endswith('.proto'):
                continue
            mine = class_of(os.path.basename(path))
            for header in INCLUDE.findall(open(path, encoding='utf-8').read()):
                if header in names and class_of(header) != mine:
                    edges.add((mine, class_of(header)))
        looped = circles(edges)
        if looped:
            found.append((folder, sorted(looped)))
    return found


def not_public(found):
    """[(file, header)] of every include of a header of another folder that is not its public
    header (a folder without one, app/, offers none)."""
    return sorted((path, header) for (_, target), pairs in found.items() for path, header in pairs
                  if os.path.basename(header) != PUBLIC.get(target))


def gtk_includes(root):
    """The files of data/ and cli/ that include GTK."""
    files = folder_files(root)
    return [os.path.relpath(path, root) for folder in NO_GTK for path in files[folder]
            if GTK_INCLUDE.search(open(path, encoding='utf-8').read())]


WINDOW_PART = re.compile(r'^tdbg-window-[a-z-]+\.[ch]$')
OBJECT_DATA_ON_WINDOW = re.compile(r'g_object_(set|get)_data\w*\s*\(\s*G_OBJECT\s*\(\s*(self|window)\s*\)')


def window_part_faults(root):
    """The window's parts follow one convention: one private header for all of them (no
    app/tdbg-window-*.h but it and tdbg-window.h), and their state in the window's struct, not
    in object data on the window."""
    faults = []
    app = os.path.join(root, 'app')
    for name in sorted(os.listdir(app)) if os.path.isdir(app) else []:
        if not WINDOW_PART.match(name):
            continue
        if name.endswith('.h') and name != 'tdbg-window-private.h':
            faults.append('app/%s: a window part\'s own header (its entry points belong in tdbg-window-private.h)' % name)
        if name.endswith('.c') and OBJECT_DATA_ON_WINDOW.search(open(os.path.join(app, name), encoding='utf-8').read()):
            faults.append('app/%s: state kept as object data on the window (a field of its struct instead)' % name)
    return faults


def linked(root, folder):
    """The dependencies @folder's meson.build names (its library's and program's), but those
    it declares."""
    path = os.path.join(root, folder, 'meson.build')
    if not os.path.exists(path):
        return set()
    text = re.sub(r'#.*', '', open(path, encoding='utf-8').read())
    return set(DEP_NAME.findall(text)) - set(DECLARED_DEP.findall(text))


def unused_links(root, found):
    """[(folder, dependency)] of every library a folder links but does not use."""
    files = folder_files(root)
    unused = []
    for folder in FOLDERS:
        text = None
        for dep in sorted(linked(root, folder)):
            if dep in FOLDER_DEPS:
                used = FOLDER_DEPS[dep] == folder or (folder, FOLDER_DEPS[dep]) in found
            elif dep in LIBRARY_CALLS:
                if text is None:
                    text = ''.join(open(p, encoding='utf-8').read() for p in files[folder] if not p.endswith('.proto'))
                used = re.search(LIBRARY_CALLS[dep], text) is not None
            else:
                continue
            if not used:
                unused.append((folder, dep))
    return sorted(unused)


def scratch(root, files):
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
        with open(os.path.join(root, name), 'w') as f:
            f.write(text)


def self_test_rules():
    """In a scratch tree: a private header of data/ included by data/remote/, a library named in
    data/compare/'s meson.build that nothing there includes, Graphviz linked and never called,
    and GTK included in cli/; and none of these when they are not so."""
    with tempfile.TemporaryDirectory() as root:
        scratch(root, {
            'data/tdbg-logdir-private.h': '#pragma once\n',
            'data/tdbg-logdir.h': '#pragma once\n',
            'data/analysis/tdbg-neighbourhood.h': '#include "tdbg-logdir.h"\n',
            'data/graph/tdbg-graph-export.h': '#include "tdbg-neighbourhood.h"\n',
            'data/graph/tdbg-graph-export.c': '#include <gvc.h>\n#include "tdbg-graph-export.h"\nvoid f (void) { agclose (g); }\n',
            'data/graph/meson.build': "graph_export_dep = declare_dependency(dependencies: [analysis_dep, gvc_dep, cgraph_dep])\n",
            'data/libtdbg-data.h': '#include "tdbg-logdir.h"\n',
            'data/analysis/libtdbg-analysis.h': '#include "tdbg-neighbourhood.h"\n',
            'data/remote/tdbg-serve.c': '#include "tdbg-logdir-private.h"\n#include "tdbg-remote-private.h"\n'
                                        '#include "libtdbg-data.h"\n',
            'data/remote/tdbg-remote-private.h': '#pragma once\n',
            'data/compare/tdbg-compare.c': '#include "tdbg-neighbourhood.h"\n',
            'data/compare/meson.build': "# analysis_dep only?\nlib = static_library('c', dependencies: [graph_export_dep, analysis_dep])\n",
            'cli/tdbg-cli.c': '#include <gtk/gtk.h>\n',
            'app/tdbg-window.c': '#include <gtk/gtk.h>\n',
            'app/tdbg-window-private.h': '#pragma once\n',
            'app/tdbg-window-history.h': '#pragma once\n',
            'app/tdbg-window-load.c': 'void g (GtkWidget *row) { g_object_set_data (G_OBJECT (row), "location", l); }\n',
            'app/tdbg-window-private.h': '#include "tdbg-start-page.h"\n',
            'app/tdbg-start-page.c': '#include "tdbg-application.h"\n',
            'app/tdbg-application.c': '#include "tdbg-window-private.h"\n',
            'app/tdbg-application.h': '#pragma once\n',
            'app/tdbg-start-page.h': '#pragma once\n',
            'app/tdbg-window-history.c': '#include "tdbg-window-private.h"\n' +
                'void f (TdbgWindow *self) { g_object_set_data_full (G_OBJECT (self), "h", h, g_free); }\n',
        })
        found = arrows(root)
        return foreign_private(found) == [('data/remote/tdbg-serve.c', 'tdbg-logdir-private.h')] and \
            not_public(found) == [('data/analysis/tdbg-neighbourhood.h', 'tdbg-logdir.h'),
                                  ('data/compare/tdbg-compare.c', 'tdbg-neighbourhood.h'),
                                  ('data/graph/tdbg-graph-export.h', 'tdbg-neighbourhood.h'),
                                  ('data/remote/tdbg-serve.c', 'tdbg-logdir-private.h')] and \
            unused_links(root, found) == [('data/compare', 'graph_export_dep'), ('data/graph', 'gvc_dep')] and \
            gtk_includes(root) == ['cli/tdbg-cli.c'] and \
            [f.split(':')[0] for f in window_part_faults(root)] == ['app/tdbg-window-history.c', 'app/tdbg-window-history.h'] and \
            class_circles(root) == [('app', ['tdbg-application', 'tdbg-start-page', 'tdbg-window'])]


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
    results.append((self_test_rules(), "another folder's private header, a header that is not public, a circle of classes, an unused library, GTK in cli/ and a window "
                    "part's own header and object data are found in a scratch tree"))
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
    private = foreign_private(found)
    for path, header in private:
        print('# %s includes "%s", another folder\'s private header' % (path, header))
    results.append((not private, "no folder includes another folder's *-private.h"))
    hidden = not_public(found)
    for path, header in hidden:
        print('# %s includes "%s", not its folder\'s public header' % (path, header))
    results.append((not hidden, "another folder's headers are reached through its public header alone"))
    unused = unused_links(root, found)
    for folder, dep in unused:
        print('# %s/meson.build links %s, which nothing in %s/ uses' % (folder, dep, folder))
    results.append((not unused, 'each library links only what it uses'))
    classes = class_circles(root)
    for folder, looped in classes:
        print('# %s/: a circle of includes between %s' % (folder, ', '.join(looped)))
    results.append((not classes, 'no circle of includes between the files of different classes inside a folder'))
    parts = window_part_faults(root)
    for fault in parts:
        print('# ' + fault)
    results.append((not parts, "the window's parts share one private header and keep their state in its struct"))
    gtk = gtk_includes(root)
    for path in gtk:
        print('# %s includes GTK' % path)
    results.append((not gtk, 'nothing in data/ or cli/ includes GTK'))
    results.append((('data', 'data/remote') not in found and ('data', 'data/storage') not in found and
                    ('data', 'data/analysis') not in found,
                    'the core includes no header of data/remote/, data/storage/ or data/analysis/'))
    if library:
        out = subprocess.run(['nm', '-u', '--format=just-symbols', library], capture_output=True, text=True,
                             check=True).stdout.split()
        remote = sorted(set(s for s in out if REMOTE_SYMBOL.match(s)))
        if remote:
            print('# %s uses %s' % (library, ', '.join(remote[:10])))
        results.append((len(out) > 0 and not remote, 'the core library uses no libssh, zstd, libcurl or libcrypto symbol'))

    print('1..%d' % len(results))
    for i, (ok, what) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, what))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
