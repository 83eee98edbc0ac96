/* SPDX-License-Identifier: GPL-3.0-or-later */
/* GraphDef decoding of hostile bytes, and every node's attributes as text and as JSON. */
#include <glib.h>
#include "tdbg-graph-def.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(Tensorflow__GraphDef) graph_def = tdbg_graph_def_parse (bytes, NULL);

  if (graph_def == NULL)
    return 0;
  for (gsize i = 0; i < graph_def->n_node; i++)
    {
      g_auto(GStrv) pairs = tdbg_graph_def_attrs_text (graph_def->node[i]);
      g_autoptr(TdbgJson) json = tdbg_json_new (FALSE);
      g_autofree char *text = NULL;

      g_assert_true (g_strv_length (pairs) % 2 == 0);
      for (char **p = pairs; *p; p++)
        g_assert_true (g_utf8_validate (*p, -1, NULL));
      tdbg_graph_def_attrs_json (json, graph_def->node[i]);
      text = tdbg_json_free_to_string (g_steal_pointer (&json));
      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_true (tdbg_graph_def_find_node (graph_def, graph_def->node[i]->name) != NULL);
    }
  return 0;
}
