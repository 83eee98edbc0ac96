#include "tdbg-cell.h"

struct _TdbgCell {
  GtkWidget parent_instance;

  char *text;
  TdbgCellTextFunc text_func;
  gpointer text_data;
  gboolean stale;             /* text to be asked from text_func */
  gboolean bad;
  gboolean labelled;          /* the accessible label is set */
  gboolean tooltip_always;    /* the text is the tooltip even when it fits */
  PangoLayout *layout;        /* made when first drawn */
  guint layout_serial;        /* of the pango context the layout last followed */
  float xalign;
  PangoEllipsizeMode ellipsize;
  gboolean numeric;
  gboolean culled;
  guint marks;
  guint record;
  int line_height;            /* from the font, 0 until measured and after style changes */
  GtkAdjustment *vadjustment; /* of the enclosing list, while mapped */
  gulong value_changed_id;
  gulong changed_id;
};

G_DEFINE_FINAL_TYPE (TdbgCell, tdbg_cell, GTK_TYPE_WIDGET)

static int
line_height (TdbgCell *self)
{
  if (self->line_height == 0)
    {
      PangoLayout *probe = pango_layout_new (gtk_widget_get_pango_context (GTK_WIDGET (self)));
      int height;

      pango_layout_set_text (probe, "Ag", -1);
      pango_layout_get_pixel_size (probe, NULL, &height);
      g_object_unref (probe);
      self->line_height = MAX (height, 1);
    }
  return self->line_height;
}

/* The font may have changed: measure the line again (GTK queues the resize itself). */
static void
tdbg_cell_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (tdbg_cell_parent_class)->css_changed (widget, change);
  TDBG_CELL (widget)->line_height = 0;
}

static void
tdbg_cell_system_setting_changed (GtkWidget *widget, GtkSystemSetting setting)
{
  GTK_WIDGET_CLASS (tdbg_cell_parent_class)->system_setting_changed (widget, setting);
  TDBG_CELL (widget)->line_height = 0;
}

static void
tdbg_cell_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                   int *minimum_baseline, int *natural_baseline)
{
  TdbgCell *self = TDBG_CELL (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 0;
  else
    *minimum = *natural = line_height (self);
}

/* Inside the visible area of the enclosing list view, give or take one line. */
static gboolean
in_view (TdbgCell *self, int height)
{
  GtkWidget *list = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_LIST_VIEW);
  graphene_point_t p;

  if (list == NULL || !gtk_widget_compute_point (GTK_WIDGET (self), list, &GRAPHENE_POINT_INIT (0, 0), &p))
    return TRUE;
  return p.y + 2 * height >= 0 && p.y - height <= gtk_widget_get_height (list);
}

static void
set_text_internal (TdbgCell *self, char *text, gboolean bad)
{
  gboolean changed = g_strcmp0 (self->text, text) != 0;

  if (changed)
    {
      g_free (self->text);
      self->text = text;
      if (self->layout)
        pango_layout_set_text (self->layout, text ? text : "", -1);
    }
  /* Invalidating cleared the name, also when the text comes back the same. */
  if (changed || (!self->labelled && self->text && *self->text))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      self->text ? self->text : "", -1);
      self->labelled = self->text && *self->text;
    }
  if (!changed)
    g_free (text);
  if (self->bad != bad)
    {
      self->bad = bad;
      g_clear_object (&self->layout);
    }
}

static void
ensure_text (TdbgCell *self)
{
  gboolean bad = FALSE;
  char *text;

  if (!self->stale)
    return;
  self->stale = FALSE;
  text = self->text_func ? self->text_func (self, &bad, self->text_data) : NULL;
  set_text_internal (self, text, bad);
}

static void
ensure_layout (TdbgCell *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  PangoAttrList *attrs;

  if (self->layout)
    {
      /* Follows font changes of the widget's context. */
      if (pango_context_get_serial (context) != self->layout_serial)
        {
          pango_layout_context_changed (self->layout);
          self->layout_serial = pango_context_get_serial (context);
        }
      return;
    }
  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->text);
  self->layout_serial = pango_context_get_serial (context);
  pango_layout_set_single_paragraph_mode (self->layout, TRUE);
  attrs = pango_attr_list_new ();
  if (self->numeric)
    pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  if (self->bad)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (self->layout, attrs);
  pango_attr_list_unref (attrs);
}

static gboolean
in_selected_row (GtkWidget *widget)
{
  for (guint i = 0; widget && i < 4; i++, widget = gtk_widget_get_parent (widget))
    if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_SELECTED)
      return TRUE;
  return FALSE;
}

static void
tdbg_cell_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TdbgCell *self = TDBG_CELL (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int text_width, text_height;
  GdkRGBA color;

  self->culled = FALSE;
  if (width <= 0 || (!self->stale && (self->text == NULL || self->text[0] == '\0')))
    return;
  if (!in_view (self, height))
    {
      self->culled = TRUE;
      return;
    }
  ensure_text (self);
  if (self->text == NULL || self->text[0] == '\0')
    return;
  ensure_layout (self);
  pango_layout_set_ellipsize (self->layout, self->ellipsize);
  pango_layout_set_width (self->layout, self->ellipsize == PANGO_ELLIPSIZE_NONE ? -1 : width * PANGO_SCALE);
  pango_layout_get_pixel_size (self->layout, &text_width, &text_height);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  if (self->bad && !in_selected_row (widget))
    {
      /* As the stylesheet's label.tdbg-bad; on a selected row, bold in the row's colour. */
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.878f, 0.106f, 0.141f, 0.18f },
                                 &GRAPHENE_RECT_INIT (0, 0, width, height));
      color = (GdkRGBA) { 0.647f, 0.114f, 0.176f, 1.0f };
    }
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (floorf ((float) MAX (width - text_width, 0) * self->xalign),
                                                          floorf ((float) (height - text_height) / 2)));
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

