/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-graph-browser-private.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-layout-worker.h"
#include "tdbg-name-factory.h"
#include "tdbg-ui.h"
#include "tdbg-template.h"

/* Drawn pixels per graph point below which a new layout is zoomed in rather than fitted: the
 * ops' names stay readable (a graph of 20–40 ops fitted to a laptop's pane is not). */
#define READABLE_SCALE 0.85

G_DEFINE_FINAL_TYPE (TdbgGraphBrowser, tdbg_graph_browser, GTK_TYPE_WIDGET)

static TdbgLogdir *
logdir_of (TdbgGraphBrowser *self)
{
  return self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;
}

static void
show_busy (TdbgGraphBrowser *self, const char *text)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), text != NULL);
  gtk_spinner_set_spinning (self->spinner, text != NULL);
  gtk_label_set_text (self->progress_label, text ? text : "");
}

/* Accessible names of the node buttons: the op and its type, or the folded scope. */
static void
label_nodes (TdbgGraphBrowser *self, TdbgLogdir *logdir)
{
  for (guint i = 0; i < self->shown->nodes->len; i++)
    {
      const TdbgWholeNode *node = &g_array_index (self->shown->nodes, TdbgWholeNode, i);
      g_autofree char *name = g_strdup_printf ("n%u", i);
      GtkWidget *button = tdbg_graph_view_get_node_widget (self->view, name);
      g_autofree char *label = NULL;

      if (button == NULL)
        continue;
      if (node->kind == TDBG_WHOLE_NODE_SCOPE)
        {
          /* Translators: accessible name of a folded name scope in the graph: scope, op count */
          label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Scope %s/, %'u op, folded",
                                                "Scope %s/, %'u ops, folded", node->n_ops), node->scope, node->n_ops);
          gtk_widget_set_tooltip_text (button, _("Open this scope"));
        }
      else
        {
          const TdbgOp *op = tdbg_logdir_get_op (logdir, node->op);
          label = node->n_inf_nan ? g_strdup_printf (_("%s (%s), NaN/∞"), op->op_name, op->op_type ? op->op_type : "?")
                                  : g_strdup_printf (_("%s (%s)"), op->op_name, op->op_type ? op->op_type : "?");
          /* The node may show the op's last name scopes only: the pointer finds the whole name
           * (which GTK also makes the accessible description: the name read twice, so none). */
          gtk_widget_set_tooltip_text (button, label);
          gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
  for (guint s = 0; s < self->shown->scopes->len; s++)
    {
      g_autofree char *name = g_strdup_printf ("cluster_%u", s);
      GtkWidget *button = tdbg_graph_view_get_cluster_widget (self->view, name);
      g_autofree char *label = NULL;

      if (button == NULL)
        continue;
      /* Translators: accessible name of the label of an open name scope's box in the graph */
      label = g_strdup_printf (_("Fold scope %s/"), (char *) g_ptr_array_index (self->shown->scopes, s));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_tooltip_text (button, label);
    }
}

/* Pans node @name to the middle of the view; FALSE when it is not drawn. */
static gboolean
center_node (TdbgGraphBrowser *self, const char *name)
{
  double x, y;

  if (name == NULL || !tdbg_graph_view_get_node_center (self->view, name, &x, &y))
    return FALSE;
  tdbg_graph_view_pan_by (self->view, gtk_widget_get_width (GTK_WIDGET (self->view)) / 2.0 - x,
                          gtk_widget_get_height (GTK_WIDGET (self->view)) / 2.0 - y);
  return TRUE;
}

/* Pans the node of @op to the middle, at a readable zoom, and gives its button the focus
 * when the browser asked for the op itself (find, a scope opened); an op selected elsewhere
 * leaves the focus where the person has it. */
static void bring_into_view (TdbgGraphBrowser *self, guint32 op);

