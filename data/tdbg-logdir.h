/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A tfdbg2 logdir: discovers its file sets, loads them into compact digests and linked
 * tables, computes alerts, and refreshes from saved offsets to follow a run that is still
 * writing. Load and refresh may run in a worker thread; nothing else may touch the object
 * meanwhile except tdbg_logdir_get_progress() and _get_progress_alerts(). */

#include <gio/gio.h>
#include "tdbg-model.h"
#include "tdbg-source.h"
#include "tdbg-file-kind.h"
#include "libtdbg-proto.h"

G_BEGIN_DECLS

/* How many of the bytes already read a refresh reads again, to see that they are unchanged. */
#define TDBG_CHECKED_BYTES 64

typedef struct {
  char *file_name;        /* NULL when the file is absent */
  guint64 size_bytes;
  guint64 records;        /* intact records */
  guint64 resume_offset;  /* where the next refresh starts */
  gboolean partial_tail;  /* ends inside a record still being written */
  guint64 partial_tail_bytes;
  gboolean in_damage;     /* ends in damage: the bytes left after it are the damage's, not a
                           * record being written, until an intact record follows */
  /* The last bytes read before resume_offset: each refresh reads them again with the new ones
   * and compares, since a writer may replace the whole file (TensorFlow's GCS and S3 writers
   * upload a longer object at each flush) and what was read must still be there. */
  guint8 checked[TDBG_CHECKED_BYTES];
  guint checked_length;
} TdbgFileState;

typedef struct {
  char *file_prefix;      /* tfdbg_events.<T>.<host> */
  char *host_name;
  gint64 prefix_timestamp;
  gboolean has_metadata;
  double metadata_wall_time;
  char *tfdbg_run_id;
  char *tensorflow_version;
  char *file_version;
  TdbgFileState files[TDBG_N_FILE_KINDS];
} TdbgFileSet;

typedef struct {
  guint64 new_traces;
  guint64 new_executions;
  guint new_file_sets;
  guint new_problems;
  /* Files found rewritten (shorter than what was read, or the bytes read changed): no longer
   * followed in this index; the whole logdir must be read again to show them. */
  guint rewritten_files;
} TdbgRefreshStats;

#define TDBG_TYPE_LOGDIR (tdbg_logdir_get_type ())
G_DECLARE_FINAL_TYPE (TdbgLogdir, tdbg_logdir, TDBG, LOGDIR, GObject)

/* How much of a logdir is in the index, taken before a refresh so that what follows it
 * (TdbgRun's "grew", the selection's "logdir-grew") knows which records are new. Records are
 * only ever appended. */
typedef struct {
  guint traces;
  guint executions;
  guint alerts;
  guint file_sets;
  guint source_files;
  guint graphs;
  guint ops;
} TdbgLogdirCounts;

void tdbg_logdir_counts_take (TdbgLogdir *logdir, TdbgLogdirCounts *counts);

TdbgLogdir *tdbg_logdir_new (TdbgSource *source);
TdbgLogdir *tdbg_logdir_new_for_path (const char *path);

TdbgSource *tdbg_logdir_get_source (TdbgLogdir *self);
char *tdbg_logdir_describe (TdbgLogdir *self);

/* Reads everything there is. FALSE only when the logdir cannot be read at all (no file set,
 * I/O failure, cancelled); damage inside files is reported by get_problems() instead. */
gboolean tdbg_logdir_load (TdbgLogdir *self, GCancellable *cancellable, GError **error);
/* A first look at a big logdir: the next refreshes read at most @max_bytes of each bulk file
 * (its traces, its executions) of more than 16 times that, the rest left as if still being
 * written; a shorter file is read whole; 0 reads all. A
 * logdir with a limit is not followed (tdbg_logdir_fetch_async() finds nothing new). */
