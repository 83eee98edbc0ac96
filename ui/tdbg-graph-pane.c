/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-graph-pane-private.h"

#include <glib/gi18n.h>
#include "tdbg-cause-finder.h"
#include "tdbg-layout-worker.h"
#include "tdbg-graph-browser.h"
#include "tdbg-graph-legend.h"
#include "tdbg-ui.h"
#include "tdbg-template.h"

struct _TdbgGraphPane {
  TdbgPane parent_instance;

  GtkLabel *op_label;
  GtkSpinButton *input_depth;
  GtkSpinButton *consumer_depth;
  GtkMenuButton *export_button;
  GtkStack *stack;
  GtkLabel *empty_label;
  TdbgGraphView *view;
  GtkLabel *status_label;
  GtkToggleButton *whole_button;
  TdbgGraphBrowser *browser;
  GtkWidget *footer;
  GtkWidget *legend;

  GCancellable *cancellable;
  guint32 pending_op;
  TdbgNeighbourhood *pending_hood;
  char *pending_dot;
  guint32 shown_op;
  TdbgNeighbourhood *shown_hood;
  char *shown_dot;
  char **node_names;       /* node name per neighbourhood node of the shown layout */
  guint built_ops;         /* ops and alerts in the logdir when the graph was last built */
  guint built_alerts;
  TdbgCauseFinder *finder;  /* the selection's; marks the origin of the first NaN/∞ */
  GtkWidget *run_box;
  GtkToggleButton *run_b_button;
  TdbgTwins *twins;         /* compare mode: run B and the twins of run A's ops, else NULL */
  TdbgLogdir *shown_logdir; /* whose ops shown_op and shown_hood are: run A's, or run B's */
  TdbgLogdir *pending_logdir;
};

G_DEFINE_FINAL_TYPE (TdbgGraphPane, tdbg_graph_pane, TDBG_TYPE_PANE)

static TdbgLogdir *
logdir_of (TdbgGraphPane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

/* Compare mode with "B" on: run B's neighbourhood of the selected op's twin is drawn. */
static gboolean
draws_run_b (TdbgGraphPane *self)
{
  return self->twins && gtk_toggle_button_get_active (self->run_b_button);
}

/* The run whose ops the shown neighbourhood has. */
static TdbgLogdir *
shown_logdir (TdbgGraphPane *self)
{
  return self->shown_logdir ? self->shown_logdir : logdir_of (self);
}

/* The neighbourhood's pages ("empty", "graph") only while the whole graph is not on show. */
static void
show_page (TdbgGraphPane *self, const char *name)
{
  if (!gtk_toggle_button_get_active (self->whole_button))
    gtk_stack_set_visible_child_name (self->stack, name);
}

static void
clear_shown (TdbgGraphPane *self)
{
  self->shown_op = TDBG_NONE;
  self->shown_logdir = NULL;
  g_clear_pointer (&self->shown_hood, tdbg_neighbourhood_free);
  g_clear_pointer (&self->shown_dot, g_free);
  g_clear_pointer (&self->node_names, g_strfreev);
}

static void
describe (TdbgGraphPane *self)
{
  TdbgLogdir *logdir = shown_logdir (self);
  GString *desc = g_string_new (NULL);
  const TdbgOp *center = tdbg_logdir_get_op (logdir, self->shown_op);
  guint n_in = 0, n_out = 0;

  for (guint i = 1; i < self->shown_hood->nodes->len; i++)
    {
      const TdbgNeighbour *nb = &g_array_index (self->shown_hood->nodes, TdbgNeighbour, i);
      if (nb->level < 0)
        n_in++;
      else
        n_out++;
    }
  /* Translators: accessible description of the graph: op name, op type, counts. */
  g_string_printf (desc, _("%s (%s): %'u ops above, %'u ops below"), center->op_name,
                   center->op_type ? center->op_type : "?", n_in, n_out);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc->str, -1);
  g_string_free (desc, TRUE);
}

/* Names each node's button for assistive technologies: op, type, whether it went bad, and
 * where it sits relative to the selected op; its tooltip names the op whole. */
