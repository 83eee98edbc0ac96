/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-fixture-writer.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tdbg-error.h"
#include "tdbg-records.h"

struct _TdbgFixtureWriter {
  char *prefix;
  char *paths[TDBG_N_FILE_KINDS];
  FILE *files[TDBG_N_FILE_KINDS];
  char *host_name;
  GRand *rand;              /* ids are random-looking but repeat from run to run */
  GHashTable *frame_ids;    /* "file_index:line:func" -> id */
  gint n_source_files;
  GByteArray *payload;
  GByteArray *record;
  gsize cut[TDBG_N_FILE_KINDS];          /* of the next record; 0: write it whole */
  GByteArray *rest[TDBG_N_FILE_KINDS];   /* of a record cut short, still to write */
};

char *
tdbg_fixture_writer_get_path (TdbgFixtureWriter *w, TdbgFileKind kind)
{
  return g_strdup (w->paths[kind]);
}

const char *
tdbg_fixture_writer_get_prefix (TdbgFixtureWriter *w)
{
  return w->prefix;
}

static gboolean
io_error (TdbgFixtureWriter *w, TdbgFileKind kind, GError **error)
{
  int saved = errno;
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("Cannot write %s: %s"), w->paths[kind], g_strerror (saved));
  return FALSE;
}

static gboolean
write_bytes (TdbgFixtureWriter *w, TdbgFileKind kind, const guint8 *bytes, gsize length, GError **error)
{
  if (length > 0 && fwrite (bytes, 1, length, w->files[kind]) != length)
    return io_error (w, kind, error);
  return TRUE;
}

gboolean
tdbg_fixture_writer_finish_record (TdbgFixtureWriter *w, TdbgFileKind kind, GError **error)
{
  g_autoptr(GByteArray) rest = g_steal_pointer (&w->rest[kind]);

  return rest == NULL || write_bytes (w, kind, rest->data, rest->len, error);
}

gboolean
tdbg_fixture_writer_write_raw (TdbgFixtureWriter *w, TdbgFileKind kind, const guint8 *bytes, gsize length, GError **error)
{
  return tdbg_fixture_writer_finish_record (w, kind, error) && write_bytes (w, kind, bytes, length, error);
}

void
tdbg_fixture_writer_cut_next (TdbgFixtureWriter *w, TdbgFileKind kind, gsize cut)
{
  w->cut[kind] = cut;
}

gboolean
tdbg_fixture_writer_write_event (TdbgFixtureWriter *w, TdbgFileKind kind, const Tensorflow__DebugEvent *event, GError **error)
{
  gsize length = tensorflow__debug_event__get_packed_size (event);

  g_byte_array_set_size (w->payload, length);
  tensorflow__debug_event__pack (event, w->payload->data);
  g_byte_array_set_size (w->record, 0);
  tdbg_record_encode (w->record, w->payload->data, length);
  if (w->cut[kind] > 0)
    {
      gsize cut = MIN (w->cut[kind], w->record->len - 1);

      w->cut[kind] = 0;
      if (!tdbg_fixture_writer_write_raw (w, kind, w->record->data, cut, error))
        return FALSE;
      w->rest[kind] = g_byte_array_new ();
      g_byte_array_append (w->rest[kind], w->record->data + cut, w->record->len - cut);
      return TRUE;
    }
  return tdbg_fixture_writer_write_raw (w, kind, w->record->data, w->record->len, error);
}

gboolean
tdbg_fixture_writer_flush (TdbgFixtureWriter *w, GError **error)
{
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    if (fflush (w->files[k]) != 0)
      return io_error (w, k, error);
  return TRUE;
}

void
tdbg_fixture_writer_free (TdbgFixtureWriter *w)
{
  if (w == NULL)
    return;
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    {
      g_clear_pointer (&w->rest[k], g_byte_array_unref);
      if (w->files[k])
        fclose (w->files[k]);
      g_free (w->paths[k]);
    }
  g_free (w->prefix);
  g_free (w->host_name);
  g_rand_free (w->rand);
  g_hash_table_unref (w->frame_ids);
  g_byte_array_unref (w->payload);
  g_byte_array_unref (w->record);
  g_free (w);
}

