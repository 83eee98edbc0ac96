/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The graph browser while a followed logdir grows: new graphs join the list and the counts
 * in it change in place, and the shown graph is laid out again when what it draws changed
 * (new ops, ops traced for the first time, NaN/∞), with its folding, the zoom, the part of
 * the graph in view and the focused node kept. */
#include "config.h"

#include "tdbg-graph-browser-private.h"

#include <string.h>
#include <glib/gi18n.h>

/* "outer › inner" down to @graph. */
static char *
graph_chain (TdbgLogdir *logdir, guint32 graph)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *chain = g_string_new (NULL);

  for (guint32 g = graph, n = 0; g != TDBG_NONE && n < 64; g = tdbg_logdir_get_graph (logdir, g)->outer, n++)
    {
      const char *name = tdbg_logdir_get_graph (logdir, g)->graph_name;
      g_ptr_array_insert (names, 0, (gpointer) (name && *name ? name : _("(default graph)")));
    }
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (chain, "%s%s", i ? " › " : "", (char *) g_ptr_array_index (names, i));
  return g_string_free (chain, FALSE);
}

/* The rows of the graph list, one per graph. */
static GPtrArray *
graph_rows (TdbgLogdir *logdir)
{
  guint n_graphs = logdir ? tdbg_logdir_get_n_graphs (logdir) : 0;
  g_autofree guint *n_ops = g_new0 (guint, n_graphs + 1);
  g_autofree guint *n_traced = g_new0 (guint, n_graphs + 1);
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; logdir && i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      if (op->graph >= n_graphs || op->record_offset == G_MAXUINT64)
        continue;
      n_ops[op->graph]++;
      n_traced[op->graph] += op->first_trace != TDBG_NONE;
    }
  for (guint g = 0; g < n_graphs; g++)
    {
      g_autofree char *chain = graph_chain (logdir, g);
      g_autofree char *id = g_strndup (tdbg_logdir_get_graph (logdir, g)->graph_id, 8);
      g_autofree char *ops = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u op", "%'u ops", n_ops[g]), n_ops[g]);
      /* Translators: a graph in the graph list: "outer › inner · id… · 12 ops · 3 traced" */
      g_ptr_array_add (rows, g_strdup_printf (_("%s · %s… · %s · %'u traced"), chain, id, ops, n_traced[g]));
    }
  return rows;
}

/* What the picker's button shows of a row: the graph without its outer graphs and the start
 * of its id, "cond_true_51 · 3f2a…" (the counts are in the list it opens): whole beside the
 * browser's buttons and search at 1280 px, in any font. */
char *
tdbg_graph_browser_short_row (const char *row)
{
  const char *end = strstr (row, " · ");
  const char *inner = row;
  const char *counts;

  for (const char *p = row; end && (p = strstr (p, " › ")) && p < end; p += strlen (" › "))
    inner = p + strlen (" › ");
  counts = end ? strstr (end + strlen (" · "), " · ") : NULL;
  return counts ? g_strndup (inner, counts - inner) : g_strdup (inner);
}

/* Replaces the rows of @list that differ from @rows and appends the new ones. */
static void
update_rows (GtkStringList *list, GPtrArray *rows)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < rows->len; i++)
    {
      const char *const row[] = { g_ptr_array_index (rows, i), NULL };
      if (i < n_old && g_strcmp0 (gtk_string_list_get_string (list, i), row[0]) == 0)
        continue;
      gtk_string_list_splice (list, i, i < n_old ? 1 : 0, row);
    }
}

