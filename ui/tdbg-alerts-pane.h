/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 1, Alerts: alert kinds with their counts, and the list of alert events. */

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
/* The root-cause card at the top of the pane. */
TdbgCauseCard *tdbg_alerts_pane_get_cause_card (TdbgAlertsPane *self);
/* The pane's heading as shown ("Alerts (3)"). */
const char *tdbg_alerts_pane_get_title (TdbgAlertsPane *self);

G_END_DECLS
