/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>

#include "tdbg-cause-card.h"
#include "tdbg-ui.h"

#include <glib/gi18n.h>
#include "tdbg-cause-finder.h"
#include "libtdbg-analysis.h"
#include "tdbg-template.h"

struct _TdbgCauseCard {
  GtkBox parent_instance;

  GtkToggleButton *toggle;
  GtkImage *arrow;
  GtkWidget *body;
  guint fit_id;
  int page_height;    /* the height of the page the card shares, when its room was last set */
  GtkLabel *title_label;
  GtkLabel *code_label;
  GtkButton *origin_button;
  GtkLabel *origin_label;
  GtkButton *after_button;     /* a constant's origin: the first NaN it led to */
  GtkLabel *after_label;
  GtkLabel *explanation_label;
  GtkListBox *inputs_list;
  GtkLabel *hint_label;
  GtkLabel *limitation_label;
  GtkLabel *spread_label;
  GtkButton *copy_button;

  TdbgSelection *selection;   /* weak: the window holds it longer than its panes */
  TdbgCauseFinder *finder;
};

G_DEFINE_FINAL_TYPE (TdbgCauseCard, tdbg_cause_card, GTK_TYPE_BOX)

/* The counts of @v that are not zero, as "1 zero, 999 positive". */
static void
append_counts (GString *s, const TdbgValue *v, gboolean bad)
{
  const struct { guint64 n; const char *what; } counts[] = {
    /* TRANSLATORS: how many elements of a tensor were NaN (the number comes first) */
    { v->counts.nan, C_("count", "NaN") },
    { v->counts.neg_inf, "−∞" },
    { v->counts.pos_inf, "+∞" },
    /* TRANSLATORS: how many elements of a tensor were negative, zero, positive */
    { bad ? 0 : v->counts.neg, C_("count", "negative") },
    { bad ? 0 : v->counts.zero, C_("count", "zero") },
    { bad ? 0 : v->counts.pos, C_("count", "positive") },
  };
  /* TRANSLATORS: between two counts of an input's health, "1 zero, 999 positive" (Japanese: "、") */
  const char *separator = C_("counts", ", ");
  guint shown = 0;

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    if (counts[i].n > 0)
      g_string_append_printf (s, "%s%'" G_GUINT64_FORMAT " %s", shown++ ? separator : ": ", counts[i].n, counts[i].what);
}

char *
tdbg_cause_card_describe_health (const TdbgCauseInput *input)
{
  const TdbgValue *v = &input->value;
  GString *s;

  /* An eager input's maker may be known without its value (a resource, an iterator). */
  if (input->trace == TDBG_NONE && (input->execution == TDBG_NONE || !input->value_read))
    return g_strdup (_("not recorded"));
  /* TRANSLATORS: an input that held what explains the origin's NaN/∞ (a zero under a log) */
  s = g_string_new (input->bad ? _("bad") : input->culprit ? _("culprit") : _("healthy"));
  if (input->value_read && (v->counts_known || (input->bad && v->inf_nan_known)))
    append_counts (s, v, input->bad);
  return g_string_free (s, FALSE);
}

