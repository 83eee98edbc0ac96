/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* libtdbg-ui set up: call once after gtk_init (and gtk_source_init). Apart from tdbg-ui.h,
 * which the panes include, as it includes the panes. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Registers the pane types (for templates that use them); needs no display. */
void tdbg_ui_ensure_types (void);
/* Types plus the stylesheet on the default display. */
void tdbg_ui_init (void);

G_END_DECLS
