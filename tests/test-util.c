/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-util.h"

#include <string.h>
#include <glib/gstdio.h>
#include "test-env.h"

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
