/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 4, Graph Structure: the selected op with its inputs above and consumers below, to a
 * chosen depth; zoom (buttons, Ctrl+wheel, pinch, + - 0) and pan (drag, wheel, arrows). */

#include "tdbg-pane.h"
#include "tdbg-twins.h"

G_BEGIN_DECLS

#define TDBG_TYPE_GRAPH_PANE (tdbg_graph_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgGraphPane, tdbg_graph_pane, TDBG, GRAPH_PANE, TdbgPane)

/* Levels of inputs above and of consumers below the op (the spin buttons; remembered by the
 * window). */
void tdbg_graph_pane_get_depths (TdbgGraphPane *self, guint *inputs, guint *consumers);
void tdbg_graph_pane_set_depths (TdbgGraphPane *self, guint inputs, guint consumers);
/* Writes the current neighbourhood to @path (format "png", "svg" or "pdf") on the layout
 * thread. */
void tdbg_graph_pane_export_async (TdbgGraphPane *self, const char *format, const char *path,
                                   GAsyncReadyCallback callback, gpointer user_data);
gboolean tdbg_graph_pane_export_finish (TdbgGraphPane *self, GAsyncResult *result, GError **error);

/* Compare mode: the "A | B" switch in the header, "B" drawing run B's neighbourhood of the
 * selected op's twin (@twins, tdbg-twins.h); NULL leaves compare mode (run A drawn). */
void tdbg_graph_pane_set_twins (TdbgGraphPane *self, TdbgTwins *twins);

G_END_DECLS
