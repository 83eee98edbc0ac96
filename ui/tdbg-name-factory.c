/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-name-factory.h"

/* Narrowest and widest a chosen name shows in the drop-down's button, in characters: "All
 * devices" and "GPU:1" whole, a long op type cut short. GTK sizes a label's widest by an
 * average character's width, which an op type in capitals ("CollectiveReduceV2", 18
 * characters) exceeds: the room for 22 keeps such a name whole. */
#define BUTTON_MIN_CHARS 8
#define BUTTON_MAX_CHARS 22

/* How the button cuts a name too long for it: at the end by default; a path or a chain of
 * graphs keeps its end ("…/model.py", "…cond_true_51 · 4 ops"). */
#define ELLIPSIZE_KEY "tdbg-ellipsize"
#define MAX_CHARS_KEY "tdbg-max-chars"

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer in_list)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
  gtk_box_append (GTK_BOX (box), name);
  if (in_list)
    {
      /* Whole: the list that drops down is as wide as its longest name (an ellipsized label
       * would let it shrink to the button's width and cut names in their middle). */
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_NONE);
      /* The whole name beside the short one: what tells hosts apart stays readable. */
      GtkWidget *full = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (full), 0.0f);
      gtk_widget_add_css_class (full, "dim-label");
      gtk_box_append (GTK_BOX (box), full);
    }
  else
    {
      int max_chars = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), MAX_CHARS_KEY));

      gtk_label_set_width_chars (GTK_LABEL (name), BUTTON_MIN_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (name), max_chars > 0 ? max_chars : BUTTON_MAX_CHARS);
      gtk_label_set_ellipsize (GTK_LABEL (name), GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), ELLIPSIZE_KEY)));
    }
  gtk_list_item_set_child (item, box);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer in_list)
{
  TdbgNameShortFunc shorten = g_object_get_data (G_OBJECT (factory), "tdbg-shorten");
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *name = gtk_widget_get_first_child (box);
  GtkWidget *full = gtk_widget_get_next_sibling (name);
  GtkStringObject *object = gtk_list_item_get_item (item);
  const char *text = object ? gtk_string_object_get_string (object) : "";
  gboolean whole = shorten == NULL ||
                   (gtk_list_item_get_position (item) == 0 && !g_object_get_data (G_OBJECT (factory), "tdbg-shorten-all"));
  g_autofree char *short_text = whole ? g_strdup (text) : shorten (text);
  gboolean differs = !g_str_equal (short_text, text);

  gtk_label_set_text (GTK_LABEL (name), short_text);
  gtk_widget_set_tooltip_text (box, differs || !in_list ? text : NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  if (full)
    {
      gtk_label_set_text (GTK_LABEL (full), differs ? text : "");
      gtk_widget_set_visible (full, differs);
    }
}

GtkListItemFactory *
tdbg_name_factory_new (TdbgNameShortFunc shorten, gboolean in_list)
{
  return tdbg_name_factory_new_full (shorten, in_list, PANGO_ELLIPSIZE_END, BUTTON_MAX_CHARS);
}

GtkListItemFactory *
tdbg_name_factory_new_full (TdbgNameShortFunc shorten, gboolean in_list, PangoEllipsizeMode ellipsize,
                            int max_chars)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_object_set_data (G_OBJECT (factory), "tdbg-shorten", shorten);
  g_object_set_data (G_OBJECT (factory), ELLIPSIZE_KEY, GINT_TO_POINTER (ellipsize));
  g_object_set_data (G_OBJECT (factory), MAX_CHARS_KEY, GINT_TO_POINTER (max_chars));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (in_list));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (in_list));
  return factory;
}

/* A screen reader hears the drop-down by its name ("Filter by host"), not by the label inside
 * it: the chosen item's whole name is its description, and its button's (which GTK 4.8 shows
 * on its own). */
static void
describe (GtkWidget *widget, const char *text)
{
  if (text && *text)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
describe_choice (GtkDropDown *drop_down)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop_down);
  const char *text = GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (item) : NULL;

  describe (GTK_WIDGET (drop_down), text);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      describe (child, text);
}

static void
apply (GtkDropDown *drop_down, GtkListItemFactory *button, GtkListItemFactory *list)
{
  gtk_drop_down_set_factory (drop_down, button);
  gtk_drop_down_set_list_factory (drop_down, list);
  g_signal_connect (drop_down, "notify::selected-item", G_CALLBACK (describe_choice), NULL);
  describe_choice (drop_down);
}

void
tdbg_name_factory_apply (GtkDropDown *drop_down, TdbgNameShortFunc shorten)
{
  g_autoptr(GtkListItemFactory) button = tdbg_name_factory_new (shorten, FALSE);
  g_autoptr(GtkListItemFactory) list = tdbg_name_factory_new (shorten, TRUE);

  apply (drop_down, button, list);
}

void
tdbg_name_factory_apply_full (GtkDropDown *drop_down, TdbgNameShortFunc shorten, PangoEllipsizeMode ellipsize,
                              int max_chars)
{
  g_autoptr(GtkListItemFactory) button = tdbg_name_factory_new_full (shorten, FALSE, ellipsize, max_chars);
  g_autoptr(GtkListItemFactory) list = tdbg_name_factory_new (NULL, TRUE);

  /* The button shows every item by its short form (the first too), the list whole. */
  g_object_set_data (G_OBJECT (button), "tdbg-shorten-all", GINT_TO_POINTER (shorten != NULL));
  apply (drop_down, button, list);
}