TdbgFixtureWriter *
tdbg_fixture_writer_new (const char *logdir, const char *host_name, gint64 timestamp, double metadata_wall_time,
                         const char *run_id, const char *tensorflow_version, GError **error)
{
  /* TensorFlow creates these four first, then the metadata, then the two buffered files. */
  static const TdbgFileKind order[] = {
    TDBG_FILE_SOURCE_FILES, TDBG_FILE_STACK_FRAMES, TDBG_FILE_GRAPHS, TDBG_FILE_METADATA,
    TDBG_FILE_EXECUTION, TDBG_FILE_GRAPH_EXECUTION_TRACES,
  };
  g_autoptr(TdbgFixtureWriter) w = g_new0 (TdbgFixtureWriter, 1);
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__DebugMetadata metadata = TENSORFLOW__DEBUG_METADATA__INIT;

  w->prefix = g_strdup_printf ("tfdbg_events.%010" PRId64 ".%s", timestamp, host_name);
  w->host_name = g_strdup (host_name);
  w->rand = g_rand_new_with_seed ((guint32) (g_str_hash (host_name) ^ (guint32) timestamp));
  w->frame_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  w->payload = g_byte_array_new ();
  w->record = g_byte_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      TdbgFileKind k = order[i];
      g_autofree char *name = g_strconcat (w->prefix, ".", tdbg_file_kind_suffix (k), NULL);
      w->paths[k] = g_build_filename (logdir, name, NULL);
      w->files[k] = fopen (w->paths[k], "wb");
      if (w->files[k] == NULL)
        {
          io_error (w, k, error);
          return NULL;
        }
    }
  metadata.tensorflow_version = (char *) tensorflow_version;
  metadata.file_version = (char *) "debug.Event:1";
  metadata.tfdbg_run_id = (char *) (run_id ? run_id : "");
  event.wall_time = metadata_wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUG_METADATA;
  event.debug_metadata = &metadata;
  if (!tdbg_fixture_writer_write_event (w, TDBG_FILE_METADATA, &event, error) ||
      !tdbg_fixture_writer_flush (w, error))
    return NULL;
  return g_steal_pointer (&w);
}

static char *
new_uuid (TdbgFixtureWriter *w)
{
  guint32 r[4];
  for (guint i = 0; i < 4; i++)
    r[i] = g_rand_int (w->rand);
  return g_strdup_printf ("%08x-%04x-4%03x-%04x-%04x%08x", r[0], r[1] >> 16, r[1] & 0xfff,
                          0x8000 | (r[2] >> 18), r[2] & 0xffff, r[3]);
}

gint
tdbg_fixture_writer_add_source_file (TdbgFixtureWriter *w, double wall_time, const char *file_path,
                                     const char *const *lines, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__SourceFile source = TENSORFLOW__SOURCE_FILE__INIT;

  source.file_path = (char *) file_path;
  source.host_name = w->host_name;
  source.n_lines = lines ? g_strv_length ((char **) lines) : 0;
  source.lines = (char **) lines;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_SOURCE_FILE;
  event.source_file = &source;
  if (!tdbg_fixture_writer_write_event (w, TDBG_FILE_SOURCE_FILES, &event, error))
    return -1;
  return w->n_source_files++;
}

const char *
tdbg_fixture_writer_add_stack_frame (TdbgFixtureWriter *w, double wall_time, gint file_index, gint line,
                                     const char *func, GError **error)
{
  g_autofree char *key = g_strdup_printf ("%d:%d:%s", file_index, line, func);
  const char *existing = g_hash_table_lookup (w->frame_ids, key);
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__StackFrameWithId frame = TENSORFLOW__STACK_FRAME_WITH_ID__INIT;
  Tensorflow__FileLineCol flc = TENSORFLOW__FILE_LINE_COL__INIT;
  char *id;

  if (existing)
    return existing;
  id = new_uuid (w);
  flc.file_index = file_index;
  flc.line = line;
  flc.func = (char *) func;
  frame.id = id;
  frame.file_line_col = &flc;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_STACK_FRAME_WITH_ID;
  event.stack_frame_with_id = &frame;
  g_hash_table_insert (w->frame_ids, g_steal_pointer (&key), id);
  if (!tdbg_fixture_writer_write_event (w, TDBG_FILE_STACK_FRAMES, &event, error))
    return NULL;
  return id;
}

gboolean
tdbg_fixture_writer_add_graph (TdbgFixtureWriter *w, double wall_time, const char *graph_id,
                               const char *graph_name, const char *outer_context_id, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__DebuggedGraph graph = TENSORFLOW__DEBUGGED_GRAPH__INIT;

  graph.graph_id = (char *) graph_id;
  graph.graph_name = (char *) (graph_name ? graph_name : "");
  graph.outer_context_id = (char *) (outer_context_id ? outer_context_id : "");
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_GRAPH;
  event.debugged_graph = &graph;
  return tdbg_fixture_writer_write_event (w, TDBG_FILE_GRAPHS, &event, error);
}

gboolean
tdbg_fixture_writer_add_device (TdbgFixtureWriter *w, double wall_time, gint device_id,
                                const char *device_name, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__DebuggedDevice device = TENSORFLOW__DEBUGGED_DEVICE__INIT;

  device.device_id = device_id;
  device.device_name = (char *) device_name;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_DEVICE;
  event.debugged_device = &device;
  return tdbg_fixture_writer_write_event (w, TDBG_FILE_GRAPHS, &event, error);
}