static GtkWidget *
input_row (const TdbgCauseInput *input)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *name = g_strdup_printf ("%s:%u", input->op_name, input->output_slot);
  g_autofree char *health = tdbg_cause_card_describe_health (input);
  gboolean recorded = input->trace != TDBG_NONE || input->execution != TDBG_NONE;
  /* An eager origin's inputs were made by executions, a graph op's were traced. */
  g_autofree char *trace = input->trace != TDBG_NONE ? g_strdup_printf (_("trace %u"), input->trace)
                         : recorded ? g_strdup_printf (_("execution %u"), input->execution)
                         : tdbg_root_cause_unrecorded_text (input);
  /* TRANSLATORS: an input's latest trace and its health: "trace 101 · healthy: 1 zero" */
  g_autofree char *detail = recorded ? g_strdup_printf (_("%s · %s"), trace, health) : g_strdup (trace);
  /* TRANSLATORS: an input of the origin for screen readers: "logits:0, trace 101, healthy…" */
  g_autofree char *acc = g_strdup_printf (_("Input %s, %s"), name, detail);
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *detail_label = gtk_label_new (detail);

  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (detail_label), 0);
  gtk_label_set_wrap (GTK_LABEL (detail_label), TRUE);
  gtk_widget_add_css_class (detail_label, "caption");
  gtk_box_append (GTK_BOX (box), name_label);
  gtk_box_append (GTK_BOX (box), detail_label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), recorded);
  gtk_widget_add_css_class (row, !recorded ? "tdbg-cause-unknown"
                                 : input->bad || input->culprit ? "tdbg-cause-bad" : "tdbg-cause-healthy");
  if (recorded)
    {
      g_autofree char *tip = input->trace != TDBG_NONE ? g_strdup_printf (_("Select trace %u"), input->trace)
                                                       : g_strdup_printf (_("Select execution %u"), input->execution);
      gtk_widget_set_tooltip_text (row, tip);
    }
  /* After the tooltip, which would overwrite it. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, acc, -1);
  g_object_set_data (G_OBJECT (row), "trace", GUINT_TO_POINTER (input->trace));
  g_object_set_data (G_OBJECT (row), "execution", GUINT_TO_POINTER (input->execution));
  return row;
}

static char *
origin_text (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->origin_untraced)
    /* TRANSLATORS: an op TensorFlow records no output of, its type, and the trace that read what it wrote */
    return g_strdup_printf (_("%s (%s), not recorded: inferred from trace %u"),
                            tdbg_logdir_get_op (logdir, rc->origin_op)->op_name, rc->origin_op_type, rc->origin_trace);
  if (rc->origin_op != TDBG_NONE)
    /* TRANSLATORS: where the first NaN/∞ appeared: op name, output slot, op type, trace index */
    return g_strdup_printf (_("%s:%u (%s), trace %u"), tdbg_logdir_get_op (logdir, rc->origin_op)->op_name,
                            rc->origin_output_slot, rc->origin_op_type ? rc->origin_op_type : "?", rc->origin_trace);
  /* TRANSLATORS: where the first NaN/∞ appeared: op type, output slot, eager execution index */
  return g_strdup_printf (_("%s output %u, execution %u"), rc->origin_op_type ? rc->origin_op_type : "?",
                          rc->origin_output_slot, rc->origin_execution);
}

/* A constant holding ±∞ (a mask) is the origin; what to look at is the NaN it led to. */
static char *
first_nan_after_text (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *op;

  if (rc->cause != TDBG_CAUSE_CONSTANT || rc->first_nan_after == TDBG_NONE)
    return NULL;
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, rc->first_nan_after)));
  /* TRANSLATORS: below the origin when it is a constant: "First NaN after it: probs (Softmax), trace 2" */
  return g_strdup_printf (_("First NaN after it: %s (%s), trace %u"), op->op_name, op->op_type ? op->op_type : "?",
                          rc->first_nan_after);
}

static char *
spread_text (const TdbgRootCause *rc)
{
  g_autofree char *spread = tdbg_root_cause_spread_text (rc);

  /* TRANSLATORS: %s: "295 traces of 52 ops went bad after it", as a sentence */
  return g_strdup_printf (_("%s."), spread);
}

static void
set_optional (GtkLabel *label, const char *text)
{
  gtk_label_set_text (label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text && *text);
}

