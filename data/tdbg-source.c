/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-source.h"

G_DEFINE_INTERFACE (TdbgSource, tdbg_source, G_TYPE_OBJECT)

static void
tdbg_source_default_init (TdbgSourceInterface *iface)
{
}

GStrv
tdbg_source_list_files (TdbgSource *self, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (TDBG_IS_SOURCE (self), NULL);
  return TDBG_SOURCE_GET_IFACE (self)->list_files (self, cancellable, error);
}

gboolean
tdbg_source_get_size (TdbgSource *self, const char *name, guint64 *size,
                      GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (TDBG_IS_SOURCE (self), FALSE);
  return TDBG_SOURCE_GET_IFACE (self)->get_size (self, name, size, cancellable, error);
}

GBytes *
tdbg_source_read (TdbgSource *self, const char *name, guint64 offset, gsize length,
                  GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (TDBG_IS_SOURCE (self), NULL);
  return TDBG_SOURCE_GET_IFACE (self)->read (self, name, offset, length, cancellable, error);
}

void
tdbg_source_read_many (TdbgSource *self, TdbgSourceRead *reads, guint n_reads, GCancellable *cancellable)
{
  TdbgSourceInterface *iface;
  g_autofree TdbgSourceRead *asked = NULL;
  guint n_asked = 0;

  g_return_if_fail (TDBG_IS_SOURCE (self));
  iface = TDBG_SOURCE_GET_IFACE (self);
  /* A read of nothing is answered here: no source is asked for it. */
  asked = g_new (TdbgSourceRead, n_reads ? n_reads : 1);
  for (guint i = 0; i < n_reads; i++)
    if (reads[i].length > 0)
      asked[n_asked++] = reads[i];
    else
      reads[i].bytes = g_bytes_new (NULL, 0);
  if (iface->read_many)
    iface->read_many (self, asked, n_asked, cancellable);
  else
    for (guint i = 0; i < n_asked; i++)
      asked[i].bytes = iface->read (self, asked[i].name, asked[i].offset, asked[i].length, cancellable, &asked[i].error);
  for (guint i = 0, a = 0; i < n_reads; i++)
    if (reads[i].length > 0)
      reads[i] = asked[a++];
}

void
tdbg_source_read_clear (TdbgSourceRead *read)
{
  g_clear_pointer (&read->bytes, g_bytes_unref);
  g_clear_error (&read->error);
}

char *
tdbg_source_describe (TdbgSource *self)
{
  g_return_val_if_fail (TDBG_IS_SOURCE (self), NULL);
  return TDBG_SOURCE_GET_IFACE (self)->describe (self);
}

gboolean
tdbg_source_get_transfer (TdbgSource *self, guint64 *received, guint64 *expected)
{
  TdbgSourceInterface *iface;

  g_return_val_if_fail (TDBG_IS_SOURCE (self), FALSE);
  *received = *expected = 0;
  iface = TDBG_SOURCE_GET_IFACE (self);
  return iface->get_transfer != NULL && iface->get_transfer (self, received, expected);
}

GPtrArray *
tdbg_source_get_problems (TdbgSource *self)
{
  TdbgSourceInterface *iface;

  g_return_val_if_fail (TDBG_IS_SOURCE (self), NULL);
  iface = TDBG_SOURCE_GET_IFACE (self);
  return iface->get_problems ? iface->get_problems (self) : NULL;
}

gboolean
tdbg_source_can_reconnect (TdbgSource *self)
{
  g_return_val_if_fail (TDBG_IS_SOURCE (self), FALSE);
  return TDBG_SOURCE_GET_IFACE (self)->reconnect != NULL;
}

static void
reconnect_in_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  gboolean ok;

  if (cancellable)
    g_cancellable_push_current (cancellable);
  ok = TDBG_SOURCE_GET_IFACE (source_object)->reconnect (source_object, cancellable, &error);
  if (cancellable)
    g_cancellable_pop_current (cancellable);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tdbg_source_reconnect_async (TdbgSource *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (tdbg_source_can_reconnect (self));
  g_task_set_source_tag (task, tdbg_source_reconnect_async);
  g_task_run_in_thread (task, reconnect_in_thread);
}

gboolean
tdbg_source_reconnect_finish (TdbgSource *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
