/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include <math.h>
#include "tdbg-tensor-details-private.h"

#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "tdbg-tensor-text.h"
#include "tdbg-health-plot.h"
#include "tdbg-template.h"
#include "tdbg-twins.h"
#include "tdbg-ui.h"
#include "tdbg-wrap-bin.h"

/* More points than a plot a few hundred pixels wide can tell apart. */
#define HISTORY_POINTS 400


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

/* One side's values into @view, the elements that differ from @twin's marked when it is given. */
static void
render_into (TdbgTensorDetails *self, GtkTextView *view, Tensorflow__DebugEvent *event, Tensorflow__DebugEvent *twin,
             gboolean is_a, const GArray *ranges)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  const char *slice = gtk_editable_get_text (GTK_EDITABLE (self->slice_entry));
  TdbgTensor tensor, other;
  g_autoptr(GError) error = NULL;

  gtk_text_buffer_set_text (buffer, "", 0);
  if (event == NULL)
    return;
  if (!tdbg_tensor_init (&tensor, event->graph_execution_trace->tensor_proto, &error))
    {
      gtk_text_buffer_set_text (buffer, error->message, -1);
      return;
    }
  if (twin && self->twins && tdbg_tensor_init (&other, twin->graph_execution_trace->tensor_proto, NULL))
    tdbg_tensor_text_fill_twin (buffer, &tensor, slice, ranges, &other, is_a, self->twins->rtol, self->twins->atol);
  else
    tdbg_tensor_text_fill (buffer, &tensor, slice, ranges);
}

void
_tdbg_tensor_details_render (TdbgTensorDetails *self)
{
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (TdbgHighlightRange));

  if (tdbg_tensor_parse_highlight (gtk_editable_get_text (GTK_EDITABLE (self->highlight_entry)), ranges))
    gtk_widget_remove_css_class (GTK_WIDGET (self->highlight_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->highlight_entry), "error");
  render_into (self, self->tensor_view, self->shown_event, self->twin_event, TRUE, ranges);
  render_into (self, self->tensor_view_b, self->twin_event, self->shown_event, FALSE, ranges);
  if (self->twin_reading)
    /* Translators: compare mode, where run B's values go until its record is read */
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->tensor_view_b), _("Reading run B’s values…"), -1);
}

static void
render_tensor (TdbgTensorDetails *self)
{
  _tdbg_tensor_details_render (self);
}

/* The dtype, shape and counts of a decoded summary, after a trace's op and mode. */
static void
append_value (GString *s, const TdbgValue *value)
{
  if (value && value->dtype > 0)
    g_string_append_printf (s, ", %s", tdbg_dtype_name (value->dtype));
  if (value && (value->shape_known || value->rank >= 0))
    {
      g_autofree char *shape = tdbg_tensor_details_format_shape (value);
      g_string_append_printf (s, " %s", shape);
    }
  if (value && value->counts_known)
    g_string_append_printf (s, _("; −∞ %'.0f, +∞ %'.0f, NaN %'.0f, − %'.0f, 0 %'.0f, + %'.0f"),
                            (double) value->counts.neg_inf, (double) value->counts.pos_inf,
                            (double) value->counts.nan, (double) value->counts.neg,
                            (double) value->counts.zero, (double) value->counts.pos);
}

static char *
describe (TdbgLogdir *logdir, guint32 trace, const TdbgValue *value)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  GString *s = g_string_new (NULL);

  /* Translators: trace index, op name, output slot, op type, debug mode */
  g_string_printf (s, _("Trace %u: %s:%u (%s), %s"), trace, op->op_name, d->output_slot,
                   op->op_type ? op->op_type : "?", tdbg_debug_mode_name (tdbg_trace_digest_get_mode (d)));
  append_value (s, value);
  return g_string_free (s, FALSE);
}