static void
show_cause (TdbgCauseCard *self, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  g_autofree char *origin = origin_text (logdir, rc);
  g_autofree char *origin_acc = g_strdup_printf (_("Origin: %s"), origin);
  /* Each sentence once: the explanation may hold the caveat already, two findings the same words. */
  g_autoptr(TdbgSentences) said = tdbg_sentences_new ();
  g_autofree char *explanation = tdbg_sentences_tell (said, rc->explanation);
  g_autofree char *hint_text = tdbg_sentences_tell (said, rc->hint);
  g_autofree char *limitation = tdbg_sentences_tell (said, rc->limitation);
  g_autofree char *hint = hint_text && *hint_text ? g_strdup_printf (_("What to do: %s"), hint_text) : NULL;
  g_autofree char *spread = spread_text (rc);
  g_autofree char *after = first_nan_after_text (logdir, rc);
  guint had_focus;

  /* TRANSLATORS: the collapsed card's summary: the cause in a few words · where it went bad */
  g_autofree char *summary = g_strdup_printf (_("%s · %s"), tdbg_cause_name (rc->cause), origin);

  gtk_label_set_text (self->code_label, summary);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->code_label), rc->explanation);
  /* Screen readers get the sentence with the card's name, also while it is collapsed. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, rc->explanation, -1);
  gtk_label_set_text (self->origin_label, origin);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->origin_button), GTK_ACCESSIBLE_PROPERTY_LABEL, origin_acc, -1);
  gtk_label_set_text (self->after_label, after ? after : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->after_button), GTK_ACCESSIBLE_PROPERTY_LABEL, after ? after : "", -1);
  gtk_widget_set_visible (GTK_WIDGET (self->after_button), after != NULL);
  gtk_label_set_text (self->explanation_label, explanation);
  set_optional (self->hint_label, hint);
  set_optional (self->limitation_label, limitation);
  gtk_label_set_text (self->spread_label, spread);
  had_focus = tdbg_ui_remove_children (GTK_WIDGET (self->inputs_list));
  for (guint i = 0; i < rc->inputs->len; i++)
    gtk_list_box_append (self->inputs_list, input_row (&g_array_index (rc->inputs, TdbgCauseInput, i)));
  tdbg_ui_restore_focus (GTK_WIDGET (self->inputs_list), had_focus);
  gtk_widget_set_visible (GTK_WIDGET (self->inputs_list), rc->inputs->len > 0);
}

static void
cause_cb (TdbgCauseFinder *finder, GParamSpec *pspec, TdbgCauseCard *self)
{
  const TdbgRootCause *rc = tdbg_cause_finder_get_cause (finder);
  gboolean shown = tdbg_cause_finder_has_origin (finder);

  if (shown)
    show_cause (self, tdbg_cause_finder_get_logdir (finder), rc);
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

void
tdbg_cause_card_set_selection (TdbgCauseCard *self, TdbgSelection *selection)
{
  g_return_if_fail (TDBG_IS_CAUSE_CARD (self));
  if (self->selection == selection)
    return;
  g_return_if_fail (self->selection == NULL);
  self->selection = selection;
  self->finder = tdbg_cause_finder_for_selection (selection);
  g_signal_connect_object (self->finder, "notify::cause", G_CALLBACK (cause_cb), self, 0);
  cause_cb (self->finder, NULL, self);
}

const TdbgRootCause *
tdbg_cause_card_get_cause (TdbgCauseCard *self)
{
  return self->finder && gtk_widget_get_visible (GTK_WIDGET (self)) ? tdbg_cause_finder_get_cause (self->finder)
                                                                     : NULL;
}

const char *
tdbg_cause_card_get_origin_text (TdbgCauseCard *self)
{
  return gtk_label_get_text (self->origin_label);
}

const char *
tdbg_cause_card_get_explanation (TdbgCauseCard *self)
{
  return gtk_label_get_text (self->explanation_label);
}

GtkWidget *
tdbg_cause_card_get_input_row (TdbgCauseCard *self, guint index)
{
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->inputs_list, (int) index));
}

void
tdbg_cause_card_activate_origin (TdbgCauseCard *self)
{
  const TdbgRootCause *rc = tdbg_cause_card_get_cause (self);

  if (rc == NULL || self->selection == NULL)
    return;
  if (rc->origin_trace != TDBG_NONE)
    tdbg_selection_select_trace (self->selection, rc->origin_trace);
  else
    tdbg_selection_select_execution (self->selection, rc->origin_execution);
}

static void
origin_clicked_cb (TdbgCauseCard *self)
{
  tdbg_cause_card_activate_origin (self);
}

const char *
tdbg_cause_card_get_first_nan_after_text (TdbgCauseCard *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->after_button)) ? gtk_label_get_text (self->after_label) : NULL;
}

void
tdbg_cause_card_activate_first_nan_after (TdbgCauseCard *self)
{
  const TdbgRootCause *rc = tdbg_cause_card_get_cause (self);

  if (rc != NULL && self->selection != NULL && rc->first_nan_after != TDBG_NONE)
    tdbg_selection_select_trace (self->selection, rc->first_nan_after);
}

static void
after_clicked_cb (TdbgCauseCard *self)
{
  tdbg_cause_card_activate_first_nan_after (self);
}

static void
input_activated_cb (TdbgCauseCard *self, GtkListBoxRow *row)
{
  guint32 trace = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "trace"));
  guint32 execution = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "execution"));

  if (self->selection && trace != TDBG_NONE)
    tdbg_selection_select_trace (self->selection, trace);
  else if (self->selection && execution != TDBG_NONE)
    tdbg_selection_select_execution (self->selection, execution);
}

/* A toggle button that shows the body rather than a GtkExpander: GTK 4.8's expander fails to
 * move the focus past itself while collapsed (its child is unparented then); and a hidden body
 * takes no room, where a revealer without a slide keeps its child's height. */
static void
toggled_cb (TdbgCauseCard *self)
{
  gboolean expanded = gtk_toggle_button_get_active (self->toggle);

  gtk_widget_set_visible (self->body, expanded);
  gtk_image_set_from_icon_name (self->arrow, expanded ? "pan-down-symbolic" : "pan-end-symbolic");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->toggle), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

