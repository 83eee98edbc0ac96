/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The small files of a logdir, record by record: source files (read straight from the wire),
 * stack frames, graphs, op creations and devices, into the index. tdbg-logdir-load.c scans
 * them and links what they name. */

#include "tdbg-logdir-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-wire.h"

gboolean
tdbg_stack_path_is_library (const char *path)
{
  return path != NULL && (strstr (path, "/site-packages/") != NULL || strstr (path, "/dist-packages/") != NULL);
}

/* The source files @file_set has read so far: file_index -> source file index. */
static GArray *
set_sources (TdbgLogdir *self, guint file_set)
{
  while (self->set_sources->len <= file_set)
    g_ptr_array_add (self->set_sources, g_array_new (FALSE, FALSE, sizeof (guint32)));
  return g_ptr_array_index (self->set_sources, file_set);
}

/* Gives @frame the source file at @file_index of @file_set. */
static void
resolve_frame_file (TdbgLogdir *self, TdbgStackFrame *frame, guint file_set, guint file_index)
{
  frame->source_file = g_array_index (set_sources (self, file_set), guint32, file_index);
  frame->file_path = g_strdup (((TdbgSourceFile *) g_ptr_array_index (self->source_files, frame->source_file))->file_path);
  frame->is_library = tdbg_stack_path_is_library (frame->file_path);
}

/* The frames that waited for the source file just read by @file_set. */
static void
resolve_waiting_frames (TdbgLogdir *self, guint file_set)
{
  guint file_index = set_sources (self, file_set)->len - 1;

  for (guint i = self->frames_waiting->len; i-- > 0;)
    {
      TdbgWaitingFrame *w = &g_array_index (self->frames_waiting, TdbgWaitingFrame, i);
      if (w->file_set != file_set || w->file_index != file_index)
        continue;
      resolve_frame_file (self, w->frame, file_set, file_index);
      g_array_remove_index_fast (self->frames_waiting, i);
    }
}

typedef struct {
  const char *data;
  gsize length;
} LineText;

/* A source file's lines in one block: the NULL-terminated array of pointers, then the text of
 * every line, each ended by a NUL. TensorFlow records the whole of every file a frame names (a
 * few MB, a hundred thousand lines): two allocations a file rather than two a line. Freed
 * with g_free(). */
static char **
lines_block_new (const LineText *texts, gsize n)
{
  gsize bytes = (n + 1) * sizeof (char *);
  char **lines;
  char *text;

  for (gsize i = 0; i < n; i++)
    bytes += texts[i].length + 1;
  lines = g_malloc (bytes);
  text = (char *) (lines + n + 1);
  for (gsize i = 0; i < n; i++)
    {
      lines[i] = text;
      memcpy (text, texts[i].data, texts[i].length);
      text += texts[i].length;
      *text++ = '\0';
    }
  lines[n] = NULL;
  return lines;
}

static void
add_source_file (TdbgLogdir *self, guint file_set, LineText path, LineText host, const LineText *lines,
                 gsize n_lines)
{
  TdbgSourceFile *sf = g_new0 (TdbgSourceFile, 1);
  guint32 index = self->source_files->len;

  sf->file_path = g_strndup (path.data, path.length);
  sf->host_name = g_strndup (host.data, host.length);
  sf->n_lines = n_lines;
  sf->lines = lines_block_new (lines, n_lines);
  g_ptr_array_add (self->source_files, sf);
  g_array_append_val (set_sources (self, file_set), index);
  if (self->frames_waiting->len > 0)
    resolve_waiting_frames (self, file_set);
}

static LineText
line_text (const char *text)
{
  return (LineText) { text ? text : "", text ? strlen (text) : 0 };
}

static void
add_unpacked_source_file (TdbgLogdir *self, guint file_set, Tensorflow__SourceFile *msg)
{
  g_autofree LineText *lines = g_new (LineText, MAX (msg->n_lines, 1));

  for (gsize i = 0; i < msg->n_lines; i++)
    lines[i] = line_text (msg->lines[i]);
  add_source_file (self, file_set, line_text (msg->file_path), line_text (msg->host_name), lines, msg->n_lines);
}

/* A DebugEvent holding a SourceFile and nothing unexpected, read straight from the wire: no
 * allocation per line. FALSE for anything else (another event, a field out of place, a
 * malformed message), which the general path then unpacks and judges. */
