/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-location.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-error.h"
#include "tdbg-local-source.h"

/* Every build knows every kind of address; one reads a kind when the folder that reads it
 * added its opener (a row here says what a build without it tells the user). */
static const struct {
  const char *scheme;
  const char *missing;   /* the address, then its scheme */
} schemes[] = {
  { "ssh://", N_("Cannot open %s: this build of tfdbg-gtk has no remote access; open a folder on this computer") },
  { "s3://", N_("Cannot open %s: this build of tfdbg-gtk does not read %s addresses") },
  { "gs://", N_("Cannot open %s: this build of tfdbg-gtk does not read %s addresses") },
};

struct _TdbgLocation {
  char *text;
  char *path;       /* local logdirs */
  char *host;       /* remote ones */
  const TdbgRemoteOpener *opener;
};

/* Added at start, before any location is parsed: read without a lock after. */
static const TdbgRemoteOpener *remote_openers[G_N_ELEMENTS (schemes)];

static gint
scheme_of (const char *text)
{
  for (guint i = 0; text && i < G_N_ELEMENTS (schemes); i++)
    if (g_ascii_strncasecmp (text, schemes[i].scheme, strlen (schemes[i].scheme)) == 0)
      return i;
  return -1;
}

void
tdbg_location_add_remote_opener (const TdbgRemoteOpener *opener)
{
  gint scheme;

  g_return_if_fail (opener != NULL && opener->parse != NULL && opener->open != NULL);
  scheme = scheme_of (opener->scheme);
  g_return_if_fail (scheme >= 0);
  remote_openers[scheme] = opener;
}

gboolean
tdbg_location_can_open_remote (const char *text)
{
  gint scheme = scheme_of (text);
  return scheme >= 0 && remote_openers[scheme] != NULL;
}

GStrv
tdbg_location_list_remote_schemes (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (remote_openers[i] != NULL)
      g_strv_builder_add (builder, schemes[i].scheme);
  return g_strv_builder_end (builder);
}

gboolean
tdbg_location_text_is_remote (const char *text)
{
  return scheme_of (text) >= 0;
}

TdbgLocation *
tdbg_location_parse (const char *text, GError **error)
{
  g_autoptr(TdbgLocation) location = g_new0 (TdbgLocation, 1);
  gint scheme = scheme_of (text);

  g_return_val_if_fail (text != NULL, NULL);
  location->text = g_strdup (text);
  if (scheme < 0)
    {
      location->path = g_strdup (text);
      return g_steal_pointer (&location);
    }
  location->opener = remote_openers[scheme];
  if (location->opener == NULL)
    {
      g_autofree char *name = g_strndup (schemes[scheme].scheme, strlen (schemes[scheme].scheme) - 3);
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _(schemes[scheme].missing), text, name);
      return NULL;
    }
  if ((location->host = location->opener->parse (text, error)) == NULL)
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
               _("Cannot open %s: only folders on this computer and ssh://, s3:// and gs:// addresses can be opened"),
               uri);
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

TdbgLocation *
tdbg_location_copy (const TdbgLocation *location)
{
  TdbgLocation *copy = g_new0 (TdbgLocation, 1);

  copy->text = g_strdup (location->text);
  copy->path = g_strdup (location->path);
  copy->host = g_strdup (location->host);
  copy->opener = location->opener;
  return copy;
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
tdbg_location_open (const TdbgLocation *location, TdbgPrompt *prompt, GCancellable *cancellable,
                    GError **error)
{
  if (!tdbg_location_is_remote (location))
    return open_folder (location->path);
  /* A remote location is only parsed with an opener. */
  return location->opener->open (location->text, prompt, cancellable, error);
}

static void
open_in_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  TdbgSource *source;

  /* A prompt waiting on a person gives up when the open is cancelled (tdbg-prompt.h). */
  if (cancellable)
    g_cancellable_push_current (cancellable);
  source = tdbg_location_open (task_data, source_object, cancellable, &error);
  if (cancellable)
    g_cancellable_pop_current (cancellable);
  if (source)
    g_task_return_pointer (task, source, g_object_unref);
  else
    g_task_return_error (task, error);
}

void
tdbg_location_open_async (const TdbgLocation *location, TdbgPrompt *prompt, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (prompt, cancellable, callback, user_data);

  g_task_set_source_tag (task, tdbg_location_open_async);
  /* The worker's own copy: the caller's may go meanwhile. */
  g_task_set_task_data (task, tdbg_location_copy (location), (GDestroyNotify) tdbg_location_free);
  g_task_run_in_thread (task, open_in_thread);
}

TdbgSource *
tdbg_location_open_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
