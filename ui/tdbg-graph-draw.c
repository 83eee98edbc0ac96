/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-graph-draw.h"

#include <math.h>
#include <string.h>

char *
tdbg_graph_draw_fit_name (PangoLayout *layout, const char *name, int width)
{
  const char *rest = name;
  int w;

  pango_layout_set_width (layout, -1);
  for (;;)
    {
      g_autofree char *text = rest == name ? g_strdup (name) : g_strconcat ("…/", rest, NULL);
      const char *slash;

      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &w, NULL);
      /* Fits, or only the last name-scope component is left (cut by the caller's ellipsis). */
      if (w <= width || (slash = strchr (rest, '/')) == NULL)
        return g_steal_pointer (&text);
      rest = slash + 1;
    }
}

/* Dash patterns in graph points, as Graphviz's own renderers draw them. */
static const double dashed[] = { 5.0, 3.0 };
static const double dotted[] = { 1.0, 2.5 };
/* How far a folded scope's box is raised. */
#define RAISE 4.0

/* @label ("name\ntype") with the name shortened by whole leading scopes to @width. */
static char *
fit_label (PangoLayout *layout, const char *label, int width)
{
  const char *newline = strchr (label, '\n');
  g_autofree char *name = newline ? g_strndup (label, (gsize) (newline - label)) : g_strdup (label);
  g_autofree char *fitted = tdbg_graph_draw_fit_name (layout, name, width);

  return g_strconcat (fitted, newline ? newline : "", NULL);
}

