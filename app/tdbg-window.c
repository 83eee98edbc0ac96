/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include "tdbg-window.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-about.h"
#include "tdbg-diagnosis.h"
#include "tdbg-error.h"
#include "tdbg-follower.h"
#include "tdbg-location.h"
#include "tdbg-problem-page.h"
#include "tdbg-records.h"
#include "tdbg-settings.h"
#include "tdbg-start-page.h"
#include "tdbg-connection-watch.h"
#include "tdbg-remote-dialog.h"
#include "tdbg-ssh-prompt.h"
#include "tdbg-ui.h"
#include "tdbg-window-report.h"

struct _TdbgWindow {
  GtkApplicationWindow parent_instance;

  GtkStack *pages;
  TdbgStartPage *start_page;
  TdbgProblemPage *problem_page;
  GtkInfoBar *notice_bar;
  GtkLabel *notice_label;

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
  GPtrArray *panes;              /* the TdbgPanes the template declares, in Alt+1…6 order */
  GtkLabel *status_label;
  GtkInfoBar *connection_bar;
  GtkLabel *connection_label;

  TdbgSelection *selection;
  TdbgFollower *follower;
  GSettings *settings;
  TdbgLogdir *loading;
  GCancellable *cancellable;
  guint progress_id;
  char *load_error;
  char *location;                /* what was opened: a path or an ssh:// address */
  gboolean connecting;
  TdbgSshPrompt *ssh_prompt;
  TdbgConnectionWatch *connection_watch;
};

/* How often a remote logdir's connection is checked. */
#define CONNECTION_CHECK_MS 2000
enum { RESPONSE_RECONNECT = 1 };

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

static void
load_layout (TdbgWindow *self)
{
  g_autoptr(GVariant) positions = g_settings_get_value (self->settings, "pane-positions");
  GtkPaned *p[5];
  guint inputs, consumers;

  paneds (self, p);
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    {
      gint32 v;
      if (g_variant_lookup (positions, paned_keys[i], "i", &v) && v > 20)
        gtk_paned_set_position (p[i], v);
    }
  gtk_window_set_default_size (GTK_WINDOW (self), MAX (g_settings_get_int (self->settings, "window-width"), 200),
                               MAX (g_settings_get_int (self->settings, "window-height"), 200));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_settings_get (self->settings, "graph-input-depth", "u", &inputs);
  g_settings_get (self->settings, "graph-consumer-depth", "u", &consumers);
  tdbg_graph_pane_set_depths (tdbg_window_get_graph_pane (self), inputs, consumers);
}

static void
save_layout (TdbgWindow *self)
{
  GVariantBuilder positions;
  GtkPaned *p[5];
  int w, h;
  guint inputs, consumers;

  paneds (self, p);
  g_variant_builder_init (&positions, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < G_N_ELEMENTS (paned_keys); i++)
    g_variant_builder_add (&positions, "{si}", paned_keys[i], gtk_paned_get_position (p[i]));
  g_settings_delay (self->settings);
  g_settings_set_value (self->settings, "pane-positions", g_variant_builder_end (&positions));
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_settings_set_int (self->settings, "window-width", w);
  g_settings_set_int (self->settings, "window-height", h);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  tdbg_graph_pane_get_depths (tdbg_window_get_graph_pane (self), &inputs, &consumers);
  g_settings_set (self->settings, "graph-input-depth", "u", MIN (inputs, 8));
  g_settings_set (self->settings, "graph-consumer-depth", "u", MIN (consumers, 8));
  g_settings_apply (self->settings);
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
  /* A record still being written is waited for: no damage, only information. */
  gtk_info_bar_set_message_type (self->problems_bar, problems && problems->len ? GTK_MESSAGE_WARNING : GTK_MESSAGE_INFO);
  gtk_info_bar_set_revealed (self->problems_bar, text->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), text->len > 0);
  g_string_free (text, TRUE);
}

/* ---- remote logdirs: the connection banner ------------------------------------------ */

static void
hide_connection_bar (TdbgWindow *self)
{
  gtk_info_bar_set_revealed (self->connection_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->connection_bar), FALSE);
}

static void update_status (TdbgWindow *self);

static void
connection_lost_cb (TdbgConnectionWatch *watch, const char *message, TdbgWindow *self)
{
  gtk_label_set_text (self->connection_label, message);
  gtk_info_bar_set_response_sensitive (self->connection_bar, RESPONSE_RECONNECT, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->connection_bar), TRUE);
  gtk_info_bar_set_revealed (self->connection_bar, TRUE);
}

