/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of alert kinds: every row complete and in place, ids as Debugger V2 spells them,
 * and each kind's predicates on the digests and counts the reader gives them. */

#include <math.h>
#include <glib.h>
#include "tdbg-alert-kind.h"
#include "tdbg-more-alerts.h"

static void
test_rows (void)
{
  g_assert_cmpuint (tdbg_alert_kind_get_n (), ==, TDBG_N_ALERT_TYPES);
  for (guint i = 0; i < tdbg_alert_kind_get_n (); i++)
    {
      const TdbgAlertKind *kind = tdbg_alert_kind_nth (i);

      g_assert_cmpint (kind->type, ==, i);
      g_assert_true (tdbg_alert_kind_get (kind->type) == kind);
      g_assert_true (tdbg_alert_kind_lookup (kind->id) == kind);
      g_assert_nonnull (kind->name);
      g_assert_cmpstr (tdbg_alert_kind_get_name (kind), !=, "");
      g_assert_nonnull (kind->css_class);
      g_assert_nonnull (kind->hint);
      /* Debugger V2's kinds are tested on each record; the others are found on demand. */
      if (tdbg_alert_kind_is_debugger_v2 (kind))
        {
          g_assert_nonnull (kind->trace_alerts);
          g_assert_nonnull (kind->counts_alert);
          g_assert_null (tdbg_more_alerts_get_finder (kind->type));
        }
      else
        {
          g_assert_null (kind->trace_alerts);
          g_assert_null (kind->counts_alert);
          /* Found in one logdir by a finder, or by comparing two runs. */
          if (kind->from_comparison)
            g_assert_null (tdbg_more_alerts_get_finder (kind->type));
          else
            g_assert_nonnull (tdbg_more_alerts_get_finder (kind->type));
        }
    }
  g_assert_true (tdbg_alert_kind_is_debugger_v2 (tdbg_alert_kind_get (TDBG_ALERT_INF_NAN)));
  g_assert_cmpstr (tdbg_alert_kind_get (TDBG_ALERT_RETRACING)->id, ==, "RetracingAlert");
  g_assert_cmpstr (tdbg_alert_kind_get (TDBG_ALERT_EXPLODING)->id, ==, "ExplodingMagnitudeAlert");
  g_assert_cmpstr (tdbg_alert_kind_get (TDBG_ALERT_DIVERGENCE)->id, ==, "DivergenceAlert");
  g_assert_true (tdbg_alert_kind_get (TDBG_ALERT_DIVERGENCE)->from_comparison);
  g_assert_null (tdbg_alert_kind_lookup ("NoSuchAlert"));
  g_assert_null (tdbg_alert_kind_lookup (NULL));
}

/* NaN/∞ is the first row, under Debugger V2's name, and the most severe. */
static void
test_inf_nan_row (void)
{
  const TdbgAlertKind *kind = tdbg_alert_kind_nth (0);

  g_assert_cmpint (kind->type, ==, TDBG_ALERT_INF_NAN);
  g_assert_cmpstr (kind->id, ==, "InfNanAlert");
  g_assert_cmpstr (kind->name, ==, "NaN/∞");
  g_assert_cmpint (kind->severity, ==, TDBG_ALERT_SEVERITY_ERROR);
  g_assert_cmpstr (kind->css_class, ==, "tdbg-salient");
}

static void
test_inf_nan_predicates (void)
{
  const TdbgAlertKind *kind = tdbg_alert_kind_get (TDBG_ALERT_INF_NAN);
  TdbgTraceDigest digest = { 0 };

  g_assert_false (kind->trace_alerts (&digest));
  digest.flags = TDBG_DIGEST_HAS_COUNTS | TDBG_DIGEST_HAS_SIZE;
  g_assert_false (kind->trace_alerts (&digest));
  digest.flags |= TDBG_DIGEST_HAS_INF_NAN;
  g_assert_true (kind->trace_alerts (&digest));

  g_assert_false (kind->counts_alert (0, 0, 0));
  g_assert_true (kind->counts_alert (1, 0, 0));
  g_assert_true (kind->counts_alert (0, 2, 0));
  g_assert_true (kind->counts_alert (0, 0, 3));
  /* A damaged summary's counts raise it too, as in Debugger V2 (any count not zero). */
  g_assert_true (kind->counts_alert (-1, 0, 0));
  g_assert_true (kind->counts_alert (0, 0, NAN));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/alert-kind/rows", test_rows);
  g_test_add_func ("/alert-kind/inf-nan-row", test_inf_nan_row);
  g_test_add_func ("/alert-kind/inf-nan-predicates", test_inf_nan_predicates);
  return g_test_run ();
}
