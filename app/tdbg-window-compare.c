/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compare mode: the run shown compared with another run of the same program (data/compare/).
 * Run B is a second TdbgRun, opened and loaded as the shown run is, then the pair compared in
 * a worker, with progress in the progress area and Cancel; then Graph Execution shows each
 * trace's error against its twin (and can show only the diverging ones), Alerts lists the
 * first divergence and each diverging op's first diverging trace, and the selected trace's
 * details name its twin. A failure is shown as a load error is. While following, run B is
 * followed too (its "following" bound to the shown run's) and the pair compared again after
 * either run grows: the whole comparison again, in a worker, since run B's growth changes the
 * twins and the missing occurrences of traces already compared. */
#include "config.h"

#include <math.h>
#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-window-private.h"
#include "libtdbg-analysis.h"
#include "libtdbg-data.h"
#include "tdbg-start-page.h"

/* The diverging ops whose first diverging trace Alerts lists after the first divergence. */
#define ALERT_OPS 20
/* The op outputs of one run only that the summary names; the rest are counted. */
#define ONLY_IN_NAMED 8

typedef struct {
  TdbgLogdir *a;
  TdbgLogdir *b;
  char *name_b;       /* run B as the window shows it */
  TdbgCompareOptions options;
} CompareJob;

static void
compare_job_free (CompareJob *job)
{
  g_clear_object (&job->a);
  g_clear_object (&job->b);
  g_free (job->name_b);
  g_free (job);
}

/* What a worker hands the window: the comparison, and the same as the panes take it. */
typedef struct {
  TdbgComparison *comparison;
  TdbgTwins *twins;
} Compared;

static void
compared_free (Compared *compared)
{
  g_clear_pointer (&compared->comparison, tdbg_comparison_free);
  g_clear_pointer (&compared->twins, tdbg_twins_unref);
  g_free (compared);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Compared, compared_free)

/* Run B is no longer followed (nor loaded), nor the comparison redone. */
static void
stop_following (TdbgWindow *self)
{
  gboolean following = self->compare_following != NULL;

  if (self->recompare_cancellable)
    g_cancellable_cancel (self->recompare_cancellable);
  g_clear_object (&self->recompare_cancellable);
  self->recompare_again = FALSE;
  self->compare_b_grew = FALSE;
  self->compare_told = FALSE;
  if (self->run)
    {
      g_clear_signal_handler (&self->compare_a_grew_id, self->run);
      g_clear_signal_handler (&self->compare_toggled_id, self->run);
    }
  if (self->compare_following)
    g_binding_unbind (g_steal_pointer (&self->compare_following));
  if (self->compare_run == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->compare_run, self);
  tdbg_run_set_following (self->compare_run, FALSE);
  tdbg_run_cancel (self->compare_run);
  g_clear_object (&self->compare_run);
  /* The Follow button's own tooltip again (the template's). */
  if (following && self->follow_button)
    gtk_widget_set_tooltip_text (self->follow_button,
                                 _("Follow the logdir while it is written: new records, alerts and hosts show "
                                   "within a second or two, without moving the selection"));
}

void
_tdbg_window_compare_cancel (TdbgWindow *self)
{
  gboolean busy = tdbg_window_is_comparing (self);

  g_clear_pointer (&self->compare_pending, g_free);
  if (self->comparing)
    g_cancellable_cancel (self->comparing);
  g_clear_object (&self->comparing);
  if (self->compare_run)
    tdbg_run_cancel (self->compare_run);
  if (busy)
    _tdbg_window_progress_end (self);
}

void
_tdbg_window_compare_clear (TdbgWindow *self)
{
  _tdbg_window_compare_cancel (self);
  stop_following (self);
  g_clear_pointer (&self->comparison, tdbg_comparison_free);
}

gboolean
_tdbg_window_compare_show_progress (TdbgWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  TdbgRunProgress progress;

  if (!tdbg_window_is_comparing (self) || self->compare_run == NULL)
    return FALSE;
  name = tdbg_display_location (tdbg_run_get_location (self->compare_run));
  if (self->comparing)
    {
      /* Translators: the run the shown one is compared with */
      text = g_strdup_printf (_("Comparing with %s…"), name);
      gtk_progress_bar_pulse (self->progress_bar);
    }
  else
    {
      tdbg_run_get_progress (self->compare_run, &progress);
      /* Translators: the run the shown one is compared with, records read of it */
      text = g_strdup_printf (_("Comparing with %s: loading it, %'" PRIu64 " records…"), name, progress.records);
      _tdbg_window_progress_set_fraction (self, progress.bytes_done, progress.bytes_total);
    }
  gtk_label_set_text (self->progress_label, text);
  return TRUE;
}

/* The comparison as the panes take it: per trace and per op of run A, its twin in run B. Made
 * in the worker: for millions of traces, arrays of as many hundred megabytes. */
static TdbgTwins *
twins_of (TdbgComparison *c, const char *name)
{
  guint n = c->n_a;
  TdbgTwins *twins = tdbg_twins_new (c->b, name, c->options.rtol, c->options.atol, n, tdbg_logdir_get_n_ops (c->a));

  twins->b_growing = c->options.b_growing;
  memcpy (twins->traces, c->twins, sizeof (guint32) * n);
  memcpy (twins->errors, c->errors, sizeof (float) * n);
  for (guint i = 0; i < n; i++)
    twins->diverging[i] = c->divergences[i] != TDBG_DIVERGENCE_NONE;
  for (guint i = 0; i < c->ops->len; i++)
    {
      const TdbgOpError *e = &g_array_index (c->ops, TdbgOpError, i);
      if (e->op_a < twins->n_ops)
        twins->ops[e->op_a] = e->op_b;
    }
  return twins;
}

static void
compare_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  CompareJob *job = data;
  g_autoptr(GError) error = NULL;
  Compared *compared;
  TdbgComparison *comparison;

  comparison = tdbg_comparison_new (job->a, job->b, &job->options, cancellable, &error);
  if (comparison == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  compared = g_new (Compared, 1);
  compared->comparison = comparison;
  /* A follow step may apply to run A on the main thread meanwhile: not while its ops are counted. */
  tdbg_logdir_read_lock (job->a);
  compared->twins = twins_of (comparison, job->name_b);
  tdbg_logdir_read_unlock (job->a);
  g_task_return_pointer (task, compared, (GDestroyNotify) compared_free);
}

/* What a kind of divergence means, for people. */
static const char *
divergence_text (TdbgDivergenceKind kind)
{
  switch (kind)
    {
    case TDBG_DIVERGENCE_VALUES: return _("values differ");
    case TDBG_DIVERGENCE_HEALTH: return _("health summaries differ");
    case TDBG_DIVERGENCE_DTYPE: return _("dtypes differ");
    case TDBG_DIVERGENCE_SHAPE: return _("shapes differ");
    case TDBG_DIVERGENCE_MISSING: return _("run B records it fewer times");
    case TDBG_DIVERGENCE_MODE: return _("debug modes differ");
    case TDBG_DIVERGENCE_OUTPUTS: return _("outputs differ");
    case TDBG_DIVERGENCE_NONE:
    default: return "";
    }
}

static void
append_only_in (GString *s, const char *title, GPtrArray *keys)
{
  g_string_append_c (s, '\n');
  g_string_append (s, title);
  g_string_append_c (s, ' ');
  if (keys->len == 0)
    /* Translators: no op output is in only one of the runs compared */
    g_string_append (s, _("none"));
  for (guint i = 0; i < keys->len && i < ONLY_IN_NAMED; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (keys, i));
  if (keys->len > ONLY_IN_NAMED)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more",
                                            keys->len - ONLY_IN_NAMED),
                            keys->len - ONLY_IN_NAMED);
}

