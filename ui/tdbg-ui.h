#pragma once

/* libtdbg-ui: call once after gtk_init (and gtk_source_init). */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Registers the pane types (for templates that use them); needs no display. */
void tdbg_ui_ensure_types (void);
/* Types plus the stylesheet on the default display. */
void tdbg_ui_init (void);

G_END_DECLS
