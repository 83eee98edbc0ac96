/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A GListModel of TdbgRow over record indices: either all of 0..n-1, a sorted array of
 * matching indices (a filter result), or indices in any order (the rows sorted by a column). Holds no per-record object: rows are created in
 * get_item() only. */

#include <gio/gio.h>
#include "tdbg-row.h"

G_BEGIN_DECLS

#define TDBG_TYPE_INDEX_MODEL (tdbg_index_model_get_type ())
G_DECLARE_FINAL_TYPE (TdbgIndexModel, tdbg_index_model, TDBG, INDEX_MODEL, GObject)

TdbgIndexModel *tdbg_index_model_new (guint n_records);
/* Takes @indices (guint32, ascending). */
TdbgIndexModel *tdbg_index_model_new_for_indices (GArray *indices);
/* Takes @indices (guint32) in the order given. */
TdbgIndexModel *tdbg_index_model_new_for_order (GArray *indices);

/* A logdir grew: the identity model takes records up to @n_records; a model of ascending
 * indices takes @more (ascending, all above its last). Only the appended range is announced, so
 * views keep their selection and scroll position. */
void tdbg_index_model_grow (TdbgIndexModel *self, guint n_records);
void tdbg_index_model_append_indices (TdbgIndexModel *self, GArray *more);
/* Whether the model lists every record (no filter). */
gboolean tdbg_index_model_is_identity (TdbgIndexModel *self);

guint tdbg_index_model_get_record (TdbgIndexModel *self, guint position);
/* Position of @record, or GTK_INVALID_LIST_POSITION (G_MAXUINT) when it is not in the model. */
guint tdbg_index_model_find (TdbgIndexModel *self, guint record);

G_END_DECLS
