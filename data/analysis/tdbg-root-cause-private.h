/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Between tdbg-root-cause-first.c (which NaN/∞ to explain), tdbg-root-cause.c (deciding),
 * tdbg-root-cause-text.c (explaining in words), tdbg-root-cause-advice.c (what to do),
 * tdbg-root-cause-walk.c (walking back from the first bad trace to where the bad values first
 * appeared), tdbg-root-cause-spread.c (how far they went after it) and
 * tdbg-root-cause-gradient.c (the forward op of a gradient's op) and tdbg-root-cause-variable.c
 * (the variable the culprit's values were). */

#include "tdbg-root-cause.h"

G_BEGIN_DECLS

/* The root cause found by walking back from @start (tdbg-root-cause.c); a start of neither a
 * trace nor an execution: nothing bad. */
TdbgRootCause *_tdbg_root_cause_find_from (TdbgLogdir *logdir, TdbgWalkStep *start);
/* The origin made the NaN/∞ (rather than held or passed them on, or being unexplained). */
gboolean _tdbg_root_cause_made_here (const TdbgRootCause *rc);
/* Says, after @rc's explanation, what tdbg-root-cause-first.c found before it or after it
 * (constant_before, guarded_*, discarded_by, which also replaces the advice). */
void _tdbg_root_cause_explain_first_alert (TdbgLogdir *logdir, TdbgRootCause *rc);

/* The call of the function enclosing @graph that the trace at @wall_time ran in (step_*). */
void _tdbg_root_cause_find_step (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 graph, double wall_time);
/* The bad traces, their ops and the bad eager executions after the origin (spread_*). */
void _tdbg_root_cause_count_spread (TdbgLogdir *logdir, TdbgRootCause *rc, double origin_wall_time);
/* The first trace after @index whose counts show NaN, or TDBG_NONE. */
guint32 _tdbg_root_cause_first_nan_after (TdbgLogdir *logdir, guint32 index);
/* An IsFinite op that @op's outputs reach in its graph, or TDBG_NONE. */
guint32 _tdbg_root_cause_checked_by (TdbgLogdir *logdir, guint32 op);
/* The forward op of the gradient @op is part of, by its name (tdbg-root-cause-gradient.c), or
 * TDBG_NONE. */
guint32 _tdbg_root_cause_gradient_of (TdbgLogdir *logdir, guint32 op);
/* Whether the run computed gradients (an op of the logdir is a gradient's): it trains. */
gboolean _tdbg_root_cause_logdir_trains (TdbgLogdir *logdir);
/* Per graph, 1 for an outermost one whose ops (its nested graphs' too) include a gradient's:
 * a function that trains. Free with g_free(). */
guint8 *_tdbg_root_cause_training_graphs (TdbgLogdir *logdir);
/* The trace of the variable's read (ReadVariableOp, …) whose negatives or zeros the culprit
 * input held, through ops that keep them (tdbg-root-cause-variable.c), or TDBG_NONE. */
guint32 _tdbg_root_cause_variable_read (TdbgLogdir *logdir, const TdbgRootCause *rc);
/* Whether trace @index held what @kind counts (a negative, a zero) and no NaN/∞; FALSE when its
 * mode does not count them or its record cannot be read. */
gboolean _tdbg_cause_trace_holds (TdbgLogdir *logdir, guint32 index, TdbgEvidenceKind kind);

typedef struct {
  TdbgLogdir *logdir;
  GPtrArray *records;         /* decoded DebugEvents, kept alive: values borrow from them */
  GHashTable *executions;     /* execution index + 1 → its decoded Tensorflow__Execution */
} TdbgCauseWalk;

void _tdbg_cause_walk_init (TdbgCauseWalk *w, TdbgLogdir *logdir, GPtrArray *records);
void _tdbg_cause_walk_clear (TdbgCauseWalk *w);

/* The execution record, decoded once; NULL when unreadable. */
const Tensorflow__Execution *_tdbg_cause_walk_execution (TdbgCauseWalk *w, guint32 index);
/* The latest execution before @before whose outputs hold the eager tensor @tensor_id, and
 * which output it is; TDBG_NONE when none was recorded. */
guint32 _tdbg_cause_walk_producer (TdbgCauseWalk *w, guint32 before, gint64 tensor_id, guint *slot);
/* The value an execution recorded for output @slot; FALSE when the mode records none there. */
/* A never-traced argument of an outermost function (TensorFlow 2.21 traces no placeholder of
 * a forward function): the execution that made what the call running trace @ref was given,
 * and its output @slot; TDBG_NONE when that is not recorded. */
/* No outer graph, or only the eager context TensorFlow 2.21 records as one. */
gboolean _tdbg_cause_graph_is_outermost (TdbgLogdir *logdir, guint32 graph);
/* The graph that encloses @graph and runs in no other (@graph itself when it is outermost). */
guint32 _tdbg_cause_outermost_graph (TdbgLogdir *logdir, guint32 graph);
guint32 _tdbg_cause_walk_argument_producer (TdbgCauseWalk *w, guint32 op, guint32 ref, guint *slot);
/* The trace of output @slot of @op that fed the trace @ref: its latest before @ref in file
 * order; for an op traced on another host only (placed there inside the function), its latest
 * there by @ref's time. TDBG_NONE when none. */
guint32 _tdbg_cause_walk_input_trace (TdbgLogdir *logdir, guint32 op, guint slot, guint32 ref);
/* The latest trace of output @slot of @op by @time, over every file set. */
guint32 _tdbg_cause_walk_latest_trace_by_time (TdbgLogdir *logdir, guint32 op, guint slot, double time);
gboolean _tdbg_cause_walk_output_value (TdbgCauseWalk *w, guint32 execution, guint slot, TdbgValue *value);
/* Whether the execution's mode left that output out for its dtype: TensorFlow writes an empty
 * TensorProto in its place for a tensor not floating-point in the health modes. */
gboolean _tdbg_cause_walk_output_skipped (TdbgCauseWalk *w, guint32 execution, guint slot);
/* Whether that output held NaN/∞ (when the outputs cannot be told apart: whether any did). */
gboolean _tdbg_cause_walk_output_bad (TdbgCauseWalk *w, guint32 execution, guint slot);

/* Whether @op_type is one of @list, op types between spaces (" Cast Identity "). */
gboolean _tdbg_cause_type_in (const char *list, const char *op_type);
/* Whether TensorFlow passes this op's input on untraced (Identity, Enter, …). */
gboolean _tdbg_cause_walk_passes_on (const char *op_type);
/* Whether @mode records floating-point tensors only (CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH):
 * TensorFlow traces no output of another type in them. */
gboolean _tdbg_cause_records_floats_only (guint mode);
/* Whether this op's output is the value of a variable it reads (ReadVariableOp, ResourceGather,
 * …): its inputs carry no values, and what wrote the variable is not recorded. */
/* A constant of the graph: its value is in the GraphDef, as the program wrote it. */
gboolean _tdbg_cause_is_constant (const char *op_type);
/* The trace holds NaN/∞ (it raises an alert). */
gboolean _tdbg_cause_trace_bad (TdbgLogdir *logdir, guint32 index);
gboolean _tdbg_cause_reads_variable (const char *op_type);
/* An op that reads values from a checkpoint file (RestoreV2). */
gboolean _tdbg_cause_reads_checkpoint (const char *op_type);
/* An op that parses numbers from text (StringToNumber, DecodeCSV, ParseExample). */
gboolean _tdbg_cause_parses_text (const char *op_type);
/* An op that reads the next element of a tf.data pipeline (IteratorGetNext). */
gboolean _tdbg_cause_reads_dataset (const char *op_type);
/* Whether the logdir shows that a circular buffer dropped records of @graph's function: a call
 * of it was written before the earliest trace kept of its ops (a call is written after its
 * traces). */
gboolean _tdbg_cause_walk_records_dropped (TdbgLogdir *logdir, guint32 graph);
/* Whether no op of @graph's function (the graph enclosing it and every graph within) was
 * traced, and the logdir shows no circular buffer that could have dropped the traces. */
gboolean _tdbg_cause_function_untraced (TdbgLogdir *logdir, guint32 graph);

/* The steps from @start back to where the bad values first appeared (the last step). */
GArray *_tdbg_cause_walk_back (TdbgCauseWalk *w, const TdbgWalkStep *start);

/* Whether something of an input was recorded before the origin (an eager input counts when
 * the execution that made it recorded its value). */
gboolean _tdbg_cause_input_recorded (const TdbgCauseInput *input);
/* Whether an input not recorded may have carried a NaN/∞ born earlier: any but a Const's (a
 * value fixed in the graph, and the axis or shape operand of most ops). */
gboolean _tdbg_cause_input_may_hide_nonfinite (const TdbgCauseInput *input);
/* Fills @rc's explanation, hint and limitation from what was decided; @op_name names the
 * origin. */
void _tdbg_root_cause_explain (TdbgLogdir *logdir, TdbgRootCause *rc, const char *op_name);
/* What to do about @rc, translated (tdbg-root-cause-advice.c). */
char *_tdbg_root_cause_advice (TdbgLogdir *logdir, const TdbgRootCause *rc);
/* The advice for an input not recorded for @reason (a function's argument, a circular buffer, …). */
const char *_tdbg_root_cause_unrecorded_hint (TdbgUnrecorded reason);
/* The explanation when nothing went bad (or the modes recorded cannot tell). */
void _tdbg_root_cause_explain_nothing_bad (TdbgLogdir *logdir, TdbgRootCause *rc);

G_END_DECLS
