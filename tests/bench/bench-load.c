/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loading benchmark: a tutorial-shaped FULL_HEALTH logdir of about 1,000,000 graph execution
 * traces and 160,000 executions (and, with --large-dir, one of about 10,000,000 traces and
 * 1,600,000 executions: 3.5 GB), written by the project's fixture writer, and with --tf-dir one
 * that TensorFlow wrote (tests/bench/bench-load-tf.py makes it), loaded in full
 * (index, links, alerts) several times with a warm page cache, each load next to a CRC-scan
 * of the same files so that both see the same machine. Prints figures; asserts nothing
 * about time. */

#include <malloc.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-crc32c.h"
#include "tdbg-logdir.h"
#include "tdbg-trace-sort.h"

static guint opt_steps = 10000;
static guint opt_large_steps = 100000;
static guint opt_huge_steps = 1000000;
static guint opt_runs = 7;
static char *opt_dir;
static char *opt_large_dir;
static char *opt_huge_dir;
static char *opt_tf_dir;
static gboolean opt_write_only;
static gboolean opt_floor_only;
static char *opt_cli;

static const GOptionEntry entries[] = {
  { "steps", 0, 0, G_OPTION_ARG_INT, &opt_steps, "Training steps in the logdir (10000: about 1,000,000 traces)", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Timed loads", "N" },
  { "dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_dir, "Where the logdir is written (reused when present)", "DIR" },
  { "large-dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_large_dir,
    "Also load a large logdir written here (3.5 GB of disk; default $TDBG_BENCH_LARGE_DIR, none when unset)", "DIR" },
  { "tf-dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_tf_dir,
    "Also load a logdir TensorFlow wrote, found here (never written by this program)", "DIR" },
  { "cli", 0, 0, G_OPTION_ARG_FILENAME, &opt_cli,
    "Also time `PROGRAM inspect --json` on each logdir as a new process, beside the floor", "PROGRAM" },
  { "huge-dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_huge_dir,
    "Also load a logdir of about 100,000,000 traces written here when its disk has room (36 GB; default $TDBG_BENCH_HUGE_DIR, none when unset)", "DIR" },
  { "huge-steps", 0, 0, G_OPTION_ARG_INT, &opt_huge_steps, "Training steps in the huge logdir (1000000)", "N" },
  { "large-steps", 0, 0, G_OPTION_ARG_INT, &opt_large_steps, "Training steps in the large logdir (100000: about 10,000,000 traces)", "N" },
  { "write-only", 0, 0, G_OPTION_ARG_NONE, &opt_write_only, "Only write the logdir (when absent) and print where it is", NULL },
  { "floor-only", 0, 0, G_OPTION_ARG_NONE, &opt_floor_only,
    "Only time the CRC-scan floor of the logdir at --dir, which may be any logdir (nothing is written), and print it as JSON", NULL },
  { NULL }
};

/* What one logdir's benchmark found. */
typedef struct {
  const char *dir;
  guint64 bytes;
  guint n_traces, n_executions, n_alerts;
  double load, load_min, load_max, crc_floor;
  double warm_floor;            /* the same scan over mappings kept from an earlier run */
  double one_core_floor;        /* the fresh scan on one core */
  double load_cpu, floor_cpu;   /* CPU seconds of both cores, medians */
  double refresh;
  double inspect, inspect_floor;   /* `inspect --json` as a new process, and the floor beside it */
  guint inspect_runs;
  double sort[TDBG_TRACE_N_SORTS];  /* seconds to sort every trace by each key, its own way */
  gsize index_bytes;
} Figures;

static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

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
 * reader that checks every record must do), on both cores like the load. The floor opens and
 * maps the files afresh each time, as the load does and as any reader in a new process must
 * (a new mapping costs the kernel a page-table entry per page, two fifths of the floor's
 * time); the same scan over mappings kept from an earlier run is printed beside it. Each file
 * is cut in two so that both threads have work however the sizes fall. */
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
crc_floor_seconds (GPtrArray *mappings, guint n_threads)
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
      g_ptr_array_add (shares[n_threads - 1].chunks, g_bytes_new_from_bytes (whole, half, size - half));
    }
  start = g_get_monotonic_time ();
  other = n_threads > 1 ? g_thread_new ("crc", crc_share, &shares[1]) : NULL;
  crc_share (&shares[0]);
  if (other)
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

