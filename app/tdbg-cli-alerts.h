/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* How the command line tells an alert: a line of text or a JSON object (`alerts`, `inspect`,
 * `watch`). */

#include "tdbg-json.h"
#include "tdbg-logdir.h"

G_BEGIN_DECLS

/* Prints one line per alert of those kinds, each starting with its kind's name; returns how
 * many. */
guint tdbg_cli_print_more_alerts (TdbgLogdir *logdir, double magnitude_threshold);
/* One line about @alert of any kind (no newline). */
char *tdbg_cli_describe_alert (TdbgLogdir *logdir, const TdbgAlert *alert);
/* The same with −∞ and +∞ written as the window writes them (for a notification). */
char *tdbg_describe_alert_for_people (TdbgLogdir *logdir, const TdbgAlert *alert);
/* @alert as a JSON object, with @extra_members (may be NULL) called to add members of the
 * caller's before it closes. */
void tdbg_cli_json_alert (TdbgJson *j, TdbgLogdir *logdir, const TdbgAlert *alert,
                          void (*extra_members) (TdbgJson *j, gpointer data), gpointer data);

G_END_DECLS
