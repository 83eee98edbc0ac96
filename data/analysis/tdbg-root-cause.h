/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Why it went bad: the origin of the first NaN/∞ (the first bad trace in file order, walked
 * back through the links the logdir records when the bad values came in from elsewhere: a
 * function's placeholders and the call's inputs, nested graphs and their calling ops, eager
 * tensor ids; when that ends at values from outside the recording, the first bad eager output
 * if it came before them by wall time), its inputs' latest summaries, a cause decided by the cause catalogue from
 * what the debug mode records, and how far it spread. GTK-free: the CLI and the window say
 * the same thing.
 *
 * File order: graph execution traces are numbered as alerts are counted (TensorBoard's global
 * trace index): every trace of the file set with the earliest metadata wall_time in record
 * order, then those of the next file set, and so on. "Before" a trace means a smaller global
 * index. Executions are numbered likewise: the first file set's in record order, then the
 * next file set's (an eager input's producer is looked for on its call's host only). */

#include "libtdbg-data.h"
#include "tdbg-cause-catalogue.h"

G_BEGIN_DECLS

/* The cause in a few words, translated ("Log of zero"), for people; the code below is for
 * machines (JSON, reports). */
const char *tdbg_cause_name (TdbgCause cause);
/* "log_of_zero", …; "none" for TDBG_CAUSE_NONE. */
const char *tdbg_cause_code (TdbgCause cause);

/* Why an input of the origin was not recorded before it. */
typedef enum {
  TDBG_UNRECORDED_NONE,              /* it was */
  TDBG_UNRECORDED_FUNCTION_ARGUMENT, /* a function's argument: TensorFlow traces no placeholder */
  TDBG_UNRECORDED_NOT_INSTRUMENTED,  /* an op TensorFlow never traced */
  TDBG_UNRECORDED_CIRCULAR_BUFFER,   /* the logdir shows that a circular buffer dropped records */
  TDBG_UNRECORDED_UNKNOWN,           /* its op is not in the logdir, or traced only after */
  TDBG_UNRECORDED_OTHER_TASK,        /* placed on another task, whose records are not in the logdir */
  TDBG_UNRECORDED_DTYPE,             /* not floating-point: the health modes record no other tensor */
} TdbgUnrecorded;

/* "function_argument", "not_instrumented", "circular_buffer", "unknown", "other_task", "dtype";
 * NULL for NONE. */
const char *tdbg_unrecorded_code (TdbgUnrecorded reason);
/* "zeros", "negatives", "empty"; NULL for TDBG_EVIDENCE_NONE. */
const char *tdbg_evidence_code (TdbgEvidenceKind kind);

/* How one step of the walk back was reached from the step before it. */
typedef enum {
  TDBG_LINK_FIRST,            /* the first bad trace in file order (or bad execution: without
                               * one, or before values from outside the recording) */
  TDBG_LINK_INPUT,            /* an input of the op, in its own graph */
  TDBG_LINK_OUTER_GRAPH,      /* a placeholder of a nested graph, fed by the calling op's input */
  TDBG_LINK_FUNCTION_INPUT,   /* a placeholder of a function, fed by the eager call's input tensor */
  TDBG_LINK_EAGER_INPUT,      /* an eager op's input tensor, made by an earlier execution */
  TDBG_LINK_FUNCTION_OUTPUT,  /* a function's output, made by an op of its graph */
  TDBG_LINK_VARIABLE,         /* a variable read, written by an eager assignment of a tensor
                               * an earlier execution made */
} TdbgWalkLink;

/* "first", "input", "outer_graph", "function_input", "eager_input", "function_output",
 * "variable". */
const char *tdbg_walk_link_code (TdbgWalkLink link);

/* One place the bad values were seen on the way back: a trace or an eager execution's output. */
typedef struct {
  guint32 trace;              /* or TDBG_NONE */
  guint32 execution;          /* or TDBG_NONE */
  guint output_slot;
  TdbgWalkLink link;
} TdbgWalkStep;

/* One input of the origin op, in input order (control inputs left out). For an eager origin,
 * the executions that made its input tensors. */
typedef struct {
  guint32 op;                 /* producer op, TDBG_NONE when not in the logdir or eager */
  char *op_name;              /* for an eager input: the producer execution's op type */
  guint output_slot;
  guint32 trace;              /* its latest trace before the origin, or TDBG_NONE */
  guint32 execution;          /* eager: the execution that made it, or TDBG_NONE */
  TdbgValue value;            /* that trace's summary, decoded (valid when trace != TDBG_NONE) */
  gboolean value_read;
  gboolean bad;               /* that trace held NaN/∞ */
  gboolean culprit;           /* it held what explains the origin's bad values (a zero, …) */
  TdbgUnrecorded unrecorded;  /* why nothing was recorded of it before the origin */
  const char *maker_type;     /* NOT_INSTRUMENTED: the type of the op not recorded (borrowed) */
  char *maker_task;           /* OTHER_TASK: the task it was placed on, "/job:worker/replica:0/task:1" */
  const char *skipping_mode;  /* DTYPE: the debug mode that records floating-point tensors only,
                               * "FULL_HEALTH" */
} TdbgCauseInput;

