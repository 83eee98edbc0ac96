/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A whole graph as nodes and edges (data/analysis/tdbg-graph-dot.c) and as Graphviz lays it out
 * (data/graph): scopes folded all at once or each on its own, two builds compared, DOT
 * clusters named back to their scopes, and what the window draws read back from the layout:
 * the boxes of open scopes with their labels, dashed control edges, ops never traced dotted,
 * folded scopes raised. */

#include <string.h>
#include "big-graph.h"
#include "tdbg-graph-dot.h"
#include "tdbg-graph-export.h"
#include "test-env.h"
#include "test-util.h"

#define N_SCOPES 4
#define OPS_PER_SCOPE 5

typedef struct {
  char *dir;
  TdbgLogdir *logdir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = test_make_temp_dir ();
  big_graph_write (f->dir, N_SCOPES, OPS_PER_SCOPE);
  f->logdir = test_load_logdir (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_object_unref (f->logdir);
  test_remove_tree (f->dir);
  g_free (f->dir);
}

static GHashTable *
scope_set (const char *first, ...)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  va_list args;

  va_start (args, first);
  for (const char *s = first; s; s = va_arg (args, const char *))
    g_hash_table_add (set, g_strdup (s));
  va_end (args);
  return set;
}

static guint
count_kind (TdbgWholeGraph *whole, TdbgWholeNodeKind kind)
{
  guint n = 0;

  for (guint i = 0; i < whole->nodes->len; i++)
    n += g_array_index (whole->nodes, TdbgWholeNode, i).kind == kind;
  return n;
}

/* Folded by default, a toggled scope is open; open by default, a toggled scope is folded.
 * Collapsing one scope takes its ops' nodes away, opening it brings them back. */
static void
test_toggled (Fixture *f, gconstpointer data)
{
  const guint n_ops = N_SCOPES * OPS_PER_SCOPE;
  g_autoptr(GHashTable) one = scope_set ("layer_1", NULL);
  g_autoptr(TdbgWholeGraph) open = tdbg_whole_graph_new (f->logdir, 0, FALSE, NULL);
  g_autoptr(TdbgWholeGraph) folded = tdbg_whole_graph_new (f->logdir, 0, TRUE, NULL);
  g_autoptr(TdbgWholeGraph) one_folded = tdbg_whole_graph_new (f->logdir, 0, FALSE, one);
  g_autoptr(TdbgWholeGraph) one_open = tdbg_whole_graph_new (f->logdir, 0, TRUE, one);
  guint32 op = test_find_op (f->logdir, "layer_1/op_3");
  gint node;

  g_assert_cmpuint (open->nodes->len, ==, n_ops);
  g_assert_cmpuint (folded->nodes->len, ==, N_SCOPES);
  g_assert_cmpuint (one_folded->nodes->len, ==, n_ops - OPS_PER_SCOPE + 1);
  g_assert_cmpuint (count_kind (one_folded, TDBG_WHOLE_NODE_SCOPE), ==, 1);
  g_assert_cmpuint (one_open->nodes->len, ==, N_SCOPES - 1 + OPS_PER_SCOPE);
  g_assert_cmpuint (count_kind (one_open, TDBG_WHOLE_NODE_OP), ==, OPS_PER_SCOPE);

  /* The folded scope's node stands for its ops: the first of them is its op. */
  node = tdbg_whole_graph_find_op (one_folded, op);
  g_assert_cmpint (node, >=, 0);
  g_assert_cmpint (g_array_index (one_folded->nodes, TdbgWholeNode, node).kind, ==, TDBG_WHOLE_NODE_SCOPE);
  g_assert_cmpuint (tdbg_whole_graph_node_op (one_folded, node), ==, test_find_op (f->logdir, "layer_1/op_0"));
  node = tdbg_whole_graph_find_op (one_open, op);
  g_assert_cmpuint (tdbg_whole_graph_node_op (one_open, node), ==, op);
  g_assert_cmpuint (tdbg_whole_graph_node_op (one_open, 10000), ==, TDBG_NONE);
}

