/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-location.h"

#include <glib/gi18n.h>
#include "tdbg-error.h"
#include "tdbg-local-source.h"
#include "v1/tdbg-v1-source.h"

struct _TdbgLocation {
  char *text;
  char *path;       /* local logdirs */
  TdbgSshUri ssh;   /* remote ones: ssh.host is not NULL */
};

gboolean
tdbg_location_text_is_remote (const char *text)
{
  return tdbg_ssh_uri_is_ssh (text);
}

TdbgLocation *
tdbg_location_parse (const char *text, GError **error)
{
  g_autoptr(TdbgLocation) location = g_new0 (TdbgLocation, 1);

  g_return_val_if_fail (text != NULL, NULL);
  location->text = g_strdup (text);
  if (!tdbg_location_text_is_remote (text))
    location->path = g_strdup (text);
  else if (!tdbg_ssh_uri_parse (text, &location->ssh, error))
    return NULL;
  return g_steal_pointer (&location);
}

TdbgLocation *
tdbg_location_new_for_file (GFile *file, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *uri = NULL;

  if (path != NULL)
    return tdbg_location_parse (path, error);
  uri = g_file_get_uri (file);
  if (tdbg_location_text_is_remote (uri))
    return tdbg_location_parse (uri, error);
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID,
               _("Cannot open %s: only folders on this computer and ssh:// addresses can be opened"), uri);
  return NULL;
}

void
tdbg_location_make_absolute (TdbgLocation *location)
{
  g_autoptr(GFile) file = NULL;

  if (tdbg_location_is_remote (location))
    return;
  file = g_file_new_for_path (location->path);
  g_free (location->path);
  location->path = g_file_get_path (file);
  g_free (location->text);
  location->text = g_strdup (location->path);
}

void
tdbg_location_free (TdbgLocation *location)
{
  if (location == NULL)
    return;
  g_free (location->text);
  g_free (location->path);
  tdbg_ssh_uri_clear (&location->ssh);
  g_free (location);
}

gboolean
tdbg_location_is_remote (const TdbgLocation *location)
{
  return location->path == NULL;
}

const char *
tdbg_location_get_text (const TdbgLocation *location)
{
  return location->text;
}

const char *
tdbg_location_get_path (const TdbgLocation *location)
{
  return location->path;
}

const char *
tdbg_location_get_host (const TdbgLocation *location)
{
  return location->ssh.host;
}

TdbgSource *
tdbg_location_open (const TdbgLocation *location, const TdbgSshOptions *ssh_options, GCancellable *cancellable,
                    GError **error)
{
  TdbgSshOptions defaults = { 0 };

  if (!tdbg_location_is_remote (location))
    return tdbg_v1_dump_is_root (location->path) ? tdbg_v1_source_new (location->path)
                                                 : tdbg_local_source_new (location->path);
  return tdbg_ssh_source_new (location->text, ssh_options ? ssh_options : &defaults, cancellable, error);
}
