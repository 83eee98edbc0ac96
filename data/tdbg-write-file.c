/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-write-file.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"

gboolean
tdbg_set_write_error (GError **error, const char *path, int saved_errno)
{
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

gboolean
tdbg_write_file (const char *path, const void *data, gsize length, GError **error)
{
  FILE *out = g_fopen (path, "wb");
  int saved_errno = 0;

  if (out == NULL)
    saved_errno = errno;
  else
    {
      if (fwrite (data, 1, length, out) != length)
        saved_errno = errno != 0 ? errno : EIO;
      if (fclose (out) != 0 && saved_errno == 0)
        saved_errno = errno;
      if (saved_errno != 0)
        g_remove (path);
    }
  return saved_errno == 0 || tdbg_set_write_error (error, path, saved_errno);
}
