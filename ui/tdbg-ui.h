#pragma once

/* libtdbg-ui: call once after gtk_init (and gtk_source_init). */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Registers the pane types (for templates that use them); needs no display. */
void tdbg_ui_ensure_types (void);
/* Types plus the stylesheet on the default display. */
void tdbg_ui_init (void);

/* Gives @widget a tooltip whose text is only looked up when it is about to show. Setting a
 * tooltip with gtk_widget_set_tooltip_text() asks the display server where the pointer is
 * (a round trip) on every call: far too slow for list rows that are bound by the hundred. */
void tdbg_ui_set_lazy_tooltip (GtkWidget *widget, const char *text);

/* Whether @widget is drawn in a dark style: its text colour is light. Works with any theme
 * (libadwaita's dark variant, GTK's Adwaita:dark, high contrast), so the panes need not know
 * what switched it; call it from GtkWidgetClass.css_changed. */
gboolean tdbg_ui_widget_is_dark (GtkWidget *widget);
/* Updates *@dark from @widget's style; TRUE when it changed. */
gboolean tdbg_ui_update_dark (GtkWidget *widget, gboolean *dark);

G_END_DECLS
