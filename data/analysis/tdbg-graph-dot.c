/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-graph-dot.h"

#include <string.h>
#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "tdbg-neighbourhood.h"

#define MAX_LABEL_CHARS 60

static gboolean
is_member (const TdbgOp *op, guint32 graph)
{
  return op->graph == graph && op->record_offset != G_MAXUINT64;
}

/* "a" for "a/b/op"; for "a", "a" itself: an op named like a scope belongs to it (TensorFlow
 * names a variable "w" and its initialiser "w/Assign"). */
static char *
top_scope (const char *name)
{
  const char *slash = strchr (name, '/');
  return slash ? g_strndup (name, slash - name) : g_strdup (name);
}

/* Scope name -> number of member ops; a scope counts when two ops or more share it. */
static GHashTable *
count_scopes (TdbgLogdir *logdir, guint32 graph)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      char *scope;
      if (!is_member (op, graph) || op->op_name == NULL)
        continue;
      scope = top_scope (op->op_name);
      g_hash_table_insert (counts, scope, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, scope)) + 1));
    }
  return counts;
}

static void
clear_node (gpointer data)
{
  g_free (((TdbgWholeNode *) data)->scope);
}

static void
count_op (TdbgWholeNode *node, const TdbgOp *op)
{
  node->n_ops++;
  node->n_inf_nan += op->first_inf_nan_trace != TDBG_NONE;
  node->n_traced += op->first_trace != TDBG_NONE;
}

static void
add_nodes (TdbgWholeGraph *whole, TdbgLogdir *logdir, gboolean collapse, GHashTable *toggled)
{
  g_autoptr(GHashTable) counts = count_scopes (logdir, whole->graph);
  g_autoptr(GHashTable) scope_node = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      g_autofree char *scope = NULL;
      gboolean scoped;
      gpointer at;

      if (!is_member (op, whole->graph))
        continue;
      whole->n_ops++;
      scope = top_scope (op->op_name ? op->op_name : "");
      scoped = GPOINTER_TO_UINT (g_hash_table_lookup (counts, scope)) >= 2;
      if (scoped && !g_ptr_array_find_with_equal_func (whole->scopes, scope, g_str_equal, NULL))
        g_ptr_array_add (whole->scopes, g_strdup (scope));
      if (scoped && collapse != (toggled && g_hash_table_contains (toggled, scope)))
        {
          if (!g_hash_table_lookup_extended (scope_node, scope, NULL, &at))
            {
              TdbgWholeNode node = { TDBG_WHOLE_NODE_SCOPE, TDBG_NONE, g_strdup (scope), 0, 0, 0 };
              g_array_append_val (whole->nodes, node);
              at = GUINT_TO_POINTER (whole->nodes->len - 1);
              g_hash_table_insert (scope_node, g_array_index (whole->nodes, TdbgWholeNode, whole->nodes->len - 1).scope, at);
            }
          count_op (&g_array_index (whole->nodes, TdbgWholeNode, GPOINTER_TO_UINT (at)), op);
          g_hash_table_insert (whole->node_of_op, GUINT_TO_POINTER (i), GUINT_TO_POINTER (GPOINTER_TO_UINT (at) + 1));
          continue;
        }
      TdbgWholeNode node = { TDBG_WHOLE_NODE_OP, i, scoped ? g_strdup (scope) : NULL, 0, 0, 0 };
      count_op (&node, op);
      g_array_append_val (whole->nodes, node);
      g_hash_table_insert (whole->node_of_op, GUINT_TO_POINTER (i), GUINT_TO_POINTER (whole->nodes->len));
    }
}

static guint32
input_producer (TdbgLogdir *logdir, const TdbgOp *op, guint k, gboolean *control)
{
  *control = op->input_names[k][0] == '^';
  if (!*control)
    return op->input_ops ? op->input_ops[k] : TDBG_NONE;
  /* Control inputs are not linked by the logdir (they carry no tensor): look them up. */
  return tdbg_logdir_find_op (logdir, op->graph, op->input_names[k] + 1);
}

