/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A gutter of the source view that marks each line that created ops: how many, with "!" in
 * the error colour when some of them produced NaN/∞. Activating a mark emits "line-activated"
 * with the 1-based line. */

#include <gtksourceview/gtksource.h>
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_TYPE_OP_GUTTER (tdbg_op_gutter_get_type ())
G_DECLARE_FINAL_TYPE (TdbgOpGutter, tdbg_op_gutter, TDBG, OP_GUTTER, GtkSourceGutterRendererText)

TdbgOpGutter *tdbg_op_gutter_new (void);
/* Marks the lines of @file in @ops (borrowed: set NULL before freeing it). */
void tdbg_op_gutter_set_file (TdbgOpGutter *self, TdbgSourceOps *ops, guint32 file);
/* Lines marked in the shown file. */
guint tdbg_op_gutter_get_n_marks (TdbgOpGutter *self);
/* The mark of 1-based @line: FALSE when none, else its op count and how many went NaN/∞. */
gboolean tdbg_op_gutter_get_mark (TdbgOpGutter *self, gint line, guint *n_ops, guint *n_bad);
/* What activating the mark of @line does (emits "line-activated" when it has one). */
gboolean tdbg_op_gutter_activate_line (TdbgOpGutter *self, gint line);

G_END_DECLS
