/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-source-pane.h"
#include "tdbg-ui.h"

#include <string.h>

#include <glib/gi18n.h>
#include "tdbg-ui.h"
#include "tdbg-name-factory.h"
#include "tdbg-template.h"

#define MARK_CATEGORY "tdbg-selected-line"

struct _TdbgSourcePane {
  TdbgPane parent_instance;

  GtkDropDown *file_dropdown;
  GtkStack *stack;
  GtkScrolledWindow *scroller;
  GtkSourceView *view;
  TdbgSourceOpsBar *ops_bar;
  GtkBox *header;
  GtkWidget *run_b_bar;
  GtkLabel *run_b_label;
  GtkLabel *empty_label;

  GtkSourceBuffer *buffer;
  GtkStringList *files;
  guint32 shown_file;
  gint marked_line;
  gboolean updating;
  guint scroll_id;
  guint language_id;      /* the idle that reads Python's highlighting */
  guint scroll_tries;
  guint scroll_settled;   /* consecutive checks that found the marked line in view */
};

G_DEFINE_FINAL_TYPE (TdbgSourcePane, tdbg_source_pane, TDBG_TYPE_PANE)

/* Text views slow to a crawl on huge lines: a line is shown up to this many bytes. */
#define MAX_SHOWN_LINE 4000

/* The file as valid UTF-8, one line per recorded line (line numbers stay right). */
static char *
source_text (const TdbgSourceFile *sf)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < sf->n_lines; i++)
    {
      const char *line = sf->lines[i];
      gsize length = strlen (line);
      g_autofree char *valid = NULL;

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Invalid UTF-8, and a character split by the cut, become replacement characters. */
      valid = g_utf8_make_valid (line, MIN (length, MAX_SHOWN_LINE));
      g_string_append (text, valid);
      if (length > MAX_SHOWN_LINE)
        g_string_append_printf (text, _(" … (%zu more bytes not shown)"), length - MAX_SHOWN_LINE);
    }
  return g_string_free (text, FALSE);
}

/* Python's highlighting: its definitions are read once the window has drawn its first frame and
 * is idle (while a logdir loads), not when the window is made (they took a quarter of its
 * making), nor at the first file shown (40 ms of the first alert's selection); or at the first
 * file shown, if that comes first. */
static void
ensure_language (TdbgSourcePane *self)
{
  GtkSourceLanguageManager *lm;

  g_clear_handle_id (&self->language_id, g_source_remove);
  if (gtk_source_buffer_get_language (self->buffer) != NULL)
    return;
  lm = gtk_source_language_manager_get_default ();
  gtk_source_buffer_set_language (self->buffer, gtk_source_language_manager_get_language (lm, "python3"));
}

static gboolean
read_language_cb (gpointer data)
{
  TdbgSourcePane *self = data;

  self->language_id = 0;
  ensure_language (self);
  return G_SOURCE_REMOVE;
}

/* At the first frame: the idle is run after the frame is drawn (its priority is below GTK's
 * drawing). */
static gboolean
first_frame_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (widget);

  if (self->language_id == 0 && gtk_source_buffer_get_language (self->buffer) == NULL)
    self->language_id = g_idle_add_full (G_PRIORITY_LOW, read_language_cb, self, NULL);
  return G_SOURCE_REMOVE;
}

/* Puts @text in the view, Python's highlighting first. */
static void
show_source_text (TdbgSourcePane *self, const char *text)
{
  ensure_language (self);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), text, -1);
  gtk_stack_set_visible_child_name (self->stack, "source");
}

/* shown_file while run B's file is on show: no file of this run's is. */
#define RUN_B_FILE (TDBG_NONE - 1)

