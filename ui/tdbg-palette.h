/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Text colours that stay readable. The theme's error, warning and success colours are made
 * for icons and borders as much as for text: GTK's own dark theme has a dark red error
 * colour, libadwaita's light warning colour is too pale for small text. Each is taken from
 * the theme, then darkened (light style) or lightened (dark style) until it reaches WCAG AA
 * (4.5:1) against every background the app shows it on: the window's, the views', the
 * root-cause card's tint and the tint behind bad values. The stylesheet reads them as
 * @tdbg_error_text, @tdbg_warning_text and @tdbg_success_text. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_MIN_CONTRAST 4.5

typedef enum {
  TDBG_TEXT_ERROR,
  TDBG_TEXT_WARNING,
  TDBG_TEXT_SUCCESS,
  TDBG_N_TEXT_ROLES
} TdbgTextRole;

typedef enum {
  TDBG_BG_WINDOW,       /* pane headers, the Alerts list */
  TDBG_BG_VIEW,         /* lists, text views */
  TDBG_BG_CAUSE_CARD,   /* the root-cause card: a faint error tint over the window's */
  TDBG_BG_BAD_VALUE,    /* behind a bad value in Graph Execution: an error tint over the view's */
  TDBG_N_BACKGROUNDS
} TdbgBackground;

/* WCAG 2 contrast of @fg drawn over @bg (an opaque colour; @fg's alpha is composited). */
double tdbg_palette_contrast (const GdkRGBA *fg, const GdkRGBA *bg);
/* The backgrounds of @widget's style, opaque. */
void tdbg_palette_get_background (GtkWidget *widget, TdbgBackground background, GdkRGBA *out);
/* The theme's colour for @role as @widget's style has it (before any adjustment). */
void tdbg_palette_get_theme_color (GtkWidget *widget, TdbgTextRole role, GdkRGBA *out);
/* The readable text colour for @role in @widget's style. */
void tdbg_palette_get_text_color (GtkWidget *widget, TdbgTextRole role, GdkRGBA *out);
/* Defines @tdbg_*_text for @widget's style on its display; call from css_changed (it does
 * nothing when they are already right). */
void tdbg_palette_update (GtkWidget *widget);

G_END_DECLS
