/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include "tdbg-alerts-pane.h"
#include "tdbg-ui.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "tdbg-cause-card.h"
#include "tdbg-index-model.h"
#include "libtdbg-analysis.h"
#include "tdbg-template.h"

struct _TdbgAlertsPane {
  TdbgPane parent_instance;

  GtkLabel *title_label;
  TdbgCauseCard *cause_card;
  GtkButton *first_button;
  GtkButton *previous_button;
  GtkButton *next_button;
  GtkBox *kinds_box;
  GtkStack *stack;
  GtkLabel *none_label;
  GtkListView *list;
  GtkLabel *compare_label;

  GtkSingleSelection *model;   /* the pane's */
  gboolean updating;
  /* The alerts of the kinds beyond Debugger V2's: counted and jumped to by their kind's
   * button; the list below holds the NaN/∞ ones. */
  GArray *more;
  /* Per kind beyond Debugger V2's: how many of its alerts its button went through, so that
   * each click goes on to the next one (they are not in the list below). */
  guint more_visited[TDBG_N_ALERT_TYPES];
  TdbgAlertOptions options;
  /* While a logdir is read (before it is shown, or the rest of a big one behind its first
   * stretch): the NaN/∞ found in it so far, which the title shows as they grow. */
  guint64 found;
  /* Compare mode: the divergence alerts (also in more, and the list's first rows), the one gone
   * to last (-1: none), and how many NaN/∞ alerts run B has. */
  GArray *compared;
  gint on_compared;
  guint64 alerts_in_b;
};

G_DEFINE_FINAL_TYPE (TdbgAlertsPane, tdbg_alerts_pane, TDBG_TYPE_PANE)

enum { PROP_0, PROP_MAGNITUDE_THRESHOLD, N_PROPS };
static GParamSpec *props[N_PROPS];

static TdbgLogdir *
logdir_of (TdbgAlertsPane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

static char *
describe_alert (TdbgLogdir *logdir, guint index)
{
  const TdbgAlert *a = tdbg_logdir_get_alert (logdir, index);
  GString *counts = g_string_new (NULL);

  if (!isnan (a->num_neg_inf) && a->num_neg_inf > 0)
    g_string_append_printf (counts, " −∞×%'.0f", a->num_neg_inf);
  if (!isnan (a->num_pos_inf) && a->num_pos_inf > 0)
    g_string_append_printf (counts, " +∞×%'.0f", a->num_pos_inf);
  if (!isnan (a->num_nan) && a->num_nan > 0)
    g_string_append_printf (counts, " NaN×%'.0f", a->num_nan);

  if (a->trace_index != TDBG_NONE && a->trace_index < tdbg_logdir_get_n_traces (logdir))
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, a->trace_index);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
      char *text = g_strdup_printf (_("NaN/∞ in %s:%u (%s), trace %u%s"), op->op_name, d->output_slot,
                                    tdbg_logdir_get_string (logdir, a->op_type), a->trace_index, counts->str);
      g_string_free (counts, TRUE);
      return text;
    }
  else
    {
      char *text = g_strdup_printf (_("NaN/∞ in %s output %u, execution %u%s"),
                                    tdbg_logdir_get_string (logdir, a->op_type), a->output_slot, a->execution_index,
                                    counts->str);
      g_string_free (counts, TRUE);
      return text;
    }
}

void
tdbg_alerts_pane_activate (TdbgAlertsPane *self, guint index)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));

  if (selection)
    tdbg_selection_select_alert (selection, index);
}

static guint n_compared (TdbgAlertsPane *self);
static void go_to_compared (TdbgAlertsPane *self, guint nth);

/* The list's @row: a divergence (compare mode's first rows), else a NaN/∞ alert. */
static void
activate_row (TdbgAlertsPane *self, guint row)
{
  if (row < n_compared (self))
    {
      go_to_compared (self, row);
      return;
    }
  self->on_compared = -1;
  tdbg_alerts_pane_activate (self, row - n_compared (self));
}

static void
row_clicked_cb (GtkButton *button, TdbgAlertsPane *self)
{
  activate_row (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "row")));
}

