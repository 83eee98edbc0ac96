/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-index-model.h"

struct _TdbgIndexModel {
  GObject parent_instance;
  guint n;
  GArray *indices;   /* NULL for the identity 0..n-1 */
  gboolean sorted;   /* the indices ascend (a filter's): found by bisection */
};

static GType
get_item_type (GListModel *model)
{
  return TDBG_TYPE_ROW;
}

static guint
get_n_items (GListModel *model)
{
  return TDBG_INDEX_MODEL (model)->n;
}

static gpointer
get_item (GListModel *model, guint position)
{
  TdbgIndexModel *self = TDBG_INDEX_MODEL (model);

  if (position >= self->n)
    return NULL;
  return tdbg_row_new (tdbg_index_model_get_record (self, position), 0);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgIndexModel, tdbg_index_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
tdbg_index_model_finalize (GObject *object)
{
  TdbgIndexModel *self = TDBG_INDEX_MODEL (object);

  g_clear_pointer (&self->indices, g_array_unref);
  G_OBJECT_CLASS (tdbg_index_model_parent_class)->finalize (object);
}

static void
tdbg_index_model_class_init (TdbgIndexModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_index_model_finalize;
}

static void
tdbg_index_model_init (TdbgIndexModel *self)
{
}

TdbgIndexModel *
tdbg_index_model_new (guint n_records)
{
  TdbgIndexModel *self = g_object_new (TDBG_TYPE_INDEX_MODEL, NULL);
  self->n = n_records;
  return self;
}

TdbgIndexModel *
tdbg_index_model_new_for_indices (GArray *indices)
{
  TdbgIndexModel *self = g_object_new (TDBG_TYPE_INDEX_MODEL, NULL);
  self->indices = indices;
  self->n = indices->len;
  self->sorted = TRUE;
  return self;
}

TdbgIndexModel *
tdbg_index_model_new_for_order (GArray *indices)
{
  TdbgIndexModel *self = tdbg_index_model_new_for_indices (indices);

  self->sorted = FALSE;
  return self;
}

static void
announce_appended (TdbgIndexModel *self, guint old_n)
{
  if (self->n > old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, self->n - old_n);
}

void
tdbg_index_model_grow (TdbgIndexModel *self, guint n_records)
{
  guint old_n = self->n;

  g_return_if_fail (self->indices == NULL);
  g_return_if_fail (n_records >= old_n);
  self->n = n_records;
  announce_appended (self, old_n);
}

void
tdbg_index_model_append_indices (TdbgIndexModel *self, GArray *more)
{
  guint old_n = self->n;

  g_return_if_fail (self->indices != NULL && self->sorted);
  g_array_append_vals (self->indices, more->data, more->len);
  self->n = self->indices->len;
  announce_appended (self, old_n);
}

gboolean
tdbg_index_model_is_identity (TdbgIndexModel *self)
{
  return self->indices == NULL;
}

guint
tdbg_index_model_get_record (TdbgIndexModel *self, guint position)
{
  g_return_val_if_fail (position < self->n, G_MAXUINT);
  return self->indices ? g_array_index (self->indices, guint32, position) : position;
}

guint
tdbg_index_model_find (TdbgIndexModel *self, guint record)
{
  guint lo = 0, hi;

  if (self->indices == NULL)
    return record < self->n ? record : G_MAXUINT;
  if (!self->sorted)
    {
      for (guint i = 0; i < self->n; i++)
        if (g_array_index (self->indices, guint32, i) == record)
          return i;
      return G_MAXUINT;
    }
  hi = self->indices->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 v = g_array_index (self->indices, guint32, mid);
      if (v == record)
        return mid;
      if (v < record)
        lo = mid + 1;
      else
        hi = mid;
    }
  return G_MAXUINT;
}