static void
label_nodes (TdbgGraphPane *self)
{
  TdbgLogdir *logdir = shown_logdir (self);

  for (guint i = 0; i < self->shown_hood->nodes->len; i++)
    {
      const TdbgNeighbour *nb = &g_array_index (self->shown_hood->nodes, TdbgNeighbour, i);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, nb->op);
      const char *type = op->op_type ? op->op_type : "?";
      GtkWidget *node = tdbg_graph_view_get_node_widget (self->view, self->node_names[i]);
      g_autofree char *label = NULL;
      g_autofree char *where = NULL;
      guint levels = (guint) ABS (nb->level);

      if (node == NULL)
        continue;
      /* Translators: accessible name of a graph node: op name, op type */
      label = nb->inf_nan ? g_strdup_printf (_("%s (%s), NaN/∞"), op->op_name, type)
                          : g_strdup_printf (_("%s (%s)"), op->op_name, type);
      if (nb->level == 0)
        where = g_strdup (_("The selected op"));
      else if (nb->level < 0)
        where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Input, %u level above", "Input, %u levels above",
                                              levels), levels);
      else
        where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Consumer, %u level below",
                                              "Consumer, %u levels below", levels), levels);
      /* The node may show the op's last name scopes only: the pointer finds the whole name.
       * Set first: GTK makes a tooltip the accessible description, which is where it sits. */
      gtk_widget_set_tooltip_text (node, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (node), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, where, -1);
    }
}

static void
layout_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  TdbgGraphLayout *layout = tdbg_layout_worker_layout_finish (result, &error);
  TdbgGraphPane *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = TDBG_GRAPH_PANE (user_data);
  clear_shown (self);
  self->shown_op = self->pending_op;
  self->shown_logdir = self->pending_logdir;
  self->shown_hood = g_steal_pointer (&self->pending_hood);
  self->shown_dot = g_steal_pointer (&self->pending_dot);
  if (layout == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      tdbg_graph_view_set_layout (self->view, NULL);
      return;
    }
  self->node_names = g_new0 (char *, self->shown_hood->nodes->len + 1);
  for (guint i = 0; i < self->shown_hood->nodes->len; i++)
    self->node_names[i] = g_strdup_printf ("n%u", i);
  tdbg_graph_view_set_layout (self->view, layout);
  show_page (self, "graph");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "graph.export", TRUE);
  gtk_label_set_text (self->status_label,
                      self->shown_hood->truncated ? _("Showing the nearest ops only; more are within reach.") : "");
  describe (self);
  label_nodes (self);
}

