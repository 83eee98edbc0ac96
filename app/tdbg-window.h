/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The main window: the six panes around one shared selection, loading with progress and
 * cancel, following a logdir still being written, and the problems banner. */

#include <gtk/gtk.h>
#include "tdbg-selection.h"
#include "tdbg-connection-watch.h"
#include "tdbg-follower.h"
#include "tdbg-alerts-pane.h"
#include "tdbg-graph-pane.h"
#include "tdbg-source-pane.h"
#include "tdbg-stack-pane.h"
#include "tdbg-timeline-pane.h"
#include "tdbg-trace-pane.h"
#include "tdbg-problem-page.h"
#include "tdbg-start-page.h"

G_BEGIN_DECLS

#define TDBG_TYPE_WINDOW (tdbg_window_get_type ())
G_DECLARE_FINAL_TYPE (TdbgWindow, tdbg_window, TDBG, WINDOW, GtkApplicationWindow)

TdbgWindow *tdbg_window_new (GtkApplication *app);
/* Starts loading @file in the background (a previous load is cancelled). */
void tdbg_window_open (TdbgWindow *self, GFile *file);
/* Opens a local path or an ssh://[user@]host[:port]/path address; remote ones connect in the
 * background, asking for host keys and secrets in dialogs. */
void tdbg_window_open_location (TdbgWindow *self, const char *location);
/* Loads the logdir that @source reads (already connected, for a remote one). */
void tdbg_window_open_source (TdbgWindow *self, TdbgSource *source);
void tdbg_window_cancel_load (TdbgWindow *self);
gboolean tdbg_window_is_loading (TdbgWindow *self);

TdbgSelection *tdbg_window_get_selection (TdbgWindow *self);
TdbgAlertsPane *tdbg_window_get_alerts_pane (TdbgWindow *self);
TdbgTimelinePane *tdbg_window_get_timeline_pane (TdbgWindow *self);
TdbgTracePane *tdbg_window_get_trace_pane (TdbgWindow *self);
TdbgGraphPane *tdbg_window_get_graph_pane (TdbgWindow *self);
TdbgSourcePane *tdbg_window_get_source_pane (TdbgWindow *self);
TdbgStackPane *tdbg_window_get_stack_pane (TdbgWindow *self);
/* Polls the logdir for what a run appends (the win.follow action turns it on and off). */
TdbgFollower *tdbg_window_get_follower (TdbgWindow *self);
/* NULL unless a remote logdir is shown. */
TdbgConnectionWatch *tdbg_window_get_connection_watch (TdbgWindow *self);
/* The status line: the selection (or the logdir) and the counts. */
const char *tdbg_window_get_status_text (TdbgWindow *self);
/* The problems banner text ("" when hidden) and the last load error (NULL when none). */
const char *tdbg_window_get_problems_text (TdbgWindow *self);
const char *tdbg_window_get_load_error (TdbgWindow *self);
/* "start", "logdir" or "problem" */
const char *tdbg_window_get_page (TdbgWindow *self);
TdbgStartPage *tdbg_window_get_start_page (TdbgWindow *self);
TdbgProblemPage *tdbg_window_get_problem_page (TdbgWindow *self);
/* The notice above the panes (a circular buffer dropped events), "" when hidden. */
const char *tdbg_window_get_notice_text (TdbgWindow *self);
/* The lost-connection banner's text ("" when hidden). */
const char *tdbg_window_get_connection_text (TdbgWindow *self);

G_END_DECLS
