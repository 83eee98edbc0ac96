/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-graph-view.h"
#include "tdbg-ui.h"

#include "tdbg-graph-draw.h"

#include <string.h>
#include <glib/gi18n.h>

#define MARGIN 8.0
/* The band at the top where the pane's zoom buttons float: a fitted graph is drawn below it. */
#define OVERLAY_BAND 36.0
#define ZOOM_STEP 1.25
#define MIN_SCALE 0.05
#define MAX_SCALE 8.0

/* Graph point (gx, gy) is drawn at widget point (offset + g * scale). Until the person zooms
 * or pans, the graph is fitted to the widget (and refitted when the widget resizes). */
struct _TdbgGraphView {
  GtkWidget parent_instance;
  TdbgGraphLayout *layout;
  double scale, offset_x, offset_y;
  gboolean fit;
  double pointer_x, pointer_y;  /* last pointer position, -1 when outside */
  double drag_start_x, drag_start_y;
  double zoom_start_scale;      /* at the start of a pinch */
  gboolean dragging;
  /* One focusable, accessible button per node (the pointer goes through them to the view):
   * assistive technologies and the keyboard reach the nodes through them. */
  GPtrArray *node_widgets;
  /* One more over each cluster's label: activating it emits "cluster-activated". */
  GPtrArray *cluster_widgets;
};

G_DEFINE_FINAL_TYPE (TdbgGraphView, tdbg_graph_view, GTK_TYPE_WIDGET)

enum { NODE_ACTIVATED, CLUSTER_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
compute_transform (TdbgGraphView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  double h = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * MARGIN - OVERLAY_BAND;

  if (!self->fit)
    return;
  if (self->layout == NULL || self->layout->width <= 0 || self->layout->height <= 0 || w <= 0 || h <= 0)
    {
      self->scale = 1.0;
      self->offset_x = MARGIN;
      self->offset_y = MARGIN + OVERLAY_BAND;
      return;
    }
  self->scale = MIN (1.25, MIN (w / self->layout->width, h / self->layout->height));
  self->offset_x = MARGIN + (w - self->layout->width * self->scale) / 2;
  self->offset_y = MARGIN + OVERLAY_BAND + (h - self->layout->height * self->scale) / 2;
}

static void
tdbg_graph_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);
  GdkRGBA fg;
  cairo_t *cr;
  PangoLayout *pl;

  if (self->layout == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  compute_transform (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  cairo_translate (cr, self->offset_x, self->offset_y);
  cairo_scale (cr, self->scale, self->scale);
  pl = gtk_widget_create_pango_layout (widget, NULL);
  tdbg_graph_draw (cr, pl, self->layout, &fg);
  g_object_unref (pl);
  cairo_destroy (cr);
  /* The node buttons draw only their focus ring. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
}

/* Where a cluster's label is drawn, in graph points: its box's top band down to the label's
 * bottom, as wide as the label. */
static void
label_band (const TdbgLayoutCluster *c, double *x, double *y, double *w, double *h)
{
  double lw = c->label_width > 0 ? c->label_width : c->width;
  double bottom = c->label_height > 0 ? c->label_y + c->label_height / 2 : c->y + 14;

  *x = MAX (c->x, c->label_x - lw / 2);
  *w = MIN (lw, c->width);
  *y = c->y;
  *h = MAX (bottom - c->y, 4);
}

/* Each node's button covers the node as drawn, each cluster's its label. */
static void
tdbg_graph_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);

  if (self->layout == NULL)
    return;
  compute_transform (self);
  for (guint i = 0; i < self->node_widgets->len; i++)
    {
      const TdbgLayoutNode *n = &g_array_index (self->layout->nodes, TdbgLayoutNode, i);
      GtkWidget *child = g_ptr_array_index (self->node_widgets, i);
      int min_w, min_h;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { (int) (self->offset_x + (n->x - n->width / 2) * self->scale),
                                                   (int) (self->offset_y + (n->y - n->height / 2) * self->scale),
                                                   MAX (min_w, (int) (n->width * self->scale)),
                                                   MAX (min_h, (int) (n->height * self->scale)) },
                                -1);
    }
  for (guint i = 0; i < self->cluster_widgets->len; i++)
    {
      const TdbgLayoutCluster *c = &g_array_index (self->layout->clusters, TdbgLayoutCluster, i);
      GtkWidget *child = g_ptr_array_index (self->cluster_widgets, i);
      double x, y, w, h;
      int min_w, min_h;

      label_band (c, &x, &y, &w, &h);
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { (int) (self->offset_x + x * self->scale),
                                                   (int) (self->offset_y + y * self->scale),
                                                   MAX (min_w, (int) (w * self->scale)),
                                                   MAX (min_h, (int) (h * self->scale)) },
                                -1);
    }
}

