/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-util.h"

#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include "tdbg-records.h"
#include "test-env.h"

char *
test_run_cli (int *status, const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int wait_status = 0;
  va_list args;

  g_ptr_array_add (argv, (char *) g_getenv ("TDBG_CLI"));
  va_start (args, first);
  for (const char *a = first; a; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, &wait_status, &error));
  g_assert_no_error (error);
  *status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return out;
}

char *
test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("tdbg-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
test_remove_tree (const char *path)
{
  /* A symbolic link is removed, never followed. */
  g_autoptr(GDir) d = g_file_test (path, G_FILE_TEST_IS_SYMLINK) ? NULL : g_dir_open (path, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      test_remove_tree (child);
    }
  g_remove (path);
}

TdbgLogdir *
test_load_logdir (const char *path)
{
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir = tdbg_logdir_new_for_path (path);

  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

guint32
test_find_op (TdbgLogdir *logdir, const char *name)
{
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    if (g_strcmp0 (tdbg_logdir_get_op (logdir, i)->op_name, name) == 0)
      return i;
  return TDBG_NONE;
}

char *
test_expected_entry (const char *scenario, const char *key)
{
  g_autofree char *path = test_env_shared_path (scenario, "EXPECTED.json", NULL);
  g_autofree char *text = NULL;
  const char *entry;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  entry = strstr (text, key);
  if (entry == NULL)
    g_error ("%s not in %s", key, path);
  return g_strdup (entry);
}

gint64
test_expected_count (const char *scenario, const char *name, const char *counts_key, const char *key)
{
  g_autofree char *entry_pattern = g_strdup_printf ("\"%s\": {", name);
  g_autofree char *counts_pattern = g_strdup_printf ("\"%s\": {", counts_key);
  g_autofree char *key_pattern = g_strdup_printf ("\"%s\":\\s*(-?[0-9]+)", key);
  g_autoptr(GRegex) regex = g_regex_new (key_pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  const char *counts, *end;
  g_autofree char *entry = test_expected_entry (scenario, entry_pattern);
  g_autofree char *section = NULL;
  g_autofree char *number = NULL;

  counts = strstr (entry, counts_pattern);
  g_assert_nonnull (counts);
  end = strchr (counts, '}');
  section = g_strndup (counts, end - counts);
  if (!g_regex_match (regex, section, 0, &match))
    return -1;
  number = g_match_info_fetch (match, 1);
  return g_ascii_strtoll (number, NULL, 10);
}

GHashTable *
test_expected_traces_per_host (const char *scenario)
{
  g_autofree char *entry = test_expected_entry (scenario, "\"file_sets\": [");
  /* A file set: its host, then (its files in between) its traces file's intact records. */
  g_autoptr(GRegex) regex = g_regex_new ("\"host_name\": \"([^\"]+)\".*?\"graph_execution_traces\": \\{[^}]*?"
                                         "\"records\": ([0-9]+)",
                                         G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char *end = strstr (entry, "\"counts\": {");

  g_assert_nonnull (end);
  *end = '\0';
  for (g_regex_match (regex, entry, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *host = g_match_info_fetch (match, 1);
      g_autofree char *number = g_match_info_fetch (match, 2);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, host)) + (guint) g_ascii_strtoull (number, NULL, 10);
      g_hash_table_insert (counts, g_steal_pointer (&host), GUINT_TO_POINTER (n));
    }
  return counts;
}

void
test_assert_same_logdir (TdbgLogdir *remote, TdbgLogdir *local)
{
  GPtrArray *remote_problems = tdbg_logdir_get_problems (remote), *local_problems = tdbg_logdir_get_problems (local);

  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, tdbg_logdir_get_n_traces (local));
  g_assert_cmpuint (tdbg_logdir_get_n_executions (remote), ==, tdbg_logdir_get_n_executions (local));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (remote), ==, tdbg_logdir_get_n_alerts (local));
  g_assert_cmpuint (remote_problems->len, ==, local_problems->len);
  for (guint i = 0; i < local_problems->len; i++)
    {
      const TdbgProblem *r = g_ptr_array_index (remote_problems, i), *l = g_ptr_array_index (local_problems, i);
      g_assert_cmpstr (r->file_name, ==, l->file_name);
      g_assert_cmpuint (r->byte_offset, ==, l->byte_offset);
      g_assert_cmpstr (r->message, ==, l->message);
    }
  g_assert_cmpuint (tdbg_logdir_get_n_file_sets (remote), ==, tdbg_logdir_get_n_file_sets (local));
  for (guint f = 0; f < tdbg_logdir_get_n_file_sets (local); f++)
    for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
      {
        const TdbgFileState *r = &tdbg_logdir_get_file_set (remote, f)->files[k];
        const TdbgFileState *l = &tdbg_logdir_get_file_set (local, f)->files[k];
        g_assert_cmpuint (r->records, ==, l->records);
        g_assert_cmpuint (r->resume_offset, ==, l->resume_offset);
        g_assert_cmpint (r->partial_tail, ==, l->partial_tail);
        g_assert_cmpuint (r->partial_tail_bytes, ==, l->partial_tail_bytes);
      }
  /* Interned ids depend on which scanning thread met a string first: compare the strings. */
  for (guint t = 0; t < tdbg_logdir_get_n_traces (local); t++)
    {
      TdbgTraceDigest r = *tdbg_logdir_get_trace (remote, t), l = *tdbg_logdir_get_trace (local, t);
      g_assert_cmpstr (tdbg_logdir_get_string (remote, r.device), ==, tdbg_logdir_get_string (local, l.device));
      r.device = l.device = 0;
      g_assert_cmpmem (&r, sizeof r, &l, sizeof l);
    }
  for (guint e = 0; e < tdbg_logdir_get_n_executions (local); e++)
    {
      TdbgExecutionDigest r = *tdbg_logdir_get_execution (remote, e), l = *tdbg_logdir_get_execution (local, e);
      g_assert_cmpstr (tdbg_logdir_get_string (remote, r.op_type), ==, tdbg_logdir_get_string (local, l.op_type));
      r.op_type = l.op_type = 0;
      g_assert_cmpmem (&r, sizeof r, &l, sizeof l);
    }
}

void
test_damage_record (char *contents, gsize length, double fraction, gsize at)
{
  gsize start = tdbg_record_find_next ((const guint8 *) contents, length, (gsize) (length * fraction));

  g_assert_cmpuint (start, <, length - at);
  contents[start + at] ^= 0x10;
}

void
test_assert_same_bytes (TdbgSource *remote, TdbgSource *local)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) past_end = NULL;
  g_auto(GStrv) names = tdbg_source_list_files (local, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (names[0]);
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr(GBytes) here = NULL, there = NULL;
      guint64 size = 0, remote_size = 0;

      g_assert_true (tdbg_source_get_size (local, names[i], &size, NULL, &error));
      g_assert_true (tdbg_source_get_size (remote, names[i], &remote_size, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (remote_size, ==, size);
      here = tdbg_source_read (local, names[i], size / 3, 4096, NULL, &error);
      there = tdbg_source_read (remote, names[i], size / 3, 4096, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (here, there));
    }
  past_end = tdbg_source_read (remote, names[0], 1 << 30, 16, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (past_end), ==, 0);
}

TdbgLogdir *
test_load_source (TdbgSource *source, GError **error)
{
  g_autoptr(TdbgSource) owned = source;
  g_autoptr(TdbgLogdir) logdir = NULL;

  if (owned == NULL)
    return NULL;
  logdir = tdbg_logdir_new (owned);
  if (!tdbg_logdir_load (logdir, NULL, error))
    return NULL;
  return g_steal_pointer (&logdir);
}
