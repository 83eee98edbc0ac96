/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's way in: every location goes through tdbg-location.c, then a folder is
 * diagnosed and the window's TdbgRun loads it (with progress and cancel), or a remote one is
 * connected first; after loading, the problems and notice banners, the diagnosis page, what
 * following brings and the remote connection's watch. */
#include "config.h"

#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-window-private.h"
#include "libtdbg-analysis.h"
#include "libtdbg-data.h"
#include "tdbg-settings.h"

/* How often a remote logdir's connection is checked. */
#define CONNECTION_CHECK_MS 2000
/* How often a followed folder without a logdir yet is looked at: as often as following polls. */
#define FOLDER_POLL_MS 1000
enum { RESPONSE_RECONNECT = 1 };

/* Of each bulk file (traces, executions) of a local logdir past a gigabyte, what the first
 * screen is made from: a tenth of a second's reading. A logdir read in less than half a
 * second shows whole: showing it twice took longer than reading it. */
#define FIRST_STRETCH_BYTES ((guint64) 64 * 1024 * 1024)

void
_tdbg_window_progress_set_fraction (TdbgWindow *self, guint64 done, guint64 total)
{
  if (total > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, CLAMP ((double) done / (double) total, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);
}

/* While the server's tfdbg-gtk still sends the files, the load waits for them: the bar shows
 * the bytes received of those listed, so that it moves on a slow link. Then the records read,
 * and the NaN/∞ found in them counted as they are read (before a logdir is shown, and behind a
 * big one's first stretch). */
static void
show_load_progress (TdbgWindow *self, const TdbgRunProgress *progress)
{
  TdbgLogdir *shown = tdbg_run_get_logdir (self->run);
  g_autofree char *done_text = NULL;
  g_autofree char *total_text = NULL;
  g_autofree char *text = NULL;

  if (progress->receiving)
    {
      done_text = g_format_size (progress->received);
      total_text = g_format_size (progress->expected);
      /* Translators: bytes received of the remote logdir's files, bytes they add up to */
      text = g_strdup_printf (_("Receiving: %s of %s"), done_text, total_text);
      gtk_label_set_text (self->progress_label, text);
      _tdbg_window_progress_set_fraction (self, progress->received, progress->expected);
      return;
    }
  /* Before the first of it is shown, and behind a big one's first stretch. */
  if (shown == NULL || tdbg_logdir_get_bulk_limited (shown))
    tdbg_alerts_pane_set_found (tdbg_window_get_alerts_pane (self), progress->alerts);
  done_text = g_format_size (progress->bytes_done);
  total_text = g_format_size (progress->bytes_total);
  /* Translators: records read, bytes read, bytes in all */
  text = g_strdup_printf (_("Loading: %'" PRIu64 " records, %s of %s"), progress->records, done_text, total_text);
  gtk_label_set_text (self->progress_label, text);
  _tdbg_window_progress_set_fraction (self, progress->bytes_done, progress->bytes_total);
}

static gboolean
progress_cb (gpointer data)
{
  TdbgWindow *self = data;
  TdbgRunProgress progress;

  if (tdbg_run_get_progress (self->run, &progress))
    show_load_progress (self, &progress);
  else
    _tdbg_window_compare_show_progress (self);
  return G_SOURCE_CONTINUE;
}

void
_tdbg_window_progress_begin (TdbgWindow *self, const char *text)
{
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_text (self->progress_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", TRUE);
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (100, progress_cb, self);
}

static void
stop_progress (TdbgWindow *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  tdbg_selection_set_loading (self->selection, FALSE);
  /* A load that failed or was cancelled leaves no count behind. */
  tdbg_alerts_pane_set_found (tdbg_window_get_alerts_pane (self), 0);
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
}

void
_tdbg_window_progress_end (TdbgWindow *self)
{
  TdbgRunProgress progress;

  /* Unless a load has the progress area now. */
  if (self->run == NULL || !tdbg_run_get_progress (self->run, &progress))
    stop_progress (self);
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
            g_string_append_printf (text, _("%s ends %'" PRIu64 " bytes into a record still being written "
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
  _tdbg_window_update_status (self);
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
    tdbg_connection_watch_set_paused (self->connection_watch, tdbg_run_get_following (self->run));
}

/* A logdir read through a connection (its source can reconnect) has the connection watched. */
static void
watch_connection (TdbgWindow *self, TdbgLogdir *logdir)
{
  if (!tdbg_source_can_reconnect (tdbg_logdir_get_source (logdir)))
    return;
  self->connection_watch = tdbg_connection_watch_new (logdir, CONNECTION_CHECK_MS);
  pause_watch_while_following (self);
  g_signal_connect_object (self->connection_watch, "lost", G_CALLBACK (connection_lost_cb), self, 0);
  g_signal_connect_object (self->connection_watch, "restored", G_CALLBACK (connection_restored_cb), self, 0);
}

/* The error banner, and the message read back by tdbg_window_get_load_error(). */
void
_tdbg_window_set_load_error (TdbgWindow *self, const char *message)
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
  tdbg_recents_add (self->settings, tdbg_run_get_location (self->run));
}

void
_tdbg_window_enable_logdir_buttons (TdbgWindow *self)
{
  gboolean start = g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "start") == 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload", !start);
  gtk_widget_set_sensitive (self->follow_button, !start);
  /* A run is compared with another once it is shown. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with",
                                 !start && tdbg_selection_get_logdir (self->selection) != NULL);
}

void
_tdbg_window_show_page (TdbgWindow *self, const char *name)
{
  gtk_stack_set_visible_child_name (self->pages, name);
  _tdbg_window_enable_logdir_buttons (self);
  if (g_str_equal (name, "start"))
    {
      gtk_window_set_title (GTK_WINDOW (self), _("TensorFlow Debugger"));
      tdbg_start_page_refresh (self->start_page);
    }
}

/* A logdir that is merely sparse gets an information icon; a folder we cannot use a warning. */
void
_tdbg_window_show_problem (TdbgWindow *self, const char *title, const char *description)
{
  tdbg_problem_page_set (self->problem_page, "dialog-warning-symbolic", title, description, NULL);
  _tdbg_window_show_page (self, "problem");
}

/* A damaged logdir's graphs and sources can still be browsed: the page says what is intact
 * and offers to show it. */
static const char *
add_intact_parts (TdbgWindow *self, TdbgDiagnosisKind kind, GString *description)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);
  g_autofree char *intact = NULL;

  if (kind != TDBG_DIAGNOSIS_DAMAGED || logdir == NULL || (intact = tdbg_diagnosis_intact_parts (logdir)) == NULL)
    return NULL;
  g_string_append_printf (description, "\n\n%s", intact);
  return _("_Show What Is Intact");
}

/* A folder that may yet become a logdir: nothing in it, or no metadata file (yet). */
static gboolean
waits_for_files (TdbgDiagnosisKind kind)
{
  return kind == TDBG_DIAGNOSIS_EMPTY_FOLDER || kind == TDBG_DIAGNOSIS_NO_METADATA;
}

/* The page of a folder watched for its files says, after what it holds, what Follow does. */
static void
add_follow_note (TdbgWindow *self, TdbgDiagnosisKind kind, GString *description)
{
  const char *end = strstr (description->str, "\n\n");
  g_autofree char *note = NULL;

  if (self->folder_poll_id == 0 || !waits_for_files (kind))
    return;
  note = g_strdup_printf ("\n\n%s", tdbg_run_get_following (self->run)
                                       ? _("Follow is on: the logdir opens here as soon as its files appear, written by a "
                                           "program or copied in.")
                                       : _("If a program is about to write its logdir here, or its files are being copied "
                                           "in, turn on Follow: the logdir opens as soon as they appear."));
  g_string_insert (description, end ? end - description->str : (gssize) description->len, note);
}

static void
show_diagnosis_page (TdbgWindow *self, TdbgDiagnosisKind kind)
{
  g_autofree char *name = tdbg_display_location (tdbg_run_get_location (self->run));
  g_autofree char *title = tdbg_diagnosis_title (kind);
  g_autofree char *explained = tdbg_diagnosis_explain (kind, name);
  g_autoptr(GString) description = g_string_new (explained);
  const char *damage = tdbg_window_get_problems_text (self);
  const char *show_label = kind == TDBG_DIAGNOSIS_EAGER_ONLY ? _("_Show Executions") : NULL;

  add_follow_note (self, kind, description);
  if (show_label == NULL)
    show_label = add_intact_parts (self, kind, description);
  /* Damage may be why nothing could be read: the page says so too, the banner is not shown. */
  if (*damage)
    /* Translators: after a page's explanation, the problems found, one a line */
    g_string_append_printf (description, _("\n\nProblems found while reading:\n%s"), damage);
  /* A run of eager executions only is not at fault: said as information. */
  tdbg_problem_page_set (self->problem_page,
                         kind == TDBG_DIAGNOSIS_EAGER_ONLY ? "dialog-information-symbolic" : "dialog-warning-symbolic",
                         title, description->str, show_label);
  _tdbg_window_show_page (self, "problem");
}

static void
show_load_error (TdbgWindow *self, const GError *error)
{
  if (g_error_matches (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR))
    show_diagnosis_page (self, TDBG_DIAGNOSIS_NO_METADATA);
  else
    _tdbg_window_show_problem (self, _("The logdir cannot be read"), error->message);
}

/* A logdir that holds too little to browse gets a page saying why; what is not damage but
 * worth knowing (a circular buffer dropped events, a V1 dump holds no traceback) a notice
 * above the panes. */
static void
show_diagnosis (TdbgWindow *self, TdbgLogdir *logdir)
{
  TdbgDiagnosisKind kind = tdbg_diagnose_logdir (logdir);
  g_autoptr(GPtrArray) notices = tdbg_logdir_list_notices (logdir);
  gboolean any = notices->len > 0;

  if (any)
    {
      g_autofree char *text = NULL;
      g_ptr_array_add (notices, NULL);
      text = g_strjoinv ("\n", (char **) notices->pdata);
      gtk_label_set_text (self->notice_label, text);
    }
  gtk_info_bar_set_revealed (self->notice_bar, any);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_bar), any);
  _tdbg_window_layout_logdir_shown (self);
  if (kind != TDBG_DIAGNOSIS_OK)
    show_diagnosis_page (self, kind);
}

