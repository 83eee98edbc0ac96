/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Scrolls a GtkListView whose rows all have one height to a row: a row out of view comes to
 * the middle, with its neighbours in view too; a row in view stays where it is (under the
 * pointer). Placed again over the next frames, as a list that has just changed, or is not
 * laid out yet, lands short. Plain data, owned by the list's pane. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct {
  GtkListView *list;
  guint id;                 /* the timeout that places the row again */
  guint position;
  gboolean centre;          /* the row was out of view: it comes to the middle */
  guint tries;              /* placements since the list was laid out */
  guint waits;              /* tries before it was */
} TdbgListScroll;

void tdbg_list_scroll_init (TdbgListScroll *self, GtkListView *list);
void tdbg_list_scroll_to (TdbgListScroll *self, guint position);
/* Stops placing the row (call before the list goes). */
void tdbg_list_scroll_clear (TdbgListScroll *self);

G_END_DECLS
