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

/* Where the first @n records of @bytes end (at most @length). */
static gsize
records_end (const char *bytes, gsize length, guint n)
{
  gsize at = 0;

  for (guint i = 0; i < n && at + 12 <= length; i++)
    {
      guint64 body;
      memcpy (&body, bytes + at, 8);
      at += 12 + GUINT64_FROM_LE (body) + 4;
    }
  return MIN (at, length);
}

static guint
count_records (const char *bytes, gsize length)
{
  guint n = 0;

  while (records_end (bytes, length, n + 1) > records_end (bytes, length, n))
    n++;
  return n;
}

void
follow_copy_written (const char *from, const char *to, const char *suffix, double fraction)
{
  g_autoptr(GDir) d = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *src = g_build_filename (from, name, NULL), *dst = g_build_filename (to, name, NULL);
      g_autofree char *bytes = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (src, &bytes, &length, NULL));
      if (fraction < 1 && (suffix == NULL || g_str_has_suffix (name, suffix)))
        length = records_end (bytes, length, (guint) (count_records (bytes, length) * fraction));
      g_assert_true (g_file_set_contents (dst, bytes, length, NULL));
    }
}
