/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's program: the window, and every headless command as cli/ runs it. */
#include "config.h"

#include "libtdbg-cli.h"
#include "tdbg-gui.h"

int
main (int argc, char **argv)
{
  return tdbg_cli_main (argc, argv, tdbg_gui_run);
}
