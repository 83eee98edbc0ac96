/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compare mode under the Graph Execution list: the selected trace (run A) beside its twin in the
 * run compared with (run B). Their summaries a row each, field under field, the fields that
 * differ marked (the theme's error colour, bold, and "≠" before run B's); for FULL_TENSOR both
 * runs' values side by side, the elements that differ beyond the comparison's tolerances
 * marked in both, and counted in the values' heading. */
#include "config.h"

#include "tdbg-tensor-details-private.h"

#include <glib/gi18n.h>
#include "tdbg-tensor-text.h"
#include "tdbg-ui.h"

static const char *const titles[N_FIELDS] = {
  /* Translators: compare mode, the column heads of the selected trace beside its twin */
  N_("Trace"), N_("Op"), N_("Mode"), N_("DType"), N_("Shape"), N_("Size"), "−∞", "+∞", "NaN", "−", "0", "+",
};

static void
free_event (gpointer event)
{
  tensorflow__debug_event__free_unpacked (event, NULL);
}

void
_tdbg_tensor_details_twin_clear (TdbgTensorDetails *self)
{
  g_cancellable_cancel (self->twin_reading);
  g_clear_object (&self->twin_reading);
  g_clear_pointer (&self->twin_event, free_event);
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), TRUE);
  /* A twin cell with the focus (clicked, then F8) hands it to the summary. */
  if (tdbg_ui_remove_children (GTK_WIDGET (self->twin_grid)))
    gtk_widget_grab_focus (GTK_WIDGET (self->details_label));
  gtk_widget_set_visible (self->twin_scroller, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->values_a_label), FALSE);
  gtk_widget_set_visible (self->values_b_box, FALSE);
  _tdbg_tensor_details_keep_rows (self, TDBG_VALUE_ROWS);
  _tdbg_tensor_details_set_heading (self, _("_Tensor Values"));
  g_free (self->twin_text);
  self->twin_text = g_strdup ("");
  self->n_differing = -1;
}

static GtkWidget *
cell (TdbgTensorDetails *self, const char *text, guint field, guint column, guint row, gboolean marked)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), field >= FIELD_SIZE && field < N_FIELDS ? 1.0f : 0.0f);
  gtk_label_set_selectable (GTK_LABEL (label), row > 0);
  if (field == FIELD_OP)
    {
      /* Op names are long, and the same in both runs mostly: the one column that gives way. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_tooltip_text (label, text);
    }
  if (row == 0)
    gtk_widget_add_css_class (label, "dim-label");
  if (marked)
    gtk_widget_add_css_class (label, "tdbg-salient");
  gtk_grid_attach (self->twin_grid, label, (int) column, (int) row, 1, 1);
  return label;
}

/* Why the selected trace has no twin: run B's row, its tooltip and the twin's line say it so. */
static const char *
no_twin_text (const TdbgTwins *twins)
{
  if (twins->b_growing)
    /* Translators: compare mode, under the selected trace while the other run (run B) is
     * still being written: its twin may come */
    return _("No twin yet: run B, still being written, has not recorded this output");
  /* Translators: compare mode, under the selected trace: it has no twin in the other run */
  return _("No twin: run B records this output fewer times, or not at all");
}

/* The twin in one line: the tooltip of run B's row and what the tests read. */
static char *
twin_line (const TdbgTwins *twins, guint32 twin, char **fields, const char *error_text)
{
  GString *s = g_string_new (NULL);

  if (twin == TDBG_NONE)
    g_string_assign (s, no_twin_text (twins));
  else
    {
      TdbgLogdir *other = twins->other;
      const TdbgOp *op = tdbg_logdir_get_op (other, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (other, twin)));
      /* Translators: compare mode: the selected trace's twin in the other run (run B): trace
       * index, op name and output slot, op type, debug mode */
      g_string_printf (s, _("Run B: trace %u — %s (%s), %s"), twin, fields[FIELD_OP],
                       op->op_type ? op->op_type : "?", fields[FIELD_MODE]);
      if (*fields[FIELD_DTYPE] || *fields[FIELD_SHAPE])
        g_string_append_printf (s, ", %s %s", fields[FIELD_DTYPE], fields[FIELD_SHAPE]);
    }
  if (error_text && *error_text)
    /* Translators: compare mode: the Error column's text of the selected trace */
    g_string_append_printf (s, _("; error %s"), error_text);
  return g_string_free (s, FALSE);
}

