/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Telling the person when a followed run goes bad: the first alert of each kind that a run
 * writes while it is followed raises a desktop notification (GNotification), once the line
 * that made its op and, for a NaN/∞, the root cause are known (or after a few seconds
 * without), unless someone is looking at the run. A notification names the run by its
 * location: its default action ("app.show-alert") shows that run on that alert with the
 * root-cause card open, its button ("app.stop-watching") stops watching it. The same for a
 * run shown in a window and for one the application watches with no window. */

#include <gio/gio.h>
#include "libtdbg-run.h"
#include "libtdbg-ui.h"

G_BEGIN_DECLS

#define TDBG_TYPE_RUN_NOTIFIER (tdbg_run_notifier_get_type ())
G_DECLARE_FINAL_TYPE (TdbgRunNotifier, tdbg_run_notifier, TDBG, RUN_NOTIFIER, GObject)

/* Whether the person is looking at the run (then nothing is sent). */
typedef gboolean (*TdbgRunLookedAt) (gpointer data);

/* Tells @run's alerts; the root cause is the one the finder of @selection (showing the run's
 * logdir) finds. Both are held. */
TdbgRunNotifier *tdbg_run_notifier_new (TdbgRun *run, TdbgSelection *selection);
/* The application that sends the notifications (not held); none is sent without one. */
void tdbg_run_notifier_set_application (TdbgRunNotifier *self, GApplication *app);
void tdbg_run_notifier_set_looked_at (TdbgRunNotifier *self, TdbgRunLookedAt looked_at, gpointer data);
/* Tells of @alert as of the first alert of its kind (compare mode: a first divergence that
 * appeared as the runs grew). */
void tdbg_run_notifier_tell (TdbgRunNotifier *self, const TdbgAlert *alert);
/* The id of the notification of the run at @location for alert kind @kind_id. */
char *tdbg_run_notifier_id (const char *location, const char *kind_id);

G_END_DECLS
