/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Logdirs for the walk back of the root cause (tests/unit/test-root-cause-walk.c, the window's
 * card), written with the fixture writer: traces and eager executions in any health mode or
 * FULL_TENSOR, of float32 tensors with given element counts. */

#include <glib.h>
#include "tdbg-fixture-writer.h"
#include "tdbg-root-cause.h"

G_BEGIN_DECLS

typedef Tensorflow__TensorDebugMode CauseMode;
#define CAUSE_CURT TENSORFLOW__TENSOR_DEBUG_MODE__CURT_HEALTH
#define CAUSE_CONCISE TENSORFLOW__TENSOR_DEBUG_MODE__CONCISE_HEALTH
#define CAUSE_FULL TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH
#define CAUSE_TENSOR TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR
#define CAUSE_NO_TENSOR TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR

/* Element counts: −∞, +∞, NaN, negative, zero, positive. */
typedef double CauseCounts[6];
extern const CauseCounts cause_finite_with_zeros, cause_finite_positive, cause_neg_infs, cause_nans, cause_pos_infs;

/* A file set of run "run" in @dir for @host, started at @start (its timestamp and metadata
 * time), holding the one graph @graph (outermost; NULL for none). */
TdbgFixtureWriter *cause_fixture_writer_new (const char *dir, const char *host, gint64 start, const char *graph);
/* A trace of output 0 of @op in @graph (tensor id @time). */
void cause_fixture_add_trace (TdbgFixtureWriter *w, double time, const char *graph, const char *op, CauseMode mode,
                              const CauseCounts c);
/* An op of one output in @graph (also its name). */
void cause_fixture_add_op (TdbgFixtureWriter *w, const char *graph, const char *type, const char *name,
                           const char *const *inputs);
/* An eager execution of @op_type (a function call when @graph is set) with one output. */
void cause_fixture_add_execution (TdbgFixtureWriter *w, double time, const char *op_type, const char *graph, CauseMode mode,
                                  const gint64 *inputs, guint n_inputs, gint64 output, const CauseCounts c);

/* Eager: Sub (execution 0, zeros) → Log (execution 1, −∞); then f(x, y) called with Sub's
 * and Log's outputs, whose placeholder y (trace 1) is the first bad trace. With @drop_sub,
 * the Sub execution was dropped. Returns the new logdir. */
char *cause_fixture_write_eager_into_function (CauseMode mode, gboolean drop_sub);
/* outer: a, b → RealDiv d (NaN, trace 3) → Identity i → call(inner); inner: p → Exp e. The
 * inner placeholder p (trace 2) is traced before d and is the first bad trace. With @as_cond
 * the call is a StatelessIf(pred, i) of the branches inner and else. */
char *cause_fixture_write_nested (CauseMode mode, gboolean as_cond);

/* f: a variable's handle h given to ResourceApplyAdam update (its epsilon eps traced holding a
 * zero; no output TensorFlow records) and to ReadVariableOp read, traced NaN (trace 1); the
 * update is created before the read unless @update_after. */
char *cause_fixture_write_untraced_update (gboolean update_after);

/* f: a Const mask_value holding −∞ (trace 0, the first bad one), a SelectV2 masked passing it on
 * (trace 1), a Softmax probs holding NaN (trace 2): the mask a program wrote on purpose. */
char *cause_fixture_write_constant_mask (void);

/* Loads @dir and finds its root cause; the logdir goes to @logdir_out. */
TdbgRootCause *cause_fixture_find (const char *dir, TdbgLogdir **logdir_out);
/* Nothing went bad: no origin, no cause, no walk, and a sentence saying so. */
void cause_fixture_assert_nothing_bad (const TdbgRootCause *rc);

G_END_DECLS