/* The floor proper: the files mapped anew, then scanned. Unmapping is left out, as the load's
 * time leaves out the logdir's freeing. */
static double
fresh_crc_floor_seconds (const char *dir, guint n_threads, double *cpu)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_seconds ();
  g_autoptr(GPtrArray) mappings = map_files (dir);
  double seconds;

  crc_floor_seconds (mappings, n_threads);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  *cpu = cpu_seconds () - cpu_start;
  return seconds;
}

/* `inspect --json` as a person or a CI job runs it: a new process that starts, loads, answers
 * and exits, each run followed by the floor, so that both see the same machine. */
static void
time_inspect (const char *dir, guint runs, Figures *f)
{
  const char *argv[] = { opt_cli, "inspect", "--json", dir, NULL };
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floors = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint run = 0; run <= runs; run++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      double seconds, cpu;
      int status;

      /* Descriptors left open: GLib then starts the program with posix_spawn(), where closing
       * them made it fork this process and copy the page tables of everything it maps. */
      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_LEAVE_DESCRIPTORS_OPEN, NULL, NULL,
                         NULL, NULL, &status, &error))
        g_error ("%s: %s", opt_cli, error->message);
      seconds = (g_get_monotonic_time () - start) / 1e6;
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("%s inspect --json %s: exit status %d", opt_cli, dir, status);
      if (run == 0) /* the first run warms the program's own pages */
        continue;
      g_array_append_val (times, seconds);
      seconds = fresh_crc_floor_seconds (dir, 2, &cpu);
      g_array_append_val (floors, seconds);
    }
  f->inspect = median (times);
  f->inspect_floor = median (floors);
  f->inspect_runs = runs;
}

/* Whether the huge logdir is there, or its disk has room to write it (with 2 GB to spare);
 * says why not. Its size is foretold from the 1 M-trace one's, ten thousand steps. */
static gboolean
huge_logdir_fits (const char *dir, guint n_steps)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) parent = g_file_get_parent (folder);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  gboolean exists = g_file_query_exists (folder, NULL);
  guint64 needed = (guint64) ((double) logdir_bytes (opt_dir) * n_steps / opt_steps) + ((guint64) 2 << 30);
  guint64 free_bytes;

  if (tdbg_fixture_demo_is_written (dir, n_steps))
    return TRUE;
  info = g_file_query_filesystem_info (exists ? folder : parent, G_FILE_ATTRIBUTE_FILESYSTEM_FREE, NULL, &error);
  if (info == NULL)
    {
      printf ("# huge logdir skipped: %s\n", error->message);
      return FALSE;
    }
  /* An earlier demo of another size there is removed before the write. */
  free_bytes = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE) +
               (exists ? logdir_bytes (dir) : 0);
  if (free_bytes < needed)
    {
      printf ("# huge logdir (%u steps) skipped: %.1f GB free where it would be written, %.1f GB needed\n", n_steps,
              free_bytes / 1e9, needed / 1e9);
      return FALSE;
    }
  return TRUE;
}

static void
ensure_logdir (const char *dir, guint n_steps)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean wrote;

  if (!tdbg_fixture_ensure_demo (dir, n_steps, &wrote, &error))
    {
      /* A refusal (a folder of someone else's), not a crash of the benchmark. */
      g_printerr ("%s\n", error->message);
      exit (2);
    }
  if (wrote)
    printf ("# wrote %s in %.2f s\n", dir, (g_get_monotonic_time () - start) / 1e6);
}

/* Loads @dir @runs times (and once more to warm the page cache), each load followed by a
 * CRC-scan of the same files. */
/* Every trace sorted by each key (from trace order each time), as Graph Execution's worker
 * does it when a column is picked. */
