/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Binding a GtkBuilder template's children and callbacks in class_init, each name once:
 *
 *   TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgCauseCard,
 *                                toggle, arrow, body);
 *   TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, origin_clicked_cb, toggled_cb);
 *
 * is the same as writing out
 *
 *   gtk_widget_class_bind_template_child (widget_class, TdbgCauseCard, toggle);
 *   gtk_widget_class_bind_template_child (widget_class, TdbgCauseCard, arrow);
 *   gtk_widget_class_bind_template_child (widget_class, TdbgCauseCard, body);
 *   gtk_widget_class_bind_template_callback (widget_class, origin_clicked_cb);
 *   gtk_widget_class_bind_template_callback (widget_class, toggled_cb);
 *
 * Up to 24 names a call; a 25th is a compile error (TDBG_TEMPLATE_EACH_<name> is not
 * defined): split the list over two calls. */

#include <gtk/gtk.h>

#define TDBG_BIND_TEMPLATE_CHILDREN(widget_class, TypeName, ...) \
  G_STMT_START { TDBG_TEMPLATE_FOREACH_ (TDBG_TEMPLATE_CHILD_, widget_class, TypeName, __VA_ARGS__) } G_STMT_END

#define TDBG_BIND_TEMPLATE_CALLBACKS(widget_class, ...) \
  G_STMT_START { TDBG_TEMPLATE_FOREACH_ (TDBG_TEMPLATE_CALLBACK_, widget_class, 0, __VA_ARGS__) } G_STMT_END

/* What the two do with one name. */
#define TDBG_TEMPLATE_CHILD_(widget_class, TypeName, name) \
  gtk_widget_class_bind_template_child (widget_class, TypeName, name);
#define TDBG_TEMPLATE_CALLBACK_(widget_class, unused, name) \
  gtk_widget_class_bind_template_callback (widget_class, name);

/* FOREACH: counts the names, then calls TDBG_TEMPLATE_EACH_<count>, which applies the action to
 * its first name and hands the rest to TDBG_TEMPLATE_EACH_<count - 1>. */
#define TDBG_TEMPLATE_FOREACH_(action, widget_class, TypeName, ...) \
  TDBG_TEMPLATE_PASTE_ (TDBG_TEMPLATE_EACH_, TDBG_TEMPLATE_COUNT_ (__VA_ARGS__)) \
  (action, widget_class, TypeName, __VA_ARGS__)
#define TDBG_TEMPLATE_PASTE_(a, b) TDBG_TEMPLATE_PASTE2_ (a, b)
#define TDBG_TEMPLATE_PASTE2_(a, b) a##b
#define TDBG_TEMPLATE_COUNT_(...) \
  TDBG_TEMPLATE_25TH_ (__VA_ARGS__, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, \
                       9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TDBG_TEMPLATE_25TH_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
                            _16, _17, _18, _19, _20, _21, _22, _23, _24, n, ...) n

#define TDBG_TEMPLATE_EACH_1(f, c, t, x) f (c, t, x)
#define TDBG_TEMPLATE_EACH_2(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_1 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_3(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_2 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_4(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_3 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_5(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_4 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_6(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_5 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_7(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_6 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_8(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_7 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_9(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_8 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_10(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_9 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_11(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_10 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_12(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_11 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_13(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_12 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_14(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_13 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_15(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_14 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_16(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_15 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_17(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_16 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_18(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_17 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_19(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_18 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_20(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_19 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_21(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_20 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_22(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_21 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_23(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_22 (f, c, t, __VA_ARGS__)
#define TDBG_TEMPLATE_EACH_24(f, c, t, x, ...) f (c, t, x) TDBG_TEMPLATE_EACH_23 (f, c, t, __VA_ARGS__)
