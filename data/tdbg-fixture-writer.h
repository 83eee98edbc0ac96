/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Writes tfdbg2 logdirs the way TensorFlow's DebugEventsWriter lays them out: one file set
 * of six TFRecord files of DebugEvent messages. Used by the demo logdir, the tests and the
 * benchmarks, so that the project's fixtures are made by the project's own code. */

#include <glib.h>
#include "debug_event.pb-c.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_FILE_METADATA,
  TDBG_FILE_SOURCE_FILES,
  TDBG_FILE_STACK_FRAMES,
  TDBG_FILE_GRAPHS,
  TDBG_FILE_EXECUTION,
  TDBG_FILE_GRAPH_EXECUTION_TRACES,
  TDBG_N_FILE_KINDS
} TdbgFileKind;

/* "metadata", "source_files", ... (the file name suffix) */
const char *tdbg_file_kind_suffix (TdbgFileKind kind);

typedef struct _TdbgFixtureWriter TdbgFixtureWriter;

/* Creates <logdir>/tfdbg_events.<timestamp>.<host_name>.* (all six files) and writes the
 * metadata record. @run_id may be NULL (older TF versions wrote none). */
TdbgFixtureWriter *tdbg_fixture_writer_new (const char *logdir,
                                            const char *host_name,
                                            gint64 timestamp,
                                            double metadata_wall_time,
                                            const char *run_id,
                                            const char *tensorflow_version,
                                            GError **error);
void tdbg_fixture_writer_free (TdbgFixtureWriter *writer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgFixtureWriter, tdbg_fixture_writer_free)

const char *tdbg_fixture_writer_get_prefix (TdbgFixtureWriter *writer); /* tfdbg_events.T.host */
char *tdbg_fixture_writer_get_path (TdbgFixtureWriter *writer, TdbgFileKind kind);

/* Appends one framed DebugEvent record to the file of @kind. */
gboolean tdbg_fixture_writer_write_event (TdbgFixtureWriter *writer,
                                          TdbgFileKind kind,
                                          const Tensorflow__DebugEvent *event,
                                          GError **error);
/* Appends raw bytes (for half-written records and damage in tests). */
gboolean tdbg_fixture_writer_write_raw (TdbgFixtureWriter *writer,
                                        TdbgFileKind kind,
                                        const guint8 *bytes,
                                        gsize length,
                                        GError **error);
gboolean tdbg_fixture_writer_flush (TdbgFixtureWriter *writer, GError **error);
/* A writer caught midway: the next record written to @kind goes out only up to @cut bytes
 * (at most its length less one); its rest is written before anything else written to that
 * file, or by tdbg_fixture_writer_finish_record(). */
void tdbg_fixture_writer_cut_next (TdbgFixtureWriter *writer, TdbgFileKind kind, gsize cut);
gboolean tdbg_fixture_writer_finish_record (TdbgFixtureWriter *writer, TdbgFileKind kind, GError **error);

/* Convenience builders; each stamps @wall_time and returns FALSE on I/O error. */
gint tdbg_fixture_writer_add_source_file (TdbgFixtureWriter *writer, double wall_time,
                                          const char *file_path, const char *const *lines,
                                          GError **error); /* returns file index or -1 */
/* Returns the new frame's id (owned by the writer) or NULL on error. */
const char *tdbg_fixture_writer_add_stack_frame (TdbgFixtureWriter *writer, double wall_time,
                                                 gint file_index, gint line, const char *func,
                                                 GError **error);
gboolean tdbg_fixture_writer_add_graph (TdbgFixtureWriter *writer, double wall_time,
                                        const char *graph_id, const char *graph_name,
                                        const char *outer_context_id, GError **error);
gboolean tdbg_fixture_writer_add_device (TdbgFixtureWriter *writer, double wall_time,
                                         gint device_id, const char *device_name, GError **error);
gboolean tdbg_fixture_writer_add_op (TdbgFixtureWriter *writer, double wall_time,
                                     const char *graph_id, const char *graph_name,
                                     const char *op_type, const char *op_name,
                                     const char *const *input_names,
                                     const gint32 *output_tensor_ids, guint num_outputs,
                                     const char *const *stack_frame_ids, GError **error);
/* @tensor may be NULL for NO_TENSOR (then the empty float [0] tensor is written). */
gboolean tdbg_fixture_writer_add_trace (TdbgFixtureWriter *writer, double wall_time,
                                        const char *context_id, const char *op_name,
                                        gint output_slot, Tensorflow__TensorDebugMode mode,
                                        const Tensorflow__TensorProto *tensor,
                                        const char *device_name, GError **error);

/* An eager execution of @op_type with @n_outputs outputs; @outputs (the debug mode's
 * summaries, one per output) may be NULL, as in NO_TENSOR. */
gboolean tdbg_fixture_writer_add_execution (TdbgFixtureWriter *writer, double wall_time, const char *op_type,
                                            guint n_outputs, Tensorflow__TensorDebugMode mode,
                                            Tensorflow__TensorProto *const *outputs, GError **error);

/* Summary tensors as the DebugNumericSummaryV2 kernel writes them: DT_DOUBLE, rank 1,
 * values in tensor_content. Free with tdbg_fixture_tensor_free(). */
Tensorflow__TensorProto *tdbg_fixture_summary_tensor (const double *values, guint n_values);
/* A tensor with the given dtype (TF DataType value), shape and raw little-endian content. */
Tensorflow__TensorProto *tdbg_fixture_content_tensor (gint dtype, const gint64 *shape, guint rank,
                                                      const void *content, gsize content_length);
void tdbg_fixture_tensor_free (Tensorflow__TensorProto *tensor);

/* A tutorial-shaped logdir: the MNIST perceptron of the Debugger V2 tutorial, FULL_HEALTH,
 * whose cross-entropy takes log() of a zero and turns the loss to NaN. @n_steps training
 * steps; each step produces the same executions and graph traces, so the size scales
 * linearly (about 6.3 traces per execution). The first -inf comes from the op "Log" in
 * graph "cross_entropy" during step @bad_step (0-based; -1: never). */
typedef struct {
  guint n_steps;
  gint bad_step;
  const char *host_name;
  gint64 timestamp;
} TdbgDemoOptions;

gboolean tdbg_fixture_write_demo (const char *logdir, const TdbgDemoOptions *options, GError **error);

/* A small run made with tf.config.run_functions_eagerly(True): eager executions only, no
 * graphs, no graph execution traces. */
gboolean tdbg_fixture_write_eager_only (const char *logdir, GError **error);

G_END_DECLS
