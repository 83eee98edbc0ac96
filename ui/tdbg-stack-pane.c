/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-stack-pane-private.h"
#include "tdbg-ui.h"

#include <glib/gi18n.h>
#include "tdbg-row.h"
#include "tdbg-template.h"

struct _TdbgStackPane {
  TdbgPane parent_instance;

  GtkLabel *title_label;
  GtkToggleButton *library_toggle;
  GtkListView *list;
  GtkButton *twin_button;
  GtkLabel *twin_label;
  GtkLabel *empty_label;

  GListStore *rows;           /* TdbgRow: index = frame, extra = N > 0 for N folded library frames */
  GtkSingleSelection *model;  /* the pane's */
  GPtrArray *frames;
  guint scroll_id;            /* the list's tick callback while the selected row is placed */
  guint scroll_pos;
  guint scroll_ticks;
  TdbgFocus shown_focus;
  guint32 shown_record;
  gboolean updating;
  TdbgTwins *twins;           /* compare mode: run B and the twins of run A's ops, else NULL */
  const TdbgStackFrame *twin_frame; /* run B's line of the shown op's twin, when another line */
};

enum { OPEN_RUN_B_LINE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TdbgStackPane, tdbg_stack_pane, TDBG_TYPE_PANE)

static TdbgLogdir *
logdir_of (TdbgStackPane *self)
{
  return tdbg_pane_get_logdir (TDBG_PANE (self));
}

/* The selected frame into view, over the next few frames: new rows, or a list that is not laid
 * out yet (the window's first look), have no place to scroll to at first. */
#define SCROLL_TICKS 4

static gboolean
scroll_tick_cb (GtkWidget *list, GdkFrameClock *clock, gpointer data)
{
  TdbgStackPane *self = data;

  if (self->scroll_pos < g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", self->scroll_pos);
  if (++self->scroll_ticks < SCROLL_TICKS)
    return G_SOURCE_CONTINUE;
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

/* Row @pos selected (none: GTK_INVALID_LIST_POSITION), scrolled to once laid out. */
static void
select_row (TdbgStackPane *self, guint pos)
{
  self->updating = TRUE;
  gtk_single_selection_set_selected (self->model, pos);
  self->updating = FALSE;
  self->scroll_pos = pos;
  self->scroll_ticks = 0;
  if (pos != GTK_INVALID_LIST_POSITION && self->scroll_id == 0)
    self->scroll_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), scroll_tick_cb, self, NULL);
}

static void
fill_rows (TdbgStackPane *self)
{
  gboolean show_library = gtk_toggle_button_get_active (self->library_toggle);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  gint selected = selection ? tdbg_selection_get_frame (selection) : -1;
  guint select_pos = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; self->frames && i < self->frames->len;)
    {
      const TdbgStackFrame *f = g_ptr_array_index (self->frames, i);
      if (f->is_library && !show_library && (gint) i != selected)
        {
          guint j = i;
          while (j < self->frames->len && ((const TdbgStackFrame *) g_ptr_array_index (self->frames, j))->is_library
                 && (gint) j != selected)
            j++;
          g_ptr_array_add (items, tdbg_row_new (i, (gint) (j - i)));
          i = j;
        }
      else
        {
          if ((gint) i == selected)
            select_pos = items->len;
          g_ptr_array_add (items, tdbg_row_new (i, 0));
          i++;
        }
    }
  self->updating = TRUE;
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), items->pdata, items->len);
  self->updating = FALSE;
  select_row (self, select_pos);
}

