/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ui.h"

#include <locale.h>

#include "libtdbg-data.h"

void
tdbg_ui_pin_locale (void)
{
  static locale_t pinned;
  locale_t copy = duplocale (LC_GLOBAL_LOCALE);

  if (copy == (locale_t) 0)
    return;
  uselocale (copy);
  if (pinned != (locale_t) 0)
    freelocale (pinned);
  pinned = copy;
}

static gboolean
lazy_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "tdbg-lazy-tooltip");

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
tdbg_ui_set_lazy_tooltip (GtkWidget *widget, const char *text)
{
  if (g_object_get_data (G_OBJECT (widget), "tdbg-lazy-tooltip-handler") == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (lazy_tooltip_cb), NULL);
      g_object_set_data (G_OBJECT (widget), "tdbg-lazy-tooltip-handler", GINT_TO_POINTER (1));
      gtk_widget_set_has_tooltip (widget, TRUE);
    }
  g_object_set_data_full (G_OBJECT (widget), "tdbg-lazy-tooltip", g_strdup (text), g_free);
}

gboolean
tdbg_ui_widget_is_dark (GtkWidget *widget)
{
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  /* Relative luminance (Rec. 709 weights) of the text colour. */
  return 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
}

gboolean
tdbg_ui_update_dark (GtkWidget *widget, gboolean *dark)
{
  gboolean now = tdbg_ui_widget_is_dark (widget);

  if (now == *dark)
    return FALSE;
  *dark = now;
  return TRUE;
}

/* "_Open" → "Open", "a__b" → "a_b", "開く(_O)" → "開く". */
static char *
without_mnemonic (const char *label)
{
  g_autoptr(GRegex) suffix = g_regex_new ("\\(_[^)]\\)", 0, 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (suffix, label, -1, 0, "", 0, NULL);
  GString *out = g_string_new (NULL);

  for (const char *p = plain; *p; p++)
    {
      if (*p == '_' && p[1])
        p++;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

void
tdbg_ui_name_mnemonic_buttons (GtkWidget *root)
{
  const char *label = NULL;

  /* A button is also labelled by its label widget, which shows the text without the mark. */
  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (root))))
    gtk_accessible_reset_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else if (GTK_IS_CHECK_BUTTON (root) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (root)))
    label = gtk_check_button_get_label (GTK_CHECK_BUTTON (root));
  if (label)
    {
      g_autofree char *name = without_mnemonic (label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    tdbg_ui_name_mnemonic_buttons (child);
}

void
tdbg_ui_name_drop_down (GtkDropDown *drop_down, const char *label)
{
  /* The name sits on the button inside, which GTK 4.8 shows on its own and names the
   * drop-down after. Later GTK names a drop-down after its selected item unless another
   * widget labels it, which 4.8 would add to the name a second time: only there is the
   * drop-down labelled by its button. */
  gboolean needs_relation = gtk_get_major_version () > 4 || gtk_get_minor_version () > 8;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      {
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
        if (needs_relation)
          gtk_accessible_update_relation (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_RELATION_LABELLED_BY, child,
                                          NULL, -1);
      }
}

void
tdbg_ui_list_item_set_child (GtkListItem *item, GtkWidget *child)
{
  gtk_list_item_set_child (item, child);
  /* The item owns the child, so the pointer lives as long as the child. */
  g_object_set_data (G_OBJECT (child), "tdbg-list-item", item);
}

/* The GtkListItem remembered at or below @widget (a row: its child, or its cells' children). */
static GtkListItem *
remembered_item (GtkWidget *widget, guint depth)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (widget), "tdbg-list-item");

  for (GtkWidget *child = gtk_widget_get_first_child (widget); item == NULL && child && depth > 0;
       child = gtk_widget_get_next_sibling (child))
    item = remembered_item (child, depth - 1);
  return item;
}

gboolean
tdbg_ui_focus_list_row (GtkWidget *list, guint position)
{
  if (position == GTK_INVALID_LIST_POSITION)
    return gtk_widget_grab_focus (list);
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkListItem *item = remembered_item (row, 2);
      if (item && gtk_list_item_get_position (item) == position && gtk_widget_grab_focus (row))
        return TRUE;
    }
  return gtk_widget_grab_focus (list);
}

char *
tdbg_ui_format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

int
tdbg_ui_text_rows_height (GtkTextView *view, guint rows)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (view), "0");
  PangoRectangle line;

  /* The view lays out each line on its own, its height rounded to whole pixels (a 15.6 px line
   * takes 16, a 17.1 px one 17). */
  pango_layout_get_extents (layout, NULL, &line);
  return (int) rows * PANGO_PIXELS (line.height) + gtk_text_view_get_top_margin (view) +
         gtk_text_view_get_bottom_margin (view);
}

/* 1 + the position of @parent's child that has the focus, which is taken off it; 0 for none. */
static guint
release_focus (GtkWidget *parent)
{
  GtkRoot *root = gtk_widget_get_root (parent);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  guint position = 1;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, parent))
    return 0;
  gtk_root_set_focus (root, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (parent); child; child = gtk_widget_get_next_sibling (child))
    {
      if (child == focus || gtk_widget_is_ancestor (focus, child))
        return position;
      position++;
    }
  return 1;
}

guint
tdbg_ui_remove_children (GtkWidget *parent)
{
  guint released = release_focus (parent);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (parent)))
    if (GTK_IS_LIST_BOX (parent))
      gtk_list_box_remove (GTK_LIST_BOX (parent), child);
    else if (GTK_IS_GRID (parent))
      gtk_grid_remove (GTK_GRID (parent), child);
    else
      gtk_box_remove (GTK_BOX (parent), child);
  return released;
}

void
tdbg_ui_restore_focus (GtkWidget *parent, guint released)
{
  GtkWidget *child = gtk_widget_get_first_child (parent);

  if (released == 0 || child == NULL)
    return;
  for (guint i = 1; i < released && gtk_widget_get_next_sibling (child); i++)
    child = gtk_widget_get_next_sibling (child);
  for (; child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_child_focus (child, GTK_DIR_TAB_FORWARD))
      return;
}

const char *
tdbg_ui_location_icon_name (const char *location)
{
  return tdbg_location_text_is_remote (location) ? "network-server-symbolic" : "folder-symbolic";
}
