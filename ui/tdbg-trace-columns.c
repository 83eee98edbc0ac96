/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-columns.h"

void
tdbg_trace_columns_init (TdbgTraceColumns *self, const TdbgTraceColumn *all, guint n_all,
                         TdbgTraceTextFunc text_func, gpointer text_data)
{
  g_return_if_fail (n_all <= TDBG_TRACE_COLUMNS_MAX);
  memset (self, 0, sizeof *self);
  self->all = all;
  self->n_all = n_all;
  self->text_func = text_func;
  self->text_data = text_data;
  for (guint c = 0; c < n_all; c++)
    self->widths[c] = all[c].width;
}

/* The passes of giving way: the expanding column down to its least width, then the others
 * down to theirs, then the expanding column on down to TDBG_TRACE_COLUMN_FLOOR_WIDTH. */
enum { YIELD_EXPAND, YIELD_OTHERS, YIELD_EXPAND_FLOOR, N_YIELD_PASSES };

/* How narrow column @column gets in pass @pass, or -1 when it does not give way then. */
static int
least_in_pass (const TdbgTraceColumns *self, guint column, guint pass)
{
  const TdbgTraceColumn *c = &self->all[column];

  if (c->least <= 0 || (self->resized >> column) & 1 || c->expand != (pass != YIELD_OTHERS))
    return -1;
  return pass == YIELD_EXPAND_FLOOR ? MIN (c->least, TDBG_TRACE_COLUMN_FLOOR_WIDTH) : c->least;
}

/* What each shown column gives up (into @yielded, of all[]) for every column kept in view to
 * fit the view, pass by pass, left to right. */
static void
needed_yields (const TdbgTraceColumns *self, int *yielded)
{
  int through_kept = 0, left = 0, needed;

  memset (yielded, 0, TDBG_TRACE_COLUMNS_MAX * sizeof *yielded);
  for (guint i = 0; i < self->n_shown; i++)
    {
      left += self->widths[self->shown[i]];
      if (self->all[self->shown[i]].keep_in_view)
        through_kept = left;
    }
  needed = self->view_width > 0 ? through_kept - self->view_width : 0;
  for (guint pass = 0; pass < N_YIELD_PASSES && needed > 0; pass++)
    for (guint i = 0; i < self->n_shown && needed > 0; i++)
      {
        guint column = self->shown[i];
        int least = least_in_pass (self, column, pass), more;

        if (least < 0)
          continue;
        more = MIN (MAX (self->widths[column] - yielded[column] - least, 0), needed);
        yielded[column] += more;
        needed -= more;
      }
}

/* The geometry changed: the yields follow. */
static void
geometry_changed (TdbgTraceColumns *self)
{
  needed_yields (self, self->yielded);
  self->geometry_serial++;
}

gboolean
tdbg_trace_columns_fit_view (TdbgTraceColumns *self, int view_width)
{
  int yielded[TDBG_TRACE_COLUMNS_MAX];

  if (view_width == self->view_width)
    return FALSE;
  self->view_width = view_width;
  needed_yields (self, yielded);
  if (memcmp (yielded, self->yielded, sizeof yielded) == 0)
    return FALSE;
  geometry_changed (self);
  return TRUE;
}

void
tdbg_trace_columns_set_shown (TdbgTraceColumns *self, const gboolean *show)
{
  self->n_shown = 0;
  for (guint c = 0; c < self->n_all; c++)
    {
      guint i;

      if (!show[c])
        continue;
      /* Inserted before the first shown column placed after it. */
      for (i = self->n_shown; i > 0 && self->all[self->shown[i - 1]].position > self->all[c].position; i--)
        self->shown[i] = self->shown[i - 1];
      self->shown[i] = c;
      self->n_shown++;
    }
  self->serial++;
  geometry_changed (self);
}

void
tdbg_trace_columns_set_width (TdbgTraceColumns *self, guint n, int width)
{
  g_return_if_fail (n < self->n_shown);
  /* The width the person gave it is kept: it no longer gives way. */
  self->resized |= 1u << self->shown[n];
  self->widths[self->shown[n]] = MAX (width, TDBG_TRACE_COLUMN_MIN_WIDTH);
  geometry_changed (self);
}