static void
time_sorts (TdbgLogdir *logdir, Figures *f)
{
  guint n = tdbg_logdir_get_n_traces (logdir);

  for (TdbgTraceSortKey key = 0; key < TDBG_TRACE_N_SORTS; key++)
    {
      g_autoptr(GArray) traces = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);
      gint64 start;
      for (guint32 i = 0; i < n; i++)
        g_array_append_val (traces, i);
      start = g_get_monotonic_time ();
      tdbg_trace_sort (logdir, traces, key, tdbg_trace_sort_key_descends (key), NULL);
      f->sort[key] = (g_get_monotonic_time () - start) / 1e6;
    }
}

static void
bench_logdir (const char *dir, guint runs, Figures *f)
{
  g_autoptr(GArray) load_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) load_cpus = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floor_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floor_cpus = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) warm_floor_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) one_core_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) refresh_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) mappings = map_files (dir);
  g_autoptr(GError) error = NULL;

  f->dir = dir;
  f->bytes = logdir_bytes (dir);
  for (guint run = 0; run <= runs; run++)
    {
      g_autoptr(TdbgLogdir) logdir = tdbg_logdir_new_for_path (dir);
      struct mallinfo2 before = mallinfo2 (), after;
      gint64 start = g_get_monotonic_time ();
      double cpu = cpu_seconds ();
      double seconds, floor_cpu;
      if (!tdbg_logdir_load (logdir, NULL, &error))
        g_error ("%s", error->message);
      seconds = (g_get_monotonic_time () - start) / 1e6;
      cpu = cpu_seconds () - cpu;
      after = mallinfo2 ();
      /* Heap held by the loaded logdir (the files themselves are mapped, not copied). */
      f->index_bytes = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
      f->n_traces = tdbg_logdir_get_n_traces (logdir);
      f->n_executions = tdbg_logdir_get_n_executions (logdir);
      f->n_alerts = tdbg_logdir_get_n_alerts (logdir);
      if (run == runs)
        time_sorts (logdir, f);
      if (run == runs)
        for (guint r = 0; r < 21; r++)
          {
            double refresh_start = g_get_monotonic_time ();
            tdbg_logdir_refresh (logdir, NULL, NULL, NULL);
            refresh_start = (g_get_monotonic_time () - refresh_start) / 1e6;
            g_array_append_val (refresh_times, refresh_start);
          }
      g_clear_object (&logdir);
      if (run == 0) /* the first run warms the page cache */
        {
          crc_floor_seconds (mappings, 2);
          continue;
        }
      g_array_append_val (load_times, seconds);
      g_array_append_val (load_cpus, cpu);
      seconds = fresh_crc_floor_seconds (dir, 2, &floor_cpu);
      g_array_append_val (floor_times, seconds);
      g_array_append_val (floor_cpus, floor_cpu);
      seconds = fresh_crc_floor_seconds (dir, 1, &floor_cpu);
      g_array_append_val (one_core_times, seconds);
      seconds = crc_floor_seconds (mappings, 2);
      g_array_append_val (warm_floor_times, seconds);
    }
  f->crc_floor = median (floor_times);
  f->warm_floor = median (warm_floor_times);
  f->one_core_floor = median (one_core_times);
  f->load = median (load_times);
  f->load_min = g_array_index (load_times, double, 0);
  f->load_max = g_array_index (load_times, double, load_times->len - 1);
  f->load_cpu = median (load_cpus);
  f->floor_cpu = median (floor_cpus);
  f->refresh = median (refresh_times);
  /* More runs than the loads: a new process's start varies more. */
  if (opt_cli != NULL)
    time_inspect (dir, runs * 3, f);
}

