/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Back and forward through what the person selected, like a browser: every jump of the
 * shared selection (an alert, a trace, an execution, a graph node, a stack frame, an input)
 * becomes an entry of a bounded list. Going back or forward restores the selection, which
 * every pane follows, without recording a new entry; a new jump after going back drops the
 * entries ahead. Opening another logdir starts the history over. */

#include <glib-object.h>
#include "tdbg-selection.h"

G_BEGIN_DECLS

#define TDBG_HISTORY_DEFAULT_MAX 100

#define TDBG_TYPE_HISTORY (tdbg_history_get_type ())
G_DECLARE_FINAL_TYPE (TdbgHistory, tdbg_history, TDBG, HISTORY, GObject)

/* Records the jumps of @selection, keeping the latest @max_entries (at least 2). */
TdbgHistory *tdbg_history_new (TdbgSelection *selection, guint max_entries);

/* The properties "can-go-back" and "can-go-forward" follow these. */
gboolean tdbg_history_can_go_back (TdbgHistory *self);
gboolean tdbg_history_can_go_forward (TdbgHistory *self);
/* Restore the previous or next entry; FALSE when there is none. */
gboolean tdbg_history_back (TdbgHistory *self);
gboolean tdbg_history_forward (TdbgHistory *self);
/* The changes of one jump arrive as several notifications and are taken as one entry when
 * the main loop is next idle (before it redraws); this records a pending one now. */
void tdbg_history_flush (TdbgHistory *self);

guint tdbg_history_get_n_entries (TdbgHistory *self);
/* The index of the current entry (-1 while the history is empty). */
gint tdbg_history_get_position (TdbgHistory *self);
const TdbgSelectionState *tdbg_history_get_entry (TdbgHistory *self, guint index);

G_END_DECLS