gboolean
tdbg_fixture_writer_add_op (TdbgFixtureWriter *w, double wall_time, const char *graph_id, const char *graph_name,
                            const char *op_type, const char *op_name, const char *const *input_names,
                            const gint32 *output_tensor_ids, guint num_outputs,
                            const char *const *stack_frame_ids, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__GraphOpCreation op = TENSORFLOW__GRAPH_OP_CREATION__INIT;
  Tensorflow__CodeLocation location = TENSORFLOW__CODE_LOCATION__INIT;

  location.host_name = w->host_name;
  location.n_stack_frame_ids = stack_frame_ids ? g_strv_length ((char **) stack_frame_ids) : 0;
  location.stack_frame_ids = (char **) stack_frame_ids;
  op.op_type = (char *) op_type;
  op.op_name = (char *) op_name;
  op.graph_name = (char *) (graph_name ? graph_name : "");
  op.graph_id = (char *) graph_id;
  op.n_input_names = input_names ? g_strv_length ((char **) input_names) : 0;
  op.input_names = (char **) input_names;
  op.num_outputs = num_outputs;
  op.n_output_tensor_ids = num_outputs;
  op.output_tensor_ids = (gint32 *) output_tensor_ids;
  op.code_location = &location;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION;
  event.graph_op_creation = &op;
  return tdbg_fixture_writer_write_event (w, TDBG_FILE_GRAPHS, &event, error);
}

gboolean
tdbg_fixture_writer_add_trace (TdbgFixtureWriter *w, double wall_time, const char *context_id, const char *op_name,
                               gint output_slot, Tensorflow__TensorDebugMode mode,
                               const Tensorflow__TensorProto *tensor, const char *device_name, GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__GraphExecutionTrace trace = TENSORFLOW__GRAPH_EXECUTION_TRACE__INIT;
  Tensorflow__TensorProto *empty = NULL;
  gboolean ok;

  if (tensor == NULL)
    {
      /* NO_TENSOR writes an empty float tensor of shape [0]. */
      gint64 zero = 0;
      empty = tdbg_fixture_content_tensor (1, &zero, 1, NULL, 0);
      tensor = empty;
    }
  trace.tfdbg_context_id = (char *) context_id;
  trace.op_name = (char *) op_name;
  trace.output_slot = output_slot;
  trace.tensor_debug_mode = mode;
  trace.tensor_proto = (Tensorflow__TensorProto *) tensor;
  trace.device_name = (char *) device_name;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE;
  event.graph_execution_trace = &trace;
  ok = tdbg_fixture_writer_write_event (w, TDBG_FILE_GRAPH_EXECUTION_TRACES, &event, error);
  tdbg_fixture_tensor_free (empty);
  return ok;
}

Tensorflow__TensorProto *
tdbg_fixture_content_tensor (gint dtype, const gint64 *shape, guint rank, const void *content, gsize content_length)
{
  Tensorflow__TensorProto *t = g_new0 (Tensorflow__TensorProto, 1);
  Tensorflow__TensorShapeProto *s = g_new0 (Tensorflow__TensorShapeProto, 1);

  tensorflow__tensor_proto__init (t);
  tensorflow__tensor_shape_proto__init (s);
  s->n_dim = rank;
  s->dim = g_new0 (Tensorflow__TensorShapeProto__Dim *, MAX (rank, 1));
  for (guint i = 0; i < rank; i++)
    {
      s->dim[i] = g_new0 (Tensorflow__TensorShapeProto__Dim, 1);
      tensorflow__tensor_shape_proto__dim__init (s->dim[i]);
      s->dim[i]->size = shape[i];
    }
  t->dtype = dtype;
  t->tensor_shape = s;
  t->tensor_content.len = content_length;
  t->tensor_content.data = g_memdup2 (content, content_length);
  return t;
}

Tensorflow__TensorProto *
tdbg_fixture_summary_tensor (const double *values, guint n_values)
{
  gint64 n = n_values;
  g_autofree guint64 *le = g_new (guint64, MAX (n_values, 1));
  for (guint i = 0; i < n_values; i++)
    {
      memcpy (&le[i], &values[i], 8);
      le[i] = GUINT64_TO_LE (le[i]);
    }
  return tdbg_fixture_content_tensor (2, &n, 1, le, n_values * 8);
}

void
tdbg_fixture_tensor_free (Tensorflow__TensorProto *t)
{
  if (t == NULL)
    return;
  for (gsize i = 0; t->tensor_shape && i < t->tensor_shape->n_dim; i++)
    g_free (t->tensor_shape->dim[i]);
  if (t->tensor_shape)
    g_free (t->tensor_shape->dim);
  g_free (t->tensor_shape);
  g_free (t->tensor_content.data);
  g_free (t);
}

gboolean
tdbg_fixture_writer_add_execution (TdbgFixtureWriter *w, double wall_time, const char *op_type, guint n_outputs,
                                   Tensorflow__TensorDebugMode mode, Tensorflow__TensorProto *const *outputs,
                                   GError **error)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__Execution exec = TENSORFLOW__EXECUTION__INIT;

  exec.op_type = (char *) op_type;
  exec.num_outputs = n_outputs;
  exec.tensor_debug_mode = mode;
  exec.n_tensor_protos = outputs ? n_outputs : 0;
  exec.tensor_protos = (Tensorflow__TensorProto **) outputs;
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION;
  event.execution = &exec;
  return tdbg_fixture_writer_write_event (w, TDBG_FILE_EXECUTION, &event, error);
}
