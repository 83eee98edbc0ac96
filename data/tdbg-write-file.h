/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes @length bytes of @data to @path, replacing what was there. A failure (a missing folder,
 * one that cannot be written, a full disk) is a TDBG_ERROR_IO naming @path and why; never a
 * temporary file's name, as g_file_set_contents()'s errors do. */
gboolean tdbg_write_file (const char *path, const void *data, gsize length, GError **error);
/* Sets @error to that failure for @path and @saved_errno (for a writer of its own, as Graphviz's);
 * returns FALSE. */
gboolean tdbg_set_write_error (GError **error, const char *path, int saved_errno);

G_END_DECLS
