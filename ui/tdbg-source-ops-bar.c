/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-source-ops-bar.h"
#include "tdbg-ui.h"

#include <glib/gi18n.h>

struct _TdbgSourceOpsBar {
  GtkWidget parent_instance;

  GtkWidget *files_button;   /* GtkMenuButton */
  GtkWidget *file_list;      /* GtkListBox in its popover */
  GtkWidget *line_box;       /* the activated line's ops */
  TdbgOpGutter *gutter;
  TdbgSelection *selection;
  TdbgSourceOps *ops;
  GArray *files;             /* TdbgFileOps, in the list's order */
  guint32 file;
};

G_DEFINE_FINAL_TYPE (TdbgSourceOpsBar, tdbg_source_ops_bar, GTK_TYPE_WIDGET)

static TdbgLogdir *
logdir_of (TdbgSourceOpsBar *self)
{
  return self->selection ? tdbg_selection_get_logdir (self->selection) : NULL;
}

static void
clear_line_box (TdbgSourceOpsBar *self)
{
  /* An op's button clicked, then another file shown: the source view takes the focus back. */
  if (tdbg_ui_remove_children (self->line_box))
    gtk_widget_grab_focus (GTK_WIDGET (gtk_source_gutter_renderer_get_view (GTK_SOURCE_GUTTER_RENDERER (self->gutter))));
  /* Shown only while it lists a line's ops: the panes above keep their height. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
op_clicked_cb (GtkButton *button, TdbgSourceOpsBar *self)
{
  tdbg_selection_select_op (self->selection, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "op")));
}

/* The ops @line created, one button each, the NaN/∞ ones marked. */
static void
line_activated_cb (TdbgOpGutter *gutter, gint line, TdbgSourceOpsBar *self)
{
  TdbgLogdir *logdir = logdir_of (self);
  const TdbgLineOps *entry = self->ops ? tdbg_source_ops_get_line (self->ops, self->file, line) : NULL;
  g_autofree char *heading = NULL;

  clear_line_box (self);
  if (logdir == NULL || entry == NULL)
    return;
  /* Translators: before the buttons of the ops a source line created */
  heading = g_strdup_printf (_("Line %d created:"), line);
  gtk_box_append (GTK_BOX (self->line_box), gtk_label_new (heading));
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  for (guint i = 0; i < entry->ops->len; i++)
    {
      guint32 op = g_array_index (entry->ops, guint32, i);
      const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
      g_autofree char *text = g_strdup_printf ("%s (%s)%s", o->op_name, o->op_type ? o->op_type : "?",
                                               o->first_inf_nan_trace != TDBG_NONE ? " NaN/∞" : "");
      GtkWidget *button = gtk_button_new_with_label (text);

      if (o->first_inf_nan_trace != TDBG_NONE)
        gtk_widget_add_css_class (button, "error");
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "op", GUINT_TO_POINTER (op));
      g_signal_connect (button, "clicked", G_CALLBACK (op_clicked_cb), self);
      gtk_box_append (GTK_BOX (self->line_box), button);
    }
}

static GtkWidget *
file_row (TdbgLogdir *logdir, const TdbgFileOps *f)
{
  const char *path = tdbg_logdir_get_source_file (logdir, f->file)->file_path;
  g_autofree char *counts = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name = gtk_label_new (path);
  GtkWidget *count;

  /* Translators: a source file's op count and NaN/∞ op count in the list of files */
  counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u op, %'u NaN/∞", "%'u ops, %'u NaN/∞", f->n_ops),
                            f->n_ops, f->n_bad);
  count = gtk_label_new (counts);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_START);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_set_hexpand (name, TRUE);
  if (f->is_library)
    gtk_widget_add_css_class (name, "dim-label");
  gtk_widget_add_css_class (count, f->n_bad ? "error" : "dim-label");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), count);
  return box;
}

static void
fill_file_list (TdbgSourceOpsBar *self, TdbgLogdir *logdir)
{
  guint had_focus = tdbg_ui_remove_children (self->file_list);

  g_clear_pointer (&self->files, g_array_unref);
  if (logdir == NULL || self->ops == NULL)
    return;
  self->files = tdbg_source_ops_list_files (self->ops, logdir);
  for (guint i = 0; i < self->files->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->file_list), file_row (logdir, &g_array_index (self->files, TdbgFileOps, i)));
  tdbg_ui_restore_focus (self->file_list, had_focus);
}

/* Opens the file at its first line that created ops (its top when none did). */
static void
file_activated_cb (GtkListBox *list, GtkListBoxRow *row, TdbgSourceOpsBar *self)
{
  gint i = gtk_list_box_row_get_index (row);
  const TdbgFileOps *f;
  g_autoptr(GPtrArray) lines = NULL;

  if (self->files == NULL || i < 0 || (guint) i >= self->files->len)
    return;
  f = &g_array_index (self->files, TdbgFileOps, i);
  lines = tdbg_source_ops_get_lines (self->ops, f->file);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->files_button));
  tdbg_selection_select_source (self->selection, f->file,
                                lines->len ? ((const TdbgLineOps *) g_ptr_array_index (lines, 0))->line : 0);
}

