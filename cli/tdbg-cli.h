/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The command line, the one header of cli/: the program's start, shared by the headless
 * program (cli/main.c) and the window's (app/main.c). */

#include <glib.h>

G_BEGIN_DECLS

/* Shows the window on @argv (checked: logdirs, local or ssh://, or --compare RUN_A RUN_B);
 * returns the exit status. */
typedef int (*TdbgCliWindowFunc) (int argc, char **argv);

/* Sets up the locale and the kinds of location (tfdbg V1 dump roots, ssh:// where built),
 * then runs the headless command @argv[1] names (inspect, alerts… help, --help, --version) or,
 * for anything else, checks that @argv asks for a window and hands it to @run_window. Returns
 * the exit status: 2 after printing the usage for an unknown option or a mistyped command. */
int tdbg_cli_main (int argc, char **argv, TdbgCliWindowFunc run_window);

G_END_DECLS
