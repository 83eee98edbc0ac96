/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-timeline-pane.h"
#include "tdbg-timeline-pane-private.h"
#include "tdbg-ui.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-index-model.h"
#include "libtdbg-data.h"
#include "tdbg-template.h"

struct _TdbgTimelinePane {
  TdbgPane parent_instance;

  GtkLabel *title_label;
  GtkStack *stack;
  GtkLabel *empty_label;
  GtkListView *strip;
  GtkLabel *details_label;

  GtkSingleSelection *model;   /* the pane's */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (TdbgTimelinePane, tdbg_timeline_pane, TDBG_TYPE_PANE)

static TdbgLogdir *
logdir_of (TdbgTimelinePane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

char *
tdbg_timeline_chip_text (const char *op_type)
{
  static const char *prefixes[] = { "__inference_", "__forward_", "__backward_" };
  const char *p = op_type ? op_type : "";
  const char *end;

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (p, prefixes[i]))
      {
        p += strlen (prefixes[i]);
        break;
      }
  if (*p == '\0' || !g_utf8_validate (p, -1, NULL))
    return g_strdup ("?");
  /* A TF1 call names what it fetched after its name ("Session.run(targets: w/Assign)"): the
   * chip keeps the name, the tooltip the whole. */
  if (strchr (p, '(') && strchr (p, '(') > p)
    return g_strndup (p, (gsize) (strchr (p, '(') - p));
  /* A traced function's name ends in its graph's number ("scaled_roots_58"): the name is what
   * a person wrote. */
  end = p + strlen (p);
  if (p != op_type)
    {
      const char *digits = end;
      while (digits > p && g_ascii_isdigit (digits[-1]))
        digits--;
      if (digits < end && digits > p + 1 && digits[-1] == '_')
        end = digits - 1;
    }
  return g_strndup (p, (gsize) (end - p));
}

/* The host that ran execution @d, when the logdir's file sets come from more than one host
 * (NULL otherwise: one host says nothing). */
static const char *
execution_host (TdbgLogdir *logdir, const TdbgExecutionDigest *d)
{
  const char *host = tdbg_logdir_get_file_set (logdir, d->file_set)->host_name;

  for (guint i = 0; i < tdbg_logdir_get_n_file_sets (logdir); i++)
    if (g_strcmp0 (tdbg_logdir_get_file_set (logdir, i)->host_name, host) != 0)
      return host ? host : "?";
  return NULL;
}

/* Widest a chip grows, in characters: the rest is cut (the whole name is its tooltip). */
#define CHIP_MAX_CHARS 16

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_add_css_class (label, "tdbg-exec-box");
  /* Not ellipsized by GTK: a label's least width then comes from its width in characters,
   * which in another language's or the monospace font's metrics is narrower than a Latin
   * name (Japanese showed "C…" for Cast). The text is cut to CHIP_MAX_CHARS here instead,
   * and the chip is as wide as what it shows, in any font. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_NONE);
  tdbg_ui_list_item_set_child (item, label);
}

/* @text as a chip shows it: CHIP_MAX_CHARS characters at the most, the last of them "…". */
static char *
cut_to_chip (const char *text)
{
  g_autofree char *cut = NULL;

  if (g_utf8_strlen (text, -1) <= CHIP_MAX_CHARS)
    return g_strdup (text);
  cut = g_utf8_substring (text, 0, CHIP_MAX_CHARS - 1);
  return g_strconcat (cut, "…", NULL);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgTimelinePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  GtkWidget *label = gtk_list_item_get_child (item);
  guint index = tdbg_row_get_index (gtk_list_item_get_item (item));
  const TdbgExecutionDigest *d;
  const char *type, *host;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *tip = NULL;

  if (logdir == NULL || index >= tdbg_logdir_get_n_executions (logdir))
    return;
  d = tdbg_logdir_get_execution (logdir, index);
  type = tdbg_logdir_get_string (logdir, d->op_type);
  name = tdbg_timeline_chip_text (type);
  /* A tf.function call stands apart from single ops by its mark as well as its colour. */
  text = d->graph != TDBG_NONE ? g_strconcat ("ƒ ", name, NULL) : g_strdup (name);
  host = execution_host (logdir, d);
  shown = cut_to_chip (text);
  /* With several hosts, each chip names its own under the name. */
  if (host)
    {
      g_autofree char *shown_host = cut_to_chip (host);
      g_autofree char *markup = g_markup_printf_escaped ("%s\n<small>%s</small>", shown, shown_host);
      gtk_label_set_markup (GTK_LABEL (label), markup);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), shown);
  /* Translators: an eager execution's number, the host that ran it, its op type */
  tip = host ? g_strdup_printf (_("#%u on %s: %s"), index, host, type) : g_strdup_printf (_("#%u: %s"), index, type);
  tdbg_ui_set_lazy_tooltip (label, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, tip,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tip, -1);
  if (d->graph != TDBG_NONE)
    gtk_widget_add_css_class (label, "tdbg-function");
  else
    gtk_widget_remove_css_class (label, "tdbg-function");
  if (d->n_alert_outputs > 0)
    gtk_widget_add_css_class (label, "tdbg-alerting");
  else
    gtk_widget_remove_css_class (label, "tdbg-alerting");
}

