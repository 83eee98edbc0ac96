/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* An op's neighbourhood: its inputs up to N levels above and its consumers up to M levels
 * below, capped in size, as nodes and edges and as Graphviz DOT text. */

#include "libtdbg-data.h"
#include "tdbg-root-cause.h"

G_BEGIN_DECLS

/* How a node is outlined: the origin of the first NaN/∞ and that op's inputs, bad or healthy
 * (see tdbg_neighbourhood_mark_cause()). */
typedef enum {
  TDBG_NEIGHBOUR_PLAIN,
  TDBG_NEIGHBOUR_ORIGIN,
  TDBG_NEIGHBOUR_BAD_INPUT,
  TDBG_NEIGHBOUR_HEALTHY_INPUT,
} TdbgNeighbourMark;

/* The colours the neighbourhood is drawn in (and its legend, ui/tdbg-graph-legend.c). */
typedef enum {
  TDBG_NODE_COLOR_TEXT,             /* labels, plain outlines and edges */
  TDBG_NODE_COLOR_FILL,             /* an op whose traces hold no NaN/∞ */
  TDBG_NODE_COLOR_BAD_FILL,         /* an op some trace of which holds NaN/∞ */
  TDBG_NODE_COLOR_BAD_OUTLINE,      /* the origin, an input that was bad */
  TDBG_NODE_COLOR_HEALTHY_OUTLINE,  /* an input that was healthy */
  TDBG_N_NODE_COLORS
} TdbgNodeColor;

/* "#rrggbb" of @color in the light or dark style. */
const char *tdbg_neighbourhood_color (TdbgNodeColor color, gboolean dark);

typedef struct {
  guint32 op;
  gint level;          /* 0 = the op itself, < 0 inputs (above), > 0 consumers (below) */
  gboolean inf_nan;    /* some trace of this op holds -inf, +inf or NaN */
  TdbgNeighbourMark mark;
} TdbgNeighbour;

typedef struct {
  guint from;          /* indices into nodes */
  guint to;
  guint output_slot;
  guint input_slot;
} TdbgNeighbourEdge;

typedef struct {
  guint32 center;
  GArray *nodes;       /* TdbgNeighbour; nodes[0] is the center */
  GArray *edges;       /* TdbgNeighbourEdge */
  gboolean truncated;  /* more ops were within reach than max_nodes */
} TdbgNeighbourhood;

TdbgNeighbourhood *tdbg_neighbourhood_new (TdbgLogdir *logdir, guint32 op, guint input_depth,
                                           guint consumer_depth, guint max_nodes);
void tdbg_neighbourhood_free (TdbgNeighbourhood *hood);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgNeighbourhood, tdbg_neighbourhood_free)

/* Marks the origin op of @cause and the producers of its inputs among the nodes (an input
 * with a bad latest trace, or the culprit holding what explains it, is bad; one without any
 * trace is left plain). Returns whether any node
 * was marked. */
gboolean tdbg_neighbourhood_mark_cause (TdbgNeighbourhood *hood, const TdbgRootCause *cause);

/* How a node's label names its op: whole (a picture to export: read at its own size), or by
 * its last name scopes (a pane: Keras names such as
 * "gradient_tape/sequential_1/batch_normalization_1/batchnorm/mul/Mul" laid out whole made the
 * graph too wide to read once fitted). The tooltip names it whole either way. */
typedef enum {
  TDBG_DOT_WHOLE_NAMES,
  TDBG_DOT_SHORT_NAMES,
} TdbgDotNames;

/* Characters a short name keeps at the most, "…/" included (its last scope may have more). */
#define TDBG_DOT_SHORT_NAME_CHARS 24

/* Node i is named "n<i>" in the DOT text. Every string taken from the logdir is escaped. */
char *tdbg_neighbourhood_to_dot (TdbgNeighbourhood *hood, TdbgLogdir *logdir, gboolean dark, TdbgDotNames names);

/* @name without its leading name scopes, "…/" in their place, as long as it is longer than
 * @max_chars characters and has a scope left to drop: "…/batchnorm/mul/Mul". */
char *tdbg_op_name_tail (const char *name, guint max_chars);
/* @name (an op's, a scope's) as a node's label shows it, escaped (tdbg_dot_escape()). */
char *tdbg_dot_label_name (const char *name, TdbgDotNames names);

/* A logdir string made safe inside a double-quoted DOT string: valid UTF-8, no control
 * characters, backslashes and quotes escaped, at most @max_chars characters. */
char *tdbg_dot_escape (const char *text, guint max_chars);

G_END_DECLS