static void
set_color (cairo_t *cr, const char *spec, const GdkRGBA *fallback)
{
  GdkRGBA rgba;

  if (spec && *spec && g_strcmp0 (spec, "transparent") != 0 && gdk_rgba_parse (&rgba, spec))
    gdk_cairo_set_source_rgba (cr, &rgba);
  else
    gdk_cairo_set_source_rgba (cr, fallback);
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The dash of a DOT style: dashed, dotted or solid. */
static void
set_dash (cairo_t *cr, const char *style)
{
  if (tdbg_graph_style_has (style, "dashed"))
    cairo_set_dash (cr, dashed, G_N_ELEMENTS (dashed), 0);
  else if (tdbg_graph_style_has (style, "dotted"))
    cairo_set_dash (cr, dotted, G_N_ELEMENTS (dotted), 0);
  else
    cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_arrow (cairo_t *cr, double fx, double fy, double tx, double ty)
{
  double dx = tx - fx, dy = ty - fy, len = sqrt (dx * dx + dy * dy);
  double ux, uy, w = 3.5;

  if (len < 0.01)
    return;
  ux = dx / len;
  uy = dy / len;
  cairo_move_to (cr, tx, ty);
  cairo_line_to (cr, fx - uy * w, fy + ux * w);
  cairo_line_to (cr, fx + uy * w, fy - ux * w);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
set_font (PangoLayout *pl, const char *description)
{
  PangoFontDescription *fd = pango_font_description_from_string (description);

  pango_layout_set_font_description (pl, fd);
  pango_font_description_free (fd);
}

/* A box around a scope's ops, its name at the top. */
static void
draw_cluster (cairo_t *cr, PangoLayout *pl, const TdbgLayoutCluster *c, const GdkRGBA *fg)
{
  int lw, lh;

  rounded_rect (cr, c->x, c->y, c->width, c->height, 6);
  set_color (cr, c->color, fg);
  cairo_set_line_width (cr, tdbg_graph_style_has (c->style, "bold") ? 2.0 : 1.0);
  set_dash (cr, c->style);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  if (c->label == NULL || *c->label == '\0')
    return;
  set_font (pl, "Sans Bold 8");
  pango_layout_set_text (pl, c->label, -1);
  pango_layout_get_pixel_size (pl, &lw, &lh);
  set_color (cr, c->font_color, fg);
  cairo_move_to (cr, c->label_x - lw / 2.0, c->label_y - lh / 2.0);
  pango_cairo_show_layout (cr, pl);
}

static void
draw_edge (cairo_t *cr, PangoLayout *pl, const TdbgLayoutEdge *e, const GdkRGBA *fg)
{
  const double *p = (const double *) e->points->data;
  guint n = e->points->len / 2;

  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 1.0);
  if (n >= 1)
    {
      set_dash (cr, e->style);
      cairo_move_to (cr, p[0], p[1]);
      for (guint k = 1; k + 2 < n; k += 3)
        cairo_curve_to (cr, p[2 * k], p[2 * k + 1], p[2 * k + 2], p[2 * k + 3], p[2 * k + 4], p[2 * k + 5]);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (e->has_arrow)
        draw_arrow (cr, p[2 * (n - 1)], p[2 * (n - 1) + 1], e->arrow_x, e->arrow_y);
    }
  if (e->label)
    {
      int lw, lh;
      set_font (pl, "Sans 7");
      pango_layout_set_text (pl, e->label, -1);
      pango_layout_get_pixel_size (pl, &lw, &lh);
      cairo_move_to (cr, e->label_x - lw / 2.0, e->label_y - lh / 2.0);
      pango_cairo_show_layout (cr, pl);
    }
}

/* A folded scope stands out as a raised box: two edges behind it, as Graphviz's box3d. */
static void
draw_raised (cairo_t *cr, double x, double y, double w, double h)
{
  const double d = RAISE;

  cairo_move_to (cr, x + d, y);
  cairo_line_to (cr, x + d, y - d);
  cairo_line_to (cr, x + w + d, y - d);
  cairo_line_to (cr, x + w + d, y + h - d);
  cairo_line_to (cr, x + w, y + h - d);
  cairo_stroke (cr);
}

static void
draw_node (cairo_t *cr, PangoLayout *pl, const TdbgLayoutNode *n, const GdkRGBA *fg)
{
  static const GdkRGBA fill = { 1, 1, 1, 1 };
  double x = n->x - n->width / 2, y = n->y - n->height / 2;
  gboolean raised = g_strcmp0 (n->shape, "box3d") == 0;
  double w = n->width - (raised ? RAISE : 0), h = n->height - (raised ? RAISE : 0);
  int lw, lh;

  if (raised)
    y += RAISE;
  rounded_rect (cr, x, y, w, h, raised ? 2 : 5);
  set_color (cr, n->fill_color, &fill);
  cairo_fill_preserve (cr);
  set_color (cr, n->color, fg);
  cairo_set_line_width (cr, n->pen_width > 0 ? n->pen_width : 1.0);
  set_dash (cr, n->style);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  if (raised)
    draw_raised (cr, x, y, w, h);

  set_font (pl, n->bold ? "Sans Bold 8" : "Sans 8");
  pango_layout_set_alignment (pl, PANGO_ALIGN_CENTER);
  {
    /* Op names differ at their ends: whole leading scopes go first ("…/ReadVariableOp"). */
    g_autofree char *label = fit_label (pl, n->label, (int) (n->width - 6));
    pango_layout_set_width (pl, (int) ((n->width - 6) * PANGO_SCALE));
    pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_MIDDLE);
    pango_layout_set_text (pl, label, -1);
  }
  pango_layout_get_pixel_size (pl, &lw, &lh);
  set_color (cr, n->font_color, fg);
  cairo_move_to (cr, n->x - (n->width - 6) / 2, n->y - lh / 2.0);
  pango_cairo_show_layout (cr, pl);
  pango_layout_set_width (pl, -1);
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);
}

void
tdbg_graph_draw (cairo_t *cr, PangoLayout *pl, TdbgGraphLayout *layout, const GdkRGBA *fg)
{
  for (guint i = 0; layout->clusters && i < layout->clusters->len; i++)
    draw_cluster (cr, pl, &g_array_index (layout->clusters, TdbgLayoutCluster, i), fg);
  for (guint i = 0; i < layout->edges->len; i++)
    draw_edge (cr, pl, &g_array_index (layout->edges, TdbgLayoutEdge, i), fg);
  for (guint i = 0; i < layout->nodes->len; i++)
    draw_node (cr, pl, &g_array_index (layout->nodes, TdbgLayoutNode, i), fg);
}
