/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Graph neighbourhoods without a display: DOT text, Graphviz layout into plain structs, and
 * rendering to PNG, SVG or PDF files. Uses only GLib, cgraph and gvc, so the headless
 * command line can call it without initialising GTK.
 *
 * Graphviz is not thread-safe: every function here that says "Graphviz" must always be
 * called from one and the same thread of the process (the window uses a dedicated worker
 * thread, see tdbg-layout-worker.h; the command line uses its main thread). */

#include <glib.h>
#include "libtdbg-data.h"
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

#define TDBG_GRAPH_DEFAULT_INPUT_DEPTH 2
#define TDBG_GRAPH_DEFAULT_CONSUMER_DEPTH 1
#define TDBG_GRAPH_MAX_NODES 60

typedef struct {
  const char *name;    /* DOT node name, "n<i>": index i into the neighbourhood's nodes */
  const char *label;   /* unescaped label text, lines separated by '\n' */
  double x, y;         /* centre, points, y growing downwards from the top of the graph */
  double width, height;/* points */
  const char *fill_color; /* "#rrggbb" as given in the DOT (or empty) */
  const char *color;
  const char *font_color;
  double pen_width;
  gboolean bold;
  const char *style;   /* as given in the DOT ("rounded,filled,dotted"), or empty */
  const char *shape;   /* "box", "box3d"…, or empty */
} TdbgLayoutNode;

typedef struct {
  GArray *points;      /* double pairs x, y of a piecewise cubic Bézier (1 + 3k points) */
  gboolean has_arrow;
  double arrow_x, arrow_y; /* arrow tip */
  const char *label;   /* NULL when none */
  double label_x, label_y;
  const char *style;   /* "dashed" for control edges, or empty */
} TdbgLayoutEdge;

/* A DOT subgraph "cluster_…": a box around its nodes with its label at the top. */
typedef struct {
  const char *name;    /* the subgraph's DOT name, "cluster_3" */
  const char *label;   /* unescaped label text, or empty */
  double x, y;         /* top-left corner, points */
  double width, height;
  double label_x, label_y; /* centre of the label */
  double label_width, label_height;
  const char *color;
  const char *font_color;
  const char *style;   /* "rounded,dashed"… */
} TdbgLayoutCluster;

typedef struct {
  double width, height;   /* points */
  GArray *nodes;          /* TdbgLayoutNode */
  GArray *edges;          /* TdbgLayoutEdge */
  GArray *clusters;       /* TdbgLayoutCluster, outer ones before those nested in them */
  GStringChunk *strings;  /* the strings above, freed with the layout */
} TdbgGraphLayout;

/* DOT of the neighbourhood of @op for a picture: light colours, ops named whole, escaped
 * (tdbg_neighbourhood_to_dot). */
char *tdbg_graph_build_dot (TdbgLogdir *logdir, guint32 op, guint input_depth, guint consumer_depth, guint max_nodes);

/* Graphviz: lays out @dot with the "dot" engine. */
TdbgGraphLayout *tdbg_graph_layout_dot (const char *dot, GError **error);
void tdbg_graph_layout_free (TdbgGraphLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgGraphLayout, tdbg_graph_layout_free)
/* The node named @name, or NULL. */
const TdbgLayoutNode *tdbg_graph_layout_find_node (TdbgGraphLayout *layout, const char *name);
/* Whether @style (a DOT style list such as "rounded,filled,dotted") holds @item. */
gboolean tdbg_graph_style_has (const char *style, const char *item);

/* "png", "svg" or "pdf" (case-insensitive); NULL otherwise. */
const char *tdbg_graph_export_format_from_name (const char *name);

/* Graphviz: renders @dot to @path in @format ("png", "svg", "pdf"). */
gboolean tdbg_graph_render_dot_file (const char *dot, const char *format, const char *path, GError **error);

/* Graphviz: the whole headless export-graph command: the op of trace @trace_index, its
 * inputs @depth levels up and consumers @depth levels down (capped at TDBG_GRAPH_MAX_NODES),
 * rendered to @path. @logdir must be loaded. */
gboolean tdbg_graph_export_trace (TdbgLogdir *logdir, guint trace_index, guint depth, const char *format,
                                  const char *path, GError **error);

/* Graphviz: the headless export-graph --graph command: every op of @graph_id (a graph id, or
 * a graph name), top-level name scopes folded into one node each when @collapse_scopes. */
gboolean tdbg_graph_export_whole (TdbgLogdir *logdir, const char *graph_id, gboolean collapse_scopes,
                                  const char *format, const char *path, GError **error);

/* Frees the process's Graphviz context (optional, at exit; same thread as above). */
void tdbg_graph_export_shutdown (void);

G_END_DECLS
