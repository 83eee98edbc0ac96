/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-palette.h"

#include <math.h>

/* The tints the stylesheet and the trace rows lay over a background (tdbg-ui.css's
 * .tdbg-cause-card, tdbg-trace-row.c's bad_tint). */
#define CAUSE_CARD_TINT 0.06
#define BAD_VALUE_TINT 0.18

static const struct {
  const char *names[2];   /* libadwaita's, then GTK's own themes' */
  GdkRGBA fallback;
  const char *css_name;
} roles[TDBG_N_TEXT_ROLES] = {
  [TDBG_TEXT_ERROR] = { { "error_color", NULL }, { 0.753f, 0.110f, 0.157f, 1 }, "tdbg_error_text" },
  [TDBG_TEXT_WARNING] = { { "warning_color", NULL }, { 0.612f, 0.431f, 0.012f, 1 }, "tdbg_warning_text" },
  [TDBG_TEXT_SUCCESS] = { { "success_color", NULL }, { 0.106f, 0.522f, 0.325f, 1 }, "tdbg_success_text" },
};

static double
channel (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (const GdkRGBA *c)
{
  return 0.2126 * channel (c->red) + 0.7152 * channel (c->green) + 0.0722 * channel (c->blue);
}

static GdkRGBA
over (const GdkRGBA *fg, const GdkRGBA *bg)
{
  GdkRGBA out = { fg->red * fg->alpha + bg->red * (1 - fg->alpha), fg->green * fg->alpha + bg->green * (1 - fg->alpha),
                  fg->blue * fg->alpha + bg->blue * (1 - fg->alpha), 1 };
  return out;
}

double
tdbg_palette_contrast (const GdkRGBA *fg, const GdkRGBA *bg)
{
  GdkRGBA solid = over (fg, bg);
  double a = luminance (&solid), b = luminance (bg);

  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);
}

static gboolean
lookup (GtkWidget *widget, const char *name, GdkRGBA *out)
{
  gboolean found;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, out);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* Themes written in wider colour spaces (libadwaita 1.7 on GTK 4.18) may give sRGB
   * channels outside 0…1; the screen shows them clamped, and so is what is computed here. */
  if (found)
    {
      out->red = CLAMP (out->red, 0, 1);
      out->green = CLAMP (out->green, 0, 1);
      out->blue = CLAMP (out->blue, 0, 1);
    }
  return found;
}

void
tdbg_palette_get_theme_color (GtkWidget *widget, TdbgTextRole role, GdkRGBA *out)
{
  if (!lookup (widget, roles[role].names[0], out))
    *out = roles[role].fallback;
  out->alpha = 1;
}

void
tdbg_palette_get_background (GtkWidget *widget, TdbgBackground background, GdkRGBA *out)
{
  GdkRGBA base, error, tinted;
  gboolean view = background == TDBG_BG_VIEW || background == TDBG_BG_BAD_VALUE;

  /* libadwaita names them window_bg_color and view_bg_color; GTK's themes theme_bg_color
   * and theme_base_color. */
  if (!lookup (widget, view ? "view_bg_color" : "window_bg_color", &base) &&
      !lookup (widget, view ? "theme_base_color" : "theme_bg_color", &base))
    base = (GdkRGBA) { 1, 1, 1, 1 };
  base.alpha = 1;
  *out = base;
  if (background != TDBG_BG_CAUSE_CARD && background != TDBG_BG_BAD_VALUE)
    return;
  tdbg_palette_get_theme_color (widget, TDBG_TEXT_ERROR, &error);
  error.alpha = background == TDBG_BG_CAUSE_CARD ? CAUSE_CARD_TINT : BAD_VALUE_TINT;
  tinted = over (&error, &base);
  *out = tinted;
}

/* The least contrast of @fg against every background. */
static double
worst_contrast (const GdkRGBA *fg, const GdkRGBA *bgs)
{
  double worst = G_MAXDOUBLE;

  for (guint b = 0; b < TDBG_N_BACKGROUNDS; b++)
    worst = MIN (worst, tdbg_palette_contrast (fg, &bgs[b]));
  return worst;
}

void
tdbg_palette_get_text_color (GtkWidget *widget, TdbgTextRole role, GdkRGBA *out)
{
  GdkRGBA bgs[TDBG_N_BACKGROUNDS], theme, target;
  gboolean dark;

  for (guint b = 0; b < TDBG_N_BACKGROUNDS; b++)
    tdbg_palette_get_background (widget, b, &bgs[b]);
  tdbg_palette_get_theme_color (widget, role, &theme);
  /* Towards white on a dark background, towards black on a light one, in small steps: the
   * hue stays as near the theme's as it can. */
  dark = luminance (&bgs[TDBG_BG_WINDOW]) < 0.18;
  target = dark ? (GdkRGBA) { 1, 1, 1, 1 } : (GdkRGBA) { 0, 0, 0, 1 };
  *out = theme;
  for (guint step = 1; step <= 40 && worst_contrast (out, bgs) < TDBG_MIN_CONTRAST + 0.05; step++)
    {
      double t = step / 40.0;
      out->red = theme.red + (target.red - theme.red) * t;
      out->green = theme.green + (target.green - theme.green) * t;
      out->blue = theme.blue + (target.blue - theme.blue) * t;
    }
}

void
tdbg_palette_update (GtkWidget *widget)
{
  static GtkCssProvider *provider;
  static GdkDisplay *provider_display;
  static char *current;
  GString *css = g_string_new (NULL);
  GdkDisplay *display = gtk_widget_get_display (widget);

  for (guint r = 0; r < TDBG_N_TEXT_ROLES; r++)
    {
      GdkRGBA colour;
      g_autofree char *text = NULL;
      tdbg_palette_get_text_color (widget, r, &colour);
      text = gdk_rgba_to_string (&colour);
      g_string_append_printf (css, "@define-color %s %s;\n", roles[r].css_name, text);
    }
  if (provider != NULL && provider_display == display && g_strcmp0 (current, css->str) == 0)
    {
      g_string_free (css, TRUE);
      return;
    }
  if (provider == NULL)
    provider = gtk_css_provider_new ();
  if (provider_display != display)
    {
      if (provider_display != NULL)
        gtk_style_context_remove_provider_for_display (provider_display, GTK_STYLE_PROVIDER (provider));
      /* Above the stylesheet, which defines them as the theme's colours until now. */
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
      provider_display = display;
    }
  g_free (current);
  current = g_string_free (css, FALSE);
  gtk_css_provider_load_from_data (provider, current, -1);
}
