/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The commands that summarise a logdir: inspect (text or JSON) and alerts. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-analysis.h"
#include "libtdbg-data.h"
#include "libtdbg-report.h"

/* The members of the @i-th object of an array that json_objects() writes. */
typedef void (*JsonMembersFunc) (TdbgJson *j, TdbgLogdir *logdir, guint i);

/* "@key": [{…}, …]: @n objects, the members of each written by @members. */
static void
json_objects (TdbgJson *j, const char *key, TdbgLogdir *logdir, guint n, JsonMembersFunc members)
{
  tdbg_json_key (j, key);
  tdbg_json_begin_array (j);
  for (guint i = 0; i < n; i++)
    {
      tdbg_json_begin_object (j);
      members (j, logdir, i);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

static void
json_device (TdbgJson *j, TdbgLogdir *logdir, guint i)
{
  const TdbgDevice *d = tdbg_logdir_get_device (logdir, i);

  tdbg_json_key (j, "device_id"); tdbg_json_int (j, d->device_id);
  tdbg_json_member_string (j, "device_name", d->device_name);
  tdbg_json_member_string (j, "host_name", d->host_name);
}

static void
json_problem (TdbgJson *j, TdbgLogdir *logdir, guint i)
{
  TdbgProblem *p = g_ptr_array_index (tdbg_logdir_get_problems (logdir), i);

  tdbg_json_member_string (j, "file_name", p->file_name);
  tdbg_json_member_uint (j, "byte_offset", p->byte_offset);
  tdbg_json_member_string (j, "message", p->message);
}

static void
json_file_set (TdbgJson *j, TdbgLogdir *logdir, guint i)
{
  const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, i);

  tdbg_json_member_string (j, "host_name", fs->host_name);
  tdbg_json_member_string (j, "file_prefix", fs->file_prefix);
  tdbg_json_key (j, "prefix_timestamp"); tdbg_json_int (j, fs->prefix_timestamp);
  tdbg_json_key (j, "metadata_wall_time");
  if (fs->has_metadata) tdbg_json_double (j, fs->metadata_wall_time); else tdbg_json_null (j);
  tdbg_json_member_string (j, "tfdbg_run_id", fs->tfdbg_run_id);
  tdbg_json_member_string (j, "tensorflow_version", fs->tensorflow_version);
  tdbg_json_member_string (j, "file_version", fs->file_version);
  tdbg_json_key (j, "files");
  tdbg_json_begin_object (j);
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    {
      const TdbgFileState *f = &fs->files[k];
      if (f->file_name == NULL)
        continue;
      tdbg_json_key (j, tdbg_file_kind_suffix (k));
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "file_name", f->file_name);
      tdbg_json_member_uint (j, "size_bytes", f->size_bytes);
      tdbg_json_member_uint (j, "records", f->records);
      if (f->partial_tail)
        {
          tdbg_json_key (j, "complete"); tdbg_json_bool (j, FALSE);
          tdbg_json_member_uint (j, "intact_records", f->records);
          tdbg_json_member_uint (j, "partial_record_offset", f->resume_offset);
          tdbg_json_member_uint (j, "partial_tail_bytes", f->partial_tail_bytes);
        }
      tdbg_json_end_object (j);
    }
  tdbg_json_end_object (j);
}

static void
json_counts_section (TdbgJson *j, TdbgLogdir *logdir)
{
  tdbg_json_key (j, "counts");
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "executions", tdbg_logdir_get_n_executions (logdir));
  tdbg_json_member_uint (j, "executions_all_file_sets", tdbg_logdir_get_n_executions_all_file_sets (logdir));
  tdbg_json_member_uint (j, "graph_execution_traces", tdbg_logdir_get_n_traces (logdir));
  tdbg_json_member_uint (j, "graphs", tdbg_logdir_get_n_graphs (logdir));
  tdbg_json_member_uint (j, "graph_op_creations", tdbg_logdir_get_n_op_creations (logdir));
  tdbg_json_member_uint (j, "devices", tdbg_logdir_get_n_devices (logdir));
  tdbg_json_member_uint (j, "stack_frames", tdbg_logdir_get_n_stack_frames (logdir));
  tdbg_json_member_uint (j, "source_files", tdbg_logdir_get_n_source_files (logdir));
  tdbg_json_end_object (j);
}