/* How many NaN/∞ alerts @logdir has, beyond the listing's cap too. */
static guint64
count_inf_nan (TdbgLogdir *logdir)
{
  return MAX (tdbg_logdir_get_n_alerts (logdir),
              tdbg_logdir_get_n_inf_nan_traces (logdir) + tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
}

/* What run B alone holds that the window, showing this run, would not tell: its NaN/∞ and its
 * problems. */
static void
append_run_b (GString *s, TdbgLogdir *b)
{
  guint64 n = count_inf_nan (b);
  GPtrArray *problems = tdbg_logdir_get_problems (b);
  const guint max_shown = 3;

  g_string_append_c (s, '\n');
  if (n == 0)
    g_string_append (s, _("Run B holds no NaN/∞."));
  else
    {
      const TdbgAlert *first = tdbg_logdir_get_alert (b, 0);
      g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
      /* Translators: compare mode: how many NaN/∞ alerts the other run has */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Run B holds NaN/∞: %s alert", "Run B holds NaN/∞: %s alerts", n),
                              count);
      if (first && first->trace_index != TDBG_NONE && first->trace_index < tdbg_logdir_get_n_traces (b))
        {
          const TdbgTraceDigest *d = tdbg_logdir_get_trace (b, first->trace_index);
          /* Translators: compare mode: run B's first NaN/∞, its trace index, op name and slot */
          g_string_append_printf (s, _(", the first at its trace %u, %s:%u"), first->trace_index,
                                  tdbg_logdir_get_op (b, tdbg_trace_digest_get_op (d))->op_name, d->output_slot);
        }
      g_string_append_c (s, '.');
    }
  for (guint i = 0; problems && i < problems->len && i < max_shown; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      g_string_append_c (s, '\n');
      /* Translators: compare mode: a problem of the other run's files: file name, byte offset,
       * what is wrong */
      g_string_append_printf (s, _("Run B: %s at byte %" PRIu64 ": %s"), p->file_name, p->byte_offset, p->message);
    }
  if (problems && problems->len > max_shown)
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "…and %u more problem", "…and %u more problems",
                                              problems->len - max_shown),
                              problems->len - max_shown);
    }
}

