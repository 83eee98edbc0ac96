/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-trace-row.h"
#include "tdbg-ui.h"

struct _TdbgTraceRow {
  GtkWidget parent_instance;

  TdbgTraceColumns *columns;
  guint record;
  gboolean stale;             /* texts to be asked from the columns' text function */
  guint columns_serial;       /* of the columns the texts were asked for */
  guint geometry_serial;      /* of the columns the row was measured with */
  char *texts[TDBG_TRACE_COLUMNS_MAX];
  guint bad;                  /* bit per shown column */
  guint ellipsized;           /* bit per shown column, as last drawn */
  PangoLayout *layouts[TDBG_TRACE_COLUMNS_MAX];  /* made when first drawn */
  gboolean layouts_stale;     /* the texts changed since the layouts were filled */
  guint context_serial;       /* of the pango context the layouts last followed */
  gboolean labelled;          /* the accessible label is set */
  gboolean input;
  gboolean culled;
  GdkRGBA bad_color;          /* the readable error text colour (tdbg-palette.h) */
  GdkRGBA bad_tint;           /* the theme's error colour, faint, behind bad values */
  GdkRGBA input_tint;         /* behind inputs of the selected op: fainter than the selection */
  int line_height;            /* from the font, 0 until measured and after style changes */
  TdbgAdjustmentWatch scrolling;  /* the enclosing list's vertical adjustment, while mapped */
};

G_DEFINE_FINAL_TYPE (TdbgTraceRow, tdbg_trace_row, GTK_TYPE_WIDGET)

/* Space above and below the text. */
#define ROW_PADDING 3

static const GdkRGBA input_tint = { 0.965f, 0.827f, 0.176f, 0.35f };   /* alpha(#f6d32d, 0.35) */
/* Should a theme have no error colour: Adwaita's light one. */
static const GdkRGBA bad_fallback = { 0.753f, 0.110f, 0.157f, 1.0f };  /* #c01c28 */

static void
tdbg_trace_row_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (widget);

  GTK_WIDGET_CLASS (tdbg_trace_row_parent_class)->css_changed (widget, change);
  /* The font may have changed: measure the line again (GTK queues the resize itself). */
  self->line_height = 0;
  /* Bad values as the stylesheet's salient text (tdbg-palette.c: readable on this tint); the
   * tint in the theme's error colour. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "tdbg_error_text", &self->bad_color))
    self->bad_color = bad_fallback;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "error_color", &self->bad_tint))
    self->bad_tint = bad_fallback;
  G_GNUC_END_IGNORE_DEPRECATIONS
  self->bad_tint.alpha = 0.18f;
  /* Yellow glares on a dark background: fainter there, so that the selection stays the row
   * that stands out. */
  self->input_tint = input_tint;
  self->input_tint.alpha = tdbg_ui_widget_is_dark (widget) ? 0.18f : 0.35f;
}

static void
tdbg_trace_row_system_setting_changed (GtkWidget *widget, GtkSystemSetting setting)
{
  GTK_WIDGET_CLASS (tdbg_trace_row_parent_class)->system_setting_changed (widget, setting);
  TDBG_TRACE_ROW (widget)->line_height = 0;
}

static void
tdbg_trace_row_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                        int *minimum_baseline, int *natural_baseline)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = *natural = tdbg_trace_columns_min_width (self->columns);
      self->geometry_serial = self->columns->geometry_serial;
    }
  else
    {
      if (self->line_height == 0)
        self->line_height = tdbg_trace_columns_line_height (widget);
      *minimum = *natural = self->line_height + 2 * ROW_PADDING;
    }
}

/* Inside the visible area of the enclosing list view, give or take one row. */
static gboolean
in_view (TdbgTraceRow *self, int height)
{
  GtkWidget *list = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_LIST_VIEW);
  graphene_point_t p;

  if (list == NULL || !gtk_widget_compute_point (GTK_WIDGET (self), list, &GRAPHENE_POINT_INIT (0, 0), &p))
    return TRUE;
  return p.y + 2 * height >= 0 && p.y - height <= gtk_widget_get_height (list);
}

