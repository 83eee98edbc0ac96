/* SPDX-License-Identifier: GPL-3.0-or-later */
/* GUI benchmark: the window, in this process, on a tutorial-shaped FULL_HEALTH logdir of
 * about 1,030,000 graph execution traces (written once by the fixture writer, reused after).
 *
 *   a. start → first painted frame whose Alerts pane shows the alert count;
 *   b. the chain alert → trace row → graph neighbourhood (DOT built, layout requested) →
 *      stack frame → source line: from activating an alert until every pane reflects it;
 *   c. scrolling the Graph Execution list over the million rows, one jump per frame:
 *      frame intervals and the longest single main-loop dispatch;
 *   and the process's anonymous memory once the logdir is in (with --steps 100000 the
 *   logdir holds about 10,300,000 traces).
 *
 * Prints figures and whether the budgets are met; asserts nothing about time. */

#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>
#include "gui-util.h"
#include "test-env.h"
#include "tdbg-window-private.h"

#define BUDGET_FIRST_PAINT_MS 1000.0
#define BUDGET_CHAIN_MS 100.0
#define BUDGET_FRAME_MS (1000.0 / 60.0)

static guint opt_steps = 10000;
static guint opt_reps = 20;
static guint opt_positions = 200;
static char *opt_dir;
static char *opt_renderer;

