#include <inttypes.h>
#include "tdbg-window.h"

#include <glib/gi18n.h>
#include "tdbg-records.h"
#include "tdbg-ui.h"

struct _TdbgWindow {
  GtkApplicationWindow parent_instance;

  GtkRevealer *progress_revealer;
  GtkLabel *progress_label;
  GtkProgressBar *progress_bar;
  GtkInfoBar *problems_bar;
  GtkLabel *problems_label;
  GtkPaned *main_paned;
  GtkPaned *top_paned;
  GtkPaned *lower_paned;
  GtkPaned *middle_paned;
  GtkPaned *bottom_paned;
  TdbgAlertsPane *alerts_pane;
  TdbgTimelinePane *timeline_pane;
  TdbgTracePane *trace_pane;
  TdbgGraphPane *graph_pane;
  TdbgSourcePane *source_pane;
  TdbgStackPane *stack_pane;
  GtkLabel *status_label;

  TdbgSelection *selection;
  GFile *file;
  TdbgLogdir *loading;
  GCancellable *cancellable;
  guint progress_id;
  char *load_error;
};

G_DEFINE_FINAL_TYPE (TdbgWindow, tdbg_window, GTK_TYPE_APPLICATION_WINDOW)

/* Pane splits, remembered between runs. */
static const char *paned_keys[] = { "main", "top", "lower", "middle", "bottom" };

static GtkPaned **
paneds (TdbgWindow *self, GtkPaned **out)
{
  out[0] = self->main_paned;
  out[1] = self->top_paned;
  out[2] = self->lower_paned;
  out[3] = self->middle_paned;
  out[4] = self->bottom_paned;
  return out;
}

static char *
layout_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "tfdbg-gtk", "window.ini", NULL);
}

static void
load_layout (TdbgWindow *self)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = layout_path ();
  GtkPaned *p[5];

  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL))
    return;
  paneds (self, p);
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    {
      g_autoptr(GError) error = NULL;
      gint v = g_key_file_get_integer (kf, "panes", paned_keys[i], &error);
      if (error == NULL && v > 20)
        gtk_paned_set_position (p[i], v);
    }
  {
    gint w = g_key_file_get_integer (kf, "window", "width", NULL);
    gint h = g_key_file_get_integer (kf, "window", "height", NULL);
    if (w > 200 && h > 200)
      gtk_window_set_default_size (GTK_WINDOW (self), w, h);
  }
  if (g_key_file_has_key (kf, "graph", "input-depth", NULL))
    tdbg_graph_pane_set_depths (self->graph_pane,
                                (guint) MAX (g_key_file_get_integer (kf, "graph", "input-depth", NULL), 0),
                                (guint) MAX (g_key_file_get_integer (kf, "graph", "consumer-depth", NULL), 0));
}

static void
save_layout (TdbgWindow *self)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = layout_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  GtkPaned *p[5];
  int w, h;

  paneds (self, p);
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    g_key_file_set_integer (kf, "panes", paned_keys[i], gtk_paned_get_position (p[i]));
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_key_file_set_integer (kf, "window", "width", w);
  g_key_file_set_integer (kf, "window", "height", h);
  {
    guint inputs, consumers;
    tdbg_graph_pane_get_depths (self->graph_pane, &inputs, &consumers);
    g_key_file_set_integer (kf, "graph", "input-depth", (gint) inputs);
    g_key_file_set_integer (kf, "graph", "consumer-depth", (gint) consumers);
  }
  g_mkdir_with_parents (dir, 0700);
  g_key_file_save_to_file (kf, path, NULL);
}

static gboolean
close_request_cb (GtkWindow *window, gpointer data)
{
  save_layout (TDBG_WINDOW (window));
  return FALSE;
}

static void
stop_progress (TdbgWindow *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
}

