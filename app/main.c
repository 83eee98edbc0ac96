/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <stdlib.h>
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
  g_printerr (_("This build has no window; use a subcommand (tfdbg-gtk help).\n"));
  return 2;
#endif
}
