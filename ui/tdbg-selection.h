/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the person is looking at: one object shared by every pane. Panes observe its
 * properties (notify::) and change them; they never call each other. */

#include <glib-object.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

/* Which record the focus came from; the stack pane shows that record's stack. */
typedef enum {
  TDBG_FOCUS_NONE,
  TDBG_FOCUS_TRACE,
  TDBG_FOCUS_EXECUTION,
  TDBG_FOCUS_OP,
} TdbgFocus;

#define TDBG_TYPE_SELECTION (tdbg_selection_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSelection, tdbg_selection, TDBG, SELECTION, GObject)

TdbgSelection *tdbg_selection_new (void);

void tdbg_selection_set_logdir (TdbgSelection *self, TdbgLogdir *logdir);
TdbgLogdir *tdbg_selection_get_logdir (TdbgSelection *self);
/* Whether a logdir is being read ("loading"): the panes then say so rather than ask for one. */
void tdbg_selection_set_loading (TdbgSelection *self, gboolean loading);
gboolean tdbg_selection_get_loading (TdbgSelection *self);
/* The current logdir was refreshed and now holds more than @before: emits "logdir-grew"
 * (const TdbgLogdirCounts *before) so that panes append the new records, keeping what the
 * person selected and where they scrolled. */
void tdbg_selection_logdir_grew (TdbgSelection *self, const TdbgLogdirCounts *before);

/* A graph execution trace: also selects its op. */
void tdbg_selection_select_trace (TdbgSelection *self, guint32 trace);
/* An eager execution (the op is cleared unless it is a tf.function call's graph op). */
void tdbg_selection_select_execution (TdbgSelection *self, guint32 execution);
/* An op: also selects its nearest trace (latest before the current trace, else its first). */
void tdbg_selection_select_op (TdbgSelection *self, guint32 op);
/* An alert: selects its trace or execution. */
void tdbg_selection_select_alert (TdbgSelection *self, guint alert);
/* A frame of the shown stack (index into it, -1 for none), and the source line it names. */
void tdbg_selection_select_frame (TdbgSelection *self, gint frame, guint32 source_file, gint line);
void tdbg_selection_select_source (TdbgSelection *self, guint32 source_file, gint line);

/* What the selection holds apart from its logdir: a place to come back to (the history). */
typedef struct {
  gint alert;
  guint32 trace;
  guint32 execution;
  guint32 op;
  TdbgFocus focus;
  gint frame;
  guint32 source_file;
  gint source_line;
} TdbgSelectionState;

void tdbg_selection_get_state (TdbgSelection *self, TdbgSelectionState *state);
/* Selects exactly what @state holds, the stack frame and source line included. */
void tdbg_selection_restore_state (TdbgSelection *self, const TdbgSelectionState *state);
gboolean tdbg_selection_state_equal (const TdbgSelectionState *a, const TdbgSelectionState *b);

gint tdbg_selection_get_alert (TdbgSelection *self);        /* -1 when none */
guint32 tdbg_selection_get_trace (TdbgSelection *self);     /* TDBG_NONE when none */
guint32 tdbg_selection_get_execution (TdbgSelection *self);
guint32 tdbg_selection_get_op (TdbgSelection *self);
TdbgFocus tdbg_selection_get_focus (TdbgSelection *self);
gint tdbg_selection_get_frame (TdbgSelection *self);
guint32 tdbg_selection_get_source_file (TdbgSelection *self);
gint tdbg_selection_get_source_line (TdbgSelection *self);  /* 1-based, 0 when none */

G_END_DECLS