/* At the loaded window's first frame (see tdbg-window-first-look.c): the load is over, and
 * the first look chooses in the logdir page (unless another load began since). */
static gboolean
first_look_begin (TdbgWindow *self, gpointer loaded)
{
  if (self->first_look != loaded)
    return FALSE;
  g_clear_object (&self->first_look);
  return g_str_equal (gtk_stack_get_visible_child_name (self->pages), "logdir");
}

/* A big logdir's first stretch is in: it is shown (its first rows, its first alerts) while
 * the run reads the whole logdir behind it, which then takes its place. */
static void
show_first_stretch (TdbgWindow *self, TdbgLogdir *first)
{
  tdbg_selection_set_logdir (self->selection, first);
  show_problems (self, first);
  _tdbg_window_update_status (self);
  _tdbg_window_progress_begin (self, _("Loading…"));
}

/* Cancel was pressed during the load. */
static void
show_cancelled (TdbgWindow *self)
{
  g_autofree char *name = tdbg_display_location (tdbg_run_get_location (self->run));
  g_autofree char *description = g_strdup_printf (
    _("%s was not read to the end. Reload (F5) reads it again; Open Logdir… opens another."), name);

  gtk_label_set_text (self->status_label, _("Loading cancelled."));
  /* Not the empty panes of a logdir that is not there: say what happened. */
  gtk_window_set_title (GTK_WINDOW (self), _("TensorFlow Debugger"));
  _tdbg_window_show_problem (self, _("Loading cancelled"), description);
}

