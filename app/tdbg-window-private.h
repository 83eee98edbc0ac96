/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the window's files share: the instance struct, the calls one concern makes into
 * another, and read-backs of the window's state that only tests and benchmarks use.
 *
 *   tdbg-window.c          composition: template, panes, the status line
 *   tdbg-window-layout.c   the arrangement: screen size, splits, narrow windows, hiding Alerts
 *   tdbg-window-actions.c  the win.* actions, shortcuts and drag and drop
 *   tdbg-window-load.c     opening (through tdbg-location), loading, progress, cancel,
 *                          following, the connection watch, problems and diagnosis pages
 *   tdbg-window-compare.c  compare mode
 *   tdbg-window-first-look.c, -history.c, -alerts.c, -notify.c, -report.c: below
 * Each part's entry points are declared here; its state is fields of the struct. */

#include "tdbg-window.h"

#include "libtdbg-ui.h"
#include "libtdbg-compare.h"
#include "tdbg-problem-page.h"
#include "libtdbg-run.h"
#include "tdbg-run-notifier.h"
#include "libtdbg-data.h"
#include "tdbg-start-page.h"
#include "tdbg-connection-watch.h"
#include "tdbg-dialog-prompt.h"

G_BEGIN_DECLS

typedef struct _TdbgFirstLook TdbgFirstLook;

struct _TdbgWindow {
  GtkApplicationWindow parent_instance;

  GtkWidget *toast_overlay;      /* an AdwToastOverlay around the pages */
  GtkStack *pages;
  GtkWidget *follow_button;
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
  GtkPaned *middle_paned;
  GtkPaned *bottom_paned;
  gboolean placed[4];            /* a split from the settings, or placed for the size */
  int auto_position[4];          /* where it was placed for the size; -1: the person's */
  int auto_max[4];               /* the split's length then */
  guint arrange_id;              /* the narrow or wide arrangement, chosen after a resize */
  GPtrArray *panes;              /* the TdbgPanes the template declares, in Alt+1…6 order */
  GtkLabel *status_label;
  GtkInfoBar *connection_bar;
  GtkLabel *connection_label;

  TdbgSelection *selection;
  GSettings *settings;
  /* The run shown (its location, load, following and watch), made once and begun again for
   * each logdir opened; in compare mode, the run compared with (tdbg-window-compare.c). */
  TdbgRun *run;
  TdbgRun *compare_run;
  TdbgRunNotifier *notifier;     /* tells the run's alerts (tdbg-window-notify.c) */
  TdbgLogdir *first_look;        /* loaded, its first look not chosen yet: still loading */
  TdbgFirstLook *look;           /* what was shown first (tdbg-window-first-look.c), or NULL */
  TdbgHistory *history;          /* back and forward (tdbg-window-history.c) */
  guint progress_id;             /* the progress area's, while a run loads or a pair is compared */
  guint folder_poll_id;          /* a folder without a logdir yet, opened once followed and filled */
  char *load_error;
  TdbgDialogPrompt *prompt;       /* asked what opening a location needs */
  TdbgConnectionWatch *connection_watch;

  /* Compare mode (tdbg-window-compare.c) */
  char *compare_pending;         /* the run to compare with once the logdir is in */
  GCancellable *comparing;       /* while the pair is compared the first time */
  TdbgComparison *comparison;    /* the last one shown, NULL when none */
  /* Following in compare mode: run B's "following" is the shown run's (one Follow for both
   * runs); the comparison redone in a worker after either run grew, the one shown staying
   * until the new one is in. */
  GBinding *compare_following;
  gulong compare_a_grew_id;      /* on the shown run */
  gulong compare_toggled_id;
  gboolean compare_b_grew;       /* run B grew while followed: it is still being written */
  gboolean compare_told;         /* a first divergence was shown (and told, if it came later) */
  GCancellable *recompare_cancellable; /* while a comparison is redone */
  gboolean recompare_again;      /* a run grew meanwhile: redo it once more when done */
};

/* tdbg-window-actions.c */
void _tdbg_window_class_actions_init (GtkWidgetClass *widget_class);
void _tdbg_window_actions_init (TdbgWindow *self);

/* tdbg-window-load.c */
void _tdbg_window_load_init (TdbgWindow *self);
/* Connects the run's load and follow steps to the window (self->run set). */
void _tdbg_window_load_attach_run (TdbgWindow *self);
/* Shows self->run, loaded elsewhere, as when its load ended. */
void _tdbg_window_show_run_loaded (TdbgWindow *self);
void _tdbg_window_take_run (TdbgWindow *self, TdbgRun *run);
/* "start", "logdir" or "problem"; the start page is refreshed when shown. */
void _tdbg_window_show_page (TdbgWindow *self, const char *name);
/* The problem page with @title and @description. */
void _tdbg_window_show_problem (TdbgWindow *self, const char *title, const char *description);

