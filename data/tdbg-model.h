/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What a logdir holds, once linked: compact digests of the bulk records (graph execution
 * traces, executions), and the small tables they refer to (graphs, ops, devices, stack
 * frames, source files). No GTK here. */

#include <glib.h>

G_BEGIN_DECLS

#define TDBG_NONE G_MAXUINT32

typedef enum {
  TDBG_MODE_UNSPECIFIED = 0,
  TDBG_MODE_NO_TENSOR = 1,
  TDBG_MODE_CURT_HEALTH = 2,
  TDBG_MODE_CONCISE_HEALTH = 3,
  TDBG_MODE_FULL_HEALTH = 4,
  TDBG_MODE_SHAPE = 5,
  TDBG_MODE_FULL_NUMERICS = 6,
  TDBG_MODE_FULL_TENSOR = 7,
  TDBG_MODE_REDUCE_INF_NAN_THREE_SLOTS = 8,
} TdbgDebugMode;

const char *tdbg_debug_mode_name (guint mode); /* "FULL_HEALTH"; "UNKNOWN" when out of range */

typedef enum {
  TDBG_DIGEST_HAS_INF_NAN = 1 << 0,  /* the event raises a NaN/inf alert */
  TDBG_DIGEST_HAS_COUNTS = 1 << 1,   /* neg_inf/pos_inf/nan are known */
  TDBG_DIGEST_HAS_SIZE = 1 << 2,     /* size is known */
  TDBG_DIGEST_UNDECODABLE = 1 << 3,  /* framing intact, message not (reported as a problem) */
  TDBG_DIGEST_COUNTS_SATURATED = 1 << 4, /* a count is wider than the digest keeps: read the record */
  TDBG_DIGEST_SIZE_WIDE = 1 << 5,    /* the size is wider than the digest keeps: read the record */
} TdbgDigestFlags;

/* Everything the index knows of one graph execution trace, at full width. The digest below
 * keeps it packed; tdbg_logdir_get_trace_info() gives it back, reading the record for what
 * the digest does not keep (the wall time, wide sizes and counts). */
typedef struct {
  guint64 offset;
  double wall_time;
  guint64 size;         /* when TDBG_DIGEST_HAS_SIZE */
  guint64 neg_inf;      /* when TDBG_DIGEST_HAS_COUNTS */
  guint64 pos_inf;
  guint64 nan;
  guint32 op;
  guint16 output_slot;
  guint16 device;
  guint8 mode;
  guint8 file_set;
  guint8 dtype;
  guint8 flags;
} TdbgTraceInfo;

#define TDBG_TRACE_OFFSET_BITS 40
#define TDBG_TRACE_MAX_OFFSET ((G_GUINT64_CONSTANT (1) << TDBG_TRACE_OFFSET_BITS) - 1)
#define TDBG_TRACE_COUNT_MAX G_MAXUINT8

/* One graph execution trace, 24 bytes: tens of millions of them stay in memory. The full
 * record is decoded from its offset on demand. op, output_slot, device and flags are read
 * as they are; the packed rest only through the accessors below (or, for the wall time,
 * the size and the counts, tdbg_logdir_get_trace_info() and friends in tdbg-logdir.h). */
typedef struct {
  guint64 location;     /* offset (40 bits) | file_set << 40 | mode << 48 | dtype << 56 */
  guint32 op;           /* index into the op table */
  guint16 output_slot;
  guint16 device;       /* interned string id of the device name, via tdbg_logdir_get_string() */
  guint32 size32;       /* size when it fits, else TDBG_DIGEST_SIZE_WIDE */
  guint8 flags;
  guint8 counts8[3];    /* neg_inf, pos_inf, nan up to TDBG_TRACE_COUNT_MAX, else COUNTS_SATURATED */
} TdbgTraceDigest;
G_STATIC_ASSERT (sizeof (TdbgTraceDigest) == 24);

static inline guint64
tdbg_trace_digest_get_offset (const TdbgTraceDigest *d)
{
  return d->location & TDBG_TRACE_MAX_OFFSET;
}

static inline guint
tdbg_trace_digest_get_file_set (const TdbgTraceDigest *d)
{
  return (d->location >> 40) & 0xff;
}

static inline guint
tdbg_trace_digest_get_mode (const TdbgTraceDigest *d)
{
  return (d->location >> 48) & 0xff;
}

static inline guint
tdbg_trace_digest_get_dtype (const TdbgTraceDigest *d)
{
  return (guint) (d->location >> 56);
}

/* Packs @info, whose offset must not pass TDBG_TRACE_MAX_OFFSET (inline: the loader packs
 * tens of millions). */
static inline void
tdbg_trace_digest_pack (TdbgTraceDigest *d, const TdbgTraceInfo *info)
{
  gboolean counts = (info->flags & TDBG_DIGEST_HAS_COUNTS) != 0;

  d->location = (info->offset & TDBG_TRACE_MAX_OFFSET) | (guint64) info->file_set << 40 |
                (guint64) info->mode << 48 | (guint64) info->dtype << 56;
  d->op = info->op;
  d->output_slot = info->output_slot;
  d->device = info->device;
  d->flags = info->flags & ~(TDBG_DIGEST_SIZE_WIDE | TDBG_DIGEST_COUNTS_SATURATED);
  d->size32 = 0;
  if (info->flags & TDBG_DIGEST_HAS_SIZE)
    {
      if (info->size >= G_MAXUINT32)
        d->flags |= TDBG_DIGEST_SIZE_WIDE;
      d->size32 = (guint32) MIN (info->size, G_MAXUINT32);
    }
  if (counts && (info->neg_inf > TDBG_TRACE_COUNT_MAX || info->pos_inf > TDBG_TRACE_COUNT_MAX ||
                 info->nan > TDBG_TRACE_COUNT_MAX))
    d->flags |= TDBG_DIGEST_COUNTS_SATURATED;
  d->counts8[0] = (guint8) MIN (info->neg_inf, TDBG_TRACE_COUNT_MAX);
  d->counts8[1] = (guint8) MIN (info->pos_inf, TDBG_TRACE_COUNT_MAX);
  d->counts8[2] = (guint8) MIN (info->nan, TDBG_TRACE_COUNT_MAX);
}
/* What the digest alone tells: all of @info but the wall time (0), and the size and counts
 * only when they fit (see the flags). */