void
tdbg_graph_browser_fill_dropdown (TdbgGraphBrowser *self, TdbgLogdir *logdir, gboolean in_place)
{
  g_autoptr(GPtrArray) rows = graph_rows (logdir);
  GListModel *model = gtk_drop_down_get_model (self->graph_dropdown);
  guint n_old = model ? g_list_model_get_n_items (model) : 0;

  /* Growing: a list that had graphs only gains rows (and the chosen one stays chosen). */
  g_signal_handlers_block_matched (self->graph_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  if (in_place && GTK_IS_STRING_LIST (model) && gtk_widget_get_sensitive (GTK_WIDGET (self->graph_dropdown)) &&
      rows->len >= n_old)
    update_rows (GTK_STRING_LIST (model), rows);
  else
    {
      GtkStringList *list = gtk_string_list_new (NULL);

      for (guint i = 0; i < rows->len; i++)
        gtk_string_list_append (list, g_ptr_array_index (rows, i));
      /* Never an empty list: the drop-down's button would have no name to read out. */
      if (rows->len == 0)
        gtk_string_list_append (list, _("No graphs"));
      gtk_drop_down_set_model (self->graph_dropdown, G_LIST_MODEL (list));
      g_object_unref (list);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->graph_dropdown), rows->len > 0);
  if (self->graph != TDBG_NONE && self->graph < rows->len &&
      gtk_drop_down_get_selected (self->graph_dropdown) != self->graph)
    gtk_drop_down_set_selected (self->graph_dropdown, self->graph);
  g_signal_handlers_unblock_matched (self->graph_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
}

/* The node drawn nearest to the middle of the view, or -1. */
static gint
middle_node (TdbgGraphBrowser *self, double *x, double *y)
{
  TdbgGraphLayout *layout = tdbg_graph_view_get_layout (self->view);
  double mx = gtk_widget_get_width (GTK_WIDGET (self->view)) / 2.0;
  double my = gtk_widget_get_height (GTK_WIDGET (self->view)) / 2.0;
  double best = G_MAXDOUBLE;
  gint found = -1;

  for (guint i = 0; layout && i < layout->nodes->len; i++)
    {
      const char *name = g_array_index (layout->nodes, TdbgLayoutNode, i).name;
      double nx, ny;

      if (!tdbg_graph_view_get_node_center (self->view, name, &nx, &ny) ||
          (nx - mx) * (nx - mx) + (ny - my) * (ny - my) >= best)
        continue;
      best = (nx - mx) * (nx - mx) + (ny - my) * (ny - my);
      found = tdbg_whole_graph_node_from_name (self->shown, name);
      *x = nx;
      *y = ny;
    }
  return found;
}

void
tdbg_graph_browser_remember_view (TdbgGraphBrowser *self)
{
  const char *focused = tdbg_graph_view_get_focused (self->view);
  gint node = focused && self->shown ? tdbg_whole_graph_node_from_name (self->shown, focused) : -1;

  self->focused_op = node >= 0 ? tdbg_whole_graph_node_op (self->shown, node) : TDBG_NONE;
  self->anchor_op = TDBG_NONE;
  /* A fitted view stays fitted to the grown graph. */
  if (self->shown == NULL || tdbg_graph_view_get_fit (self->view))
    return;
  node = middle_node (self, &self->anchor_x, &self->anchor_y);
  if (node >= 0)
    self->anchor_op = tdbg_whole_graph_node_op (self->shown, node);
  self->anchor_scale = tdbg_graph_view_get_scale (self->view);
}

void
tdbg_graph_browser_restore_view (TdbgGraphBrowser *self)
{
  g_autofree char *anchor = self->anchor_op != TDBG_NONE ? tdbg_graph_browser_get_node_name (self, self->anchor_op) : NULL;
  g_autofree char *focused = self->focused_op != TDBG_NONE ? tdbg_graph_browser_get_node_name (self, self->focused_op)
                                                           : NULL;
  double x, y;

  if (anchor && tdbg_graph_view_get_node_center (self->view, anchor, &x, &y))
    {
      tdbg_graph_view_zoom_by (self->view, self->anchor_scale / tdbg_graph_view_get_scale (self->view), x, y);
      tdbg_graph_view_pan_by (self->view, self->anchor_x - x, self->anchor_y - y);
    }
  if (focused && tdbg_graph_view_get_node_widget (self->view, focused))
    gtk_widget_grab_focus (tdbg_graph_view_get_node_widget (self->view, focused));
  self->anchor_op = self->focused_op = TDBG_NONE;
}

void
tdbg_graph_browser_logdir_grew (TdbgGraphBrowser *self)
{
  TdbgLogdir *logdir;
  g_autoptr(TdbgWholeGraph) now = NULL;

  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  logdir = self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;
  if (logdir == NULL)
    return;
  tdbg_graph_browser_fill_dropdown (self, logdir, TRUE);
  if (self->graph == TDBG_NONE)
    {
      /* The first graph was written: show it. */
      if (tdbg_logdir_get_n_graphs (logdir) > 0)
        tdbg_graph_browser_set_graph (self, 0);
      return;
    }
  /* One layout at a time: look again when this one is done. */
  if (tdbg_graph_browser_is_busy (self))
    {
      self->regrow = TRUE;
      return;
    }
  /* Nothing shown (not laid out yet, cancelled or failed): nothing to keep up to date. */
  if (self->shown == NULL)
    return;
  now = tdbg_whole_graph_new (logdir, self->graph, self->folded, self->toggled);
  if (tdbg_whole_graph_equal (now, self->shown))
    return;
  tdbg_graph_browser_remember_view (self);
  tdbg_graph_browser_rebuild (self);
  self->keep_view = tdbg_graph_browser_is_busy (self);
  /* Hidden (Whole Graph off): laid out when shown again, still in place. */
  self->keep_on_map = self->stale;
}