static gboolean
progress_cb (gpointer data)
{
  TdbgWindow *self = data;
  guint64 done = 0, total = 0, records = 0;
  g_autofree char *done_text = NULL;
  g_autofree char *total_text = NULL;
  g_autofree char *text = NULL;

  if (self->loading == NULL)
    return G_SOURCE_REMOVE;
  tdbg_logdir_get_progress (self->loading, &done, &total, &records);
  done_text = g_format_size (done);
  total_text = g_format_size (total);
  /* Translators: records read, bytes read, bytes in all */
  text = g_strdup_printf (_("Loading: %" PRIu64 " records, %s of %s"), records, done_text, total_text);
  gtk_label_set_text (self->progress_label, text);
  if (total > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, CLAMP ((double) done / (double) total, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
show_problems (TdbgWindow *self, TdbgLogdir *logdir)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
  GString *text = g_string_new (NULL);
  const guint max_shown = 8;

  for (guint i = 0; problems && i < problems->len && i < max_shown; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      if (text->len)
        g_string_append_c (text, '\n');
      /* Translators: file name, byte offset, what is wrong */
      g_string_append_printf (text, _("%s at byte %" PRIu64 ": %s"), p->file_name, p->byte_offset,
                              p->message);
    }
  if (problems && problems->len > max_shown)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "…and %u more problem", "…and %u more problems",
                                                 problems->len - max_shown),
                              problems->len - max_shown);
    }
  for (guint f = 0; f < tdbg_logdir_get_n_file_sets (logdir); f++)
    {
      const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, f);
      for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
        if (fs->files[k].file_name && fs->files[k].partial_tail)
          {
            if (text->len)
              g_string_append_c (text, '\n');
            g_string_append_printf (text, _("%s ends %" PRIu64 " bytes into a record still being written "
                                            "(at byte %" PRIu64 "); every intact record is shown."),
                                    fs->files[k].file_name, fs->files[k].partial_tail_bytes,
                                    fs->files[k].resume_offset);
          }
    }
  gtk_label_set_text (self->problems_label, text->str);
  gtk_info_bar_set_message_type (self->problems_bar, GTK_MESSAGE_WARNING);
  gtk_info_bar_set_revealed (self->problems_bar, text->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), text->len > 0);
  g_string_free (text, TRUE);
}

static void
load_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TdbgLogdir *logdir = TDBG_LOGDIR (source);
  g_autoptr(GError) error = NULL;
  gboolean ok = tdbg_logdir_load_finish (logdir, result, &error);
  TdbgWindow *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* The window may be gone; it clears loading itself when it cancels. */
      if (user_data)
        {
          self = TDBG_WINDOW (user_data);
          if (self->loading == logdir)
            {
              g_clear_object (&self->loading);
              stop_progress (self);
              gtk_label_set_text (self->status_label, _("Loading cancelled."));
            }
          g_object_unref (self);
        }
      return;
    }
  self = TDBG_WINDOW (user_data);
  if (self->loading != logdir)
    {
      g_object_unref (self);
      return;
    }
  stop_progress (self);
  g_clear_pointer (&self->load_error, g_free);
  if (!ok)
    {
      self->load_error = g_strdup (error->message);
      gtk_label_set_text (self->problems_label, error->message);
      gtk_info_bar_set_message_type (self->problems_bar, GTK_MESSAGE_ERROR);
      gtk_info_bar_set_revealed (self->problems_bar, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), TRUE);
      g_clear_object (&self->loading);
      g_object_unref (self);
      return;
    }
  tdbg_selection_set_logdir (self->selection, logdir);
  show_problems (self, logdir);
  {
    g_autofree char *desc = tdbg_logdir_describe (logdir);
    g_autofree char *status = g_strdup_printf (_("%s: %u graph execution traces, %u executions, %u alerts"), desc,
                                               tdbg_logdir_get_n_traces (logdir), tdbg_logdir_get_n_executions (logdir),
                                               tdbg_logdir_get_n_alerts (logdir));
    gtk_label_set_text (self->status_label, status);
  }
  g_clear_object (&self->loading);
  g_object_unref (self);
}

