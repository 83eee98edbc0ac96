/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-cli-alerts.h"

#include <stdio.h>
#include <glib/gi18n.h>
#include "tdbg-more-alerts.h"

guint
tdbg_cli_print_more_alerts (TdbgLogdir *logdir, double magnitude_threshold)
{
  const TdbgAlertOptions options = { magnitude_threshold };
  g_autoptr(GArray) alerts = tdbg_more_alerts_find (logdir, &options);

  for (guint i = 0; i < alerts->len; i++)
    {
      const TdbgAlert *a = &g_array_index (alerts, TdbgAlert, i);
      g_autofree char *text = tdbg_more_alerts_describe (logdir, a);
      /* Translators: an alert kind's name ("Retracing") and what the alert is about */
      printf (_("%s: %s\n"), tdbg_alert_kind_get_name (tdbg_alert_kind_get (a->type)), text);
    }
  return alerts->len;
}
