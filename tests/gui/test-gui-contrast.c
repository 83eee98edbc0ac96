/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every text the window shows is readable: WCAG AA, 4.5:1 against its background, in the
 * light style, the dark one, and a dark one whose theme has a dark red error colour (GTK's own
 * dark theme: #cc0000). The colours are read from the style as GTK resolved them: each
 * label's colour, the backgrounds the theme names, the tints the app lays over them. */

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include "gui-util.h"
#include "tdbg-graph-legend.h"
#include "tdbg-neighbourhood.h"
#include "tdbg-palette.h"
#include "test-util.h"
#include "compare-fixtures.h"
#include "tdbg-compare.h"
#include "tdbg-trace-pane-private.h"

typedef struct {
  const char *scheme;
  GString *failures;
  guint n_checked;
  guint n_coloured;       /* labels in the error, warning or success colours */
} Check;

static gboolean
has_ancestor_class (GtkWidget *widget, const char *css_class)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    if (gtk_widget_has_css_class (w, css_class))
      return TRUE;
  return FALSE;
}

/* The background a label is drawn on: the card's tint, a view's, or the window's. */
static TdbgBackground
background_of (GtkWidget *label)
{
  if (has_ancestor_class (label, "tdbg-cause-card"))
    return TDBG_BG_CAUSE_CARD;
  for (GtkWidget *w = label; w; w = gtk_widget_get_parent (w))
    if (GTK_IS_TEXT_VIEW (w) || GTK_IS_LIST_VIEW (w) || GTK_IS_COLUMN_VIEW (w) || gtk_widget_has_css_class (w, "view"))
      return TDBG_BG_VIEW;
  return TDBG_BG_WINDOW;
}

static gboolean
is_coloured (GtkWidget *label)
{
  return has_ancestor_class (label, "tdbg-salient") || has_ancestor_class (label, "tdbg-warning") ||
         has_ancestor_class (label, "tdbg-cause-bad") || has_ancestor_class (label, "tdbg-cause-healthy");
}

static void
check_labels (GtkWidget *root, Check *check)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      /* An alerting timeline chip draws its own background with its text (both fixed in the
       * style sheet, light or dark): checked once as a pair in test_chip_colours(). */
      if (GTK_IS_LABEL (child) && *gtk_label_get_text (GTK_LABEL (child)) != '\0' &&
          !gtk_widget_has_css_class (child, "dim-label") &&
          !(gtk_widget_has_css_class (child, "tdbg-exec-box") && gtk_widget_has_css_class (child, "tdbg-alerting")))
        {
          GdkRGBA fg, bg;
          double contrast;
          TdbgBackground background = background_of (child);
          G_GNUC_BEGIN_IGNORE_DEPRECATIONS
          gtk_style_context_get_color (gtk_widget_get_style_context (child), &fg);
          G_GNUC_END_IGNORE_DEPRECATIONS
          tdbg_palette_get_background (child, background, &bg);
          contrast = tdbg_palette_contrast (&fg, &bg);
          check->n_checked++;
          check->n_coloured += is_coloured (child);
          if (is_coloured (child))
            {
              g_autofree char *f = gdk_rgba_to_string (&fg), *b = gdk_rgba_to_string (&bg);
              g_test_message ("%s: “%.40s” %s on %s: %.2f:1", check->scheme, gtk_label_get_text (GTK_LABEL (child)),
                              f, b, contrast);
            }
          if (contrast < TDBG_MIN_CONTRAST)
            {
              g_autofree char *f = gdk_rgba_to_string (&fg), *b = gdk_rgba_to_string (&bg);
              g_string_append_printf (check->failures, "%s: “%.40s” %s on %s: %.2f:1\n", check->scheme,
                                      gtk_label_get_text (GTK_LABEL (child)), f, b, contrast);
            }
        }
      check_labels (child, check);
    }
}

/* The colours drawn rather than styled: bad values in Graph Execution on their tint, the op
 * counts of the source gutter, the card's and the alerts' colours on every background. */
