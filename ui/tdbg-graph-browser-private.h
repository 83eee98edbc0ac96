/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The graph browser's parts: tdbg-graph-browser.c (showing a graph, folding its scopes,
 * entering call ops, find) and tdbg-graph-browser-follow.c (the graph list, and keeping the
 * view in place while a followed logdir grows). */

#include "tdbg-graph-browser.h"
#include "tdbg-op-details.h"

G_BEGIN_DECLS

struct _TdbgGraphBrowser {
  GtkWidget parent_instance;

  GtkButton *up_button;
  GtkDropDown *graph_dropdown;
  GtkToggleButton *fold_button;
  GtkSearchEntry *search_entry;
  GtkBox *inner_box;
  GtkLabel *inner_label;
  GtkPaned *paned;           /* the drawing, the selected op's details */
  TdbgGraphView *view;
  TdbgOpDetails *details;
  GtkBox *progress_box;
  GtkSpinner *spinner;
  GtkLabel *progress_label;
  GtkButton *cancel_button;
  GtkLabel *status_label;

  TdbgSelection *selection;
  gboolean dark;
  guint32 graph;
  gboolean folded;           /* how scopes are shown unless toggled */
  GHashTable *toggled;       /* scope names shown the other way: opened while folded, or folded */
  GCancellable *cancellable;
  TdbgWholeGraph *pending;
  TdbgWholeGraph *shown;
  guint32 focus_op;          /* op to bring into view once laid out, or TDBG_NONE */
  guint32 last_found;        /* op of the last find, to go on from */
  guint32 pending_view_op;
  guint32 last_shown_op;     /* the op tdbg_graph_browser_show_op() showed last */   /* to centre once the view has its size */
  gboolean grab_focus;       /* bring_into_view() focuses the node (FALSE: the op came from elsewhere) */
  gboolean stale;            /* to lay out once mapped: the layout thread is shared */
  /* Following a growing logdir: the view is kept where it was across a new layout. */
  gboolean regrow;           /* the logdir grew during a layout: look again once it is done */
  gboolean keep_view;        /* the pending layout replaces the shown one in place */
  guint32 anchor_op;         /* an op of the node at the middle of the view, or TDBG_NONE */
  double anchor_x, anchor_y; /* where its node was drawn */
  double anchor_scale;
  guint32 focused_op;        /* an op of the node whose button had the focus, or TDBG_NONE */
  gboolean keep_on_map;      /* grew while hidden: lay out in place once shown again */
};

/* Builds the shown graph again and lays it out (later, when the browser is not mapped). */
void tdbg_graph_browser_rebuild (TdbgGraphBrowser *self);
/* The graph list: "outer › inner · id… · 12 ops · 3 traced" per graph of @logdir. With
 * @in_place only the rows that changed are replaced and new graphs appended, so that the
 * shown graph stays chosen. */
void tdbg_graph_browser_fill_dropdown (TdbgGraphBrowser *self, TdbgLogdir *logdir, gboolean in_place);
/* A row of the graph list without its outer graphs, for the drop-down's button. */
char *tdbg_graph_browser_short_row (const char *row);
/* Before a layout that replaces the shown one in place: remembers the node at the middle of
 * the view, the zoom and the focused node; after it, puts them back. */
void tdbg_graph_browser_remember_view (TdbgGraphBrowser *self);
void tdbg_graph_browser_restore_view (TdbgGraphBrowser *self);

G_END_DECLS
