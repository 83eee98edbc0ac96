/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `tfdbg-gtk serve-logdir`: not for people. The client runs it on the server over SSH and
 * speaks to it on standard input and output (data/remote/tdbg-serve.h); it opens no window. */
#include "config.h"

#include <signal.h>
#include <unistd.h>
#include <glib.h>

#include "tdbg-cli-private.h"
#include "tdbg-serve.h"

int
_tdbg_cli_serve_logdir (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;

  /* A client that goes away is a write error, not a signal. */
  signal (SIGPIPE, SIG_IGN);
  if (!tdbg_serve_logdir (STDIN_FILENO, STDOUT_FILENO, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}