/* What a row says: a divergence of compare mode, or a NaN/∞ alert. */
static char *
describe_row (TdbgAlertsPane *self, guint row)
{
  g_autofree char *what = NULL;

  if (row >= n_compared (self))
    return describe_alert (logdir_of (self), row - n_compared (self));
  what = tdbg_more_alerts_describe (logdir_of (self), &g_array_index (self->compared, TdbgAlert, row));
  /* Translators: compare mode's first row in Alerts: where this run first parts from the other */
  return row == 0 ? g_strdup_printf (_("First divergence: %s"), what)
                  /* Translators: compare mode, Alerts: a diverging op's first diverging trace */
                  : g_strdup_printf (_("Diverges: %s"), what);
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgAlertsPane *self)
{
  GtkWidget *button = gtk_button_new ();
  /* The row's own label, its text set on it: gtk_button_set_label() would reset the label's
   * ellipsizing (GTK 4.18 does). */
  GtkWidget *label = gtk_label_new (NULL);

  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* The pane is a column beside the others: a row wraps onto further lines rather than
   * losing the op name's start or its end (the trace, the counts); only a longer one is cut,
   * at its end. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 4);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (button, "tdbg-alert-row");
  g_signal_connect (button, "clicked", G_CALLBACK (row_clicked_cb), self);
  tdbg_ui_list_item_set_child (item, button);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgAlertsPane *self)
{
  GtkWidget *button = gtk_list_item_get_child (item);
  guint row = tdbg_row_get_index (gtk_list_item_get_item (item));
  g_autofree char *text = describe_row (self, row);

  g_object_set_data (G_OBJECT (button), "row", GUINT_TO_POINTER (row));
  gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), text);
  /* GTK 4.8 names a button after its label only when the button was given the text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  tdbg_ui_set_lazy_tooltip (button, text);
}

static void
model_selected_cb (GtkSingleSelection *model, GParamSpec *pspec, TdbgAlertsPane *self)
{
  guint pos = gtk_single_selection_get_selected (model);

  if (!self->updating && pos != GTK_INVALID_LIST_POSITION)
    activate_row (self, pos);
}

static gint position (TdbgAlertsPane *self);

/* The buttons step through the divergences (compare mode), then the NaN/∞ list. */
static void
update_actions (TdbgAlertsPane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = (logdir ? tdbg_logdir_get_n_alerts (logdir) : 0) + n_compared (self);
  gint cur = position (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "alerts.first", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "alerts.next", n > 0 && cur + 1 < (gint) n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "alerts.previous", n > 0 && cur > 0);
}

static void tell_none (TdbgAlertsPane *self);

static void
tdbg_alerts_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgAlertsPane *self = TDBG_ALERTS_PANE (pane);
  gint cur;

  if (g_str_equal (pspec->name, "loading"))
    {
      tell_none (self);
      return;
    }
  /* Compare mode: whether a divergence's trace is still the one selected. */
  if (!g_str_equal (pspec->name, "alert") && !(g_str_equal (pspec->name, "trace") && self->compared))
    return;
  /* The list's rows are numbered as F8 steps through them. */
  cur = position (self);
  tdbg_pane_show_row (pane, cur < 0 ? GTK_INVALID_LIST_POSITION : (guint) cur);
  update_actions (self);
}

static void
kind_clicked_cb (GtkButton *button, TdbgAlertsPane *self)
{
  tdbg_alerts_pane_activate_kind (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "kind")));
}

/* The @nth alert of a kind beyond Debugger V2's, NULL when it has fewer. */
static const TdbgAlert *
nth_more (TdbgAlertsPane *self, TdbgAlertType type, guint nth)
{
  for (guint i = 0; self->more && i < self->more->len; i++)
    if (g_array_index (self->more, TdbgAlert, i).type == type && nth-- == 0)
      return &g_array_index (self->more, TdbgAlert, i);
  return NULL;
}

/* The kind's button says which of its alerts it went to, and that the next click goes on. */
static void
tell_visited (TdbgAlertsPane *self, TdbgAlertType type, guint nth, guint n, const TdbgAlert *a)
{
  g_autofree char *what = tdbg_more_alerts_describe (logdir_of (self), a);
  /* TRANSLATORS: a kind's button after it went to one of its alerts: "2 of 3: <the alert>" */
  g_autofree char *tip = n > 1 ? g_strdup_printf (_("%u of %u: %s\nClick again for the next one."), nth + 1, n, what)
                               : g_strdup (what);

  for (GtkWidget *b = gtk_widget_get_first_child (GTK_WIDGET (self->kinds_box)); b; b = gtk_widget_get_next_sibling (b))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (b), "kind")) == type)
      {
        gtk_widget_set_tooltip_text (b, tip);
        gtk_accessible_update_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tip, -1);
      }
}