static void
clear_label (TdbgTraceRow *self)
{
  if (!self->labelled)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  self->labelled = FALSE;
}

/* The whole text of shown column @i when the row shows it shortened, else NULL. */
static char *
whole_text (TdbgTraceRow *self, guint i)
{
  TdbgTraceColumns *columns = self->columns;
  gboolean bad = FALSE;

  if (columns->whole_text_func == NULL || i >= columns->n_shown)
    return NULL;
  return columns->whole_text_func (self->record, columns->shown[i], &bad, columns->text_data);
}

/* The whole texts of shortened cells ("Device: /job:localhost/…/device:GPU:1"), for a screen
 * reader to tell apart what the short texts may not. */
static void
update_description (TdbgTraceRow *self)
{
  GString *description = g_string_new (NULL);

  for (guint i = 0; i < self->columns->n_shown; i++)
    {
      g_autofree char *whole = whole_text (self, i);
      if (whole && *whole)
        g_string_append_printf (description, "%s%s: %s", description->len ? "; " : "",
                                self->columns->all[self->columns->shown[i]].title, whole);
    }
  if (description->len)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_string_free (description, TRUE);
}

/* What a screen reader reads for the row: "#: 103; Tensor: Log:0; …", empty cells left out. */
static void
update_label (TdbgTraceRow *self)
{
  GString *label = g_string_new (NULL);

  for (guint i = 0; i < self->columns->n_shown; i++)
    if (self->texts[i] && *self->texts[i])
      g_string_append_printf (label, "%s%s: %s", label->len ? "; " : "",
                              self->columns->all[self->columns->shown[i]].title, self->texts[i]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label->str, -1);
  self->labelled = label->len > 0;
  g_string_free (label, TRUE);
  update_description (self);
}

static void
ensure_texts (TdbgTraceRow *self)
{
  TdbgTraceColumns *columns = self->columns;

  if (!self->stale && self->columns_serial == columns->serial)
    return;
  self->stale = FALSE;
  self->columns_serial = columns->serial;
  self->bad = 0;
  for (guint i = 0; i < TDBG_TRACE_COLUMNS_MAX; i++)
    {
      gboolean bad = FALSE;

      g_clear_pointer (&self->texts[i], g_free);
      if (i < columns->n_shown && columns->text_func)
        self->texts[i] = columns->text_func (self->record, columns->shown[i], &bad, columns->text_data);
      if (bad)
        self->bad |= 1u << i;
    }
  self->layouts_stale = TRUE;
  update_label (self);
}

/* Attributes for tabular figures and bold (bad values), made once and shared. */
static PangoAttrList *
attributes (gboolean numeric, gboolean bad)
{
  static PangoAttrList *lists[4];
  guint which = (numeric ? 1 : 0) | (bad ? 2 : 0);

  if (lists[which] == NULL)
    {
      lists[which] = pango_attr_list_new ();
      if (numeric)
        pango_attr_list_insert (lists[which], pango_attr_font_features_new ("tnum=1"));
      if (bad)
        pango_attr_list_insert (lists[which], pango_attr_weight_new (PANGO_WEIGHT_BOLD));
    }
  return lists[which];
}

static void
ensure_layouts (TdbgTraceRow *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  gboolean context_changed = pango_context_get_serial (context) != self->context_serial;

  self->context_serial = pango_context_get_serial (context);
  for (guint i = 0; i < self->columns->n_shown; i++)
    {
      const TdbgTraceColumn *column = &self->columns->all[self->columns->shown[i]];

      if (self->layouts[i] == NULL)
        {
          self->layouts[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
          pango_layout_set_single_paragraph_mode (self->layouts[i], TRUE);
        }
      else if (context_changed)
        /* Follows font changes of the widget's context. */
        pango_layout_context_changed (self->layouts[i]);
      if (self->layouts_stale)
        {
          pango_layout_set_text (self->layouts[i], self->texts[i] ? self->texts[i] : "", -1);
          pango_layout_set_attributes (self->layouts[i], attributes (column->numeric, (self->bad >> i) & 1));
          pango_layout_set_ellipsize (self->layouts[i], column->ellipsize);
        }
    }
  self->layouts_stale = FALSE;
}

static gboolean
in_selected_row (GtkWidget *widget)
{
  for (guint i = 0; widget && i < 2; i++, widget = gtk_widget_get_parent (widget))
    if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_SELECTED)
      return TRUE;
  return FALSE;
}