/* The whole logdir is in: the panes, the banners and the first look. */
static void
show_loaded (TdbgWindow *self, TdbgLogdir *logdir)
{
  /* Emptied first: the lists then look for no row of the first stretch among ten million. */
  tdbg_selection_set_logdir (self->selection, NULL);
  tdbg_selection_set_logdir (self->selection, logdir);
  remember (self);
  watch_connection (self, logdir);
  show_problems (self, logdir);
  show_diagnosis (self, logdir);
  _tdbg_window_update_status (self);
  g_set_object (&self->first_look, logdir);
  tdbg_window_first_look_when_drawn (self, logdir, first_look_begin);
  _tdbg_window_compare_loaded (self);
}

static void
run_loaded_cb (TdbgRun *run, const GError *error, TdbgWindow *self)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      stop_progress (self);
      show_cancelled (self);
      return;
    }
  stop_progress (self);
  g_clear_pointer (&self->load_error, g_free);
  if (error != NULL)
    {
      _tdbg_window_set_load_error (self, error->message);
      /* No source: not connected. Else the files could not be read. */
      if (tdbg_run_get_source (run) == NULL)
        gtk_label_set_text (self->status_label, _("Not connected."));
      else
        show_load_error (self, error);
    }
  else if (tdbg_run_is_loading (run))
    show_first_stretch (self, tdbg_run_get_logdir (run));
  else
    show_loaded (self, tdbg_run_get_logdir (run));
}

