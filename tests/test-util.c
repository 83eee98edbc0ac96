/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-util.h"

#include <glib/gstdio.h>

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