static void
draw_column (TdbgTraceRow *self, GtkSnapshot *snapshot, guint i, int x, int w, int height, const GdkRGBA *color,
             gboolean selected)
{
  const TdbgTraceColumn *column = &self->columns->all[self->columns->shown[i]];
  PangoLayout *layout = self->layouts[i];
  gboolean bad = (self->bad >> i) & 1;

  if (self->texts[i] == NULL || self->texts[i][0] == '\0')
    return;
  if (column->ellipsize != PANGO_ELLIPSIZE_NONE)
    pango_layout_set_width (layout, MAX (w - 2 * TDBG_TRACE_COLUMN_PADDING, 1) * PANGO_SCALE);
  if (pango_layout_is_ellipsized (layout))
    self->ellipsized |= 1u << i;
  /* The error colour on a tint of it; on a selected row, bold in the row's colour. */
  if (bad && !selected)
    gtk_snapshot_append_color (snapshot, &self->bad_tint, &GRAPHENE_RECT_INIT (x, 0, w, height));
  tdbg_trace_columns_draw_text (snapshot, layout, x, w, height, column->xalign,
                                bad && !selected ? &self->bad_color : color);
}

static void
tdbg_trace_row_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int x[TDBG_TRACE_COLUMNS_MAX], w[TDBG_TRACE_COLUMNS_MAX];
  gboolean selected = in_selected_row (widget);
  GdkRGBA color, line;

  self->culled = FALSE;
  if (width <= 0)
    return;
  if (!in_view (self, height))
    {
      self->culled = TRUE;
      return;
    }
  ensure_texts (self);
  ensure_layouts (self);
  tdbg_trace_columns_place (self->columns, width, x, w);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  /* The row's own background shows the selection: a tint over it would weaken it. */
  if (self->input && !selected)
    gtk_snapshot_append_color (snapshot, &self->input_tint, &GRAPHENE_RECT_INIT (0, 0, width, height));
  self->ellipsized = 0;
  for (guint i = 0; i < self->columns->n_shown; i++)
    draw_column (self, snapshot, i, x[i], w[i], height, &color, selected);
  line = color;
  line.alpha *= 0.15f;
  tdbg_trace_columns_draw_separators (self->columns, snapshot, x, w, height, &line);
}

static void
scrolled_cb (TdbgTraceRow *self)
{
  /* The list moved (or resized): a row skipped while out of view may be in view now. */
  if (self->culled)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
tdbg_trace_row_map (GtkWidget *widget)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (widget);
  GtkWidget *list = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW);

  GTK_WIDGET_CLASS (tdbg_trace_row_parent_class)->map (widget);
  tdbg_adjustment_watch (&self->scrolling, list ? gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list)) : NULL,
                         G_CALLBACK (scrolled_cb), self);
}

static void
tdbg_trace_row_unmap (GtkWidget *widget)
{
  tdbg_adjustment_unwatch (&TDBG_TRACE_ROW (widget)->scrolling);
  GTK_WIDGET_CLASS (tdbg_trace_row_parent_class)->unmap (widget);
}

/* A column's text as the tooltip (its whole text when shortened): always for some columns,
 * else when it is cut short. */
