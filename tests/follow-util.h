/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Following a growing logdir as the window does, for the unit and SSH tests: fetch in a
 * worker, apply on this thread, again while the budget left bytes behind. */

#include "tdbg-logdir.h"

G_BEGIN_DECLS

/* One fetch, waited for. */
TdbgSource *fetch_snapshot (TdbgLogdir *logdir, guint64 budget, gboolean *more, GError **error);
/* At most @budget bytes of traces and executions per fetch (0: no limit); @total sums the
 * steps' stats. */
gboolean follow_logdir (TdbgLogdir *logdir, guint64 budget, TdbgRefreshStats *total, GError **error);

G_END_DECLS
