/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-source-ops.h"

#include <string.h>

typedef struct {
  TdbgLineOps *entry;
  guint32 file;
} Place;

struct _TdbgSourceOps {
  GHashTable *files;       /* file index -> GHashTable (line -> TdbgLineOps *) */
  TdbgLogdir *logdir;      /* weak: compared, never dereferenced */
  GArray *placed;          /* per op looked at: its Place (entry NULL when it has none) */
  GByteArray *counted_bad; /* per op looked at: counted in its line's n_bad */
  GArray *pending;         /* guint32 ops whose place may still change (see is_final) */
  guint n_op_creations;    /* when the pending ones were last placed */
  guint n_stack_frames;
  guint n_source_files;
  guint64 n_placed;
};

static void
line_ops_free (gpointer data)
{
  TdbgLineOps *line = data;
  g_array_unref (line->ops);
  g_free (line);
}

/* Ops in a line stay in op order, as a build from scratch lists them. */
static TdbgLineOps *
add_op (TdbgSourceOps *self, guint32 file, gint line, guint32 op)
{
  GHashTable *lines = g_hash_table_lookup (self->files, GUINT_TO_POINTER (file));
  TdbgLineOps *entry;
  guint at;

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
  at = entry->ops->len;
  while (at > 0 && g_array_index (entry->ops, guint32, at - 1) > op)
    at--;
  g_array_insert_val (entry->ops, at, op);
  return entry;
}

static void
remove_op (TdbgSourceOps *self, guint32 file, TdbgLineOps *entry, guint32 op)
{
  for (guint i = 0; i < entry->ops->len; i++)
    if (g_array_index (entry->ops, guint32, i) == op)
      {
        g_array_remove_index (entry->ops, i);
        break;
      }
  if (self->counted_bad->data[op])
    entry->n_bad--;
  self->counted_bad->data[op] = FALSE;
  if (entry->ops->len == 0)
    g_hash_table_remove (g_hash_table_lookup (self->files, GUINT_TO_POINTER (file)), GINT_TO_POINTER (entry->line));
}

/* An op's place changes no more once it was created and all its frames are known with their
 * files (a frame still to come may be a user frame further in; a frame's file may come after
 * it). */
static gboolean
is_final (TdbgLogdir *logdir, const TdbgOp *op)
{
  g_autoptr(GPtrArray) frames = NULL;

  if (op->record_offset == G_MAXUINT64)
    return FALSE;
  if (op->stack_frame_ids == NULL || op->stack_frame_ids[0] == NULL)
    return TRUE;
  frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
  if (frames->len != g_strv_length (op->stack_frame_ids))
    return FALSE;
  if (tdbg_logdir_get_n_frames_waiting (logdir) > 0)
    for (guint i = 0; i < frames->len; i++)
      if (((const TdbgStackFrame *) g_ptr_array_index (frames, i))->source_file == TDBG_NONE)
        return FALSE;
  return TRUE;
}

/* Puts @i on its line (again: from where it was). TRUE when it may move later. */
static gboolean
place (TdbgSourceOps *self, TdbgLogdir *logdir, guint32 i)
{
  const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
  Place *at = &g_array_index (self->placed, Place, i);
  const TdbgStackFrame *frame = NULL;

  if (at->entry)
    remove_op (self, at->file, at->entry, i);
  at->entry = NULL;
  if (op->record_offset != G_MAXUINT64 && op->stack_frame_ids && op->stack_frame_ids[0])
    frame = tdbg_logdir_get_op_user_frame (logdir, op);
  self->n_placed++;
  if (frame && frame->source_file != TDBG_NONE && frame->line > 0)
    *at = (Place) { add_op (self, frame->source_file, frame->line, i), frame->source_file };
  return !is_final (logdir, op);
}

/* Ops' NaN/∞ only ever appear: each op is counted once, when its line is known. */
static gboolean
count_bad (TdbgSourceOps *self, TdbgLogdir *logdir)
{
  gboolean changed = FALSE;

  for (guint i = 0; i < self->placed->len; i++)
    {
      TdbgLineOps *entry = g_array_index (self->placed, Place, i).entry;
      if (entry == NULL || self->counted_bad->data[i] || tdbg_logdir_get_op (logdir, i)->first_inf_nan_trace == TDBG_NONE)
        continue;
      entry->n_bad++;
      self->counted_bad->data[i] = TRUE;
      changed = TRUE;
    }
  return changed;
}

static void
reset (TdbgSourceOps *self, TdbgLogdir *logdir)
{
  g_hash_table_remove_all (self->files);
  g_array_set_size (self->placed, 0);
  g_byte_array_set_size (self->counted_bad, 0);
  g_array_set_size (self->pending, 0);
  self->n_op_creations = self->n_stack_frames = self->n_source_files = 0;
  self->logdir = logdir;
}

gboolean
tdbg_source_ops_update (TdbgSourceOps *self, TdbgLogdir *logdir)
{
  guint n_ops = tdbg_logdir_get_n_ops (logdir), looked = self->placed->len;
  gboolean changed = FALSE;

  if (logdir != self->logdir || n_ops < looked)
    {
      reset (self, logdir);
      looked = 0;
      changed = TRUE;
    }
  /* Ops waiting for their creation, frames or source files: placed again once any grew. */
  if (self->pending->len && (tdbg_logdir_get_n_op_creations (logdir) != self->n_op_creations ||
                             tdbg_logdir_get_n_stack_frames (logdir) != self->n_stack_frames ||
                             tdbg_logdir_get_n_source_files (logdir) != self->n_source_files))
    {
      g_autoptr(GArray) again = g_steal_pointer (&self->pending);
      self->pending = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint k = 0; k < again->len; k++)
        {
          guint32 i = g_array_index (again, guint32, k);
          if (place (self, logdir, i))
            g_array_append_val (self->pending, i);
        }
      changed = TRUE;
    }
  g_array_set_size (self->placed, n_ops);
  g_byte_array_set_size (self->counted_bad, n_ops);
  for (guint32 i = looked; i < n_ops; i++)
    {
      g_array_index (self->placed, Place, i) = (Place) { NULL, TDBG_NONE };
      self->counted_bad->data[i] = FALSE;
      if (place (self, logdir, i))
        g_array_append_val (self->pending, i);
    }
  changed |= looked != n_ops;
  changed |= count_bad (self, logdir);
  changed |= tdbg_logdir_get_n_source_files (logdir) != self->n_source_files;
  self->n_op_creations = tdbg_logdir_get_n_op_creations (logdir);
  self->n_stack_frames = tdbg_logdir_get_n_stack_frames (logdir);
  self->n_source_files = tdbg_logdir_get_n_source_files (logdir);
  return changed;
}

guint64
tdbg_source_ops_get_n_placed (TdbgSourceOps *self)
{
  return self->n_placed;
}

TdbgSourceOps *
tdbg_source_ops_new (TdbgLogdir *logdir)
{
  TdbgSourceOps *self = g_new0 (TdbgSourceOps, 1);

  self->files = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_hash_table_unref);
  self->placed = g_array_new (FALSE, FALSE, sizeof (Place));
  self->counted_bad = g_byte_array_new ();
  self->pending = g_array_new (FALSE, FALSE, sizeof (guint32));
  tdbg_source_ops_update (self, logdir);
  return self;
}

void
tdbg_source_ops_free (TdbgSourceOps *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->files);
  g_array_unref (self->placed);
  g_byte_array_unref (self->counted_bad);
  g_array_unref (self->pending);
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