/* A layout done before the view had its size (the browser just shown): centred once it has. */
static gboolean
bring_when_sized (GtkWidget *view, GdkFrameClock *clock, gpointer data)
{
  TdbgGraphBrowser *self = TDBG_GRAPH_BROWSER (gtk_widget_get_ancestor (view, TDBG_TYPE_GRAPH_BROWSER));

  if (self == NULL || self->pending_view_op == TDBG_NONE)
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_width (view) <= 0)
    return G_SOURCE_CONTINUE;
  {
    guint32 op = self->pending_view_op;
    self->pending_view_op = TDBG_NONE;
    bring_into_view (self, op);
  }
  return G_SOURCE_REMOVE;
}

static void
bring_into_view (TdbgGraphBrowser *self, guint32 op)
{
  g_autofree char *name = tdbg_graph_browser_get_node_name (self, op);
  double scale = tdbg_graph_view_get_scale (self->view);

  if (gtk_widget_get_width (GTK_WIDGET (self->view)) <= 0)
    {
      if (self->pending_view_op == TDBG_NONE)
        gtk_widget_add_tick_callback (GTK_WIDGET (self->view), bring_when_sized, NULL, NULL);
      self->pending_view_op = op;
      return;
    }

  if (name && scale > 0 && scale < READABLE_SCALE && gtk_widget_get_width (GTK_WIDGET (self->view)) > 0)
    tdbg_graph_view_zoom_by (self->view, READABLE_SCALE / scale, -1, -1);
  if (center_node (self, name) && self->grab_focus && tdbg_graph_view_get_node_widget (self->view, name))
    gtk_widget_grab_focus (tdbg_graph_view_get_node_widget (self->view, name));
  self->grab_focus = TRUE;
}

/* A large graph fitted to the pane is dots: start it readable, at its first node. */
static void
start_readable (TdbgGraphBrowser *self)
{
  double scale = tdbg_graph_view_get_scale (self->view);

  if (scale <= 0 || scale >= READABLE_SCALE || gtk_widget_get_width (GTK_WIDGET (self->view)) == 0)
    return;
  tdbg_graph_view_zoom_by (self->view, READABLE_SCALE / scale, -1, -1);
  center_node (self, "n0");
}

static void
layout_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  TdbgGraphLayout *layout = tdbg_layout_worker_layout_finish (result, &error);
  TdbgGraphBrowser *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = TDBG_GRAPH_BROWSER (user_data);
  g_clear_object (&self->cancellable);
  show_busy (self, NULL);
  g_clear_pointer (&self->shown, tdbg_whole_graph_free);
  self->shown = g_steal_pointer (&self->pending);
  tdbg_graph_view_set_layout (self->view, layout);
  if (layout == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      self->keep_view = self->regrow = FALSE;
      return;
    }
  {
    g_autofree char *status = g_strdup_printf (_("%'u ops in %'u nodes, %'u scopes"), self->shown->n_ops,
                                               self->shown->nodes->len, self->shown->scopes->len);
    gtk_label_set_text (self->status_label, status);
  }
  label_nodes (self, logdir_of (self));
  if (self->keep_view)
    tdbg_graph_browser_restore_view (self);
  else
    start_readable (self);
  if (self->focus_op != TDBG_NONE)
    bring_into_view (self, self->focus_op);
  self->focus_op = TDBG_NONE;
  self->keep_view = FALSE;
  /* The logdir grew while this was laid out. */
  if (self->regrow)
    {
      self->regrow = FALSE;
      tdbg_graph_browser_logdir_grew (self);
    }
}

void
tdbg_graph_browser_rebuild (TdbgGraphBrowser *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autofree char *dot = NULL;
  g_autofree char *busy = NULL;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pending, tdbg_whole_graph_free);
  self->keep_view = self->keep_on_map = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->up_button), logdir && self->graph != TDBG_NONE &&
                            tdbg_logdir_get_graph (logdir, self->graph)->outer != TDBG_NONE);
  if (logdir == NULL || self->graph == TDBG_NONE)
    {
      g_clear_pointer (&self->shown, tdbg_whole_graph_free);
      tdbg_graph_view_set_layout (self->view, NULL);
      show_busy (self, NULL);
      gtk_label_set_text (self->status_label, _("This logdir holds no graphs."));
      return;
    }
  self->stale = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->stale)
    return;
  self->pending = tdbg_whole_graph_new (logdir, self->graph, self->folded, self->toggled);
  dot = tdbg_whole_graph_to_dot (self->pending, logdir, self->dark, TDBG_DOT_SHORT_NAMES);
  self->cancellable = g_cancellable_new ();
  busy = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Laying out %'u node…", "Laying out %'u nodes…",
                                       self->pending->nodes->len), self->pending->nodes->len);
  show_busy (self, busy);
  tdbg_layout_worker_layout_async (dot, self->cancellable, layout_done_cb, self);
}