/* Both summaries, a row each under the fields' heads, the fields that differ marked. */
static void
fill_grid (TdbgTensorDetails *self, char **b, guint32 twin)
{
  g_autoptr(GString) differing = g_string_new (NULL);
  guint column = 1;
  GtkWidget *label;

  label = cell (self, _("A"), N_FIELDS, 0, 1, FALSE);
  gtk_widget_set_tooltip_text (label, _("Run A: the run shown"));
  gtk_widget_add_css_class (label, "heading");
  label = cell (self, _("B"), N_FIELDS, 0, 2, FALSE);
  gtk_widget_set_tooltip_text (label, self->twin_text);
  gtk_widget_add_css_class (label, "heading");
  for (guint f = 0; f < N_FIELDS; f++)
    {
      gboolean marked;

      if (!*self->fields[f] && !*b[f])
        continue;
      marked = twin != TDBG_NONE && f != FIELD_TRACE && !g_str_equal (self->fields[f], b[f]);
      /* The op and its mode are the list's and the tooltip's: a column only when they differ,
       * the room goes to the counts. */
      if ((f == FIELD_OP || f == FIELD_MODE) && !marked)
        continue;
      cell (self, f < FIELD_NEG_INF ? _(titles[f]) : titles[f], f, column, 0, FALSE);
      cell (self, self->fields[f], f, column, 1, marked);
      if (twin != TDBG_NONE)
        {
          g_autofree char *text = marked ? g_strdup_printf ("≠ %s", b[f]) : g_strdup (b[f]);
          cell (self, text, f, column, 2, marked);
        }
      if (marked)
        g_string_append_printf (differing, "%s%s", differing->len ? ", " : "", f < FIELD_NEG_INF ? _(titles[f]) : titles[f]);
      column++;
    }
  if (twin == TDBG_NONE)
    {
      const char *why = no_twin_text (self->twins);

      label = gtk_label_new (why);
      gtk_widget_set_tooltip_text (label, why);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (self->twin_grid, label, 1, 2, (int) column - 1, 1);
    }
  {
    g_autofree char *desc = differing->len ? g_strdup_printf (_("Fields that differ: %s"), differing->str)
                                           : g_strdup (twin == TDBG_NONE ? self->twin_text : _("No field differs"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->twin_grid), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc, -1);
  }
}

/* Both runs' values side by side, and how many elements differ in the values' heading. */
static void
show_twin_values (TdbgTensorDetails *self)
{
  TdbgTensor a, b;
  g_autofree char *heading = NULL;
  double max_abs = 0;

  if (tdbg_tensor_init (&a, self->shown_event->graph_execution_trace->tensor_proto, NULL) &&
      tdbg_tensor_init (&b, self->twin_event->graph_execution_trace->tensor_proto, NULL))
    self->n_differing = tdbg_tensor_count_differing (&a, &b, self->twins->rtol, self->twins->atol, &max_abs);
  if (self->n_differing < 0)
    /* Translators: compare mode, the values' heading when run B's cannot be set against run A's */
    heading = g_strdup (_("_Tensor Values: another dtype or shape in run B, no element compared"));
  else if (self->n_differing == 0)
    /* Translators: compare mode, the values' heading: the tolerances */
    heading = g_strdup_printf (_("_Tensor Values: no element differs (rtol %g, atol %g)"), self->twins->rtol,
                               self->twins->atol);
  else
    {
      g_autofree char *n = g_strdup_printf ("%'" G_GINT64_FORMAT, self->n_differing);
      g_autofree char *total = g_strdup_printf ("%'" G_GUINT64_FORMAT, a.n_elements);
      /* Translators: compare mode, the values' heading: differing elements, all elements, the
       * tolerances, the largest difference */
      heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "_Tensor Values: %s of %s elements differs (rtol %g, atol %g), max |a−b| %.3g",
                                              "_Tensor Values: %s of %s elements differ (rtol %g, atol %g), max |a−b| %.3g",
                                              (gulong) self->n_differing),
                                 n, total, self->twins->rtol, self->twins->atol, max_abs);
    }
  _tdbg_tensor_details_set_heading (self, heading);
  _tdbg_tensor_details_render (self);
}

typedef struct {
  TdbgLogdir *other;
  guint32 twin;
} TwinRead;

static void
twin_read_free (TwinRead *read)
{
  g_object_unref (read->other);
  g_free (read);
}

static void
read_twin_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  TwinRead *read = data;
  Tensorflow__DebugEvent *event;
  GError *error = NULL;

  tdbg_logdir_read_lock (read->other);
  event = tdbg_logdir_read_trace (read->other, read->twin, &error);
  tdbg_logdir_read_unlock (read->other);
  if (event == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, event, free_event);
}

static void
twin_read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  TdbgTensorDetails *self = TDBG_TENSOR_DETAILS (source);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  Tensorflow__DebugEvent *event = g_task_propagate_pointer (G_TASK (result), NULL);

  /* A twin asked for before the selection moved on is never shown. */
  if (cancellable != self->twin_reading)
    {
      g_clear_pointer (&event, free_event);
      return;
    }
  g_clear_object (&self->twin_reading);
  if (event == NULL || event->what_case != TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE ||
      event->graph_execution_trace->tensor_proto == NULL || self->shown_event == NULL)
    {
      g_clear_pointer (&event, free_event);
      gtk_widget_set_visible (GTK_WIDGET (self->values_a_label), FALSE);
      gtk_widget_set_visible (self->values_b_box, FALSE);
      _tdbg_tensor_details_render (self);
      return;
    }
  self->twin_event = event;
  show_twin_values (self);
}

