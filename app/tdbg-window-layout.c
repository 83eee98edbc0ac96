/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's arrangement on the screen it is on: never larger than that screen (a size
 * remembered from a larger one opens maximized), the splits placed for the first size so
 * that the source shows a screen of code, remembered between runs, the Alerts pane that can
 * be hidden (F9), and on a narrow window Graph Structure under Graph Execution instead of
 * beside it. */
#include "config.h"

#include "tdbg-window-private.h"

/* The splits by name in the settings: the upper panes over the source and stack, the alerts
 * beside the rest, Graph Execution beside Graph Structure, the source beside the stack. The
 * names of an earlier arrangement ("main", "top", "lower") are not read. */
static const char *paned_keys[] = { "rows", "side", "middle", "bottom" };

/* The source and stack's height when the logdir records no traceback (a tfdbg V1 dump): room
 * for their titles and the line that says why they are empty, the rest to the panes that have
 * something to show. */
#define NO_TRACEBACK_BOTTOM 130

/* Below this width (in pixels) Graph Structure goes under Graph Execution. */
#define NARROW_WIDTH 1180

static void
paneds (TdbgWindow *self, GtkPaned **out)
{
  out[0] = self->main_paned;
  out[1] = self->top_paned;
  out[2] = self->middle_paned;
  out[3] = self->bottom_paned;
}

/* The lines of code the source shows at the least, on a laptop's screen too. */
#define CODE_LINES 12

/* The source and stack's height for a window of @height: a screen of code (CODE_LINES in the
 * view's own font, whose line is taller on some systems), more on a tall screen, never most of
 * it; on a laptop's screen no more than that, so that Graph Execution keeps its rows with
 * FULL_TENSOR's values open under them. */
static int
bottom_height (TdbgWindow *self, int height)
{
  return MAX (MIN (height * 3 / 10, 460), tdbg_source_pane_height_for_lines (tdbg_window_get_source_pane (self), CODE_LINES));
}

static gboolean
shows_no_traceback (TdbgWindow *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);
  return logdir && tdbg_logdir_holds_no_traceback (logdir);
}

/* The paned's length less its handle (its max-position is less the end child's least size too). */
static int
split_length (GtkPaned *paned)
{
  return (gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL
          ? gtk_widget_get_width (GTK_WIDGET (paned)) : gtk_widget_get_height (GTK_WIDGET (paned))) - 1;
}

/* The least size of @child along @paned's orientation. */
static int
least (GtkPaned *paned, GtkWidget *child)
{
  int minimum = 0;

  if (child && gtk_widget_get_visible (child))
    gtk_widget_measure (child, gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)), -1, &minimum, NULL, NULL,
                        NULL);
  return minimum;
}

/* @position kept within what both children need: GtkPaned gives the end child what is left of
 * a position set beyond its max-position until its next allocation, and the end child would
 * then reach past the window (a filter bar that grew with the logdir's hosts). */
static int
fit_position (GtkPaned *paned, int position, int max)
{
  int start = least (paned, gtk_paned_get_start_child (paned));
  int end = least (paned, gtk_paned_get_end_child (paned));

  return MAX (MIN (position, max - end), start);
}

/* Where a split goes for the window's size until the person moves it (or the settings had
 * it): it follows the size, so that a larger screen gives its room to the graph and lists
 * and the source keeps a screen of code. */