static void
show_nothing (TdbgGraphPane *self, const char *why)
{
  clear_shown (self);
  tdbg_graph_view_set_layout (self->view, NULL);
  show_page (self, "empty");
  gtk_label_set_text (self->empty_label, why);
  gtk_label_set_text (self->op_label, "");
  /* Its row too: nothing to name. */
  gtk_widget_set_visible (GTK_WIDGET (self->op_label), FALSE);
  gtk_label_set_text (self->status_label, "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "graph.export", FALSE);
}

/* The op whose neighbourhood the selection shows: its own, but for the trace of a read whose
 * NaN/∞ an update TensorFlow records no output of (an optimizer's) is inferred to have written:
 * that shows the update, with the input that explains it (an epsilon of 0). */
static guint32
op_to_draw (TdbgGraphPane *self, TdbgSelection *selection)
{
  const TdbgRootCause *cause = self->finder ? tdbg_cause_finder_get_cause (self->finder) : NULL;

  if (selection == NULL)
    return TDBG_NONE;
  if (cause && cause->origin_untraced && cause->origin_op != TDBG_NONE && !draws_run_b (self) &&
      tdbg_selection_get_trace (selection) == cause->origin_trace)
    return cause->origin_op;
  return tdbg_selection_get_op (selection);
}

static void
rebuild (TdbgGraphPane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  TdbgLogdir *logdir = logdir_of (self);
  guint32 op = op_to_draw (self, selection);
  gboolean run_b = draws_run_b (self);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pending_hood, tdbg_neighbourhood_free);
  g_clear_pointer (&self->pending_dot, g_free);

  if (logdir == NULL && tdbg_selection_get_loading (selection))
    {
      show_nothing (self, _("Reading the logdir…"));
      return;
    }
  if (logdir == NULL || op == TDBG_NONE || op >= tdbg_logdir_get_n_ops (logdir))
    {
      show_nothing (self, _("Select a graph execution trace or an op to see its inputs and consumers."));
      return;
    }
  if (run_b)
    {
      /* Run B's twin of the op, drawn from run B's graphs. */
      logdir = self->twins->other;
      op = tdbg_twins_get_op (self->twins, op);
      if (op == TDBG_NONE)
        {
          show_nothing (self, _("This op has no twin in run B: none of its outputs was compared there."));
          return;
        }
    }

  {
    const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
    /* Translators: Graph Structure's header in compare mode, drawing run B: op name, op type */
    g_autofree char *text = run_b ? g_strdup_printf (_("Run B: %s (%s)"), o->op_name, o->op_type ? o->op_type : "?")
                                  : g_strdup_printf ("%s (%s)", o->op_name, o->op_type ? o->op_type : "?");
    gtk_label_set_text (self->op_label, text);
    gtk_widget_set_visible (GTK_WIDGET (self->op_label), TRUE);
  }
  self->pending_op = op;
  self->pending_logdir = logdir;
  self->built_ops = tdbg_logdir_get_n_ops (logdir_of (self));
  self->built_alerts = tdbg_logdir_get_n_alerts (logdir_of (self));
  self->pending_hood = tdbg_neighbourhood_new (logdir, op, (guint) gtk_spin_button_get_value_as_int (self->input_depth),
                                               (guint) gtk_spin_button_get_value_as_int (self->consumer_depth),
                                               TDBG_GRAPH_MAX_NODES);
  if (self->pending_hood == NULL)
    return;
  /* The root cause is run A's: its marks go on run A's ops only. */
  if (!run_b && self->finder && tdbg_cause_finder_get_cause (self->finder))
    tdbg_neighbourhood_mark_cause (self->pending_hood, tdbg_cause_finder_get_cause (self->finder));
  self->pending_dot = tdbg_neighbourhood_to_dot (self->pending_hood, logdir, tdbg_pane_get_dark (TDBG_PANE (self)),
                                                 TDBG_DOT_SHORT_NAMES);
  self->cancellable = g_cancellable_new ();
  gtk_label_set_text (self->status_label, _("Laying out…"));
  tdbg_layout_worker_layout_async (self->pending_dot, self->cancellable, layout_done_cb, self);
}

static void
run_toggled_cb (TdbgGraphPane *self)
{
  rebuild (self);
}

/* The root cause came (or changed as the run grew): draw again when it marks the shown
 * neighbourhood differently. */
static void
cause_cb (TdbgCauseFinder *finder, GParamSpec *pspec, TdbgGraphPane *self)
{
  const TdbgRootCause *cause = tdbg_cause_finder_get_cause (finder);
  /* The neighbourhood being laid out, else the one shown. */
  TdbgNeighbourhood *hood = self->pending_hood ? self->pending_hood : self->shown_hood;
  g_autofree TdbgNeighbourMark *before = NULL;
  gboolean differ = FALSE;

  if (cause == NULL || draws_run_b (self))
    return;
  if (op_to_draw (self, tdbg_pane_get_selection (TDBG_PANE (self))) != tdbg_graph_pane_get_requested_op (self))
    {
      rebuild (self);
      return;
    }
  if (hood == NULL)
    return;
  before = g_new (TdbgNeighbourMark, hood->nodes->len);
  for (guint i = 0; i < hood->nodes->len; i++)
    {
      before[i] = g_array_index (hood->nodes, TdbgNeighbour, i).mark;
      g_array_index (hood->nodes, TdbgNeighbour, i).mark = TDBG_NEIGHBOUR_PLAIN;
    }
  tdbg_neighbourhood_mark_cause (hood, cause);
  for (guint i = 0; i < hood->nodes->len; i++)
    differ |= g_array_index (hood->nodes, TdbgNeighbour, i).mark != before[i];
  if (differ)
    rebuild (self);
}

