/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-graph-export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gvc.h>
#include "libtdbg-data.h"
#include "libtdbg-analysis.h"

static GVC_t *gvc;
static GString *gv_errors;

static int
collect_error (char *message)
{
  if (gv_errors)
    g_string_append (gv_errors, message);
  return 0;
}

static GVC_t *
get_context (void)
{
  if (gvc == NULL)
    {
      agseterrf (collect_error);
      agseterr (AGERR);
      gvc = gvContext ();
    }
  return gvc;
}

void
tdbg_graph_export_shutdown (void)
{
  if (gvc)
    gvFreeContext (gvc);
  gvc = NULL;
}

char *
tdbg_graph_build_dot (TdbgLogdir *logdir, guint32 op, guint input_depth, guint consumer_depth, guint max_nodes)
{
  g_autoptr(TdbgNeighbourhood) hood = tdbg_neighbourhood_new (logdir, op, input_depth, consumer_depth, max_nodes);

  return hood ? tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_WHOLE_NAMES) : NULL;
}

static Agraph_t *
read_dot (const char *dot, GError **error)
{
  Agraph_t *g;

  get_context ();
  gv_errors = g_string_new (NULL);
  g = agmemread (dot);
  if (g == NULL)
    {
      g_strchomp (gv_errors->str);
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, "Graphviz could not read the graph: %s",
                   gv_errors->len ? gv_errors->str : "syntax error");
    }
  g_string_free (gv_errors, TRUE);
  gv_errors = NULL;
  return g;
}

static gboolean
layout (Agraph_t *g, GError **error)
{
  if (gvLayout (gvc, g, "dot") != 0)
    {
      g_set_error_literal (error, TDBG_ERROR, TDBG_ERROR_INVALID, "Graphviz could not lay out the graph");
      return FALSE;
    }
  return TRUE;
}