static void
tdbg_graph_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                         int *minimum_baseline, int *natural_baseline)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);
  double size = 0;

  if (self->layout)
    size = orientation == GTK_ORIENTATION_HORIZONTAL ? self->layout->width : self->layout->height;
  *minimum = 40;
  *natural = MAX (40, (int) (size + 2 * MARGIN));
}

/* The node buttons let the pointer through: their tooltips are shown from here. */
static gboolean
tdbg_graph_view_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);
  const char *name = keyboard ? NULL : tdbg_graph_view_node_at (self, x, y);
  GtkWidget *over = name ? tdbg_graph_view_get_node_widget (self, name) : NULL;
  const char *text;

  if (!keyboard && name == NULL && (name = tdbg_graph_view_cluster_at (self, x, y)))
    over = tdbg_graph_view_get_cluster_widget (self, name);
  text = over ? gtk_widget_get_tooltip_text (over) : NULL;
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* The view's own focus (its grab_focus moves it to the selected op's node). */
static void
focus_view (TdbgGraphView *self)
{
  GTK_WIDGET_CLASS (tdbg_graph_view_parent_class)->grab_focus (GTK_WIDGET (self));
}

/* A click selects on release: a press that turns into a drag pans instead (the click
 * gesture then stops and never reports the release). A double-click acts once, on what its
 * first press hit: that press may have moved the drawing (an op brought to the middle, a
 * scope opened or folded), so whatever lies under the pointer for the second one (the label
 * of the op's scope, another op) is not what the person aimed at. */
static void
released_cb (GtkGestureClick *gesture, int n_press, double x, double y, TdbgGraphView *self)
{
  focus_view (self);
  if (n_press == 1)
    tdbg_graph_view_click (self, x, y);
}

static void
update_cursor (TdbgGraphView *self, double x, double y)
{
  const char *name = self->dragging ? "grabbing"
                   : tdbg_graph_view_node_at (self, x, y) || tdbg_graph_view_cluster_at (self, x, y) ? "pointer"
                   : self->layout ? "grab" : NULL;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, TdbgGraphView *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  update_cursor (self, x, y);
}

static void
leave_cb (GtkEventControllerMotion *motion, TdbgGraphView *self)
{
  self->pointer_x = self->pointer_y = -1;
}

/* Ctrl+wheel zooms around the pointer; the wheel alone pans. */
static gboolean
scroll_cb (GtkEventControllerScroll *scroll, double dx, double dy, TdbgGraphView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));

  if (self->layout == NULL)
    return FALSE;
  if (state & GDK_CONTROL_MASK)
    {
      if (dy != 0)
        tdbg_graph_view_zoom_by (self, pow (ZOOM_STEP, -dy), self->pointer_x, self->pointer_y);
      return TRUE;
    }
  tdbg_graph_view_pan_by (self, -dx * 40, -dy * 40);
  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag *drag, double x, double y, TdbgGraphView *self)
{
  compute_transform (self);
  self->drag_start_x = self->offset_x;
  self->drag_start_y = self->offset_y;
}