static void
show_details (TdbgTimelinePane *self, guint32 index)
{
  TdbgLogdir *logdir = logdir_of (self);
  g_autoptr(GError) error = NULL;
  Tensorflow__DebugEvent *event;
  const TdbgExecutionDigest *d;
  GString *s;

  if (logdir == NULL || index == TDBG_NONE || index >= tdbg_logdir_get_n_executions (logdir))
    {
      gtk_label_set_text (self->details_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label), NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->details_label), FALSE);
      return;
    }
  d = tdbg_logdir_get_execution (logdir, index);
  s = g_string_new (NULL);
  g_string_printf (s, _("Python Execution #%u: %s"), index, tdbg_logdir_get_string (logdir, d->op_type));
  if (execution_host (logdir, d))
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Host: %s"), execution_host (logdir, d));
    }
  event = tdbg_logdir_read_execution (logdir, index, &error);
  if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION)
    {
      Tensorflow__Execution *e = event->execution;
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Inputs: %zu   Outputs: %d   Debug mode: %s"), e->n_input_tensor_ids,
                              e->num_outputs, tdbg_debug_mode_name (e->tensor_debug_mode));
      if (d->graph != TDBG_NONE && d->graph < tdbg_logdir_get_n_graphs (logdir))
        {
          const TdbgGraph *g = tdbg_logdir_get_graph (logdir, d->graph);
          g_string_append_printf (s, _("   Graph: %s"), g->graph_name ? g->graph_name : g->graph_id);
        }
      for (gsize i = 0; i < e->n_tensor_protos; i++)
        {
          TdbgValue v;
          tdbg_value_init (&v, e->tensor_debug_mode, e->tensor_protos[i]);
          g_string_append_c (s, '\n');
          g_string_append_printf (s, _("Output %zu:"), i);
          if (v.empty)
            g_string_append_printf (s, " %s", _("(no value recorded)"));
          else
            {
              if (v.dtype > 0)
                g_string_append_printf (s, " %s", tdbg_dtype_name (v.dtype));
              if (v.shape_known)
                {
                  g_string_append (s, " [");
                  for (gint k = 0; k < v.rank; k++)
                    g_string_append_printf (s, "%s%" PRId64, k ? ", " : "", v.shape[k]);
                  g_string_append_c (s, ']');
                }
              if (v.inf_nan_known)
                g_string_append_printf (s, "  −∞ %'.0f  +∞ %'.0f  NaN %'.0f", (double) v.counts.neg_inf,
                                        (double) v.counts.pos_inf, (double) v.counts.nan);
              else if (v.mode == TDBG_MODE_CURT_HEALTH)
                g_string_append_printf (s, "  %s", v.any_inf_nan ? _("Has ∞/NaN") : _("No ∞/NaN"));
              if (v.mode == TDBG_MODE_FULL_TENSOR && v.decoded)
                {
                  g_autofree char *text = tdbg_tensor_format (&v.tensor, 20);
                  g_string_append_printf (s, "  %s", text);
                }
            }
          tdbg_value_clear (&v);
        }
    }
  else if (error)
    g_string_append_printf (s, "\n%s", error->message);
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  gtk_label_set_text (self->details_label, s->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label), s->str);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), TRUE);
  g_string_free (s, TRUE);
}

static void
update_actions (TdbgTimelinePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = logdir ? tdbg_logdir_get_n_executions (logdir) : 0;
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint32 cur = selection ? tdbg_selection_get_execution (selection) : TDBG_NONE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.previous", n > 0 && cur != TDBG_NONE && cur > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.next", n > 0 && (cur == TDBG_NONE || cur + 1 < n));
}

static void show_count (TdbgTimelinePane *self);