static void
test_equal (Fixture *f, gconstpointer data)
{
  g_autoptr(GHashTable) one = scope_set ("layer_2", NULL);
  g_autoptr(TdbgWholeGraph) a = tdbg_whole_graph_new (f->logdir, 0, FALSE, NULL);
  g_autoptr(TdbgWholeGraph) b = tdbg_whole_graph_new (f->logdir, 0, FALSE, NULL);
  g_autoptr(TdbgWholeGraph) c = tdbg_whole_graph_new (f->logdir, 0, FALSE, one);

  g_assert_true (tdbg_whole_graph_equal (a, b));
  g_assert_false (tdbg_whole_graph_equal (a, c));
}

static void
test_scope_from_cluster (Fixture *f, gconstpointer data)
{
  g_autoptr(TdbgWholeGraph) open = tdbg_whole_graph_new (f->logdir, 0, FALSE, NULL);

  g_assert_cmpuint (open->scopes->len, ==, N_SCOPES);
  g_assert_cmpstr (tdbg_whole_graph_scope_from_cluster (open, "cluster_0"), ==, "layer_0");
  g_assert_cmpstr (tdbg_whole_graph_scope_from_cluster (open, "cluster_3"), ==, "layer_3");
  g_assert_null (tdbg_whole_graph_scope_from_cluster (open, "cluster_4"));
  g_assert_null (tdbg_whole_graph_scope_from_cluster (open, "cluster_1x"));
  g_assert_null (tdbg_whole_graph_scope_from_cluster (open, "n1"));
  g_assert_null (tdbg_whole_graph_scope_from_cluster (open, NULL));
}

static const TdbgLayoutNode *
layout_node (TdbgGraphLayout *layout, TdbgWholeGraph *whole, TdbgLogdir *logdir, const char *op)
{
  g_autofree char *name = g_strdup_printf ("n%d", tdbg_whole_graph_find_op (whole, test_find_op (logdir, op)));
  const TdbgLayoutNode *node = tdbg_graph_layout_find_node (layout, name);

  g_assert_nonnull (node);
  return node;
}

/* Graphviz's layout, read back: one labelled box per open scope around its ops, one dashed
 * edge per control input, untraced ops dotted, the one folded scope raised. */
static void
test_layout (Fixture *f, gconstpointer data)
{
  g_autoptr(GHashTable) one = scope_set ("layer_3", NULL);
  g_autoptr(TdbgWholeGraph) whole = tdbg_whole_graph_new (f->logdir, 0, FALSE, one);
  g_autofree char *dot = tdbg_whole_graph_to_dot (whole, f->logdir, FALSE, TDBG_DOT_WHOLE_NAMES);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgGraphLayout) layout = tdbg_graph_layout_dot (dot, &error);
  guint dashed = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (layout->clusters->len, ==, N_SCOPES - 1);
  for (guint i = 0; i < layout->clusters->len; i++)
    {
      const TdbgLayoutCluster *c = &g_array_index (layout->clusters, TdbgLayoutCluster, i);
      const char *scope = tdbg_whole_graph_scope_from_cluster (whole, c->name);
      g_autofree char *label = g_strconcat (scope, "/", NULL);
      g_autofree char *op = g_strconcat (scope, "/op_2", NULL);
      const TdbgLayoutNode *n = layout_node (layout, whole, f->logdir, op);

      g_assert_cmpstr (c->label, ==, label);
      g_assert_true (tdbg_graph_style_has (c->style, "dashed"));
      g_assert_true (c->width > 0 && c->height > 0);
      g_assert_true (n->x > c->x && n->x < c->x + c->width && n->y > c->y && n->y < c->y + c->height);
      /* The label sits at the top of its box. */
      g_assert_true (c->label_y > c->y && c->label_y < n->y);
    }
  for (guint i = 0; i < layout->edges->len; i++)
    dashed += tdbg_graph_style_has (g_array_index (layout->edges, TdbgLayoutEdge, i).style, "dashed");
  /* A control input per open scope; the folded one's loops onto itself and is not drawn. */
  g_assert_cmpuint (dashed, ==, N_SCOPES - 1);
  g_assert_true (tdbg_graph_style_has (layout_node (layout, whole, f->logdir, "layer_0/op_0")->style, "dotted"));
  g_assert_false (tdbg_graph_style_has (layout_node (layout, whole, f->logdir, "layer_0/op_1")->style, "dotted"));
  g_assert_true (tdbg_graph_style_has (layout_node (layout, whole, f->logdir, "layer_1/op_1")->style, "dotted"));
  g_assert_cmpstr (layout_node (layout, whole, f->logdir, "layer_3/op_1")->shape, ==, "box3d");
  g_assert_cmpstr (layout_node (layout, whole, f->logdir, "layer_2/op_4")->fill_color, ==, "#f8c8c8");
  tdbg_graph_export_shutdown ();
}

