/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's composition: the template and its panes around one selection, the layout
 * remembered between runs, and the status line. Actions are in tdbg-window-actions.c,
 * opening and loading in tdbg-window-load.c. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-window-private.h"
#include "tdbg-settings.h"
#include "libtdbg-ui.h"

G_DEFINE_FINAL_TYPE (TdbgWindow, tdbg_window, GTK_TYPE_APPLICATION_WINDOW)

static void
load_layout (TdbgWindow *self)
{
  guint inputs, consumers;

  _tdbg_window_layout_load (self);
  g_settings_get (self->settings, "graph-input-depth", "u", &inputs);
  g_settings_get (self->settings, "graph-consumer-depth", "u", &consumers);
  tdbg_graph_pane_set_depths (tdbg_window_get_graph_pane (self), inputs, consumers);
}

static void
save_layout (TdbgWindow *self)
{
  guint inputs, consumers;

  g_settings_delay (self->settings);
  _tdbg_window_layout_save (self);
  tdbg_graph_pane_get_depths (tdbg_window_get_graph_pane (self), &inputs, &consumers);
  g_settings_set (self->settings, "graph-input-depth", "u", MIN (inputs, 8));
  g_settings_set (self->settings, "graph-consumer-depth", "u", MIN (consumers, 8));
  g_settings_apply (self->settings);
}

static gboolean
close_request_cb (GtkWindow *window, gpointer data)
{
  save_layout (TDBG_WINDOW (window));
  return tdbg_window_close_keeps_open (TDBG_WINDOW (window));
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
  g_autofree char *traces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u graph execution trace",
                                                          "%'u graph execution traces", n_traces), n_traces);
  g_autofree char *executions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u execution", "%'u executions",
                                                              n_executions), n_executions);
  g_autofree char *alerts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u alert", "%'u alerts", n_alerts),
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

void
_tdbg_window_toast (TdbgWindow *self, const char *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toast_overlay), toast);
}

/* A read-back of the last navigation, for people and for checks. */
void
_tdbg_window_update_status (TdbgWindow *self)
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
      g_string_printf (s, _("Trace %u (%s:%u)"), trace, tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d))->op_name, d->output_slot);
    }
  if (file != TDBG_NONE && file < tdbg_logdir_get_n_source_files (logdir))
    {
      g_autofree char *base = g_path_get_basename (tdbg_logdir_get_source_file (logdir, file)->file_path);
      g_string_append (s, ", ");
      g_string_append_printf (s, _("%s line %d"), base, tdbg_selection_get_source_line (self->selection));
    }
  append_counts (s, logdir, tdbg_run_get_follow_error (self->run));
  _tdbg_window_compare_append_status (self, s);
  tdbg_window_first_look_prepend_note (self, s);
  gtk_label_set_text (self->status_label, s->str);
  g_string_free (s, TRUE);
}

/* The window shows @run (its reference taken): the run's load and follow steps reach the
 * panes, the Follow setting is its "following", its alerts are told (tdbg-window-notify.c),
 * and closing the window asks whether it is still being written. */
static void
attach_run (TdbgWindow *self, TdbgRun *run)
{
  self->run = run;
  tdbg_run_set_watching (run, TRUE);
  _tdbg_window_load_attach_run (self);
  g_settings_bind (self->settings, "follow", run, "following", G_SETTINGS_BIND_DEFAULT);
  tdbg_window_notify_attach_run (self);
}

/* Undoes attach_run(): the run, as it is, for the caller. */
static TdbgRun *
detach_run (TdbgWindow *self)
{
  /* The Follow setting, shared by every window, no longer reaches it. */
  g_settings_unbind (self->run, "following");
  g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->notifier);
  return g_steal_pointer (&self->run);
}

TdbgRun *
tdbg_window_give_run (TdbgWindow *self)
{
  TdbgRun *run;

  g_return_val_if_fail (TDBG_IS_WINDOW (self), NULL);
  _tdbg_window_compare_clear (self);
  run = detach_run (self);
  attach_run (self, tdbg_run_new ());
  return run;
}

/* The window shows @run (held) from now on, the one it had let go. */
void
_tdbg_window_take_run (TdbgWindow *self, TdbgRun *run)
{
  tdbg_window_cancel_load (self);
  _tdbg_window_compare_clear (self);
  g_object_unref (detach_run (self));
  attach_run (self, g_object_ref (run));
}

void
tdbg_window_show_run (TdbgWindow *self, TdbgRun *run)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  g_return_if_fail (tdbg_run_get_logdir (run) != NULL);
  _tdbg_window_take_run (self, run);
  _tdbg_window_show_run_loaded (self);
}

