/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `tfdbg-gtk watch`: follows a run while it trains and prints each alert as it appears, a
 * job script's guard beside the training (`tfdbg-gtk watch --exit-on-alert DIR & python …`). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-report.h"
#include "libtdbg-analysis.h"
#include "libtdbg-data.h"
#include "libtdbg-watch.h"

#define USEC_PER_SEC G_USEC_PER_SEC
/* The hint about TensorFlow's circular buffer comes after this long with graphs and no
 * records (or half the idle timeout, when that is shorter). */
#define HELD_BACK_AFTER_S 30

typedef struct {
  gboolean exit_on_alert;
  double idle_timeout;    /* seconds; 0: never */
  double interval;        /* seconds between looks */
  double magnitude_threshold;
} WatchOptions;

static void
json_first_of_kind (TdbgJson *j, gpointer data)
{
  tdbg_json_key (j, "first_of_kind");
  tdbg_json_bool (j, GPOINTER_TO_INT (data));
}

static void
print_news (TdbgLogdir *logdir, const TdbgWatchNews *news)
{
  if (_tdbg_cli_opt_json)
    {
      TdbgJson *j = tdbg_json_new (FALSE);
      tdbg_report_alert_json (j, logdir, &news->alert, json_first_of_kind, GINT_TO_POINTER (news->first_of_kind));
      _tdbg_cli_print_json (j);
    }
  else
    {
      g_autofree char *line = tdbg_report_describe_alert (logdir, &news->alert);
      printf ("%s\n", line);
    }
  fflush (stdout);
}

static void
print_held_back (const char *path)
{
  g_printerr (_("%s has graphs but no traces or executions yet: TensorFlow keeps them in its circular buffer "
                "(1,000 records by default) until it flushes or exits. To see each as it happens, pass "
                "circular_buffer_size=-1 to tf.debugging.experimental.enable_dump_debug_info().\n"), path);
}

static gboolean
is_unreadable (TdbgLogdir *logdir)
{
  g_autofree char *why = tdbg_diagnose_unreadable (logdir);
  return why != NULL;
}

/* Problems found since the last call (a file that shrank and is no longer followed, a damaged
 * record), each named on stderr as inspect names them: a watch never loses a file in silence. */
static void
print_new_problems (TdbgLogdir *logdir, guint *n_told)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);

  /* A read failure that cleared is withdrawn from the list: what comes after it is new. */
  *n_told = MIN (*n_told, problems->len);
  for (; *n_told < problems->len; (*n_told)++)
    {
      g_autofree char *line = _tdbg_cli_describe_problem (g_ptr_array_index (problems, *n_told));
      g_printerr ("%s", line);
    }
}

/* A watch that ends with nothing printed says so, that an empty stdout is not taken for a
 * watch that never ran: what it watched, for how long, and what it read. */
static void
print_nothing_found (TdbgLogdir *logdir, const char *path, double seconds, const WatchOptions *options)
{
  g_printerr (_("Watched %s for %.0f s: no alerts in its %u graph execution traces and %u executions; "
                "it had not grown for %g s when the watch ended.\n"),
              path, seconds, tdbg_logdir_get_n_traces (logdir), tdbg_logdir_get_n_executions (logdir),
              options->idle_timeout);
}

/* A local logdir that does not exist yet is waited for (the run may start after the watch);
 * FALSE once @deadline (monotonic µs, 0: none) passed without it. */
static gboolean
wait_for_local_logdir (const char *path, const WatchOptions *options, gint64 deadline)
{
  g_autoptr(TdbgLocation) location = tdbg_location_parse (path, NULL);
  gboolean said = FALSE;

  if (location == NULL || tdbg_location_is_remote (location))
    return TRUE;
  while (!g_file_test (tdbg_location_get_path (location), G_FILE_TEST_IS_DIR))
    {
      if (deadline > 0 && g_get_monotonic_time () >= deadline)
        return FALSE;
      if (!said)
        g_printerr (_("Waiting for %s to appear…\n"), path);
      said = TRUE;
      g_usleep ((gulong) (options->interval * USEC_PER_SEC));
    }
  return TRUE;
}

/* The loaded logdir at @path. A folder with no tfdbg2 files in it yet is looked at again until
 * @deadline (monotonic µs, 0: none): a job script makes the folder before the run starts, and
 * TensorFlow makes it a moment before its files, so at first sight an empty folder is a run
 * about to be written, not a mistake. NULL after saying why not. */
static TdbgLogdir *
open_when_written (const char *path, const WatchOptions *options, gint64 deadline)
{
  g_autoptr(TdbgSource) source = _tdbg_cli_open_source (path);
  gboolean said = FALSE;

  if (source == NULL)
    return NULL;
  for (;;)
    {
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new (source);
      g_autoptr(GError) error = NULL;

      if (tdbg_logdir_load (logdir, NULL, &error))
        return g_steal_pointer (&logdir);
      if (!g_error_matches (error, TDBG_ERROR, TDBG_ERROR_NOT_A_LOGDIR) ||
          (deadline > 0 && g_get_monotonic_time () >= deadline))
        {
          g_printerr ("%s\n", error->message);
          return NULL;
        }
      if (!said)
        g_printerr (_("Waiting for TensorFlow to write into %s…\n"), path);
      said = TRUE;
      g_usleep ((gulong) (options->interval * USEC_PER_SEC));
    }
}

