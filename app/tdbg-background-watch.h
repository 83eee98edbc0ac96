/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Watching a run with its window closed ("Watch in Background"): the window hands its run to
 * the application, which keeps it in its list of watched runs (TdbgWatchedRun: still
 * followed, its alerts told) and is held (g_application_hold) while it does; the window is
 * destroyed. A notification's action, activating the application, or the start page's list
 * shows the run in a new window (which takes it back); the start page can also stop the
 * watch. Whether a closing window hands its run over is the "watch-in-background" setting,
 * asked once the first time a followed run that is still growing has its window closed. The
 * start page and the notifications reach these through the application's actions
 * ("app.show-run", "app.stop-watching"). */

#include "tdbg-window.h"
#include "tdbg-watched-run.h"

G_BEGIN_DECLS

/* From the window's close-request: TRUE when the window stays (asking whether its run should
 * be watched in the background); FALSE when it closes, its run handed over or not. */
gboolean tdbg_background_watch_close_request (TdbgWindow *window);
/* Hands @window's run to its application (which must be a TdbgApplication) and destroys the
 * window. */
void tdbg_background_watch_send (TdbgWindow *window);
/* The run at @location watched in the background, NULL when none. */
TdbgWatchedRun *tdbg_background_watch_find (GtkApplication *app, const char *location);
/* Shows the run at @location in a new window, which takes it back; NULL when no run there is
 * watched. */
TdbgWindow *tdbg_background_watch_show (GtkApplication *app, const char *location);
/* Ends the watch of the run at @location. */
void tdbg_background_watch_stop (GtkApplication *app, const char *location);
/* Shows every run watched in the background; FALSE when there was none. */
gboolean tdbg_background_watch_show_all (GtkApplication *app);

G_END_DECLS