void
tdbg_alerts_pane_activate_kind (TdbgAlertsPane *self, TdbgAlertType type)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  const TdbgAlert *a;
  guint n, nth;

  if (tdbg_alert_kind_is_debugger_v2 (tdbg_alert_kind_get (type)))
    {
      tdbg_alerts_pane_move (self, TDBG_ALERT_MOVE_FIRST);
      return;
    }
  n = tdbg_alerts_pane_get_kind_count (self, type);
  if (selection == NULL || n == 0)
    return;
  /* "First divergence" goes there however often it is clicked: the others are listed. */
  if (type == TDBG_ALERT_DIVERGENCE && n_compared (self) > 0)
    {
      go_to_compared (self, 0);
      return;
    }
  nth = self->more_visited[type] % n;
  a = nth_more (self, type, nth);
  self->more_visited[type] = nth + 1;
  tell_visited (self, type, nth, n, a);
  if (a->trace_index != TDBG_NONE)
    tdbg_selection_select_trace (selection, a->trace_index);
  else if (a->op != TDBG_NONE)
    tdbg_selection_select_op (selection, a->op);
}

guint
tdbg_alerts_pane_get_kind_count (TdbgAlertsPane *self, TdbgAlertType type)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = 0;

  if (logdir && tdbg_alert_kind_is_debugger_v2 (tdbg_alert_kind_get (type)))
    {
      for (guint i = 0; i < tdbg_logdir_get_n_alerts (logdir); i++)
        n += tdbg_logdir_get_alert (logdir, i)->type == type;
      return n;
    }
  for (guint i = 0; self->more && i < self->more->len; i++)
    n += g_array_index (self->more, TdbgAlert, i).type == type;
  return n;
}

/* A kind's button: its name and count, in its colour when it has alerts. */
static GtkWidget *
kind_button (TdbgAlertsPane *self, const TdbgAlertKind *kind, guint n, guint64 uncapped)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (tdbg_alert_kind_get_name (kind));
  g_autofree char *count_text = tdbg_ui_format_count (n);
  GtkWidget *count = gtk_label_new (count_text);
  g_autofree char *tip = NULL;
  /* TRANSLATORS: an alert kind's name and how many alerts it has, for screen readers */
  g_autofree char *acc = g_strdup_printf (C_("alert kind", "%s: %'u"), tdbg_alert_kind_get_name (kind), n);

  gtk_widget_set_hexpand (name, TRUE);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), count);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  if (n > 0)
    gtk_widget_add_css_class (button, kind->css_class);
  if (uncapped > n)
    tip = g_strdup_printf (_("%'u alerts shown (at most %'u per kind) of %'" PRIu64 " in all"), n,
                           TDBG_ALERT_LIMIT, uncapped);
  else
    tip = g_strdup (_(kind->hint));
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, acc, -1);
  g_object_set_data (G_OBJECT (button), "kind", GUINT_TO_POINTER (kind->type));
  g_signal_connect (button, "clicked", G_CALLBACK (kind_clicked_cb), self);
  return button;
}

