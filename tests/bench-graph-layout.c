/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long the whole-graph browser's layout takes: graphs of thousands of ops made with the
 * fixture writer (see big-graph.h), each laid out by Graphviz as the layout thread does it,
 * with every top-level name scope folded and with every op a node.
 *
 * Whole layouts grow much faster than the graph (2,000 ops took minutes where 1,000 took
 * seconds), so above --whole-max ops only the folded layout is timed.
 *
 * usage: bench-graph-layout --dir DIR [--ops N,N…] [--whole-max N]   (meson test --benchmark graph-layout) */

#include <stdio.h>
#include <stdlib.h>
#include <glib.h>
#include "big-graph.h"
#include "tdbg-graph-dot.h"
#include "tdbg-graph-export.h"
#include "test-util.h"

#define OPS_PER_SCOPE 40

/* Seconds to build the DOT and lay it out; the node count through @n_nodes. */
static double
time_layout (TdbgLogdir *logdir, gboolean folded, guint *n_nodes)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(TdbgWholeGraph) whole = tdbg_whole_graph_new (logdir, 0, folded, NULL);
  g_autofree char *dot = tdbg_whole_graph_to_dot (whole, logdir, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgGraphLayout) layout = tdbg_graph_layout_dot (dot, &error);

  if (layout == NULL)
    g_error ("layout: %s", error->message);
  *n_nodes = layout->nodes->len;
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *ops = g_strdup ("1000,2000,4000,8000");
  gint whole_max = 2000;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Folder for the generated logdirs", "DIR" },
    { "ops", 0, 0, G_OPTION_ARG_STRING, &ops, "Graph sizes in ops (default 1000,2000,4000,8000)", "N,N" },
    { "whole-max", 0, 0, G_OPTION_ARG_INT, &whole_max, "Largest graph laid out whole (default 2000)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— whole-graph layout times");
  g_auto(GStrv) sizes = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, NULL) || dir == NULL)
    {
      fprintf (stderr, "usage: bench-graph-layout --dir DIR [--ops N,N…]\n");
      return 2;
    }
  sizes = g_strsplit (ops, ",", -1);
  for (guint i = 0; sizes[i]; i++)
    {
      guint n_scopes = MAX ((guint) atoi (sizes[i]) / OPS_PER_SCOPE, 1);
      g_autofree char *sub = g_strdup_printf ("%s/graph-%u", dir, n_scopes * OPS_PER_SCOPE);
      guint n_ops, folded_nodes, whole_nodes;
      double folded, whole;
      g_autoptr(TdbgLogdir) logdir = NULL;

      test_remove_tree (sub);
      n_ops = big_graph_write (sub, n_scopes, OPS_PER_SCOPE);
      logdir = test_load_logdir (sub);
      folded = time_layout (logdir, TRUE, &folded_nodes);
      if (n_ops > (guint) whole_max)
        {
          printf ("%5u ops: folded %4u nodes %7.3f s | whole: not timed (over %d ops)\n", n_ops, folded_nodes, folded,
                  whole_max);
          fflush (stdout);
          continue;
        }
      whole = time_layout (logdir, FALSE, &whole_nodes);
      printf ("%5u ops: folded %4u nodes %7.3f s | whole %5u nodes %7.2f s\n", n_ops, folded_nodes, folded,
              whole_nodes, whole);
      fflush (stdout);
    }
  tdbg_graph_export_shutdown ();
  return 0;
}