void
_tdbg_tensor_details_fill_fields (TdbgLogdir *logdir, guint32 trace, const TdbgValue *v, char **fields)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  gboolean counts = v && v->counts_known, inf_nan = v && (v->counts_known || v->inf_nan_known);

  for (guint f = 0; f < N_FIELDS; f++)
    g_clear_pointer (&fields[f], g_free);
  fields[FIELD_TRACE] = g_strdup_printf ("%u", trace);
  fields[FIELD_OP] = g_strdup_printf ("%s:%u", op->op_name, d->output_slot);
  fields[FIELD_MODE] = g_strdup (tdbg_debug_mode_name (tdbg_trace_digest_get_mode (d)));
  fields[FIELD_DTYPE] = g_strdup (v && v->dtype > 0 ? tdbg_dtype_name (v->dtype) : "");
  fields[FIELD_SHAPE] = v ? tdbg_tensor_details_format_shape (v) : g_strdup ("");
  fields[FIELD_SIZE] = v && !isnan (v->size) ? g_strdup_printf ("%'.0f", v->size) : g_strdup ("");
  fields[FIELD_NEG_INF] = inf_nan ? g_strdup_printf ("%'.0f", (double) v->counts.neg_inf) : g_strdup ("");
  fields[FIELD_POS_INF] = inf_nan ? g_strdup_printf ("%'.0f", (double) v->counts.pos_inf) : g_strdup ("");
  fields[FIELD_NAN] = inf_nan ? g_strdup_printf ("%'.0f", (double) v->counts.nan) : g_strdup ("");
  fields[FIELD_NEG] = counts ? g_strdup_printf ("%'.0f", (double) v->counts.neg) : g_strdup ("");
  fields[FIELD_ZERO] = counts ? g_strdup_printf ("%'.0f", (double) v->counts.zero) : g_strdup ("");
  fields[FIELD_POS] = counts ? g_strdup_printf ("%'.0f", (double) v->counts.pos) : g_strdup ("");
}

typedef struct {
  TdbgTensorDetails *self;  /* referenced until the worker is done */
  GCancellable *cancellable;
} HistoryRead;

static void
history_read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  HistoryRead *read = data;
  TdbgTensorDetails *self = read->self;
  g_autoptr(GArray) points = tdbg_op_history_collect_finish (TDBG_LOGDIR (source), result, NULL);

  /* A series asked for before the selection moved on is never drawn. */
  if (points && read->cancellable == self->history_reading && !g_cancellable_is_cancelled (read->cancellable))
    {
      g_clear_object (&self->history_reading);
      g_clear_pointer (&self->history, g_array_unref);
      self->history = g_steal_pointer (&points);
      tdbg_health_plot_set_series (self->health_plot, self->history, self->history_name, self->history_current);
    }
  g_object_unref (read->cancellable);
  g_object_unref (read->self);
  g_free (read);
}

static void
stop_history_read (TdbgTensorDetails *self)
{
  if (self->history_reading)
    g_cancellable_cancel (self->history_reading);
  g_clear_object (&self->history_reading);
}

/* The series is read in a worker (each trace may be a read over SSH): the plot says so
 * meanwhile (or, for the same series grown, keeps the old one up), and shows the points once
 * they are in, if the op is still the one selected. */
static void
show_history (TdbgTensorDetails *self, TdbgLogdir *logdir, guint32 trace)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
  HistoryRead *read;
  gboolean grown;

  g_free (self->history_name);
  self->history_name = g_strdup_printf ("%s:%u", tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name, d->output_slot);
  self->history_current = trace;
  if (self->history_logdir == logdir && self->history_op == tdbg_trace_digest_get_op (d) && self->history_slot == d->output_slot &&
      self->history_n_traces == tdbg_logdir_get_n_traces (logdir) && (self->history || self->history_reading))
    {
      if (self->history)
        tdbg_health_plot_set_series (self->health_plot, self->history, self->history_name, trace);
      return;
    }
  /* The same series grown (following): the old one stays up until the new one is in. */
  grown = self->history && self->history_logdir == logdir && self->history_op == tdbg_trace_digest_get_op (d) &&
          self->history_slot == d->output_slot;
  stop_history_read (self);
  if (!grown)
    g_clear_pointer (&self->history, g_array_unref);
  self->history_logdir = logdir;
  self->history_op = tdbg_trace_digest_get_op (d);
  self->history_slot = d->output_slot;
  self->history_n_traces = tdbg_logdir_get_n_traces (logdir);
  self->history_reading = g_cancellable_new ();
  if (grown)
    tdbg_health_plot_set_series (self->health_plot, self->history, self->history_name, trace);
  else
    tdbg_health_plot_set_reading (self->health_plot, self->history_name);
  read = g_new (HistoryRead, 1);
  read->self = g_object_ref (self);
  read->cancellable = g_object_ref (self->history_reading);
  tdbg_op_history_collect_async (logdir, tdbg_trace_digest_get_op (d), d->output_slot, HISTORY_POINTS, self->history_reading,
                                 history_read_cb, read);
}