static void
add_edges (TdbgWholeGraph *whole, TdbgLogdir *logdir)
{
  /* Key "from to slot control": one edge per distinct pair, slot and kind. */
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      gint to = tdbg_whole_graph_find_op (whole, i);

      for (guint k = 0; to >= 0 && op->input_names[k]; k++)
        {
          gboolean control;
          guint32 producer = input_producer (logdir, op, k, &control);
          gint from = producer == TDBG_NONE ? -1 : tdbg_whole_graph_find_op (whole, producer);
          TdbgWholeEdge edge = { from, to, control ? 0 : tdbg_input_name_slot (op->input_names[k]), control };
          gboolean folded;
          char *key;

          if (from < 0 || from == to)
            continue;
          folded = g_array_index (whole->nodes, TdbgWholeNode, from).kind == TDBG_WHOLE_NODE_SCOPE;
          if (folded)
            edge.output_slot = 0;  /* the slot of which op inside the scope? say nothing */
          key = g_strdup_printf ("%d %d %u %d", from, to, edge.output_slot, control);
          if (!g_hash_table_add (seen, key))
            continue;
          g_array_append_val (whole->edges, edge);
        }
    }
}

TdbgWholeGraph *
tdbg_whole_graph_new (TdbgLogdir *logdir, guint32 graph, gboolean collapse, GHashTable *toggled)
{
  TdbgWholeGraph *whole;

  g_return_val_if_fail (graph < tdbg_logdir_get_n_graphs (logdir), NULL);
  whole = g_new0 (TdbgWholeGraph, 1);
  whole->graph = graph;
  whole->nodes = g_array_new (FALSE, TRUE, sizeof (TdbgWholeNode));
  g_array_set_clear_func (whole->nodes, clear_node);
  whole->edges = g_array_new (FALSE, TRUE, sizeof (TdbgWholeEdge));
  whole->scopes = g_ptr_array_new_with_free_func (g_free);
  whole->node_of_op = g_hash_table_new (g_direct_hash, g_direct_equal);
  add_nodes (whole, logdir, collapse, toggled);
  add_edges (whole, logdir);
  return whole;
}

void
tdbg_whole_graph_free (TdbgWholeGraph *whole)
{
  if (whole == NULL)
    return;
  g_array_unref (whole->nodes);
  g_array_unref (whole->edges);
  g_ptr_array_unref (whole->scopes);
  g_hash_table_unref (whole->node_of_op);
  g_free (whole);
}

gint
tdbg_whole_graph_find_op (TdbgWholeGraph *whole, guint32 op)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (whole->node_of_op, GUINT_TO_POINTER (op))) - 1;
}

gint
tdbg_whole_graph_node_from_name (TdbgWholeGraph *whole, const char *name)
{
  char *end = NULL;
  guint64 i;

  if (name == NULL || name[0] != 'n' || !g_ascii_isdigit (name[1]))
    return -1;
  i = g_ascii_strtoull (name + 1, &end, 10);
  return *end == '\0' && i < whole->nodes->len ? (gint) i : -1;
}

guint32
tdbg_whole_graph_node_op (TdbgWholeGraph *whole, guint node)
{
  GHashTableIter iter;
  gpointer op, at;
  guint32 first = TDBG_NONE;

  if (node >= whole->nodes->len)
    return TDBG_NONE;
  if (g_array_index (whole->nodes, TdbgWholeNode, node).kind == TDBG_WHOLE_NODE_OP)
    return g_array_index (whole->nodes, TdbgWholeNode, node).op;
  g_hash_table_iter_init (&iter, whole->node_of_op);
  while (g_hash_table_iter_next (&iter, &op, &at))
    if (GPOINTER_TO_UINT (at) == node + 1 && GPOINTER_TO_UINT (op) < first)
      first = GPOINTER_TO_UINT (op);
  return first;
}

const char *
tdbg_whole_graph_scope_from_cluster (TdbgWholeGraph *whole, const char *name)
{
  char *end = NULL;
  guint64 s;

  if (name == NULL || !g_str_has_prefix (name, "cluster_") || !g_ascii_isdigit (name[strlen ("cluster_")]))
    return NULL;
  s = g_ascii_strtoull (name + strlen ("cluster_"), &end, 10);
  return *end == '\0' && s < whole->scopes->len ? g_ptr_array_index (whole->scopes, s) : NULL;
}

