/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The one thread of the window process that calls Graphviz. Jobs run in order; results come
 * back through GAsyncReadyCallback in the caller's thread-default main context, so the
 * window never blocks on a layout. */

#include <gio/gio.h>
#include "libtdbg-graph.h"

G_BEGIN_DECLS

void tdbg_layout_worker_layout_async (const char *dot, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
TdbgGraphLayout *tdbg_layout_worker_layout_finish (GAsyncResult *result, GError **error);

void tdbg_layout_worker_export_async (const char *dot, const char *format, const char *path,
                                      GCancellable *cancellable, GAsyncReadyCallback callback,
                                      gpointer user_data);
gboolean tdbg_layout_worker_export_finish (GAsyncResult *result, GError **error);

G_END_DECLS