/* The error banner with @message (as a failed load shows it). */
void _tdbg_window_set_load_error (TdbgWindow *self, const char *message);
/* The progress area, with @text, while a run loads or a pair is compared; the timer that keeps
 * it true runs until _tdbg_window_progress_end(), which leaves it while a load is under way. */
void _tdbg_window_progress_begin (TdbgWindow *self, const char *text);
void _tdbg_window_progress_end (TdbgWindow *self);
/* The bar at @done of @total (pulsing when the total is not known). */
void _tdbg_window_progress_set_fraction (TdbgWindow *self, guint64 done, guint64 total);
/* @run opens @location in a worker, asking the window's prompt what its kind needs, and loads
 * it (with @first_stretch, a big logdir's first stretch first): tdbg_run_open(). Its "loaded"
 * tells how it went. */
void _tdbg_window_open_run (TdbgWindow *self, TdbgRun *run, const TdbgLocation *location, guint64 first_stretch);

/* tdbg-window-compare.c */
/* A logdir is loaded: a comparison asked for meanwhile starts. */
void _tdbg_window_compare_loaded (TdbgWindow *self);
/* Links the panes' compare-mode parts (Stack Trace's "In run B" line opens in Source Code). */
void _tdbg_window_compare_init (TdbgWindow *self);
/* The progress area's text while a pair is compared; FALSE when none is. */
gboolean _tdbg_window_compare_show_progress (TdbgWindow *self);
/* Stops comparing (the comparison under way and any asked for). */
void _tdbg_window_compare_cancel (TdbgWindow *self);
/* Leaves compare mode: also forgets the comparison shown. */
void _tdbg_window_compare_clear (TdbgWindow *self);
/* The status line's end in compare mode. */
void _tdbg_window_compare_append_status (TdbgWindow *self, GString *s);
/* Folders dropped onto the window (tdbg-window-actions.c): one opened; two, or one with Ctrl held
 * over a run shown, compared. */
void _tdbg_window_drop_files (TdbgWindow *self, GSList *files, GdkModifierType state);
/* Text dropped onto the window: its first line (an address or a path) opened as Open Location
 * would, its first two opened and compared; FALSE when it holds no location. */
gboolean _tdbg_window_drop_text (TdbgWindow *self, const char *text, GdkModifierType state);
/* win.compare-with: a folder chooser, then tdbg_window_compare(). */
void _tdbg_window_compare_with_action (GtkWidget *widget, const char *action_name, GVariant *parameter);

/* tdbg-window.c */
void _tdbg_window_update_status (TdbgWindow *self);
/* Reload and Follow act on a logdir: off on the start page. */
void _tdbg_window_enable_logdir_buttons (TdbgWindow *self);
/* Says @title in a toast over the pages for a few seconds: that something happened where
 * nothing else shows it (a copy to the clipboard). */
void _tdbg_window_toast (TdbgWindow *self, const char *title);

/* tdbg-window-layout.c */
void _tdbg_window_layout_load (TdbgWindow *self);
void _tdbg_window_layout_save (TdbgWindow *self);
/* A logdir is shown: the source and stack's split goes where it does for it (unless the
 * person moved it). */
void _tdbg_window_layout_logdir_shown (TdbgWindow *self);
void _tdbg_window_layout_dispose (TdbgWindow *self);

/* tdbg-window-first-look.c: what the window shows first when a logdir opens: something useful
 * rather than nothing selected, the first alert when there is one, else the first execution, else
 * the first trace; and the status line says so while that is what the panes show. The choice
 * waits for the loaded window's first frame, so that the panes, laid out by then, scroll to it. */
/* Called at the loaded window's first frame: ends the load of @loaded and returns whether
 * the logdir is on show to choose in (FALSE as well when another load began since). */
typedef gboolean (*TdbgFirstLookBegin) (TdbgWindow *window, gpointer loaded);

/* Selects in @window what to show first; returns what was chosen for the status line
 * ("Showing the first alert", newly allocated, translated) or NULL when there is nothing. */
char *tdbg_window_select_first (TdbgWindow *window);
/* After @window's next frame: @begin, then (when it returns TRUE) the first look. */
void tdbg_window_first_look_when_drawn (TdbgWindow *window, gpointer loaded, TdbgFirstLookBegin begin);
/* Puts "Showing the first alert: " before @status while the first look is on show. */
void tdbg_window_first_look_prepend_note (TdbgWindow *window, GString *status);
/* At the window's end. */
void _tdbg_window_first_look_free (TdbgFirstLook *look);

/* tdbg-window-history.c: the window's back and forward through the selection (win.back,
 * win.forward, Alt+Left, Alt+Right and the header bar's buttons). */