static void
scrolled_cb (GtkAdjustment *adjustment, TdbgCell *self)
{
  /* The list moved (or resized): a cell skipped while out of view may be in view now. */
  if (self->culled)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
disconnect_adjustment (TdbgCell *self)
{
  if (self->vadjustment == NULL)
    return;
  g_clear_signal_handler (&self->value_changed_id, self->vadjustment);
  g_clear_signal_handler (&self->changed_id, self->vadjustment);
  g_clear_object (&self->vadjustment);
}

static void
tdbg_cell_map (GtkWidget *widget)
{
  TdbgCell *self = TDBG_CELL (widget);
  GtkWidget *list = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW);

  GTK_WIDGET_CLASS (tdbg_cell_parent_class)->map (widget);
  disconnect_adjustment (self);
  if (list && gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list)))
    {
      self->vadjustment = g_object_ref (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list)));
      self->value_changed_id = g_signal_connect (self->vadjustment, "value-changed", G_CALLBACK (scrolled_cb), self);
      self->changed_id = g_signal_connect (self->vadjustment, "changed", G_CALLBACK (scrolled_cb), self);
    }
}

static void
tdbg_cell_unmap (GtkWidget *widget)
{
  disconnect_adjustment (TDBG_CELL (widget));
  GTK_WIDGET_CLASS (tdbg_cell_parent_class)->unmap (widget);
}

static void
tdbg_cell_dispose (GObject *object)
{
  TdbgCell *self = TDBG_CELL (object);

  disconnect_adjustment (self);
  g_clear_object (&self->layout);
  g_clear_pointer (&self->text, g_free);
  G_OBJECT_CLASS (tdbg_cell_parent_class)->dispose (object);
}

static void
tdbg_cell_class_init (TdbgCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_cell_dispose;
  widget_class->measure = tdbg_cell_measure;
  widget_class->snapshot = tdbg_cell_snapshot;
  widget_class->map = tdbg_cell_map;
  widget_class->unmap = tdbg_cell_unmap;
  widget_class->css_changed = tdbg_cell_css_changed;
  widget_class->system_setting_changed = tdbg_cell_system_setting_changed;
  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static gboolean query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                                  gpointer data);

static void
tdbg_cell_init (TdbgCell *self)
{
  /* Text that does not fit is cut with an ellipsis, and shown whole as the tooltip. */
  self->ellipsize = PANGO_ELLIPSIZE_END;
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

GtkWidget *
tdbg_cell_new (void)
{
  return g_object_new (TDBG_TYPE_CELL, NULL);
}

void
tdbg_cell_set_text (TdbgCell *self, const char *text)
{
  g_return_if_fail (TDBG_IS_CELL (self));
  self->stale = FALSE;
  /* Shaping waits for the next draw. */
  set_text_internal (self, g_strdup (text), FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
tdbg_cell_get_text (TdbgCell *self)
{
  g_return_val_if_fail (TDBG_IS_CELL (self), NULL);
  ensure_text (self);
  return self->text ? self->text : "";
}

void
tdbg_cell_set_text_func (TdbgCell *self, TdbgCellTextFunc func, gpointer user_data)
{
  self->text_func = func;
  self->text_data = user_data;
  tdbg_cell_invalidate (self);
}

void
tdbg_cell_invalidate (TdbgCell *self)
{
  self->stale = TRUE;
  /* What the cell showed before is no longer its name. */
  if (self->labelled)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
      self->labelled = FALSE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tdbg_cell_get_bad (TdbgCell *self)
{
  ensure_text (self);
  return self->bad;
}

/* The text as the tooltip: always, or when it is cut short. */
static gboolean
query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  TdbgCell *self = TDBG_CELL (widget);
  const char *text = tdbg_cell_get_text (self);

  if (*text == '\0')
    return FALSE;
  if (!self->tooltip_always && (self->layout == NULL || !pango_layout_is_ellipsized (self->layout)))
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
tdbg_cell_set_text_tooltip (TdbgCell *self, gboolean tooltip)
{
  self->tooltip_always = tooltip;
}

void
tdbg_cell_set_xalign (TdbgCell *self, float xalign)
{
  self->xalign = CLAMP (xalign, 0.0f, 1.0f);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_cell_set_ellipsize (TdbgCell *self, PangoEllipsizeMode mode)
{
  self->ellipsize = mode;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tdbg_cell_set_numeric (TdbgCell *self, gboolean numeric)
{
  self->numeric = numeric;
  g_clear_object (&self->layout);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tdbg_cell_get_culled (TdbgCell *self)
{
  return self->culled;
}

void
tdbg_cell_set_mark (TdbgCell *self, TdbgCellMark mark, gboolean on)
{
  if (((self->marks & mark) != 0) == (on != FALSE))
    return;
  self->marks ^= mark;
  if (on)
    gtk_widget_add_css_class (GTK_WIDGET (self), "tdbg-input-row");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "tdbg-input-row");
}

void
tdbg_cell_set_record (TdbgCell *self, guint record)
{
  self->record = record;
}

guint
tdbg_cell_get_record (TdbgCell *self)
{
  return self->record;
}
