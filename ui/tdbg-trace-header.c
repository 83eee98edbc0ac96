/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-header.h"

#include <math.h>

struct _TdbgTraceHeader {
  GtkWidget parent_instance;

  TdbgTraceColumns *columns;
  TdbgAdjustmentWatch scrolling;  /* the list's horizontal adjustment */
  int resizing;               /* the shown column whose edge is dragged, or -1 */
  int start_width;
  int sorted;                 /* the column (of all) the rows are sorted by, or -1 */
  gboolean descending;
  GtkWidget *menu;            /* a GtkPopoverMenu, or NULL */
};

G_DEFINE_FINAL_TYPE (TdbgTraceHeader, tdbg_trace_header, GTK_TYPE_WIDGET)

enum { RESIZED, TITLE_CLICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Space above and below the titles. */
#define HEADER_PADDING 5
/* How near a column's right edge the pointer grabs it. */
#define EDGE_REACH 4

static void
tdbg_trace_header_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                           int *natural, int *minimum_baseline, int *natural_baseline)
{
  /* No width of its own: it shows what the list's width lets it. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 0;
  else
    *minimum = *natural = tdbg_trace_columns_line_height (widget) + 2 * HEADER_PADDING;
}

/* The width the rows are laid out in, and how far they are scrolled sideways. */
static int
rows_width (TdbgTraceHeader *self, double *scrolled)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  GtkAdjustment *adjustment = self->scrolling.adjustment;

  *scrolled = 0;
  if (adjustment && gtk_adjustment_get_upper (adjustment) > 0)
    {
      width = (int) gtk_adjustment_get_upper (adjustment);
      *scrolled = gtk_adjustment_get_value (adjustment);
    }
  return width;
}

static void
tdbg_trace_header_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TdbgTraceHeader *self = TDBG_TRACE_HEADER (widget);
  int x[TDBG_TRACE_COLUMNS_MAX], w[TDBG_TRACE_COLUMNS_MAX];
  int height = gtk_widget_get_height (widget);
  double scrolled;
  int width = rows_width (self, &scrolled);
  GdkRGBA color, line;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  line = color;
  line.alpha *= 0.15f;
  gtk_snapshot_append_color (snapshot, &line,
                             &GRAPHENE_RECT_INIT (0, height - 1, gtk_widget_get_width (widget), 1));
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), height));
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) -scrolled, 0));
  tdbg_trace_columns_place (self->columns, width, x, w);
  for (guint i = 0; i < self->columns->n_shown; i++)
    {
      const TdbgTraceColumn *column = &self->columns->all[self->columns->shown[i]];
      gboolean sorted = (int) self->columns->shown[i] == self->sorted;
      g_autofree char *title = g_strconcat (column->title, !sorted ? "" : self->descending ? " ▾" : " ▴", NULL);
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, title);

      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_width (layout, MAX (w[i] - 2 * TDBG_TRACE_COLUMN_PADDING, 1) * PANGO_SCALE);
      tdbg_trace_columns_draw_text (snapshot, layout, x[i], w[i], height, column->xalign, &color);
      g_object_unref (layout);
    }
  tdbg_trace_columns_draw_separators (self->columns, snapshot, x, w, height, &line);
  gtk_snapshot_pop (snapshot);
}

/* The shown column whose right edge is at @x, or -1. */
static int
edge_at (TdbgTraceHeader *self, double x)
{
  int xs[TDBG_TRACE_COLUMNS_MAX], ws[TDBG_TRACE_COLUMNS_MAX];
  double scrolled;
  int width = rows_width (self, &scrolled);

  tdbg_trace_columns_place (self->columns, width, xs, ws);
  for (guint i = 0; i < self->columns->n_shown; i++)
    if (fabs (x + scrolled - (xs[i] + ws[i])) <= EDGE_REACH)
      return (int) i;
  return -1;
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, TdbgTraceHeader *self)
{
  int column_x;

  self->resizing = edge_at (self, x);
  if (self->resizing < 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  tdbg_trace_header_get_column (self, (guint) self->resizing, &column_x, &self->start_width);
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, TdbgTraceHeader *self)
{
  if (self->resizing >= 0)
    tdbg_trace_header_resize_column (self, (guint) self->resizing, self->start_width + (int) dx);
}

static void
drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, TdbgTraceHeader *self)
{
  self->resizing = -1;
}