static void
set_graph (TdbgGraphBrowser *self, guint32 graph, gboolean folded)
{
  self->graph = graph;
  self->folded = folded;
  self->last_found = TDBG_NONE;
  g_hash_table_remove_all (self->toggled);
  gtk_widget_set_visible (GTK_WIDGET (self->inner_box), FALSE);
  if (graph != TDBG_NONE && gtk_drop_down_get_selected (self->graph_dropdown) != graph)
    gtk_drop_down_set_selected (self->graph_dropdown, graph);
  if (gtk_toggle_button_get_active (self->fold_button) != folded)
    gtk_toggle_button_set_active (self->fold_button, folded);
  tdbg_graph_browser_rebuild (self);
}

void
tdbg_graph_browser_set_graph (TdbgGraphBrowser *self, guint32 graph)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n_ops = 0;

  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  if (logdir == NULL || graph >= tdbg_logdir_get_n_graphs (logdir))
    graph = TDBG_NONE;
  for (guint i = 0; graph != TDBG_NONE && i < tdbg_logdir_get_n_ops (logdir); i++)
    n_ops += tdbg_logdir_get_op (logdir, i)->graph == graph;
  set_graph (self, graph, n_ops > TDBG_GRAPH_BROWSER_FOLD_ABOVE);
}

static void
dropdown_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, TdbgGraphBrowser *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected != GTK_INVALID_LIST_POSITION && selected != self->graph)
    tdbg_graph_browser_set_graph (self, selected);
}

static void
fold_toggled_cb (GtkToggleButton *button, TdbgGraphBrowser *self)
{
  tdbg_graph_browser_set_folded (self, gtk_toggle_button_get_active (button));
}

static void
up_clicked_cb (GtkButton *button, TdbgGraphBrowser *self)
{
  TdbgLogdir *logdir = logdir_of (self);

  if (logdir && self->graph != TDBG_NONE && tdbg_logdir_get_graph (logdir, self->graph)->outer != TDBG_NONE)
    tdbg_graph_browser_set_graph (self, tdbg_logdir_get_graph (logdir, self->graph)->outer);
}

static void
cancel_clicked_cb (GtkButton *button, TdbgGraphBrowser *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pending, tdbg_whole_graph_free);
  self->keep_view = self->regrow = FALSE;
  show_busy (self, NULL);
  gtk_label_set_text (self->status_label, _("Layout cancelled."));
}

/* The function graphs @op may run: the graphs nested in the shown one, narrowed by the op's
 * kind where TensorFlow's names tell (a While runs while_cond_* and while_body_*, an If
 * cond_true_* and cond_false_*). Logdirs without GraphDefs do not record the op's function
 * attributes, so names are all there is. */
