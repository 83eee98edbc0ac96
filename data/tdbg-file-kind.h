/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The six files of a tfdbg2 file set, as TensorFlow's DebugEventsWriter names them. */

#include <glib.h>

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

/* Whether the kind's records are many and alike (executions, graph execution traces), read
 * in bulk; the others are few and unpacked one by one. */
static inline gboolean
tdbg_file_kind_is_bulk (TdbgFileKind kind)
{
  return kind == TDBG_FILE_GRAPH_EXECUTION_TRACES || kind == TDBG_FILE_EXECUTION;
}

/* "metadata", "source_files", ... (the file name suffix) */
const char *tdbg_file_kind_suffix (TdbgFileKind kind);
/* Splits "tfdbg_events.<T>.<host>.<suffix>" into its file set prefix (newly allocated) and
 * kind; FALSE for a name that is no file of a file set. */
gboolean tdbg_parse_file_name (const char *name, char **prefix, TdbgFileKind *kind);

G_END_DECLS