static void
show_file (TdbgSourcePane *self, guint32 file)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  const TdbgSourceFile *sf;
  g_autofree char *text = NULL;

  if (file == self->shown_file)
    return;
  gtk_widget_set_visible (self->run_b_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->file_dropdown), TRUE);
  self->shown_file = file;
  tdbg_source_ops_bar_show_file (self->ops_bar, file);
  self->marked_line = 0;
  if (logdir == NULL || file == TDBG_NONE || file >= tdbg_logdir_get_n_source_files (logdir))
    {
      gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), "", 0);
      gtk_label_set_text (self->empty_label,
                          logdir && tdbg_logdir_holds_no_traceback (logdir)
                            ? _("No Python source: this logdir records no traceback (a tfdbg V1 dump holds none).")
                            : _("No file selected. Choose a frame in the Stack Trace or a file above."));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  sf = tdbg_logdir_get_source_file (logdir, file);
  text = source_text (sf);
  show_source_text (self, text);

  self->updating = TRUE;
  gtk_drop_down_set_selected (self->file_dropdown, file);
  self->updating = FALSE;
}

static gboolean
marked_line_visible (TdbgSourcePane *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->view);
  GdkRectangle visible;
  GtkTextIter iter;
  int y, height;

  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_buffer_get_iter_at_line (GTK_TEXT_BUFFER (self->buffer), &iter, self->marked_line - 1);
  gtk_text_view_get_line_yrange (view, &iter, &y, &height);
  return visible.height > 0 && y >= visible.y && y + height <= visible.y + visible.height;
}

/* Scrolls again until the marked line is in view: a file shown for the first time is laid
 * out incrementally, and the view may not have its size yet when the line is marked. */
static gboolean
scroll_idle_cb (gpointer data)
{
  TdbgSourcePane *self = data;
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  /* Layout goes on after the line first shows, and may push it away again: keep at it until
   * it has stayed in view for a few checks. */
  if (self->marked_line > 0 && self->scroll_settled < 5 && ++self->scroll_tries < 150)
    {
      if (marked_line_visible (self))
        self->scroll_settled++;
      else
        {
          self->scroll_settled = 0;
          gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->view), gtk_text_buffer_get_insert (buffer), 0.0, TRUE, 0.0, 0.4);
        }
      return G_SOURCE_CONTINUE;
    }
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

static void
mark_line (TdbgSourcePane *self, gint line)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end, iter;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_source_buffer_remove_source_marks (self->buffer, &start, &end, MARK_CATEGORY);
  self->marked_line = 0;
  if (line <= 0 || line > gtk_text_buffer_get_line_count (buffer))
    return;
  gtk_text_buffer_get_iter_at_line (buffer, &iter, line - 1);
  gtk_source_buffer_create_source_mark (self->buffer, NULL, MARK_CATEGORY, &iter);
  /* The caret is what screen readers report: put it on the line, not only the view. */
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->view), gtk_text_buffer_get_insert (buffer), 0.0, TRUE, 0.0, 0.4);
  self->marked_line = line;
  self->scroll_tries = 0;
  self->scroll_settled = 0;
  if (self->scroll_id == 0)
    /* Below the text view's own layout work: line positions are only right once it ran. */
    self->scroll_id = g_timeout_add_full (G_PRIORITY_LOW, 40, scroll_idle_cb, self, NULL);
}

void
tdbg_source_pane_show_run_b_line (TdbgSourcePane *self, TdbgLogdir *other, guint32 file, gint line)
{
  const TdbgSourceFile *sf;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (TDBG_IS_SOURCE_PANE (self));
  if (other == NULL || file >= tdbg_logdir_get_n_source_files (other))
    return;
  sf = tdbg_logdir_get_source_file (other, file);
  text = source_text (sf);
  self->shown_file = RUN_B_FILE;
  /* The gutter's counts are this run's ops: not for run B's lines. */
  tdbg_source_ops_bar_show_file (self->ops_bar, TDBG_NONE);
  show_source_text (self, text);
  /* Translators: Source Code in compare mode: the file of the run compared with on show */
  title = g_strdup_printf (_("Run B’s file: %s"), sf->file_path);
  gtk_label_set_text (self->run_b_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_b_label), title);
  gtk_widget_set_visible (self->run_b_bar, TRUE);
  /* The list of this run's files would name one of them: it goes while run B's file is shown,
   * the bar names that (a drop-down cannot be left on no file: GTK 4.18 selects the first). */
  gtk_widget_set_visible (GTK_WIDGET (self->file_dropdown), FALSE);
  mark_line (self, line);
}