static gboolean
query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (widget);
  int i = tdbg_trace_columns_at (self->columns, gtk_widget_get_width (widget), x);
  const char *text;
  g_autofree char *whole = NULL;

  if (i < 0)
    return FALSE;
  whole = whole_text (self, (guint) i);
  if (whole && *whole)
    {
      gtk_tooltip_set_text (tooltip, whole);
      return TRUE;
    }
  text = tdbg_trace_row_get_text (self, (guint) i);
  if (*text == '\0' ||
      !(self->columns->all[self->columns->shown[i]].tooltip || tdbg_trace_row_get_ellipsized (self, (guint) i)))
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
tdbg_trace_row_dispose (GObject *object)
{
  TdbgTraceRow *self = TDBG_TRACE_ROW (object);

  tdbg_adjustment_unwatch (&self->scrolling);
  for (guint i = 0; i < TDBG_TRACE_COLUMNS_MAX; i++)
    {
      g_clear_object (&self->layouts[i]);
      g_clear_pointer (&self->texts[i], g_free);
    }
  G_OBJECT_CLASS (tdbg_trace_row_parent_class)->dispose (object);
}

static void
tdbg_trace_row_class_init (TdbgTraceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_trace_row_dispose;
  widget_class->measure = tdbg_trace_row_measure;
  widget_class->snapshot = tdbg_trace_row_snapshot;
  widget_class->map = tdbg_trace_row_map;
  widget_class->unmap = tdbg_trace_row_unmap;
  widget_class->css_changed = tdbg_trace_row_css_changed;
  widget_class->system_setting_changed = tdbg_trace_row_system_setting_changed;
  gtk_widget_class_set_css_name (widget_class, "tdbg-trace-row");
  /* Named after its texts: a screen reader reads the row as one line. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
tdbg_trace_row_init (TdbgTraceRow *self)
{
  self->stale = TRUE;
  self->bad_color = self->bad_tint = bad_fallback;
  self->input_tint = input_tint;
  self->bad_tint.alpha = 0.18f;
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

GtkWidget *
tdbg_trace_row_new (TdbgTraceColumns *columns)
{
  TdbgTraceRow *self = g_object_new (TDBG_TYPE_TRACE_ROW, NULL);

  self->columns = columns;
  self->columns_serial = columns->serial;
  self->geometry_serial = columns->geometry_serial;
  return GTK_WIDGET (self);
}

void
tdbg_trace_row_set_record (TdbgTraceRow *self, guint record)
{
  g_return_if_fail (TDBG_IS_TRACE_ROW (self));
  self->record = record;
  self->stale = TRUE;
  /* What the row showed before is no longer its name. */
  clear_label (self);
  /* The columns changed while the row was put aside: its width changed too. */
  if (self->geometry_serial != self->columns->geometry_serial)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
tdbg_trace_row_get_record (TdbgTraceRow *self)
{
  return self->record;
}

const char *
tdbg_trace_row_get_text (TdbgTraceRow *self, guint n)
{
  g_return_val_if_fail (TDBG_IS_TRACE_ROW (self), "");
  ensure_texts (self);
  return n < TDBG_TRACE_COLUMNS_MAX && self->texts[n] ? self->texts[n] : "";
}

gboolean
tdbg_trace_row_get_bad (TdbgTraceRow *self, guint n)
{
  ensure_texts (self);
  return n < TDBG_TRACE_COLUMNS_MAX && ((self->bad >> n) & 1);
}

void
tdbg_trace_row_set_input (TdbgTraceRow *self, gboolean input)
{
  if (self->input == (input != FALSE))
    return;
  self->input = input != FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tdbg_trace_row_get_input (TdbgTraceRow *self)
{
  return self->input;
}

gboolean
tdbg_trace_row_get_culled (TdbgTraceRow *self)
{
  return self->culled;
}

gboolean
tdbg_trace_row_get_ellipsized (TdbgTraceRow *self, guint n)
{
  return n < TDBG_TRACE_COLUMNS_MAX && ((self->ellipsized >> n) & 1);
}

void
tdbg_trace_row_get_column (TdbgTraceRow *self, guint n, int *x, int *width)
{
  int xs[TDBG_TRACE_COLUMNS_MAX], ws[TDBG_TRACE_COLUMNS_MAX];

  g_return_if_fail (n < self->columns->n_shown);
  tdbg_trace_columns_place (self->columns, gtk_widget_get_width (GTK_WIDGET (self)), xs, ws);
  *x = xs[n];
  *width = ws[n];
}