/* Clears the window for the run at @location: no banner, no logdir, the title naming it. */
static void
clear_for (TdbgWindow *self, const char *location)
{
  g_autofree char *title = NULL;
  g_autofree char *shown = NULL;

  g_clear_object (&self->first_look);
  g_clear_object (&self->connection_watch);
  hide_connection_bar (self);
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
  _tdbg_window_show_page (self, "logdir");
}

/* The window cleared for @location, the progress area showing @progress_text. */
static void
show_opening (TdbgWindow *self, const char *location, const char *progress_text)
{
  clear_for (self, location);
  tdbg_selection_set_loading (self->selection, TRUE);
  _tdbg_window_progress_begin (self, progress_text);
}

/* Clears the window for @location and shows the progress area with @progress_text. */
static void
begin_open (TdbgWindow *self, const char *location, const char *progress_text)
{
  tdbg_window_cancel_load (self);
  _tdbg_window_compare_clear (self);
  tdbg_run_begin (self->run, location);
  show_opening (self, location, progress_text);
}

/* A run given to the window loaded (tdbg_window_show_run()): shown as when its load ended. */
void
_tdbg_window_show_run_loaded (TdbgWindow *self)
{
  clear_for (self, tdbg_run_get_location (self->run));
  show_loaded (self, tdbg_run_get_logdir (self->run));
}

/* A folder without a logdir yet, while followed, is looked at as following polls a logdir; once
 * it holds one, it is opened (no F5 needed). */
static gboolean
folder_poll_cb (gpointer data)
{
  TdbgWindow *self = data;
  g_autofree char *location = NULL;

  if (!tdbg_run_get_following (self->run) || tdbg_diagnose_folder (tdbg_run_get_location (self->run)) != TDBG_DIAGNOSIS_OK)
    return G_SOURCE_CONTINUE;
  self->folder_poll_id = 0;
  location = g_strdup (tdbg_run_get_location (self->run));
  tdbg_window_open_location (self, location);
  return G_SOURCE_REMOVE;
}

/* Follow turned on or off while such a folder's page is shown: the page says what it does now. */
static void
folder_follow_toggled (TdbgWindow *self)
{
  TdbgDiagnosisKind kind;

  if (self->folder_poll_id == 0)
    return;
  kind = tdbg_diagnose_folder (tdbg_run_get_location (self->run));
  if (waits_for_files (kind))
    show_diagnosis_page (self, kind);
}

