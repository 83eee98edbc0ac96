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

/* A run that has written part of what it will: copies the logdir @from into @to, each file
 * whose name ends with @suffix (NULL: every file) cut after its first @fraction of records
 * (1: whole). Copying again with a larger fraction is the run writing on. */
void follow_copy_written (const char *from, const char *to, const char *suffix, double fraction);

G_END_DECLS
