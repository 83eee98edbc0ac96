/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* At the top of Alerts: why the first NaN/∞ happened, as the root cause finder tells it
 * (tdbg-cause-finder.h): the origin, the cause in a sentence, the origin's inputs with their
 * latest traces and health (rows that select those traces), what to do, what the debug mode
 * could not tell, and how far it spread. Hidden while nothing went bad and while the cause is
 * being found; collapsible, so that the alert list keeps its room. */

#include <gtk/gtk.h>
#include "tdbg-selection.h"
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_TYPE_CAUSE_CARD (tdbg_cause_card_get_type ())
G_DECLARE_FINAL_TYPE (TdbgCauseCard, tdbg_cause_card, TDBG, CAUSE_CARD, GtkBox)

/* Shows the root cause of @selection's logdir; rows select through @selection. */
void tdbg_cause_card_set_selection (TdbgCauseCard *self, TdbgSelection *selection);
/* The cause shown, NULL while the card is hidden. */
const TdbgRootCause *tdbg_cause_card_get_cause (TdbgCauseCard *self);
/* The texts shown: the origin line and the cause sentence. */
const char *tdbg_cause_card_get_origin_text (TdbgCauseCard *self);
const char *tdbg_cause_card_get_explanation (TdbgCauseCard *self);
/* The row of input @index (a GtkListBoxRow), or NULL. */
GtkWidget *tdbg_cause_card_get_input_row (TdbgCauseCard *self, guint index);
/* Shows or hides all but the card's first line (its title button does). */
void tdbg_cause_card_set_expanded (TdbgCauseCard *self, gboolean expanded);
gboolean tdbg_cause_card_get_expanded (TdbgCauseCard *self);
/* Selects the origin, as a click on it does. */
void tdbg_cause_card_activate_origin (TdbgCauseCard *self);
/* A constant origin's line below it, naming the first NaN it led to (NULL when not shown), and
 * that trace selected, as a click on the line does. */
const char *tdbg_cause_card_get_first_nan_after_text (TdbgCauseCard *self);
void tdbg_cause_card_activate_first_nan_after (TdbgCauseCard *self);

/* An input's health in words ("healthy: 1 zero, 999 positive", "bad: 3 NaN", "not
 * recorded"), translated. */
char *tdbg_cause_card_describe_health (const TdbgCauseInput *input);

G_END_DECLS