/* The label as written in the DOT, with its escapes undone: "\n" → newline, "\x" → x. */
static char *
unescape_label (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text ? text : ""; *p; p++)
    {
      if (*p == '\\' && p[1])
        {
          p++;
          if (*p == 'n' || *p == 'l' || *p == 'r')
            g_string_append_c (out, '\n');
          else
            g_string_append_c (out, *p);
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* @text kept in the layout's strings. The same colours and styles recur on most nodes: they are
 * kept once. */
static const char *
keep (TdbgGraphLayout *l, const char *text)
{
  return g_string_chunk_insert_const (l->strings, text);
}

/* A DOT attribute of @obj ("" when unset), kept in the layout's strings. */
static const char *
attr (TdbgGraphLayout *l, void *obj, const char *name)
{
  char *v = agget (obj, (char *) name);
  return keep (l, v ? v : "");
}

static void
clear_edge (gpointer data)
{
  TdbgLayoutEdge *e = data;
  g_clear_pointer (&e->points, g_array_unref);
}

void
tdbg_graph_layout_free (TdbgGraphLayout *l)
{
  if (l == NULL)
    return;
  g_array_unref (l->nodes);
  g_array_unref (l->edges);
  g_array_unref (l->clusters);
  g_string_chunk_free (l->strings);
  g_free (l);
}

/* The clusters of @g and of its subgraphs, outer first, in the layout's coordinates. */
static void
read_clusters (Agraph_t *g, TdbgGraphLayout *l, boxf bb)
{
  for (Agraph_t *sg = agfstsubg (g); sg; sg = agnxtsubg (sg))
    {
      TdbgLayoutCluster c = { 0 };
      boxf box = GD_bb (sg);
      textlabel_t *label = GD_label (sg);

      if (!g_str_has_prefix (agnameof (sg), "cluster"))
        {
          read_clusters (sg, l, bb);
          continue;
        }
      c.name = keep (l, agnameof (sg));
      c.label = keep (l, label && label->text ? label->text : "");
      c.x = box.LL.x - bb.LL.x;
      c.y = bb.UR.y - box.UR.y;
      c.width = box.UR.x - box.LL.x;
      c.height = box.UR.y - box.LL.y;
      if (label)
        {
          c.label_x = label->pos.x - bb.LL.x;
          c.label_y = bb.UR.y - label->pos.y;
          c.label_width = label->dimen.x;
          c.label_height = label->dimen.y;
        }
      c.color = attr (l, sg, "color");
      c.font_color = attr (l, sg, "fontcolor");
      c.style = attr (l, sg, "style");
      g_array_append_val (l->clusters, c);
      read_clusters (sg, l, bb);
    }
}

gboolean
tdbg_graph_style_has (const char *style, const char *item)
{
  g_auto(GStrv) items = g_strsplit (style ? style : "", ",", -1);

  for (guint i = 0; items[i]; i++)
    if (g_str_equal (g_strstrip (items[i]), item))
      return TRUE;
  return FALSE;
}

TdbgGraphLayout *
tdbg_graph_layout_dot (const char *dot, GError **error)
{
  Agraph_t *g = read_dot (dot, error);
  TdbgGraphLayout *l;
  boxf bb;
  double top;

  if (g == NULL)
    return NULL;
  if (!layout (g, error))
    {
      agclose (g);
      return NULL;
    }

  l = g_new0 (TdbgGraphLayout, 1);
  l->nodes = g_array_new (FALSE, TRUE, sizeof (TdbgLayoutNode));
  l->edges = g_array_new (FALSE, TRUE, sizeof (TdbgLayoutEdge));
  g_array_set_clear_func (l->edges, clear_edge);
  l->clusters = g_array_new (FALSE, TRUE, sizeof (TdbgLayoutCluster));
  l->strings = g_string_chunk_new (4096);
  bb = GD_bb (g);
  l->width = bb.UR.x - bb.LL.x;
  l->height = bb.UR.y - bb.LL.y;
  top = bb.UR.y;

  for (Agnode_t *n = agfstnode (g); n; n = agnxtnode (g, n))
    {
      TdbgLayoutNode node = { 0 };
      const char *fontname = attr (l, n, "fontname");
      g_autofree char *label = unescape_label (attr (l, n, "label"));
      const char *pen = attr (l, n, "penwidth");

      node.name = keep (l, agnameof (n));
      node.label = keep (l, label);
      node.x = ND_coord (n).x - bb.LL.x;
      node.y = top - ND_coord (n).y;
      node.width = ND_width (n) * 72.0;
      node.height = ND_height (n) * 72.0;
      node.fill_color = attr (l, n, "fillcolor");
      node.color = attr (l, n, "color");
      node.font_color = attr (l, n, "fontcolor");
      node.pen_width = *pen ? g_ascii_strtod (pen, NULL) : 1.0;
      node.bold = strstr (fontname, "Bold") != NULL;
      node.style = attr (l, n, "style");
      node.shape = attr (l, n, "shape");
      g_array_append_val (l->nodes, node);

      for (Agedge_t *e = agfstout (g, n); e; e = agnxtout (g, e))
        {
          TdbgLayoutEdge edge = { 0 };
          splines *spl = ED_spl (e);

          edge.points = g_array_new (FALSE, FALSE, sizeof (double));
          edge.style = attr (l, e, "style");
          if (spl && spl->size > 0)
            {
              bezier *bz = &spl->list[0];
              for (int i = 0; i < bz->size; i++)
                {
                  double xy[2] = { bz->list[i].x - bb.LL.x, top - bz->list[i].y };
                  g_array_append_vals (edge.points, xy, 2);
                }
              if (bz->eflag)
                {
                  edge.has_arrow = TRUE;
                  edge.arrow_x = bz->ep.x - bb.LL.x;
                  edge.arrow_y = top - bz->ep.y;
                }
            }
          if (ED_label (e) && ED_label (e)->text)
            {
              edge.label = keep (l, ED_label (e)->text);
              edge.label_x = ED_label (e)->pos.x - bb.LL.x;
              edge.label_y = top - ED_label (e)->pos.y;
            }
          g_array_append_val (l->edges, edge);
        }
    }

  read_clusters (g, l, bb);
  gvFreeLayout (gvc, g);
  agclose (g);
  return l;
}

const TdbgLayoutNode *
tdbg_graph_layout_find_node (TdbgGraphLayout *l, const char *name)
{
  for (guint i = 0; l && i < l->nodes->len; i++)
    {
      const TdbgLayoutNode *n = &g_array_index (l->nodes, TdbgLayoutNode, i);
      if (g_strcmp0 (n->name, name) == 0)
        return n;
    }
  return NULL;
}

const char *
tdbg_graph_export_format_from_name (const char *name)
{
  static const char *formats[] = { "png", "svg", "pdf" };

  for (guint i = 0; name && i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (name, formats[i]) == 0)
      return formats[i];
  return NULL;
}

/* The file is opened here, not by gvRenderFilename(), which says nothing and returns success
 * when it cannot open it (a missing folder, a read-only one). */
static gboolean
render_to_path (Agraph_t *g, const char *device, const char *fmt, const char *path, GError **error)
{
  FILE *out = g_fopen (path, "wb");
  gboolean rendered;
  int saved_errno;

  if (out == NULL)
    return tdbg_set_write_error (error, path, errno);
  rendered = gvRender (gvc, g, device, out) == 0;
  saved_errno = ferror (out) ? (errno != 0 ? errno : EIO) : 0;
  if (fclose (out) != 0 && saved_errno == 0)
    saved_errno = errno;
  if (rendered && saved_errno == 0)
    return TRUE;
  g_remove (path);
  if (saved_errno != 0)
    return tdbg_set_write_error (error, path, saved_errno);
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, "Could not draw %s image “%s”", fmt, path);
  return FALSE;
}

gboolean
tdbg_graph_render_dot_file (const char *dot, const char *format, const char *path, GError **error)
{
  const char *fmt = tdbg_graph_export_format_from_name (format);
  g_autofree char *device = NULL;
  Agraph_t *g;
  gboolean ok;

  if (fmt == NULL)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, "Unknown image format “%s” (use png, svg or pdf)",
                   format ? format : "");
      return FALSE;
    }
  g = read_dot (dot, error);
  if (g == NULL)
    return FALSE;
  if (!layout (g, error))
    {
      agclose (g);
      return FALSE;
    }
  /* The cairo devices give anti-aliased PNG, and PDF; SVG from the core renderer keeps the
   * op names as text. Files get a white background rather than the window's transparent one. */
  agsafeset (g, (char *) "bgcolor", (char *) "white", (char *) "");
  device = g_strcmp0 (fmt, "svg") == 0 ? g_strdup ("svg") : g_strdup_printf ("%s:cairo", fmt);
  ok = render_to_path (g, device, fmt, path, error);
  gvFreeLayout (gvc, g);
  agclose (g);
  return ok;
}

