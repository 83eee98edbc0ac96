/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A V1 dump root read from its files: the runs, their partition graphs and the dumped tensors
 * in time order, and what could not be read. */
#include "tdbg-v1-dump.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "libtdbg-data.h"

#define CORE_METADATA_PREFIX "_tfdbg_core_metadata_"
#define DEVICE_PREFIX "_tfdbg_device_"
#define GRAPH_PREFIX "_tfdbg_graph_"
#define MAX_DEPTH 64

void
tdbg_v1_file_free (TdbgV1File *file)
{
  if (file == NULL)
    return;
  g_free (file->path);
  g_bytes_unref (file->bytes);
  g_free (file);
}

TdbgV1File *
tdbg_v1_file_new (const char *path, GBytes *bytes)
{
  TdbgV1File *file = g_new0 (TdbgV1File, 1);
  file->path = g_strdup (path);
  file->bytes = g_bytes_ref (bytes);
  return file;
}

static void
run_free (TdbgV1Run *run)
{
  g_free (run->folder);
  g_strfreev (run->input_names);
  g_strfreev (run->output_names);
  g_strfreev (run->target_nodes);
  for (guint i = 0; i < run->partitions->len; i++)
    g_free (g_array_index (run->partitions, TdbgV1Partition, i).device_name);
  g_array_unref (run->partitions);
  g_free (run);
}

static void
datum_clear (TdbgV1Datum *d)
{
  g_free (d->run_folder);
  g_free (d->node_name);
  g_free (d->debug_op);
  g_free (d->device_name);
}

void
tdbg_v1_dump_free (TdbgV1Dump *dump)
{
  if (dump == NULL)
    return;
  g_ptr_array_unref (dump->files);
  g_ptr_array_unref (dump->runs);
  g_array_unref (dump->data);
  g_ptr_array_unref (dump->problems);
  g_free (dump);
}

static void
add_problem (TdbgV1Dump *dump, const char *file, guint64 offset, const char *message)
{
  g_ptr_array_add (dump->problems, tdbg_problem_new (file, offset, message));
}

static gint
compare_files (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(TdbgV1File *const *) a)->path, (*(TdbgV1File *const *) b)->path);
}

/* The number after the last "_" of @name, or FALSE. */
static gboolean
trailing_number (const char *name, guint64 *value)
{
  const char *underscore = strrchr (name, '_');
  return underscore && g_ascii_string_to_unsigned (underscore + 1, 10, 0, G_MAXUINT64, value, NULL);
}

static TdbgV1Run *
find_run (TdbgV1Dump *dump, GHashTable *runs, const char *folder)
{
  TdbgV1Run *run = g_hash_table_lookup (runs, folder);
  g_auto(GStrv) parts = NULL;
  guint64 value;

  if (run)
    return run;
  run = g_new0 (TdbgV1Run, 1);
  run->folder = g_strdup (folder);
  run->index = -1;
  run->global_step = run->session_run_index = run->executor_step_index = -1;
  run->input_names = g_new0 (char *, 1);
  run->output_names = g_new0 (char *, 1);
  run->target_nodes = g_new0 (char *, 1);
  run->partitions = g_array_new (FALSE, FALSE, sizeof (TdbgV1Partition));
  /* run_<µs>_<n> */
  parts = g_strsplit (folder, "_", -1);
  if (g_strv_length (parts) == 3 && g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT64, &value, NULL))
    run->timestamp = value;
  if (g_strv_length (parts) == 3 && g_ascii_string_to_unsigned (parts[2], 10, 0, G_MAXINT64, &value, NULL))
    run->index = (gint64) value;
  g_ptr_array_add (dump->runs, run);
  g_hash_table_insert (runs, run->folder, run);
  return run;
}

static char **
strv_or_empty (const char *const *strv)
{
  return strv ? g_strdupv ((GStrv) strv) : g_new0 (char *, 1);
}