static void
place_split (TdbgWindow *self, guint i)
{
  GtkPaned *p[4];
  int width = gtk_widget_get_width (GTK_WIDGET (self->pages));
  int max, position;

  paneds (self, p);
  max = split_length (p[i]);
  if (max <= 0 || width <= 0)
    return;
  /* Moved by the person (or from the settings): theirs. */
  if (self->placed[i] && self->auto_position[i] < 0)
    return;
  switch (i)
    {
    case 0:
      position = shows_no_traceback (self) ? max - NO_TRACEBACK_BOTTOM : MAX (max - bottom_height (self, max), max / 2);
      break;
    case 1:
      position = CLAMP (width * 27 / 100, 260, 400);
      break;
    case 2:
      position = gtk_orientable_get_orientation (GTK_ORIENTABLE (p[i])) == GTK_ORIENTATION_HORIZONTAL
                 ? max * 3 / 5 : max / 2;
      break;
    default:
      position = max * 5 / 8;
      break;
    }
  position = fit_position (p[i], position, max);
  self->placed[i] = TRUE;
  self->auto_position[i] = position;
  self->auto_max[i] = max;
  gtk_paned_set_position (p[i], position);
}

/* A split that moves while the window keeps its size was moved by the person. */
static void
position_cb (GtkPaned *paned, GParamSpec *pspec, TdbgWindow *self)
{
  GtkPaned *p[4];
  int max;

  paneds (self, p);
  max = split_length (paned);
  for (guint i = 0; i < G_N_ELEMENTS (p); i++)
    if (p[i] == paned && self->placed[i] && self->auto_position[i] >= 0 && max == self->auto_max[i] &&
        gtk_paned_get_position (paned) != self->auto_position[i])
      self->auto_position[i] = -1;
}

static void
max_position_cb (GtkPaned *paned, GParamSpec *pspec, TdbgWindow *self)
{
  GtkPaned *p[4];

  paneds (self, p);
  for (guint i = 0; i < G_N_ELEMENTS (p); i++)
    if (p[i] == paned)
      place_split (self, i);
}

/* The screen the window is on (the first one until it is on one). */
static gboolean
monitor_size (TdbgWindow *self, int *width, int *height)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  g_autoptr(GdkMonitor) first = NULL;
  GdkMonitor *monitor = surface ? gdk_display_get_monitor_at_surface (display, surface) : NULL;
  GdkRectangle area;

  if (monitor == NULL && g_list_model_get_n_items (gdk_display_get_monitors (display)) > 0)
    monitor = first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  if (monitor == NULL)
    return FALSE;
  gdk_monitor_get_geometry (monitor, &area);
  *width = area.width;
  *height = area.height;
  return area.width > 0 && area.height > 0;
}

/* Narrow: Graph Structure under Graph Execution, so that both keep every control. */
static gboolean
arrange_idle (gpointer data)
{
  TdbgWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  GtkOrientation want = width > 0 && width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;

  self->arrange_id = 0;
  /* Grown past the screen by a banner's long line (GTK 4.8 sizes a window by its content's
   * wish as well as its need): back to the screen's width, which the content needs no more
   * than. */
  {
    int sw, sh, dw, dh, min_w;

    gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
    gtk_window_get_default_size (GTK_WINDOW (self), &dw, &dh);
    if (monitor_size (self, &sw, &sh) && (dw > sw || dh > sh) && min_w <= sw)
      gtk_window_set_default_size (GTK_WINDOW (self), MIN (dw, sw), MIN (dh, sh));
  }
  if (width > 0 && gtk_orientable_get_orientation (GTK_ORIENTABLE (self->middle_paned)) != want)
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->middle_paned), want);
      /* A new arrangement: the split starts where it does for it. */
      self->placed[2] = FALSE;
      place_split (self, 2);
    }
  return G_SOURCE_REMOVE;
}

static void
size_changed_cb (TdbgWindow *self)
{
  if (self->arrange_id == 0)
    self->arrange_id = g_idle_add (arrange_idle, self);
}

/* A size remembered from a larger screen (or the first default on a small one) would open
 * the window partly off this one, and one as large as the screen is a maximized window
 * whose maximized state was lost: it opens maximized at the screen's size instead. */
static void
surface_layout_cb (GdkSurface *surface, int width, int height, TdbgWindow *self)
{
  size_changed_cb (self);
}

