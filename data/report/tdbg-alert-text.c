/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An alert of any kind as a line or a JSON object, for the command line and notifications. */
#include "config.h"

#include "tdbg-report.h"

#include <math.h>
#include <glib/gi18n.h>
#include "libtdbg-analysis.h"

/* @symbols: −∞ and +∞ as the window writes them (a notification); else -inf and +inf, as
 * scripts read the command line's lines. */
static char *
describe_inf_nan (TdbgLogdir *logdir, const TdbgAlert *a, gboolean symbols)
{
  g_autofree char *counts = isnan (a->num_nan)
    ? g_strdup (symbols ? _("some elements are −∞, +∞ or NaN") : _("some elements are -inf, +inf or NaN"))
    : g_strdup_printf (symbols ? _("−∞ %.0f, +∞ %.0f, NaN %.0f of %.0f elements")
                               : _("-inf %.0f, +inf %.0f, NaN %.0f of %.0f elements"),
                       a->num_neg_inf, a->num_pos_inf, a->num_nan, a->size);

  if (a->trace_index != TDBG_NONE)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, a->trace_index)));
      return g_strdup_printf (_("NaN/∞ in graph execution trace %u: %s:%u (%s): %s"), a->trace_index, op->op_name,
                              a->output_slot, tdbg_logdir_get_string (logdir, a->op_type), counts);
    }
  return g_strdup_printf (_("NaN/∞ in execution %u: %s output %u: %s"), a->execution_index,
                          tdbg_logdir_get_string (logdir, a->op_type), a->output_slot, counts);
}

static char *
describe_alert (TdbgLogdir *logdir, const TdbgAlert *alert, gboolean symbols)
{
  g_autofree char *text = NULL;

  if (alert->type == TDBG_ALERT_INF_NAN)
    return describe_inf_nan (logdir, alert, symbols);
  text = tdbg_more_alerts_describe (logdir, alert);
  /* Translators: an alert kind's name ("Retracing") and what the alert is about */
  return g_strdup_printf (_("%s: %s"), tdbg_alert_kind_get_name (tdbg_alert_kind_get (alert->type)), text);
}

char *
tdbg_report_describe_alert (TdbgLogdir *logdir, const TdbgAlert *alert)
{
  return describe_alert (logdir, alert, FALSE);
}

char *
tdbg_describe_alert_for_people (TdbgLogdir *logdir, const TdbgAlert *alert)
{
  return describe_alert (logdir, alert, TRUE);
}

void
tdbg_report_alert_json (TdbgJson *j, TdbgLogdir *logdir, const TdbgAlert *a,
                        void (*extra_members) (TdbgJson *j, gpointer data), gpointer data)
{
  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "alert_type", tdbg_alert_kind_get (a->type)->id);
  tdbg_json_member_string (j, "op_type", tdbg_logdir_get_string (logdir, a->op_type));
  tdbg_json_member_uint (j, "output_slot", a->output_slot);
  tdbg_json_member_double_or_null (j, "size", a->size);
  tdbg_json_member_double_or_null (j, "num_neg_inf", a->num_neg_inf);
  tdbg_json_member_double_or_null (j, "num_pos_inf", a->num_pos_inf);
  tdbg_json_member_double_or_null (j, "num_nan", a->num_nan);
  tdbg_json_member_uint_or_null (j, "execution_index", a->execution_index, TDBG_NONE);
  tdbg_json_member_uint_or_null (j, "graph_execution_trace_index", a->trace_index, TDBG_NONE);
  tdbg_json_key (j, "wall_time"); tdbg_json_double (j, a->wall_time);
  if (extra_members)
    extra_members (j, data);
  tdbg_json_end_object (j);
}