static GArray *
called_graphs (TdbgLogdir *logdir, guint32 graph, const TdbgOp *op)
{
  GArray *inner = g_array_new (FALSE, FALSE, sizeof (guint32));
  const char *type = op->op_type ? op->op_type : "";
  const char *hint = strstr (type, "While") ? "while" : strstr (type, "If") || strstr (type, "Case") ? "cond" : NULL;

  for (guint pass = 0; pass < 2 && inner->len == 0; pass++)
    for (guint32 g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
      {
        const TdbgGraph *candidate = tdbg_logdir_get_graph (logdir, g);
        if (candidate->outer != graph)
          continue;
        if (pass == 0 && (hint == NULL || candidate->graph_name == NULL || strstr (candidate->graph_name, hint) == NULL))
          continue;
        g_array_append_val (inner, g);
      }
  return inner;
}

static gboolean
is_call_op (const TdbgOp *op)
{
  static const char *const kinds[] = { "While", "If", "Case", "PartitionedCall", "StatefulPartitionedCall" };
  const char *type = op->op_type ? op->op_type : "";

  if (g_str_has_prefix (type, "Stateless"))
    type += strlen ("Stateless");
  return g_strv_contains (kinds, type) || g_str_has_suffix (type, "PartitionedCall");
}

static void
inner_clicked_cb (GtkButton *button, TdbgGraphBrowser *self)
{
  tdbg_graph_browser_set_graph (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "graph")));
}

/* Under the toolbar: one button per function graph the activated call op runs. */
static void
show_calls (TdbgGraphBrowser *self, guint32 op_index)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, op_index);
  g_autoptr(GArray) inner = NULL;
  GtkWidget *child;
  g_autofree char *text = NULL;

  while ((child = gtk_widget_get_next_sibling (GTK_WIDGET (self->inner_label))))
    gtk_box_remove (self->inner_box, child);
  inner = is_call_op (op) ? called_graphs (logdir, self->graph, op) : g_array_new (FALSE, FALSE, sizeof (guint32));
  gtk_widget_set_visible (GTK_WIDGET (self->inner_box), inner->len > 0);
  /* Translators: before the buttons that open the function graphs an op runs */
  text = g_strdup_printf (_("%s runs:"), op->op_name);
  gtk_label_set_text (self->inner_label, text);
  for (guint i = 0; i < inner->len; i++)
    {
      guint32 g = g_array_index (inner, guint32, i);
      const char *name = tdbg_logdir_get_graph (logdir, g)->graph_name;
      GtkWidget *button = gtk_button_new_with_label (name && *name ? name : tdbg_logdir_get_graph (logdir, g)->graph_id);
      GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));

      /* However many graphs it runs and however long their names, the row never widens the pane. */
      gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (label, 6);
      gtk_widget_set_tooltip_text (button, _("Open this function graph"));
      g_object_set_data (G_OBJECT (button), "graph", GUINT_TO_POINTER (g));
      g_signal_connect (button, "clicked", G_CALLBACK (inner_clicked_cb), self);
      gtk_box_append (self->inner_box, button);
    }
}

static void
node_activated_cb (TdbgGraphView *view, const char *name, TdbgGraphBrowser *self)
{
  gint i = self->shown ? tdbg_whole_graph_node_from_name (self->shown, name) : -1;
  const TdbgWholeNode *node;

  if (i < 0)
    return;
  node = &g_array_index (self->shown->nodes, TdbgWholeNode, i);
  if (node->kind == TDBG_WHOLE_NODE_SCOPE)
    {
      tdbg_graph_browser_toggle_scope (self, node->scope);
      return;
    }
  show_calls (self, node->op);
  tdbg_selection_select_op (self->selection, node->op);
}

static void
cluster_activated_cb (TdbgGraphView *view, const char *name, TdbgGraphBrowser *self)
{
  const char *scope = self->shown ? tdbg_whole_graph_scope_from_cluster (self->shown, name) : NULL;

  if (scope)
    tdbg_graph_browser_toggle_scope (self, scope);
}

gboolean
tdbg_graph_browser_get_scope_folded (TdbgGraphBrowser *self, const char *scope)
{
  g_return_val_if_fail (TDBG_IS_GRAPH_BROWSER (self), FALSE);
  return self->folded != g_hash_table_contains (self->toggled, scope);
}

void
tdbg_graph_browser_toggle_scope (TdbgGraphBrowser *self, const char *scope)
{
  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  /* Once laid out, the scope's first op is brought into view: in its folded node, or in its
   * box when opened. */
  for (guint i = 0; self->shown && i < self->shown->nodes->len; i++)
    if (g_strcmp0 (g_array_index (self->shown->nodes, TdbgWholeNode, i).scope, scope) == 0)
      {
        self->focus_op = tdbg_whole_graph_node_op (self->shown, i);
        break;
      }
  if (!g_hash_table_remove (self->toggled, scope))
    g_hash_table_add (self->toggled, g_strdup (scope));
  tdbg_graph_browser_rebuild (self);
}

