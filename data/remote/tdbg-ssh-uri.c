/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ssh-uri.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

#define SCHEME "ssh://"

gboolean
tdbg_ssh_uri_is_ssh (const char *text)
{
  return text != NULL && g_ascii_strncasecmp (text, SCHEME, strlen (SCHEME)) == 0;
}

static gboolean
has_control_chars (const char *s)
{
  for (; *s; s++)
    if ((guchar) *s < 0x20 || *s == 0x7f)
      return TRUE;
  return FALSE;
}

static gboolean
fail (TdbgSshUri *uri, GError **error, const char *text, const char *why)
{
  tdbg_ssh_uri_clear (uri);
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("“%s” is not a valid ssh:// address: %s"), text, why);
  return FALSE;
}

gboolean
tdbg_ssh_uri_parse (const char *text, TdbgSshUri *uri, GError **error)
{
  const char *authority, *slash, *at, *host_start, *host_end, *port_start = NULL;
  g_autofree char *raw_user = NULL, *raw_path = NULL;

  memset (uri, 0, sizeof *uri);
  if (!tdbg_ssh_uri_is_ssh (text))
    return fail (uri, error, text, _("it must start with ssh://"));
  authority = text + strlen (SCHEME);
  slash = strchr (authority, '/');
  if (slash == NULL)
    return fail (uri, error, text, _("the path of the logdir is missing"));

  at = memchr (authority, '@', slash - authority);
  host_start = at ? at + 1 : authority;
  if (at)
    raw_user = g_strndup (authority, at - authority);

  if (*host_start == '[')
    {
      host_end = memchr (host_start, ']', slash - host_start);
      if (host_end == NULL)
        return fail (uri, error, text, _("an IPv6 address lacks its closing ]"));
      uri->host = g_strndup (host_start + 1, host_end - host_start - 1);
      if (host_end[1] == ':')
        port_start = host_end + 2;
      else if (host_end + 1 != slash)
        return fail (uri, error, text, _("unexpected text after the address"));
    }
  else
    {
      const char *colon = memchr (host_start, ':', slash - host_start);
      host_end = colon ? colon : slash;
      uri->host = g_strndup (host_start, host_end - host_start);
      if (colon)
        port_start = colon + 1;
    }
  if (port_start)
    {
      g_autofree char *port = g_strndup (port_start, slash - port_start);
      guint64 value;
      if (!g_ascii_string_to_unsigned (port, 10, 1, 65535, &value, NULL))
        return fail (uri, error, text, _("the port must be a number from 1 to 65535"));
      uri->port = value;
    }

  raw_path = g_strdup (slash);
  uri->user = raw_user ? g_uri_unescape_string (raw_user, NULL) : NULL;
  /* ssh://host/~/logs names a directory in the remote home, as scp does. */
  uri->path = g_uri_unescape_string (g_str_has_prefix (raw_path, "/~/") ? raw_path + 3 : raw_path, NULL);

  if (uri->host[0] == '\0' || !g_utf8_validate (uri->host, -1, NULL) || has_control_chars (uri->host) || strpbrk (uri->host, " /@[]") ||
      (raw_user && (uri->user == NULL || uri->user[0] == '\0' || has_control_chars (uri->user))) ||
      uri->path == NULL || uri->path[0] == '\0' || has_control_chars (uri->path))
    return fail (uri, error, text, _("the user, host or path holds characters that are not allowed"));
  return TRUE;
}

void
tdbg_ssh_uri_clear (TdbgSshUri *uri)
{
  g_clear_pointer (&uri->user, g_free);
  g_clear_pointer (&uri->host, g_free);
  g_clear_pointer (&uri->path, g_free);
  uri->port = 0;
}

char *
tdbg_ssh_uri_to_string (const TdbgSshUri *uri)
{
  GString *s = g_string_new (SCHEME);
  gboolean v6 = strchr (uri->host, ':') != NULL;

  if (uri->user)
    {
      g_string_append_uri_escaped (s, uri->user, NULL, FALSE);
      g_string_append_c (s, '@');
    }
  g_string_append_printf (s, v6 ? "[%s]" : "%s", uri->host);
  if (uri->port)
    g_string_append_printf (s, ":%u", uri->port);
  if (uri->path[0] != '/')
    g_string_append (s, "/~/");
  else if (g_str_has_prefix (uri->path, "/~/"))
    {
      /* An absolute directory named "~" must not read as the home directory. */
      g_string_append (s, "/%7E");
      g_string_append_uri_escaped (s, uri->path + 2, "/", FALSE);
      return g_string_free (s, FALSE);
    }
  g_string_append_uri_escaped (s, uri->path, "/", FALSE);
  return g_string_free (s, FALSE);
}
