/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command line without remote access (-Dremote=false): what tdbg-cli-remote.c does in a
 * build with data/remote/, done for local logdirs alone. */
#include "config.h"

#include <glib/gi18n.h>

#include "tdbg-cli-private.h"

/* What an SSH client runs here (data/remote/tdbg-serve.h): refused, never taken for a logdir
 * to show in a window. */
const char _tdbg_cli_serve_command[] = "serve-logdir";

void
_tdbg_cli_remote_init (void)
{
}

void
_tdbg_cli_add_remote_options (GOptionContext *context)
{
}

TdbgSource *
_tdbg_cli_location_open (const TdbgLocation *location, GError **error)
{
  return tdbg_location_open (location, NULL, NULL, error);
}

int
_tdbg_cli_serve_logdir (int argc, char **argv)
{
  g_printerr (_("This build of tfdbg-gtk has no remote access: it cannot send a logdir\n"));
  return 2;
}
