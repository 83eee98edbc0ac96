/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssh:// address parsing; a parsed address must print back to one that parses the same. */
#include <string.h>
#include <glib.h>
#include "tdbg-ssh-uri.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  TdbgSshUri uri, again;

  if (tdbg_ssh_uri_parse (text, &uri, NULL))
    {
      g_autofree char *printed = tdbg_ssh_uri_to_string (&uri);
      g_assert_true (tdbg_ssh_uri_parse (printed, &again, NULL));
      g_assert_cmpstr (uri.host, ==, again.host);
      g_assert_cmpstr (uri.path, ==, again.path);
      g_assert_cmpstr (uri.user, ==, again.user);
      g_assert_cmpuint (uri.port, ==, again.port);
      tdbg_ssh_uri_clear (&again);
      tdbg_ssh_uri_clear (&uri);
    }
  return 0;
}