/* Every kind of location opens the same way: diagnosed first, so that a folder here that is
 * not a logdir gets a page saying why (one elsewhere is diagnosed once read), then opened by
 * the run in a worker, which asks the window's prompt what the kind needs (host keys,
 * passwords: data/tdbg-prompt.h). */
static void
open_location (TdbgWindow *self, TdbgLocation *location)
{
  const char *host = tdbg_location_get_host (location);
  g_autofree char *progress = host ? g_strdup_printf (_("Connecting to %s…"), host) : g_strdup (_("Loading…"));
  TdbgDiagnosisKind kind;

  /* Recents and Reload keep it. */
  tdbg_location_make_absolute (location);
  begin_open (self, tdbg_location_get_text (location), progress);
  kind = tdbg_diagnose_location (location);
  if (kind != TDBG_DIAGNOSIS_OK)
    {
      tdbg_run_cancel (self->run);
      stop_progress (self);
      if (waits_for_files (kind))
        self->folder_poll_id = g_timeout_add (FOLDER_POLL_MS, folder_poll_cb, self);
      show_diagnosis_page (self, kind);
      return;
    }
  gtk_progress_bar_pulse (self->progress_bar);
  /* A big logdir shows its first stretch first (show_first_stretch()). */
  _tdbg_window_open_run (self, self->run, location, FIRST_STRETCH_BYTES);
}

void
_tdbg_window_open_run (TdbgWindow *self, TdbgRun *run, const TdbgLocation *location, guint64 first_stretch)
{
  if (self->prompt == NULL)
    self->prompt = tdbg_dialog_prompt_new (GTK_WINDOW (self));
  tdbg_run_open (run, location, TDBG_PROMPT (self->prompt), first_stretch);
}

