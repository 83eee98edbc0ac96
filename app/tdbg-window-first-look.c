/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-window-first-look.h"
#include "tdbg-window-private.h"

#include <glib/gi18n.h>
#include "tdbg-alerts-pane.h"

char *
tdbg_window_select_first (TdbgWindow *window)
{
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (selection);

  if (logdir == NULL)
    return NULL;
  /* The first alert is where a person debugging NaN/∞ starts; the alerts pane knows its
   * order (by kind). */
  if (tdbg_logdir_get_n_alerts (logdir) > 0)
    {
      tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
      if (tdbg_selection_get_alert (selection) >= 0)
        return g_strdup (_("Showing the first alert"));
    }
  if (tdbg_logdir_get_n_executions (logdir) > 0)
    {
      tdbg_selection_select_execution (selection, 0);
      return g_strdup (_("Showing the first execution"));
    }
  if (tdbg_logdir_get_n_traces (logdir) > 0)
    {
      tdbg_selection_select_trace (selection, 0);
      return g_strdup (_("Showing the first trace"));
    }
  return NULL;
}
