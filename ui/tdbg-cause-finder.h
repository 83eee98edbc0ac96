/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The root cause of the first NaN/∞ of the selection's logdir, found in a worker thread once
 * per load and again whenever a followed logdir grows. One finder per selection, shared by
 * whatever shows the cause (the card in Alerts, the marks in Graph Structure, the report). */

#include "tdbg-selection.h"
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_TYPE_CAUSE_FINDER (tdbg_cause_finder_get_type ())
G_DECLARE_FINAL_TYPE (TdbgCauseFinder, tdbg_cause_finder, TDBG, CAUSE_FINDER, GObject)

/* The finder of @selection, made on first use and kept as long as the selection. */
TdbgCauseFinder *tdbg_cause_finder_for_selection (TdbgSelection *selection);

/* The root cause found for the current logdir; NULL while none is open or while it is
 * being found. Notified as "cause". */
const TdbgRootCause *tdbg_cause_finder_get_cause (TdbgCauseFinder *self);
/* The logdir the cause belongs to (NULL with it). */
TdbgLogdir *tdbg_cause_finder_get_logdir (TdbgCauseFinder *self);
/* Whether the cause names an origin (something went bad). */
gboolean tdbg_cause_finder_has_origin (TdbgCauseFinder *self);

G_END_DECLS