/* Backspace on an op of an open scope, or on the scope's label, folds the scope. */
static void
fold_scope_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgGraphBrowser *self = TDBG_GRAPH_BROWSER (widget);
  const char *name = tdbg_graph_view_get_focused (self->view);
  const char *scope = NULL;
  gint node;

  if (name == NULL || self->shown == NULL)
    return;
  scope = tdbg_whole_graph_scope_from_cluster (self->shown, name);
  node = tdbg_whole_graph_node_from_name (self->shown, name);
  if (scope == NULL && node >= 0 && g_array_index (self->shown->nodes, TdbgWholeNode, node).kind == TDBG_WHOLE_NODE_OP)
    scope = g_array_index (self->shown->nodes, TdbgWholeNode, node).scope;
  if (scope && !tdbg_graph_browser_get_scope_folded (self, scope))
    tdbg_graph_browser_toggle_scope (self, scope);
}

gboolean
tdbg_graph_browser_find (TdbgGraphBrowser *self, const char *text)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = logdir ? tdbg_logdir_get_n_ops (logdir) : 0;
  guint start = self->last_found == TDBG_NONE ? 0 : self->last_found + 1;
  g_autofree char *needle = g_utf8_casefold (text ? text : "", -1);

  for (guint k = 0; *needle && self->graph != TDBG_NONE && k < n; k++)
    {
      guint32 i = (start + k) % n;
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      g_autofree char *name = NULL, *type = NULL;
      gint node;

      if (op->graph != self->graph || op->record_offset == G_MAXUINT64)
        continue;
      name = g_utf8_casefold (op->op_name ? op->op_name : "", -1);
      type = g_utf8_casefold (op->op_type ? op->op_type : "", -1);
      if (!strstr (name, needle) && !strstr (type, needle))
        continue;
      self->last_found = i;
      node = self->shown ? tdbg_whole_graph_find_op (self->shown, i) : -1;
      if (node >= 0 && g_array_index (self->shown->nodes, TdbgWholeNode, node).kind == TDBG_WHOLE_NODE_SCOPE)
        {
          /* Open the scope it is folded in, then show it once laid out. */
          tdbg_graph_browser_toggle_scope (self, g_array_index (self->shown->nodes, TdbgWholeNode, node).scope);
          self->focus_op = i;
        }
      else if (self->cancellable)
        self->focus_op = i;
      else
        bring_into_view (self, i);
      /* Selected once the browser knows where it shows it (Graph Structure then asks it to). */
      tdbg_selection_select_op (self->selection, i);
      return TRUE;
    }
  return FALSE;
}

/* Whether @op's node is drawn inside the view. */
static gboolean
op_in_sight (TdbgGraphBrowser *self, guint32 op)
{
  g_autofree char *name = tdbg_graph_browser_get_node_name (self, op);
  double x, y;

  return name && gtk_widget_get_mapped (GTK_WIDGET (self->view)) &&
         tdbg_graph_view_get_node_center (self->view, name, &x, &y) && x >= 0 && y >= 0 &&
         x <= gtk_widget_get_width (GTK_WIDGET (self->view)) && y <= gtk_widget_get_height (GTK_WIDGET (self->view));
}