/* A click on a title, not on an edge: the rows are to be sorted by its column. */
static void
released_cb (GtkGestureClick *gesture, int n_press, double x, double y, TdbgTraceHeader *self)
{
  double scrolled;
  int width = rows_width (self, &scrolled);
  int n;

  if (edge_at (self, x) >= 0 || (n = tdbg_trace_columns_at (self->columns, width, x + scrolled)) < 0)
    return;
  g_signal_emit (self, signals[TITLE_CLICKED], 0, self->columns->shown[n]);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, TdbgTraceHeader *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->resizing >= 0 || edge_at (self, x) >= 0 ? "col-resize"
                                                                                                 : NULL);
}

/* A secondary click or a long press: the menu, at the pointer. */
static void
open_menu (TdbgTraceHeader *self, double x, double y)
{
  if (self->menu == NULL)
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
secondary_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, TdbgTraceHeader *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  open_menu (self, x, y);
}

static void
long_pressed_cb (GtkGestureLongPress *gesture, double x, double y, TdbgTraceHeader *self)
{
  open_menu (self, x, y);
}

static void
tdbg_trace_header_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TdbgTraceHeader *self = TDBG_TRACE_HEADER (widget);

  if (self->menu)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
tdbg_trace_header_dispose (GObject *object)
{
  g_clear_pointer (&TDBG_TRACE_HEADER (object)->menu, gtk_widget_unparent);
  tdbg_adjustment_unwatch (&TDBG_TRACE_HEADER (object)->scrolling);
  G_OBJECT_CLASS (tdbg_trace_header_parent_class)->dispose (object);
}

static void
tdbg_trace_header_class_init (TdbgTraceHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_trace_header_dispose;
  widget_class->measure = tdbg_trace_header_measure;
  widget_class->snapshot = tdbg_trace_header_snapshot;
  widget_class->size_allocate = tdbg_trace_header_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "tdbg-trace-header");

  signals[RESIZED] = g_signal_new ("resized", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  /* The column (an index into the columns' all[]) whose title was clicked. */
  signals[TITLE_CLICKED] = g_signal_new ("title-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
tdbg_trace_header_init (TdbgTraceHeader *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkGesture *long_press = gtk_gesture_long_press_new ();

  self->resizing = -1;
  self->sorted = -1;
  gtk_widget_add_css_class (GTK_WIDGET (self), "heading");
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect (long_press, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (long_press));
}

GtkWidget *
tdbg_trace_header_new (TdbgTraceColumns *columns)
{
  TdbgTraceHeader *self = g_object_new (TDBG_TYPE_TRACE_HEADER, NULL);

  self->columns = columns;
  return GTK_WIDGET (self);
}

void
tdbg_trace_header_set_hadjustment (TdbgTraceHeader *self, GtkAdjustment *hadjustment)
{
  tdbg_adjustment_watch (&self->scrolling, hadjustment, G_CALLBACK (gtk_widget_queue_draw), self);
}

void
tdbg_trace_header_update (TdbgTraceHeader *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_trace_header_resize_column (TdbgTraceHeader *self, guint n, int width)
{
  tdbg_trace_columns_set_width (self->columns, n, width);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[RESIZED], 0);
}

void
tdbg_trace_header_set_menu (TdbgTraceHeader *self, GMenuModel *menu)
{
  g_return_if_fail (TDBG_IS_TRACE_HEADER (self));
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  self->menu = gtk_popover_menu_new_from_model (menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

GtkPopover *
tdbg_trace_header_get_menu (TdbgTraceHeader *self)
{
  return self->menu ? GTK_POPOVER (self->menu) : NULL;
}

void
tdbg_trace_header_get_column (TdbgTraceHeader *self, guint n, int *x, int *width)
{
  int xs[TDBG_TRACE_COLUMNS_MAX], ws[TDBG_TRACE_COLUMNS_MAX];
  double scrolled;
  int rows = rows_width (self, &scrolled);

  g_return_if_fail (n < self->columns->n_shown);
  tdbg_trace_columns_place (self->columns, rows, xs, ws);
  *x = xs[n] - (int) scrolled;
  *width = ws[n];
}

void
tdbg_trace_header_set_sort (TdbgTraceHeader *self, int column, gboolean descending)
{
  g_return_if_fail (TDBG_IS_TRACE_HEADER (self));
  self->sorted = column;
  self->descending = descending;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