void tdbg_logdir_set_bulk_limit (TdbgLogdir *self, guint64 max_bytes);
/* Whether the last refresh left bulk bytes unread for the limit. */
gboolean tdbg_logdir_get_bulk_limited (TdbgLogdir *self);
void tdbg_logdir_load_async (TdbgLogdir *self, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
gboolean tdbg_logdir_load_finish (TdbgLogdir *self, GAsyncResult *result, GError **error);
/* Picks up what was appended (and new file sets) since the last load or refresh. */
gboolean tdbg_logdir_refresh (TdbgLogdir *self, TdbgRefreshStats *stats,
                              GCancellable *cancellable, GError **error);
/* Following a run from a program with a main loop. fetch reads, in a worker, what was
 * appended since the last load or apply (the executions and traces files up to
 * @max_bulk_bytes in all, 0 for no limit; *more says the limit was reached) without touching
 * the logdir; apply then parses it on the calling thread. apply fails with G_IO_ERROR_BUSY
 * while a reader holds the read lock: keep the snapshot and try again. */
void tdbg_logdir_fetch_async (TdbgLogdir *self, guint64 max_bulk_bytes, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
TdbgSource *tdbg_logdir_fetch_finish (TdbgLogdir *self, GAsyncResult *result, gboolean *more, GError **error);
gboolean tdbg_logdir_apply (TdbgLogdir *self, TdbgSource *snapshot, TdbgRefreshStats *stats, GError **error);
/* Held by threads that read the index while the main thread may apply. */
void tdbg_logdir_read_lock (TdbgLogdir *self);
void tdbg_logdir_read_unlock (TdbgLogdir *self);
/* Thread-safe: bytes scanned so far, bytes to scan, records found. */
void tdbg_logdir_get_progress (TdbgLogdir *self, guint64 *bytes_done, guint64 *bytes_total,
                               guint64 *records);
/* Thread-safe: the NaN/∞ graph execution traces and execution outputs the bulk files' records
 * read so far hold (the uncapped count of tdbg_logdir_get_n_inf_nan_traces() and
 * _execution_outputs() once loaded), for a count that grows while a big logdir is read. */
guint64 tdbg_logdir_get_progress_alerts (TdbgLogdir *self);

/* Run facts */
const char *tdbg_logdir_get_run_id (TdbgLogdir *self);
const char *tdbg_logdir_get_tensorflow_version (TdbgLogdir *self);
guint tdbg_logdir_get_modes (TdbgLogdir *self); /* bit (1 << mode) for every mode seen */
/* Every place (a host's file set, a device) a trace ran in, each once, as the load met them:
 * what the host and device choices are made of, without a pass over the traces. */
const TdbgTracePlace *tdbg_logdir_get_trace_places (TdbgLogdir *self, guint *n_places);
guint tdbg_logdir_get_n_file_sets (TdbgLogdir *self);
const TdbgFileSet *tdbg_logdir_get_file_set (TdbgLogdir *self, guint index);
GPtrArray *tdbg_logdir_get_problems (TdbgLogdir *self); /* TdbgProblem*, owned */

/* Interned strings (op types, device names) */
const char *tdbg_logdir_get_string (TdbgLogdir *self, guint32 id);

/* Bulk records */
guint tdbg_logdir_get_n_traces (TdbgLogdir *self);
const TdbgTraceDigest *tdbg_logdir_get_trace (TdbgLogdir *self, guint index);
/* The trace at full width; the wall time (and sizes or counts wider than the digest keeps)
 * are read from the record. FALSE when it cannot be read again: then @info holds what the
 * digest tells, with a wall time of 0. */
gboolean tdbg_logdir_get_trace_info (TdbgLogdir *self, guint index, TdbgTraceInfo *info);
double tdbg_logdir_get_trace_wall_time (TdbgLogdir *self, guint index);
/* The size and the -inf/+inf/NaN counts, exact (the record is read when the digest's are
 * saturated); FALSE when the mode does not tell them. */
gboolean tdbg_logdir_get_trace_size (TdbgLogdir *self, guint index, guint64 *size);
/* The traces of @op, in trace order (listed on the first call, and again once the index grew;
 * on the thread that owns the index). */
const guint32 *tdbg_logdir_get_op_traces (TdbgLogdir *self, guint32 op, guint *n_traces);
gboolean tdbg_logdir_get_trace_counts (TdbgLogdir *self, guint index, double *neg_inf, double *pos_inf, double *nan);
guint tdbg_logdir_get_n_executions (TdbgLogdir *self);
const TdbgExecutionDigest *tdbg_logdir_get_execution (TdbgLogdir *self, guint index);
guint64 tdbg_logdir_get_n_executions_all_file_sets (TdbgLogdir *self);

/* Tables */
guint tdbg_logdir_get_n_graphs (TdbgLogdir *self);
const TdbgGraph *tdbg_logdir_get_graph (TdbgLogdir *self, guint index);
guint32 tdbg_logdir_find_graph (TdbgLogdir *self, const char *graph_id);
guint tdbg_logdir_get_n_ops (TdbgLogdir *self);            /* includes ops seen only in traces */
guint tdbg_logdir_get_n_op_creations (TdbgLogdir *self);
const TdbgOp *tdbg_logdir_get_op (TdbgLogdir *self, guint index);
guint32 tdbg_logdir_find_op (TdbgLogdir *self, guint32 graph, const char *op_name);
guint tdbg_logdir_get_n_devices (TdbgLogdir *self);
const TdbgDevice *tdbg_logdir_get_device (TdbgLogdir *self, guint index);
guint tdbg_logdir_get_n_stack_frames (TdbgLogdir *self);
/* How many stack frames name a source file not read yet (it may still come: a run's files
 * are flushed apart); such a frame gets its path once the file is read. */
guint tdbg_logdir_get_n_frames_waiting (TdbgLogdir *self);
const TdbgStackFrame *tdbg_logdir_find_stack_frame (TdbgLogdir *self, const char *id);
guint tdbg_logdir_get_n_source_files (TdbgLogdir *self);
const TdbgSourceFile *tdbg_logdir_get_source_file (TdbgLogdir *self, guint index);

/* Alerts, in TensorBoard's order (traces first, then executions), capped at TDBG_ALERT_LIMIT */
guint tdbg_logdir_get_n_alerts (TdbgLogdir *self);
const TdbgAlert *tdbg_logdir_get_alert (TdbgLogdir *self, guint index);
guint64 tdbg_logdir_get_n_inf_nan_traces (TdbgLogdir *self);            /* uncapped */
guint64 tdbg_logdir_get_n_inf_nan_execution_outputs (TdbgLogdir *self); /* uncapped */

/* Full records, decoded on demand from their offsets. Free with
 * tensorflow__debug_event__free_unpacked (event, NULL). */
Tensorflow__DebugEvent *tdbg_logdir_read_trace (TdbgLogdir *self, guint index, GError **error);
Tensorflow__DebugEvent *tdbg_logdir_read_execution (TdbgLogdir *self, guint index, GError **error);
/* Whether the bytes a refresh reads are kept, until the next refresh, for the records read
 * again after it (default: not; FALSE drops those kept). A command that loads a logdir once
 * and reports on it reads each byte of a source afar once, at the cost of holding them. */
void tdbg_logdir_set_keep_read_bytes (TdbgLogdir *self, gboolean keep);
/* Whether the pages of a local logdir's bulk files are given back as the load reads them
 * (default: not). A command that loads, answers and exits unmaps them at its exit, one core
 * tearing down the page tables of a few hundred megabytes (10-17 ms for a million traces);
 * given back, each core tears down what it read while the other reads on. A record read again
 * maps its page anew from the page cache. */
void tdbg_logdir_set_release_read_pages (TdbgLogdir *self, gboolean release);
/* The device @op was placed on at its creation (its GraphOpCreation record read again), newly
 * allocated; NULL for an op never created in the logdir, "" when the record names none. */
char *tdbg_logdir_read_op_device (TdbgLogdir *self, const TdbgOp *op, GError **error);

/* Resolves a creation or execution stack (ids, outermost first) into frames; unknown ids are
 * skipped. Returns a new array of borrowed const TdbgStackFrame*. */
GPtrArray *tdbg_logdir_resolve_stack (TdbgLogdir *self, char **stack_frame_ids);
/* Index of the innermost user frame in @frames, or -1 when every frame is library code. */
gint tdbg_stack_innermost_user_frame (GPtrArray *frames);
/* The innermost frame of @op's creation stack outside the TensorFlow library, or NULL. */
const TdbgStackFrame *tdbg_logdir_get_op_user_frame (TdbgLogdir *self, const TdbgOp *op);
/* Whether the logdir is a tfdbg V1 dump's, which records no Python traceback, so that no
 * stack or source line can be shown: ops or executions but not one stack frame, and metadata
 * naming no TensorFlow version (as data/v1/ makes it; TensorFlow's own names its version, and
 * a tfdbg2 logdir without frames only lost them). */
gboolean tdbg_logdir_holds_no_traceback (TdbgLogdir *self);
/* Whether a source path is library code (under site-packages or dist-packages), not the user's. */
gboolean tdbg_stack_path_is_library (const char *path);
/* The source line of a frame, or NULL when its file or line is not in the logdir. */
const char *tdbg_logdir_get_frame_line (TdbgLogdir *self, const TdbgStackFrame *frame);

/* Latest trace of (op, output_slot) before trace @before, or TDBG_NONE. */
guint32 tdbg_logdir_find_latest_trace_before (TdbgLogdir *self, guint32 op, guint output_slot,
                                              guint32 before);
/* Earliest trace of an op at or after @from, or TDBG_NONE. */
guint32 tdbg_logdir_find_trace_of_op (TdbgLogdir *self, guint32 op, guint32 from);
/* The same, before trace @until: a near one is found among the rows themselves, without
 * listing every op's traces (tdbg_logdir_get_op_traces()). */
guint32 tdbg_logdir_find_trace_of_op_before (TdbgLogdir *self, guint32 op, guint32 from, guint32 until);

G_END_DECLS