void tdbg_trace_digest_unpack (const TdbgTraceDigest *d, TdbgTraceInfo *info);

/* One eager execution (an op, or a tf.function call), 32 bytes. */
typedef struct {
  guint64 offset;
  double wall_time;
  guint32 op_type;      /* interned string id */
  guint32 graph;        /* graph index for tf.function calls, TDBG_NONE otherwise */
  guint16 num_outputs;
  guint16 n_alert_outputs; /* outputs whose value holds -inf, +inf or NaN */
  guint8 mode;
  guint8 file_set;
  guint8 flags;
  guint8 reserved;
} TdbgExecutionDigest;
G_STATIC_ASSERT (sizeof (TdbgExecutionDigest) == 32);

typedef struct {
  char *graph_id;
  char *graph_name;       /* NULL for the TF1 default graph */
  guint32 outer;          /* enclosing graph index or TDBG_NONE */
  guint depth;            /* 0 = outermost */
  guint n_ops;
  guint64 record_offset;
  GBytes *original_graph_def; /* NULL unless the producer filled it */
} TdbgGraph;

typedef struct {
  guint32 op;             /* consumer op index */
  guint16 input_slot;     /* which input of the consumer */
  guint16 output_slot;    /* which output of the producer */
} TdbgConsumer;

typedef struct {
  guint32 graph;          /* graph index, TDBG_NONE when the op's graph is unknown */
  char *op_name;
  char *op_type;          /* NULL for ops seen only in traces */
  char **input_names;     /* "src:slot", "^src"; NULL-terminated, never NULL */
  guint32 *input_ops;     /* per input name: producer op index or TDBG_NONE */
  guint num_outputs;
  gint32 *output_tensor_ids;
  guint n_output_tensor_ids;
  char **stack_frame_ids; /* outermost first; NULL-terminated, never NULL */
  char *host_name;
  GArray *consumers;      /* TdbgConsumer, control inputs excluded */
  guint32 first_trace;    /* earliest trace of this op, TDBG_NONE if never traced */
  guint32 first_inf_nan_trace; /* earliest trace holding -inf, +inf or NaN, or TDBG_NONE */
  guint64 traced_slots;   /* bit n: output slot n traced (bit 63: a slot of 63 or more) */
  double earliest_trace_time; /* least wall time of its traces in the first file set, or +inf */
  guint64 record_offset;  /* of the GraphOpCreation, G_MAXUINT64 if none */
  guint file_set;         /* whose .graphs file holds that record */
} TdbgOp;

/* Where traces ran: a host's file set and a device (tdbg_logdir_get_trace_places()). */
typedef struct {
  guint16 device;         /* interned string id, as TdbgTraceDigest's */
  guint8 file_set;
} TdbgTracePlace;

/* The bit of TdbgOp.traced_slots that says @output_slot was traced. */
static inline guint64
tdbg_op_slot_bit (guint output_slot)
{
  return G_GUINT64_CONSTANT (1) << MIN (output_slot, 63u);
}

typedef struct {
  gint device_id;
  char *device_name;
  char *host_name;
} TdbgDevice;

typedef struct {
  char *file_path;
  char *host_name;
  char **lines;           /* NULL-terminated, never NULL; one block with the text */
  guint n_lines;
} TdbgSourceFile;

typedef struct {
  char *id;
  guint32 source_file;    /* index into the source files, TDBG_NONE if unknown */
  char *file_path;        /* as recorded (from the source file), or NULL */
  gint line;              /* 1-based */
  char *func;
  gboolean is_library;    /* TensorFlow's or Python's own code, not the user's */
} TdbgStackFrame;

/* A row of the table in tdbg-alert-kind.c. */
typedef enum {
  TDBG_ALERT_INF_NAN,
  TDBG_ALERT_RETRACING,     /* beyond Debugger V2: found on demand (tdbg-more-alerts.h) */
  TDBG_ALERT_EXPLODING,
  TDBG_ALERT_DIVERGENCE,    /* found by comparing with another run (data/compare/) */
  TDBG_N_ALERT_TYPES
} TdbgAlertType;

/* One alert, as TensorBoard's Debugger V2 counts them. */
typedef struct {
  TdbgAlertType type;
  guint32 trace_index;      /* TDBG_NONE when from an execution */
  guint32 execution_index;  /* TDBG_NONE when from a trace */
  guint output_slot;
  double size;              /* NAN when unknown (CURT_HEALTH) */
  double num_neg_inf;       /* NAN when unknown */
  double num_pos_inf;
  double num_nan;
  double wall_time;
  guint32 op_type;          /* interned string id */
  /* The kinds beyond Debugger V2's (zero for NaN/∞): */
  guint32 op;               /* the op the alert is about (retracing: an op of the first graph) */
  guint n_graphs;           /* retracing: graphs traced from one Python function */
  double magnitude;         /* exploding magnitude: the largest finite |x|; divergence: the
                             * largest |a − b| against the twin (NAN when none is finite) */
} TdbgAlert;

#define TDBG_ALERT_LIMIT 1000

G_END_DECLS