static void
tdbg_graph_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (pane);

  if (self->finder == NULL && tdbg_pane_get_selection (pane))
    {
      self->finder = tdbg_cause_finder_for_selection (tdbg_pane_get_selection (pane));
      g_signal_connect_object (self->finder, "notify::cause", G_CALLBACK (cause_cb), self, 0);
    }
  /* Another run: compare mode is over until the window compares again. */
  tdbg_graph_pane_set_twins (self, NULL);
  rebuild (self);
  tdbg_graph_browser_set_selection (self->browser, tdbg_pane_get_selection (pane));
}

enum { WHOLE_GRAPH_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
whole_toggled_cb (GtkToggleButton *button, TdbgGraphPane *self)
{
  gboolean whole = gtk_toggle_button_get_active (button);

  gtk_widget_set_visible (self->footer, !whole);
  /* The whole graph is run A's. */
  gtk_widget_set_visible (self->run_box, self->twins != NULL && !whole);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), !whole);
  if (whole)
    {
      TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
      /* Opens on the selected op's graph, the op in the middle. */
      if (selection && tdbg_selection_get_op (selection) != TDBG_NONE)
        tdbg_graph_browser_show_op (self->browser, tdbg_selection_get_op (selection));
      gtk_stack_set_visible_child_name (self->stack, "whole");
    }
  else
    gtk_stack_set_visible_child_name (self->stack, self->shown_dot ? "graph" : "empty");
  g_signal_emit (self, signals[WHOLE_GRAPH_CHANGED], 0, whole);
}

static void
tdbg_graph_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (pane);

  if (g_str_equal (pspec->name, "loading"))
    rebuild (self);
  /* Drawn again unless that op's layout is under way already: a layout under way for another
   * op would otherwise end on it, though the selection came back to the op shown before. */
  if (g_str_equal (pspec->name, "op") &&
      (draws_run_b (self) || self->cancellable == NULL || tdbg_selection_get_op (selection) != self->pending_op))
    rebuild (self);
  /* Whole Graph follows an op selected anywhere (a trace, the gutter, an alert). */
  if (g_str_equal (pspec->name, "op") && gtk_toggle_button_get_active (self->whole_button) &&
      tdbg_selection_get_op (selection) != TDBG_NONE)
    tdbg_graph_browser_show_op (self->browser, tdbg_selection_get_op (selection));
}

/* A followed run wrote more: new ops may join the neighbourhood and the whole graph, and new
 * NaN/∞ traces colour their producers. */
static void
tdbg_graph_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (pane);

  if (self->shown_op != TDBG_NONE &&
      (tdbg_logdir_get_n_ops (logdir) != self->built_ops || tdbg_logdir_get_n_alerts (logdir) != self->built_alerts))
    rebuild (self);
  tdbg_graph_browser_logdir_grew (self->browser);
}

static void
depth_changed_cb (GtkSpinButton *spin, TdbgGraphPane *self)
{
  rebuild (self);
}

static void
node_activated_cb (TdbgGraphView *view, const char *name, TdbgGraphPane *self)
{
  guint64 i;
  guint32 op;

  if (self->shown_hood == NULL || name[0] != 'n' || !g_ascii_string_to_unsigned (name + 1, 10, 0,
                                                                                self->shown_hood->nodes->len - 1,
                                                                                &i, NULL))
    return;
  op = g_array_index (self->shown_hood->nodes, TdbgNeighbour, i).op;
  /* A node of run B's graph selects the op of run A it is the twin of (the view stays on B). */
  if (self->twins && self->shown_logdir == self->twins->other)
    op = tdbg_twins_find_op_a (self->twins, op);
  if (op != TDBG_NONE)
    tdbg_selection_select_op (tdbg_pane_get_selection (TDBG_PANE (self)), op);
}

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  TdbgGraphPane *self = TDBG_GRAPH_PANE (source);

  if (!tdbg_graph_pane_export_finish (self, result, &error))
    gtk_label_set_text (self->status_label, error->message);
  else
    gtk_label_set_text (self->status_label, _("Exported."));
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, TdbgGraphPane *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      const char *format = g_object_get_data (G_OBJECT (chooser), "format");
      if (path)
        tdbg_graph_pane_export_async (self, format, path, export_done_cb, NULL);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  g_autofree char *base = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->shown_dot == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Graph"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  base = g_strdup (tdbg_logdir_get_op (logdir_of (self), self->shown_op)->op_name);
  g_strcanon (base, G_CSET_A_2_Z G_CSET_a_2_z G_CSET_DIGITS "_-.", '_');
  name = g_strdup_printf ("%s.%s", base, format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), "format", g_strdup (format), g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (widget);

  if (g_str_equal (action_name, "graph.zoom-in"))
    tdbg_graph_view_zoom_by (self->view, 1.25, -1, -1);
  else if (g_str_equal (action_name, "graph.zoom-out"))
    tdbg_graph_view_zoom_by (self->view, 1 / 1.25, -1, -1);
  else
    tdbg_graph_view_zoom_fit (self->view);
}

