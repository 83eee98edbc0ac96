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
/* Whether traces and executions recorded in @modes (a bit (1 << mode) each, as
 * tdbg_logdir_get_modes() gives) can show NaN/∞: not when each is one that records no values
 * (NO_TENSOR, SHAPE). None recorded (0) can. */
gboolean tdbg_debug_modes_tell_nonfinite (guint modes);
/* The names of the modes in @modes, as the debug modes' enum spells them: "NO_TENSOR, SHAPE". */
char *tdbg_debug_modes_names (guint modes);
/* The output slot an op's input name reads ("dense/MatMul:1" → 1; "x" → 0). */
guint tdbg_input_name_slot (const char *input_name);

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
#define TDBG_TRACE_NO_OP 0xffffffu         /* the digest's op when the op was never created */
#define TDBG_TRACE_MAX_OPS TDBG_TRACE_NO_OP /* ops the index can name: the rest are problems */
#define TDBG_TRACE_SIZE_MAX 0xffffffu      /* sizes past it are read from the record */
#define TDBG_TRACE_MODE_MAX 15             /* debug modes past it (none is yet) are kept as it */

/* How the digest keeps one count (−∞, +∞ or NaN) in four bits: exactly up to
 * TDBG_TRACE_COUNT_EXACT_MAX; as the whole tensor (the count is the size, as when a NaN has
 * spread through it); else "read the record" (TDBG_DIGEST_COUNTS_SATURATED). */
#define TDBG_TRACE_COUNT_EXACT_MAX 13
#define TDBG_TRACE_COUNT_WHOLE 14
#define TDBG_TRACE_COUNT_READ 15

/* One graph execution trace, 20 bytes: tens of millions of them stay in memory. The full
 * record is decoded from its offset on demand. output_slot, device and flags are read as
 * they are; the packed rest only through the accessors below (or, for the wall time, the
 * size and the counts, tdbg_logdir_get_trace_info() and friends in tdbg-logdir.h). */
typedef struct {
  guint32 offset_low;       /* the record's offset in its file: low 32 bits… */
  guint32 offset_high : 8;  /* …and high 8 */
  guint32 op24 : 24;        /* index into the op table, TDBG_TRACE_NO_OP for none */
  guint32 size24 : 24;      /* size up to TDBG_TRACE_SIZE_MAX, else TDBG_DIGEST_SIZE_WIDE */
  guint32 flags : 8;        /* TdbgDigestFlags */
  guint16 output_slot;
  guint16 device;           /* interned string id of the device name, via tdbg_logdir_get_string() */
  guint32 file_set : 8;
  guint32 dtype : 8;
  guint32 mode : 4;
  guint32 count_codes : 12; /* neg_inf, pos_inf, nan: four bits each, as TDBG_TRACE_COUNT_* say */
} TdbgTraceDigest;
G_STATIC_ASSERT (sizeof (TdbgTraceDigest) == 20);

static inline guint64
tdbg_trace_digest_get_offset (const TdbgTraceDigest *d)
{
  return (guint64) d->offset_high << 32 | d->offset_low;
}

static inline guint
tdbg_trace_digest_get_file_set (const TdbgTraceDigest *d)
{
  return d->file_set;
}

static inline guint
tdbg_trace_digest_get_mode (const TdbgTraceDigest *d)
{
  return d->mode;
}

static inline guint
tdbg_trace_digest_get_dtype (const TdbgTraceDigest *d)
{
  return d->dtype;
}

/* The op's index, TDBG_NONE when the op was never created. */
static inline guint32
tdbg_trace_digest_get_op (const TdbgTraceDigest *d)
{
  return d->op24 == TDBG_TRACE_NO_OP ? TDBG_NONE : d->op24;
}

/* @op as the digest keeps it: TDBG_NONE (and anything past what 24 bits name) as NO_OP. */
static inline guint32
tdbg_trace_op24 (guint32 op)
{
  return op < TDBG_TRACE_MAX_OPS ? op : TDBG_TRACE_NO_OP;
}

static inline void
tdbg_trace_digest_set_op (TdbgTraceDigest *d, guint32 op)
{
  d->op24 = tdbg_trace_op24 (op);
}

/* Count @which (0 −∞, 1 +∞, 2 NaN) when the digest holds it (TRUE), whatever the flags say
 * of the counts being known at all. */
static inline gboolean
tdbg_trace_digest_get_count (const TdbgTraceDigest *d, guint which, guint64 *count)
{
  guint code = (d->count_codes >> (4 * which)) & 0xf;

  if (code == TDBG_TRACE_COUNT_READ)
    return FALSE;
  *count = code == TDBG_TRACE_COUNT_WHOLE ? d->size24 : code;
  return TRUE;
}

/* Whether count @which (0 −∞, 1 +∞, 2 NaN) is above 0, as far as the counts are known. */
static inline gboolean
tdbg_trace_digest_holds (const TdbgTraceDigest *d, guint which)
{
  return (d->flags & TDBG_DIGEST_HAS_COUNTS) && ((d->count_codes >> (4 * which)) & 0xf) != 0;
}

static inline guint
tdbg_trace_count_code (guint64 count, const TdbgTraceInfo *info)
{
  if (count <= TDBG_TRACE_COUNT_EXACT_MAX)
    return (guint) count;
  if ((info->flags & TDBG_DIGEST_HAS_SIZE) && count == info->size && info->size <= TDBG_TRACE_SIZE_MAX)
    return TDBG_TRACE_COUNT_WHOLE;
  return TDBG_TRACE_COUNT_READ;
}

/* Packs @info, whose offset must not pass TDBG_TRACE_MAX_OFFSET (inline: the loader packs
 * tens of millions). The fields are put together first and stored at once: bit-fields stored
 * one by one into the digest would each read it back. */
static inline void
tdbg_trace_digest_pack (TdbgTraceDigest *d, const TdbgTraceInfo *info)
{
  guint flags = info->flags & ~(TDBG_DIGEST_SIZE_WIDE | TDBG_DIGEST_COUNTS_SATURATED);
  guint32 size = 0, codes = 0;

  if (info->flags & TDBG_DIGEST_HAS_SIZE)
    {
      if (info->size > TDBG_TRACE_SIZE_MAX)
        flags |= TDBG_DIGEST_SIZE_WIDE;
      size = (guint32) MIN (info->size, TDBG_TRACE_SIZE_MAX);
    }
  if (info->flags & TDBG_DIGEST_HAS_COUNTS)
    {
      guint neg_inf = tdbg_trace_count_code (info->neg_inf, info);
      guint pos_inf = tdbg_trace_count_code (info->pos_inf, info);
      guint nan = tdbg_trace_count_code (info->nan, info);

      if (neg_inf == TDBG_TRACE_COUNT_READ || pos_inf == TDBG_TRACE_COUNT_READ || nan == TDBG_TRACE_COUNT_READ)
        flags |= TDBG_DIGEST_COUNTS_SATURATED;
      codes = neg_inf | pos_inf << 4 | nan << 8;
    }
  *d = (TdbgTraceDigest) {
    .offset_low = (guint32) info->offset,
    .offset_high = (guint32) (info->offset >> 32) & 0xff,
    .op24 = tdbg_trace_op24 (info->op),
    .size24 = size,
    .flags = flags,
    .output_slot = info->output_slot,
    .device = info->device,
    .file_set = info->file_set,
    .dtype = info->dtype,
    .mode = MIN (info->mode, TDBG_TRACE_MODE_MAX),
    .count_codes = codes,
  };
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