/* Every way of opening a logdir ends here, with what tdbg-location.c made of it. */
static void
open_parsed (TdbgWindow *self, TdbgLocation *location, const GError *error)
{
  if (location == NULL)
    {
      _tdbg_window_show_page (self, "logdir");
      _tdbg_window_set_load_error (self, error->message);
    }
  else
    open_location (self, location);
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

/* A run already loading @location, a folder that holds a logdir, or NULL for any other. */
static TdbgRun *
start_loading_folder (TdbgLocation *location)
{
  TdbgRun *run;

  if (tdbg_location_is_remote (location))
    return NULL;
  tdbg_location_make_absolute (location);
  if (tdbg_diagnose_location (location) != TDBG_DIAGNOSIS_OK)
    return NULL;
  run = tdbg_run_new ();
  tdbg_run_begin (run, tdbg_location_get_text (location));
  tdbg_run_open (run, location, NULL, FIRST_STRETCH_BYTES);
  return run;
}

TdbgWindow *
tdbg_window_new_for_file (GtkApplication *app, GFile *file)
{
  g_autoptr(TdbgLocation) location = tdbg_location_new_for_file (file, NULL);
  g_autoptr(TdbgRun) run = location ? start_loading_folder (location) : NULL;
  TdbgWindow *self = tdbg_window_new (app);

  if (run == NULL)
    {
      tdbg_window_open (self, file);
      return self;
    }
  _tdbg_window_take_run (self, run);
  show_opening (self, tdbg_run_get_location (run), _("Loading…"));
  gtk_progress_bar_pulse (self->progress_bar);
  return self;
}

void
tdbg_window_open_source (TdbgWindow *self, TdbgSource *source)
{
  g_autofree char *location = tdbg_source_describe (source);

  g_return_if_fail (TDBG_IS_WINDOW (self));
  begin_open (self, location, _("Loading…"));
  tdbg_run_load (self->run, source, 0);
}

void
tdbg_window_cancel_load (TdbgWindow *self)
{
  if (self->run && tdbg_run_is_opening (self->run))
    gtk_label_set_text (self->status_label, _("Connecting cancelled."));
  if (self->run)
    tdbg_run_cancel (self->run);
  g_clear_handle_id (&self->folder_poll_id, g_source_remove);
  _tdbg_window_compare_cancel (self);
  stop_progress (self);
}

gboolean
tdbg_window_is_loading (TdbgWindow *self)
{
  return (self->run && tdbg_run_is_loading (self->run)) || self->first_look != NULL;
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
problems_response_cb (GtkInfoBar *bar, int response, TdbgWindow *self)
{
  if (response == GTK_RESPONSE_CLOSE)
    {
      gtk_info_bar_set_revealed (bar, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (bar), FALSE);
    }
}

static gboolean
first_look_after_records (TdbgWindow *self, gpointer logdir)
{
  return tdbg_selection_get_logdir (self->selection) == logdir &&
         g_str_equal (gtk_stack_get_visible_child_name (self->pages), "logdir");
}

/* A followed run that had recorded nothing (TensorFlow holds its records in its circular
 * buffer until it flushes) leaves its page for the panes when its records come, and lands on
 * its first alert as a load does. */
static void
show_records_when_they_come (TdbgWindow *self, TdbgLogdir *logdir, const TdbgRefreshStats *stats)
{
  if (stats == NULL || (stats->new_traces == 0 && stats->new_executions == 0) ||
      !g_str_equal (gtk_stack_get_visible_child_name (self->pages), "problem") ||
      tdbg_diagnose_logdir (logdir) != TDBG_DIAGNOSIS_OK)
    return;
  _tdbg_window_show_page (self, "logdir");
  show_diagnosis (self, logdir);
  tdbg_window_first_look_when_drawn (self, logdir, first_look_after_records);
}

/* After each step of following: the counts and records waited for; a banner on screen is
 * kept true, and only new damage brings back one the person closed. */
static void
followed_cb (TdbgRun *run, const TdbgRefreshStats *stats, TdbgWindow *self)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (self->selection);

  if (logdir && ((stats && stats->new_problems > 0) || gtk_widget_get_visible (GTK_WIDGET (self->problems_bar))))
    show_problems (self, logdir);
  if (logdir)
    show_records_when_they_come (self, logdir, stats);
  /* A failed poll may be a lost connection: the watch finds out and says so. */
  if (stats == NULL && self->connection_watch)
    tdbg_connection_watch_check_now (self->connection_watch);
  _tdbg_window_update_status (self);
}

/* Following brought records: the panes hear it through the selection. */
static void
run_grew_cb (TdbgRun *run, const TdbgLogdirCounts *before, TdbgWindow *self)
{
  tdbg_selection_logdir_grew (self->selection, before);
}

/* The run's load and follow steps (all connected with the window as their data). */
void
_tdbg_window_load_attach_run (TdbgWindow *self)
{
  g_signal_connect (self->run, "loaded", G_CALLBACK (run_loaded_cb), self);
  g_signal_connect (self->run, "grew", G_CALLBACK (run_grew_cb), self);
  g_signal_connect (self->run, "refreshed", G_CALLBACK (followed_cb), self);
  g_signal_connect_swapped (self->run, "notify::following", G_CALLBACK (folder_follow_toggled), self);
  g_signal_connect_swapped (self->run, "notify::following", G_CALLBACK (pause_watch_while_following), self);
}

/* The banners' buttons. */
void
_tdbg_window_load_init (TdbgWindow *self)
{
  g_signal_connect (self->problems_bar, "response", G_CALLBACK (problems_response_cb), self);
  g_signal_connect (self->notice_bar, "response", G_CALLBACK (problems_response_cb), self);
  g_signal_connect (self->connection_bar, "response", G_CALLBACK (connection_response_cb), self);
  gtk_info_bar_add_button (self->connection_bar, _("_Reconnect"), RESPONSE_RECONNECT);
}
