/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A tfdbg V1 dump root, as TensorFlow's DumpingDebugWrapperSession (and LocalCLIDebugWrapperSession,
 * the hooks and offline_analyzer) lay it out: one run_<µs>_<n>/ folder per Session.run (or a
 * single run's folder), each with _tfdbg_core_metadata_*, _tfdbg_fetches_info_,
 * _tfdbg_feed_keys_info_ and a _tfdbg_device_,job_…/ folder per device holding the partition
 * graphs (_tfdbg_graph_hash<N>_<µs>) and one serialized Event per dumped tensor
 * (<node>_<slot>_<debug_op>_<µs>, a node name's slashes as folders). Every file is one
 * serialized tensorflow.Event, not a TFRecord.
 *
 * Reading goes as far as the files allow; what is damaged, missing or still being written is
 * named (file, and offset inside it where that applies) in the dump's problems. */

#include <gio/gio.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

/* One file of the dump: its path relative to the dump root ("/"-separated) and its bytes. */
typedef struct {
  char *path;
  GBytes *bytes;
} TdbgV1File;

void tdbg_v1_file_free (TdbgV1File *file);
TdbgV1File *tdbg_v1_file_new (const char *path, GBytes *bytes);

/* What one Event file holds (pointers borrow from the bytes parsed). */
typedef enum {
  TDBG_V1_EVENT_OTHER,
  TDBG_V1_EVENT_TENSOR,   /* summary { value { node_name, tag, tensor, metadata } } */
  TDBG_V1_EVENT_GRAPH,    /* graph_def */
  TDBG_V1_EVENT_LOG,      /* log_message { message } */
} TdbgV1EventKind;

typedef struct {
  const guint8 *data;
  gsize length;
} TdbgV1Span;

typedef struct {
  TdbgV1EventKind kind;
  double wall_time;          /* as written: microseconds in the dumps of TF 2.x */
  TdbgV1Span node_name;      /* "node:slot:debug_op" */
  TdbgV1Span tag;
  TdbgV1Span tensor;         /* a serialized TensorProto */
  TdbgV1Span plugin_content; /* the debugger plugin's JSON: device, outputSlot, numChunks, chunkIndex */
  TdbgV1Span graph_def;
  TdbgV1Span message;
  guint n_values;            /* summary values seen (one in a dump) */
} TdbgV1Event;

/* Parses one serialized Event. FALSE when it is damaged or cut short: *bad_offset is then where
 * in @data the decoding failed. */
gboolean tdbg_v1_event_parse (const guint8 *data, gsize length, TdbgV1Event *event, gsize *bad_offset);

/* "<node>_<slot>_<debug_op>_<µs>" (the node's last name part), or "…_<µs>-<n>" when TensorFlow
 * met a file of the same name (the same microsecond): *collision is then n, else 0. FALSE when
 * @base is not so. */
gboolean tdbg_v1_parse_dump_name (const char *base, char **node_base, guint *slot, char **debug_op,
                                  guint64 *timestamp, guint *collision);
/* "_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_0" ->
 * "/job:localhost/replica:0/task:0/device:CPU:0", as TensorFlow's debug_data reads it; NULL when
 * @folder is not a device folder. */
char *tdbg_v1_device_from_folder (const char *folder);

/* A flat JSON object's members (numbers, strings, arrays of strings), as the core metadata and
 * the plugin content hold them. NULL when @text is not such an object. */
GHashTable *tdbg_v1_json_parse (const char *text, gsize length);
/* Member lookups: FALSE / NULL when absent or of another type. */
gboolean tdbg_v1_json_get_int (GHashTable *object, const char *key, gint64 *value);
const char *tdbg_v1_json_get_string (GHashTable *object, const char *key);
const char *const *tdbg_v1_json_get_strv (GHashTable *object, const char *key);

typedef struct {
  char *run_folder;          /* "run_<µs>_<n>/" relative to the root, "" for a single run's folder */
  guint64 file;              /* index into the dump's files */
  char *node_name;
  guint output_slot;
  char *debug_op;
  guint64 timestamp;         /* µs since the epoch, from the file name */
  guint collision;           /* n of a name ending "_<µs>-<n>", else 0 */
  char *device_name;
  guint run;                 /* index into the runs */
  gsize tensor_offset;       /* the TensorProto's bytes inside the file */
  gsize tensor_length;
} TdbgV1Datum;

typedef struct {
  char *device_name;
  guint64 file;              /* the partition graph's file */
  guint64 timestamp;
  gsize graph_offset;        /* the GraphDef's bytes inside the file */
  gsize graph_length;
} TdbgV1Partition;

typedef struct {
  char *folder;              /* as TdbgV1Datum.run_folder */
  guint64 timestamp;         /* µs, from the folder name or the core metadata's file name */
  gint64 index;              /* n of run_<µs>_<n>, or -1 */
  gboolean has_core_metadata;
  gint64 global_step;
  gint64 session_run_index;
  gint64 executor_step_index;
  char **input_names;        /* never NULL */
  char **output_names;
  char **target_nodes;
  GArray *partitions;        /* TdbgV1Partition */
} TdbgV1Run;

typedef struct {
  GPtrArray *files;          /* TdbgV1File*, sorted by path */
  GPtrArray *runs;           /* TdbgV1Run*, in run order */
  GArray *data;              /* TdbgV1Datum, in time order (run, then timestamp) */
  GPtrArray *problems;       /* TdbgProblem*, file names relative to the root */
} TdbgV1Dump;

/* Reads the dump from its files (TdbgV1File*, taken). Never fails: what cannot be read is a
 * problem. */
TdbgV1Dump *tdbg_v1_dump_new_from_files (GPtrArray *files);
void tdbg_v1_dump_free (TdbgV1Dump *dump);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgV1Dump, tdbg_v1_dump_free)

/* Whether the local folder @path is a V1 dump root (run_ folders with tfdbg files) or a single
 * run's dump folder (a _tfdbg_core_metadata_ file or a _tfdbg_device_ folder), and holds no
 * tfdbg2 file set. */
gboolean tdbg_v1_dump_is_root (const char *path);
/* Reads every file under @path (regular files only; symbolic links are not followed). NULL
 * only when @path itself cannot be listed. */
GPtrArray *tdbg_v1_dump_read_files (const char *path, GCancellable *cancellable, GError **error);

G_END_DECLS
