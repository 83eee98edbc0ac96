/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A bin for a wrapping label whose width must never follow the height it is offered. GTK lays
 * a paned's children out width-for-height as well: a wrapping label offered its height on one
 * line asks the width of its text on one line, gets it, keeps that one line, and the panes
 * around it stay wider than the window from then on. In this bin the child asks the same
 * width whatever the height (its least: one word a line), and its height follows the width it
 * is given. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_WRAP_BIN (tdbg_wrap_bin_get_type ())
G_DECLARE_FINAL_TYPE (TdbgWrapBin, tdbg_wrap_bin, TDBG, WRAP_BIN, GtkWidget)

/* A bin holding @child. */
GtkWidget *tdbg_wrap_bin_new (GtkWidget *child);
GtkWidget *tdbg_wrap_bin_get_child (TdbgWrapBin *self);

G_END_DECLS