/* Under the alert kinds: what was compared, where the runs part, what only one run has, and what
 * run B holds alone. */
static char *
describe_comparison (TdbgComparison *c, const char *name_b)
{
  GString *s = g_string_new (NULL);
  g_autofree char *compared = g_strdup_printf ("%'" PRIu64, c->compared_all);
  g_autofree char *awaiting = g_strdup_printf ("%'" PRIu64, c->awaiting);

  if (c->first.kind == TDBG_DIVERGENCE_NONE)
    /* Translators: compare mode: the other run's name, the number of traces compared */
    g_string_printf (s, _("Compared with %s: %s traces compared, none diverges."), name_b, compared);
  else
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (c->a, c->first.a);
      const TdbgOp *op = tdbg_logdir_get_op (c->a, tdbg_trace_digest_get_op (d));
      g_autofree char *diverging = g_strdup_printf ("%'" PRIu64, c->diverging_traces);
      g_autofree char *figure = isnan (c->first.max_abs_diff) ? g_strdup ("")
                                                              /* Translators: after how two traces differ: by how much */
                                                              : g_strdup_printf (_(", max |a−b| %.3g"), c->first.max_abs_diff);
      /* Translators: compare mode: the other run's name; the first diverging trace of this run,
       * its op name and output slot, how it differs (and by how much); then the diverging and
       * the compared traces */
      g_string_printf (s, _("Compared with %s: first divergence at trace %u, %s:%u (%s%s); %s of %s compared traces diverge."),
                       name_b, c->first.a, op->op_name, d->output_slot, divergence_text (c->first.kind), figure,
                       diverging, compared);
      if (c->diverging_step >= 0)
        {
          g_string_append_c (s, ' ');
          /* Translators: compare mode: the 0-based call of the outermost function that held
           * the first divergence */
          g_string_append_printf (s, _("It happened in step %d."), c->diverging_step);
        }
    }
  if (c->awaiting > 0)
    {
      g_string_append_c (s, ' ');
      /* Translators: compare mode, following: traces of the run shown whose twins the other
       * run, still being written, has not recorded yet */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%s trace waits for run B to record its twin.",
                                              "%s traces wait for run B to record their twins.", c->awaiting),
                              awaiting);
    }
  append_only_in (s, _("Only in this run:"), c->only_in_a);
  append_only_in (s, _("Only in run B:"), c->only_in_b);
  append_run_b (s, c->b);
  return g_string_free (s, FALSE);
}

static void follow_both (TdbgWindow *self, TdbgComparison *comparison);
static void options_init (TdbgWindow *self, TdbgCompareOptions *options);

