/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Which source lines created which ops: every op creation is put on the innermost user frame
 * of its creation stack (the line the person wrote), as `tfdbg-gtk ops` does. Per file, per
 * line: the ops, and how many of them produced -inf, +inf or NaN. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef struct {
  gint line;           /* 1-based */
  GArray *ops;         /* guint32 op indices, in creation order */
  guint n_bad;         /* of those, ops with a NaN/∞ trace */
} TdbgLineOps;

typedef struct {
  guint32 file;        /* source file index */
  guint n_ops;
  guint n_bad;
  gboolean is_library; /* under site-packages or dist-packages */
} TdbgFileOps;

typedef struct _TdbgSourceOps TdbgSourceOps;

TdbgSourceOps *tdbg_source_ops_new (TdbgLogdir *logdir);
/* After @logdir grew (following): places only the ops added since, and those whose creation
 * or stack frames were still missing; counts the ops that now have NaN/∞. TRUE when what it
 * tells changed (new places or counts, or new source files to list). */
gboolean tdbg_source_ops_update (TdbgSourceOps *self, TdbgLogdir *logdir);
/* How many times an op was placed on its line since this was made (what following costs). */
guint64 tdbg_source_ops_get_n_placed (TdbgSourceOps *self);
void tdbg_source_ops_free (TdbgSourceOps *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgSourceOps, tdbg_source_ops_free)

/* The ops created at @line of @file, or NULL when none were. */
const TdbgLineOps *tdbg_source_ops_get_line (TdbgSourceOps *self, guint32 file, gint line);
/* Lines of @file that created ops, sorted by line (an array of const TdbgLineOps *; free it). */
GPtrArray *tdbg_source_ops_get_lines (TdbgSourceOps *self, guint32 file);
/* Every source file of the logdir with its counts: the user's files first, then library files,
 * each group by path. */
GArray *tdbg_source_ops_list_files (TdbgSourceOps *self, TdbgLogdir *logdir);


G_END_DECLS