/* How many alerts of @kind there are, of which the list holds @listed. */
static guint64
uncapped_count (TdbgLogdir *logdir, const TdbgAlertKind *kind, guint listed)
{
  /* The reader counts NaN/∞ beyond the listing's cap too. */
  if (kind->type == TDBG_ALERT_INF_NAN)
    return MAX (listed, tdbg_logdir_get_n_inf_nan_traces (logdir) + tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
  return listed;
}

/* The title and the count per kind of alert, in the order of the table of kinds. */
static void
show_counts (TdbgAlertsPane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = logdir ? tdbg_logdir_get_n_alerts (logdir) : 0;
  guint per_type[TDBG_N_ALERT_TYPES] = { 0 };
  g_autofree char *title = NULL;
  guint64 all = 0;
  guint listed = 0;
  guint had_focus;
  /* While a logdir is read (before it is shown, or behind its first stretch). */
  gboolean reading = logdir ? tdbg_logdir_get_bulk_limited (logdir) : self->found > 0;
  guint64 found = reading ? self->found : 0;

  for (guint i = 0; i < n; i++)
    per_type[tdbg_logdir_get_alert (logdir, i)->type]++;
  for (guint i = 0; self->more && i < self->more->len; i++)
    per_type[g_array_index (self->more, TdbgAlert, i).type]++;
  /* The title counts Debugger V2's kinds, as TensorBoard does; the others have their buttons. */
  for (guint k = 0; logdir && k < tdbg_alert_kind_get_n (); k++)
    if (tdbg_alert_kind_is_debugger_v2 (tdbg_alert_kind_nth (k)))
      {
        listed += per_type[k];
        all += uncapped_count (logdir, tdbg_alert_kind_nth (k), per_type[k]);
      }
  if (reading)
    {
      g_autofree char *count = tdbg_ui_format_count (MAX (listed, found));
      /* Translators: the alerts pane's title while a logdir is still being read (before it is
       * shown, or behind a big one's first stretch): "Alerts (12 so far)" */
      title = g_strdup_printf (_("Alerts (%s so far)"), count);
    }
  else if (all > listed)
    {
      /* The list stops at a cap per kind: the title says so, with the real number. */
      g_autofree char *shown = tdbg_ui_format_count (listed);
      g_autofree char *total = g_strdup_printf ("%'" G_GUINT64_FORMAT, all);
      /* Translators: the alerts pane's title when the list holds fewer alerts than there are:
       * "Alerts (1,000 of 8,452)" */
      title = g_strdup_printf (_("Alerts (%s of %s)"), shown, total);
    }
  else
    {
      g_autofree char *count = tdbg_ui_format_count (listed);
      title = g_strdup_printf (_("Alerts (%s)"), count);
    }

  gtk_label_set_text (self->title_label, title);
  if (n > 0 || found > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "tdbg-salient");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "tdbg-salient");

  had_focus = tdbg_ui_remove_children (GTK_WIDGET (self->kinds_box));
  for (guint k = 0; logdir && k < tdbg_alert_kind_get_n (); k++)
    {
      const TdbgAlertKind *kind = tdbg_alert_kind_nth (k);
      guint64 uncapped = uncapped_count (logdir, kind, per_type[k]);
      if (kind->type == TDBG_ALERT_INF_NAN)
        uncapped = MAX (uncapped, found);
      /* The kinds beyond Debugger V2's take room only when they found something: the pane
       * keeps its height (and the window its minimum) for the logdirs without them. */
      if (tdbg_alert_kind_is_debugger_v2 (kind) || per_type[k] > 0)
        gtk_box_append (self->kinds_box, kind_button (self, kind, per_type[k], uncapped));
    }
  tdbg_ui_restore_focus (GTK_WIDGET (self->kinds_box), had_focus);
  gtk_stack_set_visible_child_name (self->stack, n + n_compared (self) > 0 ? "list" : "none");
  if (n == 0 && found > 0)
    gtk_label_set_text (self->none_label, _("More of the logdir is being read: its alerts are listed once all of it is in."));
}

/* Why the list is empty. Before a logdir is in, "no NaN/∞" would claim too much (and while one
 * loads, "open one" would be wrong); in compare mode it says which run it is about. The list holds NaN/∞ alerts (and a
 * comparison's divergences) only: the other kinds have their buttons above it. */
static void
tell_none (TdbgAlertsPane *self)
{
  g_autofree char *text = NULL;
  g_autofree char *count = NULL;

  if (logdir_of (self) == NULL && tdbg_selection_get_loading (tdbg_pane_get_selection (TDBG_PANE (self))))
    text = g_strdup (_("Reading the logdir…"));
  else if (logdir_of (self) == NULL)
    text = g_strdup (_("Open a logdir to see its alerts."));
  else if (self->compared == NULL)
    text = g_strdup (_("No NaN/∞: no tensor held −∞, +∞ or NaN in the debug modes recorded."));
  else if (self->alerts_in_b == 0)
    text = g_strdup (_("No NaN/∞ in either run compared."));
  else
    {
      count = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->alerts_in_b);
      /* Translators: compare mode, Alerts: the run shown has none, the other run has some */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "No NaN/∞ in this run; run B has %s NaN/∞ alert.",
                                           "No NaN/∞ in this run; run B has %s NaN/∞ alerts.", self->alerts_in_b),
                              count);
    }
  gtk_label_set_text (self->none_label, text);
}