static void
drag_update_cb (GtkGestureDrag *drag, double dx, double dy, TdbgGraphView *self)
{
  /* Past the threshold the press is a pan, not a click. */
  if (!self->dragging && !gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    return;
  if (!self->dragging)
    {
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  tdbg_graph_view_pan_by (self, self->drag_start_x + dx - self->offset_x, self->drag_start_y + dy - self->offset_y);
  update_cursor (self, self->pointer_x, self->pointer_y);
}

static void
drag_end_cb (GtkGestureDrag *drag, double dx, double dy, TdbgGraphView *self)
{
  self->dragging = FALSE;
  update_cursor (self, self->pointer_x, self->pointer_y);
}

static void
zoom_begin_cb (GtkGesture *gesture, GdkEventSequence *sequence, TdbgGraphView *self)
{
  compute_transform (self);
  self->zoom_start_scale = self->scale;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture, double factor, TdbgGraphView *self)
{
  double cx, cy;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    cx = cy = -1;
  tdbg_graph_view_zoom_by (self, self->zoom_start_scale * factor / self->scale, cx, cy);
}

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);

  if (g_str_equal (action_name, "view.zoom-in"))
    tdbg_graph_view_zoom_by (self, ZOOM_STEP, -1, -1);
  else if (g_str_equal (action_name, "view.zoom-out"))
    tdbg_graph_view_zoom_by (self, 1 / ZOOM_STEP, -1, -1);
  else
    tdbg_graph_view_zoom_fit (self);
}

static void
pan_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  double dx, dy;

  g_variant_get (parameter, "(dd)", &dx, &dy);
  tdbg_graph_view_pan_by (TDBG_GRAPH_VIEW (widget), dx, dy);
}

/* On the view the arrows pan; on a node they are left to the window, which moves the focus
 * to the nearest node that way. */
static gboolean
pan_key_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  double dx, dy;

  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  g_variant_get (args, "(dd)", &dx, &dy);
  tdbg_graph_view_pan_by (TDBG_GRAPH_VIEW (widget), dx, dy);
  return TRUE;
}

static void
clear_node_widgets (TdbgGraphView *self)
{
  for (guint i = 0; i < self->node_widgets->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->node_widgets, i));
  g_ptr_array_set_size (self->node_widgets, 0);
  for (guint i = 0; i < self->cluster_widgets->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->cluster_widgets, i));
  g_ptr_array_set_size (self->cluster_widgets, 0);
}

static void
node_clicked_cb (GtkButton *button, TdbgGraphView *self)
{
  g_autofree char *name = g_strdup (g_object_get_data (G_OBJECT (button), "tdbg-node"));

  g_signal_emit (self, signals[NODE_ACTIVATED], 0, name);
}

static void
cluster_clicked_cb (GtkButton *button, TdbgGraphView *self)
{
  g_autofree char *name = g_strdup (g_object_get_data (G_OBJECT (button), "tdbg-cluster"));

  g_signal_emit (self, signals[CLUSTER_ACTIVATED], 0, name);
}

/* A flat button like a node's, named @label, reporting @name under @key when clicked. */
static GtkWidget *
new_overlay_button (TdbgGraphView *self, const char *label, const char *key, const char *name, GCallback clicked)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_add_css_class (button, "tdbg-graph-node");
  gtk_widget_set_can_target (button, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (button), key, g_strdup (name), g_free);
  g_signal_connect (button, "clicked", clicked, self);
  gtk_widget_set_parent (button, GTK_WIDGET (self));
  return button;
}

static void
add_node_widgets (TdbgGraphView *self)
{
  /* Clusters first: Tab reaches a scope's label before its ops. */
  for (guint i = 0; self->layout->clusters && i < self->layout->clusters->len; i++)
    {
      const TdbgLayoutCluster *c = &g_array_index (self->layout->clusters, TdbgLayoutCluster, i);
      g_ptr_array_add (self->cluster_widgets, new_overlay_button (self, c->label, "tdbg-cluster", c->name,
                                                                  G_CALLBACK (cluster_clicked_cb)));
    }
  for (guint i = 0; i < self->layout->nodes->len; i++)
    {
      const TdbgLayoutNode *n = &g_array_index (self->layout->nodes, TdbgLayoutNode, i);
      g_auto(GStrv) lines = g_strsplit (n->label ? n->label : "", "\n", -1);
      g_autofree char *label = g_strjoinv (" ", lines);

      /* The drawn label until the pane says more (tdbg_graph_view_get_node_widget). */
      g_ptr_array_add (self->node_widgets, new_overlay_button (self, label, "tdbg-node", n->name,
                                                               G_CALLBACK (node_clicked_cb)));
    }
}

