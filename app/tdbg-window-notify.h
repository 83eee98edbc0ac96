/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Telling the person when a followed run goes bad: the first alert of each kind that a run
 * writes while it is followed raises a desktop notification (GNotification), unless the
 * window showing that run is the active one. Its default action brings the window back on
 * that alert with the root-cause card open; its button turns following off. */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Called once from the window's init. */
void tdbg_window_notify_init (TdbgWindow *self);
/* The application's actions the notifications use ("app.show-alert", "app.stop-watching",
 * each with the window's id and, for the first, the alert kind's id). */
void tdbg_window_notify_add_app_actions (GtkApplication *app);
/* Whether the run the window follows is still being written: it grew while the window
 * showed it, in the last half hour. */
gboolean tdbg_window_notify_run_is_growing (TdbgWindow *self);
/* Tells of @alert as of the first alert of its kind in a followed run (compare mode: a first
 * divergence that appeared as the runs grew). */
void tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert);
/* The notification's id for @window and alert kind @kind_id (to withdraw it, and for tests). */
char *tdbg_window_notify_id (TdbgWindow *window, const char *kind_id);

G_END_DECLS
