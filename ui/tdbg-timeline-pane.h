/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 2, Python Execution Timeline: one box per eager execution, labelled with the first
 * letter of its op type or function name. */

#include "tdbg-pane.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TIMELINE_PANE (tdbg_timeline_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTimelinePane, tdbg_timeline_pane, TDBG, TIMELINE_PANE, TdbgPane)

G_END_DECLS
