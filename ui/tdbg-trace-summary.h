/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the Graph Execution list shows of each trace: the columns there are, which of them a
 * logdir's debug modes and devices call for, and their texts, from the trace's digest or its
 * summary tensor (decoded on demand, for the rows in view only, and kept for a while). */

#include "libtdbg-data.h"
#include "tdbg-trace-columns.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_TRACE_COL_INDEX,
  TDBG_TRACE_COL_TENSOR,
  TDBG_TRACE_COL_TYPE,
  TDBG_TRACE_COL_ERROR,   /* compare mode: the largest |a − b| against the trace's twin */
  TDBG_TRACE_COL_DEVICE,
  TDBG_TRACE_COL_HOST,
  TDBG_TRACE_COL_WHERE,   /* what differs of where traces ran: their host, their device, or both */
  TDBG_TRACE_COL_DTYPE,
  TDBG_TRACE_COL_SHAPE,
  TDBG_TRACE_COL_SIZE,
  TDBG_TRACE_COL_NEG_INF,
  TDBG_TRACE_COL_POS_INF,
  TDBG_TRACE_COL_NAN,
  TDBG_TRACE_COL_NEG,
  TDBG_TRACE_COL_ZERO,
  TDBG_TRACE_COL_POS,
  TDBG_TRACE_COL_HEALTH,
  TDBG_TRACE_N_COLS
} TdbgTraceCol;

typedef struct _TdbgTraceSummary TdbgTraceSummary;

TdbgTraceSummary *tdbg_trace_summary_new (void);
void tdbg_trace_summary_free (TdbgTraceSummary *self);
/* Forgets the decoded summaries and the places known: another logdir is shown. */
void tdbg_trace_summary_clear (TdbgTraceSummary *self);

/* Trace @trace's decoded summary, NULL when it could not be read. */
const TdbgValue *tdbg_trace_summary_get_value (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace);
/* The text of column @column (a TdbgTraceCol) of trace @trace, NULL for none (a
 * TdbgTraceTextFunc); sets *@bad when the value should stand out. */
char *tdbg_trace_summary_get_text (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace, guint column,
                                   gboolean *bad);

/* The whole text of a cell shown shortened (a device's name, a host's when it has a
 * domain, where the trace ran), NULL for the others. */
char *tdbg_trace_summary_get_whole_text (TdbgLogdir *logdir, guint trace, guint column);

/* Where traces ran: the places (a host and a device) of @logdir's traces join those known (a
 * new logdir: tdbg_trace_summary_clear() first). Returns whether what differs between the
 * places known changed. */
gboolean tdbg_trace_summary_learn_places (TdbgTraceSummary *self, TdbgLogdir *logdir);
/* Whether the places known differ, so that the Where column tells them apart. */
gboolean tdbg_trace_summary_places_differ (TdbgTraceSummary *self);
/* Whether the places known name several hosts (the Where column sorts by host, else by
 * device). */
gboolean tdbg_trace_summary_hosts_differ (TdbgTraceSummary *self);
/* The Where column's text of each place known, once (owned by @self, for sizing the column). */
GPtrArray *tdbg_trace_summary_list_wheres (TdbgTraceSummary *self, TdbgLogdir *logdir);
/* What is the same of every place known, said once for the whole list ("CPU:0 · gpu-ws-17",
 * "gpu-ws-17"; newly allocated, NULL when nothing is or no trace is known), and in a whole
 * sentence in *@sentence. */
char *tdbg_trace_summary_get_common_place (TdbgTraceSummary *self, TdbgLogdir *logdir, char **sentence);
/* Fills @columns (TDBG_TRACE_N_COLS of them) with every column's title, width, alignment and
 * position: the NaN/∞ counts right after the op type. */
void tdbg_trace_summary_define_columns (TdbgTraceColumn *columns);
/* Sets @show[c] (TDBG_TRACE_N_COLS of them) for the columns @logdir (or none) calls for, the
 * Where column when the places known differ (the Device and Host columns are the person's to
 * show). */
void tdbg_trace_summary_columns_for (TdbgTraceSummary *self, TdbgLogdir *logdir, gboolean *show);

G_END_DECLS
