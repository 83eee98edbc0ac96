/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The names two runs share: a graph's name without its numeric suffix, the chain of them from
 * the outermost graph in, and the key of an op output built from them. */
#include "tdbg-compare-private.h"

#include <string.h>

char *
tdbg_compare_strip_suffix (const char *name)
{
  gsize n = name ? strlen (name) : 0, digits = 0;

  while (digits < n && g_ascii_isdigit (name[n - 1 - digits]))
    digits++;
  /* A name that is only "_<digits>" keeps it: no graph is named "". */
  if (digits > 0 && digits + 1 < n && name[n - 1 - digits] == '_')
    return g_strndup (name, n - 1 - digits);
  return g_strdup (name ? name : "");
}

struct _TdbgKeyMap {
  TdbgLogdir *logdir;
  GHashTable *names;
  GPtrArray *keys;
  char **chains;     /* per graph: "outer/…/inner" stripped, made when first asked */
  GArray **slots;    /* per op: guint32 key id per output slot, TDBG_NONE until asked */
  guint n_graphs, n_ops;
};

TdbgKeyMap *
_tdbg_key_map_new (TdbgLogdir *logdir, GHashTable *names, GPtrArray *keys)
{
  TdbgKeyMap *map = g_new0 (TdbgKeyMap, 1);
  map->logdir = g_object_ref (logdir);
  map->names = names;
  map->keys = keys;
  map->n_graphs = tdbg_logdir_get_n_graphs (logdir);
  map->n_ops = tdbg_logdir_get_n_ops (logdir);
  map->chains = g_new0 (char *, map->n_graphs);
  map->slots = g_new0 (GArray *, map->n_ops);
  return map;
}

void
_tdbg_key_map_free (TdbgKeyMap *map)
{
  for (guint i = 0; i < map->n_graphs; i++)
    g_free (map->chains[i]);
  for (guint i = 0; i < map->n_ops; i++)
    if (map->slots[i])
      g_array_unref (map->slots[i]);
  g_free (map->chains);
  g_free (map->slots);
  g_object_unref (map->logdir);
  g_free (map);
}

guint32
_tdbg_key_intern (GHashTable *names, GPtrArray *keys, const char *text)
{
  gpointer id;

  if (g_hash_table_lookup_extended (names, text, NULL, &id))
    return GPOINTER_TO_UINT (id) - 1;
  g_ptr_array_add (keys, g_strdup (text));
  g_hash_table_insert (names, g_ptr_array_index (keys, keys->len - 1), GUINT_TO_POINTER (keys->len));
  return keys->len - 1;
}

/* "train_step/standardize" for graph standardize_12 inside train_step_7. */
static const char *
chain_of (TdbgKeyMap *map, guint32 graph)
{
  GPtrArray *names;
  GString *chain;

  if (graph >= map->n_graphs)
    return "";
  if (map->chains[graph])
    return map->chains[graph];
  names = g_ptr_array_new_with_free_func (g_free);
  /* Outward from @graph; a cycle in a hostile logdir stops after as many graphs as there are. */
  for (guint32 g = graph, depth = 0; g != TDBG_NONE && g < map->n_graphs && depth < map->n_graphs; depth++)
    {
      const TdbgGraph *info = tdbg_logdir_get_graph (map->logdir, g);
      g_ptr_array_add (names, tdbg_compare_strip_suffix (info->graph_name));
      g = info->outer;
    }
  chain = g_string_new (NULL);
  for (guint i = names->len; i > 0; i--)
    g_string_append_printf (chain, "%s%s", chain->len ? "/" : "", (const char *) g_ptr_array_index (names, i - 1));
  g_ptr_array_unref (names);
  map->chains[graph] = g_string_free (chain, FALSE);
  return map->chains[graph];
}

guint32
_tdbg_key_map_get (TdbgKeyMap *map, guint32 op, guint slot)
{
  const TdbgOp *info;
  const char *chain;
  g_autofree char *text = NULL;
  guint32 *ids, id;

  if (op >= map->n_ops)
    return TDBG_NONE;
  if (map->slots[op] == NULL)
    map->slots[op] = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (slot >= map->slots[op]->len)
    {
      guint old = map->slots[op]->len;
      g_array_set_size (map->slots[op], slot + 1);
      for (guint i = old; i <= slot; i++)
        g_array_index (map->slots[op], guint32, i) = TDBG_NONE;
    }
  ids = (guint32 *) map->slots[op]->data;
  if (ids[slot] != TDBG_NONE)
    return ids[slot];
  info = tdbg_logdir_get_op (map->logdir, op);
  chain = chain_of (map, info->graph);
  text = g_strdup_printf ("%s%s%s:%u", chain, *chain ? "/" : "", info->op_name ? info->op_name : "", slot);
  id = _tdbg_key_intern (map->names, map->keys, text);
  ids[slot] = id;
  return id;
}