static void
connection_restored_cb (TdbgConnectionWatch *watch, guint64 new_records, TdbgWindow *self)
{
  g_autoptr(TdbgLogdir) logdir = NULL;

  hide_connection_bar (self);
  if (tdbg_selection_get_logdir (self->selection) == NULL)
    return;
  /* Reads that failed when the connection went have been withdrawn by reading again. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->problems_bar)))
    show_problems (self, tdbg_selection_get_logdir (self->selection));
  if (new_records == 0)
    return;
  /* What an interrupted load left unread has come in: the panes start again with all of it. */
  logdir = g_object_ref (tdbg_selection_get_logdir (self->selection));
  tdbg_selection_set_logdir (self->selection, NULL);
  tdbg_selection_set_logdir (self->selection, logdir);
  update_status (self);
}

static void
connection_response_cb (GtkInfoBar *bar, int response, TdbgWindow *self)
{
  if (response != RESPONSE_RECONNECT || self->connection_watch == NULL)
    return;
  gtk_label_set_text (self->connection_label, _("Reconnecting…"));
  gtk_info_bar_set_response_sensitive (bar, RESPONSE_RECONNECT, FALSE);
  tdbg_connection_watch_reconnect (self->connection_watch);
}

static void
pause_watch_while_following (TdbgWindow *self)
{
  if (self->connection_watch)
    tdbg_connection_watch_set_paused (self->connection_watch, tdbg_follower_get_active (self->follower));
}

static void
watch_connection (TdbgWindow *self, TdbgLogdir *logdir)
{
  if (self->ssh_prompt == NULL || !TDBG_IS_SSH_SOURCE (tdbg_logdir_get_source (logdir)))
    return;
  self->connection_watch = tdbg_connection_watch_new (self->ssh_prompt, logdir, CONNECTION_CHECK_MS);
  pause_watch_while_following (self);
  g_signal_connect_object (self->connection_watch, "lost", G_CALLBACK (connection_lost_cb), self, 0);
  g_signal_connect_object (self->connection_watch, "restored", G_CALLBACK (connection_restored_cb), self, 0);
}

/* The error banner, and the message read back by tdbg_window_get_load_error(). */
static void
set_load_error (TdbgWindow *self, const char *message)
{
  g_free (self->load_error);
  self->load_error = g_strdup (message);
  gtk_label_set_text (self->problems_label, message);
  gtk_info_bar_set_message_type (self->problems_bar, GTK_MESSAGE_ERROR);
  gtk_info_bar_set_revealed (self->problems_bar, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), TRUE);
}

/* The opened logdir goes first in the recent list. */
static void
remember (TdbgWindow *self)
{
  tdbg_recents_add (self->settings, self->location);
}

static void
show_page (TdbgWindow *self, const char *name)
{
  gtk_stack_set_visible_child_name (self->pages, name);
  if (g_str_equal (name, "start"))
    {
      gtk_window_set_title (GTK_WINDOW (self), _("TensorFlow Debugger"));
      tdbg_start_page_refresh (self->start_page);
    }
}

/* A logdir that is merely sparse gets an information icon; a folder we cannot use a warning. */
static void
show_problem (TdbgWindow *self, const char *title, const char *description, gboolean can_show_logdir)
{
  tdbg_problem_page_set (self->problem_page, can_show_logdir ? "dialog-information-symbolic" : "dialog-warning-symbolic",
                         title, description, can_show_logdir);
  show_page (self, "problem");
}

static void
show_diagnosis_page (TdbgWindow *self, TdbgDiagnosisKind kind)
{
  g_autofree char *name = tdbg_display_location (self->location);
  g_autofree char *title = tdbg_diagnosis_title (kind);
  g_autofree char *description = tdbg_diagnosis_explain (kind, name);
  const char *damage = tdbg_window_get_problems_text (self);

  /* Damage may be why nothing could be read: the page says so too, the banner is not shown. */
  if (*damage)
    {
      char *both = g_strdup_printf (_("%s\n\nProblems found while reading:\n%s"), description, damage);
      g_free (description);
      description = both;
    }
  show_problem (self, title, description, kind == TDBG_DIAGNOSIS_EAGER_ONLY);
}

