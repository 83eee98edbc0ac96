/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* The headless subcommands: inspect, alerts, trace, execution, export-graph, help, and --help
 * and --version. */
gboolean tdbg_cli_is_subcommand (const char *name);
/* Whether @argv (the program's own, argv[0] its name) opens the window: nothing but logdirs,
 * local or ssh://. FALSE after printing why and the usage on stderr (exit status 2): an
 * unknown option, or a first argument that is no command and names no file. */
gboolean tdbg_cli_check_window_args (int argc, char **argv);
/* argv[0] is the subcommand name. Returns the exit status. */
int tdbg_cli_run (int argc, char **argv);
