/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-row.h"

struct _TdbgRow {
  GObject parent_instance;
  guint index;
  gint extra;
};

G_DEFINE_FINAL_TYPE (TdbgRow, tdbg_row, G_TYPE_OBJECT)

static void tdbg_row_class_init (TdbgRowClass *klass) { }
static void tdbg_row_init (TdbgRow *self) { }

TdbgRow *
tdbg_row_new (guint index, gint extra)
{
  TdbgRow *self = g_object_new (TDBG_TYPE_ROW, NULL);
  self->index = index;
  self->extra = extra;
  return self;
}

guint tdbg_row_get_index (TdbgRow *self) { return self->index; }
gint tdbg_row_get_extra (TdbgRow *self) { return self->extra; }
