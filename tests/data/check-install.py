#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a scratch DESTDIR and checks that every file lands where GNOME looks
for it: program, desktop entry, AppStream metainfo, icons, settings schema and translations.
A headless build (GUI false) installs the program and its translations alone: no menu entry
for a program without a window. Prints TAP.
A split build (the default) installs the window's own program under LIBEXECDIR, which the
headless tfdbg-gtk runs for a window.
Usage: check-install.py BUILDDIR PREFIX BINDIR DATADIR LOCALEDIR APP_ID LINGUAS GUI WINDOW_PROGRAM
(WINDOW_PROGRAM: the window's program under the prefix, or "" where tfdbg-gtk is the window)"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
from tap import check, finish

builddir, prefix, bindir, datadir, localedir, app_id, linguas, gui, window_program = sys.argv[1:10]


def under(root, *parts):
    # DESTDIR + absolute prefix: join without losing the root.
    path = os.path.join(prefix, *parts)
    return os.path.join(root, path.lstrip("/"))


def expected_files(root, expected):
    for what, path in expected.items():
        check(what + " at " + os.path.relpath(path, root), os.path.isfile(path))
    check("program is executable", os.access(expected["program"], os.X_OK))


def main():
    root = tempfile.mkdtemp(prefix="tdbg-install-")
    try:
        run = subprocess.run(["meson", "install", "-C", builddir, "--no-rebuild", "--quiet", "--destdir", root],
                             capture_output=True, text=True)
        check("meson install --destdir", run.returncode == 0, run.stdout + run.stderr)
        if run.returncode != 0:
            return
        share = lambda *p: under(root, datadir, *p)
        expected = {
            "program": under(root, bindir, "tfdbg-gtk"),
        }
        for lang in linguas.split(","):
            expected["translation " + lang] = under(root, localedir, lang, "LC_MESSAGES", "tfdbg-gtk.mo")
        desktop_files = {
            "desktop entry": share("applications", app_id + ".desktop"),
            "metainfo": share("metainfo", app_id + ".metainfo.xml"),
            "scalable icon": share("icons", "hicolor", "scalable", "apps", app_id + ".svg"),
            "symbolic icon": share("icons", "hicolor", "symbolic", "apps", app_id + "-symbolic.svg"),
            "settings schema": share("glib-2.0", "schemas", app_id + ".gschema.xml"),
            "D-Bus service": share("dbus-1", "services", app_id + ".service"),
        }
        if gui != "true":
            expected_files(root, expected)
            for what, path in desktop_files.items():
                check("no " + what + " in a headless build", not os.path.exists(path))
            return
        expected.update(desktop_files)
        if window_program:
            expected["window's program"] = under(root, window_program)
        expected_files(root, expected)
        if window_program:
            check("the window's program is executable", os.access(expected["window's program"], os.X_OK))

        desktop = open(expected["desktop entry"], encoding="utf-8").read()
        icon = re.search(r"^Icon=(.*)$", desktop, re.M)
        check("desktop entry names the installed icon", icon is not None and icon.group(1) == app_id)
        exe = re.search(r"^Exec=(\S+)", desktop, re.M)
        check("desktop entry runs the installed program", exe is not None and exe.group(1) == "tfdbg-gtk")
        check("desktop entry is translated", re.search(r"^Name\[(ja|pt_BR)\]=", desktop, re.M) is not None)

        check("desktop entry is D-Bus activatable", re.search(r"^DBusActivatable=true$", desktop, re.M) is not None)
        service = open(expected["D-Bus service"], encoding="utf-8").read()
        check("D-Bus service owns the application's id",
              re.search(r"^Name=%s$" % re.escape(app_id), service, re.M) is not None)
        check("D-Bus service starts the installed program as a service",
              re.search(r"^Exec=%s --gapplication-service$" % re.escape(os.path.join(prefix, bindir, "tfdbg-gtk")), service,
                        re.M) is not None)

        metainfo = open(expected["metainfo"], encoding="utf-8").read()
        check("metainfo launches the desktop entry",
              "<launchable type=\"desktop-id\">%s.desktop</launchable>" % app_id in metainfo)
        check("metainfo has a release", re.search(r'<release version="[^"]+"', metainfo) is not None)
        check("metainfo has a screenshot", "<screenshot type=\"default\">" in metainfo)

        schemas = os.path.dirname(expected["settings schema"])
        run = subprocess.run(["glib-compile-schemas", "--strict", "--dry-run", schemas], capture_output=True, text=True)
        check("installed schema compiles", run.returncode == 0, run.stderr)
    finally:
        shutil.rmtree(root, ignore_errors=True)


main()
finish()