static void
check_drawn (GtkWidget *widget, Check *check)
{
  static const char *names[] = { "error", "warning", "success" };

  for (guint r = 0; r < TDBG_N_TEXT_ROLES; r++)
    for (guint b = 0; b < TDBG_N_BACKGROUNDS; b++)
      {
        GdkRGBA fg, bg;
        double contrast;
        tdbg_palette_get_text_color (widget, r, &fg);
        tdbg_palette_get_background (widget, b, &bg);
        contrast = tdbg_palette_contrast (&fg, &bg);
        check->n_checked++;
        if (contrast < TDBG_MIN_CONTRAST)
          g_string_append_printf (check->failures, "%s: %s text on background %u: %.2f:1\n", check->scheme,
                                  names[r], b, contrast);
      }
  /* What the trace rows draw bad values with is what the stylesheet defines. */
  {
    GdkRGBA defined, computed;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "tdbg_error_text", &defined));
    G_GNUC_END_IGNORE_DEPRECATIONS
    tdbg_palette_get_text_color (widget, TDBG_TEXT_ERROR, &computed);
    g_assert_true (fabs (defined.red - computed.red) < 0.01 && fabs (defined.green - computed.green) < 0.01 &&
                   fabs (defined.blue - computed.blue) < 0.01);
  }
}

static gboolean
card_shown (gpointer card)
{
  return tdbg_cause_card_get_cause (card) != NULL;
}

static gboolean
dark_is (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) == GPOINTER_TO_INT (data);
}

static void
check_scheme (TdbgWindow *window, const char *name, AdwColorScheme scheme, GtkCssProvider *theme, Check *check)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  gboolean dark = scheme == ADW_COLOR_SCHEME_FORCE_DARK;
  g_autofree char *shot = g_strdup_printf ("contrast-%s.png", name);

  adw_style_manager_set_color_scheme (style, scheme);
  g_assert_true (gui_wait_until (dark_is, GINT_TO_POINTER (dark), 5000));
  if (theme)
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (theme),
                                                GTK_STYLE_PROVIDER_PRIORITY_SETTINGS);
  gui_spin (300);
  check->scheme = name;
  check_labels (GTK_WIDGET (window), check);
  check_drawn (GTK_WIDGET (tdbg_window_get_alerts_pane (window)), check);
  gui_shot (GTK_WIDGET (window), shot);
  if (theme)
    gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (theme));
}

static void
test_contrast (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));
  g_autoptr(GtkCssProvider) dark_red = gtk_css_provider_new ();
  Check check = { NULL, g_string_new (NULL), 0, 0 };

  /* GTK's own dark theme's colours, over libadwaita's. */
  gtk_css_provider_load_from_data (dark_red,
                                   "@define-color error_color #cc0000;\n"
                                   "@define-color warning_color #f57900;\n"
                                   "@define-color success_color #26ab62;\n", -1);
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  g_assert_true (gui_wait_until (card_shown, card, 30000));
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (200);

  check_scheme (window, "light", ADW_COLOR_SCHEME_FORCE_LIGHT, NULL, &check);
  check_scheme (window, "dark", ADW_COLOR_SCHEME_FORCE_DARK, NULL, &check);
  check_scheme (window, "dark-red-theme", ADW_COLOR_SCHEME_FORCE_DARK, dark_red, &check);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  g_test_message ("%u texts checked, %u of them in the alert colours", check.n_checked, check.n_coloured);
  /* The title, the NaN/∞ count, the card's origin and its input captions, in three styles. */
  g_assert_cmpuint (check.n_coloured, >=, 3 * 4);
  if (check.failures->len > 0)
    g_error ("texts below %.1f:1:\n%s", TDBG_MIN_CONTRAST, check.failures->str);
  g_string_free (check.failures, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
compared (gpointer window)
{
  return !tdbg_window_is_loading (window) && !tdbg_window_is_comparing (window) &&
         tdbg_window_get_comparison (window) != NULL;
}

static gboolean
twin_read (gpointer details)
{
  return !tdbg_tensor_details_is_reading_twin (details);
}

/* A text tag's own colours: each differing element drawn in them, light or dark. */
static void
check_tag (GtkTextBuffer *buffer, const char *name, Check *check)
{
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), name);
  g_autoptr(GdkRGBA) fg = NULL, bg = NULL;
  double contrast;

  g_assert_nonnull (tag);
  g_object_get (tag, "foreground-rgba", &fg, "background-rgba", &bg, NULL);
  contrast = tdbg_palette_contrast (fg, bg);
  g_test_message ("%s: %s: %.2f:1", check->scheme, name, contrast);
  check->n_checked++;
  if (contrast < TDBG_MIN_CONTRAST)
    g_string_append_printf (check->failures, "%s: the %s mark: %.2f:1\n", check->scheme, name, contrast);
}

