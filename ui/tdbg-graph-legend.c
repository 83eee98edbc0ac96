/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-graph-legend.h"

#include <glib/gi18n.h>
#include "libtdbg-analysis.h"
#include "tdbg-ui.h"

typedef struct {
  TdbgNodeColor fill;
  TdbgNodeColor outline;
  double width;
  gboolean dashed;
  const char *meaning;
} Row;

static const Row rows[] = {
  { TDBG_NODE_COLOR_BAD_FILL, TDBG_NODE_COLOR_TEXT, 1, FALSE,
    N_("Filled red: some trace of the op holds NaN or ∞, in any step") },
  { TDBG_NODE_COLOR_FILL, TDBG_NODE_COLOR_BAD_OUTLINE, 4, FALSE,
    N_("Thick red outline: the op where the first NaN/∞ began") },
  { TDBG_NODE_COLOR_FILL, TDBG_NODE_COLOR_BAD_OUTLINE, 2.5, FALSE,
    N_("Red outline: an input of that op that already held NaN/∞, or held what explains it (a zero under a log)") },
  { TDBG_NODE_COLOR_FILL, TDBG_NODE_COLOR_HEALTHY_OUTLINE, 2.5, FALSE,
    N_("Green outline: an input that was healthy in its last trace before; filled red too when it went bad in a later step") },
  { TDBG_NODE_COLOR_FILL, TDBG_NODE_COLOR_TEXT, 2.5, FALSE, N_("Bold: the selected op") },
  { TDBG_NODE_COLOR_FILL, TDBG_NODE_COLOR_TEXT, 1, TRUE, N_("Grey and dotted (Whole Graph): an op never traced") },
};

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const Row *row = data;
  gboolean dark = tdbg_ui_widget_is_dark (GTK_WIDGET (area));
  GdkRGBA fill, outline;
  double inset = row->width / 2 + 1;

  gdk_rgba_parse (&fill, tdbg_neighbourhood_color (row->fill, dark));
  gdk_rgba_parse (&outline, tdbg_neighbourhood_color (row->outline, dark));
  if (row->dashed)
    outline.alpha = 0.5;
  cairo_rectangle (cr, inset, inset, width - 2 * inset, height - 2 * inset);
  gdk_cairo_set_source_rgba (cr, &fill);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &outline);
  cairo_set_line_width (cr, row->width);
  if (row->dashed)
    cairo_set_dash (cr, (const double[]) { 2, 2 }, 2, 0);
  cairo_stroke (cr);
}

GtkWidget *
tdbg_graph_legend_new (void)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "dialog-information-symbolic");
  gtk_widget_set_tooltip_text (button, _("What the colours of the nodes mean"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Colours of the nodes"), -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (_(rows[i].meaning));
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 30);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 18);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, (gpointer) &rows[i], NULL);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
      if (i == 4)
        gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (GTK_GRID (grid), swatch, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), label, 1, i, 1, 1);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  return button;
}

gboolean
tdbg_graph_legend_get_row (GtkWidget *legend, guint row, const char **fill, const char **outline, const char **meaning)
{
  gboolean dark = tdbg_ui_widget_is_dark (legend);

  if (row >= G_N_ELEMENTS (rows))
    return FALSE;
  *fill = tdbg_neighbourhood_color (rows[row].fill, dark);
  *outline = tdbg_neighbourhood_color (rows[row].outline, dark);
  *meaning = _(rows[row].meaning);
  return TRUE;
}
