/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A list row: a record index (trace, execution, alert, frame) materialised only when a list
 * widget asks a model for the item at some position. */

#include <glib-object.h>

G_BEGIN_DECLS

#define TDBG_TYPE_ROW (tdbg_row_get_type ())
G_DECLARE_FINAL_TYPE (TdbgRow, tdbg_row, TDBG, ROW, GObject)

TdbgRow *tdbg_row_new (guint index, gint extra);
guint tdbg_row_get_index (TdbgRow *self);
gint tdbg_row_get_extra (TdbgRow *self);   /* meaning depends on the model; 0 by default */

G_END_DECLS
