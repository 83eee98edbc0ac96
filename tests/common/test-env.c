/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-env.h"

#include <locale.h>
#include <string.h>

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

void
test_env_compile_locale (const char *name)
{
  g_autofree char *dir = test_env_build_dir ("locale");
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *source = g_strndup (name, strcspn (name, "."));
  const char *charset = strchr (name, '.') ? strchr (name, '.') + 1 : "UTF-8";
  const char *argv[] = { "localedef", "-i", source, "-f", charset, path, NULL };
  g_autofree char *err = NULL;
  locale_t probe;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                  NULL, &err, NULL, NULL);
  g_setenv ("LOCPATH", dir, TRUE);
  probe = newlocale (LC_ALL_MASK, name, (locale_t) 0);
  if (probe == (locale_t) 0)
    g_error ("the locale %s could not be made in %s (is the locales package installed?): %s", name, dir,
             err ? err : "");
  freelocale (probe);
}