void
tdbg_tensor_details_show_trace (TdbgTensorDetails *self, TdbgLogdir *logdir, guint32 trace, const TdbgValue *value)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TDBG_IS_TENSOR_DETAILS (self));
  g_clear_pointer (&self->shown_event, free_event);
  g_clear_pointer (&self->shown_name, g_free);
  _tdbg_tensor_details_twin_clear (self);
  gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->save_label), FALSE);
  if (logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (logdir))
    {
      gtk_label_set_text (self->details_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label), NULL);
      for (guint f = 0; f < N_FIELDS; f++)
        g_clear_pointer (&self->fields[f], g_free);
      stop_history_read (self);
      g_clear_pointer (&self->history, g_array_unref);
      tdbg_health_plot_set_series (self->health_plot, NULL, NULL, TDBG_NONE);
      return;
    }
  _tdbg_tensor_details_fill_fields (logdir, trace, value, self->fields);
  text = describe (logdir, trace, value);
  gtk_label_set_text (self->details_label, text);
  /* Whole, where a short pane cuts the line. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label), text);
  show_history (self, logdir, trace);
  if (tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (logdir, trace)) != TDBG_MODE_FULL_TENSOR)
    return;
  /* The values: read again (the summary keeps only what the columns need). */
  self->shown_event = tdbg_logdir_read_trace (logdir, trace, NULL);
  if (self->shown_event && self->shown_event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE &&
      self->shown_event->graph_execution_trace->tensor_proto)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
      g_autofree char *name = g_strdup_printf ("%s_%u_trace%u.npy", tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name,
                                               d->output_slot, trace);
      /* Op names hold scopes ("dense/MatMul"): one file name. */
      self->shown_name = g_strdelimit (g_steal_pointer (&name), "/\\:", '_');
      gtk_widget_set_visible (GTK_WIDGET (self->tensor_expander), TRUE);
      _tdbg_tensor_details_render (self);
    }
}

void
_tdbg_tensor_details_set_heading (TdbgTensorDetails *self, const char *heading)
{
  gtk_label_set_text_with_mnemonic (tdbg_tensor_details_get_heading (self), heading);
}

GtkExpander *
tdbg_tensor_details_get_expander (TdbgTensorDetails *self)
{
  g_return_val_if_fail (TDBG_IS_TENSOR_DETAILS (self), NULL);
  return self->tensor_expander;
}

GtkLabel *
tdbg_tensor_details_get_heading (TdbgTensorDetails *self)
{
  return GTK_LABEL (tdbg_wrap_bin_get_child (TDBG_WRAP_BIN (gtk_expander_get_label_widget (self->tensor_expander))));
}

gboolean
tdbg_tensor_details_save_npy (TdbgTensorDetails *self, const char *path, GError **error)
{
  TdbgTensor tensor;

  g_return_val_if_fail (TDBG_IS_TENSOR_DETAILS (self), FALSE);
  if (self->shown_event == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No tensor values are shown"));
      return FALSE;
    }
  return tdbg_tensor_init (&tensor, self->shown_event->graph_execution_trace->tensor_proto, error) &&
         tdbg_npy_write (&tensor, path, error);
}

const char *
tdbg_tensor_details_get_npy_name (TdbgTensorDetails *self)
{
  return self->shown_name;
}

static void
save_response_cb (GtkNativeDialog *chooser, int response, TdbgTensorDetails *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser)) : NULL;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_clear_object (&self->chooser);
  if (path == NULL)
    return;
  if (tdbg_tensor_details_save_npy (self, path, &error))
    text = g_strdup_printf (_("Saved to %s"), path);
  else
    text = g_strdup_printf (_("Could not save the values: %s"), error->message);
  gtk_label_set_text (self->save_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->save_label), TRUE);
}

static void
save_clicked_cb (TdbgTensorDetails *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->shown_event == NULL || self->chooser)
    return;
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Save Tensor Values"),
                                                                  GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                                  GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), NULL));
  gtk_file_filter_set_name (filter, _("NumPy arrays (.npy)"));
  gtk_file_filter_add_suffix (filter, "npy");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), self->shown_name);
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (self->chooser);
}