static const GOptionEntry entries[] = {
  { "steps", 0, 0, G_OPTION_ARG_INT, &opt_steps, "Training steps in the logdir (10000: about 1,030,000 traces)", "N" },
  { "reps", 0, 0, G_OPTION_ARG_INT, &opt_reps, "Alert chain repetitions", "N" },
  { "positions", 0, 0, G_OPTION_ARG_INT, &opt_positions, "Scroll positions over the list", "N" },
  { "dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_dir, "Where the logdir is written (reused when present)", "DIR" },
  { "renderer", 0, 0, G_OPTION_ARG_STRING, &opt_renderer, "GSK renderer (as GSK_RENDERER: cairo, gl, …)", "NAME" },
  { NULL }
};

/* ---- main-loop dispatch times, through the poll function ---- */

static GPollFunc real_poll;
static gint64 last_wake;        /* when the previous poll returned */
static gboolean measuring;
static gint64 longest_dispatch; /* µs between a poll's return and the next poll */
static gint64 first_frame_at;   /* the window's first frame drawn, 0 before */
static gint64 longest_after_first_frame;  /* of the dispatches begun after it */
static gint64 longest_after_first_frame_began;

/* The start-up's dispatches over the frame budget, and its frames' phases, for the breakdown
 * of where the longest ones went. */
typedef struct {
  gint64 began, ended;
} Span;

typedef struct {
  gint64 began, laid_out, painted;
} FramePhases;

static GArray *long_dispatches;  /* Span */
static GArray *startup_frames;   /* FramePhases */

static gint
timed_poll (GPollFD *fds, guint n_fds, gint timeout)
{
  gint64 now = g_get_monotonic_time ();
  gint rc;

  if (measuring && last_wake > 0 && now - last_wake > longest_dispatch)
    longest_dispatch = now - last_wake;
  if (measuring && last_wake > 0 && now - last_wake > BUDGET_FRAME_MS * 1000)
    {
      Span span = { last_wake, now };
      g_array_append_val (long_dispatches, span);
    }
  if (measuring && first_frame_at > 0 && last_wake > first_frame_at && now - last_wake > longest_after_first_frame)
    {
      longest_after_first_frame = now - last_wake;
      longest_after_first_frame_began = last_wake;
    }
  rc = real_poll (fds, n_fds, timeout);
  last_wake = g_get_monotonic_time ();
  return rc;
}

/* ---- memory ---- */

/* The resident anonymous memory of this process (heap, stacks, GPU-less buffers: not the
 * mapped logdir files), in bytes. */
static guint64
anonymous_bytes (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) || (line = strstr (status, "RssAnon:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("RssAnon:"), NULL, 10) * 1024;
}

/* ---- statistics ---- */

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
percentile (GArray *values, double p)
{
  guint i;

  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  i = (guint) (p * (values->len - 1) + 0.5);
  return g_array_index (values, double, MIN (i, values->len - 1));
}

static double
max_of (GArray *values)
{
  return percentile (values, 1.0);
}

static const char *
verdict (gboolean met)
{
  return met ? "met" : "NOT MET";
}

/* ---- a. first paint with alerts ---- */

typedef struct {
  TdbgWindow *window;
  guint n_alerts_expected;
  gint64 start;
  gint64 first_paint;
  gint64 loaded;
  gint64 alerts_painted;
  gint64 alerts_counted;    /* the first frame whose heading shows a count above 0, "so far" (while
                             * the logdir is read) or not */
  gulong handler;
} Startup;

/* "Alerts (37 so far)", "Alerts (1,000 of 8,452)": a count above 0. */
static gboolean
heading_counts (const char *title)
{
  const char *open = strchr (title, '(');
  return open != NULL && open[1] >= '1' && open[1] <= '9';
}

static void
startup_after_paint_cb (GdkFrameClock *clock, Startup *s)
{
  gint64 now = g_get_monotonic_time ();
  TdbgAlertsPane *alerts = tdbg_window_get_alerts_pane (s->window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (s->window));
  g_autofree char *count = NULL;

  if (s->first_paint == 0)
    s->first_paint = first_frame_at = now;
  if (s->alerts_counted == 0 && gtk_widget_get_mapped (GTK_WIDGET (alerts)) &&
      heading_counts (tdbg_alerts_pane_get_title (alerts)))
    s->alerts_counted = now;
  if (logdir == NULL || s->alerts_painted)
    return;
  /* The heading carries the count once the logdir is in ("(12)", or "(1000 of 409983)" past
   * the limit); it is drawn in this frame. */
  count = g_strdup_printf ("(%u", tdbg_logdir_get_n_alerts (logdir));
  if (strstr (tdbg_alerts_pane_get_title (alerts), count) && gtk_widget_get_mapped (GTK_WIDGET (alerts)) &&
      tdbg_logdir_get_n_alerts (logdir) > 0)
    {
      s->alerts_painted = now;
      s->n_alerts_expected = tdbg_logdir_get_n_alerts (logdir);
    }
}

static void
logdir_set_cb (TdbgSelection *selection, GParamSpec *pspec, Startup *s)
{
  if (tdbg_selection_get_logdir (selection) && s->loaded == 0)
    s->loaded = g_get_monotonic_time ();
}

static gboolean
alerts_painted (gpointer data)
{
  return ((Startup *) data)->alerts_painted != 0 || tdbg_window_get_load_error (((Startup *) data)->window);
}

/* A big logdir shows its first stretch first, then the whole of it. */
static gboolean
whole_loaded (gpointer data)
{
  TdbgWindow *window = data;
  return !tdbg_window_is_loading (window) || tdbg_window_get_load_error (window);
}

/* ---- b. the alert chain ---- */

typedef struct {
  TdbgWindow *window;
  gint alert;
} Chain;

static gboolean
chain_reflected (gpointer data)
{
  Chain *c = data;
  TdbgSelection *sel = tdbg_window_get_selection (c->window);
  TdbgLogdir *logdir = tdbg_selection_get_logdir (sel);
  const TdbgAlert *a;
  TdbgSourcePane *source = tdbg_window_get_source_pane (c->window);

  if (tdbg_selection_get_alert (sel) != c->alert)
    return FALSE;
  a = tdbg_logdir_get_alert (logdir, (guint) c->alert);
  return tdbg_selection_get_trace (sel) == a->trace_index &&
         tdbg_trace_pane_get_selected_trace (tdbg_window_get_trace_pane (c->window)) == a->trace_index &&
         tdbg_graph_pane_get_requested_op (tdbg_window_get_graph_pane (c->window)) == tdbg_selection_get_op (sel) &&
         tdbg_stack_pane_get_frames (tdbg_window_get_stack_pane (c->window)) != NULL &&
         tdbg_selection_get_frame (sel) >= 0 &&
         tdbg_source_pane_get_file (source) == tdbg_selection_get_source_file (sel) &&
         tdbg_source_pane_get_marked_line (source) == tdbg_selection_get_source_line (sel) &&
         tdbg_selection_get_source_line (sel) > 0;
}

static gboolean
graph_laid_out (gpointer data)
{
  Chain *c = data;
  TdbgGraphPane *graph = tdbg_window_get_graph_pane (c->window);
  return tdbg_graph_pane_get_shown_op (graph) == tdbg_selection_get_op (tdbg_window_get_selection (c->window));
}

/* After the panes follow: the next painted frame, and the graph's layout arriving from the
 * Graphviz thread, each timed when it happens. */
typedef struct {
  Chain *chain;
  gint64 painted_at;
  gint64 laid_out_at;
} After;

static void
after_paint_once_cb (GdkFrameClock *clock, After *a)
{
  if (a->painted_at == 0)
    a->painted_at = g_get_monotonic_time ();
}

static gboolean
painted_and_laid_out (gpointer data)
{
  After *a = data;

  if (a->laid_out_at == 0 && graph_laid_out (a->chain))
    a->laid_out_at = g_get_monotonic_time ();
  return a->painted_at != 0 && a->laid_out_at != 0;
}

/* ---- c. scrolling ---- */

typedef struct {
  GtkListView *list;
  GtkAdjustment *vadj;
  guint n_rows;
  guint step;
  guint n_steps;
  gint64 frame_start;
  gint64 prev_frame_start;
  GArray *intervals;   /* ms between consecutive frames */
  GArray *durations;   /* ms from before-paint to after-paint */
  GArray *updates;     /* ms from before-paint to the end of the layout phase (binding, measuring) */
  GArray *paints;      /* ms of the paint phase (snapshot and render) */
  gint64 layout_end;
  gboolean done;
  guint scroll_to_item;
  guint adjustment_sets;
} Scroll;

static gboolean
scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Scroll *s = data;
  double frac;

  if (s->step >= s->n_steps)
    {
      s->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  /* Spread over the whole list, visiting it out of order so that every jump is far. */
  frac = (double) ((s->step * 37) % s->n_steps) / MAX (s->n_steps - 1, 1);
  if (s->step % 2 == 0)
    {
      double upper = gtk_adjustment_get_upper (s->vadj) - gtk_adjustment_get_page_size (s->vadj);
      gtk_adjustment_set_value (s->vadj, frac * MAX (upper, 0));
      s->adjustment_sets++;
    }
  else
    {
      guint pos = (guint) (frac * (s->n_rows - 1));
      gtk_widget_activate_action (GTK_WIDGET (s->list), "list.scroll-to-item", "u", pos);
      s->scroll_to_item++;
    }
  s->step++;
  return G_SOURCE_CONTINUE;
}

static void
scroll_before_paint_cb (GdkFrameClock *clock, Scroll *s)
{
  gint64 now = g_get_monotonic_time ();

  if (s->done)
    return;
  if (s->prev_frame_start > 0)
    {
      double interval = (now - s->prev_frame_start) / 1000.0;
      g_array_append_val (s->intervals, interval);
    }
  s->prev_frame_start = now;
  s->frame_start = now;
}

/* Connected after GTK's own handlers, so these run at the end of their phases. */
static void
scroll_layout_cb (GdkFrameClock *clock, Scroll *s)
{
  s->layout_end = g_get_monotonic_time ();
}

static void
scroll_paint_cb (GdkFrameClock *clock, Scroll *s)
{
  double ms;

  if (s->done || s->frame_start == 0 || s->layout_end < s->frame_start)
    return;
  ms = (s->layout_end - s->frame_start) / 1000.0;
  g_array_append_val (s->updates, ms);
  ms = (g_get_monotonic_time () - s->layout_end) / 1000.0;
  g_array_append_val (s->paints, ms);
}

static void
scroll_after_paint_cb (GdkFrameClock *clock, Scroll *s)
{
  double duration;

  if (s->done || s->frame_start == 0)
    return;
  duration = (g_get_monotonic_time () - s->frame_start) / 1000.0;
  g_array_append_val (s->durations, duration);
}

static gboolean
scroll_done (gpointer data)
{
  return ((Scroll *) data)->done;
}

/* Smooth scrolling, a few pixels a frame as a wheel does: the bound rows only move, so the
 * frame's cost is mostly the renderer redrawing the list. */
static gboolean
smooth_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Scroll *s = data;

  if (s->step >= s->n_steps)
    {
      s->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (s->vadj, gtk_adjustment_get_value (s->vadj) + 6);
  s->step++;
  return G_SOURCE_CONTINUE;
}

static void
startup_before_paint_cb (GdkFrameClock *clock, gpointer data)
{
  FramePhases frame = { g_get_monotonic_time (), 0, 0 };

  if (measuring)
    g_array_append_val (startup_frames, frame);
}

/* Connected after GTK's handlers, as the scroll's are: the ends of their phases. */
static void
startup_layout_cb (GdkFrameClock *clock, gpointer data)
{
  if (measuring && startup_frames->len > 0)
    g_array_index (startup_frames, FramePhases, startup_frames->len - 1).laid_out = g_get_monotonic_time ();
}

static void
startup_after_paint_phase_cb (GdkFrameClock *clock, gpointer data)
{
  if (measuring && startup_frames->len > 0)
    g_array_index (startup_frames, FramePhases, startup_frames->len - 1).painted = g_get_monotonic_time ();
}

/* Each over-budget dispatch of the start-up: when it began, how long it took, and, when a
 * frame ran in it, the frame's update and layout (rows made, bound and measured) and its
 * paint; the rest of the dispatch is the main loop's other sources (taking the logdir in). */
static void
print_long_dispatches (gint64 start)
{
  printf ("   dispatches over %.0f ms while starting (began at, took; a frame in it: update and layout, paint):\n",
          BUDGET_FRAME_MS);
  for (guint i = 0; i < long_dispatches->len; i++)
    {
      Span *d = &g_array_index (long_dispatches, Span, i);
      GString *line = g_string_new (NULL);

      g_string_append_printf (line, "     at %.1f ms, %.1f ms", (d->began - start) / 1000.0, (d->ended - d->began) / 1000.0);
      for (guint j = 0; j < startup_frames->len; j++)
        {
          FramePhases *f = &g_array_index (startup_frames, FramePhases, j);
          if (f->began < d->began || f->began > d->ended || f->laid_out == 0 || f->painted == 0)
            continue;
          g_string_append_printf (line, "; frame: %.1f ms update and layout, %.1f ms paint",
                                  (f->laid_out - f->began) / 1000.0, (f->painted - f->laid_out) / 1000.0);
        }
      printf ("%s\n", line->str);
      g_string_free (line, TRUE);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— GUI benchmark");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) sync_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) chain_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) paint_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) layout_times = g_array_new (FALSE, FALSE, sizeof (double));
  Startup startup = { 0 };
  Scroll scroll = { 0 };
  GdkFrameClock *clock;
  TdbgWindow *window;
  TdbgSelection *sel;
  TdbgLogdir *logdir;
  double first_paint_ms, whole_ms, chain_median, chain_max;
  guint64 anon_before;
  gulong before_id, after_id, layout_id, paint_id;
  guint tick_id;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (opt_dir == NULL)
    opt_dir = test_env_build_dir ("bench-logdir");
  gui_ensure_demo_logdir (opt_dir, opt_steps);
  file = g_file_new_for_path (opt_dir);

  if (opt_renderer)
    g_setenv ("GSK_RENDERER", opt_renderer, TRUE);
  gtk_init ();
  gui_init_toolkit ();
  real_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, timed_poll);

  printf ("logdir: %s\n", opt_dir);
  printf ("renderer: %s\n", g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "default");

  anon_before = anonymous_bytes ();
  /* a. Start to first paint with the alerts in. */
  startup.start = g_get_monotonic_time ();
  /* As `tfdbg-gtk LOGDIR` opens it: the load begun, then the window made. */
  window = startup.window = tdbg_window_new_for_file (NULL, file);
  sel = tdbg_window_get_selection (window);
  g_signal_connect (sel, "notify::logdir", G_CALLBACK (logdir_set_cb), &startup);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  startup.handler = g_signal_connect (clock, "after-paint", G_CALLBACK (startup_after_paint_cb), &startup);
  long_dispatches = g_array_new (FALSE, FALSE, sizeof (Span));
  startup_frames = g_array_new (FALSE, FALSE, sizeof (FramePhases));
  before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (startup_before_paint_cb), NULL);
  layout_id = g_signal_connect_after (clock, "layout", G_CALLBACK (startup_layout_cb), NULL);
  after_id = g_signal_connect_after (clock, "after-paint", G_CALLBACK (startup_after_paint_phase_cb), NULL);
  longest_dispatch = 0;
  measuring = TRUE;
  if (!gui_wait_until (alerts_painted, &startup, 120000) || startup.alerts_painted == 0)
    g_error ("the logdir did not load: %s (alerts heading: “%s”)", tdbg_window_get_load_error (window),
             tdbg_alerts_pane_get_title (tdbg_window_get_alerts_pane (window)));
  first_paint_ms = (startup.alerts_painted - startup.start) / 1000.0;
  if (!gui_wait_until (whole_loaded, window, 600000) || tdbg_window_get_load_error (window))
    g_error ("the whole logdir did not load: %s", tdbg_window_get_load_error (window));
  whole_ms = (g_get_monotonic_time () - startup.start) / 1000.0;
  gui_spin (100);
  measuring = FALSE;
  g_signal_handler_disconnect (clock, startup.handler);
  g_signal_handler_disconnect (clock, before_id);
  g_signal_handler_disconnect (clock, layout_id);
  g_signal_handler_disconnect (clock, after_id);
  logdir = tdbg_selection_get_logdir (sel);
  printf ("graph execution traces: %u, executions: %u, alerts: %u\n", tdbg_logdir_get_n_traces (logdir),
          tdbg_logdir_get_n_executions (logdir), tdbg_logdir_get_n_alerts (logdir));
  printf ("a. start → first frame: %.1f ms; → logdir (or a big one's first stretch) shown: %.1f ms; → first frame with the alerts: %.1f ms "
          "(budget %.0f ms: %s)\n",
          (startup.first_paint - startup.start) / 1000.0, (startup.loaded - startup.start) / 1000.0, first_paint_ms,
          BUDGET_FIRST_PAINT_MS, verdict (first_paint_ms <= BUDGET_FIRST_PAINT_MS));
  printf ("   → the whole logdir in and shown: %.1f ms (a big one shows its first stretch first)\n", whole_ms);
  printf ("   → first frame whose alerts heading counts them (growing while a big one is read): %.1f ms "
          "(before the whole is in: %s)\n",
          (startup.alerts_counted - startup.start) / 1000.0, startup.alerts_counted != 0 && startup.alerts_counted < startup.alerts_painted ? "yes" : "no");
  printf ("   longest main-loop dispatch while loading and showing: %.1f ms (the first frame, and taking the "
          "loaded logdir in); of those begun after the first frame: %.1f ms, begun %.1f ms after the start "
          "(budget %.0f ms: %s)\n",
          longest_dispatch / 1000.0, longest_after_first_frame / 1000.0,
          (longest_after_first_frame_began - startup.start) / 1000.0, BUDGET_FRAME_MS,
          verdict (longest_after_first_frame / 1000.0 <= BUDGET_FRAME_MS));
  print_long_dispatches (startup.start);
  g_clear_pointer (&long_dispatches, g_array_unref);
  g_clear_pointer (&startup_frames, g_array_unref);
  gui_spin (500);
  {
    guint64 anon = anonymous_bytes ();
    printf ("   anonymous memory with the logdir shown: %.1f MB, %.1f bytes per trace (%.1f MB before the window was made)\n",
            anon / 1e6, (double) anon / MAX (tdbg_logdir_get_n_traces (logdir), 1), anon_before / 1e6);
  }

  /* b. Alert chain, alternating the first and the next alert. */
  for (guint rep = 0; rep < opt_reps; rep++)
    {
      TdbgAlertMove move = rep % 2 == 0 ? TDBG_ALERT_MOVE_FIRST : TDBG_ALERT_MOVE_NEXT;
      Chain chain = { window, rep % 2 == 0 ? 0 : 1 };
      After after = { &chain, 0, 0 };
      gulong id;
      gint64 t0, t1, t2;
      double ms;

      t0 = g_get_monotonic_time ();
      tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), move);
      t1 = g_get_monotonic_time ();
      if (!gui_wait_until (chain_reflected, &chain, 10000))
        g_error ("alert %d: the panes did not follow", chain.alert);
      t2 = g_get_monotonic_time ();
      id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_once_cb), &after);
      if (!gui_wait_until (painted_and_laid_out, &after, 10000))
        g_error ("alert %d: no frame or no graph", chain.alert);
      g_signal_handler_disconnect (clock, id);
      ms = (t1 - t0) / 1000.0;
      g_array_append_val (sync_times, ms);
      ms = (t2 - t0) / 1000.0;
      g_array_append_val (chain_times, ms);
      ms = (after.painted_at - t0) / 1000.0;
      g_array_append_val (paint_times, ms);
      ms = (after.laid_out_at - t0) / 1000.0;
      g_array_append_val (layout_times, ms);
      gui_spin (150);
    }
  chain_median = percentile (chain_times, 0.5);
  chain_max = max_of (chain_times);
  printf ("b. alert → trace row → graph (DOT built, layout requested) → stack frame → source line, %u runs:\n",
          opt_reps);
  printf ("   all panes reflect it: median %.2f ms, max %.2f ms (budget %.0f ms: %s)\n", chain_median, chain_max,
          BUDGET_CHAIN_MS, verdict (chain_median <= BUDGET_CHAIN_MS && chain_max <= BUDGET_CHAIN_MS));
  printf ("   of which inside the activation call: median %.2f ms, max %.2f ms\n", percentile (sync_times, 0.5),
          max_of (sync_times));
  printf ("   to the next painted frame: median %.2f ms, max %.2f ms\n", percentile (paint_times, 0.5),
          max_of (paint_times));
  printf ("   to the graph laid out (Graphviz thread): median %.2f ms, max %.2f ms\n", percentile (layout_times, 0.5),
          max_of (layout_times));

  /* c. Scrolling the Graph Execution list. */
  scroll.list = tdbg_trace_pane_get_list_view (tdbg_window_get_trace_pane (window));
  g_assert (scroll.list != NULL);
  scroll.vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (scroll.list));
  scroll.n_rows = tdbg_trace_pane_get_n_rows (tdbg_window_get_trace_pane (window));
  scroll.n_steps = opt_positions;
  scroll.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  scroll.durations = g_array_new (FALSE, FALSE, sizeof (double));
  scroll.updates = g_array_new (FALSE, FALSE, sizeof (double));
  scroll.paints = g_array_new (FALSE, FALSE, sizeof (double));
  layout_id = g_signal_connect (clock, "layout", G_CALLBACK (scroll_layout_cb), &scroll);
  paint_id = g_signal_connect (clock, "paint", G_CALLBACK (scroll_paint_cb), &scroll);
  before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (scroll_before_paint_cb), &scroll);
  after_id = g_signal_connect (clock, "after-paint", G_CALLBACK (scroll_after_paint_cb), &scroll);
  longest_dispatch = 0;
  measuring = TRUE;
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (scroll.list), scroll_tick_cb, &scroll, NULL);
  gui_wait_until (scroll_done, &scroll, 120000);
  measuring = FALSE;
  if (!scroll.done)
    gtk_widget_remove_tick_callback (GTK_WIDGET (scroll.list), tick_id);
  g_signal_handler_disconnect (clock, before_id);
  g_signal_handler_disconnect (clock, after_id);
  g_signal_handler_disconnect (clock, layout_id);
  g_signal_handler_disconnect (clock, paint_id);
  printf ("c. scrolling %u rows: %u jumps, one per frame (%u by the adjustment, %u by list.scroll-to-item):\n",
          scroll.n_rows, scroll.step, scroll.adjustment_sets, scroll.scroll_to_item);
  printf ("   frame interval: median %.1f ms, p99 %.1f ms, max %.1f ms\n", percentile (scroll.intervals, 0.5),
          percentile (scroll.intervals, 0.99), max_of (scroll.intervals));
  printf ("   frame work (before-paint → after-paint): median %.1f ms, p99 %.1f ms, max %.1f ms\n",
          percentile (scroll.durations, 0.5), percentile (scroll.durations, 0.99), max_of (scroll.durations));
  printf ("     of which update and layout (rebinding rows): median %.1f ms, p99 %.1f ms, max %.1f ms\n",
          percentile (scroll.updates, 0.5), percentile (scroll.updates, 0.99), max_of (scroll.updates));
  printf ("     of which paint (snapshot and render): median %.1f ms, p99 %.1f ms, max %.1f ms\n",
          percentile (scroll.paints, 0.5), percentile (scroll.paints, 0.99), max_of (scroll.paints));
  printf ("   longest single main-loop dispatch: %.1f ms (budget %.1f ms: %s)\n", longest_dispatch / 1000.0,
          BUDGET_FRAME_MS, verdict (longest_dispatch / 1000.0 <= BUDGET_FRAME_MS));
  g_array_unref (scroll.intervals);
  g_array_unref (scroll.durations);
  g_array_unref (scroll.updates);
  g_array_unref (scroll.paints);

  /* d. Smooth scrolling, 6 px a frame for 120 frames. */
  {
    Scroll redraw = { 0 };
    redraw.list = scroll.list;
    redraw.vadj = scroll.vadj;
    redraw.n_steps = 120;
    redraw.intervals = g_array_new (FALSE, FALSE, sizeof (double));
    redraw.durations = g_array_new (FALSE, FALSE, sizeof (double));
    redraw.updates = g_array_new (FALSE, FALSE, sizeof (double));
    redraw.paints = g_array_new (FALSE, FALSE, sizeof (double));
    before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (scroll_before_paint_cb), &redraw);
    after_id = g_signal_connect (clock, "after-paint", G_CALLBACK (scroll_after_paint_cb), &redraw);
    layout_id = g_signal_connect (clock, "layout", G_CALLBACK (scroll_layout_cb), &redraw);
    paint_id = g_signal_connect (clock, "paint", G_CALLBACK (scroll_paint_cb), &redraw);
    longest_dispatch = 0;
    measuring = TRUE;
    gtk_widget_add_tick_callback (GTK_WIDGET (scroll.list), smooth_tick_cb, &redraw, NULL);
    gui_wait_until (scroll_done, &redraw, 60000);
    measuring = FALSE;
    g_signal_handler_disconnect (clock, before_id);
    g_signal_handler_disconnect (clock, after_id);
    g_signal_handler_disconnect (clock, layout_id);
    g_signal_handler_disconnect (clock, paint_id);
    printf ("d. smooth scrolling, 6 px a frame (%u frames), rows move but are not rebound:\n", redraw.durations->len);
    printf ("   frame work: median %.1f ms, max %.1f ms; update and layout median %.1f ms; paint median %.1f ms, "
            "max %.1f ms; longest dispatch %.1f ms\n", percentile (redraw.durations, 0.5),
            max_of (redraw.durations), percentile (redraw.updates, 0.5), percentile (redraw.paints, 0.5),
            max_of (redraw.paints), longest_dispatch / 1000.0);
    g_array_unref (redraw.intervals);
    g_array_unref (redraw.durations);
    g_array_unref (redraw.updates);
    g_array_unref (redraw.paints);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  gui_spin (100);
  return 0;
}