/* The selected frame's row, if it has one of its own (not folded into library frames). */
static guint
selected_frame_row (TdbgStackPane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  gint selected = selection ? tdbg_selection_get_frame (selection) : -1;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  for (guint pos = 0; selected >= 0 && pos < n; pos++)
    {
      g_autoptr(TdbgRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), pos);
      if (tdbg_row_get_extra (row) == 0 && tdbg_row_get_index (row) == (guint) selected)
        return pos;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Another frame selected: its row is selected in place. The rows are made again only to
 * unfold the library frames it hides among: remade while a click or the pointer's entering
 * a row is being delivered, they would leave GTK handing the rest of that event to a row no
 * longer in the window. */
static void
show_selected_frame (TdbgStackPane *self)
{
  guint pos = selected_frame_row (self);

  if (pos != GTK_INVALID_LIST_POSITION || tdbg_selection_get_frame (tdbg_pane_get_selection (TDBG_PANE (self))) < 0)
    select_row (self, pos);
  else
    fill_rows (self);
}

static char **
null_terminated (char **ids, gsize n)
{
  char **out = g_new0 (char *, n + 1);
  for (gsize i = 0; i < n; i++)
    out[i] = ids[i];
  return out;
}

static void
update_stack (TdbgStackPane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  TdbgLogdir *logdir = logdir_of (self);
  TdbgFocus focus = selection ? tdbg_selection_get_focus (selection) : TDBG_FOCUS_NONE;
  guint32 record = TDBG_NONE;
  g_autofree char *title = NULL;
  gint innermost = -1;

  if (logdir && (focus == TDBG_FOCUS_TRACE || focus == TDBG_FOCUS_OP))
    record = tdbg_selection_get_op (selection);
  else if (logdir && focus == TDBG_FOCUS_EXECUTION)
    record = tdbg_selection_get_execution (selection);
  if (record == TDBG_NONE)
    focus = TDBG_FOCUS_NONE;
  if (focus == TDBG_FOCUS_OP)
    focus = TDBG_FOCUS_TRACE;
  if (focus == self->shown_focus && record == self->shown_record)
    return;
  self->shown_focus = focus;
  self->shown_record = record;
  g_clear_pointer (&self->frames, g_ptr_array_unref);

  if (focus == TDBG_FOCUS_TRACE && record < tdbg_logdir_get_n_ops (logdir))
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, record);
      self->frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
      if (op->host_name && *op->host_name)
        /* Translators: op name, op type, host name */
        title = g_strdup_printf (_("Creation of graph op “%s” (%s) on %s"), op->op_name,
                                 op->op_type ? op->op_type : "?", op->host_name);
      else
        title = g_strdup_printf (_("Creation of graph op “%s” (%s)"), op->op_name, op->op_type ? op->op_type : "?");
    }
  else if (focus == TDBG_FOCUS_EXECUTION && record < tdbg_logdir_get_n_executions (logdir))
    {
      g_autoptr(GError) error = NULL;
      Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, record, &error);
      const TdbgExecutionDigest *d = tdbg_logdir_get_execution (logdir, record);

      title = g_strdup_printf (_("Eager execution #%u: %s"), record, tdbg_logdir_get_string (logdir, d->op_type));
      if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION && event->execution->code_location)
        {
          Tensorflow__CodeLocation *loc = event->execution->code_location;
          g_autofree char **ids = null_terminated (loc->stack_frame_ids, loc->n_stack_frame_ids);
          self->frames = tdbg_logdir_resolve_stack (logdir, ids);
        }
      if (event)
        tensorflow__debug_event__free_unpacked (event, NULL);
    }

  if (self->frames && self->frames->len == 0)
    g_clear_pointer (&self->frames, g_ptr_array_unref);
  if (self->frames)
    innermost = tdbg_stack_innermost_user_frame (self->frames);
  if (title == NULL)
    title = g_strdup (record == TDBG_NONE ? "" : _("No stack recorded"));
  else if (self->frames == NULL && tdbg_logdir_holds_no_traceback (logdir))
    {
      /* Translators: the op or execution shown; the pane says why it is empty */
      char *t = g_strdup_printf (_("%s: no stack recorded (a tfdbg V1 dump holds no Python traceback)"), title);
      g_free (title);
      title = t;
    }
  else if (self->frames == NULL)
    {
      char *t = g_strdup_printf (_("%s: no stack recorded"), title);
      g_free (title);
      title = t;
    }
  gtk_label_set_text (self->empty_label,
                      _("a tfdbg V1 dump holds no Python traceback: no op has a creation stack or source line"));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label),
                          record != TDBG_NONE && self->frames == NULL && tdbg_logdir_holds_no_traceback (logdir));
  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), title);

  if (self->frames == NULL)
    {
      tdbg_selection_select_frame (selection, -1, tdbg_selection_get_source_file (selection),
                                   tdbg_selection_get_source_line (selection));
      fill_rows (self);
      return;
    }
  if (innermost < 0)
    innermost = (gint) self->frames->len - 1;
  {
    const TdbgStackFrame *f = g_ptr_array_index (self->frames, innermost);
    /* Select first, so that fill_rows() already shows the frame as selected. */
    self->updating = TRUE;
    tdbg_selection_select_frame (selection, innermost, f->source_file, f->line);
    self->updating = FALSE;
  }
  fill_rows (self);
}

