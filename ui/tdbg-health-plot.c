/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-health-plot.h"

#include <math.h>
#include <glib/gi18n.h>

struct _TdbgHealthPlot {
  GtkWidget parent_instance;
  GArray *points;
  char *summary;
  guint32 current;
  gboolean log_scale;
  gboolean reading;  /* the placeholder: the summary says what is being read */
};

G_DEFINE_FINAL_TYPE (TdbgHealthPlot, tdbg_health_plot, GTK_TYPE_WIDGET)

#define PLOT_HEIGHT 88
#define LEGEND_HEIGHT 16.0
#define MARGIN 4.0
#define SWATCH 9.0

typedef enum { SHOW_INF_NAN, SHOW_SIGNS, SHOW_MAGNITUDES } TdbgPlotKind;

static const TdbgOpHistoryPoint *
point (TdbgHealthPlot *self, guint i)
{
  return &g_array_index (self->points, TdbgOpHistoryPoint, i);
}

static gboolean
is_bad (const TdbgOpHistoryPoint *p)
{
  return p->bad;
}

/* What every point can show: magnitudes where all have them, else signs, else counts. */
static TdbgPlotKind
plot_kind (TdbgHealthPlot *self)
{
  gboolean magnitudes = TRUE, signs = TRUE, any_magnitude = FALSE;

  for (guint i = 0; i < self->points->len; i++)
    {
      const TdbgOpHistoryPoint *p = point (self, i);
      any_magnitude |= p->magnitude_known;
      magnitudes &= p->magnitude_known || is_bad (p);
      signs &= p->signs_known;
    }
  return magnitudes && any_magnitude ? SHOW_MAGNITUDES : signs ? SHOW_SIGNS : SHOW_INF_NAN;
}

static void
magnitude_range (TdbgHealthPlot *self, double *lo, double *hi)
{
  *lo = INFINITY;
  *hi = 0;
  for (guint i = 0; i < self->points->len; i++)
    {
      const TdbgOpHistoryPoint *p = point (self, i);
      if (!p->magnitude_known)
        continue;
      *hi = MAX (*hi, p->max_abs);
      /* Zeros have no place on a log scale: the smallest positive magnitude stands in. */
      if (p->min_abs > 0)
        *lo = MIN (*lo, p->min_abs);
      if (p->mean_abs > 0)
        *lo = MIN (*lo, p->mean_abs);
    }
  if (!isfinite (*lo))
    *lo = *hi > 0 ? *hi : 1;
}

static double
to_y (TdbgHealthPlot *self, double v, double lo, double hi, double top, double height)
{
  double f;

  if (self->log_scale)
    f = (log10 (MAX (v, lo)) - log10 (lo)) / MAX (log10 (hi) - log10 (lo), 1e-9);
  else
    f = v / MAX (hi, 1e-300);
  return top + height * (1 - CLAMP (f, 0, 1));
}

static void
draw_magnitudes (TdbgHealthPlot *self, cairo_t *cr, double left, double step, double top, double height)
{
  static const double colours[3][3] = { { 0.55, 0.55, 0.55 }, { 0.21, 0.52, 0.89 }, { 0.88, 0.47, 0.0 } };
  double lo, hi;

  magnitude_range (self, &lo, &hi);
  for (guint line = 0; line < 3; line++)
    {
      gboolean drawing = FALSE;
      cairo_set_source_rgb (cr, colours[line][0], colours[line][1], colours[line][2]);
      cairo_set_line_width (cr, line == 2 ? 2 : 1.5);
      for (guint i = 0; i < self->points->len; i++)
        {
          const TdbgOpHistoryPoint *p = point (self, i);
          double v = line == 0 ? p->min_abs : line == 1 ? p->mean_abs : p->max_abs;
          double x = left + step * (i + 0.5), y = to_y (self, v, lo, hi, top, height);
          if (!p->magnitude_known)
            {
              drawing = FALSE;
              continue;
            }
          if (drawing)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          drawing = TRUE;
          cairo_arc (cr, x, y, 1.5, 0, 2 * G_PI);
          cairo_move_to (cr, x, y);
        }
      cairo_stroke (cr);
    }
}