static void
show_load_error (TdbgWindow *self, const GError *error)
{
  if (g_error_matches (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR))
    show_diagnosis_page (self, TDBG_DIAGNOSIS_NO_METADATA);
  else
    show_problem (self, _("The logdir cannot be read"), error->message, FALSE);
}

/* A logdir that holds too little to browse gets a page saying why; one whose circular
 * buffer dropped events gets a notice above the panes. */
static void
show_diagnosis (TdbgWindow *self, TdbgLogdir *logdir)
{
  TdbgDiagnosisKind kind = tdbg_diagnose_logdir (logdir);
  TdbgCircularEvidence evidence;
  gboolean circular = tdbg_logdir_find_circular_evidence (logdir, &evidence);

  if (circular)
    {
      g_autofree char *text = tdbg_circular_explain (&evidence);
      gtk_label_set_text (self->notice_label, text);
    }
  gtk_info_bar_set_revealed (self->notice_bar, circular);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_bar), circular);
  if (kind != TDBG_DIAGNOSIS_OK)
    show_diagnosis_page (self, kind);
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
      set_load_error (self, error->message);
      show_load_error (self, error);
      g_clear_object (&self->loading);
      g_object_unref (self);
      return;
    }
  tdbg_selection_set_logdir (self->selection, logdir);
  remember (self);
  watch_connection (self, logdir);
  show_problems (self, logdir);
  show_diagnosis (self, logdir);
  update_status (self);
  g_clear_object (&self->loading);
  g_object_unref (self);
}

/* Clears the window for @location and shows the progress area with @progress_text. */
static void
begin_open (TdbgWindow *self, const char *location, const char *progress_text)
{
  g_autofree char *title = NULL;
  g_autofree char *shown = NULL;

  tdbg_window_cancel_load (self);
  g_clear_object (&self->loading);
  g_clear_object (&self->connection_watch);
  hide_connection_bar (self);
  if (self->location != location)
    {
      g_free (self->location);
      self->location = g_strdup (location);
    }
  gtk_info_bar_set_revealed (self->problems_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_bar), FALSE);
  gtk_label_set_text (self->problems_label, "");
  g_clear_pointer (&self->load_error, g_free);
  tdbg_selection_set_logdir (self->selection, NULL);
  gtk_info_bar_set_revealed (self->notice_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_bar), FALSE);

  /* The folder goes into the title, which names the window for screen readers. */
  shown = tdbg_display_location (location);
  title = g_strdup_printf (_("%s — TensorFlow Debugger"), shown);
  gtk_window_set_title (GTK_WINDOW (self), title);
  show_page (self, "logdir");
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_text (self->progress_label, progress_text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", TRUE);
}

static void
start_load (TdbgWindow *self, TdbgLogdir *logdir)
{
  self->loading = logdir;
  gtk_label_set_text (self->progress_label, _("Loading…"));
  self->progress_id = g_timeout_add (100, progress_cb, self);
  tdbg_logdir_load_async (self->loading, self->cancellable, load_done_cb, g_object_ref (self));
}

/* A folder here: diagnosed first, so that what is not a logdir gets a page saying why. */
static void
open_local (TdbgWindow *self, TdbgLocation *location)
{
  const char *path;
  g_autoptr(TdbgSource) source = NULL;
  TdbgDiagnosisKind kind;

  /* Recents and Reload keep it. */
  tdbg_location_make_absolute (location);
  path = tdbg_location_get_path (location);
  begin_open (self, path, _("Loading…"));
  kind = tdbg_diagnose_folder (path);
  if (kind != TDBG_DIAGNOSIS_OK)
    {
      tdbg_window_cancel_load (self);
      show_diagnosis_page (self, kind);
      return;
    }
  source = tdbg_location_open (location, NULL, NULL, NULL);
  start_load (self, tdbg_logdir_new (source));
}

static void open_remote (TdbgWindow *self, const TdbgLocation *location);

/* Every way of opening a logdir ends here, with what tdbg-location.c made of it. */
static void
open_parsed (TdbgWindow *self, TdbgLocation *location, const GError *error)
{
  if (location == NULL)
    {
      show_page (self, "logdir");
      set_load_error (self, error->message);
    }
  else if (tdbg_location_is_remote (location))
    open_remote (self, location);
  else
    open_local (self, location);
}

void
tdbg_window_open (TdbgWindow *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = NULL;

  g_return_if_fail (TDBG_IS_WINDOW (self));
  location = tdbg_location_new_for_file (file, &error);
  open_parsed (self, location, error);
}

