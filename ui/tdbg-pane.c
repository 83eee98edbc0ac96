/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-pane.h"
#include "tdbg-palette.h"
#include "tdbg-ui.h"

typedef struct {
  TdbgSelection *selection;
  GSignalGroup *selection_signals;
  char *title;
  char *icon_name;
  GtkListView *list;                 /* the list whose selected row takes the focus, or NULL */
  GtkSingleSelection *list_model;
  GtkWidget *default_focus;          /* a template child, not owned */
  gboolean dark;
} TdbgPanePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TdbgPane, tdbg_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTION,
  PROP_LOGDIR,
  PROP_TITLE,
  PROP_ICON_NAME,
  PROP_DEFAULT_FOCUS,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void
selection_notify_cb (TdbgSelection *selection, GParamSpec *pspec, TdbgPane *self)
{
  TdbgPaneClass *klass = TDBG_PANE_GET_CLASS (self);

  if (g_str_equal (pspec->name, "logdir"))
    {
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOGDIR]);
      if (klass->logdir_loaded)
        klass->logdir_loaded (self, tdbg_selection_get_logdir (selection));
    }
  else if (klass->selection_changed)
    klass->selection_changed (self, selection, pspec);
}

static void
logdir_grew_cb (TdbgSelection *selection, const TdbgLogdirCounts *before, TdbgPane *self)
{
  TdbgPaneClass *klass = TDBG_PANE_GET_CLASS (self);

  if (klass->logdir_grew)
    klass->logdir_grew (self, tdbg_selection_get_logdir (selection), before);
}

void
tdbg_pane_set_selection (TdbgPane *self, TdbgSelection *selection)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);
  TdbgPaneClass *klass;

  g_return_if_fail (TDBG_IS_PANE (self));
  g_return_if_fail (selection == NULL || TDBG_IS_SELECTION (selection));

  klass = TDBG_PANE_GET_CLASS (self);
  if (g_set_object (&priv->selection, selection))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SELECTION]);
  g_signal_group_set_target (priv->selection_signals, selection);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOGDIR]);
  if (klass->logdir_loaded)
    klass->logdir_loaded (self, tdbg_pane_get_logdir (self));
}

TdbgSelection *
tdbg_pane_get_selection (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_val_if_fail (TDBG_IS_PANE (self), NULL);
  return priv->selection;
}

TdbgLogdir *
tdbg_pane_get_logdir (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_val_if_fail (TDBG_IS_PANE (self), NULL);
  return priv->selection ? tdbg_selection_get_logdir (priv->selection) : NULL;
}

static gboolean
replace_string (char **field, const char *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

const char *
tdbg_pane_get_title (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_val_if_fail (TDBG_IS_PANE (self), NULL);
  return priv->title;
}

void
tdbg_pane_set_title (TdbgPane *self, const char *title)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_if_fail (TDBG_IS_PANE (self));
  if (!replace_string (&priv->title, title))
    return;
  /* Screen readers announce the pane by its name when the focus enters it. */
  if (title)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TITLE]);
}

const char *
tdbg_pane_get_icon_name (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_val_if_fail (TDBG_IS_PANE (self), NULL);
  return priv->icon_name;
}

void
tdbg_pane_set_icon_name (TdbgPane *self, const char *icon_name)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_if_fail (TDBG_IS_PANE (self));
  if (replace_string (&priv->icon_name, icon_name))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICON_NAME]);
}

gboolean
tdbg_pane_get_dark (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_val_if_fail (TDBG_IS_PANE (self), FALSE);
  return priv->dark;
}

GtkSingleSelection *
tdbg_pane_set_list (TdbgPane *self, GtkListView *list, GListModel *rows, GCallback setup, GCallback bind,
                    GCallback unbind)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_return_val_if_fail (TDBG_IS_PANE (self), NULL);
  g_return_val_if_fail (priv->list == NULL, NULL);

  priv->list = list;
  priv->list_model = gtk_single_selection_new (rows);
  gtk_single_selection_set_autoselect (priv->list_model, FALSE);
  gtk_single_selection_set_can_unselect (priv->list_model, TRUE);
  g_signal_connect (factory, "setup", setup, self);
  g_signal_connect (factory, "bind", bind, self);
  if (unbind)
    g_signal_connect (factory, "unbind", unbind, self);
  gtk_list_view_set_factory (list, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (list, GTK_SELECTION_MODEL (priv->list_model));
  return priv->list_model;
}