static void
test_style_has (void)
{
  g_assert_true (tdbg_graph_style_has ("rounded,filled,dotted", "dotted"));
  g_assert_true (tdbg_graph_style_has ("rounded, dashed", "dashed"));
  g_assert_false (tdbg_graph_style_has ("rounded,filled", "dotted"));
  g_assert_false (tdbg_graph_style_has ("dottedline", "dotted"));
  g_assert_false (tdbg_graph_style_has (NULL, "dotted"));
  g_assert_false (tdbg_graph_style_has ("", "dotted"));
}

/* The window's graph names an op of a long name by its last scopes and keeps the whole name in
 * the tooltip; the exported picture names it whole (the tutorial's backward MatMul). */
static void
test_short_names (void)
{
  g_autofree char *dir = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) logdir = test_load_logdir (dir);
  const char *whole_name = "gradients/MatMul_1_grad/MatMul";
  guint32 graph = TDBG_NONE;

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir) && graph == TDBG_NONE; i++)
    if (g_strcmp0 (tdbg_logdir_get_op (logdir, i)->op_name, whole_name) == 0)
      graph = tdbg_logdir_get_op (logdir, i)->graph;
  g_assert_cmpuint (graph, !=, TDBG_NONE);
  {
    /* Every scope open. */
    g_autoptr(TdbgWholeGraph) whole = tdbg_whole_graph_new (logdir, graph, FALSE, NULL);
    g_autofree char *shown = tdbg_whole_graph_to_dot (whole, logdir, FALSE, TDBG_DOT_SHORT_NAMES);
    g_autofree char *exported = tdbg_whole_graph_to_dot (whole, logdir, FALSE, TDBG_DOT_WHOLE_NAMES);

    g_assert_nonnull (strstr (shown, "label=\"…/MatMul_1_grad/MatMul\\nMatMul\", tooltip=\"gradients/MatMul_1_grad/MatMul\""));
    g_assert_nonnull (strstr (exported, "label=\"gradients/MatMul_1_grad/MatMul\\nMatMul\", tooltip=\"gradients/MatMul_1_grad/MatMul\""));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/whole-graph/toggled", Fixture, NULL, fixture_set_up, test_toggled, fixture_tear_down);
  g_test_add ("/whole-graph/equal", Fixture, NULL, fixture_set_up, test_equal, fixture_tear_down);
  g_test_add ("/whole-graph/scope-from-cluster", Fixture, NULL, fixture_set_up, test_scope_from_cluster,
              fixture_tear_down);
  g_test_add ("/whole-graph/layout", Fixture, NULL, fixture_set_up, test_layout, fixture_tear_down);
  g_test_add_func ("/whole-graph/style-has", test_style_has);
  g_test_add_func ("/whole-graph/short-names", test_short_names);
  return g_test_run ();
}