static void
tdbg_tensor_details_dispose (GObject *object)
{
  TdbgTensorDetails *self = TDBG_TENSOR_DETAILS (object);

  if (self->chooser)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  g_clear_pointer (&self->shown_event, free_event);
  _tdbg_tensor_details_twin_clear (self);
  g_clear_pointer (&self->twin_text, g_free);
  for (guint f = 0; f < N_FIELDS; f++)
    g_clear_pointer (&self->fields[f], g_free);
  stop_history_read (self);
  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->history_name, g_free);
  g_clear_pointer (&self->shown_name, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_TENSOR_DETAILS);
  G_OBJECT_CLASS (tdbg_tensor_details_parent_class)->dispose (object);
}

static void
tdbg_tensor_details_class_init (TdbgTensorDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_tensor_details_dispose;
  g_type_ensure (TDBG_TYPE_HEALTH_PLOT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-tensor-details.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgTensorDetails, details_label, twin_scroller, twin_grid,
                               values_a_label, values_b_box, values_b_label, values_a_scroller,
                               values_b_scroller, tensor_view_b, tensor_expander, slice_entry,
                               highlight_entry, tensor_view, health_plot, plot_revealer, save_button, save_label);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, render_tensor, save_clicked_cb);
}

/* The values' scrollers keep room for @rows rows in the view's own font. */
static void
keep_rows (GtkTextView *view, guint rows)
{
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (view));

  if (GTK_IS_SCROLLED_WINDOW (scroller))
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller),
                                                tdbg_ui_text_rows_height (view, rows) + 2);
}

void
_tdbg_tensor_details_keep_rows (TdbgTensorDetails *self, guint rows)
{
  self->value_rows = rows;
  if (gtk_widget_get_realized (GTK_WIDGET (self->tensor_view)))
    keep_rows (self->tensor_view, rows);
  if (gtk_widget_get_realized (GTK_WIDGET (self->tensor_view_b)))
    keep_rows (self->tensor_view_b, rows);
}

/* Once the view has its style (the monospace font). */
static void
view_realized (GtkWidget *view, TdbgTensorDetails *self)
{
  keep_rows (GTK_TEXT_VIEW (view), self->value_rows);
}

/* The plot of the trace's health over its steps, unless the values are shown in its place: the
 * expander, open from the start, is shown only for values (FULL_TENSOR); in the other modes
 * the plot is all there is. */
static void
reveal_plot (TdbgTensorDetails *self)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->plot_revealer), !(gtk_expander_get_expanded (self->tensor_expander) &&
                                                        gtk_widget_get_visible (GTK_WIDGET (self->tensor_expander))));
}

static void
tdbg_tensor_details_init (TdbgTensorDetails *self)
{
  GtkLabel *heading;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* A few rows of values under Graph Execution's eight; compare mode's two columns keep more. */
  self->value_rows = TDBG_VALUE_ROWS;
  g_signal_connect (self->tensor_view, "realize", G_CALLBACK (view_realized), self);
  g_signal_connect (self->tensor_view_b, "realize", G_CALLBACK (view_realized), self);
  /* Both runs' values scroll together, row for row. */
  gtk_scrolled_window_set_vadjustment (self->values_b_scroller,
                                       gtk_scrolled_window_get_vadjustment (self->values_a_scroller));
  self->twin_text = g_strdup ("");
  self->n_differing = -1;
  /* Compare mode's heading counts the differing elements, with the tolerances: it wraps, where
   * one line would widen the pane past what it is given (GTK 4.18 warns), in a bin that keeps
   * a short pane from asking it its width on one line. The expander's own label is made anew
   * by each gtk_expander_set_label(): this one stays. */
  heading = GTK_LABEL (gtk_label_new_with_mnemonic (_("_Tensor Values")));
  gtk_label_set_wrap (heading, TRUE);
  gtk_label_set_wrap_mode (heading, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (heading, 0);
  gtk_label_set_mnemonic_widget (heading, GTK_WIDGET (self->tensor_expander));
  gtk_expander_set_label_widget (self->tensor_expander, tdbg_wrap_bin_new (GTK_WIDGET (heading)));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->tensor_expander), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading,
                                  NULL, -1);
  g_signal_connect_swapped (self->tensor_expander, "notify::expanded", G_CALLBACK (reveal_plot), self);
  g_signal_connect_swapped (self->tensor_expander, "notify::visible", G_CALLBACK (reveal_plot), self);
  reveal_plot (self);
}

GtkWidget *
tdbg_tensor_details_get_health_plot (TdbgTensorDetails *self)
{
  return GTK_WIDGET (self->health_plot);
}
