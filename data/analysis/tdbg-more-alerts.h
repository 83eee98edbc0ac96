/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Alerts Debugger V2 does not have, found on demand and counted apart from its NaN/∞ ones
 * (tdbg_logdir_get_alert() keeps exactly Debugger V2's list): excessive retracing, one Python
 * function traced into many graphs, and, in FULL_TENSOR mode, an exploding magnitude, a value
 * whose largest |x| passes a threshold. Each kind is a row of the table in data/tdbg-alert-kind.c
 * and a finder in finders[] in tdbg-more-alerts.c. */

#include "libtdbg-data.h"
#include "tdbg-magnitudes.h"

G_BEGIN_DECLS

#define TDBG_RETRACING_MIN_GRAPHS 5
#define TDBG_MAGNITUDE_THRESHOLD_DEFAULT 1e6

typedef struct _TdbgAlertOptions TdbgAlertOptions;

struct _TdbgAlertOptions {
  double magnitude_threshold;  /* exploding magnitude: largest |x| above this */
  TdbgMagnitudes *magnitudes;  /* the magnitudes found by the last search of this logdir, so
                                * that the next decodes only traces appended since (following);
                                * NULL: every trace is decoded */
};

/* The alerts of every kind the table marks as not Debugger V2's, kind after kind in table
 * order, each kind's in record order and capped at TDBG_ALERT_LIMIT. An array of TdbgAlert. */
GArray *tdbg_more_alerts_find (TdbgLogdir *logdir, const TdbgAlertOptions *options);
/* Appends the alerts of one kind to @alerts. */
typedef void (*TdbgAlertFindFunc) (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts);
/* The finder of each kind of the table (tdbg-alert-kind.c) that is not Debugger V2's; NULL for
 * Debugger V2's kinds, which the reader finds in every record it reads. */
TdbgAlertFindFunc tdbg_more_alerts_get_finder (TdbgAlertType type);
/* The finders, one per kind. */
void tdbg_more_alerts_find_retracing (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts);
void tdbg_more_alerts_find_exploding (TdbgLogdir *logdir, const TdbgAlertOptions *options, GArray *alerts);

/* The Python function a tf.function graph was traced from ("model" for
 * "__inference_model_173"), NULL for a graph of another kind. */
char *tdbg_graph_function_name (const char *graph_name);
/* Where the function of a retracing alert was created: the innermost user frame of its op's
 * creation, NULL when unknown. */
const TdbgStackFrame *tdbg_more_alerts_call_site (TdbgLogdir *logdir, const TdbgAlert *alert);
/* One line about @alert, as the alerts pane and the command line show it (no kind prefix). */
char *tdbg_more_alerts_describe (TdbgLogdir *logdir, const TdbgAlert *alert);

G_END_DECLS