typedef struct {
  /* Where it started: a graph execution trace, or an eager execution when the walk back left
   * the graphs. Both TDBG_NONE when nothing went bad. */
  guint32 origin_trace;
  guint32 origin_execution;
  guint32 origin_op;          /* for a trace; TDBG_NONE otherwise */
  const char *origin_op_type; /* borrowed from the logdir */
  /* origin_op has no output TensorFlow records (an optimizer's update of a variable): it is
   * inferred as the writer of the variable whose read, origin_trace, first held NaN/∞. */
  gboolean origin_untraced;
  guint origin_output_slot;
  guint mode;                 /* the origin's debug mode */
  guint dtype;                /* the origin's TdbgDtype as traced, 0 when not known */
  double neg_inf, pos_inf, nan; /* the origin's counts, NAN when the mode does not tell */

  TdbgCause cause;
  const char *family;         /* the catalogue's row that decided it: "log", "division", …; NULL
                               * when the op is not in the catalogue */
  const char *semantics;      /* that row's documented semantics (untranslated), or NULL */
  char *composition;          /* a _UnaryOpsComposition's op_names, "Log, Sqrt", or NULL */
  const char *function_name;  /* TDBG_CAUSE_NOT_INSTRUMENTED, or a call whose function's traces a
                               * circular buffer dropped: the name of the function's graph
                               * (borrowed from the logdir) */
  TdbgUnrecorded unrecorded;  /* for TDBG_CAUSE_INPUTS_NOT_RECORDED or an inferred cause: why */
  gint unrecorded_input;      /* the input it is said of, -1 for none */
  gint evidence_input;        /* index into inputs, -1 when none */
  TdbgEvidenceKind evidence_kind;
  double evidence_count;      /* zeros/negatives (the size, for empty) seen in that input, NAN when
                               * not recorded */
  gboolean inferred;          /* the mode could not show the evidence */

  GArray *inputs;             /* TdbgCauseInput */
  GArray *walk;               /* TdbgWalkStep: the first bad trace, …, the origin (last) */

  char *explanation;          /* one sentence, translated */
  char *hint;                 /* what to do about it, translated */
  char *limitation;           /* what the mode could not tell, translated, or NULL */

  /* Spread: bad traces and distinct bad ops after the origin, eager executions with a bad
   * output written after it; the enclosing function call (step) in which it happened. */
  guint64 spread_traces;
  guint spread_ops;
  guint spread_executions;
  guint32 step_execution;     /* TDBG_NONE when not known (TF1, no executions) */
  guint step_call;            /* 1-based call number of that function, 0 when unknown */
  guint32 step_graph;         /* the called function's graph, TDBG_NONE when unknown */
  guint step_calls;           /* the calls of that function recorded, 0 when unknown */
  guint step_last_bad_call;   /* the last of them a trace of its graph went bad in (1-based) */
  gboolean step_evaluates;    /* the step's function computes no gradient while another recorded
                               * function of its name does: evaluation or prediction (Keras's
                               * test function beside its train function) */
  guint step_op_run;          /* the origin op's run in that call (1-based) when it ran more than
                               * once before going bad (a loop's body), 0 otherwise */
  guint32 first_nan_after;    /* TDBG_CAUSE_CONSTANT: the first trace after the origin holding NaN,
                               * TDBG_NONE when none or when the mode does not tell */
  guint32 checked_by;         /* made NaN/∞: an IsFinite op of the origin's graph its values reach
                               * (dynamic loss scaling skips such a step), or TDBG_NONE */
  guint32 gradient_of;        /* the forward op whose gradient the origin's op is part of (its
                               * user's line is the one that matters), or TDBG_NONE */
  guint32 constant_before;    /* the constant whose ±∞ was the first alert, when it does not
                               * reach the NaN explained instead, or TDBG_NONE */
  guint32 guarded_trace;      /* the first NaN/∞, when an op read it and came out finite (a guard
                               * discarded it) and a later op went bad on its own, or TDBG_NONE */
  guint32 guarded_op;         /* that first NaN/∞'s op */
  guint32 guarded_by;         /* the op that discarded it (a tf.where's SelectV2) */
  guint32 discarded_by;       /* the op that read the origin's values and came out finite, when
                               * nothing went bad after them: harmless, or TDBG_NONE */
  guint32 variable_read;      /* the trace of the variable's read whose negatives or zeros the
                               * culprit input held (a moving variance given negatives), or
                               * TDBG_NONE */

  GPtrArray *records;         /* the decoded records the values borrow from */
} TdbgRootCause;

/* Finds the root cause of the first NaN/∞ of a loaded logdir. Never NULL: cause is
 * TDBG_CAUSE_NONE when nothing went bad. */
TdbgRootCause *tdbg_root_cause_find (TdbgLogdir *logdir);
void tdbg_root_cause_free (TdbgRootCause *cause);
/* How far it spread, translated, without a final stop: "295 traces of 52 ops and 3 eager
 * executions went bad after it"; never a count of 0 while a later trace or execution went bad. */
char *tdbg_root_cause_spread_text (const TdbgRootCause *rc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgRootCause, tdbg_root_cause_free)

/* "not recorded: an argument of its tf.function, …", translated: an input's missing record and why. */
char *tdbg_root_cause_unrecorded_text (const TdbgCauseInput *input);

/* The catalogue row an op type belongs to ("log", "division", …), NULL when not in the
 * catalogue; for the tests. */
const char *tdbg_root_cause_family_of (const char *op_type);

G_END_DECLS
