/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The selected op in words, beside the whole graph: its type, graph, device, output dtypes
 * (where traces or the GraphDef tell), inputs and consumers (buttons that select them), the
 * line that created it, and its GraphDef attributes when the graph recorded a GraphDef. */

#include <gtk/gtk.h>
#include "tdbg-selection.h"

G_BEGIN_DECLS

#define TDBG_TYPE_OP_DETAILS (tdbg_op_details_get_type ())
G_DECLARE_FINAL_TYPE (TdbgOpDetails, tdbg_op_details, TDBG, OP_DETAILS, GtkWidget)

/* Follows the op of @selection (and selects the inputs and consumers activated). */
void tdbg_op_details_set_selection (TdbgOpDetails *self, TdbgSelection *selection);

G_END_DECLS
