/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the files that together implement TdbgLogdir. */

#include <math.h>

#include "tdbg-alert-kind.h"
#include "tdbg-logdir.h"
#include "tdbg-records.h"
#include "tdbg-vec.h"

G_BEGIN_DECLS

typedef struct {
  TdbgStackFrame *frame;
  guint file_set;
  guint file_index;            /* in that file set's source files */
} TdbgWaitingFrame;

#define TDBG_MAX_FILE_SETS 255

struct _TdbgLogdir {
  GObject parent_instance;

  TdbgSource *source;
  GPtrArray *file_sets;        /* TdbgFileSet*, in TensorBoard's order */
  GPtrArray *problems;         /* TdbgProblem* */
  GHashTable *problem_keys;    /* "file@offset" of problems already reported */
  GHashTable *read_failures;   /* TdbgProblem* that say a read failed (not damage): withdrawn
                                * once the file reads again, as after a reconnection */
  guint n_problems_added;      /* ever, for "new problems" while some are withdrawn */
  guint n_rewritten;           /* files found rewritten, ever (TdbgRefreshStats) */
  char *run_id;
  char *tensorflow_version;
  guint modes;

  GMutex string_lock;          /* strings may be interned from the bulk worker threads */
  GHashTable *string_ids;      /* char* -> id + 1 */
  GPtrArray *strings;

  GPtrArray *graphs;           /* TdbgGraph* */
  GHashTable *graph_index;     /* graph_id -> index + 1 */
  GPtrArray *ops;              /* TdbgOp* */
  GHashTable *op_index;        /* TdbgOpKey* -> index + 1 */
  guint n_op_creations;
  GPtrArray *devices;          /* TdbgDevice* */
  GHashTable *frame_index;     /* id -> TdbgStackFrame* */
  guint n_frames;
  GPtrArray *source_files;     /* TdbgSourceFile* */
  GPtrArray *set_sources;      /* per file set, a GArray: file_index -> source file index (a
                                * frame names a source file of its own file set) */
  GArray *frames_waiting;      /* TdbgWaitingFrame: frames naming a source file not read yet (a
                                * run's files are flushed apart: a frame may come before its file) */

  TdbgVec traces;              /* TdbgTraceDigest */
  guint32 *op_trace_starts;    /* tdbg-op-traces.c: per op, where its traces begin in op_traces */
  guint32 *op_traces;          /* trace indices, grouped by op */
  gsize op_traces_built_for;   /* traces.len when they were listed */
  guint op_traces_n_ops;
  GMutex op_traces_lock;       /* readers on several threads may list them at once */
  TdbgVec executions;          /* TdbgExecutionDigest */
  guint64 n_executions_all;

  GArray *alerts;              /* TdbgAlert */
  GArray *alert_traces;         /* TdbgAlertTrace of the traces scanned since the last alerts */
  GArray *trace_places;         /* TdbgTracePlace of every trace, each once */
  GArray *alert_outputs;        /* TdbgAlertOutput of the executions scanned since, in order */
  guint64 n_inf_nan_traces;
  guint64 n_inf_nan_execution_outputs;

  guint64 bulk_limit;          /* bytes of a bulk file one refresh reads at most, 0: all */
  gboolean bulk_limited;       /* the last refresh left bulk bytes for the limit */
  gboolean too_many_ops;       /* an op past TDBG_TRACE_MAX_OPS was met: the load fails */
  GRWLock index_lock;          /* readers off the main thread vs. tdbg_logdir_apply() */
  GHashTable *ignored_prefixes; /* file sets of another run, or past the limit: never read */

  gboolean keep_read_bytes;    /* tdbg_logdir_set_keep_read_bytes() */
  gboolean release_read_pages; /* tdbg_logdir_set_release_read_pages() */
  GMutex kept_lock;
  GHashTable *kept;            /* file name -> TdbgKeptBytes: what the last refresh read of
                                * it, for the records read again after it */

  GMutex progress_lock;
  guint64 progress_done;
  guint64 progress_total;
  guint64 progress_records;
  guint64 progress_alerts;
};

typedef struct {
  guint32 tag;                 /* graph index for ops, 0 for graph ids */
  guint32 length;
  const char *data;
} TdbgOpKey;

TdbgOpKey *tdbg_op_key_new (guint32 tag, const char *data);
guint tdbg_op_key_hash (gconstpointer key);
gboolean tdbg_op_key_equal (gconstpointer a, gconstpointer b);

guint32 tdbg_logdir_intern (TdbgLogdir *self, const char *data, gsize length);
guint32 tdbg_logdir_lookup_graph_bytes (TdbgLogdir *self, const char *data, gsize length);
guint32 tdbg_logdir_lookup_op_bytes (TdbgLogdir *self, guint32 graph, const char *data, gsize length);
guint32 tdbg_logdir_add_op (TdbgLogdir *self, guint32 graph, const char *name, gsize length);
void tdbg_file_set_free (TdbgFileSet *file_set);
GBytes *tdbg_logdir_read_record (TdbgLogdir *self, const TdbgFileState *file, guint64 offset, GError **error);
/* What the last refresh read of a file, from @offset on (tdbg-logdir-records.c). */
typedef struct {
  guint64 offset;
  GBytes *bytes;
} TdbgKeptBytes;
void _tdbg_kept_bytes_free (gpointer kept);
/* Keeps @bytes, read from @offset of @file_name, for the records read again until the next
 * refresh (when the logdir keeps what it reads). */
void tdbg_logdir_keep_read_bytes (TdbgLogdir *self, const char *file_name, guint64 offset, GBytes *bytes);
/* Drops the bytes kept: a refresh may find their files rewritten. */
void tdbg_logdir_forget_kept_bytes (TdbgLogdir *self);
/* Where the next read of a file starts (tdbg-logdir-load.c): before its resume offset by the
 * bytes kept to compare. */
