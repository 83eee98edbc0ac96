/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-source-ops.h"

#include <string.h>

struct _TdbgSourceOps {
  GHashTable *files;   /* file index -> GHashTable (line -> TdbgLineOps *) */
};

static void
line_ops_free (gpointer data)
{
  TdbgLineOps *line = data;
  g_array_unref (line->ops);
  g_free (line);
}

static void
add_op (TdbgSourceOps *self, guint32 file, gint line, guint32 op, gboolean bad)
{
  GHashTable *lines = g_hash_table_lookup (self->files, GUINT_TO_POINTER (file));
  TdbgLineOps *entry;

  if (lines == NULL)
    {
      lines = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, line_ops_free);
      g_hash_table_insert (self->files, GUINT_TO_POINTER (file), lines);
    }
  entry = g_hash_table_lookup (lines, GINT_TO_POINTER (line));
  if (entry == NULL)
    {
      entry = g_new0 (TdbgLineOps, 1);
      entry->line = line;
      entry->ops = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_hash_table_insert (lines, GINT_TO_POINTER (line), entry);
    }
  g_array_append_val (entry->ops, op);
  entry->n_bad += bad;
}

TdbgSourceOps *
tdbg_source_ops_new (TdbgLogdir *logdir)
{
  TdbgSourceOps *self = g_new0 (TdbgSourceOps, 1);

  self->files = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_hash_table_unref);
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      const TdbgStackFrame *frame;

      if (op->record_offset == G_MAXUINT64 || op->stack_frame_ids[0] == NULL)
        continue;
      frame = tdbg_logdir_get_op_user_frame (logdir, op);
      if (frame && frame->source_file != TDBG_NONE && frame->line > 0)
        add_op (self, frame->source_file, frame->line, i, op->first_inf_nan_trace != TDBG_NONE);
    }
  return self;
}

void
tdbg_source_ops_free (TdbgSourceOps *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->files);
  g_free (self);
}

const TdbgLineOps *
tdbg_source_ops_get_line (TdbgSourceOps *self, guint32 file, gint line)
{
  GHashTable *lines = g_hash_table_lookup (self->files, GUINT_TO_POINTER (file));

  return lines ? g_hash_table_lookup (lines, GINT_TO_POINTER (line)) : NULL;
}

static gint
compare_lines (gconstpointer a, gconstpointer b)
{
  return (*(const TdbgLineOps **) a)->line - (*(const TdbgLineOps **) b)->line;
}

GPtrArray *
tdbg_source_ops_get_lines (TdbgSourceOps *self, guint32 file)
{
  GHashTable *lines = g_hash_table_lookup (self->files, GUINT_TO_POINTER (file));
  GPtrArray *sorted = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  if (lines == NULL)
    return sorted;
  g_hash_table_iter_init (&iter, lines);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (sorted, value);
  g_ptr_array_sort (sorted, compare_lines);
  return sorted;
}

static gint
compare_files (gconstpointer a, gconstpointer b, gpointer logdir)
{
  const TdbgFileOps *fa = a, *fb = b;

  if (fa->is_library != fb->is_library)
    return fa->is_library ? 1 : -1;
  return g_strcmp0 (tdbg_logdir_get_source_file (logdir, fa->file)->file_path,
                    tdbg_logdir_get_source_file (logdir, fb->file)->file_path);
}

GArray *
tdbg_source_ops_list_files (TdbgSourceOps *self, TdbgLogdir *logdir)
{
  GArray *files = g_array_new (FALSE, TRUE, sizeof (TdbgFileOps));

  for (guint32 f = 0; f < tdbg_logdir_get_n_source_files (logdir); f++)
    {
      g_autoptr(GPtrArray) lines = tdbg_source_ops_get_lines (self, f);
      TdbgFileOps entry = { f, 0, 0, tdbg_stack_path_is_library (tdbg_logdir_get_source_file (logdir, f)->file_path) };
      for (guint i = 0; i < lines->len; i++)
        {
          const TdbgLineOps *line = g_ptr_array_index (lines, i);
          entry.n_ops += line->ops->len;
          entry.n_bad += line->n_bad;
        }
      g_array_append_val (files, entry);
    }
  g_array_sort_with_data (files, compare_files, logdir);
  return files;
}