void
tdbg_window_open_source (TdbgWindow *self, TdbgSource *source)
{
  g_autofree char *location = tdbg_source_describe (source);

  g_return_if_fail (TDBG_IS_WINDOW (self));
  begin_open (self, location, _("Loading…"));
  start_load (self, tdbg_logdir_new (source));
}

void
tdbg_window_cancel_load (TdbgWindow *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  stop_progress (self);
  if (self->connecting)
    gtk_label_set_text (self->status_label, _("Connecting cancelled."));
  self->connecting = FALSE;
}

gboolean
tdbg_window_is_loading (TdbgWindow *self)
{
  return self->loading != NULL || self->connecting;
}

/* ---- remote logdirs: connecting ---------------------------------------------------- */

static void
connect_done_cb (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(TdbgWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = tdbg_ssh_prompt_connect_finish (TDBG_SSH_PROMPT (object), result, &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return; /* cancelled, or another logdir was opened meanwhile */
  self->connecting = FALSE;
  if (source)
    {
      start_load (self, tdbg_logdir_new (source));
      return;
    }
  stop_progress (self);
  set_load_error (self, error->message);
  gtk_label_set_text (self->status_label, _("Not connected."));
}

static void
open_remote (TdbgWindow *self, const TdbgLocation *location)
{
  g_autofree char *progress = g_strdup_printf (_("Connecting to %s…"), tdbg_location_get_host (location));

  begin_open (self, tdbg_location_get_text (location), progress);
  gtk_progress_bar_pulse (self->progress_bar);
  if (self->ssh_prompt == NULL)
    self->ssh_prompt = tdbg_ssh_prompt_new (GTK_WINDOW (self));
  self->connecting = TRUE;
  tdbg_ssh_prompt_connect_async (self->ssh_prompt, tdbg_location_get_text (location), self->cancellable,
                                 connect_done_cb, g_object_ref (self));
}

void
tdbg_window_open_location (TdbgWindow *self, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = NULL;

  g_return_if_fail (TDBG_IS_WINDOW (self));
  location = tdbg_location_parse (text, &error);
  open_parsed (self, location, error);
}

static void
remote_chosen_cb (TdbgRemoteDialog *dialog, const char *address, TdbgWindow *self)
{
  tdbg_window_open_location (self, address);
}

static void
open_remote_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TdbgWindow *self = TDBG_WINDOW (widget);
  g_autoptr(GPtrArray) recents = tdbg_recents_list (self->settings);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) locations = NULL;
  TdbgRemoteDialog *dialog;

  for (guint i = 0; i < recents->len; i++)
    g_strv_builder_add (builder, ((TdbgRecent *) g_ptr_array_index (recents, i))->location);
  locations = g_strv_builder_end (builder);
  dialog = tdbg_remote_dialog_new (GTK_WINDOW (self), (const char *const *) locations);
  g_signal_connect_object (dialog, "location-chosen", G_CALLBACK (remote_chosen_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

const char *
tdbg_window_get_connection_text (TdbgWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->connection_bar)) ? gtk_label_get_text (self->connection_label) : "";
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
  g_autofree char *location = g_strdup (self->location);

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
    show_problem (self, _("The demo logdir cannot be written"), error->message, FALSE);
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
      show_page (self, "start");
    }
  else if (tdbg_selection_get_logdir (self->selection))
    show_page (self, "logdir");
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

/* A folder dropped onto the window is opened like one chosen in the dialog. */
static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, TdbgWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || (files = g_value_get_boxed (value)) == NULL)
    return FALSE;
  tdbg_window_open (self, G_FILE (files->data));
  return TRUE;
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

static guint
count_partial_tails (TdbgLogdir *logdir)
{
  guint n = 0;

  for (guint f = 0; f < tdbg_logdir_get_n_file_sets (logdir); f++)
    for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
      n += tdbg_logdir_get_file_set (logdir, f)->files[k].partial_tail ? 1 : 0;
  return n;
}