/* Parses the one Event of @file; FALSE (a problem added) when it cannot be read. */
static gboolean
parse_file (TdbgV1Dump *dump, const TdbgV1File *file, TdbgV1Event *event)
{
  gsize size, bad_offset = 0;
  const guint8 *data = g_bytes_get_data (file->bytes, &size);

  if (size == 0)
    {
      add_problem (dump, file->path, 0, _("the file is empty: it may still be being written"));
      return FALSE;
    }
  if (!tdbg_v1_event_parse (data, size, event, &bad_offset))
    {
      add_problem (dump, file->path, bad_offset, _("the Event is cut short or damaged here; the file is left out"));
      return FALSE;
    }
  return TRUE;
}

static void
read_core_metadata (TdbgV1Dump *dump, TdbgV1Run *run, const TdbgV1File *file, const char *base)
{
  TdbgV1Event event;
  g_autoptr(GHashTable) json = NULL;
  guint64 timestamp;

  if (run->has_core_metadata)
    {
      add_problem (dump, file->path, 0, _("a second core metadata file in this run; only the first is read"));
      return;
    }
  if (!parse_file (dump, file, &event))
    return;
  if (event.kind != TDBG_V1_EVENT_LOG ||
      (json = tdbg_v1_json_parse ((const char *) event.message.data, event.message.length)) == NULL)
    {
      add_problem (dump, file->path, event.message.data ? (guint64) (event.message.data - (const guint8 *) g_bytes_get_data (file->bytes, NULL)) : 0,
                   _("the core metadata is not the JSON object TensorFlow writes; the run is read without it"));
      return;
    }
  run->has_core_metadata = TRUE;
  tdbg_v1_json_get_int (json, "global_step", &run->global_step);
  tdbg_v1_json_get_int (json, "session_run_index", &run->session_run_index);
  tdbg_v1_json_get_int (json, "executor_step_index", &run->executor_step_index);
  g_strfreev (run->input_names);
  g_strfreev (run->output_names);
  g_strfreev (run->target_nodes);
  run->input_names = strv_or_empty (tdbg_v1_json_get_strv (json, "input_names"));
  run->output_names = strv_or_empty (tdbg_v1_json_get_strv (json, "output_names"));
  run->target_nodes = strv_or_empty (tdbg_v1_json_get_strv (json, "target_nodes"));
  if (run->timestamp == 0 && trailing_number (base, &timestamp))
    run->timestamp = timestamp;
}

static void
read_partition (TdbgV1Dump *dump, TdbgV1Run *run, guint file_index, const char *device, const char *base)
{
  const TdbgV1File *file = g_ptr_array_index (dump->files, file_index);
  const guint8 *data = g_bytes_get_data (file->bytes, NULL);
  TdbgV1Partition partition = { 0 };
  TdbgV1Event event;

  if (!parse_file (dump, file, &event))
    return;
  if (event.kind != TDBG_V1_EVENT_GRAPH)
    {
      add_problem (dump, file->path, 0, _("a partition graph file without a GraphDef; skipped"));
      return;
    }
  partition.device_name = g_strdup (device);
  partition.file = file_index;
  trailing_number (base, &partition.timestamp);
  partition.graph_offset = event.graph_def.data - data;
  partition.graph_length = event.graph_def.length;
  g_array_append_val (run->partitions, partition);
}

