/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-neighbourhood.h"

#include <string.h>

#define MAX_LABEL_CHARS 60

static gint
find_node (GArray *nodes, guint32 op)
{
  for (guint i = 0; i < nodes->len; i++)
    if (g_array_index (nodes, TdbgNeighbour, i).op == op)
      return i;
  return -1;
}

static gboolean
add_node (TdbgNeighbourhood *hood, TdbgLogdir *logdir, guint32 op, gint level, guint max_nodes)
{
  if (op == TDBG_NONE || find_node (hood->nodes, op) >= 0)
    return FALSE;
  if (hood->nodes->len >= max_nodes)
    {
      hood->truncated = TRUE;
      return FALSE;
    }
  TdbgNeighbour node = { op, level, tdbg_logdir_get_op (logdir, op)->first_inf_nan_trace != TDBG_NONE,
                         TDBG_NEIGHBOUR_PLAIN };
  g_array_append_val (hood->nodes, node);
  return TRUE;
}

/* Breadth-first, one direction at a time, so that a cap keeps the nearest ops. */
static void
expand (TdbgNeighbourhood *hood, TdbgLogdir *logdir, guint depth, gint direction, guint max_nodes)
{
  g_autoptr(GArray) frontier = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (frontier, hood->center);

  for (guint level = 1; level <= depth && frontier->len > 0; level++)
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint f = 0; f < frontier->len; f++)
        {
          const TdbgOp *op = tdbg_logdir_get_op (logdir, g_array_index (frontier, guint32, f));
          if (direction < 0)
            {
              for (guint k = 0; op->input_ops && op->input_names[k]; k++)
                if (add_node (hood, logdir, op->input_ops[k], -(gint) level, max_nodes))
                  g_array_append_val (next, op->input_ops[k]);
            }
          else
            for (guint c = 0; c < op->consumers->len; c++)
              {
                guint32 consumer = g_array_index (op->consumers, TdbgConsumer, c).op;
                if (add_node (hood, logdir, consumer, level, max_nodes))
                  g_array_append_val (next, consumer);
              }
        }
      g_array_set_size (frontier, 0);
      g_array_append_vals (frontier, next->data, next->len);
    }
}

static void
collect_edges (TdbgNeighbourhood *hood, TdbgLogdir *logdir)
{
  for (guint to = 0; to < hood->nodes->len; to++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, g_array_index (hood->nodes, TdbgNeighbour, to).op);
      for (guint k = 0; op->input_ops && op->input_names[k]; k++)
        {
          gint from = op->input_ops[k] == TDBG_NONE ? -1 : find_node (hood->nodes, op->input_ops[k]);
          const char *colon = strrchr (op->input_names[k], ':');
          if (from < 0)
            continue;
          TdbgNeighbourEdge edge = { from, to, colon ? (guint) g_ascii_strtoull (colon + 1, NULL, 10) : 0, k };
          g_array_append_val (hood->edges, edge);
        }
    }
}

TdbgNeighbourhood *
tdbg_neighbourhood_new (TdbgLogdir *logdir, guint32 op, guint input_depth, guint consumer_depth, guint max_nodes)
{
  TdbgNeighbourhood *hood;

  g_return_val_if_fail (op < tdbg_logdir_get_n_ops (logdir), NULL);
  hood = g_new0 (TdbgNeighbourhood, 1);
  hood->center = op;
  hood->nodes = g_array_new (FALSE, FALSE, sizeof (TdbgNeighbour));
  hood->edges = g_array_new (FALSE, FALSE, sizeof (TdbgNeighbourEdge));
  add_node (hood, logdir, op, 0, MAX (max_nodes, 1));
  expand (hood, logdir, input_depth, -1, MAX (max_nodes, 1));
  expand (hood, logdir, consumer_depth, +1, MAX (max_nodes, 1));
  collect_edges (hood, logdir);
  return hood;
}

void
tdbg_neighbourhood_free (TdbgNeighbourhood *hood)
{
  if (hood == NULL)
    return;
  g_array_unref (hood->nodes);
  g_array_unref (hood->edges);
  g_free (hood);
}

char *
tdbg_dot_escape (const char *text, guint max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (text ? text : "", -1);
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      if (n >= max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) c);
        }
      else if (g_unichar_iscntrl (c))
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

gboolean
tdbg_neighbourhood_mark_cause (TdbgNeighbourhood *hood, const TdbgRootCause *cause)
{
  gboolean marked = FALSE;

  if (cause->origin_op == TDBG_NONE)
    return FALSE;
  for (guint i = 0; i < hood->nodes->len; i++)
    {
      TdbgNeighbour *node = &g_array_index (hood->nodes, TdbgNeighbour, i);
      if (node->op == cause->origin_op)
        node->mark = TDBG_NEIGHBOUR_ORIGIN;
      for (guint k = 0; node->op != cause->origin_op && k < cause->inputs->len; k++)
        {
          const TdbgCauseInput *input = &g_array_index (cause->inputs, TdbgCauseInput, k);
          if (input->op == node->op && input->trace != TDBG_NONE)
            node->mark = input->bad || input->culprit ? TDBG_NEIGHBOUR_BAD_INPUT : TDBG_NEIGHBOUR_HEALTHY_INPUT;
        }
      marked |= node->mark != TDBG_NEIGHBOUR_PLAIN;
    }
  return marked;
}

