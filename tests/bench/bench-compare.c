/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparison benchmark: two tutorial-shaped FULL_HEALTH runs of about 1,000,000 graph
 * execution traces each (the load benchmark's logdir, and a second run of the same program
 * from another host whose first NaN comes later), loaded, then compared in full (every pair
 * of traces read and compared, the eager executions up to their first divergence), with a
 * warm page cache. Prints the median times, the comparison against loading both, and the
 * peak memory of the comparison. Asserts nothing about time. */

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-compare.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-logdir.h"

static guint opt_steps = 10000;
static guint opt_runs = 5;
static char *opt_dir;

static const GOptionEntry entries[] = {
  { "steps", 0, 0, G_OPTION_ARG_INT, &opt_steps, "Training steps in each run (10000: about 1,000,000 traces)", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Timed loads and comparisons", "N" },
  { "dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_dir, "Run A (the load benchmark's logdir, reused when present); run B goes beside it", "DIR" },
  { NULL }
};

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* A line of /proc/self/status in kB ("VmHWM"), -1 when absent. */
static gint64
status_kb (const char *key)
{
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL) || (line = strstr (text, key)) == NULL)
    return -1;
  return g_ascii_strtoll (line + strlen (key) + 1, NULL, 10);
}

/* Starts a new peak: the resident set's high-water mark falls back to what is resident now. */
static void
reset_peak (void)
{
  g_file_set_contents ("/proc/self/clear_refs", "5", -1, NULL);
}

static void
ensure_run_a (const char *dir)
{
  g_autoptr(GError) error = NULL;
  gboolean wrote;
  gint64 start = g_get_monotonic_time ();

  if (!tdbg_fixture_ensure_demo (dir, opt_steps, &wrote, &error))
    {
      /* A refusal (a folder of someone else's), not a crash of the benchmark. */
      g_printerr ("%s\n", error->message);
      exit (2);
    }
  if (wrote)
    printf ("# wrote %s in %.2f s\n", dir, (g_get_monotonic_time () - start) / 1e6);
}

/* The same program on another host, its first NaN three quarters of the way in (run A's is
 * halfway): the runs first part halfway. */
static void
ensure_run_b (const char *dir)
{
  g_autofree char *stamp = g_build_filename (dir, "bench-steps", NULL);
  g_autofree char *steps = g_strdup_printf ("%u", opt_steps);
  g_autofree char *have = NULL;
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions options = { opt_steps, (gint) (opt_steps * 3 / 4), "bench-host-b", 1720500000 };
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GDir) entries_dir = NULL;
  const char *name;

  if (g_file_get_contents (stamp, &have, NULL, NULL) && g_str_equal (have, steps))
    return;
  g_mkdir_with_parents (dir, 0755);
  if ((entries_dir = g_dir_open (dir, 0, NULL)) != NULL)
    while ((name = g_dir_read_name (entries_dir)) != NULL)
      if (g_str_has_prefix (name, "tfdbg_events.") || g_str_equal (name, "bench-steps"))
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_unlink (path);
        }
  if (!tdbg_fixture_write_demo (dir, &options, &error) || !g_file_set_contents (stamp, steps, -1, &error))
    g_error ("writing %s: %s", dir, error->message);
  printf ("# wrote %s in %.2f s\n", dir, (g_get_monotonic_time () - start) / 1e6);
}

static TdbgLogdir *
load (const char *dir, double *seconds)
{
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir = tdbg_logdir_new_for_path (dir);
  gint64 start = g_get_monotonic_time ();

  if (!tdbg_logdir_load (logdir, NULL, &error))
    g_error ("loading %s: %s", dir, error->message);
  *seconds = (g_get_monotonic_time () - start) / 1e6;
  return logdir;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— compare two runs of about 1,000,000 traces");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) loads = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) compares = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir_a = NULL, *dir_b = NULL;
  g_autoptr(TdbgLogdir) a = NULL, b = NULL;
  gint64 loaded_kb = -1, peak_kb = -1;
  guint64 n_a = 0, n_b = 0;
  double load_time, compare_time;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  dir_a = g_strdup (opt_dir ? opt_dir : "bench-logdir");
  dir_b = g_strconcat (dir_a, "-b", NULL);
  ensure_run_a (dir_a);
  ensure_run_b (dir_b);

  /* Once to warm the page cache, then timed in turns, so that both see the same machine:
   * loading both runs, then comparing the two just loaded. */
  for (guint run = 0; run <= opt_runs; run++)
    {
      g_autoptr(TdbgComparison) c = NULL;
      double ta, tb;
      gint64 start;

      g_clear_object (&a);
      g_clear_object (&b);
      a = load (dir_a, &ta);
      b = load (dir_b, &tb);
      if (run > 0)
        g_array_append_vals (loads, (double[]) { ta + tb }, 1);
      n_a = tdbg_logdir_get_n_traces (a);
      n_b = tdbg_logdir_get_n_traces (b);
      loaded_kb = status_kb ("VmRSS:");
      reset_peak ();
      start = g_get_monotonic_time ();
      c = tdbg_comparison_new (a, b, NULL, NULL, &error);
      if (c == NULL)
        g_error ("comparing: %s", error->message);
      if (run > 0)
        {
          double seconds = (g_get_monotonic_time () - start) / 1e6;
          g_array_append_vals (compares, &seconds, 1);
          seconds /= ta + tb;
          g_array_append_vals (ratios, &seconds, 1);
        }
      peak_kb = status_kb ("VmHWM:");
      if (run == opt_runs)
        printf ("first divergence: %s at trace %u of run A (%" G_GUINT64_FORMAT " pairs up to it, %" G_GUINT64_FORMAT
                " compared, %" G_GUINT64_FORMAT " differ), %u ops\n",
                tdbg_divergence_kind_code (c->first.kind) ? tdbg_divergence_kind_code (c->first.kind) : "none",
                c->first.a, c->compared_traces, c->compared_all, c->diverging_traces, c->ops->len);
    }
  load_time = median (loads);
  compare_time = median (compares);
  printf ("runs: %" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT " graph execution traces\n", n_a, n_b);
  printf ("load both (median of %u): %.3f s\n", opt_runs, load_time);
  printf ("compare (median of %u, each after its load): %.3f s = %.2f × loading both (budget 2); median of the runs' "
          "own ratios %.2f\n", opt_runs, compare_time, compare_time / load_time, median (ratios));
  printf ("memory: %.1f MB resident with both runs loaded; peak while comparing %.1f MB (+%.1f MB, %.1f bytes "
          "per trace of run A; page cache of the files read included)\n",
          loaded_kb / 1024.0, peak_kb / 1024.0, (peak_kb - loaded_kb) / 1024.0,
          (peak_kb - loaded_kb) * 1024.0 / MAX (n_a, 1));
  return 0;
}