/* The list's rows anew: the divergences, then the NaN/∞ alerts. */
static void
reset_rows (TdbgAlertsPane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n = logdir ? tdbg_logdir_get_n_alerts (logdir) : 0;
  g_autoptr(TdbgIndexModel) rows = tdbg_index_model_new (n_compared (self) + n);

  self->updating = TRUE;
  gtk_single_selection_set_model (self->model, G_LIST_MODEL (rows));
  gtk_single_selection_set_selected (self->model, GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
}

static void
find_more (TdbgAlertsPane *self)
{
  TdbgLogdir *logdir = logdir_of (self);

  g_clear_pointer (&self->more, g_array_unref);
  if (logdir)
    self->more = tdbg_more_alerts_find (logdir, &self->options);
  /* The comparison's alerts are counted and gone to as the kinds found on demand are. */
  if (self->more && self->compared)
    g_array_append_vals (self->more, self->compared->data, self->compared->len);
}

void
tdbg_alerts_pane_set_comparison (TdbgAlertsPane *self, GArray *alerts, const char *summary, guint64 alerts_in_b)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  const TdbgAlert *was = self->on_compared >= 0 ? &g_array_index (self->compared, TdbgAlert, self->on_compared) : NULL;
  guint32 was_trace = was ? was->trace_index : TDBG_NONE;
  gint cur;

  g_return_if_fail (TDBG_IS_ALERTS_PANE (self));
  g_clear_pointer (&self->compared, g_array_unref);
  self->compared = alerts ? g_array_ref (alerts) : NULL;
  self->alerts_in_b = alerts ? alerts_in_b : 0;
  /* Compared again (following): still on the divergence of the trace selected, if listed. */
  self->on_compared = -1;
  for (guint i = 0; was_trace != TDBG_NONE && i < n_compared (self); i++)
    if (g_array_index (self->compared, TdbgAlert, i).trace_index == was_trace)
      self->on_compared = (gint) i;
  gtk_label_set_text (self->compare_label, alerts && summary ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->compare_label), alerts != NULL && summary != NULL);
  find_more (self);
  show_counts (self);
  tell_none (self);
  reset_rows (self);
  cur = selection ? position (self) : -1;
  if (cur >= 0)
    tdbg_pane_show_row (TDBG_PANE (self), (guint) cur);
  update_actions (self);
}

const char *
tdbg_alerts_pane_get_comparison_text (TdbgAlertsPane *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->compare_label)) ? gtk_label_get_text (self->compare_label) : "";
}

static void
tdbg_alerts_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgAlertsPane *self = TDBG_ALERTS_PANE (pane);

  /* A new logdir's kinds start again from their first alert (a growing one goes on), and
   * its magnitudes are read anew (a growing one's only for the traces it gained). */
  memset (self->more_visited, 0, sizeof self->more_visited);
  g_clear_pointer (&self->compared, g_array_unref);
  self->on_compared = -1;
  self->alerts_in_b = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->compare_label), FALSE);
  g_clear_pointer (&self->options.magnitudes, tdbg_magnitudes_free);
  self->options.magnitudes = tdbg_magnitudes_new ();
  self->found = 0;
  find_more (self);
  tdbg_cause_card_set_selection (self->cause_card, tdbg_pane_get_selection (pane));
  show_counts (self);
  reset_rows (self);
  tell_none (self);
  update_actions (self);
}

/* Alerts are only ever appended: the list grows under the selected row. */
static void
tdbg_alerts_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgAlertsPane *self = TDBG_ALERTS_PANE (pane);
  GListModel *rows = gtk_single_selection_get_model (self->model);

  find_more (self);
  show_counts (self);
  tdbg_index_model_grow (TDBG_INDEX_MODEL (rows), n_compared (self) + tdbg_logdir_get_n_alerts (logdir));
  update_actions (self);
}

static guint
n_compared (TdbgAlertsPane *self)
{
  return self->compared ? self->compared->len : 0;
}

/* Where the selection is among the alerts F8 steps through (the divergences first, then the
 * NaN/∞ list), -1 when on none. */
static gint
position (TdbgAlertsPane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  gint alert;

  if (selection == NULL)
    return -1;
  if (self->on_compared >= 0 && (guint) self->on_compared < n_compared (self) &&
      tdbg_selection_get_trace (selection) ==
        g_array_index (self->compared, TdbgAlert, self->on_compared).trace_index)
    return self->on_compared;
  alert = tdbg_selection_get_alert (selection);
  return alert < 0 ? -1 : (gint) n_compared (self) + alert;
}

/* Goes to the @nth divergence: its trace of this run. */
static void
go_to_compared (TdbgAlertsPane *self, guint nth)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  const TdbgAlert *a = &g_array_index (self->compared, TdbgAlert, nth);

  self->on_compared = (gint) nth;
  tdbg_selection_select_trace (selection, a->trace_index);
  update_actions (self);
}

