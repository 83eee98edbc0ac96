/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The pieces of tdbg_serve_logdir(), apart: the client builds its request with the first, and
 * the fuzz target and tests reach the request's parser and the answer without a channel. */

#include <glib.h>

G_BEGIN_DECLS

/* The request for @path, each file from the offset @from gives it (name → guint64 *; NULL:
 * all from 0), for this program's version. */
GVariant *tdbg_serve_request_new (const char *path, GHashTable *from);
/* The request read from @fd (its u32 length, then the variant), in normal form, or NULL with
 * @error; its version is checked apart, by tdbg_serve_check_version(). */
GVariant *tdbg_serve_read_request (int fd, GError **error);
gboolean tdbg_serve_check_version (GVariant *request, GError **error);
/* After the header: the listing of @path and the debugger's files from @from_offsets (a{st}),
 * compressed, onto @out_fd. */
gboolean tdbg_serve_answer (int out_fd, const char *path, GVariant *from_offsets, GError **error);

G_END_DECLS