void
tdbg_source_ops_bar_attach (TdbgSourceOpsBar *self, GtkSourceView *view)
{
  GtkSourceGutter *gutter = gtk_source_view_get_gutter (view, GTK_TEXT_WINDOW_LEFT);

  g_return_if_fail (TDBG_IS_SOURCE_OPS_BAR (self));
  /* Between the line numbers (-30) and the line marks (-20). */
  gtk_source_gutter_insert (gutter, GTK_SOURCE_GUTTER_RENDERER (self->gutter), -25);
}

void
tdbg_source_ops_bar_set_selection (TdbgSourceOpsBar *self, TdbgSelection *selection)
{
  TdbgLogdir *logdir;

  g_return_if_fail (TDBG_IS_SOURCE_OPS_BAR (self));
  g_set_object (&self->selection, selection);
  logdir = logdir_of (self);
  tdbg_op_gutter_set_file (self->gutter, NULL, TDBG_NONE);
  g_clear_pointer (&self->ops, tdbg_source_ops_free);
  self->ops = logdir ? tdbg_source_ops_new (logdir) : NULL;
  fill_file_list (self, logdir);
  tdbg_op_gutter_set_file (self->gutter, self->ops, self->file);
  clear_line_box (self);
}

void
tdbg_source_ops_bar_logdir_grew (TdbgSourceOpsBar *self)
{
  TdbgLogdir *logdir;

  g_return_if_fail (TDBG_IS_SOURCE_OPS_BAR (self));
  logdir = logdir_of (self);
  if (logdir == NULL || self->ops == NULL)
    {
      tdbg_source_ops_bar_set_selection (self, self->selection);
      return;
    }
  /* Only the ops (and frames) added since: a follow step that brought none changes nothing. */
  if (!tdbg_source_ops_update (self->ops, logdir))
    return;
  fill_file_list (self, logdir);
  tdbg_op_gutter_set_file (self->gutter, self->ops, self->file);
  clear_line_box (self);
}

void
tdbg_source_ops_bar_show_file (TdbgSourceOpsBar *self, guint32 file)
{
  g_return_if_fail (TDBG_IS_SOURCE_OPS_BAR (self));
  self->file = file;
  tdbg_op_gutter_set_file (self->gutter, self->ops, file);
  clear_line_box (self);
}

TdbgOpGutter *
tdbg_source_ops_bar_get_gutter (TdbgSourceOpsBar *self)
{
  return self->gutter;
}

GtkWidget *
tdbg_source_ops_bar_get_files_button (TdbgSourceOpsBar *self)
{
  return self->files_button;
}

GtkWidget *
tdbg_source_ops_bar_get_file_list (TdbgSourceOpsBar *self)
{
  return self->file_list;
}

static void
tdbg_source_ops_bar_dispose (GObject *object)
{
  TdbgSourceOpsBar *self = TDBG_SOURCE_OPS_BAR (object);
  GtkWidget *child;

  if (self->gutter)
    tdbg_op_gutter_set_file (self->gutter, NULL, TDBG_NONE);
  g_clear_object (&self->gutter);
  g_clear_object (&self->files_button);
  g_clear_pointer (&self->ops, tdbg_source_ops_free);
  g_clear_pointer (&self->files, g_array_unref);
  g_clear_object (&self->selection);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tdbg_source_ops_bar_parent_class)->dispose (object);
}

static void
tdbg_source_ops_bar_class_init (TdbgSourceOpsBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_source_ops_bar_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
tdbg_source_ops_bar_init (TdbgSourceOpsBar *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *line_scroller = gtk_scrolled_window_new ();

  self->file = TDBG_NONE;
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);

  self->file_list = gtk_list_box_new ();
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->file_list), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->file_list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Source files with ops"), -1);
  g_signal_connect (self->file_list, "row-activated", G_CALLBACK (file_activated_cb), self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_widget_set_size_request (scrolled, 420, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->file_list);
  gtk_popover_set_child (GTK_POPOVER (popover), scrolled);

  self->files_button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->files_button), _("Files with ops"));
  gtk_widget_set_tooltip_text (self->files_button, _("The logdir's source files: yours first, each with its ops and NaN/∞ ops"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->files_button), popover);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->files_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Files with ops"), -1);
  g_object_ref_sink (self->files_button);

  self->line_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (line_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (line_scroller), self->line_box);
  gtk_widget_set_hexpand (line_scroller, TRUE);
  gtk_widget_set_parent (line_scroller, GTK_WIDGET (self));

  self->gutter = g_object_ref_sink (tdbg_op_gutter_new ());
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_connect (self->gutter, "line-activated", G_CALLBACK (line_activated_cb), self);
}
