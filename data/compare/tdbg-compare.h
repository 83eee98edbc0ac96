/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Two runs of one program compared: each graph execution trace of run A paired with its twin
 * in run B by name (the chain of its graphs' names without their numeric suffixes, the op's
 * name, the output slot and how many times that key came before), never by the ids a second
 * process changes. Every pair's values are read and compared one pair at a time, so memory
 * grows with the number of traces, never with their values. Eager executions are paired the
 * same way, by op type (a function's without its suffix) and occurrence. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_COMPARE_DEFAULT_RTOL 1e-5
#define TDBG_COMPARE_DEFAULT_ATOL 1e-8

typedef struct {
  double rtol;   /* |a − b| ≤ atol + rtol·|b| elementwise is close */
  double atol;
  /* Run B is still being written: an occurrence it lacks yet is awaited (not compared), not
   * missing, so that a run followed behind the other shows no divergence it will not have. */
  gboolean b_growing;
} TdbgCompareOptions;

typedef enum {
  TDBG_DIVERGENCE_NONE,
  TDBG_DIVERGENCE_VALUES,   /* FULL_TENSOR values not close */
  TDBG_DIVERGENCE_HEALTH,   /* summaries differ (the per-run ids left out) */
  TDBG_DIVERGENCE_DTYPE,
  TDBG_DIVERGENCE_SHAPE,
  TDBG_DIVERGENCE_MISSING,  /* run B has fewer occurrences of the key */
  TDBG_DIVERGENCE_MODE,     /* the twins were recorded in different debug modes */
  TDBG_DIVERGENCE_OUTPUTS,  /* executions: a different number of recorded outputs */
} TdbgDivergenceKind;

/* "values", "health", "dtype", "shape", "missing", "mode", "outputs"; NULL for NONE. */
const char *tdbg_divergence_kind_code (TdbgDivergenceKind kind);

typedef struct {
  TdbgDivergenceKind kind;
  guint32 a;              /* trace (or execution) of run A; TDBG_NONE when kind is NONE */
  guint32 b;              /* its twin in run B; TDBG_NONE for missing */
  guint output_slot;      /* executions: the position among the recorded outputs */
  double max_abs_diff;    /* largest |a − b| over elements both finite; NAN when none differs */
} TdbgDivergence;

/* Sums of the differences of the elements both finite, for one pair or many. */
typedef struct {
  guint64 n;              /* pairs of finite elements */
  double max_abs;
  double sum_abs;
  double max_rel;         /* |a − b| / |b| over the pairs with b ≠ 0 */
  double dot, norm_a, norm_b, noise; /* Σab, Σa², Σb², Σ(a − b)² */
} TdbgErrorSums;

void tdbg_error_sums_add (TdbgErrorSums *into, const TdbgErrorSums *sums);
/* The cosine similarity of the values summed into @sums (1 when both are all zeros). */
double tdbg_error_sums_cosine (const TdbgErrorSums *sums);
/* The signal (run A) to noise (A − B) ratio in dB: +inf when identical. */
double tdbg_error_sums_sqnr_db (const TdbgErrorSums *sums);

/* One op output of run A compared with its twins, over all its compared traces. */
typedef struct {
  guint32 key;             /* index into the comparison's keys */
  guint32 op_a, op_b;      /* the op in each run (the first one with the key) */
  guint output_slot;
  guint mode;              /* run A's debug mode of its first compared trace */
  guint32 first_trace;     /* run A's first compared trace of it */
  guint32 first_diverging; /* run A's first diverging trace of it, TDBG_NONE if none */
  guint64 compared;
  guint64 diverging;
  TdbgErrorSums sums;
} TdbgOpError;

typedef struct _TdbgComparison TdbgComparison;

struct _TdbgComparison {
  TdbgLogdir *a, *b;
  guint n_a, n_b;            /* the traces of each run compared: those in the index then */
  TdbgCompareOptions options;
  GPtrArray *keys;           /* char*: "graph/…/op_name:slot" with the stripped graph names */
  TdbgDivergence first;      /* kind NONE when nothing differs */
  guint64 compared_traces;   /* A traces compared up to and including the first divergence (all when none) */
  guint64 compared_all;      /* every A trace compared */
  guint64 diverging_traces;
  guint64 awaiting;          /* with b_growing: A traces whose twin B has not written yet */
  GPtrArray *only_in_a;      /* char*, sorted: keys that never occur in the other run */
  GPtrArray *only_in_b;
  GArray *ops;               /* TdbgOpError, in the order of their first compared trace */
  guint32 *twins;            /* per A trace: its twin in B, or TDBG_NONE (none, or key absent from B) */
  float *errors;             /* per A trace: largest |a − b|; NAN when not compared; -1 when it diverges with no finite difference */
  guint8 *divergences;       /* per A trace: its TdbgDivergenceKind (NONE when close, or not compared) */
  gint diverging_step;       /* 0-based call of the outermost function holding the first divergence, -1 unknown */
  guint32 step_execution;    /* that call's execution in run A, TDBG_NONE when unknown */
  TdbgDivergence first_execution;
  guint64 compared_executions;
};

void tdbg_compare_options_init (TdbgCompareOptions *options);

/* Compares two loaded logdirs. NULL (with the file and offset) when a record of either
 * cannot be read again. Holds both logdirs' read locks while it reads. */
TdbgComparison *tdbg_comparison_new (TdbgLogdir *a, TdbgLogdir *b, const TdbgCompareOptions *options,
                                     GCancellable *cancellable, GError **error);
void tdbg_comparison_free (TdbgComparison *comparison);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgComparison, tdbg_comparison_free)

/* Indices into ->ops (guint) of the ops that diverge, worst first (the largest relative, then absolute, error first), at most @max. */
GArray *tdbg_comparison_worst_ops (TdbgComparison *comparison, guint max);

/* The alerts (TDBG_ALERT_DIVERGENCE, on run A's traces) a window lists: the first divergence,
 * then the first diverging trace of each diverging op, worst first (at most @max_ops, the op
 * of the first divergence left out); empty when nothing diverges. */
GArray *tdbg_comparison_alerts (TdbgComparison *comparison, guint max_ops);

/* The key of a graph name: without one trailing "_<digits>" ("cond_true_77" → "cond_true"). */
char *tdbg_compare_strip_suffix (const char *name);

G_END_DECLS