/* The distinct output slots of 63 or more among @op's traces (a slot is 16 bits wide). */
static guint
count_high_slots (TdbgLogdir *logdir, guint32 op)
{
  g_autofree guint64 *seen = g_new0 (guint64, (G_MAXUINT16 + 1) / 64);
  guint n_traces, n = 0;
  const guint32 *traces = tdbg_logdir_get_op_traces (logdir, op, &n_traces);

  for (guint i = 0; i < n_traces; i++)
    {
      guint slot = tdbg_logdir_get_trace (logdir, traces[i])->output_slot;
      guint64 bit = G_GUINT64_CONSTANT (1) << (slot % 64);

      if (slot < 63 || (seen[slot / 64] & bit))
        continue;
      seen[slot / 64] |= bit;
      n++;
    }
  return n;
}

/* Distinct (op, output slot) pairs traced per graph: what the files show was instrumented. Each
 * op knows its slots below 63 from the load; those past them are counted from its traces. */
static guint *
count_instrumented_outputs (TdbgLogdir *logdir)
{
  guint *counts = g_new0 (guint, tdbg_logdir_get_n_graphs (logdir) + 1);

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      const guint64 high = tdbg_op_slot_bit (63);

      if (op->graph == TDBG_NONE)
        continue;
      counts[op->graph] += __builtin_popcountll (op->traced_slots & ~high);
      if (op->traced_slots & high)
        counts[op->graph] += count_high_slots (logdir, i);
    }
  return counts;
}

static void
json_graphs (TdbgJson *j, TdbgLogdir *logdir)
{
  g_autofree guint *instrumented = count_instrumented_outputs (logdir);

  tdbg_json_key (j, "graphs");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < tdbg_logdir_get_n_graphs (logdir); i++)
    {
      const TdbgGraph *g = tdbg_logdir_get_graph (logdir, i);
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "graph_id", g->graph_id);
      tdbg_json_member_string (j, "graph_name", g->graph_name ? g->graph_name : "");
      tdbg_json_key (j, "outer_context_id");
      tdbg_json_string (j, g->outer != TDBG_NONE ? tdbg_logdir_get_graph (logdir, g->outer)->graph_id : "");
      tdbg_json_member_uint (j, "depth", g->depth);
      tdbg_json_member_uint (j, "num_ops", g->n_ops);
      tdbg_json_member_uint (j, "num_instrumented_outputs", instrumented[i]);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

static void
json_alerts (TdbgJson *j, TdbgLogdir *logdir)
{
  guint n = tdbg_logdir_get_n_alerts (logdir), from_traces = 0;
  guint per_type[TDBG_N_ALERT_TYPES] = { 0 };

  for (guint i = 0; i < n; i++)
    {
      const TdbgAlert *a = tdbg_logdir_get_alert (logdir, i);
      from_traces += a->trace_index != TDBG_NONE;
      per_type[a->type]++;
    }
  tdbg_json_key (j, "alerts");
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "num_alerts", n);
  tdbg_json_key (j, "alerts_breakdown");
  tdbg_json_begin_object (j);
  /* Debugger V2 names only the kinds that occur. */
  for (guint k = 0; k < tdbg_alert_kind_get_n (); k++)
    if (per_type[k] > 0)
      {
        tdbg_json_key (j, tdbg_alert_kind_nth (k)->id);
        tdbg_json_uint (j, per_type[k]);
      }
  tdbg_json_end_object (j);
  tdbg_json_member_uint (j, "per_type_alert_limit", TDBG_ALERT_LIMIT);
  tdbg_json_member_uint (j, "from_graph_execution_traces", from_traces);
  tdbg_json_member_uint (j, "from_executions", n - from_traces);
  tdbg_json_member_uint (j, "uncapped_inf_nan_graph_execution_traces", tdbg_logdir_get_n_inf_nan_traces (logdir));
  tdbg_json_member_uint (j, "uncapped_inf_nan_execution_outputs", tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
  tdbg_json_key (j, "first_alert");
  if (n > 0)
    tdbg_report_alert_json (j, logdir, tdbg_logdir_get_alert (logdir, 0), NULL, NULL);
  else
    tdbg_json_null (j);
  tdbg_json_end_object (j);
}

static gint
first_alert_slot (TdbgLogdir *logdir, guint32 execution)
{
  for (guint i = 0; i < tdbg_logdir_get_n_alerts (logdir); i++)
    if (tdbg_logdir_get_alert (logdir, i)->execution_index == execution)
      return tdbg_logdir_get_alert (logdir, i)->output_slot;
  return -1;
}

/* A record that cannot be read again (a file changed or gone, a read refused by the server) is
 * null in the JSON, named on stderr, and leaves the status at 2: never a silent null. */
