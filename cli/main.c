/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The headless program: a build without the window (-Dgui=false), or Debian's split build
 * (-Dsplit_window=true), whose window is a program of its own in another package. */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "tdbg-cli.h"

/* Hands a window's arguments to the window's program when it is installed (a split build);
 * returns only if it is not. */
static int
run_window_program (int argc, char **argv)
{
#ifdef TDBG_WINDOW_PROGRAM
  execv (TDBG_WINDOW_PROGRAM, argv);
  if (errno != ENOENT)
    g_printerr ("%s: %s\n", TDBG_WINDOW_PROGRAM, g_strerror (errno));
#endif
  g_printerr (_("This build has no window; use a subcommand (tfdbg-gtk help).\n"));
  return 2;
}

int
main (int argc, char **argv)
{
  return tdbg_cli_main (argc, argv, run_window_program);
}
