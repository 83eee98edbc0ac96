/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The base of the six panes: holds the shared selection, listens to it once and calls the
 * pane's hooks, lays the pane's children out top to bottom, and gives it a name (its
 * accessible label) and an icon. Panes are declared in the window's template; the window
 * finds them with tdbg_pane_collect() and treats them alike. Every pane has a template (the
 * base disposes it after the pane's own dispose). */

#include <gtk/gtk.h>
#include "tdbg-selection.h"

G_BEGIN_DECLS

#define TDBG_TYPE_PANE (tdbg_pane_get_type ())
G_DECLARE_DERIVABLE_TYPE (TdbgPane, tdbg_pane, TDBG, PANE, GtkWidget)

struct _TdbgPaneClass {
  GtkWidgetClass parent_class;

  /* The selection's logdir was replaced, or the pane was given a selection: start over.
   * @logdir is NULL while none is open (also while one loads). */
  void (*logdir_loaded) (TdbgPane *self, TdbgLogdir *logdir);
  /* A followed logdir grew beyond @before: append the new records, keeping what is
   * selected and where the pane is scrolled. */
  void (*logdir_grew) (TdbgPane *self, TdbgLogdir *logdir, const TdbgLogdirCounts *before);
  /* A property of the selection other than "logdir" changed ("alert", "trace",
   * "execution", "op", "focus", "frame", "source-file", "source-line", "loading"): one call per
   * notification, in the order the selection emits them. */
  void (*selection_changed) (TdbgPane *self, TdbgSelection *selection, GParamSpec *pspec);
  /* The pane's style turned dark or light (see tdbg_ui_widget_is_dark()); only tracked for
   * panes that implement it. */
  void (*dark_changed) (TdbgPane *self, gboolean dark);

  gpointer padding[8];
};

void tdbg_pane_set_selection (TdbgPane *self, TdbgSelection *selection);
TdbgSelection *tdbg_pane_get_selection (TdbgPane *self);
/* The selection's logdir, NULL when none (or no selection yet). */
TdbgLogdir *tdbg_pane_get_logdir (TdbgPane *self);
/* The pane's name ("Alerts"), also its accessible label; its icon's name. */
const char *tdbg_pane_get_title (TdbgPane *self);
void tdbg_pane_set_title (TdbgPane *self, const char *title);
const char *tdbg_pane_get_icon_name (TdbgPane *self);
void tdbg_pane_set_icon_name (TdbgPane *self, const char *icon_name);
/* Whether the pane is drawn in the dark style (for panes with a dark_changed hook). */
gboolean tdbg_pane_get_dark (TdbgPane *self);

/* Makes @list show @rows through a single selection that starts with none selected and may
 * go back to none, its rows made by @setup and @bind (and @unbind, or NULL), called with the
 * pane as user data. The pane's grab_focus (Alt+N) then focuses the selected row while the
 * list is on show, else the pane's first focusable widget. Returns the selection model,
 * owned by the pane. */
GtkSingleSelection *tdbg_pane_set_list (TdbgPane *self, GtkListView *list, GListModel *rows, GCallback setup,
                                        GCallback bind, GCallback unbind);
/* Selects row @position of the pane's list (GTK_INVALID_LIST_POSITION: none) and scrolls it
 * into view, without the pane's own handlers of the selection model (those connected with
 * the pane as their data) taking it for the person's choice. */
void tdbg_pane_show_row (TdbgPane *self, guint position);

/* The panes at or under @root, in the order the window's template declares them (depth
 * first): the order of Alt+1…Alt+6. The array does not hold references. */
GPtrArray *tdbg_pane_collect (GtkWidget *root);

G_END_DECLS