static void
realize_cb (TdbgWindow *self)
{
  int w, h, sw, sh;

  g_signal_connect_object (gtk_native_get_surface (GTK_NATIVE (self)), "layout", G_CALLBACK (surface_layout_cb),
                           self, 0);
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  /* As large as the screen, or larger: maximized, which is what a person at that size wants. */
  if (!monitor_size (self, &sw, &sh) || (w < sw && h < sh))
    return;
  gtk_window_set_default_size (GTK_WINDOW (self), MIN (w, sw), MIN (h, sh));
  gtk_window_maximize (GTK_WINDOW (self));
}

/* Whole Graph browses every op of a graph: it takes Graph Execution's place in the middle
 * (beside it on a laptop's screen the drawing had about 170 px and the graph's name a few
 * characters), which comes back with the neighbourhood. */
static void
whole_graph_changed_cb (TdbgWindow *self, gboolean whole)
{
  gtk_widget_set_visible (GTK_WIDGET (tdbg_window_get_trace_pane (self)), !whole);
}

void
_tdbg_window_layout_load (TdbgWindow *self)
{
  g_autoptr(GVariant) positions = g_settings_get_value (self->settings, "pane-positions");
  GtkPaned *p[4];

  paneds (self, p);
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    {
      gint32 v;
      if (g_variant_lookup (positions, paned_keys[i], "i", &v) && v > 20)
        {
          gtk_paned_set_position (p[i], v);
          self->placed[i] = TRUE;
          self->auto_position[i] = -1;   /* the person's */
        }
      g_signal_connect (p[i], "notify::max-position", G_CALLBACK (max_position_cb), self);
      g_signal_connect (p[i], "notify::position", G_CALLBACK (position_cb), self);
    }
  gtk_window_set_default_size (GTK_WINDOW (self), MAX (g_settings_get_int (self->settings, "window-width"), 200),
                               MAX (g_settings_get_int (self->settings, "window-height"), 200));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect (self, "realize", G_CALLBACK (realize_cb), NULL);
  g_signal_connect_swapped (self->pages, "notify::visible-child", G_CALLBACK (size_changed_cb), self);
  g_signal_connect_swapped (tdbg_window_get_graph_pane (self), "whole-graph-changed", G_CALLBACK (whole_graph_changed_cb),
                            self);
  g_settings_bind (self->settings, "show-alerts", tdbg_window_get_alerts_pane (self), "visible", G_SETTINGS_BIND_DEFAULT);
}

void
_tdbg_window_layout_logdir_shown (TdbgWindow *self)
{
  /* Not before the first size: the split is placed then. */
  if (self->placed[0])
    place_split (self, 0);
}

void
_tdbg_window_layout_save (TdbgWindow *self)
{
  GVariantBuilder positions;
  GtkPaned *p[4];
  int w, h;

  paneds (self, p);
  g_variant_builder_init (&positions, G_VARIANT_TYPE ("a{si}"));
  /* Only the splits the person moved: the others follow the next screen's size. */
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    if (self->placed[i] && self->auto_position[i] < 0)
      g_variant_builder_add (&positions, "{si}", paned_keys[i], gtk_paned_get_position (p[i]));
  g_settings_set_value (self->settings, "pane-positions", g_variant_builder_end (&positions));
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_settings_set_int (self->settings, "window-width", w);
  g_settings_set_int (self->settings, "window-height", h);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

void
_tdbg_window_layout_dispose (TdbgWindow *self)
{
  TdbgAlertsPane *alerts = tdbg_window_get_alerts_pane (self);

  g_clear_handle_id (&self->arrange_id, g_source_remove);
  /* The pane outlives the window while the action holds it: neither follows the settings
   * any longer. */
  g_action_map_remove_action (G_ACTION_MAP (self), "show-alerts");
  if (alerts)
    g_settings_unbind (alerts, "visible");
}

gboolean
tdbg_window_is_narrow (TdbgWindow *self)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->middle_paned)) == GTK_ORIENTATION_VERTICAL;
}