void
tdbg_graph_browser_show_op (TdbgGraphBrowser *self, guint32 op)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgOp *o;
  gint node;

  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  if (logdir == NULL || op >= tdbg_logdir_get_n_ops (logdir))
    return;
  o = tdbg_logdir_get_op (logdir, op);
  if (o->graph >= tdbg_logdir_get_n_graphs (logdir))
    return;
  /* The op shown last, in the graph shown: the view stays as the person left it. */
  if (op == self->last_shown_op && o->graph == self->graph)
    return;
  self->last_shown_op = op;
  self->grab_focus = FALSE;
  if (o->graph != self->graph)
    {
      tdbg_graph_browser_set_graph (self, o->graph);
      self->focus_op = op;
      return;
    }
  node = self->shown ? tdbg_whole_graph_find_op (self->shown, op) : -1;
  if (node >= 0 && !self->cancellable && g_array_index (self->shown->nodes, TdbgWholeNode, node).kind == TDBG_WHOLE_NODE_SCOPE)
    {
      /* Open the scope it is folded in, then show it once laid out. */
      tdbg_graph_browser_toggle_scope (self, g_array_index (self->shown->nodes, TdbgWholeNode, node).scope);
      self->focus_op = op;
    }
  else if (self->cancellable || self->stale || self->shown == NULL)
    self->focus_op = op;
  else if (op_in_sight (self, op))
    /* Already in sight: the person's zoom and place stay. */
    return;
  else if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      /* Laid out again once on show, with the op in the middle. */
      self->stale = TRUE;
      self->focus_op = op;
    }
  else
    bring_into_view (self, op);
}

static void
search_activate_cb (GtkSearchEntry *entry, TdbgGraphBrowser *self)
{
  if (!tdbg_graph_browser_find (self, gtk_editable_get_text (GTK_EDITABLE (entry))))
    gtk_label_set_text (self->status_label, _("No op of this graph has that name or type."));
}

static void
search_changed_cb (GtkSearchEntry *entry, TdbgGraphBrowser *self)
{
  self->last_found = TDBG_NONE;
}

static void
find_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (TDBG_GRAPH_BROWSER (widget)->search_entry));
}

void
tdbg_graph_browser_set_selection (TdbgGraphBrowser *self, TdbgSelection *selection)
{
  TdbgLogdir *logdir;
  guint32 op;
  guint32 graph = 0;

  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  g_set_object (&self->selection, selection);
  tdbg_op_details_set_selection (self->details, selection);
  logdir = logdir_of (self);
  tdbg_graph_browser_fill_dropdown (self, logdir, FALSE);
  op = selection ? tdbg_selection_get_op (selection) : TDBG_NONE;
  if (logdir && op < tdbg_logdir_get_n_ops (logdir) && tdbg_logdir_get_op (logdir, op)->graph != TDBG_NONE)
    graph = tdbg_logdir_get_op (logdir, op)->graph;
  self->graph = TDBG_NONE;
  tdbg_graph_browser_set_graph (self, graph);
}

void
tdbg_graph_browser_set_dark (TdbgGraphBrowser *self, gboolean dark)
{
  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  if (self->dark == dark)
    return;
  self->dark = dark;
  if (self->graph != TDBG_NONE)
    tdbg_graph_browser_rebuild (self);
}

guint32
tdbg_graph_browser_get_graph (TdbgGraphBrowser *self)
{
  return self->graph;
}

void
tdbg_graph_browser_set_folded (TdbgGraphBrowser *self, gboolean folded)
{
  g_return_if_fail (TDBG_IS_GRAPH_BROWSER (self));
  if (self->folded == folded && g_hash_table_size (self->toggled) == 0)
    return;
  set_graph (self, self->graph, folded);
}

gboolean
tdbg_graph_browser_get_folded (TdbgGraphBrowser *self)
{
  return self->folded;
}

GtkWidget *
tdbg_graph_browser_get_details (TdbgGraphBrowser *self)
{
  return GTK_WIDGET (self->details);
}

TdbgGraphView *
tdbg_graph_browser_get_view (TdbgGraphBrowser *self)
{
  return self->view;
}

TdbgWholeGraph *
tdbg_graph_browser_get_shown (TdbgGraphBrowser *self)
{
  return self->cancellable ? NULL : self->shown;
}

gboolean
tdbg_graph_browser_is_busy (TdbgGraphBrowser *self)
{
  return self->cancellable != NULL;
}

char *
tdbg_graph_browser_get_node_name (TdbgGraphBrowser *self, guint32 op)
{
  gint node = self->shown ? tdbg_whole_graph_find_op (self->shown, op) : -1;

  return node >= 0 ? g_strdup_printf ("n%d", node) : NULL;
}

