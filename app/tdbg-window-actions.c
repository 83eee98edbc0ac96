/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions (win.*), their key bindings and the shortcuts taken before the
 * focused widget sees the key, and the other ways in: Open Location, the start page's recents
 * and dropping a folder or an address on the window. */
#include "config.h"

#include <glib/gi18n.h>
#include "tdbg-window-private.h"
#include "tdbg-about.h"
#include "tdbg-location-dialog.h"
#ifdef TDBG_WITH_REMOTE
#include "tdbg-ssh-form.h"
#endif
#include "tdbg-settings.h"
#include "libtdbg-ui.h"

static void
location_chosen_cb (TdbgLocationDialog *dialog, const char *location, TdbgWindow *self)
{
  tdbg_window_open_location (self, location);
}

/* Open Location…: any address or folder, the recents of every kind; with remote access, the
 * SSH form that makes an ssh:// address. */
static void
open_location_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  g_autoptr(GPtrArray) recents = tdbg_recents_list (self->settings);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) locations = NULL;
  TdbgLocationDialog *dialog;

  for (guint i = 0; i < recents->len; i++)
    g_strv_builder_add (builder, ((TdbgRecent *) g_ptr_array_index (recents, i))->location);
  locations = g_strv_builder_end (builder);
  dialog = tdbg_location_dialog_new (GTK_WINDOW (self), (const char *const *) locations);
#ifdef TDBG_WITH_REMOTE
  tdbg_location_dialog_add_form (dialog, _("Connect over _SSH"), tdbg_ssh_form_new ());
#endif
  g_signal_connect_object (dialog, "location-chosen", G_CALLBACK (location_chosen_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
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
  g_autofree char *location = g_strdup (tdbg_window_get_location (self));

  if (location)
    tdbg_window_open_location (self, location);
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
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (self), move);
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
  gint32 n = g_variant_get_int32 (parameter);

  if (n >= 1 && n <= (gint32) self->panes->len)
    gtk_widget_grab_focus (g_ptr_array_index (self->panes, n - 1));
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
open_demo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tdbg_demo_logdir_ensure (&error);
  g_autoptr(GFile) file = path ? g_file_new_for_path (path) : NULL;

  if (file)
    tdbg_window_open (self, file);
  else
    _tdbg_window_show_problem (self, _("The demo logdir cannot be written"), error->message);
}

static void
about_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tdbg_show_about (GTK_WINDOW (widget));
}

static void
page_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);

  if (g_str_equal (action_name, "win.show-start"))
    {
      tdbg_window_cancel_load (self);
      _tdbg_window_show_page (self, "start");
    }
  else if (tdbg_selection_get_logdir (self->selection))
    _tdbg_window_show_page (self, "logdir");
}

static void
find_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);

  if (g_str_equal (gtk_stack_get_visible_child_name (self->pages), "logdir"))
    tdbg_trace_pane_focus_filter (tdbg_window_get_trace_pane (self));
}

static void
export_graph_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);

  gtk_widget_activate_action (GTK_WIDGET (tdbg_window_get_graph_pane (self)), "graph.export", "s", "png");
}

/* A recent logdir was activated on the start page. */
static void
open_location_cb (TdbgWindow *self, const char *location)
{
  tdbg_window_open_location (self, location);
}

static char *
file_location (GFile *file)
{
  char *path = g_file_get_path (file);

  return path ? path : g_file_get_uri (file);
}

/* Two runs dropped together: the first shown, compared with the second. One with Ctrl held
 * over a run shown: compared with it, as Compare With… does. Else @first opened (@file, when
 * it came as a file). */
static void
open_dropped (TdbgWindow *self, const char *first, const char *second, GFile *file, GdkModifierType state)
{
  if (second)
    tdbg_window_open_compare (self, first, second);
  else if ((state & GDK_CONTROL_MASK) && tdbg_selection_get_logdir (self->selection))
    tdbg_window_compare (self, first);
  else if (file)
    tdbg_window_open (self, file);
  else
    tdbg_window_open_location (self, first);
}