void
tdbg_trace_columns_fit_width (TdbgTraceColumns *self, guint column, int width)
{
  g_return_if_fail (column < self->n_all);
  width = MAX (width, TDBG_TRACE_COLUMN_MIN_WIDTH);
  if ((self->resized >> column) & 1 || self->widths[column] == width)
    return;
  self->widths[column] = width;
  geometry_changed (self);
}

gboolean
tdbg_trace_columns_is_shown (const TdbgTraceColumns *self, guint column)
{
  for (guint i = 0; i < self->n_shown; i++)
    if (self->shown[i] == column)
      return TRUE;
  return FALSE;
}

int
tdbg_trace_columns_min_width (const TdbgTraceColumns *self)
{
  int width = 0;

  for (guint i = 0; i < self->n_shown; i++)
    width += self->widths[self->shown[i]] - self->yielded[self->shown[i]];
  return width;
}

void
tdbg_trace_columns_place (const TdbgTraceColumns *self, int width, int *x, int *w)
{
  int extra = MAX (width - tdbg_trace_columns_min_width (self), 0);
  int left = 0;

  for (guint i = 0; i < self->n_shown; i++)
    {
      const TdbgTraceColumn *column = &self->all[self->shown[i]];
      x[i] = left;
      w[i] = self->widths[self->shown[i]] - self->yielded[self->shown[i]] + (column->expand ? extra : 0);
      if (column->expand)
        extra = 0;
      left += w[i];
    }
}

int
tdbg_trace_columns_at (const TdbgTraceColumns *self, int width, double x)
{
  int xs[TDBG_TRACE_COLUMNS_MAX], ws[TDBG_TRACE_COLUMNS_MAX];

  tdbg_trace_columns_place (self, width, xs, ws);
  for (guint i = 0; i < self->n_shown; i++)
    if (x >= xs[i] && x < xs[i] + ws[i])
      return (int) i;
  return -1;
}

int
tdbg_trace_columns_line_height (GtkWidget *widget)
{
  PangoLayout *probe = gtk_widget_create_pango_layout (widget, "Ag");
  int height;

  pango_layout_get_pixel_size (probe, NULL, &height);
  g_object_unref (probe);
  return MAX (height, 1);
}

void
tdbg_trace_columns_draw_text (GtkSnapshot *snapshot, PangoLayout *layout, int x, int w, int height, float xalign,
                              const GdkRGBA *color)
{
  int inner = MAX (w - 2 * TDBG_TRACE_COLUMN_PADDING, 0);
  int text_width, text_height;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (x, 0, w, height));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (x + TDBG_TRACE_COLUMN_PADDING +
                                                floorf ((float) MAX (inner - text_width, 0) * xalign),
                                                floorf ((float) (height - text_height) / 2)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

void
tdbg_trace_columns_draw_separators (const TdbgTraceColumns *self, GtkSnapshot *snapshot, const int *x, const int *w,
                                    int height, const GdkRGBA *color)
{
  for (guint i = 0; i + 1 < self->n_shown; i++)
    gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x[i] + w[i] - 1, 0, 1, height));
}

void
tdbg_adjustment_watch (TdbgAdjustmentWatch *watch, GtkAdjustment *adjustment, GCallback callback, gpointer data)
{
  tdbg_adjustment_unwatch (watch);
  if (adjustment == NULL)
    return;
  watch->adjustment = g_object_ref (adjustment);
  watch->value_changed_id = g_signal_connect_swapped (adjustment, "value-changed", callback, data);
  watch->changed_id = g_signal_connect_swapped (adjustment, "changed", callback, data);
}

void
tdbg_adjustment_unwatch (TdbgAdjustmentWatch *watch)
{
  if (watch->adjustment == NULL)
    return;
  g_clear_signal_handler (&watch->value_changed_id, watch->adjustment);
  g_clear_signal_handler (&watch->changed_id, watch->adjustment);
  g_clear_object (&watch->adjustment);
}
