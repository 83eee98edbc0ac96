/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-remote.h"

#include "libtdbg-data.h"
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

/* The settings the person gave through @prompt; the rest are the SSH source's defaults. */
static TdbgSource *
open_ssh (const char *text, TdbgPrompt *prompt, GCancellable *cancellable, GError **error)
{
  const char *compression = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_COMPRESSION);
  TdbgSshOptions options = {
    .known_hosts_file = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_KNOWN_HOSTS),
    .global_known_hosts_file = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_GLOBAL_KNOWN_HOSTS),
    .config_file = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_SSH_CONFIG),
    .identity_file = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_IDENTITY),
    .remote_program = tdbg_prompt_get_setting (prompt, TDBG_PROMPT_REMOTE_PROGRAM),
    .no_compression = g_strcmp0 (compression, "no") == 0,
    .prompt = prompt,
  };

  return tdbg_ssh_source_new (text, &options, cancellable, error);
}

static const TdbgRemoteOpener ssh_opener = { "ssh://", parse_ssh, open_ssh };

void
tdbg_remote_init (void)
{
  tdbg_location_add_remote_opener (&ssh_opener);
}
