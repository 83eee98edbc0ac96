/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the serve-logdir tests, fuzz target and seed maker share: the request as the client
 * writes it, and memory files standing for the command's standard input and output. */

#include <glib.h>

G_BEGIN_DECLS

/* A memory file holding @length bytes of @data, read from its start. */
int serve_memory_fd (const void *data, gsize length);
/* All that @fd holds. */
GBytes *serve_fd_contents (int fd);
/* The request for @path (tdbg_serve_request_new()) as the client writes it: its length, then
 * the variant. */
GBytes *serve_request_bytes (const char *path, GHashTable *from);

G_END_DECLS
