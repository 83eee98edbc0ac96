/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The window's side of telling the person when a followed run goes bad (tdbg-run-notifier.h):
 * its run's alerts are told unless the window is the active one; and the application's
 * actions that the notifications and the start page use, each naming a run by its location:
 * "app.show-alert" (location, alert kind id: the run shown on that alert with the root-cause
 * card open, in its window or in a new one when it is watched in the background),
 * "app.show-run" (location) and "app.stop-watching" (location: a run watched in the
 * background stops being watched; one shown stops being followed). */

#include "tdbg-window.h"

G_BEGIN_DECLS

/* Called once from the window's init. */
void tdbg_window_notify_init (TdbgWindow *self);
/* A notifier for the window's run (self->run), whenever the window takes a run object. */
void tdbg_window_notify_attach_run (TdbgWindow *self);
void tdbg_window_notify_add_app_actions (GtkApplication *app);
/* Whether the run the window follows is still being written: it grew while the window
 * showed it, in the last half hour. */
gboolean tdbg_window_notify_run_is_growing (TdbgWindow *self);
/* Tells of @alert as of the first alert of its kind in a followed run (compare mode: a first
 * divergence that appeared as the runs grew). */
void tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert);

G_END_DECLS
