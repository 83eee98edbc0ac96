/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-op-details.h"
#include "tdbg-ui.h"

#include <glib/gi18n.h>
#include "libtdbg-data.h"

struct _TdbgOpDetails {
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkBox *box;               /* rebuilt for every op */
  TdbgSelection *selection;
  guint32 op;
  guint32 graph_def_graph;   /* graph whose GraphDef is parsed below, TDBG_NONE */
  Tensorflow__GraphDef *graph_def;
  gboolean stale;            /* the op changed while hidden: finding traces is a scan */
};

G_DEFINE_FINAL_TYPE (TdbgOpDetails, tdbg_op_details, GTK_TYPE_WIDGET)

static GtkWidget *
add_label (TdbgOpDetails *self, const char *text, const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (style)
    gtk_widget_add_css_class (label, style);
  gtk_box_append (self->box, label);
  return label;
}

/* "Heading: value" as two lines, the heading dimmed. */
static void
add_field (TdbgOpDetails *self, const char *heading, const char *value)
{
  add_label (self, heading, "dim-label");
  add_label (self, value && *value ? value : "—", NULL);
}

static void
op_clicked_cb (GtkButton *button, TdbgOpDetails *self)
{
  tdbg_selection_select_op (self->selection, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "op")));
}

static void
add_op_button (TdbgOpDetails *self, const char *text, guint32 op)
{
  GtkWidget *button = gtk_button_new_with_label (text);

  gtk_widget_add_css_class (button, "flat");
  gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  gtk_widget_set_sensitive (button, op != TDBG_NONE);
  gtk_widget_set_tooltip_text (button, text);
  g_object_set_data (G_OBJECT (button), "op", GUINT_TO_POINTER (op));
  g_signal_connect (button, "clicked", G_CALLBACK (op_clicked_cb), self);
  gtk_box_append (self->box, button);
}

static void
add_inputs (TdbgOpDetails *self, TdbgLogdir *logdir, const TdbgOp *op)
{
  guint n = g_strv_length (op->input_names);

  add_label (self, g_dngettext (GETTEXT_PACKAGE, "Input", "Inputs", MAX (n, 1)), "dim-label");
  if (n == 0)
    add_label (self, "—", NULL);
  for (guint k = 0; k < n; k++)
    {
      const char *name = op->input_names[k];
      guint32 producer = name[0] == '^' ? tdbg_logdir_find_op (logdir, op->graph, name + 1)
                                        : op->input_ops ? op->input_ops[k] : TDBG_NONE;
      add_op_button (self, name, producer);
    }
}

static void
add_consumers (TdbgOpDetails *self, TdbgLogdir *logdir, const TdbgOp *op)
{
  add_label (self, g_dngettext (GETTEXT_PACKAGE, "Consumer", "Consumers", MAX (op->consumers->len, 1)), "dim-label");
  if (op->consumers->len == 0)
    add_label (self, "—", NULL);
  for (guint c = 0; c < op->consumers->len; c++)
    {
      const TdbgConsumer *consumer = &g_array_index (op->consumers, TdbgConsumer, c);
      g_autofree char *text = g_strdup_printf ("%s (:%u → input %u)", tdbg_logdir_get_op (logdir, consumer->op)->op_name,
                                               consumer->output_slot, consumer->input_slot);
      add_op_button (self, text, consumer->op);
    }
}

/* The device of the op's latest trace, and each output's dtype as its traces recorded it. An
 * op never traced ran on no device the logdir knows of: the host that created it is what
 * there is to say. */
static void
add_traced (TdbgOpDetails *self, TdbgLogdir *logdir, guint32 op_index, const TdbgOp *op)
{
  g_autoptr(GString) dtypes = g_string_new (NULL);
  const char *device = NULL;

  /* Each slot is a scan of the traces: a few outputs are enough to read. */
  for (guint slot = 0; slot < MIN (MAX (op->num_outputs, 1), 8); slot++)
    {
      guint32 t = tdbg_logdir_find_latest_trace_before (logdir, op_index, slot, tdbg_logdir_get_n_traces (logdir));
      const TdbgTraceDigest *digest = t != TDBG_NONE ? tdbg_logdir_get_trace (logdir, t) : NULL;
      if (digest == NULL)
        continue;
      device = device ? device : tdbg_logdir_get_string (logdir, digest->device);
      if (tdbg_trace_digest_get_dtype (digest))
        g_string_append_printf (dtypes, "%s:%u %s", dtypes->len ? ", " : "", slot, tdbg_dtype_name (tdbg_trace_digest_get_dtype (digest)));
    }
  if (device)
    add_field (self, _("Device"), device);
  else
    add_field (self, _("Host"), op->host_name);
  add_field (self, _("Output dtypes"), dtypes->len ? dtypes->str : _("not recorded"));
}