/* Compare mode's marks: the twin's fields that differ (and their "≠") beside the selected
 * trace, the elements that differ in both runs' values, and the Error column's diverging
 * cells (drawn as bad values are: error text on its tint), in the light and dark styles. */
static void
test_compare_marks (void)
{
  g_autofree char *dir_a = test_make_temp_dir ();
  g_autofree char *dir_b = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  Check check = { NULL, g_string_new (NULL), 0, 0 };
  static const struct { const char *name; AdwColorScheme scheme; } styles[] = {
    { "compare-light", ADW_COLOR_SCHEME_FORCE_LIGHT }, { "compare-dark", ADW_COLOR_SCHEME_FORCE_DARK },
  };
  CompareRun run_a, run_b;
  TdbgWindow *window;
  TdbgTracePane *pane;
  TdbgComparison *c;
  int min_width;

  /* Run B's Relu of step 1 has its first element negative: the − and + counts differ, and
   * that element. */
  compare_run_init (&run_a, FALSE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 2);
  compare_run_init (&run_b, TRUE, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, 2);
  run_b.change_step = 1;
  run_b.use_set0 = TRUE;
  run_b.set0 = -5;
  g_assert_true (compare_run_write (&run_a, dir_a, &error));
  g_assert_true (compare_run_write (&run_b, dir_b, &error));
  g_assert_no_error (error);
  window = gui_open_window (dir_a);
  pane = tdbg_window_get_trace_pane (window);
  tdbg_window_compare (window, dir_b);
  g_assert_true (gui_wait_until (compared, window, 60000));
  c = tdbg_window_get_comparison (window);
  g_assert_cmpuint (c->first.kind, ==, TDBG_DIVERGENCE_VALUES);
  tdbg_selection_select_trace (tdbg_window_get_selection (window), c->first.a);
  g_assert_true (gui_wait_until (twin_read, pane->details, 5000));
  g_assert_cmpint (tdbg_tensor_details_get_n_differing (pane->details), ==, 1);
  gtk_expander_set_expanded (tdbg_tensor_details_get_expander (pane->details), TRUE);
  /* The heading with the count and the tolerances wraps: the details need no more width than
   * the pane gives them (GTK 4.18 warns, fatally here, when they do). */
  g_assert_true (g_str_has_prefix (gtk_label_get_label (tdbg_tensor_details_get_heading (pane->details)),
                                   "_Tensor Values: 1 of 4 elements differs (rtol"));
  gui_spin (200);
  gtk_widget_measure (GTK_WIDGET (pane->details), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, gtk_widget_get_width (GTK_WIDGET (pane->details)));

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      g_autofree char *shot = g_strdup_printf ("contrast-%s.png", styles[i].name);
      guint coloured = check.n_coloured;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), styles[i].scheme);
      g_assert_true (gui_wait_until (dark_is, GINT_TO_POINTER (styles[i].scheme == ADW_COLOR_SCHEME_FORCE_DARK), 5000));
      gui_spin (300);
      check.scheme = styles[i].name;
      check_labels (GTK_WIDGET (pane), &check);
      /* The − and + fields of both runs, marked. */
      g_assert_cmpuint (check.n_coloured - coloured, >=, 4);
      check_drawn (GTK_WIDGET (pane), &check);
      check_tag (tdbg_tensor_details_get_values (pane->details, FALSE), "tdbg-differs", &check);
      check_tag (tdbg_tensor_details_get_values (pane->details, TRUE), "tdbg-differs", &check);
      gui_shot (GTK_WIDGET (window), shot);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  if (check.failures->len > 0)
    g_error ("compare marks below %.1f:1:\n%s", TDBG_MIN_CONTRAST, check.failures->str);
  g_string_free (check.failures, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir_a);
  test_remove_tree (dir_b);
}

