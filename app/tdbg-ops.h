/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Every op creation of a logdir with the line of the user's program that built it — the
 * tfdbg CLI's `lt` and `ps -t` — as JSON or text, optionally narrowed to a file, a line or a
 * graph. */

#include "tdbg-json.h"
#include "tdbg-logdir.h"

G_BEGIN_DECLS

typedef struct {
  const char *file;    /* the user frame's path, or its trailing components; NULL: any */
  gint line;           /* 0: any */
  const char *graph;   /* graph id; NULL: any */
} TdbgOpsFilter;

/* Traces per op index, for num_traces. */
guint *tdbg_ops_count_traces (TdbgLogdir *logdir);
gboolean tdbg_ops_filter_matches (TdbgLogdir *logdir, const TdbgOp *op, const TdbgOpsFilter *filter);

void tdbg_ops_json (TdbgJson *json, TdbgLogdir *logdir, const TdbgOpsFilter *filter);
char *tdbg_ops_text (TdbgLogdir *logdir, const TdbgOpsFilter *filter);

G_END_DECLS
