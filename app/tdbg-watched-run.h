/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A run the application watches with no window ("Watch in Background"): it goes on following
 * the run and tells its alerts (a TdbgRunNotifier, with a selection of its own on the run's
 * logdir for the root cause), until a window shows the run again or the watch is stopped. */

#include <gio/gio.h>
#include "libtdbg-run.h"

G_BEGIN_DECLS

#define TDBG_TYPE_WATCHED_RUN (tdbg_watched_run_get_type ())
G_DECLARE_FINAL_TYPE (TdbgWatchedRun, tdbg_watched_run, TDBG, WATCHED_RUN, GObject)

/* Watches @run (held), telling its alerts through @app. */
TdbgWatchedRun *tdbg_watched_run_new (TdbgRun *run, GApplication *app);
TdbgRun *tdbg_watched_run_get_run (TdbgWatchedRun *self);
const char *tdbg_watched_run_get_location (TdbgWatchedRun *self);

G_END_DECLS