static void
tdbg_graph_pane_dispose (GObject *object)
{
  TdbgGraphPane *self = TDBG_GRAPH_PANE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_shown (self);
  g_clear_pointer (&self->pending_hood, tdbg_neighbourhood_free);
  g_clear_pointer (&self->pending_dot, g_free);
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  G_OBJECT_CLASS (tdbg_graph_pane_parent_class)->dispose (object);
}

/* The node colours are in the DOT: lay the graph out again in the other style's colours. */
static void
tdbg_graph_pane_dark_changed (TdbgPane *pane, gboolean dark)
{
  tdbg_graph_browser_set_dark (TDBG_GRAPH_PANE (pane)->browser, dark);
  if (tdbg_pane_get_selection (pane))
    rebuild (TDBG_GRAPH_PANE (pane));
}

static void
tdbg_graph_pane_class_init (TdbgGraphPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  object_class->dispose = tdbg_graph_pane_dispose;
  pane_class->logdir_loaded = tdbg_graph_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_graph_pane_logdir_grew;
  pane_class->selection_changed = tdbg_graph_pane_selection_changed;
  pane_class->dark_changed = tdbg_graph_pane_dark_changed;
  g_type_ensure (TDBG_TYPE_GRAPH_VIEW);
  g_type_ensure (TDBG_TYPE_GRAPH_BROWSER);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-graph-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgGraphPane, op_label, input_depth, consumer_depth, export_button, stack,
                               empty_label, view, status_label, whole_button, browser, footer, run_box,
                               run_b_button);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, run_toggled_cb);
  /* Whole Graph opened (TRUE) or closed: the window gives the browser its room. */
  signals[WHOLE_GRAPH_CHANGED] = g_signal_new ("whole-graph-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  gtk_widget_class_install_action (widget_class, "graph.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "graph.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "graph.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "graph.zoom-fit", NULL, zoom_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "graph.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "graph.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "graph.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "graph.zoom-fit", NULL);
}

static void
tdbg_graph_pane_init (TdbgGraphPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown_op = TDBG_NONE;
  self->pending_op = TDBG_NONE;
  g_signal_connect (self->input_depth, "value-changed", G_CALLBACK (depth_changed_cb), self);
  g_signal_connect (self->consumer_depth, "value-changed", G_CALLBACK (depth_changed_cb), self);
  g_signal_connect (self->view, "node-activated", G_CALLBACK (node_activated_cb), self);
  g_signal_connect (self->whole_button, "toggled", G_CALLBACK (whole_toggled_cb), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "graph.export", FALSE);
  /* What the nodes' colours mean, at the end of the footer. */
  self->legend = tdbg_graph_legend_new ();
  gtk_box_append (GTK_BOX (self->footer), self->legend);
}

GtkWidget *
tdbg_graph_pane_get_legend (TdbgGraphPane *self)
{
  return self->legend;
}

TdbgGraphView *
tdbg_graph_pane_get_view (TdbgGraphPane *self)
{
  return self->view;
}

