/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by tdbg-bulk.c (reading the records of a stretch of a bulk file) and
 * tdbg-bulk-pool.c (cutting the files into stretches, reading them on every core, and
 * appending what they found to the index in file order). */

#include "tdbg-alert-kind.h"
#include "tdbg-logdir-private.h"

G_BEGIN_DECLS

/* A trace whose op was never created: the op is added when the chunk is merged. */
typedef struct {
  guint32 digest;     /* index into the chunk's digests */
  guint32 graph;
  char *name;
  double wall_time;
} TdbgBulkOrphan;

/* A name read from a record (a graph id, a device, an op type) and the id it stands for:
 * a few kinds recur in millions of records, so each is looked up once per thread. Entries
 * point into records, whose bytes stay mapped while the threads run. */
typedef struct {
  const guint8 *bytes;
  guint32 length;
  guint32 id;
} TdbgBulkName;

#define TDBG_BULK_NAME_SLOTS 256

/* Direct-mapped by a hash of the name's length and its first and last eight bytes. */
typedef struct {
  TdbgBulkName slots[TDBG_BULK_NAME_SLOTS];
} TdbgBulkNames;

/* What one thread remembers from record to record, whichever chunk it reads. The op table
 * is only read while the threads run. */
typedef struct {
  TdbgBulkNames graphs;      /* graph id -> graph index or TDBG_NONE */
  TdbgBulkNames devices;     /* device name -> interned string id */
  TdbgBulkNames op_types;    /* execution op type -> interned string id */
  /* Traces name their ops in the same order step after step: the op that followed an op
   * last time is tried first, by comparing names, before hashing the name. */
  guint32 n_ops;             /* the op table's length while the threads run */
  guint32 last_op;
  guint32 *next_op;          /* per op: the op traced after it last time, or TDBG_NONE */
  guint32 *name_lengths;     /* per op: strlen (op_name) */
  /* The op names and graph ids, copied one after another: every record compares one of
   * each, and these few kilobytes stay in the cache where the ops' own would not. */
  char *names;
  gsize *name_starts;        /* per op: where its op_name starts in names */
  guint32 *op_graphs;        /* per op: its graph, at hand without the op */
  guint32 n_graphs;          /* the graph table's length while the threads run */
  guint32 *graph_id_lengths; /* per graph: strlen (graph_id) */
  gsize *graph_id_starts;    /* per graph: where its graph_id starts in names */
  double *op_times;          /* per op: the least wall time of its traces in the first file set */
  /* Tallied while the digests are put in place. */
  guint32 *first_trace;      /* per op: its first trace here, or TDBG_NONE */
  guint32 *first_inf_nan;    /* per op: its first trace here that holds NaN/∞, or TDBG_NONE */
  guint64 *traced_slots;     /* per op: as TdbgOp's, of its traces here */
  guint modes;               /* 1 << mode of every digest here */
  GArray *places;            /* TdbgTracePlace of the traces here, each once */
  TdbgTracePlace last_place; /* of the trace before: neighbours mostly ran in one place */
} TdbgBulkThread;

/* One stretch of a bulk file, cut at a record boundary, and what was found in it. */
typedef struct {
  TdbgLogdir *self;
  TdbgBulkThread *thread;    /* while it runs */
  GCancellable *cancellable;
  const char *file_name;
  guint8 file_set;
  TdbgFileKind kind;
  TdbgVec digests;           /* TdbgTraceDigest or TdbgExecutionDigest */
  GPtrArray *problems;
  GArray *orphans;           /* TdbgBulkOrphan */
  GArray *alert_traces;       /* TdbgAlertTrace, the first TDBG_ALERT_LIMIT */
  GArray *alert_outputs;      /* TdbgAlertOutput, the first TDBG_ALERT_LIMIT */
  const TdbgAlertKind *inf_nan;
  guint64 n_inf_nan;         /* traces that raise an alert */
  guint64 since_progress_records;
  guint64 since_progress_alerts;  /* NaN/∞ traces and execution outputs */
  const guint8 *since_progress_offset;
  gboolean cancelled;
  gboolean too_large;
  TdbgScanResult result;
} TdbgBulkChunk;

/* tdbg-bulk-decode.c: a record's DebugEvent envelope (its wall time and which event it
 * holds, where); whether an execution's output in @mode holds NaN/∞. */
gboolean tdbg_bulk_parse_envelope (const TdbgRecord *record, guint32 *what, double *wall_time,
                                   const guint8 **body, gsize *length);
gboolean tdbg_bulk_output_alert (guint mode, const guint8 *data, gsize length,
                                 double *size, double *neg_inf, double *pos_inf, double *nan);

void tdbg_bulk_thread_init (TdbgBulkThread *t, TdbgLogdir *self);
void tdbg_bulk_thread_clear (TdbgBulkThread *t);
void tdbg_bulk_chunk_init (TdbgBulkChunk *c, TdbgLogdir *self, guint file_set, TdbgFileKind kind,
                           const char *file_name, GCancellable *cancellable);
void tdbg_bulk_chunk_clear (TdbgBulkChunk *c);
void tdbg_bulk_chunk_run (TdbgBulkChunk *c, TdbgBulkThread *thread, const guint8 *data, gsize length,
                          guint64 base_offset);

G_END_DECLS