static void
tdbg_graph_view_dispose (GObject *object)
{
  clear_node_widgets (TDBG_GRAPH_VIEW (object));
  G_OBJECT_CLASS (tdbg_graph_view_parent_class)->dispose (object);
}

static void
tdbg_graph_view_finalize (GObject *object)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (object);

  g_clear_pointer (&self->layout, tdbg_graph_layout_free);
  g_ptr_array_unref (self->node_widgets);
  g_ptr_array_unref (self->cluster_widgets);
  G_OBJECT_CLASS (tdbg_graph_view_parent_class)->finalize (object);
}

/* Focuses the button of the centre node (the bold one); FALSE when there is none. */
static gboolean
tdbg_graph_view_focus_center (TdbgGraphView *self)
{
  for (guint i = 0; self->layout && i < self->layout->nodes->len; i++)
    if (g_array_index (self->layout->nodes, TdbgLayoutNode, i).bold)
      return gtk_widget_grab_focus (g_ptr_array_index (self->node_widgets, i));
  return FALSE;
}

/* Alt+4 and the like land on the selected op's node, as a list's focus lands on its selected
 * row; the view itself only while it draws no such node. */
static gboolean
tdbg_graph_view_grab_focus (GtkWidget *widget)
{
  TdbgGraphView *self = TDBG_GRAPH_VIEW (widget);

  return tdbg_graph_view_focus_center (self) ||
         GTK_WIDGET_CLASS (tdbg_graph_view_parent_class)->grab_focus (widget);
}

static void
tdbg_graph_view_class_init (TdbgGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_graph_view_dispose;
  object_class->finalize = tdbg_graph_view_finalize;
  widget_class->snapshot = tdbg_graph_view_snapshot;
  widget_class->measure = tdbg_graph_view_measure;
  widget_class->size_allocate = tdbg_graph_view_size_allocate;
  widget_class->query_tooltip = tdbg_graph_view_query_tooltip;
  widget_class->grab_focus = tdbg_graph_view_grab_focus;
  gtk_widget_class_set_css_name (widget_class, "tdbg-graph-view");
  /* A group of node buttons, with the drawing's summary as its description. */
  gtk_widget_class_set_accessible_role (widget_class, TDBG_ACCESSIBLE_ROLE_PANEL);

  gtk_widget_class_install_action (widget_class, "view.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.pan", "(dd)", pan_action);
  {
    static const guint in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
    static const guint out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };
    static const guint fit_keys[] = { GDK_KEY_0, GDK_KEY_KP_0 };
    for (guint i = 0; i < G_N_ELEMENTS (in_keys); i++)
      {
        gtk_widget_class_add_binding_action (widget_class, in_keys[i], 0, "view.zoom-in", NULL);
        gtk_widget_class_add_binding_action (widget_class, in_keys[i], GDK_CONTROL_MASK, "view.zoom-in", NULL);
      }
    for (guint i = 0; i < G_N_ELEMENTS (out_keys); i++)
      {
        gtk_widget_class_add_binding_action (widget_class, out_keys[i], 0, "view.zoom-out", NULL);
        gtk_widget_class_add_binding_action (widget_class, out_keys[i], GDK_CONTROL_MASK, "view.zoom-out", NULL);
      }
    for (guint i = 0; i < G_N_ELEMENTS (fit_keys); i++)
      {
        gtk_widget_class_add_binding_action (widget_class, fit_keys[i], 0, "view.zoom-fit", NULL);
        gtk_widget_class_add_binding_action (widget_class, fit_keys[i], GDK_CONTROL_MASK, "view.zoom-fit", NULL);
      }
    gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, pan_key_cb, "(dd)", 40.0, 0.0);
    gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, pan_key_cb, "(dd)", -40.0, 0.0);
    gtk_widget_class_add_binding (widget_class, GDK_KEY_Up, 0, pan_key_cb, "(dd)", 0.0, 40.0);
    gtk_widget_class_add_binding (widget_class, GDK_KEY_Down, 0, pan_key_cb, "(dd)", 0.0, -40.0);
  }

  signals[NODE_ACTIVATED] = g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[CLUSTER_ACTIVATED] = g_signal_new ("cluster-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                             NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tdbg_graph_view_init (TdbgGraphView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);

  self->scale = 1.0;
  self->fit = TRUE;
  self->node_widgets = g_ptr_array_new ();
  self->cluster_widgets = g_ptr_array_new ();
  self->pointer_x = self->pointer_y = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Graph neighbourhood"), -1);
}

