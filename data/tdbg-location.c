/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-location.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-error.h"
#include "tdbg-local-source.h"

/* Every build knows the addresses of remote logdirs; only one with data/remote/ reads them. */
#define REMOTE_SCHEME "ssh://"

struct _TdbgLocation {
  char *text;
  char *path;       /* local logdirs */
  char *host;       /* remote ones */
};

static const TdbgRemoteOpener *remote_opener;

void
tdbg_location_set_remote_opener (const TdbgRemoteOpener *opener)
{
  g_return_if_fail (opener != NULL && opener->parse != NULL && opener->open != NULL);
  g_atomic_pointer_set (&remote_opener, opener);
}

gboolean
tdbg_location_can_open_remote (void)
{
  return g_atomic_pointer_get (&remote_opener) != NULL;
}

gboolean
tdbg_location_text_is_remote (const char *text)
{
  return text != NULL && g_ascii_strncasecmp (text, REMOTE_SCHEME, strlen (REMOTE_SCHEME)) == 0;
}

TdbgLocation *
tdbg_location_parse (const char *text, GError **error)
{
  g_autoptr(TdbgLocation) location = g_new0 (TdbgLocation, 1);
  const TdbgRemoteOpener *opener = g_atomic_pointer_get (&remote_opener);

  g_return_val_if_fail (text != NULL, NULL);
  location->text = g_strdup (text);
  if (!tdbg_location_text_is_remote (text))
    location->path = g_strdup (text);
  else if (opener == NULL)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID,
                   _("Cannot open %s: this build of tfdbg-gtk has no remote access; open a folder on this computer"),
                   text);
      return NULL;
    }
  else if ((location->host = opener->parse (text, error)) == NULL)
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
  g_free (location->host);
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
  return location->host;
}

/* The readers of folders of other kinds, in the order they were added. */
static TdbgFolderOpener folder_openers[4];
static guint n_folder_openers;

void
tdbg_location_add_folder_opener (TdbgFolderOpener opener)
{
  for (guint i = 0; i < n_folder_openers; i++)
    if (folder_openers[i] == opener)
      return;
  g_return_if_fail (n_folder_openers < G_N_ELEMENTS (folder_openers));
  folder_openers[n_folder_openers++] = opener;
}

static TdbgSource *
open_folder (const char *path)
{
  for (guint i = 0; i < n_folder_openers; i++)
    {
      TdbgSource *source = folder_openers[i] (path);
      if (source)
        return source;
    }
  return tdbg_local_source_new (path);
}

TdbgSource *
tdbg_location_open (const TdbgLocation *location, gconstpointer ssh_options, GCancellable *cancellable,
                    GError **error)
{
  if (!tdbg_location_is_remote (location))
    return open_folder (location->path);
  /* A remote location is only parsed with an opener. */
  return ((const TdbgRemoteOpener *) g_atomic_pointer_get (&remote_opener))->open (location->text, ssh_options, cancellable, error);
}
