/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The kinds of alert, as one table: what the reader looks for in a record, what Debugger V2
 * calls it, what people read and how it is shown. Adding a kind is adding a row (and its
 * tests); the reader, the panes and the command line read everything else from here. The kinds
 * Debugger V2 does not have are found on demand by the analyses (data/analysis/
 * tdbg-more-alerts.c holds their finders, one per kind). */

#include <glib.h>
#include "tdbg-model.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_ALERT_SEVERITY_WARNING,
  TDBG_ALERT_SEVERITY_ERROR,
} TdbgAlertSeverity;

typedef struct {
  TdbgAlertType type;
  const char *id;              /* Debugger V2's alert_type, as in its JSON ("InfNanAlert") */
  const char *name;            /* untranslated (N_()): read it with tdbg_alert_kind_get_name() */
  TdbgAlertSeverity severity;
  const char *css_class;       /* the style class that colours it ("tdbg-salient") */
  const char *hint;            /* untranslated (N_()): the alerts pane's tooltip */
  /* Whether a record's health summary raises the alert: on the digest the scanner made of a
   * graph execution trace, and on the counts of one decoded tensor. */
  gboolean (*trace_alerts) (const TdbgTraceDigest *digest);
  /* The kinds Debugger V2 does not have leave both tests NULL: they are found on demand,
   * apart from its NaN/∞ alerts (tdbg_more_alerts_find()). */
  gboolean (*counts_alert) (double neg_inf, double pos_inf, double nan);
  /* Found by comparing the run with another (data/compare/), never in one logdir: no finder. */
  gboolean from_comparison;
} TdbgAlertKind;

guint tdbg_alert_kind_get_n (void);
/* Kinds in the order the panes list them, which is their TdbgAlertType's. */
const TdbgAlertKind *tdbg_alert_kind_nth (guint index);
const TdbgAlertKind *tdbg_alert_kind_get (TdbgAlertType type);
/* NULL when no kind has that id. */
const TdbgAlertKind *tdbg_alert_kind_lookup (const char *id);
const char *tdbg_alert_kind_get_name (const TdbgAlertKind *kind);
/* Whether Debugger V2 has the kind (then its alerts are tdbg_logdir_get_alert()'s). */
gboolean tdbg_alert_kind_is_debugger_v2 (const TdbgAlertKind *kind);

G_END_DECLS
