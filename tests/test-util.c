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
test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
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