static void
print_figures (const Figures *f, guint runs)
{
  printf ("logdir: %s (%.1f MB)\n", f->dir, f->bytes / 1e6);
  printf ("graph execution traces: %u, executions: %u, alerts: %u\n", f->n_traces, f->n_executions, f->n_alerts);
  printf ("full load, median of %u warm runs: %.3f s (min %.3f, max %.3f)\n", runs, f->load, f->load_min, f->load_max);
  printf ("CRC-scan floor (files mapped anew, CRC32C of every byte on both cores), median: %.3f s\n", f->crc_floor);
  printf ("load / CRC floor: %.2f\n", f->load / f->crc_floor);
  printf ("the same scan over mappings kept from an earlier run, median: %.3f s (load / it: %.2f)\n",
          f->warm_floor, f->load / f->warm_floor);
  printf ("the same scan on one core (files mapped anew), median: %.3f s (load / it: %.2f)\n",
          f->one_core_floor, f->load / f->one_core_floor);
  printf ("CPU time of both cores, medians: load %.3f s, CRC floor %.3f s, ratio %.2f\n",
          f->load_cpu, f->floor_cpu, f->load_cpu / f->floor_cpu);
  printf ("records/s: %.0f\n", (f->n_traces + f->n_executions) / f->load);
  printf ("MB/s: %.0f\n", f->bytes / 1e6 / f->load);
  printf ("index memory: %.1f MB in all, %.1f bytes per trace (digests of %zu bytes per trace and %zu per execution, tables, strings)\n",
          f->index_bytes / 1e6, (double) f->index_bytes / MAX (f->n_traces, 1), sizeof (TdbgTraceDigest), sizeof (TdbgExecutionDigest));
  if (f->inspect_runs > 0)
    printf ("inspect --json as a new process, median of %u: %.3f s; the floor beside it %.3f s; inspect / floor: %.2f\n",
            f->inspect_runs, f->inspect, f->inspect_floor, f->inspect / f->inspect_floor);
  printf ("refresh with nothing new, median of 21: %.3f ms\n", f->refresh * 1e3);
  printf ("every trace sorted (one run each, sizes and counts the digests do not keep read from the records):");
  for (TdbgTraceSortKey key = 1; key < TDBG_TRACE_N_SORTS; key++)
    printf (" %s %.0f ms%s", tdbg_trace_sort_key_to_nick (key), f->sort[key] * 1e3,
            key + 1 < TDBG_TRACE_N_SORTS ? "," : "\n");
}

/* The CRC-scan floor alone, of any logdir (one that TensorFlow wrote too), for a benchmark
 * that holds another reader against it: the page cache warmed by one scan, then @runs scans of
 * files mapped anew, their median (and that of their CPU seconds, both cores) and each run
 * printed as one JSON object. */
