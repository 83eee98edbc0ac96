/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-tensor-details.h"

#include <glib/gi18n.h>
#include "tdbg-tensor-text.h"

struct _TdbgTensorDetails {
  GtkBox parent_instance;

  GtkLabel *details_label;
  GtkExpander *tensor_expander;
  GtkEntry *slice_entry;
  GtkEntry *highlight_entry;
  GtkTextView *tensor_view;

  Tensorflow__DebugEvent *shown_event; /* of the shown FULL_TENSOR trace */
};

G_DEFINE_FINAL_TYPE (TdbgTensorDetails, tdbg_tensor_details, GTK_TYPE_BOX)

static void
free_event (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

char *
tdbg_tensor_details_format_shape (const TdbgValue *v)
{
  GString *s;

  if (!v->shape_known)
    return v->rank >= 0 ? g_strdup_printf (_("%dD"), v->rank) : g_strdup ("");
  s = g_string_new ("[");
  for (gint i = 0; i < v->rank; i++)
    g_string_append_printf (s, "%s%" PRId64, i ? ", " : "", v->shape[i]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static void
render_tensor (TdbgTensorDetails *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->tensor_view);
  TdbgTensor tensor;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ranges = NULL;

  gtk_text_buffer_set_text (buffer, "", 0);
  if (self->shown_event == NULL)
    return;
  if (!tdbg_tensor_init (&tensor, self->shown_event->graph_execution_trace->tensor_proto, &error))
    {
      gtk_text_buffer_set_text (buffer, error->message, -1);
      return;
    }
  ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));
  if (tdbg_tensor_parse_highlight (gtk_editable_get_text (GTK_EDITABLE (self->highlight_entry)), ranges))
    gtk_widget_remove_css_class (GTK_WIDGET (self->highlight_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->highlight_entry), "error");
  tdbg_tensor_text_fill (buffer, &tensor, gtk_editable_get_text (GTK_EDITABLE (self->slice_entry)), ranges);
}

static char *
describe (TdbgLogdir *logdir, guint32 trace, const TdbgValue *value)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, d->op);
  GString *s = g_string_new (NULL);

  /* Translators: trace index, op name, output slot, op type, debug mode */
  g_string_printf (s, _("Trace %u: %s:%u (%s), %s"), trace, op->op_name, d->output_slot,
                   op->op_type ? op->op_type : "?", tdbg_debug_mode_name (d->mode));
  if (value && value->dtype > 0)
    g_string_append_printf (s, ", %s", tdbg_dtype_name (value->dtype));
  if (value && (value->shape_known || value->rank >= 0))
    {
      g_autofree char *shape = tdbg_tensor_details_format_shape (value);
      g_string_append_printf (s, " %s", shape);
    }
  if (value && value->counts_known)
    g_string_append_printf (s, _("; −∞ %.0f, +∞ %.0f, NaN %.0f, − %.0f, 0 %.0f, + %.0f"),
                            (double) value->counts.neg_inf, (double) value->counts.pos_inf,
                            (double) value->counts.nan, (double) value->counts.neg,
                            (double) value->counts.zero, (double) value->counts.pos);
  return g_string_free (s, FALSE);
}

void
tdbg_tensor_details_show_trace (TdbgTensorDetails *self, TdbgLogdir *logdir, guint32 trace, const TdbgValue *value)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TDBG_IS_TENSOR_DETAILS (self));
  g_clear_pointer (&self->shown_event, free_event);
  gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), FALSE);
  if (logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (logdir))
    {
      gtk_label_set_text (self->details_label, "");
      return;
    }
  text = describe (logdir, trace, value);
  gtk_label_set_text (self->details_label, text);
  if (tdbg_logdir_get_trace (logdir, trace)->mode != TDBG_MODE_FULL_TENSOR)
    return;
  /* The values: read again (the summary keeps only what the columns need). */
  self->shown_event = tdbg_logdir_read_trace (logdir, trace, NULL);
  if (self->shown_event && self->shown_event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE &&
      self->shown_event->graph_execution_trace->tensor_proto)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), TRUE);
      render_tensor (self);
    }
}

GtkExpander *
tdbg_tensor_details_get_expander (TdbgTensorDetails *self)
{
  g_return_val_if_fail (TDBG_IS_TENSOR_DETAILS (self), NULL);
  return self->tensor_expander;
}

static void
tdbg_tensor_details_dispose (GObject *object)
{
  TdbgTensorDetails *self = TDBG_TENSOR_DETAILS (object);

  g_clear_pointer (&self->shown_event, free_event);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_TENSOR_DETAILS);
  G_OBJECT_CLASS (tdbg_tensor_details_parent_class)->dispose (object);
}

static void
tdbg_tensor_details_class_init (TdbgTensorDetailsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_tensor_details_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-tensor-details.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgTensorDetails, details_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgTensorDetails, tensor_expander);
  gtk_widget_class_bind_template_child (widget_class, TdbgTensorDetails, slice_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTensorDetails, highlight_entry);
  gtk_widget_class_bind_template_child (widget_class, TdbgTensorDetails, tensor_view);
  gtk_widget_class_bind_template_callback (widget_class, render_tensor);
}

static void
tdbg_tensor_details_init (TdbgTensorDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