static void
show_comparison (TdbgWindow *self, Compared *compared)
{
  TdbgComparison *comparison = compared->comparison;
  /* A first divergence that came as the runs grew is told once, as a followed run's first alert
   * is; an occurrence run B lacks is not (followed, run B may only be behind, a moment before
   * it is seen growing). */
  gboolean told = comparison->first.kind != TDBG_DIVERGENCE_NONE &&
                  comparison->first.kind != TDBG_DIVERGENCE_MISSING;
  gboolean news = told && self->comparison != NULL && !self->compare_told;
  g_autofree char *name = tdbg_display_location (tdbg_run_get_location (self->compare_run));
  g_autofree char *summary = NULL;
  g_autofree char *title = NULL;
  g_autofree char *shown = tdbg_display_location (tdbg_run_get_location (self->run));
  g_autoptr(GArray) alerts = NULL;
  g_autoptr(TdbgTwins) twins = g_steal_pointer (&compared->twins);
  TdbgTracePane *traces = tdbg_window_get_trace_pane (self);
  TdbgAlertsPane *alerts_pane = tdbg_window_get_alerts_pane (self);

  g_clear_pointer (&self->comparison, tdbg_comparison_free);
  self->comparison = g_steal_pointer (&compared->comparison);
  compared_free (compared);
  tdbg_trace_pane_set_comparison (traces, twins);
  tdbg_graph_pane_set_twins (tdbg_window_get_graph_pane (self), twins);
  tdbg_stack_pane_set_twins (tdbg_window_get_stack_pane (self), twins);
  alerts = tdbg_comparison_alerts (comparison, ALERT_OPS);
  summary = describe_comparison (comparison, name);
  tdbg_alerts_pane_set_comparison (alerts_pane, alerts, summary, count_inf_nan (comparison->b));
  /* Translators: the window's title in compare mode: the run shown, the run compared with */
  title = g_strdup_printf (_("%s compared with %s — TensorFlow Debugger"), shown, name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  _tdbg_window_update_status (self);
  if (news && alerts->len > 0)
    tdbg_window_notify_alert (self, &g_array_index (alerts, TdbgAlert, 0));
  follow_both (self, comparison);
  self->compare_told |= told;
}

/* ---- following both runs ------------------------------------------------------------------ */

static void recompare (TdbgWindow *self);

/* Missing twins are awaited, not divergences, while run B is seen being written. */
static void
options_init (TdbgWindow *self, TdbgCompareOptions *options)
{
  tdbg_compare_options_init (options);
  options->b_growing = self->compare_b_grew && tdbg_run_get_following (self->run);
}

/* Made while run B was thought finished, and run B seen growing since (its worker may have
 * read run B after the growth): the twins it has not recorded yet would be called missing. The
 * comparison asked for since is waited for instead. */
static gboolean
made_for_other_options (TdbgWindow *self, TdbgComparison *comparison)
{
  TdbgCompareOptions now;

  options_init (self, &now);
  return comparison->options.b_growing != now.b_growing && self->recompare_again;
}

static void
recompared_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  TdbgWindow *self = TDBG_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(Compared) compared = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->recompare_cancellable || self->panes == NULL ||
      self->comparison == NULL)
    return;
  g_clear_object (&self->recompare_cancellable);
  /* A record that cannot be read again: the comparison shown stays, the next growth retries. */
  if (compared == NULL)
    g_debug ("comparing again: %s", error->message);
  else if (compared->comparison->a == tdbg_selection_get_logdir (self->selection) &&
           compared->comparison->b == self->comparison->b && !made_for_other_options (self, compared->comparison))
    show_comparison (self, g_steal_pointer (&compared));
  if (self->recompare_again)
    recompare (self);
}

/* A worker comparing run A as shown with run B as loaded, with @cancellable. */
static void
run_comparison (TdbgWindow *self, GCancellable *cancellable, GAsyncReadyCallback callback)
{
  CompareJob *job = g_new0 (CompareJob, 1);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, NULL);

  job->a = g_object_ref (tdbg_selection_get_logdir (self->selection));
  job->b = g_object_ref (tdbg_run_get_logdir (self->compare_run));
  job->name_b = tdbg_display_location (tdbg_run_get_location (self->compare_run));
  options_init (self, &job->options);
  g_task_set_task_data (task, job, (GDestroyNotify) compare_job_free);
  g_task_run_in_thread (task, compare_thread);
}