void
_tdbg_window_drop_files (TdbgWindow *self, GSList *files, GdkModifierType state)
{
  g_autofree char *first = file_location (G_FILE (files->data));
  g_autofree char *second = files->next ? file_location (G_FILE (files->next->data)) : NULL;

  open_dropped (self, first, second, G_FILE (files->data), state);
}

gboolean
_tdbg_window_drop_text (TdbgWindow *self, const char *text, GdkModifierType state)
{
  g_auto(GStrv) lines = g_strsplit_set (text, "\r\n", -1);
  g_autoptr(GPtrArray) locations = g_ptr_array_new_with_free_func (g_free);

  /* A location a line (an address, a path, a file:// URI as text/uri-list has them), at most two. */
  for (guint i = 0; lines[i] && locations->len < 2; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *path = g_str_has_prefix (line, "file://") ? g_filename_from_uri (line, NULL, NULL) : NULL;
      if (*line != '\0' && *line != '#')
        g_ptr_array_add (locations, path ? path : g_strdup (line));
    }
  if (locations->len == 0)
    return FALSE;
  open_dropped (self, g_ptr_array_index (locations, 0), locations->len > 1 ? g_ptr_array_index (locations, 1) : NULL,
                NULL, state);
  return TRUE;
}

/* A folder dropped onto the window is opened like one chosen in the dialog; an address or a
 * path dropped as text, like one typed in Open Location. */
static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, TdbgWindow *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (target));
  GSList *files;

  if (G_VALUE_HOLDS (value, G_TYPE_STRING) && g_value_get_string (value))
    return _tdbg_window_drop_text (self, g_value_get_string (value), state);
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || (files = g_value_get_boxed (value)) == NULL)
    return FALSE;
  _tdbg_window_drop_files (self, files, state);
  return TRUE;
}

/* The window's actions; their shortcuts are below and in add_capture_shortcuts(). */
static const struct {
  const char *name;
  const char *parameter_type;
  GtkWidgetActionActivateFunc activate;
} actions[] = {
  { "win.open", NULL, open_action },
  { "win.open-location", NULL, open_location_action },
  { "win.reload", NULL, reload_action },
  { "win.compare-with", NULL, _tdbg_window_compare_with_action },
  { "win.cancel-load", NULL, cancel_action },
  { "win.alert-first", NULL, alert_action },
  { "win.alert-next", NULL, alert_action },
  { "win.alert-previous", NULL, alert_action },
  { "win.open-demo", NULL, open_demo_action },
  { "win.about", NULL, about_action },
  { "win.show-start", NULL, page_action },
  { "win.show-logdir", NULL, page_action },
  { "win.find", NULL, find_action },
  { "win.export-graph", NULL, export_graph_action },
  { "win.focus-pane", "i", focus_pane_action },
};

void
_tdbg_window_class_actions_init (GtkWidgetClass *widget_class)
{
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, open_location_cb);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter_type, actions[i].activate);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_O, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.open-location",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export-graph", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-help-overlay",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-alerts", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
}

static void
add_help_overlay (TdbgWindow *self)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-shortcuts.ui");

  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                           GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

static void
add_drop_target (TdbgWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  /* Files first: a file manager's drop offers both, and its files are the better kind. */
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* What needs the instance: win.follow (the run's "following"), win.watch-in-background (the
 * setting), the shortcuts window, the
 * capture-phase shortcuts and dropping a folder. */
void
_tdbg_window_actions_init (TdbgWindow *self)
{
  g_autoptr(GPropertyAction) follow = g_property_action_new ("follow", self->run, "following");
  g_autoptr(GPropertyAction) show_alerts = g_property_action_new ("show-alerts", tdbg_window_get_alerts_pane (self),
                                                                 "visible");

  g_autoptr(GAction) background = g_settings_create_action (self->settings, "watch-in-background");

  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (follow));
  /* Whether closing the window of a run still being written keeps watching it. */
  g_action_map_add_action (G_ACTION_MAP (self), background);
  /* F9 hides the Alerts pane, for the room of the others, and shows it again. */
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_alerts));
  add_help_overlay (self);
  add_drop_target (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
  _tdbg_window_enable_logdir_buttons (self);
  add_capture_shortcuts (self);
}
