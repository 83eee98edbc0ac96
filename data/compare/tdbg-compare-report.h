/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A comparison told three ways: JSON for scripts, text for a terminal (where the runs first
 * part in a sentence, both sides, then the worst ops) and Markdown for a bug report or a pull
 * request (the same with both neighbourhoods drawn). */

#include "tdbg-compare.h"
#include "libtdbg-data.h"

G_BEGIN_DECLS

void tdbg_comparison_json (TdbgJson *json, TdbgComparison *comparison);
/* At most @max_ops of the worst ops. */
char *tdbg_comparison_text (TdbgComparison *comparison, guint max_ops);
/* @picture_a, @picture_b: the neighbourhoods' pictures relative to the report, or NULL when
 * they are not drawn (the report then says how to get them). */
char *tdbg_comparison_markdown (TdbgComparison *comparison, const char *picture_a, const char *picture_b);
/* DOT of the graph around the first divergence's op in run A, or in run B; NULL when there is
 * no such op (nothing diverges, or B lacks the trace). */
char *tdbg_comparison_picture_dot (TdbgComparison *comparison, gboolean run_b);

/* Whether anything differs: a trace, an eager execution, or a key found in one run only. */
gboolean tdbg_comparison_diverges (TdbgComparison *comparison);

G_END_DECLS