static void
tdbg_graph_browser_dispose (GObject *object)
{
  TdbgGraphBrowser *self = TDBG_GRAPH_BROWSER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pending, tdbg_whole_graph_free);
  g_clear_pointer (&self->shown, tdbg_whole_graph_free);
  g_clear_pointer (&self->toggled, g_hash_table_unref);
  g_clear_object (&self->selection);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_GRAPH_BROWSER);
  /* A plain GtkWidget parent: its children are ours to unparent. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tdbg_graph_browser_parent_class)->dispose (object);
}

static void
tdbg_graph_browser_map (GtkWidget *widget)
{
  TdbgGraphBrowser *self = TDBG_GRAPH_BROWSER (widget);

  GTK_WIDGET_CLASS (tdbg_graph_browser_parent_class)->map (widget);
  if (self->stale)
    {
      gboolean keep = self->keep_on_map;

      tdbg_graph_browser_rebuild (self);
      self->keep_view = keep && tdbg_graph_browser_is_busy (self);
    }
}

static void
tdbg_graph_browser_class_init (TdbgGraphBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_graph_browser_dispose;
  widget_class->map = tdbg_graph_browser_map;
  g_type_ensure (TDBG_TYPE_GRAPH_VIEW);
  g_type_ensure (TDBG_TYPE_OP_DETAILS);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-graph-browser.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgGraphBrowser, up_button, graph_dropdown, fold_button, search_entry,
                               inner_box, inner_label, paned, view, details, progress_box, spinner, progress_label,
                               cancel_button, status_label);
  gtk_widget_class_install_action (widget_class, "browser.find", NULL, find_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "browser.find", NULL);
  gtk_widget_class_install_action (widget_class, "browser.fold-scope", NULL, fold_scope_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "browser.fold-scope", NULL);
}

/* The details keep the width they read well at; the drawing has the rest, however wide the
 * browser (a split at a fixed place gave a wide browser's growth to the details). */
#define DETAILS_WIDTH 300

static void
paned_max_cb (GtkPaned *paned, GParamSpec *pspec, gpointer data)
{
  int width = gtk_widget_get_width (GTK_WIDGET (paned)), max;

  g_object_get (paned, "max-position", &max, NULL);
  if (width > 0 && max > 0)
    gtk_paned_set_position (paned, MIN (MAX (width - DETAILS_WIDTH, width / 2), max));
}

static void
tdbg_graph_browser_init (TdbgGraphBrowser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);
  self->graph = TDBG_NONE;
  self->focus_op = TDBG_NONE;
  self->pending_view_op = TDBG_NONE;
  self->last_shown_op = TDBG_NONE;
  self->grab_focus = TRUE;
  self->last_found = TDBG_NONE;
  self->anchor_op = self->focused_op = TDBG_NONE;
  g_signal_connect (self->paned, "notify::max-position", G_CALLBACK (paned_max_cb), NULL);
  self->toggled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  tdbg_graph_browser_fill_dropdown (self, NULL, FALSE);
  /* A nested graph's row is long ("refine › while_body_37 › cond_true_51 · …"): the button
   * shows the innermost graph and its counts, and never widens the window. */
  tdbg_name_factory_apply_full (self->graph_dropdown, tdbg_graph_browser_short_row, PANGO_ELLIPSIZE_END, 40);
  tdbg_ui_name_drop_down (self->graph_dropdown, _("Graph"));
  g_signal_connect (self->graph_dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), self);
  g_signal_connect (self->fold_button, "toggled", G_CALLBACK (fold_toggled_cb), self);
  g_signal_connect (self->up_button, "clicked", G_CALLBACK (up_clicked_cb), self);
  g_signal_connect (self->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  g_signal_connect (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->view, "node-activated", G_CALLBACK (node_activated_cb), self);
  g_signal_connect (self->view, "cluster-activated", G_CALLBACK (cluster_activated_cb), self);
}
