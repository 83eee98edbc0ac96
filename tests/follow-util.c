/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "follow-util.h"

#include <string.h>

static void
fetch_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

TdbgSource *
fetch_snapshot (TdbgLogdir *logdir, guint64 budget, gboolean *more, GError **error)
{
  GAsyncResult *result = NULL;
  TdbgSource *snapshot;

  tdbg_logdir_fetch_async (logdir, budget, NULL, fetch_done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  snapshot = tdbg_logdir_fetch_finish (logdir, result, more, error);
  g_object_unref (result);
  return snapshot;
}

gboolean
follow_logdir (TdbgLogdir *logdir, guint64 budget, TdbgRefreshStats *total, GError **error)
{
  gboolean more = TRUE;

  memset (total, 0, sizeof *total);
  while (more)
    {
      g_autoptr(TdbgSource) snapshot = fetch_snapshot (logdir, budget, &more, error);
      TdbgRefreshStats stats;

      if (snapshot == NULL || !tdbg_logdir_apply (logdir, snapshot, &stats, error))
        return FALSE;
      total->new_traces += stats.new_traces;
      total->new_executions += stats.new_executions;
      total->new_file_sets += stats.new_file_sets;
      total->new_problems += stats.new_problems;
    }
  return TRUE;
}