static void
add_created_at (TdbgOpDetails *self, TdbgLogdir *logdir, const TdbgOp *op)
{
  g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
  gint user = tdbg_stack_innermost_user_frame (frames);
  const TdbgStackFrame *frame = user >= 0 ? g_ptr_array_index (frames, user) : NULL;
  g_autofree char *text = NULL;

  if (frame)
    {
      g_autofree char *base = g_path_get_basename (frame->file_path ? frame->file_path : "?");
      /* Translators: where an op was created: file, line, function, then the number of frames */
      text = g_strdup_printf (_("%s line %d, in %s (%u frames)"), base, frame->line, frame->func ? frame->func : "?",
                              frames->len);
    }
  add_field (self, _("Created at"), text ? text : _("no user frame recorded"));
}

static void
add_attributes (TdbgOpDetails *self, TdbgLogdir *logdir, const TdbgOp *op)
{
  GBytes *bytes = tdbg_logdir_get_graph (logdir, op->graph)->original_graph_def;
  const Tensorflow__NodeDef *node;
  g_auto(GStrv) attrs = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (bytes == NULL)
    return;
  if (self->graph_def_graph != op->graph)
    {
      g_clear_pointer (&self->graph_def, tdbg_graph_def_free);
      self->graph_def = tdbg_graph_def_parse (bytes, NULL);
      self->graph_def_graph = op->graph;
    }
  node = self->graph_def ? tdbg_graph_def_find_node (self->graph_def, op->op_name) : NULL;
  attrs = node ? tdbg_graph_def_attrs_text (node) : NULL;
  for (guint i = 0; attrs && attrs[i] && attrs[i + 1]; i += 2)
    g_string_append_printf (text, "%s%s = %s", text->len ? "\n" : "", attrs[i], attrs[i + 1]);
  add_field (self, _("Attributes (GraphDef)"), text->str);
}

static void
add_op (TdbgOpDetails *self, TdbgLogdir *logdir, guint32 op_index)
{
  const TdbgOp *op = tdbg_logdir_get_op (logdir, op_index);

  add_label (self, op->op_name, "heading");
  add_field (self, _("Type"), op->op_type ? op->op_type : _("unknown (seen only in traces)"));
  add_traced (self, logdir, op_index, op);
  add_inputs (self, logdir, op);
  add_consumers (self, logdir, op);
  add_created_at (self, logdir, op);
  if (op->graph != TDBG_NONE)
    add_attributes (self, logdir, op);
}

static void
rebuild (TdbgOpDetails *self)
{
  TdbgLogdir *logdir = self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;
  guint32 op_index = self->selection ? tdbg_selection_get_op (self->selection) : TDBG_NONE;
  guint had_focus;

  self->stale = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->stale)
    return;
  had_focus = tdbg_ui_remove_children (GTK_WIDGET (self->box));
  self->op = logdir && op_index < tdbg_logdir_get_n_ops (logdir) ? op_index : TDBG_NONE;
  if (self->op == TDBG_NONE)
    add_label (self, _("Select an op to see its details."), "dim-label");
  else
    add_op (self, logdir, op_index);
  /* Another op's details: the focus to their first line, not to what stands where it was. */
  tdbg_ui_restore_focus (GTK_WIDGET (self->box), MIN (had_focus, 1));
}

static void
selection_notify_cb (TdbgSelection *selection, GParamSpec *pspec, TdbgOpDetails *self)
{
  if (g_str_equal (pspec->name, "logdir"))
    {
      g_clear_pointer (&self->graph_def, tdbg_graph_def_free);
      self->graph_def_graph = TDBG_NONE;
    }
  if ((g_str_equal (pspec->name, "op") && (tdbg_selection_get_op (selection) != self->op || self->stale)) ||
      g_str_equal (pspec->name, "logdir"))
    rebuild (self);
}

void
tdbg_op_details_set_selection (TdbgOpDetails *self, TdbgSelection *selection)
{
  g_return_if_fail (TDBG_IS_OP_DETAILS (self));
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_set_object (&self->selection, selection);
  if (selection)
    g_signal_connect (selection, "notify", G_CALLBACK (selection_notify_cb), self);
  g_clear_pointer (&self->graph_def, tdbg_graph_def_free);
  self->graph_def_graph = TDBG_NONE;
  rebuild (self);
}

static void
tdbg_op_details_dispose (GObject *object)
{
  TdbgOpDetails *self = TDBG_OP_DETAILS (object);

  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_pointer (&self->graph_def, tdbg_graph_def_free);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS (tdbg_op_details_parent_class)->dispose (object);
}

static void
tdbg_op_details_map (GtkWidget *widget)
{
  TdbgOpDetails *self = TDBG_OP_DETAILS (widget);

  GTK_WIDGET_CLASS (tdbg_op_details_parent_class)->map (widget);
  if (self->stale)
    rebuild (self);
}

static void
tdbg_op_details_class_init (TdbgOpDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_op_details_dispose;
  widget_class->map = tdbg_op_details_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, TDBG_ACCESSIBLE_ROLE_PANEL);
}

static void
tdbg_op_details_init (TdbgOpDetails *self)
{
  self->op = TDBG_NONE;
  self->graph_def_graph = TDBG_NONE;
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  gtk_widget_set_margin_start (GTK_WIDGET (self->box), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->box), 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->box));
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Op details"), -1);
}
