#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The application as GNOME starts it (DBusActivatable): a session bus of the test's own whose
service folder holds the application's D-Bus service file, pointing at the built program. A call
to org.freedesktop.Application.Open starts it and it opens a window on the logdir; a second
`tfdbg-gtk LOGDIR` and a second `tfdbg-gtk ssh://…` go to the running instance (a window each)
and return at once; app.quit ends the process and frees the name.

Usage: check-dbus-activation.py TFDBG_GTK SERVICE_IN MAKE_DEMO_LOGDIR WORKDIR   (TAP on stdout)"""
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))  # tap.py, shared_logdirs.py
from tap import check, finish

cli, service_in, make_demo, work = sys.argv[1:5]
app_id = "io.github.tfdbg_gtk.TfdbgGtk"
app_path = "/" + app_id.replace(".", "/")


def gdbus(env, *args, timeout=60):
    return subprocess.run(["gdbus", "call", "--session", "--dest", app_id] + list(args),
                          env=env, capture_output=True, text=True, timeout=timeout)


def window_exists(env, n):
    run = gdbus(env, "--object-path", "%s/window/%d" % (app_path, n), "--method", "org.gtk.Actions.List")
    return run.returncode == 0 and "'follow'" in run.stdout


def wait_for(cond, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.2)
    return cond()


def name_owned(env):
    run = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                          "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", app_id],
                         env=env, capture_output=True, text=True, timeout=30)
    return "true" in run.stdout


def main():
    shutil.rmtree(work, ignore_errors=True)
    services = os.path.join(work, "services")
    os.makedirs(services)
    service = open(service_in, encoding="utf-8").read()
    service = service.replace("@app_id@", app_id).replace("@bindir@/tfdbg-gtk", os.path.abspath(cli))
    with open(os.path.join(services, app_id + ".service"), "w", encoding="utf-8") as f:
        f.write(service)
    bus_path = os.path.join(work, "bus")
    config = os.path.join(work, "session.conf")
    with open(config, "w", encoding="utf-8") as f:
        f.write("""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=%s</listen>
  <servicedir>%s</servicedir>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
""" % (bus_path, services))
    logdirs = []
    for name in ("first", "second"):
        path = os.path.join(work, name)
        subprocess.run([make_demo, path, "--steps", "6"], check=True, capture_output=True)
        logdirs.append(path)

    # The bus hands its own environment to what it starts: the program finds the bus there.
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=" + bus_path)
    daemon = subprocess.Popen(["dbus-daemon", "--config-file=" + config, "--nofork"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        check("the session bus starts", wait_for(lambda: os.path.exists(bus_path), 10))
        run = gdbus(env, "--object-path", app_path, "--method", "org.freedesktop.Application.Open",
                    "['file://%s']" % logdirs[0], "{}")
        check("Open over D-Bus starts the application from its service file", run.returncode == 0,
              run.stdout + run.stderr)
        check("the started application owns its id on the bus", name_owned(env))
        check("it opened a window", wait_for(lambda: window_exists(env, 1), 30))

        start = time.monotonic()
        run = subprocess.run([cli, logdirs[1]], env=env, capture_output=True, text=True, timeout=60)
        check("a second tfdbg-gtk LOGDIR returns at once, exit 0",
              run.returncode == 0 and time.monotonic() - start < 30, run.stdout + run.stderr)
        check("the running instance opened a window on it", wait_for(lambda: window_exists(env, 2), 30))
        run = subprocess.run([cli, "ssh://127.0.0.1:1/nowhere"], env=env, capture_output=True, text=True, timeout=60)
        check("a second tfdbg-gtk ssh://… returns, exit 0", run.returncode == 0, run.stdout + run.stderr)
        check("the running instance opened a window on the address", wait_for(lambda: window_exists(env, 3), 30))

        run = gdbus(env, "--object-path", app_path, "--method", "org.freedesktop.Application.ActivateAction",
                    "quit", "[]", "{}")
        check("app.quit over D-Bus", run.returncode == 0, run.stdout + run.stderr)
        check("the application ends and frees its name", wait_for(lambda: not name_owned(env), 30))
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


try:
    main()
except Exception as e:  # a failure to run is a failed check, never a pass
    check("runs to the end", False, repr(e))
finish()