gboolean
tdbg_source_pane_shows_run_b (TdbgSourcePane *self)
{
  return self->shown_file == RUN_B_FILE;
}

static void
back_to_run_a_cb (TdbgSourcePane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));

  if (selection == NULL)
    return;
  show_file (self, tdbg_selection_get_source_file (selection));
  if (self->shown_file != TDBG_NONE)
    mark_line (self, tdbg_selection_get_source_line (selection));
}

static void
tdbg_source_pane_selection_changed (TdbgPane *pane, TdbgSelection *selection, GParamSpec *pspec)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (pane);
  guint32 file;

  if (!g_str_equal (pspec->name, "source-file") && !g_str_equal (pspec->name, "source-line"))
    return;
  file = tdbg_selection_get_source_file (selection);
  show_file (self, file);
  if (file != TDBG_NONE)
    mark_line (self, tdbg_selection_get_source_line (selection));
}

/* Replaces the names of the files from @first on: with several hosts, names carry theirs. */
static void
list_files_from (TdbgSourcePane *self, guint first)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  guint n = logdir ? tdbg_logdir_get_n_source_files (logdir) : 0;
  guint listed = g_list_model_get_n_items (G_LIST_MODEL (self->files));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = first; i < n; i++)
    {
      const TdbgSourceFile *sf = tdbg_logdir_get_source_file (logdir, i);
      if (sf->host_name && *sf->host_name && tdbg_logdir_get_n_file_sets (logdir) > 1)
        g_ptr_array_add (names, g_strdup_printf ("%s:%s", sf->host_name, sf->file_path));
      else
        g_ptr_array_add (names, g_strdup (sf->file_path));
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->files, MIN (first, listed), listed - MIN (first, listed),
                          (const char *const *) names->pdata);
}

/* New files (and, from a second host on, host names) without losing the shown file. */
static void
tdbg_source_pane_logdir_grew (TdbgPane *pane, TdbgLogdir *logdir, const TdbgLogdirCounts *before)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (pane);
  gboolean renamed = before->file_sets == 1 && tdbg_logdir_get_n_file_sets (logdir) > 1;
  guint selected = gtk_drop_down_get_selected (self->file_dropdown);

  tdbg_source_ops_bar_logdir_grew (self->ops_bar);
  if (!renamed && tdbg_logdir_get_n_source_files (logdir) == before->source_files)
    return;
  self->updating = TRUE;
  list_files_from (self, renamed ? 0 : before->source_files);
  gtk_drop_down_set_selected (self->file_dropdown, selected);
  self->updating = FALSE;
}

static void
tdbg_source_pane_logdir_loaded (TdbgPane *pane, TdbgLogdir *logdir)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (pane);

  self->updating = TRUE;
  list_files_from (self, 0);
  gtk_drop_down_set_selected (self->file_dropdown, GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
  self->shown_file = G_MAXUINT32 - 1;
  tdbg_source_ops_bar_set_selection (self->ops_bar, tdbg_pane_get_selection (pane));
  show_file (self, TDBG_NONE);
}

static void
dropdown_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, TdbgSourcePane *self)
{
  TdbgSelection *selection = tdbg_pane_get_selection (TDBG_PANE (self));
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (self->updating || selection == NULL || pos == GTK_INVALID_LIST_POSITION)
    return;
  tdbg_selection_select_source (selection, pos, 0);
}

static void
tdbg_source_pane_dispose (GObject *object)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  g_clear_handle_id (&self->language_id, g_source_remove);
  g_clear_object (&self->files);
  G_OBJECT_CLASS (tdbg_source_pane_parent_class)->dispose (object);
}

