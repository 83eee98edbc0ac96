/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 2, Python Execution Timeline: one box per eager execution, labelled with the first
 * letter of its op type or function name. */

#include "tdbg-pane.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TIMELINE_PANE (tdbg_timeline_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTimelinePane, tdbg_timeline_pane, TDBG, TIMELINE_PANE, TdbgPane)

/* What a timeline chip shows of @op_type: a tf.function's name without "__inference_" and
 * its graph's number ("scaled_roots"), an op's type as it is (newly allocated). */
char *tdbg_timeline_chip_text (const char *op_type);

G_END_DECLS