static int
floor_only (const char *dir, guint runs)
{
  g_autoptr(GPtrArray) mappings = map_files (dir);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpus = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GString) each = g_string_new (NULL);

  if (mappings->len == 0)
    {
      fprintf (stderr, "%s: no tfdbg_events.* files to scan\n", dir);
      return 1;
    }
  crc_floor_seconds (mappings, 2);
  for (guint run = 0; run < MAX (runs, 1u); run++)
    {
      double cpu, seconds = fresh_crc_floor_seconds (dir, 2, &cpu);
      g_string_append_printf (each, "%s%.6f", run > 0 ? ", " : "", seconds);
      g_array_append_val (times, seconds);
      g_array_append_val (cpus, cpu);
    }
  printf ("{\"files\": %u, \"bytes\": %" G_GUINT64_FORMAT ", \"crc_floor_median\": %.6f, \"crc_floor_cpu_median\": %.6f, "
          "\"crc_floor_runs\": [%s]}\n",
          mappings->len, logdir_bytes (dir), median (times), median (cpus), each->str);
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— logdir loading benchmark");
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  Figures small = { 0 }, large = { 0 }, tf = { 0 }, huge = { 0 };
  double load_avg[3] = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (opt_dir == NULL)
    opt_dir = g_build_filename (g_get_tmp_dir (), "tfdbg-gtk-bench-logdir", NULL);
  if (opt_floor_only)
    return floor_only (opt_dir, opt_runs);
  if (opt_large_dir == NULL && g_getenv ("TDBG_BENCH_LARGE_DIR") && *g_getenv ("TDBG_BENCH_LARGE_DIR"))
    opt_large_dir = g_strdup (g_getenv ("TDBG_BENCH_LARGE_DIR"));
  ensure_logdir (opt_dir, opt_steps);
  if (opt_tf_dir != NULL && !g_file_test (opt_tf_dir, G_FILE_TEST_IS_DIR))
    {
      g_printerr ("%s: no such folder (the logdir TensorFlow wrote is not made here)\n", opt_tf_dir);
      return 2;
    }
  if (opt_huge_dir == NULL && g_getenv ("TDBG_BENCH_HUGE_DIR") && *g_getenv ("TDBG_BENCH_HUGE_DIR"))
    opt_huge_dir = g_strdup (g_getenv ("TDBG_BENCH_HUGE_DIR"));
  if (opt_large_dir != NULL)
    ensure_logdir (opt_large_dir, opt_large_steps);
  if (opt_huge_dir != NULL && !huge_logdir_fits (opt_huge_dir, opt_huge_steps))
    g_clear_pointer (&opt_huge_dir, g_free);
  if (opt_huge_dir != NULL)
    ensure_logdir (opt_huge_dir, opt_huge_steps);
  if (opt_write_only)
    {
      printf ("%s\n", opt_dir);
      return 0;
    }

  bench_logdir (opt_dir, opt_runs, &small);
  print_figures (&small, opt_runs);
  if (opt_tf_dir != NULL)
    {
      printf ("\nwritten by TensorFlow:\n");
      bench_logdir (opt_tf_dir, opt_runs, &tf);
      print_figures (&tf, opt_runs);
    }
  if (opt_large_dir != NULL)
    {
      /* Fewer runs: each reads 3.5 GB. */
      guint runs = MAX (MIN (opt_runs, 3u), 1u);
      bench_logdir (opt_large_dir, runs, &large);
      printf ("\n");
      print_figures (&large, runs);
    }
  if (opt_huge_dir != NULL)
    {
      /* One run: it reads 34 GB, more than most machines cache. */
      bench_logdir (opt_huge_dir, 1, &huge);
      printf ("\n");
      print_figures (&huge, 1);
    }
  getrusage (RUSAGE_SELF, &usage);
  printf ("\npeak RSS: %.1f MB (includes the memory-mapped files)\n", usage.ru_maxrss / 1024.0);
  if (getloadavg (load_avg, 3) > 0)
    printf ("machine load average at the end: %.2f %.2f %.2f on %u cores\n", load_avg[0], load_avg[1], load_avg[2],
            g_get_num_processors ());
  printf ("load / CRC floor: %.2f at %u traces", small.load / small.crc_floor, small.n_traces);
  if (opt_cli != NULL)
    printf (" (inspect --json as a new process: %.2f)", small.inspect / small.inspect_floor);
  if (opt_tf_dir != NULL)
    {
      printf (", %.2f at %u traces written by TensorFlow", tf.load / tf.crc_floor, tf.n_traces);
      if (opt_cli != NULL)
        printf (" (%.2f)", tf.inspect / tf.inspect_floor);
    }
  if (opt_large_dir != NULL)
    {
      printf (", %.2f at %u traces", large.load / large.crc_floor, large.n_traces);
      if (opt_cli != NULL)
        printf (" (%.2f)", large.inspect / large.inspect_floor);
      printf ("; there, load / a one-core scan: %.2f", large.load / large.one_core_floor);
    }
  if (opt_huge_dir != NULL)
    {
      printf (", %.2f at %u traces", huge.load / huge.crc_floor, huge.n_traces);
      if (opt_large_dir != NULL)
        printf (" (%.1f× the traces of the large one: load %.1f× as long)", (double) huge.n_traces / large.n_traces,
                huge.load / large.load);
      if (opt_large_dir != NULL && opt_cli != NULL)
        printf (", inspect --json %.1f× as long", huge.inspect / large.inspect);
    }
  printf ("\n");
  return 0;
}