/* Called once from the window's init, with its selection. */
void tdbg_window_history_init (TdbgWindow *self, TdbgSelection *selection);
TdbgHistory *tdbg_window_get_history (TdbgWindow *self);

/* tdbg-window-alerts.c: the window's settings of the alert kinds beyond NaN/∞ (the exploding-
 * magnitude threshold, the GSettings key "magnitude-threshold"), given to the Alerts pane. */
/* Called once from the window's init. */
void tdbg_window_alerts_init (TdbgWindow *self);

/* tdbg-window-notify.c: the window's side of telling the person when a followed run goes bad
 * (tdbg-run-notifier.h): its run's alerts are told unless the window is the active one (the
 * notifications' actions are the application's: app.show-alert, app.show-run). */
/* Called once from the window's init. */
void tdbg_window_notify_init (TdbgWindow *self);
/* A notifier for the window's run (self->run), whenever the window takes a run object. */
void tdbg_window_notify_attach_run (TdbgWindow *self);
/* Whether the run the window follows is still being written: it grew while the window
 * showed it, in the last half hour. */
gboolean tdbg_window_notify_run_is_growing (TdbgWindow *self);
/* tdbg-window-close.c: closing the window of a run still being written: the run watched in the
 * background (the application keeps it: app.keep-run) or not, as the "watch-in-background"
 * setting says, asked once the first time. */
/* From the window's close-request: TRUE when the window stays (asking whether its run should
 * be watched in the background); FALSE when it closes, its run handed over or not. */
gboolean tdbg_window_close_keeps_open (TdbgWindow *self);
/* Hands the window's run to its application and destroys the window. */
void tdbg_window_watch_in_background (TdbgWindow *self);
/* The runs watched with no window, listed on the start page (the application gives them). */
void tdbg_window_set_watched_runs (TdbgWindow *self, GListModel *runs);

/* Tells of @alert as of the first alert of its kind in a followed run (compare mode: a first
 * divergence that appeared as the runs grew). */
void tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert);

/* tdbg-window-report.c: the window's win.copy-report action: the root cause of the first NaN/∞ as
 * a Markdown bug report (tdbg_explain_markdown()) on the clipboard, its picture of the
 * neighbourhood saved as a PNG in the user's cache and linked from the report by its path. */
/* Adds win.copy-report to @self, enabled while the open logdir has a root cause to report. */
void tdbg_window_report_init (TdbgWindow *self);
/* The report the action copies (@picture: the link to its picture, or NULL), or NULL when
 * nothing went bad (or nothing is open). */
char *tdbg_window_report_markdown (TdbgWindow *self, const char *picture);

/* Read-backs: for the window's own files, tests and benchmarks. */
TdbgAlertsPane *tdbg_window_get_alerts_pane (TdbgWindow *self);
TdbgTimelinePane *tdbg_window_get_timeline_pane (TdbgWindow *self);
TdbgTracePane *tdbg_window_get_trace_pane (TdbgWindow *self);
TdbgGraphPane *tdbg_window_get_graph_pane (TdbgWindow *self);
TdbgSourcePane *tdbg_window_get_source_pane (TdbgWindow *self);
TdbgStackPane *tdbg_window_get_stack_pane (TdbgWindow *self);
/* The run shown: its "following" polls the logdir for what the run appends (the win.follow
 * action turns it on and off). */
TdbgRun *tdbg_window_get_run (TdbgWindow *self);
/* NULL unless a remote logdir is shown. */
TdbgConnectionWatch *tdbg_window_get_connection_watch (TdbgWindow *self);
/* Whether the window is narrow enough that Graph Structure sits under Graph Execution. */
gboolean tdbg_window_is_narrow (TdbgWindow *self);
/* The status line: the selection (or the logdir) and the counts. */
const char *tdbg_window_get_status_text (TdbgWindow *self);
/* The problems banner text ("" when hidden) and the last load error (NULL when none). */
const char *tdbg_window_get_problems_text (TdbgWindow *self);
const char *tdbg_window_get_load_error (TdbgWindow *self);
/* "start", "logdir" or "problem" */
const char *tdbg_window_get_page (TdbgWindow *self);
TdbgStartPage *tdbg_window_get_start_page (TdbgWindow *self);
TdbgProblemPage *tdbg_window_get_problem_page (TdbgWindow *self);
/* The notice above the panes (a circular buffer dropped events), "" when hidden. */
const char *tdbg_window_get_notice_text (TdbgWindow *self);
/* The comparison shown (compare mode), NULL when none; whether one is under way or waits for
 * the logdir to load. */
TdbgComparison *tdbg_window_get_comparison (TdbgWindow *self);
gboolean tdbg_window_is_comparing (TdbgWindow *self);
/* The lost-connection banner's text ("" when hidden). */
const char *tdbg_window_get_connection_text (TdbgWindow *self);

G_END_DECLS
