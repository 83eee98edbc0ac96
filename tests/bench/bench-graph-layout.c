/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long the whole-graph browser's layout takes: graphs of thousands of ops made with the
 * fixture writer (see big-graph.h), each laid out by Graphviz as the layout thread does it,
 * with every top-level name scope folded and with every op a node.
 *
 * Whole layouts grow much faster than the graph (2,000 ops: 18 s of CPU where 1,000 take 2 s,
 * with nslimit=2; 48 s and 5 s without), so above --whole-max ops only the folded layout is
 * timed. --graph-attrs tries Graphviz attributes on top of the browser's own, --png-dir draws
 * the whole layouts to look at what they do to the picture.
 *
 * usage: bench-graph-layout --dir DIR [--ops N,N…] [--whole-max N] [--graph-attrs ATTRS]   (meson test --benchmark graph-layout) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib.h>
#include "big-graph.h"
#include "tdbg-graph-dot.h"
#include "tdbg-graph-export.h"
#include "test-util.h"

#define OPS_PER_SCOPE 40

/* Graph attributes tried on top of the browser's own (--graph-attrs), or NULL. */
static char *extra_attrs;
/* Where to draw the whole layouts as PNG (--png-dir), to look at them; NULL for nowhere. */
static char *png_dir;

/* Seconds of this process's CPU so far: on a shared machine wall times wander with the load,
 * CPU times compare layouts fairly. */
static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Seconds to build the DOT and lay it out (and CPU seconds through @cpu); the node count
 * through @n_nodes. */
static double
time_layout (TdbgLogdir *logdir, gboolean folded, guint *n_nodes, double *cpu)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_seconds ();
  g_autoptr(TdbgWholeGraph) whole = tdbg_whole_graph_new (logdir, 0, folded, NULL);
  g_autofree char *dot = tdbg_whole_graph_to_dot (whole, logdir, FALSE, TDBG_DOT_SHORT_NAMES);
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgGraphLayout) layout = NULL;

  if (extra_attrs)
    {
      /* After the graph's own attributes, so that these win. */
      char *body = strstr (dot, "\n  node [");
      g_autofree char *head = g_strndup (dot, body - dot);
      g_autofree char *with = g_strdup_printf ("%s\n  graph [%s];%s", head, extra_attrs, body);
      g_free (g_steal_pointer (&dot));
      dot = g_steal_pointer (&with);
    }
  layout = tdbg_graph_layout_dot (dot, &error);

  if (layout == NULL)
    g_error ("layout: %s", error->message);
  *n_nodes = layout->nodes->len;
  *cpu = cpu_seconds () - cpu_start;
  if (png_dir && !folded)
    {
      g_autofree char *path = g_strdup_printf ("%s/whole-%u.png", png_dir, whole->n_ops);
      /* Image tools refuse pictures of more than 16,000 pixels a side. */
      double dpi = MIN (36.0, 15000.0 * 72.0 / MAX (layout->width, layout->height));
      g_autofree char *small = g_strdup_printf ("digraph whole_graph {\n  graph [dpi=%.1f];%s", dpi,
                                                dot + strlen ("digraph whole_graph {"));
      if (!tdbg_graph_render_dot_file (small, "png", path, &error))
        g_error ("drawing %s: %s", path, error->message);
    }
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
    { "graph-attrs", 0, 0, G_OPTION_ARG_STRING, &extra_attrs, "Graphviz graph attributes to try (\"nslimit=2, mclimit=0.5\")",
      "ATTRS" },
    { "png-dir", 0, 0, G_OPTION_ARG_FILENAME, &png_dir, "Draw each whole layout into DIR/whole-N.png", "DIR" },
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
      double folded, whole, folded_cpu, whole_cpu;
      g_autoptr(TdbgLogdir) logdir = NULL;

      test_remove_tree (sub);
      n_ops = big_graph_write (sub, n_scopes, OPS_PER_SCOPE);
      logdir = test_load_logdir (sub);
      folded = time_layout (logdir, TRUE, &folded_nodes, &folded_cpu);
      if (n_ops > (guint) whole_max)
        {
          printf ("%5u ops: folded %4u nodes %7.3f s | whole: not timed (over %d ops)\n", n_ops, folded_nodes, folded,
                  whole_max);
          fflush (stdout);
          continue;
        }
      whole = time_layout (logdir, FALSE, &whole_nodes, &whole_cpu);
      printf ("%5u ops: folded %4u nodes %7.3f s | whole %5u nodes %7.2f s (CPU %.2f s)\n", n_ops, folded_nodes, folded,
              whole_nodes, whole, whole_cpu);
      fflush (stdout);
    }
  tdbg_graph_export_shutdown ();
  return 0;
}