void
tdbg_window_open (TdbgWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = NULL;

  g_return_if_fail (TDBG_IS_WINDOW (self));
  tdbg_window_cancel_load (self);
  g_clear_object (&self->loading);
  g_set_object (&self->file, file);
  gtk_info_bar_set_revealed (self->problems_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), FALSE);
  gtk_label_set_text (self->problems_label, "");
  g_clear_pointer (&self->load_error, g_free);
  tdbg_selection_set_logdir (self->selection, NULL);

  /* The folder goes into the title, which names the window for screen readers. */
  title = g_strdup_printf (_("%s — TensorFlow Debugger"), path ? path : name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  self->loading = tdbg_logdir_new_for_path (path ? path : name);
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_text (self->progress_label, _("Loading…"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", TRUE);
  self->progress_id = g_timeout_add (100, progress_cb, self);
  tdbg_logdir_load_async (self->loading, self->cancellable, load_done_cb, g_object_ref (self));
}

void
tdbg_window_cancel_load (TdbgWindow *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  stop_progress (self);
}

gboolean
tdbg_window_is_loading (TdbgWindow *self)
{
  return self->loading != NULL;
}

static void
open_response_cb (GtkNativeDialog *chooser, int response, TdbgWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (file)
        tdbg_window_open (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Open Logdir"), GTK_WINDOW (widget),
                                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Open"),
                                                               _("_Cancel"));
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
reload_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  g_autoptr(GFile) file = self->file ? g_object_ref (self->file) : NULL;

  if (file)
    tdbg_window_open (self, file);
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);

  tdbg_window_cancel_load (self);
}

static void
alert_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  TdbgAlertMove move = g_str_equal (action_name, "win.alert-first") ? TDBG_ALERT_MOVE_FIRST
                     : g_str_equal (action_name, "win.alert-next") ? TDBG_ALERT_MOVE_NEXT : TDBG_ALERT_MOVE_PREVIOUS;
  tdbg_alerts_pane_move (self->alerts_pane, move);
}

/* win.focus-pane(N): the keyboard focus to pane N, on its selected row, node or line.
 * Shortcuts (for the shortcuts window):
 *   Alt+1  win.focus-pane(1)  Alerts
 *   Alt+2  win.focus-pane(2)  Python Execution Timeline
 *   Alt+3  win.focus-pane(3)  Graph Execution
 *   Alt+4  win.focus-pane(4)  Graph Structure
 *   Alt+5  win.focus-pane(5)  Source Code
 *   Alt+6  win.focus-pane(6)  Stack Trace */
static void
focus_pane_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  GtkWidget *panes[] = { GTK_WIDGET (self->alerts_pane), GTK_WIDGET (self->timeline_pane),
                         GTK_WIDGET (self->trace_pane), GTK_WIDGET (self->graph_pane),
                         GTK_WIDGET (self->source_pane), GTK_WIDGET (self->stack_pane) };
  gint32 n = g_variant_get_int32 (parameter);

  if (n >= 1 && n <= (gint32) G_N_ELEMENTS (panes))
    gtk_widget_grab_focus (panes[n - 1]);
}

static void
add_capture_shortcut (GtkShortcutController *keys, guint keyval, GdkModifierType modifiers, const char *action,
                      GVariant *argument)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers), gtk_named_action_new (action));

  if (argument)
    gtk_shortcut_set_arguments (shortcut, argument);
  gtk_shortcut_controller_add_shortcut (keys, shortcut);
}

/* Shortcuts that work wherever the focus is: taken before the focused widget sees the key
 * (F8 is also GtkPaned's "cycle handle focus", and every pane sits in a GtkPaned; lists and
 * text would keep Ctrl+Home for themselves). */
static void
add_capture_shortcuts (TdbgWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Home, GDK_CONTROL_MASK, "win.alert-first", NULL);
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_F8, 0, "win.alert-next", NULL);
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_F8, GDK_SHIFT_MASK, "win.alert-previous", NULL);
  for (gint32 n = 1; n <= 6; n++)
    add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_0 + (guint) n, GDK_ALT_MASK, "win.focus-pane",
                          g_variant_new_int32 (n));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static void
problems_response_cb (GtkInfoBar *bar, int response, TdbgWindow *self)
{
  if (response == GTK_RESPONSE_CLOSE)
    {
      gtk_info_bar_set_revealed (bar, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (bar), FALSE);
    }
}

