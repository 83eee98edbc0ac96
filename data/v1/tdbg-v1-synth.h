/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A V1 dump told as a tfdbg2 logdir: one file set whose records are made from the dump. The
 * partition graphs (without the debugger's copy and debug nodes, as TensorFlow's DebugDumpDir
 * shows them) are graphs with their op creations and their GraphDef; each device a debugged
 * device; each dumped tensor a FULL_TENSOR graph execution trace holding its value, in time
 * order; each Session.run an execution of the timeline. The dump carries no Python traceback:
 * the logdir made has no stack frame (tdbg_logdir_holds_no_traceback() says so, as a notice). */

#include "tdbg-v1-dump.h"
#include "libtdbg-data.h"

G_BEGIN_DECLS

/* Writes the six files into @out; adds to @dump->problems what the dump's reading cannot show. */
void tdbg_v1_synthesize (TdbgV1Dump *dump, TdbgMemorySource *out);

/* Keeps only the ops of a partition graph (no __copy_ or __dbg_ nodes; inputs from copies go to
 * what they copy, control inputs from debug nodes are dropped) and writes inputs as "node:slot"
 * or "^node". A node without a name, or with one an earlier node has, is left out and counted
 * in *n_dropped. NULL when @graph_def is not a GraphDef. */
GBytes *tdbg_v1_strip_graph (GBytes *graph_def, guint *n_dropped);

G_END_DECLS
