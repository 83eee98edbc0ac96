/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Watching a run with its window closed ("Watch in Background"): the window is hidden, not
 * destroyed, so that it goes on following its run and raising notifications, and the
 * application is held (g_application_hold) while no window is on screen. A notification's
 * action, activating the application, or the start page's list brings the window back; the
 * start page can also stop the watch. Whether a closing window goes on watching is the
 * "watch-in-background" setting, asked once the first time a followed run that is still
 * growing has its window closed. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* The windows watching in the background (TdbgWindow items), in the order they went there. */
GListModel *tdbg_background_watch_get_list (void);
gboolean tdbg_background_watch_contains (TdbgWindow *window);
/* From the window's close-request: TRUE when the window stays (sent to the background, or
 * asking whether it should go there). */
gboolean tdbg_background_watch_close_request (TdbgWindow *window);
/* Hides @window and keeps the application running while it watches. */
void tdbg_background_watch_send (TdbgWindow *window);
/* Back on screen (leaves the list). */
void tdbg_background_watch_show (TdbgWindow *window);
/* Ends the watch: the hidden window is destroyed. */
void tdbg_background_watch_stop (TdbgWindow *window);
/* Brings every watching window back; FALSE when there was none. */
gboolean tdbg_background_watch_show_all (void);

G_END_DECLS
