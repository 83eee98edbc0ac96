/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 1, Alerts: alert kinds with their counts, and the list of NaN/∞ alert events (the
 * kinds beyond Debugger V2's are counted apart and jumped to by their kind's button; the
 * property "magnitude-threshold" sets where a FULL_TENSOR value's magnitude explodes). */

#include "tdbg-pane.h"
#include "tdbg-cause-card.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_ALERT_MOVE_FIRST,
  TDBG_ALERT_MOVE_NEXT,
  TDBG_ALERT_MOVE_PREVIOUS,
} TdbgAlertMove;

#define TDBG_TYPE_ALERTS_PANE (tdbg_alerts_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgAlertsPane, tdbg_alerts_pane, TDBG, ALERTS_PANE, TdbgPane)

/* Selects the first, next or previous alert (as the buttons and shortcuts do). */
void tdbg_alerts_pane_move (TdbgAlertsPane *self, TdbgAlertMove move);
/* Activates alert @index, as a click on its row does. */
void tdbg_alerts_pane_activate (TdbgAlertsPane *self, guint index);
/* Goes to an alert of a kind, as its button does: NaN/∞'s first alert, or the trace or op
 * of the next alert of a kind beyond Debugger V2's (its first, then on at each call,
 * wrapping around: they are not in the list to step through). */
void tdbg_alerts_pane_activate_kind (TdbgAlertsPane *self, TdbgAlertType type);
/* The count a kind's button shows (a kind beyond Debugger V2's has a button only when it
 * is not 0). */
guint tdbg_alerts_pane_get_kind_count (TdbgAlertsPane *self, TdbgAlertType type);
/* The root-cause card at the top of the pane. */
TdbgCauseCard *tdbg_alerts_pane_get_cause_card (TdbgAlertsPane *self);
/* The pane's heading as shown ("Alerts (3)"). */
const char *tdbg_alerts_pane_get_title (TdbgAlertsPane *self);
/* Compare mode: @alerts (TdbgAlert of TDBG_ALERT_DIVERGENCE on this logdir's traces, the first
 * divergence first; referenced) get their kind's button (which goes to the first divergence) and
 * the list's first rows, and the first, next and previous alert (Ctrl+Home, F8, Shift+F8) go
 * through them before the NaN/∞ alerts; @summary (what was compared, where the runs part, the op
 * outputs only one has, run B's own NaN/∞ and problems) is shown under the kinds; @alerts_in_b
 * (run B's NaN/∞ alerts) keeps the pane from saying there are none. NULL @alerts leaves compare
 * mode, as a new logdir does. */
void tdbg_alerts_pane_set_comparison (TdbgAlertsPane *self, GArray *alerts, const char *summary, guint64 alerts_in_b);
/* The compare-mode summary as shown, "" when hidden. */
const char *tdbg_alerts_pane_get_comparison_text (TdbgAlertsPane *self);
/* While a big logdir's first stretch is shown and the rest is read: the alerts found so far
 * in all of it (tdbg_logdir_get_progress_alerts()), for the title's growing count. */
void tdbg_alerts_pane_set_found (TdbgAlertsPane *self, guint64 found);

G_END_DECLS