static const char *const node_colors[TDBG_N_NODE_COLORS][2] = {
  [TDBG_NODE_COLOR_TEXT] = { "#241f31", "#eeeeec" },
  [TDBG_NODE_COLOR_FILL] = { "#ffffff", "#303030" },
  [TDBG_NODE_COLOR_BAD_FILL] = { "#f8c8c8", "#a51d2d" },
  [TDBG_NODE_COLOR_BAD_OUTLINE] = { "#c01c28", "#ff7b63" },
  [TDBG_NODE_COLOR_HEALTHY_OUTLINE] = { "#26a269", "#8ff0a4" },
};

const char *
tdbg_neighbourhood_color (TdbgNodeColor color, gboolean dark)
{
  g_return_val_if_fail (color < TDBG_N_NODE_COLORS, NULL);
  return node_colors[color][dark ? 1 : 0];
}

/* The outline of a marked node: a thick error-coloured one for the origin, a thinner one of
 * the same colour for a bad input, a green one for a healthy input; the theme's error and
 * success colours, light or dark. */
static char *
mark_attributes (TdbgNeighbourMark mark, gboolean dark)
{
  switch (mark)
    {
    case TDBG_NEIGHBOUR_ORIGIN:
      return g_strdup_printf (", color=\"%s\", penwidth=4", tdbg_neighbourhood_color (TDBG_NODE_COLOR_BAD_OUTLINE, dark));
    case TDBG_NEIGHBOUR_BAD_INPUT:
      return g_strdup_printf (", color=\"%s\", penwidth=2.5", tdbg_neighbourhood_color (TDBG_NODE_COLOR_BAD_OUTLINE, dark));
    case TDBG_NEIGHBOUR_HEALTHY_INPUT:
      return g_strdup_printf (", color=\"%s\", penwidth=2.5",
                              tdbg_neighbourhood_color (TDBG_NODE_COLOR_HEALTHY_OUTLINE, dark));
    case TDBG_NEIGHBOUR_PLAIN:
    default:
      return g_strdup ("");
    }
}

char *
tdbg_op_name_tail (const char *name, guint max_chars)
{
  const char *rest = name ? name : "";
  const char *slash;

  /* "…/" counts two characters. */
  if (g_utf8_strlen (rest, -1) <= (glong) max_chars)
    return g_strdup (rest);
  while ((slash = strchr (rest, '/')) != NULL && g_utf8_strlen (rest, -1) + 2 > (glong) max_chars)
    rest = slash + 1;
  return rest == name ? g_strdup (name) : g_strconcat ("…/", rest, NULL);
}

char *
tdbg_dot_label_name (const char *name, TdbgDotNames names)
{
  g_autofree char *tail = names == TDBG_DOT_SHORT_NAMES ? tdbg_op_name_tail (name, TDBG_DOT_SHORT_NAME_CHARS) : NULL;

  return tdbg_dot_escape (tail ? tail : name, MAX_LABEL_CHARS);
}

char *
tdbg_neighbourhood_to_dot (TdbgNeighbourhood *hood, TdbgLogdir *logdir, gboolean dark, TdbgDotNames names)
{
  GString *dot = g_string_new (NULL);
  const char *fg = tdbg_neighbourhood_color (TDBG_NODE_COLOR_TEXT, dark);
  const char *fill = tdbg_neighbourhood_color (TDBG_NODE_COLOR_FILL, dark);
  const char *bad_fill = tdbg_neighbourhood_color (TDBG_NODE_COLOR_BAD_FILL, dark);

  g_string_append_printf (dot,
                          "digraph neighbourhood {\n"
                          "  graph [rankdir=TB, bgcolor=\"transparent\", nodesep=0.3, ranksep=0.45];\n"
                          "  node [shape=box, style=\"rounded,filled\", fontname=\"Sans\", fontsize=10, color=\"%s\", fontcolor=\"%s\", fillcolor=\"%s\"];\n"
                          "  edge [color=\"%s\", fontname=\"Sans\", fontsize=8, fontcolor=\"%s\"];\n",
                          fg, fg, fill, fg, fg);
  for (guint i = 0; i < hood->nodes->len; i++)
    {
      const TdbgNeighbour *node = &g_array_index (hood->nodes, TdbgNeighbour, i);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, node->op);
      g_autofree char *name = tdbg_dot_escape (op->op_name, MAX_LABEL_CHARS);
      g_autofree char *shown = tdbg_dot_label_name (op->op_name, names);
      g_autofree char *type = tdbg_dot_escape (op->op_type ? op->op_type : "?", MAX_LABEL_CHARS);
      g_autofree char *outline = mark_attributes (node->mark, dark);

      g_string_append_printf (dot, "  n%u [label=\"%s\\n%s\", tooltip=\"%s\"%s%s%s%s%s];\n", i, shown, type, name,
                              node->level == 0 ? ", penwidth=2.5, fontname=\"Sans Bold\"" : "",
                              node->inf_nan ? ", fillcolor=\"" : "", node->inf_nan ? bad_fill : "",
                              node->inf_nan ? "\"" : "", outline);
    }
  for (guint i = 0; i < hood->edges->len; i++)
    {
      const TdbgNeighbourEdge *e = &g_array_index (hood->edges, TdbgNeighbourEdge, i);
      if (e->output_slot > 0)
        g_string_append_printf (dot, "  n%u -> n%u [label=\":%u\"];\n", e->from, e->to, e->output_slot);
      else
        g_string_append_printf (dot, "  n%u -> n%u;\n", e->from, e->to);
    }
  g_string_append (dot, "}\n");
  return g_string_free (dot, FALSE);
}
