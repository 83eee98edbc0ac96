/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The GtkApplication: one window per logdir given on the command line; the runs watched in
 * the background are its own. */

#include <adwaita.h>
#include "tdbg-watched-run.h"

G_BEGIN_DECLS

#define TDBG_TYPE_APPLICATION (tdbg_application_get_type ())
G_DECLARE_FINAL_TYPE (TdbgApplication, tdbg_application, TDBG, APPLICATION, AdwApplication)

TdbgApplication *tdbg_application_new (void);
/* The runs watched with no window (TdbgWatchedRun items), in the order they went there. */
GListStore *tdbg_application_get_watched_runs (TdbgApplication *self);
/* The run at @location watched in the background, NULL when none. */
TdbgWatchedRun *tdbg_application_find_watched_run (TdbgApplication *self, const char *location);

G_END_DECLS
