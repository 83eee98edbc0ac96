/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the ui library's widgets share: property flags, counts, focus, tooltips, the dark
 * style (tdbg-ui-init.h sets the library up). */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The main thread keeps a copy of the process's locale as it is now (tdbg_ui_init() makes one):
 * Graphviz sets the process's LC_NUMERIC to "C" while it lays out or renders, in a worker for
 * the panes, and numbers the window formatted meanwhile lost their digit grouping and decimal
 * comma. Called again after a change of the process's locale, for the window to follow it. */
void tdbg_ui_pin_locale (void);

/* The flags of the ui library's properties: static names, and notified only when the value
 * changes (the object emits "notify" itself). */
#define TDBG_PARAM_READABLE (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)
#define TDBG_PARAM_READWRITE (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)

/* The role of a named region of the window (a pane, the graph, the root-cause card): the one
 * AT-SPI shows as a "panel" with its name on every GTK this builds with. GROUP is a panel up
 * to GTK 4.10 and a "grouping" after; GENERIC is a filler before and takes no name after. */
#define TDBG_ACCESSIBLE_ROLE_PANEL GTK_ACCESSIBLE_ROLE_TAB_PANEL

/* A count with the locale's digit grouping ("8,452", "8.452"), newly allocated. Everything a
 * person reads as a quantity (counts, sizes, element counts) is grouped so, here or with the
 * ' flag in its format ("%'u"); numbers that name something (a trace's or an execution's
 * index, a line, a byte offset) are not: they are typed into "Go to #", given to
 * `tfdbg-gtk trace LOGDIR INDEX` and matched against the JSON output, which has none. */
char *tdbg_ui_format_count (guint64 n);

/* The height @rows lines of @view take in its own font, with its top and bottom margins: a
 * height in pixels holds fewer lines where the monospace font is taller (libadwaita 1.7's 11 pt
 * line is 16.8 px, 1.2's 15.7 px). */
int tdbg_ui_text_rows_height (GtkTextView *view, guint rows);

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

/* GTK 4.8 names a button whose label has a mnemonic after the raw label and its text
 * ("_Library Frames Library Frames"), a check button after the raw label: names every button
 * and check button at or under @root that uses an underline after its text alone. */
void tdbg_ui_name_mnemonic_buttons (GtkWidget *root);

/* A drop-down's focus goes to the button inside it, which GTK 4.8 leaves unnamed: names it
 * @label, the drop-down's own name. */
void tdbg_ui_name_drop_down (GtkDropDown *drop_down, const char *label);

/* For a list factory's setup: gtk_list_item_set_child(), and the item remembered on @child,
 * which lets tdbg_ui_focus_list_row() find the row that shows a position. */
void tdbg_ui_list_item_set_child (GtkListItem *item, GtkWidget *child);
/* Moves the keyboard focus to the row of @list (a GtkListView) that
 * shows @position, scrolling it into view; with no such row (or GTK_INVALID_LIST_POSITION)
 * focuses the list. Returns whether the focus moved. */
gboolean tdbg_ui_focus_list_row (GtkWidget *list, guint position);

/* Removes every child of @parent (a GtkBox, GtkGrid or GtkListBox), to be made again. When one
 * of them has the keyboard focus, the focus is taken off first and 1 + that child's position
 * returned, else 0: GTK 4.8 keeps a removed focus widget as its window's focus, and trips over
 * it at the next layout (a critical, a finalized object referenced). */
guint tdbg_ui_remove_children (GtkWidget *parent);

/* The icon a logdir's location is shown with: a server for an address (ssh://, s3://, gs://),
 * a folder for a path. */
const char *tdbg_ui_location_icon_name (const char *location);
/* After they are made again: the focus to the new child at the position @released names (the
 * last when there are fewer), or to the first after it that takes it; nothing when 0. */
void tdbg_ui_restore_focus (GtkWidget *parent, guint released);

G_END_DECLS