/* One bar a step: the −/0/+ shares stacked (blue, grey, green), or the NaN/∞ count's height. */
static void
draw_bars (TdbgHealthPlot *self, cairo_t *cr, TdbgPlotKind kind, double left, double step, double top, double height)
{
  double most = 0;

  for (guint i = 0; i < self->points->len; i++)
    most = MAX (most, point (self, i)->neg_inf + point (self, i)->pos_inf + point (self, i)->nan);
  for (guint i = 0; i < self->points->len; i++)
    {
      const TdbgOpHistoryPoint *p = point (self, i);
      double x = left + step * i + step * 0.15, w = MAX (step * 0.7, 1), y = top + height;
      double bad = p->neg_inf + p->pos_inf + p->nan;
      double parts[4] = { bad, p->neg, p->zero, p->pos };
      static const double colours[4][3] = { { 0.88, 0.11, 0.14 }, { 0.21, 0.52, 0.89 }, { 0.6, 0.6, 0.6 },
                                            { 0.18, 0.76, 0.49 } };
      double total = bad + p->neg + p->zero + p->pos;
      guint n_parts = kind == SHOW_SIGNS ? 4 : 1;

      for (guint j = 0; j < n_parts; j++)
        {
          double h = kind == SHOW_SIGNS ? (total > 0 ? height * parts[j] / total : 0)
                                        : (most > 0 ? height * bad / most : 0);
          /* A NaN/∞ among thousands still shows; one the mode flags without counting it
           * (CURT_HEALTH) fills the step. */
          if (j == 0 && bad > 0)
            h = MAX (h, 3);
          if (j == 0 && p->bad && !p->inf_nan_known)
            h = height;
          cairo_set_source_rgb (cr, colours[j][0], colours[j][1], colours[j][2]);
          cairo_rectangle (cr, x, y - h, w, h);
          cairo_fill (cr);
          y -= h;
        }
    }
}

typedef struct {
  const char *text;
  double r, g, b;
} LegendItem;

/* A line over the plot: a swatch of each colour and what it is, the words in the text colour
 * (coloured words would be too faint to read on one background or the other). */
static void
draw_legend (TdbgHealthPlot *self, cairo_t *cr, TdbgPlotKind kind)
{
  const LegendItem magnitudes[] = { { N_("max |x|"), 0.88, 0.47, 0.0 }, { N_("mean |x|"), 0.21, 0.52, 0.89 },
                                    { N_("min |x|"), 0.55, 0.55, 0.55 }, { N_("NaN/∞"), 0.88, 0.11, 0.14 } };
  const LegendItem signs[] = { { N_("NaN/∞"), 0.88, 0.11, 0.14 }, { N_("−"), 0.21, 0.52, 0.89 },
                               { N_("0"), 0.6, 0.6, 0.6 }, { N_("+"), 0.18, 0.76, 0.49 } };
  const LegendItem counts[] = { { N_("NaN/∞ count"), 0.88, 0.11, 0.14 } };
  /* Translators: the health plot's legend when the debug mode (CURT_HEALTH) records only
   * whether a step held NaN/∞, not how many */
  const LegendItem flags[] = { { N_("NaN/∞ (this mode gives no counts)"), 0.88, 0.11, 0.14 } };
  const LegendItem *items = kind == SHOW_MAGNITUDES ? magnitudes : kind == SHOW_SIGNS ? signs
                          : tdbg_op_history_find_uncounted (self->points) ? flags : counts;
  guint n = kind == SHOW_INF_NAN ? 1 : 4;
  double x = MARGIN;
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  for (guint i = 0; i < n + 1; i++)
    {
      g_autofree char *text = NULL;
      PangoLayout *layout;
      int w, h;
      if (i == n)
        text = g_strdup (kind == SHOW_MAGNITUDES && self->log_scale ? _("(log scale)")
                         : kind == SHOW_SIGNS ? _("(shares of the elements)") : "");
      else
        text = g_strdup (_(items[i].text));
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (i < n)
        {
          cairo_set_source_rgb (cr, items[i].r, items[i].g, items[i].b);
          cairo_rectangle (cr, x, (LEGEND_HEIGHT - SWATCH) / 2, SWATCH, SWATCH);
          cairo_fill (cr);
          x += SWATCH + 3;
        }
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_move_to (cr, x, (LEGEND_HEIGHT - h) / 2);
      pango_cairo_show_layout (cr, layout);
      x += w + 10;
      g_object_unref (layout);
    }
}

static void
draw (TdbgHealthPlot *self, cairo_t *cr, double width, double height)
{
  TdbgPlotKind kind = plot_kind (self);
  double top = LEGEND_HEIGHT + 2, h = height - top - MARGIN - 4, left = MARGIN;
  double step = (width - 2 * MARGIN) / MAX (self->points->len, 1);

  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.12);
  cairo_rectangle (cr, left, top, width - 2 * MARGIN, h);
  cairo_fill (cr);
  for (guint i = 0; i < self->points->len; i++)
    {
      const TdbgOpHistoryPoint *p = point (self, i);
      if (is_bad (p))
        {
          /* The steps holding NaN/∞: a red tick under the plot. */
          cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
          cairo_rectangle (cr, left + step * i, top + h + 1, MAX (step, 2), 3);
          cairo_fill (cr);
        }
      if (p->trace == self->current)
        {
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
          cairo_rectangle (cr, left + step * i, top, MAX (step, 2), h);
          cairo_fill (cr);
        }
    }
  draw_legend (self, cr, kind);
  if (kind == SHOW_MAGNITUDES)
    draw_magnitudes (self, cr, left, step, top, h);
  else
    draw_bars (self, cr, kind, left, step, top, h);
}