static void
tdbg_window_dispose (GObject *object)
{
  TdbgWindow *self = TDBG_WINDOW (object);

  tdbg_window_cancel_load (self);
  _tdbg_window_compare_clear (self);
  _tdbg_window_layout_dispose (self);
  g_clear_object (&self->first_look);
  if (self->run)
    {
      /* The Follow and Watch in Background settings, shared by every window, must no longer
       * reach this one's actions: a change in another window would find this window's action
       * group gone. */
      g_action_map_remove_action (G_ACTION_MAP (self), "follow");
      g_action_map_remove_action (G_ACTION_MAP (self), "watch-in-background");
      /* A load or fetch under way holds the run until it ends: nothing of it is wanted now
       * (detached first: the Follow setting stays as it is). */
      g_autoptr(TdbgRun) run = detach_run (self);
      tdbg_run_set_following (run, FALSE);
      tdbg_run_cancel (run);
    }
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_pointer (&self->panes, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->load_error, g_free);
  g_clear_object (&self->connection_watch);
  g_clear_object (&self->prompt);
  G_OBJECT_CLASS (tdbg_window_parent_class)->dispose (object);
}

/* Kept to the end: the selection, disposed with the panes, may still tell the history of a
 * change. */
static void
tdbg_window_finalize (GObject *object)
{
  TdbgWindow *self = TDBG_WINDOW (object);

  g_clear_pointer (&self->look, _tdbg_window_first_look_free);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (tdbg_window_parent_class)->finalize (object);
}

static void
tdbg_window_class_init (TdbgWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_window_dispose;
  object_class->finalize = tdbg_window_finalize;
  /* What AdwApplication does at startup, for windows made without one (tests, benchmarks):
   * the Adwaita style sheet and the style manager that follows the system's dark preference. */
  adw_init ();
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/tfdbg_gtk/TfdbgGtk/icons");
  tdbg_ui_ensure_types ();
  g_type_ensure (TDBG_TYPE_START_PAGE);
  g_type_ensure (TDBG_TYPE_PROBLEM_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-window.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgWindow, start_page, problem_page, notice_bar, notice_label,
                               progress_revealer, progress_label, progress_bar, problems_bar, problems_label,
                               main_paned, top_paned, middle_paned, bottom_paned, status_label,
                               follow_button, connection_bar, connection_label);

  _tdbg_window_class_actions_init (widget_class);
}

static void
tdbg_window_init (TdbgWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Not a bound template child: those are unparented behind GtkWindow's back on dispose. */
  self->toast_overlay = gtk_window_get_child (GTK_WINDOW (self));
  self->pages = GTK_STACK (adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (self->toast_overlay)));
  self->selection = tdbg_selection_new ();
  self->settings = tdbg_settings_new ();
  tdbg_window_notify_init (self);
  attach_run (self, tdbg_run_new ());
  _tdbg_window_load_init (self);
  self->panes = tdbg_pane_collect (GTK_WIDGET (self->main_paned));
  for (guint i = 0; i < self->panes->len; i++)
    tdbg_pane_set_selection (g_ptr_array_index (self->panes, i), self->selection);
  g_signal_connect_swapped (self->selection, "notify::trace", G_CALLBACK (_tdbg_window_update_status), self);
  g_signal_connect_swapped (self->selection, "notify::execution", G_CALLBACK (_tdbg_window_update_status), self);
  g_signal_connect_swapped (self->selection, "notify::op", G_CALLBACK (_tdbg_window_update_status), self);
  g_signal_connect_swapped (self->selection, "notify::source-line", G_CALLBACK (_tdbg_window_update_status), self);
  _tdbg_window_actions_init (self);
  tdbg_window_history_init (self, self->selection);
  tdbg_window_alerts_init (self);
  tdbg_window_report_init (self);
  _tdbg_window_compare_init (self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  tdbg_ui_name_mnemonic_buttons (GTK_WIDGET (self));
  load_layout (self);
}

void
tdbg_window_set_watched_runs (TdbgWindow *self, GListModel *runs)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  tdbg_start_page_set_watched_runs (self->start_page, runs);
}

TdbgWindow *
tdbg_window_new (GtkApplication *app)
{
  return g_object_new (TDBG_TYPE_WINDOW, "application", app, NULL);
}

TdbgSelection *tdbg_window_get_selection (TdbgWindow *self) { return self->selection; }
const char *tdbg_window_get_location (TdbgWindow *self) { return self->run ? tdbg_run_get_location (self->run) : NULL; }

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

TdbgRun *tdbg_window_get_run (TdbgWindow *self) { return self->run; }
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


const char *
tdbg_window_get_connection_text (TdbgWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->connection_bar)) ? gtk_label_get_text (self->connection_label) : "";
}
