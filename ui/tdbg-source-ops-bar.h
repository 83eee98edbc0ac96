/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Under the Source Code view: which lines created ops. It puts a TdbgOpGutter in the view's
 * gutter; activating a mark lists that line's ops here (the bar is hidden otherwise), and
 * choosing one selects it everywhere. Its "Files with ops" menu button (placed by the pane,
 * in its header) lists the logdir's files (the user's before library
 * files) with their op and NaN/∞ counts, to open one at its first line that created ops. */

#include <gtksourceview/gtksource.h>
#include "tdbg-selection.h"
#include "tdbg-op-gutter.h"

G_BEGIN_DECLS

#define TDBG_TYPE_SOURCE_OPS_BAR (tdbg_source_ops_bar_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSourceOpsBar, tdbg_source_ops_bar, TDBG, SOURCE_OPS_BAR, GtkWidget)

/* Adds the gutter to @view (once). */
void tdbg_source_ops_bar_attach (TdbgSourceOpsBar *self, GtkSourceView *view);
/* The logdir of @selection was loaded or grew: index its ops again. */
void tdbg_source_ops_bar_set_selection (TdbgSourceOpsBar *self, TdbgSelection *selection);
/* The selection's logdir grew (following): the index takes in what was added. */
void tdbg_source_ops_bar_logdir_grew (TdbgSourceOpsBar *self);
/* The view now shows source file @file (TDBG_NONE: none). */
void tdbg_source_ops_bar_show_file (TdbgSourceOpsBar *self, guint32 file);

TdbgOpGutter *tdbg_source_ops_bar_get_gutter (TdbgSourceOpsBar *self);
/* The "Files with ops" menu button, for the pane to place (owned by the bar). */
GtkWidget *tdbg_source_ops_bar_get_files_button (TdbgSourceOpsBar *self);
/* The list of files with ops (a GtkListBox, in the menu's popover). */
GtkWidget *tdbg_source_ops_bar_get_file_list (TdbgSourceOpsBar *self);

G_END_DECLS
