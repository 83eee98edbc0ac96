/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A whole graph of the logdir, every op it created as a node, as nodes and edges and as
 * Graphviz DOT text. Name scopes ("a/b/op" is in the top-level scope "a") can be folded into
 * one node each, so that large graphs stay quick to lay out and readable. No GTK, no
 * Graphviz: the headless export and the window's graph browser both build on it. */

#include "libtdbg-data.h"
#include "tdbg-neighbourhood.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_WHOLE_NODE_OP,     /* one op */
  TDBG_WHOLE_NODE_SCOPE,  /* a folded top-level name scope */
} TdbgWholeNodeKind;

typedef struct {
  TdbgWholeNodeKind kind;
  guint32 op;             /* the op (kind OP), TDBG_NONE for a scope */
  char *scope;            /* the top-level scope it is in or stands for; NULL when none */
  guint n_ops;            /* ops it stands for */
  guint n_inf_nan;        /* of those, ops that produced -inf, +inf or NaN */
  guint n_traced;         /* of those, ops with at least one trace */
} TdbgWholeNode;

typedef struct {
  guint from;             /* indices into nodes */
  guint to;
  guint output_slot;      /* of the producer; 0 for control edges */
  gboolean control;       /* a "^name" input: ordering only, no data */
} TdbgWholeEdge;

typedef struct {
  guint32 graph;
  GArray *nodes;          /* TdbgWholeNode, ops in creation order, a scope where its first op is */
  GArray *edges;          /* TdbgWholeEdge, no duplicates, no loops of a scope onto itself */
  GPtrArray *scopes;      /* names of the top-level scopes with two ops or more, in order */
  GHashTable *node_of_op; /* op index -> node index + 1 */
  guint n_ops;            /* op creations of the graph */
} TdbgWholeGraph;

/* The op creations of @graph as nodes. Every top-level name scope of two ops or more is one
 * node when @collapse, unless it is in @toggled (a set of scope names; NULL for none), and
 * the other way round: without @collapse only the scopes in @toggled are one node each. */
TdbgWholeGraph *tdbg_whole_graph_new (TdbgLogdir *logdir, guint32 graph, gboolean collapse, GHashTable *toggled);
void tdbg_whole_graph_free (TdbgWholeGraph *whole);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgWholeGraph, tdbg_whole_graph_free)

/* The node that shows @op (the op itself, or its folded scope); -1 when not in the graph. */
gint tdbg_whole_graph_find_op (TdbgWholeGraph *whole, guint32 op);
/* The node index named by DOT node name @name ("n12"); -1 when none. */
gint tdbg_whole_graph_node_from_name (TdbgWholeGraph *whole, const char *name);
/* An op node @node stands for: its own, or the first op of its folded scope; TDBG_NONE. */
guint32 tdbg_whole_graph_node_op (TdbgWholeGraph *whole, guint node);
/* The scope drawn as DOT cluster @name ("cluster_3"), or NULL. */
const char *tdbg_whole_graph_scope_from_cluster (TdbgWholeGraph *whole, const char *name);
/* Whether @a and @b draw the same: the same nodes standing for as many ops, as many of them
 * traced and with NaN/∞, and the same edges. */
gboolean tdbg_whole_graph_equal (TdbgWholeGraph *a, TdbgWholeGraph *b);

/* Node i is named "n<i>"; ops of an unfolded scope share a cluster. Ops with NaN/∞ are
 * filled in the error colour, ops never traced are grey and dotted, control edges dashed.
 * Ops and folded scopes are named as @names says (tdbg_neighbourhood_to_dot()). */
char *tdbg_whole_graph_to_dot (TdbgWholeGraph *whole, TdbgLogdir *logdir, gboolean dark, TdbgDotNames names);

/* The graph whose graph_id is @id, or else the one graph named @id. TDBG_NONE with
 * TDBG_ERROR_NOT_FOUND when none is, and with TDBG_ERROR_INVALID listing them (each id and
 * its chain of outer graphs) when several graphs have that name. */
guint32 tdbg_whole_graph_lookup (TdbgLogdir *logdir, const char *id, GError **error);

G_END_DECLS
