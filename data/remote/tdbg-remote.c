/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-remote.h"

#include "tdbg-location.h"
#include "tdbg-ssh-source.h"

static char *
parse_ssh (const char *text, GError **error)
{
  TdbgSshUri uri;
  char *host;

  if (!tdbg_ssh_uri_parse (text, &uri, error))
    return NULL;
  host = g_steal_pointer (&uri.host);
  tdbg_ssh_uri_clear (&uri);
  return host;
}

static TdbgSource *
open_ssh (const char *text, gconstpointer options, GCancellable *cancellable, GError **error)
{
  static const TdbgSshOptions defaults = { 0 };

  return tdbg_ssh_source_new (text, options ? options : &defaults, cancellable, error);
}

static const TdbgRemoteOpener ssh_opener = { "ssh://", parse_ssh, open_ssh };

void
tdbg_remote_init (void)
{
  tdbg_location_add_remote_opener (&ssh_opener);
}