static gboolean
add_wire_source_file (TdbgLogdir *self, guint file_set, const TdbgRecord *record)
{
  g_autoptr(GArray) lines = NULL;
  const guint8 *message = NULL;
  gsize message_length = 0;
  LineText path = { "", 0 }, host = { "", 0 };
  TdbgWire w;
  TdbgWireField f;

  tdbg_wire_init (&w, record->data, record->length);
  while (tdbg_wire_next (&w, &f))
    {
      if (f.number == 4 && f.wire_type == 2 && message == NULL)
        {
          message = f.data;
          message_length = f.length;
        }
      /* wall_time (a double) and step (a varint) are not kept */
      else if (!(f.number == 1 && f.wire_type == 1) && !(f.number == 2 && f.wire_type == 0))
        return FALSE;
    }
  if (w.failed || message == NULL)
    return FALSE;
  lines = g_array_new (FALSE, FALSE, sizeof (LineText));
  tdbg_wire_init (&w, message, message_length);
  while (tdbg_wire_next (&w, &f))
    {
      LineText text = { (const char *) f.data, f.length };
      if (f.number > 3)
        continue;  /* a field of a later SourceFile: skipped, as an unpacker skips it */
      if (f.wire_type != 2)
        return FALSE;
      if (f.number == 1)
        path = text;
      else if (f.number == 2)
        host = text;
      else
        g_array_append_val (lines, text);
    }
  if (w.failed)
    return FALSE;
  add_source_file (self, file_set, path, host, (const LineText *) lines->data, lines->len);
  return TRUE;
}

static void
add_stack_frame (TdbgLogdir *self, guint file_set, const char *file_name, guint64 offset,
                 Tensorflow__StackFrameWithId *msg)
{
  TdbgStackFrame *frame;
  Tensorflow__FileLineCol *flc = msg->file_line_col;

  if (msg->id == NULL || g_hash_table_contains (self->frame_index, msg->id))
    {
      tdbg_logdir_add_problem (self, file_name, offset, _("stack frame without an id, or with an id already seen; skipped"));
      return;
    }
  frame = g_new0 (TdbgStackFrame, 1);
  frame->id = g_strdup (msg->id);
  frame->source_file = TDBG_NONE;
  if (flc != NULL)
    {
      frame->line = flc->line;
      frame->func = g_strdup (flc->func);
      if (flc->file_index >= 0 && (guint) flc->file_index < set_sources (self, file_set)->len)
        resolve_frame_file (self, frame, file_set, flc->file_index);
      else if (flc->file_index >= 0)
        {
          TdbgWaitingFrame waiting = { frame, file_set, flc->file_index };
          g_array_append_val (self->frames_waiting, waiting);
        }
    }
  g_hash_table_insert (self->frame_index, frame->id, frame);
  self->n_frames++;
}

static guint32
add_graph (TdbgLogdir *self, const char *file_name, guint64 offset, Tensorflow__DebuggedGraph *msg)
{
  TdbgGraph *graph;
  guint32 index;

  if (msg->graph_id == NULL || tdbg_logdir_find_graph (self, msg->graph_id) != TDBG_NONE)
    {
      tdbg_logdir_add_problem (self, file_name, offset, _("graph without an id, or with an id already seen; skipped"));
      return TDBG_NONE;
    }
  graph = g_new0 (TdbgGraph, 1);
  graph->graph_id = g_strdup (msg->graph_id);
  graph->graph_name = msg->graph_name && *msg->graph_name ? g_strdup (msg->graph_name) : NULL;
  graph->outer = TDBG_NONE;
  graph->record_offset = offset;
  if (msg->original_graph_def.len > 0)
    graph->original_graph_def = g_bytes_new (msg->original_graph_def.data, msg->original_graph_def.len);
  index = self->graphs->len;
  g_ptr_array_add (self->graphs, graph);
  g_hash_table_insert (self->graph_index, tdbg_op_key_new (0, graph->graph_id), GUINT_TO_POINTER (index + 1));
  /* An outer graph is always written before its inner graphs, so it is known by now;
   * this also makes a looping chain impossible. */
  if (msg->outer_context_id && *msg->outer_context_id)
    graph->outer = tdbg_logdir_find_graph (self, msg->outer_context_id);
  return index;
}