/* Graph Structure says what its colours mean: the legend's swatches are the colours the
 * nodes are drawn in. In the tutorial the root cause's input logits was healthy in its trace
 * before Log, yet NaN in later steps: filled red and outlined green, both explained. */
static void
test_graph_legend (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));
  GtkWidget *legend = tdbg_graph_pane_get_legend (pane);
  guint32 logits = test_find_op (logdir, "logits"), log = test_find_op (logdir, "Log");
  const char *fill, *outline, *meaning;
  const TdbgLayoutNode *node;
  guint n = 0;
  gboolean filled = FALSE, healthy = FALSE;

  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  g_assert_true (gui_wait_until (card_shown, card, 30000));
  g_assert_true (gui_wait_graph_shows (pane, log, 30000));
  node = gui_find_node (window, logits);
  g_assert_nonnull (node);
  g_assert_true (gtk_widget_get_mapped (legend));
  g_assert_true (gui_wait_until (gui_window_on_monitor, window, 30000));
  gtk_menu_button_popup (GTK_MENU_BUTTON (legend));
  gui_spin (200);
  for (; tdbg_graph_legend_get_row (legend, n, &fill, &outline, &meaning); n++)
    {
      /* Every meaning is shown in the popover. */
      g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (legend))), meaning, FALSE));
      filled |= g_ascii_strcasecmp (fill, node->fill_color) == 0 && strstr (meaning, "NaN") != NULL;
      healthy |= strstr (meaning, "healthy") != NULL &&
                 g_ascii_strcasecmp (outline, tdbg_neighbourhood_color (TDBG_NODE_COLOR_HEALTHY_OUTLINE, FALSE)) == 0;
    }
  g_test_message ("logits: fill %s", node->fill_color);
  g_assert_cmpuint (n, ==, 6);
  g_assert_true (filled);
  g_assert_true (healthy);
  gui_shot (GTK_WIDGET (window), "graph-legend.png");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (legend));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An alerting chip of the timeline, as the style sheet colours it and as drawn: its text on
 * its own pink, whatever the style. */
static void
test_chip_colours (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GtkWidget *chip = NULL;

  for (guint i = 0; chip == NULL && (chip = gui_find_nth_widget (GTK_WIDGET (tdbg_window_get_timeline_pane (window)),
                                                                GTK_TYPE_LABEL, i)); i++)
    if (!gtk_widget_has_css_class (chip, "tdbg-alerting"))
      chip = NULL;
  if (chip == NULL)
    {
      /* The strip shows the first chips: select an alerting execution to bring one in. */
      TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
      for (guint32 e = 0; e < tdbg_logdir_get_n_executions (logdir); e++)
        if (tdbg_logdir_get_execution (logdir, e)->n_alert_outputs > 0)
          {
            tdbg_selection_select_execution (tdbg_window_get_selection (window), e);
            break;
          }
      gui_spin (300);
      for (guint i = 0; chip == NULL && (chip = gui_find_nth_widget (GTK_WIDGET (tdbg_window_get_timeline_pane (window)),
                                                                    GTK_TYPE_LABEL, i)); i++)
        if (!gtk_widget_has_css_class (chip, "tdbg-alerting"))
          chip = NULL;
    }
  g_assert_nonnull (chip);
  {
    GdkRGBA fg, bg;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color (gtk_widget_get_style_context (chip), &fg);
    G_GNUC_END_IGNORE_DEPRECATIONS
    g_assert_true (gdk_rgba_parse (&bg, "#f8c8c8"));
    g_test_message ("alerting chip: %.2f:1", tdbg_palette_contrast (&fg, &bg));
    g_assert_cmpfloat (tdbg_palette_contrast (&fg, &bg), >=, TDBG_MIN_CONTRAST);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/contrast", test_contrast);
  g_test_add_func ("/gui/graph-legend", test_graph_legend);
  g_test_add_func ("/gui/chip-colours", test_chip_colours);
  g_test_add_func ("/gui/contrast/compare-marks", test_compare_marks);
  return g_test_run ();
}
