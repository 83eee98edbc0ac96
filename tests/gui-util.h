/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers shared by the GUI test and the GUI benchmark: spinning the main loop until a
 * condition holds, finding widgets, and the big benchmark logdir. */

#include <gtk/gtk.h>
#include "tdbg-window.h"

G_BEGIN_DECLS

typedef gboolean (*GuiCond) (gpointer data);

/* Iterates the default main context until @cond holds or @timeout_ms pass; returns @cond. */
gboolean gui_wait_until (GuiCond cond, gpointer data, guint timeout_ms);
/* Iterates the default main context for @ms. */
void gui_spin (guint ms);
/* Renders @window as it is on screen into the PNG file @path. */
void gui_screenshot (GtkWidget *window, const char *path);
/* The first label at or under @root whose text is @text (or starts with it when @prefix). */
GtkLabel *gui_find_label (GtkWidget *root, const char *text, gboolean prefix);
/* The first editable at or under @root whose placeholder text is @placeholder. */
GtkWidget *gui_find_editable (GtkWidget *root, const char *placeholder);
/* The first widget of @type at or under @root. */
GtkWidget *gui_find_widget (GtkWidget *root, GType type);
/* The first widget at or under @root whose tooltip is @tooltip. */
GtkWidget *gui_find_by_tooltip (GtkWidget *root, const char *tooltip);
/* Writes the tutorial-shaped demo logdir of @n_steps steps (bad step at the middle) into
 * @dir unless a previous run left the same one there; the same stamp as bench-load. */
void gui_ensure_demo_logdir (const char *dir, guint n_steps);

/* The start of a GUI test program: GTK for tests, GtkSourceView, the panes' types and style,
 * no animations (text views would scroll with one, and screenshots catch it midway). Sets
 * *@logdirs_root to $TDBG_SHARED_LOGDIRS, which must be a folder (a missing corpus fails,
 * never skips), and *@shots_dir to a screenshots folder in the build. */
void gui_test_init (int *argc, char ***argv, char **logdirs_root, char **shots_dir);
/* A window of 1280×800 on the logdir at @path, shown and loaded. */
TdbgWindow *gui_open_window (const char *path);
/* A GuiCond: @window (a TdbgWindow) is not loading. */
gboolean gui_window_loaded (gpointer window);

G_END_DECLS