guint32
tdbg_graph_pane_get_shown_op (TdbgGraphPane *self)
{
  return self->cancellable && self->pending_dot ? TDBG_NONE : self->shown_op;
}

guint32
tdbg_graph_pane_get_requested_op (TdbgGraphPane *self)
{
  return self->cancellable && self->pending_dot ? self->pending_op : self->shown_op;
}

void
tdbg_graph_pane_get_depths (TdbgGraphPane *self, guint *inputs, guint *consumers)
{
  g_return_if_fail (TDBG_IS_GRAPH_PANE (self));
  if (inputs)
    *inputs = (guint) gtk_spin_button_get_value_as_int (self->input_depth);
  if (consumers)
    *consumers = (guint) gtk_spin_button_get_value_as_int (self->consumer_depth);
}

void
tdbg_graph_pane_set_depths (TdbgGraphPane *self, guint inputs, guint consumers)
{
  g_return_if_fail (TDBG_IS_GRAPH_PANE (self));
  /* The spin buttons clamp to their ranges; each change rebuilds once. */
  gtk_spin_button_set_value (self->input_depth, inputs);
  gtk_spin_button_set_value (self->consumer_depth, consumers);
}

const char *
tdbg_graph_pane_get_node_name (TdbgGraphPane *self, guint32 op)
{
  for (guint i = 0; self->shown_hood && i < self->shown_hood->nodes->len; i++)
    if (g_array_index (self->shown_hood->nodes, TdbgNeighbour, i).op == op)
      return self->node_names[i];
  return NULL;
}

static void
export_task_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  GError *error = NULL;

  if (tdbg_layout_worker_export_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
  g_object_unref (task);
}

void
tdbg_graph_pane_export_async (TdbgGraphPane *self, const char *format, const char *path,
                              GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  g_autofree char *dot = NULL;

  if (self->shown_dot == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No graph is shown"));
      g_object_unref (task);
      return;
    }
  /* Exported pictures go into bug reports and papers: always the light colours, and every
   * op named whole (a picture is read at its own size, not fitted into the pane). */
  dot = tdbg_neighbourhood_to_dot (self->shown_hood, shown_logdir (self), FALSE, TDBG_DOT_WHOLE_NAMES);
  tdbg_layout_worker_export_async (dot, format, path, NULL, export_task_done_cb, task);
}

gboolean
tdbg_graph_pane_export_finish (TdbgGraphPane *self, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

TdbgGraphBrowser *
tdbg_graph_pane_get_browser (TdbgGraphPane *self)
{
  return self->browser;
}

void
tdbg_graph_pane_set_whole_graph (TdbgGraphPane *self, gboolean whole)
{
  g_return_if_fail (TDBG_IS_GRAPH_PANE (self));
  gtk_toggle_button_set_active (self->whole_button, whole);
}

void
tdbg_graph_pane_set_twins (TdbgGraphPane *self, TdbgTwins *twins)
{
  g_return_if_fail (TDBG_IS_GRAPH_PANE (self));
  if (twins == self->twins)
    return;
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  if (twins)
    self->twins = tdbg_twins_ref (twins);
  gtk_widget_set_visible (self->run_box, twins != NULL && !gtk_toggle_button_get_active (self->whole_button));
  if (twins == NULL && gtk_toggle_button_get_active (self->run_b_button))
    /* Back to run A (its "toggled" draws again). */
    gtk_toggle_button_set_active (self->run_b_button, FALSE);
}

void
tdbg_graph_pane_set_run_b (TdbgGraphPane *self, gboolean run_b)
{
  g_return_if_fail (TDBG_IS_GRAPH_PANE (self));
  gtk_toggle_button_set_active (run_b ? self->run_b_button : GTK_TOGGLE_BUTTON (gtk_widget_get_first_child (self->run_box)),
                                TRUE);
}

TdbgLogdir *
tdbg_graph_pane_get_shown_logdir (TdbgGraphPane *self)
{
  return self->shown_op == TDBG_NONE ? NULL : shown_logdir (self);
}

const char *
tdbg_graph_pane_get_op_text (TdbgGraphPane *self)
{
  return gtk_label_get_text (self->op_label);
}