/* Whether two frames name other lines: another file (by its name; the runs' folders may
 * differ) or another text on the line; by the line numbers where a text is not recorded. A
 * line only moved (a line added above it) is the same line. */
static gboolean
other_line (TdbgLogdir *a, const TdbgStackFrame *fa, TdbgLogdir *b, const TdbgStackFrame *fb)
{
  g_autofree char *name_a = NULL, *name_b = NULL;
  g_autofree char *text_a = NULL, *text_b = NULL;

  if (fa == NULL || fb == NULL)
    return fb != NULL;
  name_a = g_path_get_basename (fa->file_path ? fa->file_path : "");
  name_b = g_path_get_basename (fb->file_path ? fb->file_path : "");
  if (!g_str_equal (name_a, name_b))
    return TRUE;
  text_a = g_strdup (tdbg_logdir_get_frame_line (a, fa));
  text_b = g_strdup (tdbg_logdir_get_frame_line (b, fb));
  if (text_a == NULL || text_b == NULL)
    return fa->line != fb->line;
  return !g_str_equal (g_strstrip (text_a), g_strstrip (text_b));
}

/* Compare mode: "In run B: file:line — its text" under the header, when the op's twin was made
 * by another line of code than the op. */
static void
update_twin_line (TdbgStackPane *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgStackFrame *fa, *fb;
  guint32 twin_op;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *code = NULL;
  const char *line;

  self->twin_frame = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->twin_button), FALSE);
  if (self->twins == NULL || logdir == NULL || self->shown_focus != TDBG_FOCUS_TRACE ||
      self->shown_record >= tdbg_logdir_get_n_ops (logdir))
    return;
  twin_op = tdbg_twins_get_op (self->twins, self->shown_record);
  if (twin_op == TDBG_NONE)
    return;
  fa = tdbg_logdir_get_op_user_frame (logdir, tdbg_logdir_get_op (logdir, self->shown_record));
  fb = tdbg_logdir_get_op_user_frame (self->twins->other, tdbg_logdir_get_op (self->twins->other, twin_op));
  if (!other_line (logdir, fa, self->twins->other, fb))
    return;
  self->twin_frame = fb;
  name = g_path_get_basename (fb->file_path ? fb->file_path : "?");
  line = tdbg_logdir_get_frame_line (self->twins->other, fb);
  code = g_strstrip (g_strdup (line ? line : ""));
  /* Translators: compare mode, in Stack Trace: the file and line that made the op's twin in the
   * run compared with (run B), and the text of that line */
  text = *code ? g_strdup_printf (_("In run B: %s:%d — %s"), name, fb->line, code)
               : g_strdup_printf (_("In run B: %s:%d"), name, fb->line);
  gtk_label_set_text (self->twin_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->twin_button),
                               fb->source_file != TDBG_NONE ? _("Show this line of run B in Source Code") : text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->twin_button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_set_sensitive (GTK_WIDGET (self->twin_button), fb->source_file != TDBG_NONE);
  gtk_widget_set_visible (GTK_WIDGET (self->twin_button), TRUE);
}