/* The style scheme and the marked line's colour follow the light or dark style. */
static void
tdbg_source_pane_dark_changed (TdbgPane *pane, gboolean dark)
{
  TdbgSourcePane *self = TDBG_SOURCE_PANE (pane);
  GtkSourceStyleSchemeManager *sm = gtk_source_style_scheme_manager_get_default ();
  GtkSourceMarkAttributes *attrs = gtk_source_mark_attributes_new ();
  GdkRGBA bg;

  gtk_source_buffer_set_style_scheme (self->buffer,
                                      gtk_source_style_scheme_manager_get_scheme (sm, dark ? "Adwaita-dark" : "Adwaita"));
  gdk_rgba_parse (&bg, dark ? "#6b5a12" : "#f9e79f");
  gtk_source_mark_attributes_set_background (attrs, &bg);
  gtk_source_mark_attributes_set_icon_name (attrs, "go-next-symbolic");
  gtk_source_view_set_mark_attributes (self->view, MARK_CATEGORY, attrs, 10);
  g_object_unref (attrs);
}

static void
tdbg_source_pane_class_init (TdbgSourcePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TdbgPaneClass *pane_class = TDBG_PANE_CLASS (klass);

  object_class->dispose = tdbg_source_pane_dispose;
  pane_class->logdir_loaded = tdbg_source_pane_logdir_loaded;
  pane_class->logdir_grew = tdbg_source_pane_logdir_grew;
  pane_class->selection_changed = tdbg_source_pane_selection_changed;
  pane_class->dark_changed = tdbg_source_pane_dark_changed;
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (TDBG_TYPE_SOURCE_OPS_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-source-pane.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgSourcePane, file_dropdown, stack, scroller, view, ops_bar, header,
                               run_b_bar, run_b_label, empty_label);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, back_to_run_a_cb);
}

static void
tdbg_source_pane_init (TdbgSourcePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown_file = TDBG_NONE;
  self->buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view)));
  gtk_source_buffer_set_highlight_syntax (self->buffer, TRUE);
  tdbg_source_pane_dark_changed (TDBG_PANE (self), FALSE);
  tdbg_source_ops_bar_attach (self->ops_bar, self->view);
  gtk_box_append (self->header, tdbg_source_ops_bar_get_files_button (self->ops_bar));

  self->files = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->file_dropdown, G_LIST_MODEL (self->files));
  /* A path keeps its end, the file's name. */
  tdbg_name_factory_apply_full (self->file_dropdown, NULL, PANGO_ELLIPSIZE_START, 60);
  tdbg_ui_name_drop_down (self->file_dropdown, _("Source file"));
  {
    /* The drop-down takes its own reference. */
    g_autoptr(GtkExpression) label = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
    gtk_drop_down_set_expression (self->file_dropdown, label);
  }
  g_signal_connect (self->file_dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), self);
  gtk_widget_add_tick_callback (GTK_WIDGET (self), first_frame_cb, NULL, NULL);
}

GtkSourceView *
tdbg_source_pane_get_view (TdbgSourcePane *self)
{
  return self->view;
}

int
tdbg_source_pane_height_for_lines (TdbgSourcePane *self, guint lines)
{
  int pane, code;

  /* The rows above and below the code (the header, the ops bar) and the pane's own style at
   * their least: the pane's least height less the code's. */
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, -1, &pane, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->stack), GTK_ORIENTATION_VERTICAL, -1, &code, NULL, NULL, NULL);
  return pane - code + tdbg_ui_text_rows_height (GTK_TEXT_VIEW (self->view), lines);
}

TdbgSourceOpsBar *
tdbg_source_pane_get_ops_bar (TdbgSourcePane *self)
{
  return self->ops_bar;
}

guint32
tdbg_source_pane_get_file (TdbgSourcePane *self)
{
  return self->shown_file;
}

gint
tdbg_source_pane_get_marked_line (TdbgSourcePane *self)
{
  return self->marked_line;
}