void
tdbg_alerts_pane_move (TdbgAlertsPane *self, TdbgAlertMove move)
{
  TdbgLogdir *logdir = logdir_of (self);
  guint n_listed = logdir ? tdbg_logdir_get_n_alerts (logdir) : 0;
  guint d = n_compared (self);
  gint cur = position (self);
  gint target;

  if (n_listed + d == 0)
    return;
  switch (move)
    {
    case TDBG_ALERT_MOVE_FIRST: target = 0; break;
    case TDBG_ALERT_MOVE_NEXT: target = cur + 1; break;
    case TDBG_ALERT_MOVE_PREVIOUS: target = cur - 1; break;
    default: return;
    }
  if (target < 0 || target >= (gint) (n_listed + d))
    return;
  activate_row (self, (guint) target);
}

static void
move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgAlertMove move = g_str_equal (action_name, "alerts.first") ? TDBG_ALERT_MOVE_FIRST
                     : g_str_equal (action_name, "alerts.next") ? TDBG_ALERT_MOVE_NEXT : TDBG_ALERT_MOVE_PREVIOUS;
  tdbg_alerts_pane_move (TDBG_ALERTS_PANE (widget), move);
}

static void
tdbg_alerts_pane_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  TdbgAlertsPane *self = TDBG_ALERTS_PANE (object);

  switch (id)
    {
    case PROP_MAGNITUDE_THRESHOLD:
      if (self->options.magnitude_threshold == g_value_get_double (value))
        return;
      self->options.magnitude_threshold = g_value_get_double (value);
      find_more (self);
      show_counts (self);
      g_object_notify_by_pspec (object, pspec);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_alerts_pane_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  switch (id)
    {
    case PROP_MAGNITUDE_THRESHOLD: g_value_set_double (value, TDBG_ALERTS_PANE (object)->options.magnitude_threshold); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_alerts_pane_finalize (GObject *object)
{
  g_clear_pointer (&TDBG_ALERTS_PANE (object)->more, g_array_unref);
  g_clear_pointer (&TDBG_ALERTS_PANE (object)->compared, g_array_unref);
  g_clear_pointer (&TDBG_ALERTS_PANE (object)->options.magnitudes, tdbg_magnitudes_free);
  G_OBJECT_CLASS (tdbg_alerts_pane_parent_class)->finalize (object);
}

static void
tdbg_alerts_pane_class_init (TdbgAlertsPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  object_class->finalize = tdbg_alerts_pane_finalize;
  object_class->set_property = tdbg_alerts_pane_set_property;
  object_class->get_property = tdbg_alerts_pane_get_property;
  /* Exploding magnitude: the largest |x| above which a FULL_TENSOR value alerts. */
  props[PROP_MAGNITUDE_THRESHOLD] = g_param_spec_double ("magnitude-threshold", NULL, NULL, 0, G_MAXDOUBLE,
                                                         TDBG_MAGNITUDE_THRESHOLD_DEFAULT, TDBG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, props);
  pane_class->logdir_loaded = tdbg_alerts_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_alerts_pane_logdir_grew;
  pane_class->selection_changed = tdbg_alerts_pane_selection_changed;
  g_type_ensure (TDBG_TYPE_CAUSE_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-alerts-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgAlertsPane, title_label, cause_card, first_button, previous_button,
                               next_button, kinds_box, stack, none_label, list, compare_label);
  gtk_widget_class_install_action (widget_class, "alerts.first", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "alerts.next", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "alerts.previous", NULL, move_action);
}

static void
tdbg_alerts_pane_init (TdbgAlertsPane *self)
{
  self->options.magnitude_threshold = TDBG_MAGNITUDE_THRESHOLD_DEFAULT;
  self->options.magnitudes = tdbg_magnitudes_new ();
  self->on_compared = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Alt+1 (the window's win.focus-pane): the selected alert's row, else the first control. */
  self->model = tdbg_pane_set_list (TDBG_PANE (self), self->list, G_LIST_MODEL (tdbg_index_model_new (0)),
                                    G_CALLBACK (setup_cb), G_CALLBACK (bind_cb), NULL);
  g_signal_connect (self->model, "notify::selected", G_CALLBACK (model_selected_cb), self);
  update_actions (self);
}

TdbgCauseCard *
tdbg_alerts_pane_get_cause_card (TdbgAlertsPane *self)
{
  return self->cause_card;
}

const char *
tdbg_alerts_pane_get_title (TdbgAlertsPane *self)
{
  return gtk_label_get_text (self->title_label);
}

void
tdbg_alerts_pane_set_found (TdbgAlertsPane *self, guint64 found)
{
  if (found == self->found)
    return;
  self->found = found;
  show_counts (self);
}