static void
twin_clicked_cb (TdbgStackPane *self)
{
  if (self->twins && self->twin_frame && self->twin_frame->source_file != TDBG_NONE)
    g_signal_emit (self, signals[OPEN_RUN_B_LINE], 0, self->twin_frame->source_file, self->twin_frame->line);
}

static void
tdbg_stack_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgStackPane *self = TDBG_STACK_PANE (pane);

  /* Another run: compare mode is over until the window compares again. */
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  update_stack (self);
  update_twin_line (self);
}

void
tdbg_stack_pane_set_twins (TdbgStackPane *self, TdbgTwins *twins)
{
  g_return_if_fail (TDBG_IS_STACK_PANE (self));
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  if (twins)
    self->twins = tdbg_twins_ref (twins);
  update_twin_line (self);
}

const char *
tdbg_stack_pane_get_twin_line (TdbgStackPane *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->twin_button)) ? gtk_label_get_text (self->twin_label) : NULL;
}

GtkButton *
tdbg_stack_pane_get_twin_button (TdbgStackPane *self)
{
  return self->twin_button;
}

static void
tdbg_stack_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgStackPane *self = TDBG_STACK_PANE (pane);

  if (g_str_equal (pspec->name, "focus") || g_str_equal (pspec->name, "op") ||
      g_str_equal (pspec->name, "execution"))
    {
      update_stack (self);
      update_twin_line (self);
    }
  else if (g_str_equal (pspec->name, "frame") && !self->updating)
    show_selected_frame (self);
}

/* Frame @index of the shown stack activated: a click on its row, or its row selected. */
static void
activate_frame (TdbgStackPane *self, guint index)
{
  const TdbgStackFrame *f;

  if (self->frames == NULL || index >= self->frames->len)
    return;
  f = g_ptr_array_index (self->frames, index);
  tdbg_selection_select_frame (tdbg_pane_get_selection (TDBG_PANE (self)), (gint) index, f->source_file, f->line);
}

static void
activate_cb (GtkListView *list, guint position, TdbgStackPane *self)
{
  g_autoptr(TdbgRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);

  if (row == NULL)
    return;
  if (tdbg_row_get_extra (row) > 0)
    gtk_toggle_button_set_active (self->library_toggle, TRUE);
  else
    activate_frame (self, tdbg_row_get_index (row));
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *file = gtk_label_new (NULL);
  GtkWidget *line = gtk_label_new (NULL);
  GtkWidget *func = gtk_label_new (NULL);
  GtkWidget *code = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (file), 0);
  gtk_label_set_xalign (GTK_LABEL (func), 0);
  gtk_label_set_xalign (GTK_LABEL (code), 0);
  gtk_label_set_ellipsize (GTK_LABEL (func), PANGO_ELLIPSIZE_END);
  gtk_label_set_ellipsize (GTK_LABEL (code), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (func, TRUE);
  gtk_widget_add_css_class (line, "tdbg-line-link");
  gtk_widget_add_css_class (code, "monospace");
  gtk_widget_add_css_class (code, "caption");
  gtk_box_append (GTK_BOX (top), file);
  gtk_box_append (GTK_BOX (top), line);
  gtk_box_append (GTK_BOX (top), func);
  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), code);
  gtk_widget_add_css_class (box, "tdbg-frame-row");
  g_object_set_data (G_OBJECT (box), "file", file);
  g_object_set_data (G_OBJECT (box), "line", line);
  g_object_set_data (G_OBJECT (box), "func", func);
  g_object_set_data (G_OBJECT (box), "code", code);
  tdbg_ui_list_item_set_child (item, box);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TdbgStackPane *self)
{
  TdbgRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkLabel *file = g_object_get_data (G_OBJECT (box), "file");
  GtkLabel *line = g_object_get_data (G_OBJECT (box), "line");
  GtkLabel *func = g_object_get_data (G_OBJECT (box), "func");
  GtkLabel *code = g_object_get_data (G_OBJECT (box), "code");
  const TdbgStackFrame *f;
  g_autofree char *base = NULL;
  g_autofree char *line_text = NULL;
  const char *source;

  if (self->frames == NULL || tdbg_row_get_index (row) >= self->frames->len)
    return;
  if (tdbg_row_get_extra (row) > 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "⋯ %d library frame (show)",
                                                            "⋯ %d library frames (show)", tdbg_row_get_extra (row)),
                                               tdbg_row_get_extra (row));
      gtk_label_set_text (file, text);
      gtk_label_set_text (line, "");
      gtk_label_set_text (func, "");
      gtk_widget_set_visible (GTK_WIDGET (code), FALSE);
      gtk_widget_add_css_class (box, "dim-label");
      tdbg_ui_set_lazy_tooltip (box, NULL);
      return;
    }
  f = g_ptr_array_index (self->frames, tdbg_row_get_index (row));
  base = g_path_get_basename (f->file_path ? f->file_path : "?");
  line_text = g_strdup_printf (_("Line %d"), f->line);
  gtk_label_set_text (file, base);
  gtk_label_set_text (line, line_text);
  gtk_label_set_text (func, f->func ? f->func : "");
  source = tdbg_logdir_get_frame_line (logdir_of (self), f);
  if (source)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (source));
      gtk_label_set_text (code, stripped);
    }
  gtk_widget_set_visible (GTK_WIDGET (code), source != NULL);
  tdbg_ui_set_lazy_tooltip (box, f->file_path);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  f->file_path ? f->file_path : "", -1);
  if (f->is_library)
    gtk_widget_add_css_class (box, "dim-label");
  else
    gtk_widget_remove_css_class (box, "dim-label");
}

