/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tfdbg V1 dump root read over SFTP alone (no tfdbg-gtk on the server): its files are read
 * once and made into the logdir a local open makes (data/v1/), which then answers every call
 * of the SSH source, its problems named by the dump's own files. */
#include "tdbg-ssh-source-private.h"

#include <string.h>

#include "libtdbg-v1.h"

/* What a tfdbg V1 dump root (or one run's folder of it) holds, as data/v1/ tells them:
 * run_<µs>_<n>/ folders, _tfdbg_core_metadata_* files and _tfdbg_device_* folders. */
gboolean
_tdbg_ssh_v1_is_entry (sftp_attributes attrs)
{
  if (attrs->type == SSH_FILEXFER_TYPE_DIRECTORY)
    return g_str_has_prefix (attrs->name, "run_") || g_str_has_prefix (attrs->name, "_tfdbg_device_");
  return attrs->type == SSH_FILEXFER_TYPE_REGULAR && g_str_has_prefix (attrs->name, "_tfdbg_core_metadata_");
}

/* A tfdbg2 file set: the folder is read as the logdir it is, as a local one is. */
gboolean
_tdbg_ssh_v1_has_metadata (GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      if (g_str_has_prefix (name, "tfdbg_events.") && g_str_has_suffix (name, ".metadata"))
        return TRUE;
    }
  return FALSE;
}

/* As deep as a V1 dump's node names make folders (as data/v1/ reads a local one). */
#define V1_MAX_DEPTH 32

/* Every regular file under @relative ("" for the root), read whole, into @files (TdbgV1File*);
 * the caller holds the lock. */
static gboolean
read_v1_tree (TdbgSshSource *self, const char *relative, guint depth, GPtrArray *files, GCancellable *cancellable,
              GError **error)
{
  g_autofree char *path = relative[0] ? _tdbg_ssh_remote_path (self, relative) : g_strdup (self->uri.path);
  sftp_dir dir;
  sftp_attributes attrs;
  gboolean ok = TRUE;

  self->round_trips++;
  if ((dir = sftp_opendir (self->sftp, path)) == NULL)
    return _tdbg_ssh_sftp_failure (self, path, error);
  while (ok && (attrs = _tdbg_ssh_read_entry (self, dir)) != NULL)
    {
      g_autofree char *child = NULL;

      if (g_str_equal (attrs->name, ".") || g_str_equal (attrs->name, "..") || strchr (attrs->name, '/'))
        {
          sftp_attributes_free (attrs);
          continue;
        }
      child = relative[0] ? g_strconcat (relative, "/", attrs->name, NULL) : g_strdup (attrs->name);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (attrs->type == SSH_FILEXFER_TYPE_DIRECTORY && depth < V1_MAX_DEPTH)
        ok = read_v1_tree (self, child, depth + 1, files, cancellable, error);
      else if (attrs->type == SSH_FILEXFER_TYPE_REGULAR)
        {
          g_autoptr(GBytes) bytes = _tdbg_ssh_fetch_locked (child, 0, attrs->size, cancellable, error, self);
          ok = bytes != NULL;
          if (ok)
            g_ptr_array_add (files, tdbg_v1_file_new (child, bytes));
        }
      sftp_attributes_free (attrs);
    }
  if (ok && !sftp_dir_eof (dir))
    ok = _tdbg_ssh_sftp_failure (self, path, error);
  sftp_closedir (dir);
  return ok;
}

/* The dump's files, read over SFTP once, made into a logdir (their problems named by the
 * dump's own files); the caller holds the lock. */
gboolean
_tdbg_ssh_v1_make (TdbgSshSource *self, GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_v1_file_free);
  g_autofree char *description = tdbg_ssh_uri_to_string (&self->uri);

  if (!read_v1_tree (self, "", 0, files, cancellable, error))
    {
      _tdbg_ssh_forget_dead_session (self);
      return FALSE;
    }
  self->v1 = tdbg_v1_source_new_from_files (g_steal_pointer (&files), description);
  return TRUE;
}
