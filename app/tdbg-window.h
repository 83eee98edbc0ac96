/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The main window: the six panes around one shared selection, loading with progress and
 * cancel, following a logdir still being written, and the problems banner. */

#include <gtk/gtk.h>
#include "libtdbg-run.h"
#include "libtdbg-ui.h"
#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_WINDOW (tdbg_window_get_type ())
G_DECLARE_FINAL_TYPE (TdbgWindow, tdbg_window, TDBG, WINDOW, GtkApplicationWindow)

TdbgWindow *tdbg_window_new (GtkApplication *app);
/* Starts loading @file in the background (a previous load is cancelled). */
void tdbg_window_open (TdbgWindow *self, GFile *file);
/* A window opening @file: a logdir on this computer begins loading before the window makes
 * itself, on the other cores meanwhile; any other location as tdbg_window_open() opens it. */
TdbgWindow *tdbg_window_new_for_file (GtkApplication *app, GFile *file);
/* Opens a local path or an ssh://[user@]host[:port]/path address; remote ones connect in the
 * background, asking for host keys and secrets in dialogs. */
void tdbg_window_open_location (TdbgWindow *self, const char *location);
/* Shows @run (held), loaded elsewhere (a run watched in the background), as it is: loaded,
 * followed and watched; the window lets go of the run it had. */
void tdbg_window_show_run (TdbgWindow *self, TdbgRun *run);
/* Lets go of the run shown, following and watched as it is, for the caller (who owns the
 * reference returned); the window is left with a new run of its own. */
TdbgRun *tdbg_window_give_run (TdbgWindow *self);
/* Loads the logdir that @source reads (already connected, for a remote one). */
void tdbg_window_open_source (TdbgWindow *self, TdbgSource *source);
void tdbg_window_cancel_load (TdbgWindow *self);
/* Compares the run shown (or being opened, once it is in) with the run at @location (a path or
 * an ssh:// address) in the background: compare mode. */
void tdbg_window_compare (TdbgWindow *self, const char *location);
/* Opens @location_a, then compares it with @location_b (tfdbg-gtk --compare RUN_A RUN_B). */
void tdbg_window_open_compare (TdbgWindow *self, const char *location_a, const char *location_b);
gboolean tdbg_window_is_loading (TdbgWindow *self);

TdbgSelection *tdbg_window_get_selection (TdbgWindow *self);
/* What was opened last (a path or an ssh:// address), NULL before anything was. */
const char *tdbg_window_get_location (TdbgWindow *self);

G_END_DECLS