/* The placeholder: the plot's frame, dimmed, and what is being read. */
static void
draw_reading (TdbgHealthPlot *self, cairo_t *cr, double width, double height)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->summary);
  int w, h;

  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.08);
  cairo_rectangle (cr, MARGIN, LEGEND_HEIGHT + 2, width - 2 * MARGIN, height - LEGEND_HEIGHT - 2 - MARGIN - 4);
  cairo_fill (cr);
  pango_layout_set_width (layout, (int) ((width - 2 * MARGIN) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 1);
  cairo_move_to (cr, MAX (MARGIN, (width - w) / 2), (height - h) / 2);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
tdbg_health_plot_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TdbgHealthPlot *self = TDBG_HEALTH_PLOT (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->reading && width >= 2 * MARGIN && height >= LEGEND_HEIGHT + 2 * MARGIN + 8)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      draw_reading (self, cr, width, height);
      cairo_destroy (cr);
      return;
    }

  if (self->points == NULL || self->points->len == 0 || width < 2 * MARGIN || height < LEGEND_HEIGHT + 2 * MARGIN + 8)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw (self, cr, width, height);
  cairo_destroy (cr);
}

static void
tdbg_health_plot_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                          int *minimum_baseline, int *natural_baseline)
{
  /* Drawn smaller where the window is short (the bars scale), never taking the list's room. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 40 : PLOT_HEIGHT / 2;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : PLOT_HEIGHT;
}

static void
tdbg_health_plot_finalize (GObject *object)
{
  TdbgHealthPlot *self = TDBG_HEALTH_PLOT (object);

  g_clear_pointer (&self->points, g_array_unref);
  g_free (self->summary);
  G_OBJECT_CLASS (tdbg_health_plot_parent_class)->finalize (object);
}

static void
tdbg_health_plot_class_init (TdbgHealthPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tdbg_health_plot_finalize;
  widget_class->snapshot = tdbg_health_plot_snapshot;
  widget_class->measure = tdbg_health_plot_measure;
  gtk_widget_class_set_css_name (widget_class, "tdbg-health-plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tdbg_health_plot_init (TdbgHealthPlot *self)
{
  self->summary = g_strdup ("");
  self->current = TDBG_NONE;
}

GtkWidget *
tdbg_health_plot_new (void)
{
  return g_object_new (TDBG_TYPE_HEALTH_PLOT, NULL);
}

/* A log scale once the magnitudes span more than two decades. */
static gboolean
wants_log_scale (TdbgHealthPlot *self)
{
  double lo, hi;

  if (self->points == NULL || plot_kind (self) != SHOW_MAGNITUDES)
    return FALSE;
  magnitude_range (self, &lo, &hi);
  return lo > 0 && hi / lo > 100;
}

void
tdbg_health_plot_set_series (TdbgHealthPlot *self, GArray *points, const char *tensor_name, guint32 current)
{
  g_return_if_fail (TDBG_IS_HEALTH_PLOT (self));
  g_clear_pointer (&self->points, g_array_unref);
  g_clear_pointer (&self->summary, g_free);
  self->reading = FALSE;
  self->points = points && points->len ? g_array_ref (points) : NULL;
  self->current = current;
  self->summary = self->points ? tdbg_op_history_describe (self->points, tensor_name) : g_strdup ("");
  self->log_scale = wants_log_scale (self);
  if (self->points && plot_kind (self) == SHOW_MAGNITUDES)
    {
      double lo, hi;
      char *longer;
      magnitude_range (self, &lo, &hi);
      /* Translators: appended to "Log:0 over 7 steps: no NaN/∞"; the largest and smallest |x| */
      longer = g_strdup_printf (_("%s; |x| from %.3g to %.3g%s"), self->summary, lo, hi,
                                self->log_scale ? _(" (log scale)") : "");
      g_free (self->summary);
      self->summary = longer;
    }
  if (self->points && tdbg_op_history_find_uncounted (self->points))
    {
      const TdbgOpHistoryPoint *p = tdbg_op_history_find_uncounted (self->points);
      /* Translators: appended to "Log:0 over 7 steps: first NaN/∞ at step 2"; a debug mode */
      char *longer = g_strdup_printf (_("%s; %s gives no NaN/∞ counts, only whether a step held any"), self->summary,
                                      tdbg_debug_mode_name (p->mode));
      g_free (self->summary);
      self->summary = longer;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, self->summary, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->points ? self->summary : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), self->points != NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_health_plot_set_reading (TdbgHealthPlot *self, const char *tensor_name)
{
  g_return_if_fail (TDBG_IS_HEALTH_PLOT (self));
  g_clear_pointer (&self->points, g_array_unref);
  g_free (self->summary);
  /* Translators: shown in the health plot while the op's traces are read: "Log:0" */
  self->summary = g_strdup_printf (_("Reading the steps of %s…"), tensor_name);
  self->reading = TRUE;
  self->log_scale = FALSE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, self->summary, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean tdbg_health_plot_is_reading (TdbgHealthPlot *self) { return self->reading; }
const char *tdbg_health_plot_get_summary (TdbgHealthPlot *self) { return self->summary; }
gboolean tdbg_health_plot_is_log_scale (TdbgHealthPlot *self) { return self->log_scale; }