static gboolean
json_first_events (TdbgJson *j, TdbgLogdir *logdir)
{
  g_autoptr(GError) trace_error = NULL;
  g_autoptr(GError) execution_error = NULL;
  guint32 trace = TDBG_NONE, execution = TDBG_NONE;

  /* The earliest of each op's first: the traces before it were a scan of most of the index
   * when the first NaN comes late in a run. */
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    trace = MIN (trace, tdbg_logdir_get_op (logdir, i)->first_inf_nan_trace);
  for (guint i = 0; i < tdbg_logdir_get_n_executions (logdir) && execution == TDBG_NONE; i++)
    if (tdbg_logdir_get_execution (logdir, i)->n_alert_outputs > 0)
      execution = i;

  tdbg_json_key (j, "first_inf_nan_graph_execution_trace");
  if (trace == TDBG_NONE || !tdbg_report_trace_json (j, logdir, trace, &trace_error))
    tdbg_json_null (j);
  tdbg_json_key (j, "first_inf_nan_execution");
  if (execution == TDBG_NONE ||
      !tdbg_report_execution_json (j, logdir, execution, first_alert_slot (logdir, execution), &execution_error))
    tdbg_json_null (j);
  if (trace_error)
    g_printerr ("%s\n", trace_error->message);
  if (execution_error)
    g_printerr ("%s\n", execution_error->message);
  return trace_error == NULL && execution_error == NULL;
}

static void
json_modes (TdbgJson *j, TdbgLogdir *logdir)
{
  guint modes = tdbg_logdir_get_modes (logdir);
  tdbg_json_key (j, "tensor_debug_modes");
  tdbg_json_begin_array (j);
  for (guint m = 0; m < 32; m++)
    if (modes & (1u << m))
      tdbg_json_string (j, tdbg_debug_mode_name (m));
  tdbg_json_end_array (j);
  tdbg_json_key (j, "tensor_debug_mode");
  if (modes != 0 && (modes & (modes - 1)) == 0)
    tdbg_json_string (j, tdbg_debug_mode_name (g_bit_nth_lsf (modes, -1)));
  else
    tdbg_json_null (j);
}

/* What is worth knowing and is not damage: see tdbg_logdir_list_notices(). */
static void
json_notices (TdbgJson *j, TdbgLogdir *logdir)
{
  g_autoptr(GPtrArray) notices = tdbg_logdir_list_notices (logdir);

  tdbg_json_key (j, "notices");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < notices->len; i++)
    tdbg_json_string (j, g_ptr_array_index (notices, i));
  tdbg_json_end_array (j);
}

static void
print_inspect_text (TdbgLogdir *logdir)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
  g_autoptr(GPtrArray) notices = tdbg_logdir_list_notices (logdir);
  g_autofree char *where = tdbg_logdir_describe (logdir);
  guint modes = tdbg_logdir_get_modes (logdir);

  printf (_("Logdir: %s\n"), where);
  printf (_("Run: %s, TensorFlow %s\n"), tdbg_logdir_get_run_id (logdir) ? tdbg_logdir_get_run_id (logdir) : "?",
          tdbg_logdir_get_tensorflow_version (logdir) ? tdbg_logdir_get_tensorflow_version (logdir) : "?");
  printf (_("Debug modes:"));
  for (guint m = 0; m < 32; m++)
    if (modes & (1u << m))
      printf (" %s", tdbg_debug_mode_name (m));
  printf ("\n");
  for (guint i = 0; i < tdbg_logdir_get_n_file_sets (logdir); i++)
    {
      const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, i);
      printf (_("File set %s (host %s)\n"), fs->file_prefix, fs->host_name);
      for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
        if (fs->files[k].file_name)
          printf (_("  %-24s %10" PRIu64 " records%s\n"), tdbg_file_kind_suffix (k), fs->files[k].records,
                  fs->files[k].partial_tail ? _(" (still being written)") : "");
    }
  printf (_("Executions: %u  Graph execution traces: %u  Graphs: %u  Ops: %u  Stack frames: %u  Source files: %u\n"),
          tdbg_logdir_get_n_executions (logdir), tdbg_logdir_get_n_traces (logdir), tdbg_logdir_get_n_graphs (logdir),
          tdbg_logdir_get_n_op_creations (logdir), tdbg_logdir_get_n_stack_frames (logdir),
          tdbg_logdir_get_n_source_files (logdir));
  printf (_("NaN/∞ alerts: %u\n"), tdbg_logdir_get_n_alerts (logdir));
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = _tdbg_cli_describe_problem (g_ptr_array_index (problems, i));
      printf ("%s", line);
    }
  for (guint i = 0; i < notices->len; i++)
    printf (_("Notice: %s\n"), (const char *) g_ptr_array_index (notices, i));
}