gboolean
tdbg_whole_graph_equal (TdbgWholeGraph *a, TdbgWholeGraph *b)
{
  if (a->graph != b->graph || a->n_ops != b->n_ops || a->nodes->len != b->nodes->len || a->edges->len != b->edges->len)
    return FALSE;
  for (guint i = 0; i < a->nodes->len; i++)
    {
      const TdbgWholeNode *x = &g_array_index (a->nodes, TdbgWholeNode, i);
      const TdbgWholeNode *y = &g_array_index (b->nodes, TdbgWholeNode, i);
      if (x->kind != y->kind || x->op != y->op || g_strcmp0 (x->scope, y->scope) != 0 || x->n_ops != y->n_ops ||
          x->n_inf_nan != y->n_inf_nan || x->n_traced != y->n_traced)
        return FALSE;
    }
  return memcmp (a->edges->data, b->edges->data, a->edges->len * sizeof (TdbgWholeEdge)) == 0;
}

typedef struct {
  const char *fg, *fill, *bad_fill, *untraced, *cluster;
} Palette;

static void
append_node (GString *dot, TdbgWholeGraph *whole, TdbgLogdir *logdir, guint i, const Palette *p, TdbgDotNames names)
{
  const TdbgWholeNode *node = &g_array_index (whole->nodes, TdbgWholeNode, i);
  g_autofree char *first = NULL, *second = NULL, *tooltip = NULL;

  if (node->kind == TDBG_WHOLE_NODE_SCOPE)
    {
      first = tdbg_dot_label_name (node->scope, names);
      /* Not translated: the data layer has no gettext; the window relabels nodes itself. */
      second = g_strdup_printf ("%u ops", node->n_ops);
      tooltip = tdbg_dot_escape (node->scope, MAX_LABEL_CHARS);
    }
  else
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, node->op);
      first = tdbg_dot_label_name (op->op_name, names);
      second = tdbg_dot_escape (op->op_type ? op->op_type : "?", MAX_LABEL_CHARS);
      tooltip = tdbg_dot_escape (op->op_name, MAX_LABEL_CHARS);
    }
  g_string_append_printf (dot, "  n%u [label=\"%s%s\\n%s\", tooltip=\"%s\"", i, first,
                          node->kind == TDBG_WHOLE_NODE_SCOPE ? "/" : "", second, tooltip);
  if (node->kind == TDBG_WHOLE_NODE_SCOPE)
    g_string_append (dot, ", shape=box3d, style=\"filled\", penwidth=1.5");
  if (node->n_inf_nan > 0)
    g_string_append_printf (dot, ", fillcolor=\"%s\"", p->bad_fill);
  else if (node->n_traced == 0)
    g_string_append_printf (dot, ", style=\"rounded,filled,dotted\", color=\"%s\", fontcolor=\"%s\"",
                            p->untraced, p->untraced);
  g_string_append (dot, "];\n");
}

/* The ops of one unfolded scope, boxed together. */
static void
append_cluster (GString *dot, TdbgWholeGraph *whole, guint s, const Palette *p)
{
  const char *scope = g_ptr_array_index (whole->scopes, s);
  g_autofree char *label = tdbg_dot_escape (scope, MAX_LABEL_CHARS);
  gboolean any = FALSE;

  for (guint i = 0; i < whole->nodes->len; i++)
    {
      const TdbgWholeNode *node = &g_array_index (whole->nodes, TdbgWholeNode, i);
      if (node->kind != TDBG_WHOLE_NODE_OP || g_strcmp0 (node->scope, scope) != 0)
        continue;
      if (!any)
        g_string_append_printf (dot, "  subgraph cluster_%u {\n    label=\"%s/\"; style=\"rounded,dashed\"; color=\"%s\";\n",
                                s, label, p->cluster);
      any = TRUE;
      g_string_append_printf (dot, "    n%u;\n", i);
    }
  if (any)
    g_string_append (dot, "  }\n");
}