/* A read-back of the last navigation, for people and for checks. */
static void
update_status (TdbgWindow *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);
  guint32 trace = tdbg_selection_get_trace (self->selection);
  guint32 file = tdbg_selection_get_source_file (self->selection);
  GString *s;

  if (logdir == NULL || tdbg_selection_get_focus (self->selection) == TDBG_FOCUS_NONE)
    return;
  s = g_string_new (NULL);
  if (tdbg_selection_get_focus (self->selection) == TDBG_FOCUS_EXECUTION)
    g_string_printf (s, _("Execution %u"), tdbg_selection_get_execution (self->selection));
  else if (trace != TDBG_NONE)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
      g_string_printf (s, _("Trace %u (%s:%u)"), trace, tdbg_logdir_get_op (logdir, d->op)->op_name, d->output_slot);
    }
  if (file != TDBG_NONE && file < tdbg_logdir_get_n_source_files (logdir))
    {
      g_autofree char *base = g_path_get_basename (tdbg_logdir_get_source_file (logdir, file)->file_path);
      g_string_append (s, ", ");
      g_string_append_printf (s, _("%s line %d"), base, tdbg_selection_get_source_line (self->selection));
    }
  gtk_label_set_text (self->status_label, s->str);
  g_string_free (s, TRUE);
}

static void
tdbg_window_dispose (GObject *object)
{
  TdbgWindow *self = TDBG_WINDOW (object);

  tdbg_window_cancel_load (self);
  g_clear_object (&self->loading);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->file);
  g_clear_pointer (&self->load_error, g_free);
  G_OBJECT_CLASS (tdbg_window_parent_class)->dispose (object);
}

static void
tdbg_window_class_init (TdbgWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_window_dispose;
  tdbg_ui_ensure_types ();
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, problems_bar);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, problems_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, top_paned);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, lower_paned);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, middle_paned);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, bottom_paned);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, alerts_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, timeline_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, trace_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, graph_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, source_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, stack_pane);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, status_label);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.alert-first", NULL, alert_action);
  gtk_widget_class_install_action (widget_class, "win.alert-next", NULL, alert_action);
  gtk_widget_class_install_action (widget_class, "win.alert-previous", NULL, alert_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_CONTROL_MASK, "win.alert-first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F8, 0, "win.alert-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F8, GDK_SHIFT_MASK, "win.alert-previous", NULL);
  gtk_widget_class_install_action (widget_class, "win.focus-pane", "i", focus_pane_action);
}

static void
tdbg_window_init (TdbgWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->selection = tdbg_selection_new ();
  tdbg_alerts_pane_set_selection (self->alerts_pane, self->selection);
  tdbg_timeline_pane_set_selection (self->timeline_pane, self->selection);
  tdbg_trace_pane_set_selection (self->trace_pane, self->selection);
  tdbg_graph_pane_set_selection (self->graph_pane, self->selection);
  tdbg_source_pane_set_selection (self->source_pane, self->selection);
  tdbg_stack_pane_set_selection (self->stack_pane, self->selection);
  g_signal_connect_swapped (self->selection, "notify::trace", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->selection, "notify::execution", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->selection, "notify::source-line", G_CALLBACK (update_status), self);
  g_signal_connect (self->problems_bar, "response", G_CALLBACK (problems_response_cb), self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
  add_capture_shortcuts (self);
  tdbg_ui_name_mnemonic_buttons (GTK_WIDGET (self));
  load_layout (self);
}

TdbgWindow *
tdbg_window_new (GtkApplication *app)
{
  return g_object_new (TDBG_TYPE_WINDOW, "application", app, NULL);
}

TdbgSelection *tdbg_window_get_selection (TdbgWindow *self) { return self->selection; }
TdbgAlertsPane *tdbg_window_get_alerts_pane (TdbgWindow *self) { return self->alerts_pane; }
TdbgTimelinePane *tdbg_window_get_timeline_pane (TdbgWindow *self) { return self->timeline_pane; }
TdbgTracePane *tdbg_window_get_trace_pane (TdbgWindow *self) { return self->trace_pane; }
TdbgGraphPane *tdbg_window_get_graph_pane (TdbgWindow *self) { return self->graph_pane; }
TdbgSourcePane *tdbg_window_get_source_pane (TdbgWindow *self) { return self->source_pane; }
TdbgStackPane *tdbg_window_get_stack_pane (TdbgWindow *self) { return self->stack_pane; }

const char *
tdbg_window_get_problems_text (TdbgWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->problems_bar)) ? gtk_label_get_text (self->problems_label) : "";
}

const char *
tdbg_window_get_load_error (TdbgWindow *self)
{
  return self->load_error;
}