/* The comparison redone on the runs as they are now, in a worker; the one shown stays until
 * it is in (no flicker), and growth meanwhile redoes it once more after. */
static void
recompare (TdbgWindow *self)
{
  if (self->comparison == NULL || self->comparison->a != tdbg_selection_get_logdir (self->selection))
    return;
  if (self->recompare_cancellable)
    {
      self->recompare_again = TRUE;
      return;
    }
  self->recompare_again = FALSE;
  self->recompare_cancellable = g_cancellable_new ();
  run_comparison (self, self->recompare_cancellable, recompared_cb);
}

/* Either run grew: the pair compared again. Run B seen growing is being written: what it lacks
 * is awaited from then on. */
static void
grew_cb (TdbgRun *run, const TdbgLogdirCounts *before, gpointer data)
{
  TdbgWindow *self = data;

  if (run == self->compare_run)
    self->compare_b_grew = TRUE;
  recompare (self);
}

/* Following turned on or off: what run B lacks is awaited or missing. */
static void
follow_toggled_cb (TdbgRun *run, GParamSpec *pspec, gpointer data)
{
  TdbgWindow *self = data;

  if (self->compare_b_grew)
    recompare (self);
}

/* Once a comparison is shown: run B followed with the shown run, by the one Follow. */
static void
follow_both (TdbgWindow *self, TdbgComparison *comparison)
{
  if (self->compare_following)
    return;
  self->compare_following = g_object_bind_property (self->run, "following", self->compare_run, "following",
                                                    G_BINDING_SYNC_CREATE);
  g_signal_connect (self->compare_run, "grew", G_CALLBACK (grew_cb), self);
  self->compare_a_grew_id = g_signal_connect (self->run, "grew", G_CALLBACK (grew_cb), self);
  self->compare_toggled_id = g_signal_connect (self->run, "notify::following", G_CALLBACK (follow_toggled_cb), self);
  /* The shown run grew while it was first compared. */
  if (tdbg_logdir_get_n_traces (comparison->a) != comparison->n_a)
    recompare (self);
  gtk_widget_set_tooltip_text (self->follow_button,
                               _("Follow both runs compared while they are written: the comparison is brought "
                                 "up to date as either grows, and what run B has not recorded yet waits for it "
                                 "instead of diverging"));
}

/* Run B could not be loaded, or the pair compared: said as a failed load is. */
static void
fail (TdbgWindow *self, const char *why)
{
  g_autofree char *name = tdbg_display_location (tdbg_run_get_location (self->compare_run));
  /* Translators: the run the shown one was to be compared with, and why it could not be */
  g_autofree char *message = g_strdup_printf (_("%s cannot be compared with this run: %s"), name, why);

  _tdbg_window_compare_cancel (self);
  _tdbg_window_progress_end (self);
  _tdbg_window_set_load_error (self, message);
  _tdbg_window_update_status (self);
}

static void
compare_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  TdbgWindow *self = TDBG_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(Compared) compared = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled, or another comparison (or logdir) came since. */
  if (g_task_get_cancellable (G_TASK (result)) != self->comparing || self->panes == NULL)
    return;
  g_clear_object (&self->comparing);
  _tdbg_window_progress_end (self);
  if (compared != NULL && compared->comparison->a == tdbg_selection_get_logdir (self->selection))
    show_comparison (self, g_steal_pointer (&compared));
  else if (error != NULL)
    fail (self, error->message);
}

/* Run B is in (or could not be had): the pair compared in a worker. */
static void
run_b_loaded_cb (TdbgRun *run, const GError *error, TdbgWindow *self)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL)
    {
      fail (self, error->message);
      return;
    }
  self->comparing = g_cancellable_new ();
  run_comparison (self, self->comparing, compare_done_cb);
}

static gboolean
is_no_folder (TdbgDiagnosisKind kind)
{
  return kind == TDBG_DIAGNOSIS_NOT_FOUND || kind == TDBG_DIAGNOSIS_NOT_A_DIRECTORY;
}