/* What the index holds, what is waited for, and why following failed if it did. */
static void
append_counts (GString *s, TdbgLogdir *logdir, const char *follow_error)
{
  guint partial = count_partial_tails (logdir);
  guint n_traces = tdbg_logdir_get_n_traces (logdir), n_executions = tdbg_logdir_get_n_executions (logdir);
  guint n_alerts = tdbg_logdir_get_n_alerts (logdir);
  g_autofree char *traces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u graph execution trace",
                                                          "%u graph execution traces", n_traces), n_traces);
  g_autofree char *executions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u execution", "%u executions",
                                                              n_executions), n_executions);
  g_autofree char *alerts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u alert", "%u alerts", n_alerts),
                                             n_alerts);

  /* Translators: after the selected record or the logdir's name: traces, executions, alerts */
  g_string_append_printf (s, _(" — %s, %s, %s"), traces, executions, alerts);
  if (partial > 0)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "; waiting for the rest of a record in %u file",
                                            "; waiting for the rest of a record in %u files", partial),
                            partial);
  if (follow_error)
    /* Translators: why the last look for new records failed */
    g_string_append_printf (s, _("; following failed: %s"), follow_error);
}

/* A read-back of the last navigation, for people and for checks. */
static void
update_status (TdbgWindow *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);
  guint32 trace = tdbg_selection_get_trace (self->selection);
  guint32 file = tdbg_selection_get_source_file (self->selection);
  GString *s;

  if (logdir == NULL)
    return;
  s = g_string_new (NULL);
  if (tdbg_selection_get_focus (self->selection) == TDBG_FOCUS_NONE)
    {
      g_autofree char *desc = tdbg_logdir_describe (logdir);
      g_string_assign (s, desc);
    }
  else if (tdbg_selection_get_focus (self->selection) == TDBG_FOCUS_EXECUTION)
    g_string_printf (s, _("Execution %u"), tdbg_selection_get_execution (self->selection));
  else if (tdbg_selection_get_focus (self->selection) == TDBG_FOCUS_OP)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_selection_get_op (self->selection));
      if (op->op_type)
        /* Translators: an op chosen in Graph Structure that has no trace: its name and type */
        g_string_printf (s, _("Op %s (%s)"), op->op_name, op->op_type);
      else
        g_string_printf (s, _("Op %s"), op->op_name);
    }
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
  append_counts (s, logdir, tdbg_follower_get_error (self->follower));
  gtk_label_set_text (self->status_label, s->str);
  g_string_free (s, TRUE);
}

/* After each step of following: the counts and records waited for; a banner on screen is
 * kept true, and only new damage brings back one the person closed. */
static void
followed_cb (TdbgFollower *follower, const TdbgRefreshStats *stats, TdbgWindow *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);

  if (logdir && ((stats && stats->new_problems > 0) || gtk_widget_get_visible (GTK_WIDGET (self->problems_bar))))
    show_problems (self, logdir);
  /* A failed poll may be a lost connection: the watch finds out and says so. */
  if (stats == NULL && self->connection_watch)
    tdbg_connection_watch_check_now (self->connection_watch);
  update_status (self);
}

static void
tdbg_window_dispose (GObject *object)
{
  TdbgWindow *self = TDBG_WINDOW (object);

  tdbg_window_cancel_load (self);
  g_clear_object (&self->loading);
  if (self->follower)
    {
      g_signal_handlers_disconnect_by_data (self->follower, self);
      tdbg_follower_stop (self->follower);
      g_clear_object (&self->follower);
    }
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_pointer (&self->panes, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->load_error, g_free);
  g_clear_object (&self->connection_watch);
  g_clear_object (&self->ssh_prompt);
  g_clear_pointer (&self->location, g_free);
  G_OBJECT_CLASS (tdbg_window_parent_class)->dispose (object);
}

