/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* ssh://[user@]host[:port]/path — a logdir on another machine. */
typedef struct {
  char *user;   /* NULL: from ~/.ssh/config or the local user name */
  char *host;   /* a name, an alias from ~/.ssh/config, or an address ([v6] without brackets) */
  guint port;   /* 0: from ~/.ssh/config or 22 */
  char *path;   /* absolute, or relative to the remote home for ssh://host/~/dir */
} TdbgSshUri;

gboolean tdbg_ssh_uri_parse (const char *text, TdbgSshUri *uri, GError **error);
void tdbg_ssh_uri_clear (TdbgSshUri *uri);
char *tdbg_ssh_uri_to_string (const TdbgSshUri *uri);
gboolean tdbg_ssh_uri_is_ssh (const char *text);

G_END_DECLS
