/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-list-scroll.h"

static guint
n_rows (TdbgListScroll *self)
{
  GtkSelectionModel *model = gtk_list_view_get_model (self->list);

  return model ? g_list_model_get_n_items (G_LIST_MODEL (model)) : 0;
}

/* The list's geometry: FALSE until it is laid out. The rows all have one height, so the
 * adjustment's range places every one of them exactly. */
static gboolean
list_geometry (TdbgListScroll *self, double *row_height, double *value, double *page, double *upper)
{
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list));
  guint n = n_rows (self);

  *upper = gtk_adjustment_get_upper (vadj);
  *page = gtk_adjustment_get_page_size (vadj);
  *value = gtk_adjustment_get_value (vadj);
  *row_height = n ? *upper / n : 0;
  return n > 0 && *page > 0 && *row_height > 0 && gtk_widget_get_height (GTK_WIDGET (self->list)) > 0;
}

static gboolean
in_view (TdbgListScroll *self, guint position)
{
  double row_height, value, page, upper;

  return list_geometry (self, &row_height, &value, &page, &upper) && position * row_height >= value &&
         (position + 1) * row_height <= value + page;
}

/* Places the row; FALSE while the list is not laid out yet. A row to be centred, or out of
 * view, comes to the middle of the list, with its neighbours (the op's inputs just above it,
 * what follows below) in view too; a row in view otherwise stays where it is. The list scrolls
 * itself (GTK 4.8's list view loses its rows when its adjustment is set before its first
 * layout): the row half a page below or above is brought to the edge, which puts this one in
 * the middle. */
static gboolean
scroll_now (TdbgListScroll *self, guint position, gboolean centre)
{
  guint n = n_rows (self), half, target = position;
  double row_height, value, page, upper, middle, row_middle;

  if (!list_geometry (self, &row_height, &value, &page, &upper))
    {
      gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", position);
      return FALSE;
    }
  if (!centre && in_view (self, position))
    return TRUE;
  half = (guint) (page / row_height / 2);
  middle = value + page / 2;
  row_middle = (position + 0.5) * row_height;
  if (row_middle > middle + row_height / 2)
    target = MIN (position + half, n - 1);
  else if (row_middle < middle - row_height / 2)
    target = position > half ? position - half : 0;
  else
    return TRUE;
  gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", target);
  return TRUE;
}

/* Scrolls again over the next frames: right after the model changed, or before the window is
 * first laid out, the rows are not placed yet and the first scroll lands short. */
static gboolean
scroll_again_cb (gpointer data)
{
  TdbgListScroll *self = data;
  gboolean placed = FALSE;

  if (self->position < n_rows (self))
    placed = scroll_now (self, self->position, self->centre);
  if (placed)
    self->tries++;
  else
    self->waits++;
  if (self->tries < 3 && self->waits < 250)
    return G_SOURCE_CONTINUE;
  self->id = 0;
  return G_SOURCE_REMOVE;
}

void
tdbg_list_scroll_to (TdbgListScroll *self, guint position)
{
  self->centre = !in_view (self, position);
  self->position = position;
  self->tries = 0;
  self->waits = 0;
  scroll_now (self, position, self->centre);
  if (self->id == 0)
    self->id = g_timeout_add (40, scroll_again_cb, self);
}

void
tdbg_list_scroll_init (TdbgListScroll *self, GtkListView *list)
{
  *self = (TdbgListScroll) { .list = list };
}

void
tdbg_list_scroll_clear (TdbgListScroll *self)
{
  g_clear_handle_id (&self->id, g_source_remove);
}