/* Follows @logdir until an alert ends it (--exit-on-alert), it stops growing for the idle
 * timeout, or it cannot be read; returns the exit status. */
static int
follow (TdbgLogdir *logdir, const char *path, const WatchOptions *options)
{
  g_autoptr(TdbgWatch) watch = tdbg_watch_new (logdir, options->magnitude_threshold, g_get_monotonic_time ());
  gint64 held_back_after = HELD_BACK_AFTER_S * USEC_PER_SEC;
  gint64 start = g_get_monotonic_time ();
  gboolean told_held_back = FALSE;
  guint n_printed = 0, n_problems_told = 0;

  if (options->idle_timeout > 0)
    held_back_after = MIN (held_back_after, (gint64) (options->idle_timeout * USEC_PER_SEC / 2));
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      gint64 now = g_get_monotonic_time ();
      g_autoptr(GArray) news = tdbg_watch_step (watch, now);

      print_new_problems (logdir, &n_problems_told);
      n_printed += news->len;
      for (guint i = 0; i < news->len; i++)
        {
          const TdbgWatchNews *n = &g_array_index (news, TdbgWatchNews, i);
          print_news (logdir, n);
          if (options->exit_on_alert && n->alert.type == TDBG_ALERT_INF_NAN)
            return 1;
        }
      /* Files of garbage hold no records either: the damage is the reason, not the buffer. */
      if (!told_held_back && tdbg_watch_is_held_back (watch, now, held_back_after) && !is_unreadable (logdir))
        {
          print_held_back (path);
          told_held_back = TRUE;
        }
      if (options->idle_timeout > 0 && tdbg_watch_get_idle (watch, now) >= options->idle_timeout * USEC_PER_SEC)
        break;
      g_usleep ((gulong) (options->interval * USEC_PER_SEC));
      if (!tdbg_logdir_refresh (logdir, NULL, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
    }
  /* The run stopped growing: the status says whether it went bad, as `alerts` does, or that
   * it could not tell (garbage where its records should be). */
  if (!_tdbg_cli_check_readable (logdir, path, FALSE))
    return 2;
  print_new_problems (logdir, &n_problems_told);
  if (n_printed == 0)
    print_nothing_found (logdir, path, (g_get_monotonic_time () - start) / (double) USEC_PER_SEC, options);
  if (tdbg_watch_get_n_inf_nan (watch) > 0)
    return 1;
  /* No NaN/∞ seen, but not all of the run was read: a CI job must not take that for a clean run. */
  if (tdbg_logdir_get_problems (logdir)->len > 0)
    return 2;
  return _tdbg_cli_status_of_none (logdir, path);
}

int
_tdbg_cli_watch (int argc, char **argv)
{
  static WatchOptions options = { FALSE, 300, 1, TDBG_MAGNITUDE_THRESHOLD_DEFAULT };
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &_tdbg_cli_opt_json, N_("Print each alert as a JSON object on a line of its own"), NULL },
    { "exit-on-alert", 0, 0, G_OPTION_ARG_NONE, &options.exit_on_alert,
      N_("Exit with status 1 at the first NaN/∞ alert (after printing it)"), NULL },
    { "idle-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &options.idle_timeout,
      N_("Stop when the run has not grown for this long (default 300; 0: never)"), N_("SECONDS") },
    { "interval", 0, 0, G_OPTION_ARG_DOUBLE, &options.interval, N_("Look for new records this often (default 1)"), N_("SECONDS") },
    { "magnitude-threshold", 0, 0, G_OPTION_ARG_DOUBLE, &options.magnitude_threshold,
      N_("Exploding magnitude: the largest |x| a FULL_TENSOR value may reach (default 1e6)"), N_("X") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  gint64 deadline = 0;

  if (!_tdbg_cli_parse_args (&argc, &argv,
                             _("LOGDIR — follow a run and print each alert as it appears; exit status 0 when it stopped "
                               "growing with no NaN/∞, 1 with NaN/∞ (at once with --exit-on-alert), 2 unreadable, 3 recorded "
                               "in modes that cannot tell"),
                             entries, 1))
    return 2;
  if (options.interval <= 0 || options.idle_timeout < 0)
    {
      g_printerr (_("--interval must be above 0 and --idle-timeout 0 or more\n"));
      return 2;
    }
  /* Waiting for the run to start counts as idle: both waits end at the idle timeout. */
  if (options.idle_timeout > 0)
    deadline = g_get_monotonic_time () + (gint64) (options.idle_timeout * USEC_PER_SEC);
  if (!wait_for_local_logdir (argv[1], &options, deadline))
    {
      g_printerr (_("%s: no such directory appeared within %g s\n"), argv[1], options.idle_timeout);
      return 2;
    }
  if ((logdir = open_when_written (argv[1], &options, deadline)) == NULL)
    return 2;
  return follow (logdir, argv[1], &options);
}