static void
selection_changed_cb (GtkSingleSelection *model, GParamSpec *pspec, TdbgStackPane *self)
{
  TdbgRow *row;

  if (self->updating)
    return;
  row = gtk_single_selection_get_selected_item (model);
  if (row && tdbg_row_get_extra (row) == 0)
    activate_frame (self, tdbg_row_get_index (row));
}

static void
tdbg_stack_pane_dispose (GObject *object)
{
  TdbgStackPane *self = TDBG_STACK_PANE (object);

  if (self->scroll_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list), self->scroll_id);
  self->scroll_id = 0;
  g_clear_pointer (&self->frames, g_ptr_array_unref);
  g_clear_pointer (&self->twins, tdbg_twins_unref);
  G_OBJECT_CLASS (tdbg_stack_pane_parent_class)->dispose (object);
}

static void
tdbg_stack_pane_class_init (TdbgStackPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  object_class->dispose = tdbg_stack_pane_dispose;
  pane_class->logdir_loaded = tdbg_stack_pane_logdir_loaded;
  pane_class->selection_changed = tdbg_stack_pane_selection_changed;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-stack-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgStackPane, title_label, library_toggle, list, twin_button,
                               twin_label, empty_label);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, twin_clicked_cb);
  /* Compare mode: "In run B" activated: source file @file of run B, line @line. */
  signals[OPEN_RUN_B_LINE] = g_signal_new ("open-run-b-line", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
}

static void
tdbg_stack_pane_init (TdbgStackPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown_focus = TDBG_FOCUS_NONE;
  self->shown_record = TDBG_NONE;
  self->rows = g_list_store_new (TDBG_TYPE_ROW);
  /* Alt+6 (the window's win.focus-pane): the selected frame's row, else the list. */
  self->model = tdbg_pane_set_list (TDBG_PANE (self), self->list, G_LIST_MODEL (self->rows), G_CALLBACK (setup_cb),
                                    G_CALLBACK (bind_cb), NULL);
  g_signal_connect (self->list, "activate", G_CALLBACK (activate_cb), self);
  g_signal_connect (self->model, "notify::selected", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->library_toggle, "toggled", G_CALLBACK (fill_rows), self);
}

GPtrArray *
tdbg_stack_pane_get_frames (TdbgStackPane *self)
{
  return self->frames;
}
