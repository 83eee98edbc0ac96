/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loading benchmark: a tutorial-shaped FULL_HEALTH logdir of about 1,000,000 graph execution
 * traces and 160,000 executions, written by the project's fixture writer, loaded in full
 * (index, links, alerts) several times with a warm page cache. Prints figures; asserts
 * nothing about time. */

#include <malloc.h>
#include <stdio.h>
#include <sys/resource.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-crc32c.h"
#include "tdbg-logdir.h"

static guint opt_steps = 10000;
static guint opt_runs = 7;
static char *opt_dir;

static const GOptionEntry entries[] = {
  { "steps", 0, 0, G_OPTION_ARG_INT, &opt_steps, "Training steps in the logdir (10000: about 1,000,000 traces)", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Timed loads", "N" },
  { "dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_dir, "Where the logdir is written (reused when present)", "DIR" },
  { NULL }
};

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

static guint64
logdir_bytes (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint64 total = 0;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GStatBuf st;
      if (g_stat (path, &st) == 0)
        total += st.st_size;
    }
  return total;
}

/* The floor a load is held against: CRC32C over every byte of the logdir's files (the least a
 * reader that checks every record must do), on both cores like the load, the files mapped and
 * warm. Each file is cut in two so that both threads have work however the sizes fall. */
typedef struct {
  GPtrArray *chunks;   /* GBytes*, the thread's share */
  guint32 crc;
} CrcShare;

static gpointer
crc_share (gpointer data)
{
  CrcShare *share = data;
  for (guint i = 0; i < share->chunks->len; i++)
    {
      gsize length;
      const guint8 *p = g_bytes_get_data (g_ptr_array_index (share->chunks, i), &length);
      share->crc ^= tdbg_crc32c (p, length);
    }
  return NULL;
}

static double
crc_floor_seconds (GPtrArray *mappings)
{
  CrcShare shares[2] = { { g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref), 0 },
                         { g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref), 0 } };
  GThread *other;
  gint64 start;
  double seconds;

  for (guint i = 0; i < mappings->len; i++)
    {
      GBytes *whole = g_ptr_array_index (mappings, i);
      gsize size = g_bytes_get_size (whole), half = size / 2;
      g_ptr_array_add (shares[0].chunks, g_bytes_new_from_bytes (whole, 0, half));
      g_ptr_array_add (shares[1].chunks, g_bytes_new_from_bytes (whole, half, size - half));
    }
  start = g_get_monotonic_time ();
  other = g_thread_new ("crc", crc_share, &shares[1]);
  crc_share (&shares[0]);
  g_thread_join (other);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_ptr_array_unref (shares[0].chunks);
  g_ptr_array_unref (shares[1].chunks);
  return seconds;
}

static GPtrArray *
map_files (const char *dir)
{
  GPtrArray *mappings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GMappedFile *mapped = g_str_has_prefix (name, "tfdbg_events.") ? g_mapped_file_new (path, FALSE, NULL) : NULL;
      if (mapped)
        {
          g_ptr_array_add (mappings, g_mapped_file_get_bytes (mapped));
          g_mapped_file_unref (mapped);
        }
    }
  return mappings;
}

static void
ensure_logdir (const char *dir)
{
  g_autofree char *stamp = g_build_filename (dir, "bench-steps", NULL);
  g_autofree char *steps = g_strdup_printf ("%u", opt_steps);
  g_autofree char *have = NULL;
  g_autoptr(GError) error = NULL;
  TdbgDemoOptions options = { opt_steps, (gint) opt_steps / 2, "bench-host", 1720000000 };
  gint64 start;

  if (g_file_get_contents (stamp, &have, NULL, NULL) && g_str_equal (have, steps))
    return;
  g_mkdir_with_parents (dir, 0755);
  start = g_get_monotonic_time ();
  if (!tdbg_fixture_write_demo (dir, &options, &error))
    g_error ("writing %s: %s", dir, error->message);
  g_file_set_contents (stamp, steps, -1, NULL);
  printf ("# wrote %s in %.2f s\n", dir, (g_get_monotonic_time () - start) / 1e6);
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— logdir loading benchmark");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) load_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) refresh_times = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_traces = 0, n_executions = 0, n_alerts = 0;
  gsize index_bytes = 0;
  guint64 bytes;
  struct rusage usage;
  g_autoptr(GArray) floor_times = g_array_new (FALSE, FALSE, sizeof (double));
  double load, refresh, crc_floor;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (opt_dir == NULL)
    opt_dir = g_build_filename (g_get_tmp_dir (), "tfdbg-gtk-bench-logdir", NULL);
  ensure_logdir (opt_dir);
  bytes = logdir_bytes (opt_dir);

  for (guint run = 0; run <= opt_runs; run++)
    {
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (opt_dir);
      struct mallinfo2 before = mallinfo2 (), after;
      gint64 start = g_get_monotonic_time ();
      double seconds;
      if (!tdbg_logdir_load (logdir, NULL, &error))
        g_error ("%s", error->message);
      after = mallinfo2 ();
      /* Heap held by the loaded logdir (the files themselves are mapped, not copied). */
      index_bytes = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
      seconds = (g_get_monotonic_time () - start) / 1e6;
      if (run > 0) /* the first run warms the page cache */
        g_array_append_val (load_times, seconds);
      n_traces = tdbg_logdir_get_n_traces (logdir);
      n_executions = tdbg_logdir_get_n_executions (logdir);
      n_alerts = tdbg_logdir_get_n_alerts (logdir);
      if (run == opt_runs)
        for (guint r = 0; r < 21; r++)
          {
            start = g_get_monotonic_time ();
            tdbg_logdir_refresh (logdir, NULL, NULL, NULL);
            seconds = (g_get_monotonic_time () - start) / 1e6;
            g_array_append_val (refresh_times, seconds);
          }
    }
  {
    g_autoptr(GPtrArray) mappings = map_files (opt_dir);
    for (guint run = 0; run <= opt_runs; run++)
      {
        double seconds = crc_floor_seconds (mappings);
        if (run > 0)
          g_array_append_val (floor_times, seconds);
      }
  }
  getrusage (RUSAGE_SELF, &usage);
  crc_floor = median (floor_times);
  load = median (load_times);
  refresh = median (refresh_times);

  printf ("logdir: %s (%.1f MB)\n", opt_dir, bytes / 1e6);
  printf ("graph execution traces: %u, executions: %u, alerts: %u\n", n_traces, n_executions, n_alerts);
  printf ("full load, median of %u warm runs: %.3f s (min %.3f, max %.3f)\n", load_times->len, load,
          g_array_index (load_times, double, 0), g_array_index (load_times, double, load_times->len - 1));
  printf ("CRC-scan floor (CRC32C of every byte on both cores), median: %.3f s\n", crc_floor);
  printf ("load / CRC floor: %.2f\n", load / crc_floor);
  printf ("records/s: %.0f\n", (n_traces + n_executions) / load);
  printf ("MB/s: %.0f\n", bytes / 1e6 / load);
  printf ("index memory: %.1f MB in all, %.1f bytes per trace (digests of %zu bytes per trace and %zu per execution, tables, strings)\n",
          index_bytes / 1e6, (double) index_bytes / MAX (n_traces, 1), sizeof (TdbgTraceDigest), sizeof (TdbgExecutionDigest));
  printf ("peak RSS: %.1f MB (includes the memory-mapped files)\n", usage.ru_maxrss / 1024.0);
  printf ("refresh with nothing new, median of %u: %.3f ms\n", refresh_times->len, refresh * 1e3);
  return 0;
}
