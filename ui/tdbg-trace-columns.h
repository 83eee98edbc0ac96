/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The columns of a table drawn by whole-row widgets (TdbgTraceRow) under a drawn header
 * (TdbgTraceHeader): which columns are shown, their titles, widths and alignment, and where
 * the rows get their texts. Both place the columns with tdbg_trace_columns_place(), so the
 * header and the rows line up. Plain data, owned by the list's pane. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TRACE_COLUMNS_MAX 20
/* Space between a column's edge and its text. */
#define TDBG_TRACE_COLUMN_PADDING 4
#define TDBG_TRACE_COLUMN_MIN_WIDTH 24
/* How narrow the expanding column gets, as a last resort, giving way to the columns kept in
 * view (a name's last characters: op names differ at their ends). */
#define TDBG_TRACE_COLUMN_FLOOR_WIDTH 80

typedef struct {
  const char *title;            /* translated, static */
  int width;                    /* the column's first width, its least when it expands */
  float xalign;
  gboolean expand;              /* takes the width left over (one column at most) */
  gboolean numeric;             /* tabular figures */
  gboolean tooltip;             /* the text is the tooltip even when it fits */
  PangoEllipsizeMode ellipsize;
  guint position;               /* the shown columns go left to right by ascending position */
  gboolean keep_in_view;        /* the columns that give way do so that it is in view unscrolled */
  int least;                    /* how narrow it gets giving way to the columns kept in view (0:
                                 * it keeps its width); the expanding column gives way first */
} TdbgTraceColumn;

/* The text (newly allocated, or NULL for none) of column @column (an index into the columns
 * given to tdbg_trace_columns_init()) for @record; sets *@bad when the value should stand out. */
typedef char *(*TdbgTraceTextFunc) (guint record, guint column, gboolean *bad, gpointer user_data);

typedef struct {
  const TdbgTraceColumn *all;   /* every column that can be shown */
  guint n_all;
  guint shown[TDBG_TRACE_COLUMNS_MAX];  /* indices into all[], left to right */
  guint n_shown;
  int widths[TDBG_TRACE_COLUMNS_MAX];   /* of all[], as resized */
  int view_width;               /* the list's width in view, 0 until known */
  int yielded[TDBG_TRACE_COLUMNS_MAX];  /* of all[]: what each gives up for the kept columns */
  guint resized;                /* bit per column of all[]: the person set its width, it is kept */
  guint serial;                 /* changes with what is shown */
  guint geometry_serial;        /* changes with what is shown and with the widths */
  TdbgTraceTextFunc text_func;
  /* The whole text of a cell the text function shortens (NULL: none is shortened); it is the
   * cell's tooltip and part of the row's accessible description. Takes text_data. */
  TdbgTraceTextFunc whole_text_func;
  gpointer text_data;
} TdbgTraceColumns;

void tdbg_trace_columns_init (TdbgTraceColumns *self, const TdbgTraceColumn *all, guint n_all,
                              TdbgTraceTextFunc text_func, gpointer text_data);
/* Shows the columns with @show[i] set, left to right by their position. */
void tdbg_trace_columns_set_shown (TdbgTraceColumns *self, const gboolean *show);
/* Gives shown column @n (0: the first) @width, at least TDBG_TRACE_COLUMN_MIN_WIDTH: the
 * person's width, kept. */
void tdbg_trace_columns_set_width (TdbgTraceColumns *self, guint n, int width);
/* Gives column @column (of all) the width its texts need, unless the person sized it. */
void tdbg_trace_columns_fit_width (TdbgTraceColumns *self, guint column, int width);
/* The list shows @view_width of its width: the columns with a least width give way (down to
 * it, unless the person sized them; the expanding column first, then the others left to
 * right, then the expanding column down to TDBG_TRACE_COLUMN_FLOOR_WIDTH) so that the columns
 * kept in view fit it. Returns whether the geometry changed. */
gboolean tdbg_trace_columns_fit_view (TdbgTraceColumns *self, int view_width);
/* Whether column @column (of all) is shown. */
gboolean tdbg_trace_columns_is_shown (const TdbgTraceColumns *self, guint column);
/* The width the shown columns need. */
int tdbg_trace_columns_min_width (const TdbgTraceColumns *self);
/* Places the shown columns in @width: x[i] and w[i] of the i-th shown column. */
void tdbg_trace_columns_place (const TdbgTraceColumns *self, int width, int *x, int *w);
/* The shown column (0: the first) under @x in @width, or -1. */
int tdbg_trace_columns_at (const TdbgTraceColumns *self, int width, double x);
/* The height of one line of text in @widget's font. */
int tdbg_trace_columns_line_height (GtkWidget *widget);
/* Draws @layout in the box (@x, 0, @w, @height), aligned by @xalign inside the padding and
 * centred vertically, clipped to the box. */
void tdbg_trace_columns_draw_text (GtkSnapshot *snapshot, PangoLayout *layout, int x, int w, int height,
                                   float xalign, const GdkRGBA *color);
/* The thin line at each shown column's right edge but the last. */
void tdbg_trace_columns_draw_separators (const TdbgTraceColumns *self, GtkSnapshot *snapshot, const int *x,
                                         const int *w, int height, const GdkRGBA *color);

/* An adjustment followed: @callback (called as swapped, with @data only) when it moves or
 * changes. The header follows horizontal scrolling, the rows vertical scrolling. */
typedef struct {
  GtkAdjustment *adjustment;
  gulong value_changed_id;
  gulong changed_id;
} TdbgAdjustmentWatch;
void tdbg_adjustment_watch (TdbgAdjustmentWatch *watch, GtkAdjustment *adjustment, GCallback callback,
                            gpointer data);
void tdbg_adjustment_unwatch (TdbgAdjustmentWatch *watch);

G_END_DECLS
