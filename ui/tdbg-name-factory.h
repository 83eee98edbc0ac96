/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Item factories for drop-downs of names (GtkStringList items) that must never widen the
 * window whatever is chosen: the chosen name is cut short to fit (the list that drops down
 * shows every name whole), and a name can be shown by
 * its short form (a device's "GPU:1") with the whole name in its tooltip, accessible
 * description and, in the list that drops down, beside it. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The short form of @name, newly allocated. */
typedef char *(*TdbgNameShortFunc) (const char *name);

/* A factory of labels for the drop-down's button (@in_list FALSE: one ellipsized line) or for
 * its list (@in_list TRUE). @shorten (NULL: names as they are) shortens every name but the
 * first item ("All …"). */
GtkListItemFactory *tdbg_name_factory_new (TdbgNameShortFunc shorten, gboolean in_list);
/* Gives @drop_down both factories, and its button the chosen name, whole, as its accessible
 * description. */
void tdbg_name_factory_apply (GtkDropDown *drop_down, TdbgNameShortFunc shorten);

/* The button's name by its short form (every item's, when @shorten is given) cut by
 * @ellipsize, at most @max_chars wide; the list's names whole. */
GtkListItemFactory *tdbg_name_factory_new_full (TdbgNameShortFunc shorten, gboolean in_list,
                                                PangoEllipsizeMode ellipsize, int max_chars);
void tdbg_name_factory_apply_full (GtkDropDown *drop_down, TdbgNameShortFunc shorten,
                                   PangoEllipsizeMode ellipsize, int max_chars);

G_END_DECLS