void
tdbg_graph_view_set_layout (TdbgGraphView *self, TdbgGraphLayout *layout)
{
  gboolean node_had_focus;

  g_return_if_fail (TDBG_IS_GRAPH_VIEW (self));
  if (self->layout == layout)
    return;
  node_had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL;
  clear_node_widgets (self);
  g_clear_pointer (&self->layout, tdbg_graph_layout_free);
  self->layout = layout;
  if (layout)
    add_node_widgets (self);
  /* A new neighbourhood starts fitted. */
  self->fit = TRUE;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Activating a node from the keyboard redraws around it: the focus stays on it. */
  if (node_had_focus && !tdbg_graph_view_focus_center (self))
    focus_view (self);
}

GtkWidget *
tdbg_graph_view_get_node_widget (TdbgGraphView *self, const char *name)
{
  g_return_val_if_fail (TDBG_IS_GRAPH_VIEW (self), NULL);
  for (guint i = 0; self->layout && i < self->layout->nodes->len; i++)
    if (g_strcmp0 (g_array_index (self->layout->nodes, TdbgLayoutNode, i).name, name) == 0)
      return g_ptr_array_index (self->node_widgets, i);
  return NULL;
}

void
tdbg_graph_view_zoom_by (TdbgGraphView *self, double factor, double x, double y)
{
  double scale, gx, gy;

  g_return_if_fail (TDBG_IS_GRAPH_VIEW (self));
  if (self->layout == NULL || !(factor > 0))
    return;
  compute_transform (self);
  if (x < 0 || y < 0)
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  scale = CLAMP (self->scale * factor, MIN_SCALE, MAX_SCALE);
  /* The graph point under (x, y) stays there. */
  gx = (x - self->offset_x) / self->scale;
  gy = (y - self->offset_y) / self->scale;
  self->scale = scale;
  self->offset_x = x - gx * scale;
  self->offset_y = y - gy * scale;
  self->fit = FALSE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_graph_view_pan_by (TdbgGraphView *self, double dx, double dy)
{
  g_return_if_fail (TDBG_IS_GRAPH_VIEW (self));
  if (self->layout == NULL || (dx == 0 && dy == 0))
    return;
  compute_transform (self);
  self->offset_x += dx;
  self->offset_y += dy;
  self->fit = FALSE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_graph_view_zoom_fit (TdbgGraphView *self)
{
  g_return_if_fail (TDBG_IS_GRAPH_VIEW (self));
  self->fit = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tdbg_graph_view_get_fit (TdbgGraphView *self)
{
  return self->fit;
}

double
tdbg_graph_view_get_scale (TdbgGraphView *self)
{
  compute_transform (self);
  return self->scale;
}

TdbgGraphLayout *
tdbg_graph_view_get_layout (TdbgGraphView *self)
{
  return self->layout;
}

gboolean
tdbg_graph_view_get_node_center (TdbgGraphView *self, const char *name, double *x, double *y)
{
  const TdbgLayoutNode *n = tdbg_graph_layout_find_node (self->layout, name);

  if (n == NULL)
    return FALSE;
  compute_transform (self);
  *x = self->offset_x + n->x * self->scale;
  *y = self->offset_y + n->y * self->scale;
  return TRUE;
}

const char *
tdbg_graph_view_node_at (TdbgGraphView *self, double x, double y)
{
  double gx, gy;

  if (self->layout == NULL)
    return NULL;
  compute_transform (self);
  gx = (x - self->offset_x) / self->scale;
  gy = (y - self->offset_y) / self->scale;
  for (guint i = 0; i < self->layout->nodes->len; i++)
    {
      const TdbgLayoutNode *n = &g_array_index (self->layout->nodes, TdbgLayoutNode, i);
      if (fabs (gx - n->x) <= n->width / 2 && fabs (gy - n->y) <= n->height / 2)
        return n->name;
    }
  return NULL;
}

gboolean
tdbg_graph_view_click (TdbgGraphView *self, double x, double y)
{
  const char *name = tdbg_graph_view_node_at (self, x, y);
  g_autofree char *copy = g_strdup (name);
  g_autofree char *cluster = NULL;

  if (copy)
    {
      g_signal_emit (self, signals[NODE_ACTIVATED], 0, copy);
      return TRUE;
    }
  cluster = g_strdup (tdbg_graph_view_cluster_at (self, x, y));
  if (cluster == NULL)
    return FALSE;
  g_signal_emit (self, signals[CLUSTER_ACTIVATED], 0, cluster);
  return TRUE;
}

const char *
tdbg_graph_view_cluster_at (TdbgGraphView *self, double x, double y)
{
  double gx, gy;

  if (self->layout == NULL || self->layout->clusters == NULL)
    return NULL;
  compute_transform (self);
  gx = (x - self->offset_x) / self->scale;
  gy = (y - self->offset_y) / self->scale;
  /* Inner clusters come after the outer ones they are in: the last hit is the innermost. */
  for (guint i = self->layout->clusters->len; i-- > 0;)
    {
      const TdbgLayoutCluster *c = &g_array_index (self->layout->clusters, TdbgLayoutCluster, i);
      double bx, by, bw, bh;

      label_band (c, &bx, &by, &bw, &bh);
      if (gx >= bx && gx <= bx + bw && gy >= by && gy <= by + bh)
        return c->name;
    }
  return NULL;
}

gboolean
tdbg_graph_view_get_cluster_label_center (TdbgGraphView *self, const char *name, double *x, double *y)
{
  for (guint i = 0; self->layout && self->layout->clusters && i < self->layout->clusters->len; i++)
    {
      const TdbgLayoutCluster *c = &g_array_index (self->layout->clusters, TdbgLayoutCluster, i);
      double bx, by, bw, bh;

      if (g_strcmp0 (c->name, name) != 0)
        continue;
      compute_transform (self);
      label_band (c, &bx, &by, &bw, &bh);
      *x = self->offset_x + (bx + bw / 2) * self->scale;
      *y = self->offset_y + (by + bh / 2) * self->scale;
      return TRUE;
    }
  return FALSE;
}

const char *
tdbg_graph_view_get_focused (TdbgGraphView *self)
{
  GtkWidget *focus;

  g_return_val_if_fail (TDBG_IS_GRAPH_VIEW (self), NULL);
  focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  if (focus == NULL)
    return NULL;
  return g_object_get_data (G_OBJECT (focus), g_object_get_data (G_OBJECT (focus), "tdbg-node") ? "tdbg-node"
                                                                                                 : "tdbg-cluster");
}

GtkWidget *
tdbg_graph_view_get_cluster_widget (TdbgGraphView *self, const char *name)
{
  g_return_val_if_fail (TDBG_IS_GRAPH_VIEW (self), NULL);
  for (guint i = 0; i < self->cluster_widgets->len; i++)
    if (g_strcmp0 (g_array_index (self->layout->clusters, TdbgLayoutCluster, i).name, name) == 0)
      return g_ptr_array_index (self->cluster_widgets, i);
  return NULL;
}
