/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-env.h"

#include <glib/gstdio.h>

const char *
test_env_shared_logdirs (void)
{
  const char *root = g_getenv ("TDBG_SHARED_LOGDIRS");

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    g_error ("TDBG_SHARED_LOGDIRS (%s) is not a directory", root ? root : "unset");
  return root;
}

char *
test_env_shared_path (const char *first_element, ...)
{
  g_autofree char *relative = NULL;
  va_list args;

  va_start (args, first_element);
  relative = g_build_filename_valist (first_element, &args);
  va_end (args);
  return g_build_filename (test_env_shared_logdirs (), relative, NULL);
}

char *
test_env_build_dir (const char *name)
{
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  char *dir = g_build_filename (builddir ? builddir : ".", name, NULL);

  g_mkdir_with_parents (dir, 0755);
  return dir;
}
