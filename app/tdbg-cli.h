/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* The headless subcommands: inspect, alerts, trace, execution, export-graph, help. */
gboolean tdbg_cli_is_subcommand (const char *name);
/* argv[0] is the subcommand name. Returns the exit status. */
int tdbg_cli_run (int argc, char **argv);