static void
begin (TdbgWindow *self, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse (text, &error);

  _tdbg_window_compare_clear (self);
  /* Back to the run alone meanwhile. */
  tdbg_trace_pane_set_comparison (tdbg_window_get_trace_pane (self), NULL);
  tdbg_graph_pane_set_twins (tdbg_window_get_graph_pane (self), NULL);
  tdbg_stack_pane_set_twins (tdbg_window_get_stack_pane (self), NULL);
  tdbg_alerts_pane_set_comparison (tdbg_window_get_alerts_pane (self), NULL, NULL, 0);
  if (location)
    tdbg_location_make_absolute (location);
  /* Run B is followed only once compared (follow_both()). */
  self->compare_run = tdbg_run_new ();
  tdbg_run_set_following (self->compare_run, FALSE);
  g_signal_connect (self->compare_run, "loaded", G_CALLBACK (run_b_loaded_cb), self);
  tdbg_run_begin (self->compare_run, location ? tdbg_location_get_text (location) : text);
  _tdbg_window_progress_begin (self, "");
  _tdbg_window_compare_show_progress (self);
  if (location == NULL)
    fail (self, error->message);
  else if (is_no_folder (tdbg_diagnose_location (location)))
    fail (self, _("it is not a folder"));
  else
    _tdbg_window_open_run (self, self->compare_run, location, 0);
}

void
tdbg_window_compare (TdbgWindow *self, const char *location)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  /* A logdir still loading is compared once it is in. */
  if (tdbg_window_is_loading (self) || tdbg_selection_get_logdir (self->selection) == NULL)
    {
      g_free (self->compare_pending);
      self->compare_pending = g_strdup (location);
      return;
    }
  begin (self, location);
}

void
tdbg_window_open_compare (TdbgWindow *self, const char *location_a, const char *location_b)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  tdbg_window_open_location (self, location_a);
  g_free (self->compare_pending);
  self->compare_pending = g_strdup (location_b);
}

void
_tdbg_window_compare_loaded (TdbgWindow *self)
{
  g_autofree char *pending = g_steal_pointer (&self->compare_pending);

  _tdbg_window_enable_logdir_buttons (self);
  if (pending)
    begin (self, pending);
}

void
_tdbg_window_compare_append_status (TdbgWindow *self, GString *s)
{
  g_autofree char *name = NULL;

  if (self->comparison == NULL || self->comparison->a != tdbg_selection_get_logdir (self->selection))
    return;
  name = tdbg_display_location (tdbg_run_get_location (self->compare_run));
  /* Translators: compare mode, at the end of the status line: the run compared with, and how
   * many traces of this run diverge from their twins there */
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "; compared with %s: %'" PRIu64 " trace diverges",
                                          "; compared with %s: %'" PRIu64 " traces diverge",
                                          self->comparison->diverging_traces),
                          name, self->comparison->diverging_traces);
}

static void
chosen_cb (GtkNativeDialog *chooser, int response, TdbgWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      if (path)
        tdbg_window_compare (self, path);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

void
_tdbg_window_compare_with_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Compare With"), GTK_WINDOW (widget),
                                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Compare"),
                                                               _("_Cancel"));
  g_signal_connect (chooser, "response", G_CALLBACK (chosen_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* "In run B: file:line" in Stack Trace: run B's file in Source Code, at that line. */
static void
open_run_b_line_cb (TdbgStackPane *stack, guint file, int line, TdbgWindow *self)
{
  if (self->comparison)
    tdbg_source_pane_show_run_b_line (tdbg_window_get_source_pane (self), self->comparison->b, file, line);
}

void
_tdbg_window_compare_init (TdbgWindow *self)
{
  g_signal_connect_object (tdbg_window_get_stack_pane (self), "open-run-b-line", G_CALLBACK (open_run_b_line_cb), self,
                           0);
}

TdbgComparison *
tdbg_window_get_comparison (TdbgWindow *self)
{
  return self->comparison;
}

gboolean
tdbg_window_is_comparing (TdbgWindow *self)
{
  return self->compare_pending != NULL || self->comparing != NULL ||
         (self->compare_run != NULL && tdbg_run_get_cancellable (self->compare_run) != NULL);
}