void
tdbg_cause_card_set_expanded (TdbgCauseCard *self, gboolean expanded)
{
  gtk_toggle_button_set_active (self->toggle, expanded);
}

gboolean
tdbg_cause_card_get_expanded (TdbgCauseCard *self)
{
  return gtk_toggle_button_get_active (self->toggle);
}

static void
tdbg_cause_card_dispose (GObject *object)
{
  g_clear_handle_id (&TDBG_CAUSE_CARD (object)->fit_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), TDBG_TYPE_CAUSE_CARD);
  G_OBJECT_CLASS (tdbg_cause_card_parent_class)->dispose (object);
}

static void tdbg_cause_card_size_allocate (GtkWidget *widget, int width, int height, int baseline);

static void
tdbg_cause_card_class_init (TdbgCauseCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_cause_card_dispose;
  widget_class->size_allocate = tdbg_cause_card_size_allocate;
  gtk_widget_class_set_accessible_role (widget_class, TDBG_ACCESSIBLE_ROLE_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-cause-card.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgCauseCard, toggle, arrow, body, title_label, code_label, origin_button,
                               origin_label, after_button, after_label, explanation_label, inputs_list, hint_label, limitation_label, spread_label,
                               copy_button);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, origin_clicked_cb, after_clicked_cb, input_activated_cb, toggled_cb);
}

/* GTK 4.8's scroller asks its content's natural height at no particular width, where the
 * wrapped text is one line each: the card would open a few lines tall and scroll. Its height
 * is what the content takes at the width it has, within a bounded room: up to half the page
 * it shares with the alert list (which keeps the rest, the selected alert in sight), never
 * more than the page has, so that opening it never grows the window's top half; the rest
 * scrolls. */
#define BODY_MAX_HEIGHT 360
#define BODY_MIN_HEIGHT 48

static int
body_room (TdbgCauseCard *self)
{
  GtkWidget *page = gtk_widget_get_parent (GTK_WIDGET (self));
  int header, chrome;

  self->page_height = page ? gtk_widget_get_height (page) : 0;
  if (self->page_height <= 0)
    return BODY_MAX_HEIGHT;
  /* Everything of the card but its body: the header, borders and padding. */
  if (gtk_widget_get_height (self->body) > 0)
    chrome = gtk_widget_get_height (GTK_WIDGET (self)) - gtk_widget_get_height (self->body);
  else
    {
      gtk_widget_measure (GTK_WIDGET (self->toggle), GTK_ORIENTATION_VERTICAL, -1, &header, NULL, NULL, NULL);
      chrome = header + 12;
    }
  return CLAMP (self->page_height / 2 - chrome, BODY_MIN_HEIGHT, BODY_MAX_HEIGHT);
}

static gboolean
fit_body_idle (gpointer data)
{
  TdbgCauseCard *self = data;
  GtkScrolledWindow *body = GTK_SCROLLED_WINDOW (self->body);
  int room = body_room (self);
  int want = CLAMP ((int) gtk_adjustment_get_upper (gtk_scrolled_window_get_vadjustment (body)), BODY_MIN_HEIGHT, room);

  self->fit_id = 0;
  /* The least never above the most, in either order of change. */
  if (gtk_scrolled_window_get_max_content_height (body) != room)
    {
      gtk_scrolled_window_set_min_content_height (body, MIN (want, gtk_scrolled_window_get_min_content_height (body)));
      gtk_scrolled_window_set_max_content_height (body, room);
    }
  if (gtk_scrolled_window_get_min_content_height (body) != want)
    gtk_scrolled_window_set_min_content_height (body, want);
  return G_SOURCE_REMOVE;
}

/* The content's height changes while the card is laid out: its new least height is set after. */
static void
body_upper_cb (GtkAdjustment *adjustment, GParamSpec *pspec, TdbgCauseCard *self)
{
  if (self->fit_id == 0)
    self->fit_id = g_idle_add (fit_body_idle, self);
}

/* The page resized (the window, or a split moved): the card's room follows. */
static void
tdbg_cause_card_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TdbgCauseCard *self = TDBG_CAUSE_CARD (widget);
  GtkWidget *page = gtk_widget_get_parent (widget);

  GTK_WIDGET_CLASS (tdbg_cause_card_parent_class)->size_allocate (widget, width, height, baseline);
  if (page && gtk_widget_get_height (page) != self->page_height && self->fit_id == 0)
    self->fit_id = g_idle_add (fit_body_idle, self);
}

static void
tdbg_cause_card_init (TdbgCauseCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->body)), "notify::upper",
                           G_CALLBACK (body_upper_cb), self, 0);
  toggled_cb (self);
}
