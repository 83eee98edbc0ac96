/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Pane 5, Source Code: a read-only Python view of one source file of the logdir, scrolled to
 * and marking the selected line. */

#include <gtksourceview/gtksource.h>
#include "tdbg-pane.h"
#include "tdbg-source-ops-bar.h"

G_BEGIN_DECLS

#define TDBG_TYPE_SOURCE_PANE (tdbg_source_pane_get_type ())
G_DECLARE_FINAL_TYPE (TdbgSourcePane, tdbg_source_pane, TDBG, SOURCE_PANE, TdbgPane)

GtkSourceView *tdbg_source_pane_get_view (TdbgSourcePane *self);
/* The pane's height that shows @lines whole lines of code, in the view's own font. */
int tdbg_source_pane_height_for_lines (TdbgSourcePane *self, guint lines);
/* The gutter of lines that created ops and the list of files with ops, under the view. */
TdbgSourceOpsBar *tdbg_source_pane_get_ops_bar (TdbgSourcePane *self);
/* The source file shown (index), TDBG_NONE when none, and the marked line (0 when none). */
guint32 tdbg_source_pane_get_file (TdbgSourcePane *self);
gint tdbg_source_pane_get_marked_line (TdbgSourcePane *self);

/* Compare mode: shows run B's (@other's) source file @file marked at @line, under a bar that
 * says so and goes back; the next line selected in this run shows this run's file again. */
void tdbg_source_pane_show_run_b_line (TdbgSourcePane *self, TdbgLogdir *other, guint32 file, gint line);
/* Whether run B's file is on show. */
gboolean tdbg_source_pane_shows_run_b (TdbgSourcePane *self);

G_END_DECLS