/* 2 when the logdir cannot be read at all, or when files of it were left unread for being
 * symbolic links (not followed: the run shown is not the whole run); else 0. */
static int
inspect_status (TdbgLogdir *logdir, const char *path)
{
  TdbgSource *source = tdbg_logdir_get_source (logdir);
  g_autoptr(GPtrArray) links = TDBG_IS_LOCAL_SOURCE (source) ? tdbg_source_get_problems (source) : NULL;

  if (!_tdbg_cli_check_readable (logdir, path, FALSE))
    return 2;
  if (links == NULL)
    return 0;
  g_printerr (g_dngettext (GETTEXT_PACKAGE, "%s: %u file is a symbolic link, not followed (listed among the problems)\n",
                           "%s: %u files are symbolic links, not followed (listed among the problems)\n", links->len),
              path, links->len);
  return 2;
}

int
_tdbg_cli_inspect (int argc, char **argv)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgJson *j;
  gboolean first_events_read;
  int status;

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR — summarise a tfdbg2 logdir"), _tdbg_cli_json_entries, 1))
    return 2;
  if ((logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  if (!_tdbg_cli_opt_json)
    {
      print_inspect_text (logdir);
      return inspect_status (logdir, argv[1]);
    }
  j = tdbg_json_new (TRUE);
  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "tfdbg_run_id", tdbg_logdir_get_run_id (logdir));
  tdbg_json_member_string (j, "tensorflow_version", tdbg_logdir_get_tensorflow_version (logdir));
  json_modes (j, logdir);
  json_objects (j, "file_sets", logdir, tdbg_logdir_get_n_file_sets (logdir), json_file_set);
  json_counts_section (j, logdir);
  json_graphs (j, logdir);
  json_objects (j, "devices", logdir, tdbg_logdir_get_n_devices (logdir), json_device);
  json_alerts (j, logdir);
  first_events_read = json_first_events (j, logdir);
  json_objects (j, "problems", logdir, tdbg_logdir_get_problems (logdir)->len, json_problem);
  json_notices (j, logdir);
  tdbg_json_end_object (j);
  _tdbg_cli_print_json (j);
  /* What is intact is printed all the same; the status tells a script it is not the whole run. */
  status = inspect_status (logdir, argv[1]);
  return first_events_read ? status : 2;
}

/* One line per alert of the kinds Debugger V2 does not have, each starting with its kind's
 * name. */
static void
print_more_alerts (TdbgLogdir *logdir, double magnitude_threshold)
{
  const TdbgAlertOptions options = { magnitude_threshold };
  g_autoptr(GArray) alerts = tdbg_more_alerts_find (logdir, &options);

  for (guint i = 0; i < alerts->len; i++)
    {
      g_autofree char *line = tdbg_report_describe_alert (logdir, &g_array_index (alerts, TdbgAlert, i));
      printf ("%s\n", line);
    }
}

int
_tdbg_cli_alerts (int argc, char **argv)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  guint n;

  static double magnitude_threshold = TDBG_MAGNITUDE_THRESHOLD_DEFAULT;
  const GOptionEntry entries[] = {
    { "magnitude-threshold", 0, 0, G_OPTION_ARG_DOUBLE, &magnitude_threshold,
      N_("Exploding magnitude: the largest |x| a FULL_TENSOR value may reach (default 1e6)"), N_("X") },
    { NULL }
  };

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR — list alerts (NaN/∞ first, then the other kinds); exit 1 if there are NaN/∞ alerts"),
                             entries, 1))
    return 2;
  if ((logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  /* A run that could not be read has not shown that it holds no NaN/∞. */
  if (!_tdbg_cli_check_readable (logdir, argv[1], TRUE))
    return 2;
  n = tdbg_logdir_get_n_alerts (logdir);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *line = tdbg_report_describe_alert (logdir, tdbg_logdir_get_alert (logdir, i));
      printf ("%s\n", line);
    }
  if (n >= TDBG_ALERT_LIMIT)
    printf (_("(listing stops at %u alerts, as TensorBoard's does; %" PRIu64 " traces and %" PRIu64 " execution outputs hold NaN/∞ in all)\n"),
            n, tdbg_logdir_get_n_inf_nan_traces (logdir), tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
  /* The other kinds are listed after, and leave the exit status to NaN/∞: a gate keeps its meaning. */
  print_more_alerts (logdir, magnitude_threshold);
  return n > 0 ? 1 : _tdbg_cli_status_of_none (logdir, argv[1]);
}
