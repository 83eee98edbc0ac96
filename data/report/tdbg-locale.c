/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-report.h"

#include <glib/gi18n.h>

/* Whether the running program is the one built in the build tree (not an installed copy). */
static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_strconcat (TDBG_BUILD_ROOT, G_DIR_SEPARATOR_S, NULL);

  return exe != NULL && g_str_has_prefix (exe, root);
}

char *
tdbg_locale_dir (void)
{
  const char *dir = g_getenv ("TDBG_LOCALEDIR");

  if (dir && *dir)
    return g_strdup (dir);
  /* Uninstalled: README's first command runs the build's program, whose catalogues are in
   * the build's po/ (compiled there with it). */
  if (running_from_build_tree () && g_file_test (TDBG_BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
    return g_strdup (TDBG_BUILD_LOCALEDIR);
  return g_strdup (LOCALEDIR);
}

void
tdbg_locale_bind (void)
{
  g_autofree char *dir = tdbg_locale_dir ();

  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
