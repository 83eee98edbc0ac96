#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""One version number: meson's project(version:) is the source; the program's --version, the
About window (through config.h's TDBG_VERSION), the newest release of the AppStream metainfo and
the newest entry of debian/changelog carry the same. Prints TAP.

usage: check-version.py VERSION SOURCE_ROOT BUILD_ROOT TFDBG_GTK"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
from tap import check, finish


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def first(pattern, text):
    match = re.search(pattern, text, re.M)
    return match.group(1) if match else None


def main(version, source, build, program):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["LANGUAGE"] = "ja"
    run = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=60, env=env,
                         stdin=subprocess.DEVNULL)
    check(f"--version prints “tfdbg-gtk {version}” and exits 0",
          run.returncode == 0 and run.stdout == f"tfdbg-gtk {version}\n",
          f"exit {run.returncode}, stdout {run.stdout!r}, stderr {run.stderr[:200]!r}")
    usage = subprocess.run([program, "help"], capture_output=True, text=True, timeout=60, env=env,
                           stdin=subprocess.DEVNULL)
    check("the usage documents --version", "--version" in usage.stdout, usage.stdout[-300:])

    config = first(r'^#define TDBG_VERSION "([^"]*)"', read(os.path.join(build, "config.h")))
    check("config.h's TDBG_VERSION", config == version, f"{config!r}, not {version!r}")
    about = read(os.path.join(source, "app", "tdbg-about.c"))
    check("About shows TDBG_VERSION", re.search(r'"version",\s*TDBG_VERSION\b', about) is not None,
          "app/tdbg-about.c does not set the About window's version to TDBG_VERSION")

    metainfo = read(os.path.join(source, "app", "desktop", "io.github.tfdbg_gtk.TfdbgGtk.metainfo.xml.in"))
    newest = first(r'<release\s+version="([^"]*)"', metainfo)
    check("the metainfo's newest release", newest == version, f"{newest!r}, not {version!r}")

    # A native package's version is the project's; a Debian revision (-N) may follow it.
    changelog = first(r"^tfdbg-gtk \(([^)]*)\)", read(os.path.join(source, "debian", "changelog")))
    upstream = re.sub(r"-[^-]*$", "", changelog) if changelog else None
    check("debian/changelog's newest entry", upstream == version, f"{changelog!r}, not {version!r}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:5])
    sys.exit(finish())
