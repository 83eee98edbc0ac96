/* SPDX-License-Identifier: GPL-3.0-or-later */
/* GraphDef attributes as a person and a script read them, from a GraphDef the fuzz corpus keeps
 * (tests/fuzz/corpus/graph-def/matmul-const: a MatMul and a Const with every kind of value). */

#include <string.h>
#include <glib.h>

#include "tdbg-graph-def.h"

static Tensorflow__GraphDef *
load_sample (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "graph-def", "matmul-const", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GBytes) bytes = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new (contents, length);
  return tdbg_graph_def_parse (bytes, NULL);
}

static const char *
attr (char **pairs, const char *name)
{
  for (char **p = pairs; p[0] && p[1]; p += 2)
    if (g_str_equal (p[0], name))
      return p[1];
  return NULL;
}

static void
test_attrs_text (void)
{
  g_autoptr(Tensorflow__GraphDef) def = load_sample ();
  const Tensorflow__NodeDef *matmul, *constant;
  g_auto(GStrv) matmul_attrs = NULL, const_attrs = NULL;

  g_assert_nonnull (def);
  matmul = tdbg_graph_def_find_node (def, "MatMul");
  constant = tdbg_graph_def_find_node (def, "c");
  g_assert_nonnull (matmul);
  g_assert_nonnull (constant);
  g_assert_null (tdbg_graph_def_find_node (def, "nothing"));
  g_assert_cmpuint (matmul->n_input, ==, 3);
  g_assert_cmpstr (matmul->input[2], ==, "^init");

  matmul_attrs = tdbg_graph_def_attrs_text (matmul);
  g_assert_cmpstr (matmul_attrs[0], ==, "T"); /* sorted by name */
  g_assert_cmpstr (attr (matmul_attrs, "T"), ==, "DT_FLOAT");
  g_assert_cmpstr (attr (matmul_attrs, "transpose_a"), ==, "true");

  const_attrs = tdbg_graph_def_attrs_text (constant);
  g_assert_cmpstr (attr (const_attrs, "strides"), ==, "[1, 2, 2, 1]");
  g_assert_cmpstr (attr (const_attrs, "f"), ==, "__inference_f_12");
  g_assert_true (g_str_has_prefix (attr (const_attrs, "value"), "DT_FLOAT [2] = [1.5"));
}

static void
test_attrs_json (void)
{
  g_autoptr(Tensorflow__GraphDef) def = load_sample ();
  g_autoptr(TdbgJson) json = tdbg_json_new (FALSE);
  g_autofree char *text = NULL;

  tdbg_graph_def_attrs_json (json, tdbg_graph_def_find_node (def, "MatMul"));
  text = tdbg_json_free_to_string (g_steal_pointer (&json));
  g_assert_cmpstr (text, ==, "{\"T\":\"DT_FLOAT\",\"transpose_a\":true}");
}

static void
test_dtype_names (void)
{
  g_assert_cmpstr (tdbg_graph_def_dtype_name (1), ==, "DT_FLOAT");
  g_assert_cmpstr (tdbg_graph_def_dtype_name (23), ==, "DT_UINT64");
  g_assert_cmpstr (tdbg_graph_def_dtype_name (101), ==, "DT_FLOAT_REF");
  g_assert_cmpstr (tdbg_graph_def_dtype_name (77), ==, "DT_INVALID");
  g_assert_cmpstr (tdbg_graph_def_dtype_name (-3), ==, "DT_INVALID");
}

static void
test_not_a_graph_def (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static ("\xff\xff\xff", 3);
  g_autoptr(GError) error = NULL;
  g_assert_null (tdbg_graph_def_parse (bytes, &error));
  g_assert_nonnull (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/graph-def/attrs-text", test_attrs_text);
  g_test_add_func ("/graph-def/attrs-json", test_attrs_json);
  g_test_add_func ("/graph-def/dtype-names", test_dtype_names);
  g_test_add_func ("/graph-def/not-a-graph-def", test_not_a_graph_def);
  return g_test_run ();
}