static gboolean
scroll_when_laid_out (GtkWidget *list, GdkFrameClock *clock, gpointer data)
{
  if (gtk_widget_get_width (list) <= 0)
    return G_SOURCE_CONTINUE;
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", GPOINTER_TO_UINT (data) - 1);
  return G_SOURCE_REMOVE;
}

void
tdbg_pane_show_row (TdbgPane *self, guint position)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  g_return_if_fail (TDBG_IS_PANE (self));
  g_return_if_fail (priv->list != NULL);
  /* The pane's own handlers would take the change for the person's choice. */
  g_signal_handlers_block_matched (priv->list_model, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_single_selection_set_selected (priv->list_model, position);
  g_signal_handlers_unblock_matched (priv->list_model, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  if (position == GTK_INVALID_LIST_POSITION)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (priv->list)) && gtk_widget_get_width (GTK_WIDGET (priv->list)) > 0)
    gtk_widget_activate_action (GTK_WIDGET (priv->list), "list.scroll-to-item", "u", position);
  else
    /* GTK 4.8's list scrolls to an item by its row widget, which a list not laid out yet
     * (a pane just shown) does not have: once it is. */
    gtk_widget_add_tick_callback (GTK_WIDGET (priv->list), scroll_when_laid_out, GUINT_TO_POINTER (position + 1), NULL);
}

static void
collect_into (GtkWidget *widget, GPtrArray *panes)
{
  if (TDBG_IS_PANE (widget))
    {
      g_ptr_array_add (panes, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_into (child, panes);
}

GPtrArray *
tdbg_pane_collect (GtkWidget *root)
{
  GPtrArray *panes = g_ptr_array_new ();

  collect_into (root, panes);
  return panes;
}

/* Alt+N (the window's win.focus-pane): the selected row of the pane's list, else the pane's
 * default-focus widget, while on show; else the pane's first focusable widget. */
static gboolean
tdbg_pane_grab_focus (GtkWidget *widget)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (TDBG_PANE (widget));

  if (priv->list && gtk_widget_get_mapped (GTK_WIDGET (priv->list)) &&
      tdbg_ui_focus_list_row (GTK_WIDGET (priv->list), gtk_single_selection_get_selected (priv->list_model)))
    return TRUE;
  if (priv->default_focus && gtk_widget_get_mapped (priv->default_focus) &&
      gtk_widget_grab_focus (priv->default_focus))
    return TRUE;
  return gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
}

/* The keyboard focus moves through the children top to bottom, as in the vertical GtkBox
 * the panes once were (GTK keeps that logic private); the pane itself never takes it. */
static gboolean
tdbg_pane_focus (GtkWidget *widget, GtkDirectionType direction)
{
  gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP;
  GtkWidget *focus_child = gtk_widget_get_focus_child (widget);
  GtkWidget *child;

  if (focus_child && gtk_widget_child_focus (focus_child, direction))
    return TRUE;
  /* Children are stacked: none lies left or right of another. */
  if (focus_child && (direction == GTK_DIR_LEFT || direction == GTK_DIR_RIGHT))
    return FALSE;
  if (focus_child)
    child = backward ? gtk_widget_get_prev_sibling (focus_child) : gtk_widget_get_next_sibling (focus_child);
  else
    child = backward ? gtk_widget_get_last_child (widget) : gtk_widget_get_first_child (widget);
  for (; child; child = backward ? gtk_widget_get_prev_sibling (child) : gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_mapped (child) && gtk_widget_child_focus (child, direction))
      return TRUE;
  return FALSE;
}

static void
tdbg_pane_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  TdbgPane *self = TDBG_PANE (widget);
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);
  TdbgPaneClass *klass = TDBG_PANE_GET_CLASS (self);

  GTK_WIDGET_CLASS (tdbg_pane_parent_class)->css_changed (widget, change);
  /* The readable error, warning and success text colours follow the style. */
  tdbg_palette_update (widget);
  if (klass->dark_changed && tdbg_ui_update_dark (widget, &priv->dark))
    klass->dark_changed (self, priv->dark);
}

