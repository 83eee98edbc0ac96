/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the files of the comparison share: the keys of op outputs and executions, the records
 * read in windows of the files, and the comparison of two recorded values. */

#include "tdbg-compare.h"
#include "libtdbg-proto.h"

G_BEGIN_DECLS

/* ---- tdbg-compare-keys.c ---------------------------------------------------------------- */

/* The keys of one run's op outputs, interned in a table both runs share. */
typedef struct _TdbgKeyMap TdbgKeyMap;

/* @names: key text → id + 1, @keys: id → text (owned by the caller, shared by both runs). */
TdbgKeyMap *_tdbg_key_map_new (TdbgLogdir *logdir, GHashTable *names, GPtrArray *keys);
void _tdbg_key_map_free (TdbgKeyMap *map);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgKeyMap, _tdbg_key_map_free)
/* The key id of output @slot of @op. */
guint32 _tdbg_key_map_get (TdbgKeyMap *map, guint32 op, guint slot);
/* The key of an eager execution's op type (a function's name without its suffix). */
guint32 _tdbg_key_intern (GHashTable *names, GPtrArray *keys, const char *text);

/* ---- tdbg-compare-reader.c -------------------------------------------------------------- */

/* Records of one kind of file read through windows of a megabyte: the traces of a run are read
 * in file order, their twins nearly so. One per thread. */
typedef struct _TdbgRecordReader TdbgRecordReader;

TdbgRecordReader *_tdbg_record_reader_new (TdbgLogdir *logdir, TdbgFileKind kind);
void _tdbg_record_reader_free (TdbgRecordReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgRecordReader, _tdbg_record_reader_free)
/* The payload of the record at @offset of the file of @file_set, its checksum verified,
 * valid until the next call; NULL (naming the file and the offset) when it cannot be read. */
const guint8 *_tdbg_record_reader_get (TdbgRecordReader *reader, guint file_set, guint64 offset, gsize *length,
                                       GError **error);
/* The record at @offset of the file of @file_set; NULL (naming the file and the offset) when
 * it cannot be read again. Free with tensorflow__debug_event__free_unpacked (). */
Tensorflow__DebugEvent *_tdbg_record_reader_read (TdbgRecordReader *reader, guint file_set, guint64 offset,
                                                  GError **error);

/* Says that the record at @offset cannot be read again, naming its file; returns FALSE. */
gboolean _tdbg_record_reader_set_unreadable (TdbgRecordReader *reader, guint file_set, guint64 offset, GError **error);

/* ---- tdbg-compare-values.c -------------------------------------------------------------- */

/* Compares one recorded value of run A (in @mode_a) with its twin's; @sums receives this pair's
 * differences. */
TdbgDivergenceKind _tdbg_compare_values (guint mode_a, const Tensorflow__TensorProto *a,
                                         guint mode_b, const Tensorflow__TensorProto *b,
                                         const TdbgCompareOptions *options, TdbgErrorSums *sums);

/* A graph execution trace's value as the wire holds it, when it is the plain kind every
 * writer makes in graphs: dtype, shape and tensor_content only. */
typedef struct {
  gint dtype;
  const guint8 *shape;       /* the serialized TensorShapeProto */
  gsize shape_length;
  const guint8 *content;
  gsize content_length;
} TdbgRawTensor;

/* FALSE when the record's value is of another kind (typed fields, several values…): then
 * unpack it and use _tdbg_compare_values(). */
gboolean _tdbg_raw_trace_tensor (const guint8 *record, gsize length, TdbgRawTensor *tensor);
/* The same of a TensorProto's own bytes. */
gboolean _tdbg_raw_tensor (const guint8 *tensor, gsize tensor_length, TdbgRawTensor *t);

/* An eager execution's mode and recorded outputs as the wire holds them. */
typedef struct {
  guint mode;
  guint n_outputs;
  const guint8 *outputs[64];  /* each a serialized TensorProto */
  gsize output_lengths[64];
} TdbgRawExecution;

/* FALSE when the record holds no Execution, or more outputs than it keeps: then unpack it. */
gboolean _tdbg_raw_execution (const guint8 *record, gsize length, TdbgRawExecution *execution);
/* Compares two plain values recorded in @mode without unpacking them; FALSE when it cannot
 * tell (the dtypes or shapes are not simply equal, or not of the kinds it knows). */
gboolean _tdbg_compare_raw (guint mode, const TdbgRawTensor *a, const TdbgRawTensor *b,
                            const TdbgCompareOptions *options, TdbgErrorSums *sums, TdbgDivergenceKind *kind);

/* ---- tdbg-compare-executions.c ---------------------------------------------------------- */

/* Pairs and compares the eager executions: sets first_execution and compared_executions. */
gboolean _tdbg_compare_executions (TdbgComparison *comparison, GHashTable *names, GCancellable *cancellable,
                                   GError **error);

G_END_DECLS