static void
tdbg_timeline_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgTimelinePane *self = TDBG_TIMELINE_PANE (pane);
  guint32 cur;

  if (g_str_equal (pspec->name, "loading"))
    show_count (self);
  if (!g_str_equal (pspec->name, "execution") && !g_str_equal (pspec->name, "focus"))
    return;
  cur = tdbg_selection_get_execution (selection);
  tdbg_pane_show_row (pane, cur == TDBG_NONE ? GTK_INVALID_LIST_POSITION : cur);
  /* The details when the execution is what was chosen; for a trace, the strip only marks the
   * call that ran it, and the room stays with the trace's panes. */
  show_details (self, tdbg_selection_get_focus (selection) == TDBG_FOCUS_EXECUTION ? cur : TDBG_NONE);
  update_actions (self);
}

static void
model_selected_cb (GtkSingleSelection *model, GParamSpec *pspec, TdbgTimelinePane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint pos = gtk_single_selection_get_selected (model);

  if (!self->updating && selection && pos != GTK_INVALID_LIST_POSITION)
    tdbg_selection_select_execution (selection, pos);
}

/* The title, and the strip or what stands in for it. */
static void
show_count (TdbgTimelinePane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = logdir ? tdbg_logdir_get_n_executions (logdir) : 0;
  g_autofree char *count = tdbg_ui_format_count (n);
  /* Translators: the count of executions, digits grouped as the locale does */
  g_autofree char *title = g_strdup_printf (_("Python Execution Timeline (%s)"), count);

  gtk_label_set_text (self->title_label, title);
  if (logdir == NULL && tdbg_selection_get_loading (tdbg_pane_get_selection (TDBG_PANE (self))))
    gtk_label_set_text (self->empty_label, _("Reading the logdir…"));
  else if (logdir == NULL)
    gtk_label_set_text (self->empty_label, _("Open a logdir to see its eager executions."));
  else if (n == 0)
    gtk_label_set_text (self->empty_label,
                        _("No eager executions in this logdir. TensorFlow 1 graph programs (and runs "
                          "with every function traced) record only graph executions: see Graph Execution."));
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "strip" : "empty");
}

/* The executions of the first file set come first, as Debugger V2 lists them, then those of
 * any other host that ran eager code (a coordinator whose clock put it later). */
static void
tdbg_timeline_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgTimelinePane *self = TDBG_TIMELINE_PANE (pane);
  g_autoptr(TdbgIndexModel) rows = tdbg_index_model_new (logdir ? tdbg_logdir_get_n_executions (logdir) : 0);

  show_count (self);
  self->updating = TRUE;
  gtk_single_selection_set_model (self->model, G_LIST_MODEL (rows));
  gtk_single_selection_set_selected (self->model, GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
  show_details (self, TDBG_NONE);
  update_actions (self);
}

/* Executions are only ever appended: the strip grows to the right of what is shown. */
static void
tdbg_timeline_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgTimelinePane *self = TDBG_TIMELINE_PANE (pane);
  GListModel *rows = gtk_single_selection_get_model (self->model);

  tdbg_index_model_grow (TDBG_INDEX_MODEL (rows), tdbg_logdir_get_n_executions (logdir));
  show_count (self);
  update_actions (self);
}

static void
step_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (widget));
  guint32 cur = tdbg_selection_get_execution (selection);
  guint n = tdbg_logdir_get_n_executions (tdbg_selection_get_logdir (selection));

  if (g_str_equal (action_name, "timeline.next"))
    cur = cur == TDBG_NONE ? 0 : cur + 1;
  else if (cur != TDBG_NONE && cur > 0)
    cur--;
  if (cur < n)
    tdbg_selection_select_execution (selection, cur);
}

static void
tdbg_timeline_pane_class_init (TdbgTimelinePaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  pane_class->logdir_loaded = tdbg_timeline_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_timeline_pane_logdir_grew;
  pane_class->selection_changed = tdbg_timeline_pane_selection_changed;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-timeline-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgTimelinePane, title_label, stack, empty_label, strip,
                               details_label);
  gtk_widget_class_install_action (widget_class, "timeline.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "timeline.next", NULL, step_action);
}

static void
tdbg_timeline_pane_init (TdbgTimelinePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Alt+2 (the window's win.focus-pane): the selected execution, else the strip. */
  self->model = tdbg_pane_set_list (TDBG_PANE (self), self->strip, G_LIST_MODEL (tdbg_index_model_new (0)),
                                    G_CALLBACK (setup_cb), G_CALLBACK (bind_cb), NULL);
  g_signal_connect (self->model, "notify::selected", G_CALLBACK (model_selected_cb), self);
  update_actions (self);
}
