/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "tdbg-cli.h"
#include "tdbg-locale.h"
#include "tdbg-v1-source.h"
#ifdef TDBG_WITH_GUI
#include "tdbg-gui.h"
#endif
#ifdef TDBG_WITH_REMOTE
#include "tdbg-remote.h"
#endif

#ifndef TDBG_WITH_GUI
/* A split build (-Dsplit_window=true): the window is a program of its own, in another package,
 * that this one hands a window's arguments to when it is installed; returns only if it is not. */
static void
run_window_program (char **argv)
{
#ifdef TDBG_WINDOW_PROGRAM
  execv (TDBG_WINDOW_PROGRAM, argv);
  if (errno != ENOENT)
    g_printerr ("%s: %s\n", TDBG_WINDOW_PROGRAM, g_strerror (errno));
#endif
}
#endif

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  tdbg_locale_bind ();
  tdbg_v1_init ();
#ifdef TDBG_WITH_REMOTE
  tdbg_remote_init ();
#endif

  if (argc > 1 && tdbg_cli_is_subcommand (argv[1]))
    return tdbg_cli_run (argc - 1, argv + 1);
  if (!tdbg_cli_check_window_args (argc, argv))
    return 2;
#ifdef TDBG_WITH_GUI
  return tdbg_gui_run (argc, argv);
#else
  run_window_program (argv);
  g_printerr (_("This build has no window; use a subcommand (tfdbg-gtk help).\n"));
  return 2;
#endif
}