guint64 _tdbg_file_state_read_from (const TdbgFileState *state);
void tdbg_logdir_add_problem (TdbgLogdir *self, const char *file_name, guint64 offset, const char *message);
void tdbg_logdir_add_read_failure (TdbgLogdir *self, const char *file_name, guint64 offset, const char *message);
void tdbg_logdir_withdraw_read_failures (TdbgLogdir *self, const char *file_name);
void tdbg_logdir_take_problems (TdbgLogdir *self, GPtrArray *problems);
void tdbg_logdir_add_progress (TdbgLogdir *self, guint64 bytes, guint64 records, guint64 alerts);

/* A trace that raises an alert, as its scan read it: the alerts (the first TDBG_ALERT_LIMIT)
 * show its wall time, size and counts, which the digest does not keep whole, and reading the
 * record again would cost a round trip each over SSH. */
typedef struct {
  guint32 trace;          /* in the index; in a bulk chunk, in its digests */
  TdbgTraceInfo info;
} TdbgAlertTrace;

/* An execution's output that raises an alert, as its scan read it (for the same reason). */
typedef struct {
  guint32 execution;      /* in the index; in a bulk chunk, in its digests */
  guint32 slot;
  double size, neg_inf, pos_inf, nan;   /* NAN where the mode does not tell */
} TdbgAlertOutput;

/* Where a trace record names its graph, op and device (bytes of the record). */
typedef struct {
  const guint8 *context;
  gsize context_length;
  const guint8 *name;
  gsize name_length;
  const guint8 *device;
  gsize device_length;
} TdbgTraceNames;

/* tdbg-bulk.c: one trace record read into @info (all but the op, device and file set, which
 * the logdir's tables give); returns NULL, or why the record cannot be read. */
const char *tdbg_bulk_parse_trace (const TdbgRecord *record, TdbgTraceInfo *info, TdbgTraceNames *names);
/* The same through the general field loops only, which the usual layout's straight reading
 * above must agree with (tests). */
const char *tdbg_bulk_parse_trace_slow (const TdbgRecord *record, TdbgTraceInfo *info, TdbgTraceNames *names);

/* A bulk file's new bytes (a file set's traces or executions), and what their scan found. */
typedef struct {
  guint file_set;
  TdbgFileKind kind;
  GBytes *bytes;
  guint64 base_offset;
  gboolean cut;           /* its bytes end at the bulk limit, not where the writer is */
  TdbgScanResult result;
} TdbgBulkFile;

/* tdbg-bulk-pool.c: the bulk files' records, read on every core and appended to the digests
 * in the order of @files; FALSE when cancelled. */
gboolean tdbg_bulk_scan_files (TdbgLogdir *self, TdbgBulkFile *files, guint n_files, GCancellable *cancellable);

/* tdbg-op-traces.c: drops the lists of each op's traces once the index has grown (by a
 * refresh, which no reader overlaps). */
void tdbg_logdir_forget_op_traces (TdbgLogdir *self);

/* tdbg-alerts.c: extends the alerts with the traces just scanned (the alert_traces the bulk
 * scan listed; it counted them in n_inf_nan_traces) and the executions from @first_execution,
 * in that order (TensorBoard's reading order). */
void tdbg_alerts_extend (TdbgLogdir *self, guint first_execution);
/* The size and −∞/+∞/NaN counts a summary of @mode holds in @slots (NaN where it holds
 * none), and whether they raise the NaN/∞ alert. Inline: the loader asks it of every trace. */
static inline gboolean
tdbg_summary_alert (guint mode, const double *slots, guint n_slots,
                    double *size, double *neg_inf, double *pos_inf, double *nan)
{
  const TdbgAlertKind *kind = tdbg_alert_kind_get (TDBG_ALERT_INF_NAN);

  *size = *neg_inf = *pos_inf = *nan = NAN;
  switch (mode)
    {
    case TDBG_MODE_CURT_HEALTH:
      return n_slots >= 2 && slots[1] != 0;
    case TDBG_MODE_CONCISE_HEALTH:
      if (n_slots < 5)
        return FALSE;
      *size = slots[1];
      *neg_inf = slots[2];
      *pos_inf = slots[3];
      *nan = slots[4];
      break;
    case TDBG_MODE_FULL_HEALTH:
      if (n_slots < 8)
        return FALSE;
      *size = slots[4];
      *neg_inf = slots[5];
      *pos_inf = slots[6];
      *nan = slots[7];
      break;
    default:
      return FALSE;
    }
  return kind->counts_alert (*neg_inf, *pos_inf, *nan);
}

/* tdbg-logdir-discover.c: finds file sets not seen before (their metadata read) and reads
 * again a set's metadata written since; how many sets were added, G_MAXUINT with @error. */
guint _tdbg_logdir_discover (TdbgLogdir *self, GCancellable *cancellable, GError **error);
/* tdbg-logdir-load.c: @record's DebugEvent, or NULL with a problem said of @file_name. */
/* One record of a small file (tdbg-logdir-small.c), for tdbg_record_scan(). */
typedef struct {
  TdbgLogdir *self;
  TdbgFileSet *fs;
  guint fs_index;
  TdbgFileKind kind;
  const char *file_name;
} TdbgSmallScan;
gboolean _tdbg_logdir_small_record (const TdbgRecord *record, gpointer user_data);
Tensorflow__DebugEvent *_tdbg_logdir_unpack_event (TdbgLogdir *self, const char *file_name,
                                                  const TdbgRecord *record);

G_END_DECLS