char *
tdbg_whole_graph_to_dot (TdbgWholeGraph *whole, TdbgLogdir *logdir, gboolean dark, TdbgDotNames names)
{
  GString *dot = g_string_new (NULL);
  const Palette p = {
    dark ? "#eeeeec" : "#241f31", dark ? "#303030" : "#ffffff", dark ? "#a51d2d" : "#f8c8c8",
    dark ? "#9a9996" : "#77767b", dark ? "#77767b" : "#9a9996",
  };

  /* nslimit bounds the network simplex that places nodes across (2 × nodes iterations): on
   * whole graphs of thousands of ops it is most of dot's time (2,000 ops: 48 s of CPU
   * without, 18 s with, bench-graph-layout), and the layouts look the same; small graphs
   * converge well within it. */
  g_string_append_printf (dot,
                          "digraph whole_graph {\n"
                          "  graph [rankdir=TB, bgcolor=\"transparent\", nodesep=0.3, ranksep=0.45, nslimit=2, fontname=\"Sans\", fontsize=10, fontcolor=\"%s\"];\n"
                          "  node [shape=box, style=\"rounded,filled\", fontname=\"Sans\", fontsize=10, color=\"%s\", fontcolor=\"%s\", fillcolor=\"%s\"];\n"
                          "  edge [color=\"%s\", fontname=\"Sans\", fontsize=8, fontcolor=\"%s\"];\n",
                          p.fg, p.fg, p.fg, p.fill, p.fg, p.fg);
  for (guint i = 0; i < whole->nodes->len; i++)
    append_node (dot, whole, logdir, i, &p, names);
  for (guint s = 0; s < whole->scopes->len; s++)
    append_cluster (dot, whole, s, &p);
  for (guint i = 0; i < whole->edges->len; i++)
    {
      const TdbgWholeEdge *e = &g_array_index (whole->edges, TdbgWholeEdge, i);
      if (e->control)
        g_string_append_printf (dot, "  n%u -> n%u [style=dashed];\n", e->from, e->to);
      else if (e->output_slot > 0)
        g_string_append_printf (dot, "  n%u -> n%u [label=\":%u\"];\n", e->from, e->to, e->output_slot);
      else
        g_string_append_printf (dot, "  n%u -> n%u;\n", e->from, e->to);
    }
  g_string_append (dot, "}\n");
  return g_string_free (dot, FALSE);
}

/* "model › dense": @graph's name after those of the graphs that hold it. */
static void
append_chain (GString *s, TdbgLogdir *logdir, guint32 graph)
{
  const TdbgGraph *g = tdbg_logdir_get_graph (logdir, graph);

  if (g->outer != TDBG_NONE)
    {
      append_chain (s, logdir, g->outer);
      g_string_append (s, " › ");
    }
  g_string_append (s, g->graph_name && *g->graph_name ? g->graph_name : g->graph_id);
}

guint32
tdbg_whole_graph_lookup (TdbgLogdir *logdir, const char *id, GError **error)
{
  guint32 graph = tdbg_logdir_find_graph (logdir, id);
  g_autoptr(GArray) named = NULL;
  g_autoptr(GString) list = NULL;

  if (graph != TDBG_NONE)
    return graph;
  named = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 i = 0; i < tdbg_logdir_get_n_graphs (logdir); i++)
    if (g_strcmp0 (tdbg_logdir_get_graph (logdir, i)->graph_name, id) == 0)
      g_array_append_val (named, i);
  if (named->len == 1)
    return g_array_index (named, guint32, 0);
  if (named->len == 0)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, _("No graph “%s” in the logdir"), id);
      return TDBG_NONE;
    }
  list = g_string_new (NULL);
  for (guint i = 0; i < named->len; i++)
    {
      guint32 g = g_array_index (named, guint32, i);
      const TdbgGraph *graph_i = tdbg_logdir_get_graph (logdir, g);
      g_string_append_printf (list, "\n  %s  ", graph_i->graph_id);
      append_chain (list, logdir, g);
      if (graph_i->outer != TDBG_NONE)
        /* Translators: after a nested graph's chain of names: the id of the graph that holds it */
        g_string_append_printf (list, _("  (inside %s)"), tdbg_logdir_get_graph (logdir, graph_i->outer)->graph_id);
    }
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID,
               /* Translators: a graph name, how many graphs have it, then one line per graph: its id and outer graphs */
               _("“%s” names %u graphs; give one of their ids:%s"), id, named->len, list->str);
  return TDBG_NONE;
}