gboolean
tdbg_graph_export_trace (TdbgLogdir *logdir, guint trace_index, guint depth, const char *format, const char *path,
                         GError **error)
{
  g_autofree char *dot = NULL;
  const TdbgTraceDigest *digest;

  if (trace_index >= tdbg_logdir_get_n_traces (logdir))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, "No graph execution trace %u (the logdir has %u)",
                   trace_index, tdbg_logdir_get_n_traces (logdir));
      return FALSE;
    }
  digest = tdbg_logdir_get_trace (logdir, trace_index);
  if (tdbg_trace_digest_get_op (digest) == TDBG_NONE || tdbg_trace_digest_get_op (digest) >= tdbg_logdir_get_n_ops (logdir))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, "Graph execution trace %u names no known op", trace_index);
      return FALSE;
    }
  dot = tdbg_graph_build_dot (logdir, tdbg_trace_digest_get_op (digest), depth, depth, TDBG_GRAPH_MAX_NODES);
  if (dot == NULL)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, "Could not build the neighbourhood of trace %u", trace_index);
      return FALSE;
    }
  return tdbg_graph_render_dot_file (dot, format, path, error);
}

gboolean
tdbg_graph_export_whole (TdbgLogdir *logdir, const char *graph_id, gboolean collapse_scopes, const char *format,
                         const char *path, GError **error)
{
  guint32 graph = tdbg_whole_graph_lookup (logdir, graph_id, error);
  g_autoptr(TdbgWholeGraph) whole = NULL;
  g_autofree char *dot = NULL;

  if (graph == TDBG_NONE)
    return FALSE;
  whole = tdbg_whole_graph_new (logdir, graph, collapse_scopes, NULL);
  dot = tdbg_whole_graph_to_dot (whole, logdir, FALSE, TDBG_DOT_WHOLE_NAMES);
  return tdbg_graph_render_dot_file (dot, format, path, error);
}