static void
tdbg_window_class_init (TdbgWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tdbg_window_dispose;
  /* What AdwApplication does at startup, for windows made without one (tests, benchmarks):
   * the Adwaita style sheet and the style manager that follows the system's dark preference. */
  adw_init ();
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/tfdbg_gtk/TfdbgGtk/icons");
  tdbg_ui_ensure_types ();
  g_type_ensure (TDBG_TYPE_START_PAGE);
  g_type_ensure (TDBG_TYPE_PROBLEM_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, problem_page);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, notice_bar);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, open_location_cb);
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
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, connection_bar);
  gtk_widget_class_bind_template_child (widget_class, TdbgWindow, connection_label);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-remote", NULL, open_remote_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.alert-first", NULL, alert_action);
  gtk_widget_class_install_action (widget_class, "win.alert-next", NULL, alert_action);
  gtk_widget_class_install_action (widget_class, "win.alert-previous", NULL, alert_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo", NULL, open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.about", NULL, about_action);
  gtk_widget_class_install_action (widget_class, "win.show-start", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "win.show-logdir", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.export-graph", NULL, export_graph_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_O, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.open-remote", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export-graph", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-help-overlay",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  gtk_widget_class_install_action (widget_class, "win.focus-pane", "i", focus_pane_action);
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
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

static void
tdbg_window_init (TdbgWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Not a bound template child: those are unparented behind GtkWindow's back on dispose. */
  self->pages = GTK_STACK (gtk_window_get_child (GTK_WINDOW (self)));
  self->selection = tdbg_selection_new ();
  self->settings = tdbg_settings_new ();
  self->follower = tdbg_follower_new (self->selection);
  g_signal_connect (self->follower, "refreshed", G_CALLBACK (followed_cb), self);
  g_signal_connect_swapped (self->follower, "notify::active", G_CALLBACK (pause_watch_while_following), self);
  g_settings_bind (self->settings, "follow", self->follower, "active", G_SETTINGS_BIND_DEFAULT);
  {
    g_autoptr(GPropertyAction) follow = g_property_action_new ("follow", self->follower, "active");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (follow));
  }
  self->panes = tdbg_pane_collect (GTK_WIDGET (self->main_paned));
  for (guint i = 0; i < self->panes->len; i++)
    tdbg_pane_set_selection (g_ptr_array_index (self->panes, i), self->selection);
  g_signal_connect_swapped (self->selection, "notify::trace", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->selection, "notify::execution", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->selection, "notify::op", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->selection, "notify::source-line", G_CALLBACK (update_status), self);
  g_signal_connect (self->problems_bar, "response", G_CALLBACK (problems_response_cb), self);
  g_signal_connect (self->notice_bar, "response", G_CALLBACK (problems_response_cb), self);
  g_signal_connect (self->connection_bar, "response", G_CALLBACK (connection_response_cb), self);
  gtk_info_bar_add_button (self->connection_bar, _("_Reconnect"), RESPONSE_RECONNECT);
  add_help_overlay (self);
  add_drop_target (self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
  add_capture_shortcuts (self);
  tdbg_window_report_init (self);
  tdbg_ui_name_mnemonic_buttons (GTK_WIDGET (self));
  load_layout (self);
}

TdbgWindow *
tdbg_window_new (GtkApplication *app)
{
  return g_object_new (TDBG_TYPE_WINDOW, "application", app, NULL);
}

TdbgSelection *tdbg_window_get_selection (TdbgWindow *self) { return self->selection; }

/* The pane of @type the template declares, NULL once the window is disposed. */
static gpointer
find_pane (TdbgWindow *self, GType type)
{
  for (guint i = 0; self->panes && i < self->panes->len; i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (g_ptr_array_index (self->panes, i), type))
      return g_ptr_array_index (self->panes, i);
  return NULL;
}

TdbgAlertsPane *tdbg_window_get_alerts_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_ALERTS_PANE); }
TdbgTimelinePane *tdbg_window_get_timeline_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_TIMELINE_PANE); }
TdbgTracePane *tdbg_window_get_trace_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_TRACE_PANE); }
TdbgGraphPane *tdbg_window_get_graph_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_GRAPH_PANE); }
TdbgSourcePane *tdbg_window_get_source_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_SOURCE_PANE); }
TdbgStackPane *tdbg_window_get_stack_pane (TdbgWindow *self) { return find_pane (self, TDBG_TYPE_STACK_PANE); }

const char *
tdbg_window_get_problems_text (TdbgWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->problems_bar)) ? gtk_label_get_text (self->problems_label) : "";
}

TdbgFollower *tdbg_window_get_follower (TdbgWindow *self) { return self->follower; }
TdbgConnectionWatch *tdbg_window_get_connection_watch (TdbgWindow *self) { return self->connection_watch; }

const char *
tdbg_window_get_status_text (TdbgWindow *self)
{
  return gtk_label_get_text (self->status_label);
}

const char *
tdbg_window_get_load_error (TdbgWindow *self)
{
  return self->load_error;
}

TdbgStartPage *tdbg_window_get_start_page (TdbgWindow *self) { return self->start_page; }
TdbgProblemPage *tdbg_window_get_problem_page (TdbgWindow *self) { return self->problem_page; }

const char *
tdbg_window_get_page (TdbgWindow *self)
{
  return gtk_stack_get_visible_child_name (self->pages);
}

const char *
tdbg_window_get_notice_text (TdbgWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->notice_bar)) ? gtk_label_get_text (self->notice_label) : "";
}