static void
read_datum (TdbgV1Dump *dump, TdbgV1Run *run, guint file_index, const char *device, char **dirs, guint n_dirs,
            const char *base)
{
  const TdbgV1File *file = g_ptr_array_index (dump->files, file_index);
  const guint8 *data = g_bytes_get_data (file->bytes, NULL);
  TdbgV1Datum datum = { 0 };
  g_autofree char *node_base = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GHashTable) plugin = NULL;
  TdbgV1Event event;
  gint64 chunks;

  if (!tdbg_v1_parse_dump_name (base, &node_base, &datum.output_slot, &datum.debug_op, &datum.timestamp,
                                &datum.collision))
    {
      add_problem (dump, file->path, 0, _("not a dump file name (<node>_<slot>_<debug op>_<µs>); skipped"));
      return;
    }
  if (!parse_file (dump, file, &event))
    {
      g_free (datum.debug_op);
      return;
    }
  if (event.kind != TDBG_V1_EVENT_TENSOR)
    {
      add_problem (dump, file->path, 0, _("the Event holds no tensor; skipped"));
      g_free (datum.debug_op);
      return;
    }
  if (event.plugin_content.data)
    plugin = tdbg_v1_json_parse ((const char *) event.plugin_content.data, event.plugin_content.length);
  if (tdbg_v1_json_get_int (plugin, "numChunks", &chunks) && chunks > 1)
    {
      add_problem (dump, file->path, 0, _("one chunk of a tensor sent in several; chunked tensors are not read"));
      g_free (datum.debug_op);
      return;
    }
  prefix = g_strjoinv ("/", dirs);
  datum.node_name = n_dirs > 0 ? g_strconcat (prefix, "/", node_base, NULL) : g_strdup (node_base);
  datum.run_folder = g_strdup (run->folder);
  datum.file = file_index;
  datum.device_name = g_strdup (device);
  datum.tensor_offset = event.tensor.data - data;
  datum.tensor_length = event.tensor.length;
  g_array_append_val (dump->data, datum);
}

static gint
compare_runs (gconstpointer a, gconstpointer b)
{
  const TdbgV1Run *x = *(TdbgV1Run *const *) a, *y = *(TdbgV1Run *const *) b;
  if (x->index != y->index)
    return x->index < y->index ? -1 : 1;
  if (x->timestamp != y->timestamp)
    return x->timestamp < y->timestamp ? -1 : 1;
  return strcmp (x->folder, y->folder);
}

static gint
compare_data (gconstpointer a, gconstpointer b)
{
  const TdbgV1Datum *x = a, *y = b;
  if (x->run != y->run)
    return x->run < y->run ? -1 : 1;
  if (x->timestamp != y->timestamp)
    return x->timestamp < y->timestamp ? -1 : 1;
  if (x->collision != y->collision)
    return x->collision < y->collision ? -1 : 1;
  return x->file < y->file ? -1 : x->file > y->file;
}

/* One file, placed by its path: run folder, device folder, node folders, name. */
static void
place_file (TdbgV1Dump *dump, GHashTable *runs, guint index)
{
  const TdbgV1File *file = g_ptr_array_index (dump->files, index);
  g_auto(GStrv) parts = g_strsplit (file->path, "/", -1);
  guint n = g_strv_length (parts), at = 0;
  g_autofree char *device = NULL;
  const char *folder = "";
  TdbgV1Run *run;

  if (n == 0)
    return;
  if (n > 1 && g_str_has_prefix (parts[0], "run_"))
    folder = parts[at++];
  /* A run is made of what TensorFlow writes into it, not of any file beside (a hidden file a
   * tool left at the dump root is no run without core metadata). */
  if (n - at == 1)
    {
      if (!g_str_has_prefix (parts[at], "_tfdbg_"))
        return;
      run = find_run (dump, runs, folder);
      if (g_str_has_prefix (parts[at], CORE_METADATA_PREFIX))
        read_core_metadata (dump, run, file, parts[at]);
      return; /* fetches and feed keys are Python reprs: nothing to read */
    }
  if ((device = tdbg_v1_device_from_folder (parts[at])) == NULL)
    return;
  run = find_run (dump, runs, folder);
  at++;
  if (n - at == 1 && g_str_has_prefix (parts[at], GRAPH_PREFIX))
    {
      read_partition (dump, run, index, device, parts[at]);
      return;
    }
  {
    char *base = parts[n - 1];
    parts[n - 1] = NULL;
    read_datum (dump, run, index, device, parts + at, n - 1 - at, base);
    parts[n - 1] = base;
  }
}

