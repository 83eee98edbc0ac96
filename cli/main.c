/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The headless program: the commands, without GTK (they start in a few milliseconds where the
 * window's libraries took a dozen more to load), and in a build with the window
 * (-Dsplit_window=true, the default) the way to it: the window is a program of its own, run
 * for a window's arguments. Without the window (-Dgui=false) it is the only program. */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "tdbg-cli.h"

#ifdef TDBG_WINDOW_PROGRAM
/* The window's program: in the build folder this program was run from (beside build.ninja,
 * BUILD/cli/tfdbg-gtk and BUILD/app/tfdbg-gtk-window), the one built there, so that a build is
 * tried without being installed; else the installed one. */
static char *
window_program (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *build = dir ? g_path_get_dirname (dir) : NULL;
  g_autofree char *ninja = build ? g_build_filename (build, "build.ninja", NULL) : NULL;
  char *built = build ? g_build_filename (build, "app", "tfdbg-gtk-window", NULL) : NULL;

  if (ninja && g_file_test (ninja, G_FILE_TEST_IS_REGULAR) && g_file_test (built, G_FILE_TEST_IS_EXECUTABLE))
    return built;
  g_free (built);
  return g_strdup (TDBG_WINDOW_PROGRAM);
}
#endif

/* Hands a window's arguments to the window's program when there is one; returns only if
 * there is not. */
static int
run_window_program (int argc, char **argv)
{
#ifdef TDBG_WINDOW_PROGRAM
  g_autofree char *program = window_program ();

  execv (program, argv);
  if (errno != ENOENT)
    g_printerr ("%s: %s\n", program, g_strerror (errno));
#endif
  g_printerr (_("This build has no window; use a subcommand (tfdbg-gtk help).\n"));
  return 2;
}

int
main (int argc, char **argv)
{
  return tdbg_cli_main (argc, argv, run_window_program);
}