static void
tdbg_pane_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  TdbgPane *self = TDBG_PANE (object);
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  switch (id)
    {
    case PROP_SELECTION: g_value_set_object (value, tdbg_pane_get_selection (self)); break;
    case PROP_LOGDIR: g_value_set_object (value, tdbg_pane_get_logdir (self)); break;
    case PROP_TITLE: g_value_set_string (value, tdbg_pane_get_title (self)); break;
    case PROP_ICON_NAME: g_value_set_string (value, tdbg_pane_get_icon_name (self)); break;
    case PROP_DEFAULT_FOCUS: g_value_set_object (value, priv->default_focus); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_pane_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  TdbgPane *self = TDBG_PANE (object);
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  switch (id)
    {
    case PROP_SELECTION: tdbg_pane_set_selection (self, g_value_get_object (value)); break;
    case PROP_TITLE: tdbg_pane_set_title (self, g_value_get_string (value)); break;
    case PROP_ICON_NAME: tdbg_pane_set_icon_name (self, g_value_get_string (value)); break;
    case PROP_DEFAULT_FOCUS: priv->default_focus = g_value_get_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_pane_dispose (GObject *object)
{
  TdbgPane *self = TDBG_PANE (object);
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);
  GtkWidget *child;

  g_signal_group_set_target (priv->selection_signals, NULL);
  g_clear_object (&priv->selection);
  priv->list = NULL;
  priv->default_focus = NULL;
  g_clear_object (&priv->list_model);
  /* After the subclass's own dispose: every pane has a template, and its children outlive
   * what the subclass cleared. Then what the template left (children without an id). */
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tdbg_pane_parent_class)->dispose (object);
}

static void
tdbg_pane_finalize (GObject *object)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (TDBG_PANE (object));

  g_clear_object (&priv->selection_signals);
  g_free (priv->title);
  g_free (priv->icon_name);
  G_OBJECT_CLASS (tdbg_pane_parent_class)->finalize (object);
}

static void
tdbg_pane_class_init (TdbgPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tdbg_pane_get_property;
  object_class->set_property = tdbg_pane_set_property;
  object_class->dispose = tdbg_pane_dispose;
  object_class->finalize = tdbg_pane_finalize;
  widget_class->grab_focus = tdbg_pane_grab_focus;
  widget_class->focus = tdbg_pane_focus;
  widget_class->css_changed = tdbg_pane_css_changed;

  props[PROP_SELECTION] = g_param_spec_object ("selection", NULL, NULL, TDBG_TYPE_SELECTION, TDBG_PARAM_READWRITE);
  props[PROP_LOGDIR] = g_param_spec_object ("logdir", NULL, NULL, TDBG_TYPE_LOGDIR,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, TDBG_PARAM_READWRITE);
  props[PROP_ICON_NAME] = g_param_spec_string ("icon-name", NULL, NULL, NULL, TDBG_PARAM_READWRITE);
  /* The child Alt+N focuses when the pane has no list (set in the pane's template). */
  props[PROP_DEFAULT_FOCUS] = g_param_spec_object ("default-focus", NULL, NULL, GTK_TYPE_WIDGET,
                                                   G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* As the GtkBox the panes once were: same node name for the style sheet. */
  gtk_widget_class_set_css_name (widget_class, "box");
  gtk_widget_class_set_accessible_role (widget_class, TDBG_ACCESSIBLE_ROLE_PANEL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
tdbg_pane_init (TdbgPane *self)
{
  TdbgPanePrivate *priv = tdbg_pane_get_instance_private (self);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "vertical");
  gtk_widget_add_css_class (GTK_WIDGET (self), "tdbg-pane");
  priv->selection_signals = g_signal_group_new (TDBG_TYPE_SELECTION);
  g_signal_group_connect_object (priv->selection_signals, "notify", G_CALLBACK (selection_notify_cb), self, 0);
  g_signal_group_connect_object (priv->selection_signals, "logdir-grew", G_CALLBACK (logdir_grew_cb), self, 0);
}
