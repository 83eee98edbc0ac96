/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-alert-kind.h"

#include <glib/gi18n.h>

static gboolean
inf_nan_in_trace (const TdbgTraceDigest *digest)
{
  return (digest->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
}

/* Any count that is not zero, as Debugger V2 tests it (a damaged summary's negative or NaN
 * count raises the alert too). */
static gboolean
inf_nan_in_counts (double neg_inf, double pos_inf, double nan)
{
  return neg_inf != 0 || pos_inf != 0 || nan != 0;
}

/* Indexed by TdbgAlertType. */
static const TdbgAlertKind kinds[] = {
  [TDBG_ALERT_INF_NAN] = { TDBG_ALERT_INF_NAN, "InfNanAlert", N_("NaN/∞"), TDBG_ALERT_SEVERITY_ERROR,
                           "tdbg-salient", N_("Tensors holding −∞, +∞ or NaN; click for the first one"),
                           inf_nan_in_trace, inf_nan_in_counts },
  [TDBG_ALERT_RETRACING] = { TDBG_ALERT_RETRACING, "RetracingAlert", N_("Retracing"), TDBG_ALERT_SEVERITY_WARNING,
                             "tdbg-warning",
                             N_("A Python function traced into 5 graphs or more (slow: each trace builds a graph anew); click for the first one"),
                             NULL, NULL },
  [TDBG_ALERT_EXPLODING] = { TDBG_ALERT_EXPLODING, "ExplodingMagnitudeAlert", N_("Exploding magnitude"),
                             TDBG_ALERT_SEVERITY_WARNING, "tdbg-warning",
                             N_("FULL_TENSOR values whose largest |x| passes the threshold (1e6 unless changed); click for the first one"),
                             NULL, NULL },
  [TDBG_ALERT_DIVERGENCE] = { TDBG_ALERT_DIVERGENCE, "DivergenceAlert", N_("First divergence"),
                              TDBG_ALERT_SEVERITY_ERROR, "tdbg-salient",
                              N_("Where this run first parts from the run it is compared with; each diverging op's first diverging trace is listed under it, worst first"),
                              NULL, NULL, TRUE },
};
G_STATIC_ASSERT (G_N_ELEMENTS (kinds) == TDBG_N_ALERT_TYPES);

guint
tdbg_alert_kind_get_n (void)
{
  return G_N_ELEMENTS (kinds);
}

const TdbgAlertKind *
tdbg_alert_kind_nth (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (kinds), NULL);
  return &kinds[index];
}

const TdbgAlertKind *
tdbg_alert_kind_get (TdbgAlertType type)
{
  return tdbg_alert_kind_nth (type);
}

const TdbgAlertKind *
tdbg_alert_kind_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (kinds[i].id, id) == 0)
      return &kinds[i];
  return NULL;
}

const char *
tdbg_alert_kind_get_name (const TdbgAlertKind *kind)
{
  return _(kind->name);
}

gboolean
tdbg_alert_kind_is_debugger_v2 (const TdbgAlertKind *kind)
{
  return kind->counts_alert != NULL;
}