static char **
copy_strv (char **strv, gsize n)
{
  char **copy = g_new0 (char *, n + 1);
  for (gsize i = 0; i < n; i++)
    copy[i] = g_strdup (strv[i]);
  return copy;
}

static void
add_op_creation (TdbgLogdir *self, guint file_set, const char *file_name, guint64 offset,
                 Tensorflow__GraphOpCreation *msg)
{
  guint32 graph = msg->graph_id ? tdbg_logdir_find_graph (self, msg->graph_id) : TDBG_NONE;
  const char *name = msg->op_name ? msg->op_name : "";
  guint32 index = tdbg_logdir_add_op (self, graph, name, strlen (name));
  TdbgOp *op;

  if (index == TDBG_NONE)
    return; /* past what the index can name: the load fails */
  op = g_ptr_array_index (self->ops, index);

  self->n_op_creations++;
  if (op->op_type != NULL)
    {
      tdbg_logdir_add_problem (self, file_name, offset, _("second creation of an op already created in this graph; ignored"));
      return;
    }
  op->op_type = g_strdup (msg->op_type ? msg->op_type : "");
  g_strfreev (op->input_names);
  op->input_names = copy_strv (msg->input_names, msg->n_input_names);
  op->num_outputs = msg->num_outputs > 0 ? msg->num_outputs : 0;
  op->n_output_tensor_ids = msg->n_output_tensor_ids;
  op->output_tensor_ids = g_memdup2 (msg->output_tensor_ids, sizeof (gint32) * msg->n_output_tensor_ids);
  if (msg->code_location != NULL)
    {
      g_strfreev (op->stack_frame_ids);
      op->stack_frame_ids = copy_strv (msg->code_location->stack_frame_ids, msg->code_location->n_stack_frame_ids);
      op->host_name = g_strdup (msg->code_location->host_name);
    }
  op->record_offset = offset;
  op->file_set = file_set;
  if (graph != TDBG_NONE)
    ((TdbgGraph *) g_ptr_array_index (self->graphs, graph))->n_ops++;
}

static void
add_device (TdbgLogdir *self, const TdbgFileSet *fs, Tensorflow__DebuggedDevice *msg)
{
  TdbgDevice *device = g_new0 (TdbgDevice, 1);
  device->device_id = msg->device_id;
  device->device_name = g_strdup (msg->device_name);
  device->host_name = g_strdup (fs->host_name);
  g_ptr_array_add (self->devices, device);
}

gboolean
_tdbg_logdir_small_record (const TdbgRecord *record, gpointer user_data)
{
  TdbgSmallScan *scan = user_data;
  TdbgLogdir *self = scan->self;
  Tensorflow__DebugEvent *event;
  gboolean expected = FALSE;

  if (scan->kind == TDBG_FILE_SOURCE_FILES && add_wire_source_file (self, scan->fs_index, record))
    return TRUE;
  event = _tdbg_logdir_unpack_event (self, scan->file_name, record);
  if (event == NULL)
    return TRUE;
  switch (event->what_case)
    {
    case TENSORFLOW__DEBUG_EVENT__WHAT_SOURCE_FILE:
      if ((expected = scan->kind == TDBG_FILE_SOURCE_FILES))
        add_unpacked_source_file (self, scan->fs_index, event->source_file);
      break;
    case TENSORFLOW__DEBUG_EVENT__WHAT_STACK_FRAME_WITH_ID:
      if ((expected = scan->kind == TDBG_FILE_STACK_FRAMES))
        add_stack_frame (self, scan->fs_index, scan->file_name, record->offset, event->stack_frame_with_id);
      break;
    case TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_GRAPH:
      if ((expected = scan->kind == TDBG_FILE_GRAPHS))
        add_graph (self, scan->file_name, record->offset, event->debugged_graph);
      break;
    case TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION:
      if ((expected = scan->kind == TDBG_FILE_GRAPHS))
        add_op_creation (self, scan->fs_index, scan->file_name, record->offset, event->graph_op_creation);
      break;
    case TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_DEVICE:
      if ((expected = scan->kind == TDBG_FILE_GRAPHS))
        add_device (self, scan->fs, event->debugged_device);
      break;
    default:
      break;
    }
  if (!expected)
    tdbg_logdir_add_problem (self, scan->file_name, record->offset, _("event of a kind that does not belong in this file; skipped"));
  tensorflow__debug_event__free_unpacked (event, NULL);
  return TRUE;
}