TdbgV1Dump *
tdbg_v1_dump_new_from_files (GPtrArray *files)
{
  TdbgV1Dump *dump = g_new0 (TdbgV1Dump, 1);
  g_autoptr(GHashTable) runs = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) order = g_hash_table_new (g_str_hash, g_str_equal);

  dump->files = files;
  g_ptr_array_set_free_func (files, (GDestroyNotify) tdbg_v1_file_free);
  g_ptr_array_sort (files, compare_files);
  dump->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) run_free);
  dump->data = g_array_new (FALSE, FALSE, sizeof (TdbgV1Datum));
  g_array_set_clear_func (dump->data, (GDestroyNotify) datum_clear);
  dump->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);

  for (guint i = 0; i < files->len; i++)
    place_file (dump, runs, i);

  g_ptr_array_sort (dump->runs, compare_runs);
  for (guint i = 0; i < dump->runs->len; i++)
    {
      TdbgV1Run *run = g_ptr_array_index (dump->runs, i);
      g_hash_table_insert (order, run->folder, GUINT_TO_POINTER (i));
      if (!run->has_core_metadata)
        add_problem (dump, run->folder[0] ? run->folder : ".", 0,
                     _("no core metadata file (_tfdbg_core_metadata_*) in this run: its feeds and fetches are "
                       "unknown; the run may still be being written"));
    }
  for (guint i = 0; i < dump->data->len; i++)
    {
      TdbgV1Datum *d = &g_array_index (dump->data, TdbgV1Datum, i);
      TdbgV1Run *run;
      d->run = GPOINTER_TO_UINT (g_hash_table_lookup (order, d->run_folder));
      run = g_ptr_array_index (dump->runs, d->run);
      if (run->timestamp == 0 || d->timestamp < run->timestamp)
        run->timestamp = run->timestamp ? run->timestamp : d->timestamp;
    }
  g_array_sort (dump->data, compare_data);
  return dump;
}

/* Detection and reading from a local folder. */

static gboolean
is_run_content (const char *name)
{
  return g_str_has_prefix (name, CORE_METADATA_PREFIX) || g_str_has_prefix (name, DEVICE_PREFIX);
}

static gboolean
folder_has_run_content (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (is_run_content (name))
      return TRUE;
  return FALSE;
}

gboolean
tdbg_v1_dump_is_root (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  gboolean v1 = FALSE;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      /* A tfdbg2 file set wins: the folder is read as the logdir it is. */
      if (g_str_has_prefix (name, "tfdbg_events.") && g_str_has_suffix (name, ".metadata"))
        return FALSE;
      if (is_run_content (name))
        v1 = TRUE;
      else if (!v1 && g_str_has_prefix (name, "run_"))
        {
          g_autofree char *sub = g_build_filename (path, name, NULL);
          v1 = folder_has_run_content (sub);
        }
    }
  return v1;
}

static gboolean
read_folder (const char *root, const char *relative, guint depth, GPtrArray *files, GCancellable *cancellable,
             GError **error)
{
  g_autofree char *path = relative[0] ? g_build_filename (root, relative, NULL) : g_strdup (root);
  g_autoptr(GDir) dir = g_dir_open (path, 0, error);
  const char *name;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child_relative = relative[0] ? g_strconcat (relative, "/", name, NULL) : g_strdup (name);
      g_autofree char *child = g_build_filename (root, child_relative, NULL);
      GStatBuf st;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (g_lstat (child, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode) && depth < MAX_DEPTH)
        {
          g_autoptr(GError) sub_error = NULL;
          /* A folder that cannot be listed is left out; its files are missed as files are. */
          if (!read_folder (root, child_relative, depth + 1, files, cancellable, &sub_error) &&
              g_error_matches (sub_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, g_steal_pointer (&sub_error));
              return FALSE;
            }
        }
      else if (S_ISREG (st.st_mode))
        {
          g_autoptr(GMappedFile) mapped = g_mapped_file_new (child, FALSE, NULL);
          g_autoptr(GBytes) bytes = NULL;
          if (mapped == NULL)
            bytes = g_bytes_new (NULL, 0);
          else
            bytes = g_mapped_file_get_bytes (mapped);
          g_ptr_array_add (files, tdbg_v1_file_new (child_relative, bytes));
        }
    }
  return TRUE;
}

GPtrArray *
tdbg_v1_dump_read_files (const char *path, GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_v1_file_free);

  if (!read_folder (path, "", 0, files, cancellable, error))
    return NULL;
  return g_steal_pointer (&files);
}
