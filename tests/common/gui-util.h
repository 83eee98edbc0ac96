/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers shared by the GUI test programs and the GUI benchmark: spinning the main loop until
 * a condition holds, windows on the reference logdirs, finding widgets, screenshots, and what
 * several panes' tests wait for. */

#include <gtk/gtk.h>
#include "tdbg-window-private.h"
/* The panes' read-backs. */
#include "tdbg-graph-pane-private.h"
#include "tdbg-stack-pane-private.h"
#include "tdbg-timeline-pane-private.h"

G_BEGIN_DECLS

typedef gboolean (*GuiCond) (gpointer data);

/* Iterates the default main context until @cond holds or @timeout_ms pass; returns @cond. */
gboolean gui_wait_until (GuiCond cond, gpointer data, guint timeout_ms);
/* Iterates the default main context for @ms. */
void gui_spin (guint ms);

/* The start of a GUI test program: a display of its own where TDBG_TEST_SCREEN names its
 * size ("1280x800"), GTK for tests and gui_init_toolkit(). The reference logdirs must be there
 * (a missing corpus fails, never skips). */
void gui_test_init (int *argc, char ***argv);
/* After gtk_init(): GtkSourceView, the panes' types and style, no animations (text views
 * would scroll with one, and screenshots catch it midway). */
void gui_init_toolkit (void);

/* Renders @window as it is on screen into the PNG file @path. */
void gui_screenshot (GtkWidget *window, const char *path);
/* The path of @name in the build's screenshots folder. */
char *gui_shot_path (const char *name);
/* gui_screenshot() into the screenshots folder, as @name. */
void gui_shot (GtkWidget *window, const char *name);

/* A new window of 1280×800, shown, with nothing open. */
TdbgWindow *gui_new_window (void);
/* A window of 1280×800 on the logdir at @path, shown and loaded. */
TdbgWindow *gui_open_window (const char *path);
/* The same on the reference logdir at @relative ("tutorial_mnist/logdir"). */
TdbgWindow *gui_open_shared_logdir (const char *relative);
/* A GuiCond: @window (a TdbgWindow) is not loading. */
gboolean gui_window_loaded (gpointer window);
/* Resets every key of the window's settings: each test starts without any. */
void gui_reset_settings (void);

/* The first label at or under @root whose text is @text (or starts with it when @prefix). */
GtkLabel *gui_find_label (GtkWidget *root, const char *text, gboolean prefix);
/* The first label at or under @root whose text holds @text. */
GtkLabel *gui_find_label_holding (GtkWidget *root, const char *text);
/* The first editable at or under @root whose placeholder text is @placeholder. */
GtkWidget *gui_find_editable (GtkWidget *root, const char *placeholder);
/* The first widget of @type at or under @root. */
GtkWidget *gui_find_widget (GtkWidget *root, GType type);
/* The first event controller of @widget of @type (the widget keeps it), NULL when none. */
GtkEventController *gui_find_controller (GtkWidget *widget, GType type);
/* The widget of @type at @n (0: the first) at or under @root, depth first, or NULL. */
GtkWidget *gui_find_nth_widget (GtkWidget *root, GType type, guint n);
/* The first widget at or under @root whose tooltip is @tooltip. */
GtkWidget *gui_find_by_tooltip (GtkWidget *root, const char *tooltip);
/* A visible toplevel window of @type (a dialog, About), or NULL. */
GtkWindow *gui_find_toplevel (GType type);
/* TRUE when each of the window's six panes lies within the window (a pane whose content
 * needs more than the window gives it is drawn past the window's edge, cut off); else says
 * which one does not. Wait for it (gui_wait_until): the panes settle a frame or two after a
 * change. */
gboolean gui_panes_in_window (TdbgWindow *window);
/* Messages naming, from @widget down, the child that needs the most width at each level: what
 * makes a window wider than its screen. */
void gui_print_widest (GtkWidget *widget, int depth);
/* For gui_wait_until(): the window's surface is on a screen (GTK 4.8 on X11 places a popover
 * of a window that is not yet on one with a critical). */
gboolean gui_window_on_monitor (gpointer window);

/* Waits until Graph Structure shows @op's neighbourhood, laid out; returns whether it does. */
gboolean gui_wait_graph_shows (TdbgGraphPane *pane, guint32 op, guint timeout_ms);
/* A GuiCond: the Whole Graph browser shows its graph laid out. */
typedef struct {
  TdbgGraphBrowser *browser;
  guint32 graph;
} GuiBrowserWait;
gboolean gui_browser_shows (gpointer wait);
/* @op's node in the graph shown, or NULL while none is. */
const TdbgLayoutNode *gui_find_node (TdbgWindow *window, guint32 op);
/* The fill colour of @op's node in the graph shown, or "" while none is. */
const char *gui_node_fill (TdbgWindow *window, guint32 op);
/* Whether the 0-based @line is wholly in view. */
gboolean gui_line_in_view (GtkTextView *view, int line);
/* A GuiCond: the source line marked in @window (a TdbgWindow) is in view. */
gboolean gui_marked_line_shown (gpointer window);

/* A Graph Execution filter changed as a person does (the op-name entry's text, the "Alerting
 * only" check, the op-type drop-down's position); each waits for the pane's result and returns
 * its number of rows. */
/* Calls @change with @data, then waits for the pane's "filtered" (its new rows in place);
 * returns how many rows it shows. */
typedef void (*GuiChangeFunc) (gconstpointer data);
guint gui_change_rows (TdbgTracePane *pane, GuiChangeFunc change, gconstpointer data);
guint gui_filter_by_text (TdbgTracePane *pane, GtkWidget *entry, const char *text);
guint gui_filter_by_check (TdbgTracePane *pane, GtkWidget *check, gboolean active);
guint gui_filter_by_dropdown (TdbgTracePane *pane, GtkDropDown *dropdown, guint position);

/* Writes the tutorial-shaped demo logdir of @n_steps steps (bad step at the middle) into
 * @dir unless a previous run left the same one there; the same stamp as bench-load. */
void gui_ensure_demo_logdir (const char *dir, guint n_steps);

/* The height of @widget on screen: what its ancestors do not cut off. */
double gui_shown_height (GtkWidget *widget);
/* Whole lines of @view in sight on screen. */
int gui_lines_in_view (GtkTextView *view);
/* Rows of @list (a GtkListView, or any widget whose children are rows) wholly in sight. */
guint gui_rows_in_view (GtkWidget *list);

/* Whether @label shows all its text (not ellipsized, as wide as it needs); every mapped label
 * under @root so, else an error naming @what and the labels cut. */
gboolean gui_label_whole (GtkLabel *label);
void gui_assert_labels_whole (GtkWidget *root, const char *what);
/* Graph Execution's filters, the timeline's chips (their names cut at their most characters
 * only, by the text) and Graph Structure's heading show whole. */
void gui_assert_headers_whole (TdbgWindow *window, const char *what);

/* Asserts that @window shows, without a load error, the counts and first alert @local holds
 * (a remote open against the local one). */
void gui_assert_window_same_as (TdbgWindow *window, TdbgLogdir *local);

G_END_DECLS