/* Run B's record of the twin is read in a worker (run B may be a logdir over SSH): its side
 * says so meanwhile, and the values are set beside run A's once they are in, if the twin is
 * still the one shown. */
static void
read_twin_values (TdbgTensorDetails *self, TdbgLogdir *other, guint32 twin)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *b_title = NULL;
  TwinRead *read;

  if (self->shown_event == NULL || twin == TDBG_NONE ||
      tdbg_trace_digest_get_mode (tdbg_logdir_get_trace (other, twin)) != TDBG_MODE_FULL_TENSOR)
    return;
  /* Translators: compare mode, above the shown run's values */
  gtk_label_set_text (self->values_a_label, _("Run A"));
  /* Translators: compare mode, above the twin's values: its trace index in run B */
  b_title = g_strdup_printf (_("Run B, trace %u"), twin);
  gtk_label_set_text (self->values_b_label, b_title);
  _tdbg_tensor_details_keep_rows (self, TDBG_TWIN_VALUE_ROWS);
  gtk_widget_set_visible (GTK_WIDGET (self->values_a_label), TRUE);
  gtk_widget_set_visible (self->values_b_box, TRUE);
  self->twin_reading = g_cancellable_new ();
  _tdbg_tensor_details_render (self);
  read = g_new (TwinRead, 1);
  read->other = g_object_ref (other);
  read->twin = twin;
  task = g_task_new (self, self->twin_reading, twin_read_cb, NULL);
  g_task_set_source_tag (task, read_twin_values);
  g_task_set_task_data (task, read, (GDestroyNotify) twin_read_free);
  g_task_run_in_thread (task, read_twin_thread);
}

void
tdbg_tensor_details_show_twin (TdbgTensorDetails *self, TdbgTwins *twins, guint32 twin, const TdbgValue *value,
                               const char *error_text)
{
  char *b[N_FIELDS] = { NULL };

  g_return_if_fail (TDBG_IS_TENSOR_DETAILS (self));
  _tdbg_tensor_details_twin_clear (self);
  if (twins == NULL || self->fields[FIELD_TRACE] == NULL)
    {
      _tdbg_tensor_details_render (self);
      return;
    }
  self->twins = tdbg_twins_ref (twins);
  if (twin != TDBG_NONE)
    _tdbg_tensor_details_fill_fields (twins->other, twin, value, b);
  else
    for (guint f = 0; f < N_FIELDS; f++)
      b[f] = g_strdup ("");
  g_free (self->twin_text);
  self->twin_text = twin_line (twins, twin, b, error_text);
  fill_grid (self, b, twin);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), FALSE);
  gtk_widget_set_visible (self->twin_scroller, TRUE);
  read_twin_values (self, twins->other, twin);
  for (guint f = 0; f < N_FIELDS; f++)
    g_free (b[f]);
}

const char *
tdbg_tensor_details_get_twin_text (TdbgTensorDetails *self)
{
  return self->twin_text;
}

gint64
tdbg_tensor_details_get_n_differing (TdbgTensorDetails *self)
{
  return self->n_differing;
}

const char *
tdbg_tensor_details_get_twin_cell (TdbgTensorDetails *self, guint row, const char *title, gboolean *marked)
{
  for (int column = 1;; column++)
    {
      GtkWidget *head = gtk_grid_get_child_at (self->twin_grid, column, 0);
      GtkWidget *child;

      if (head == NULL)
        return NULL;
      if (!g_str_equal (gtk_label_get_text (GTK_LABEL (head)), title))
        continue;
      child = gtk_grid_get_child_at (self->twin_grid, column, (int) row + 1);
      if (!GTK_IS_LABEL (child))
        return NULL;
      if (marked)
        *marked = gtk_widget_has_css_class (child, "tdbg-salient");
      return gtk_label_get_text (GTK_LABEL (child));
    }
}

GtkTextBuffer *
tdbg_tensor_details_get_values (TdbgTensorDetails *self, gboolean run_b)
{
  return gtk_text_view_get_buffer (run_b ? self->tensor_view_b : self->tensor_view);
}

gboolean
tdbg_tensor_details_shows_twin_values (TdbgTensorDetails *self)
{
  return gtk_widget_get_visible (self->values_b_box) && self->twin_reading == NULL;
}

gboolean
tdbg_tensor_details_is_reading_twin (TdbgTensorDetails *self)
{
  return self->twin_reading != NULL;
}
