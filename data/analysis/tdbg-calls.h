/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Which eager execution ran a graph execution trace: the tf.function call whose graph holds
 * the trace's op (directly or through nested graphs: a while loop's body, a cond branch), the
 * first such call written after the trace (an execution is written once the call finished,
 * its traces while it ran). And back: the first trace a call ran. Neither is recorded in
 * the files; both are worked out from the graphs and the wall times. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

/* The execution that ran @trace, or TDBG_NONE (a TF1 program, or no call of its graph). */
guint32 tdbg_calls_execution_of_trace (TdbgLogdir *logdir, guint32 trace);
/* The first trace the call @execution ran, or TDBG_NONE (a single op, or a call whose traces
 * are not in the logdir). */
guint32 tdbg_calls_first_trace (TdbgLogdir *logdir, guint32 execution);

G_END_DECLS
