/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include "tdbg-cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-alert-kind.h"
#include "tdbg-error.h"
#include "tdbg-json.h"
#include "tdbg-location.h"
#include "tdbg-npy.h"
#include "tdbg-ops.h"
#include "tdbg-tensor.h"
#include "tdbg-tty.h"
#include "tdbg-graph-export.h"
#include "tdbg-logdir.h"
#include "tdbg-records.h"
#include "tdbg-explain.h"
#include "tdbg-report.h"

typedef int (*CommandFunc) (int argc, char **argv);

static gboolean opt_json;
static gboolean opt_accept_new_host_key;
static char *opt_known_hosts;
static char *opt_ssh_config;
static char *opt_identity;
static gboolean opt_no_ssh_compression;

static const GOptionEntry json_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON"), NULL },
  { NULL }
};

static const GOptionEntry ssh_entries[] = {
  { "accept-new-host-key", 0, 0, G_OPTION_ARG_NONE, &opt_accept_new_host_key,
    N_("Accept (once, without remembering) the key of an SSH host not in known_hosts"), NULL },
  { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &opt_known_hosts, N_("known_hosts file (default ~/.ssh/known_hosts)"), N_("FILE") },
  { "ssh-config", 0, 0, G_OPTION_ARG_FILENAME, &opt_ssh_config, N_("SSH configuration (default ~/.ssh/config)"), N_("FILE") },
  { "identity", 'i', 0, G_OPTION_ARG_FILENAME, &opt_identity, N_("Private key for SSH"), N_("FILE") },
  { "no-ssh-compression", 0, 0, G_OPTION_ARG_NONE, &opt_no_ssh_compression,
    N_("Do not compress the SSH connection (also: TDBG_SSH_COMPRESSION=no)"), NULL },
  { NULL }
};

/* Parses options; returns FALSE (after printing why) when the positional count is wrong. */
static gboolean
parse_args (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries, int n_positional)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (entries)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, ssh_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  if (*argc != n_positional + 1)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("%s", help);
      return FALSE;
    }
  return TRUE;
}

/* Headless: an unknown host key is accepted only when the command line says so. */
static TdbgHostKeyDecision
headless_host_key (const char *host, guint port, const char *key_type, const char *fingerprint, gpointer user_data)
{
  if (!opt_accept_new_host_key)
    {
      g_printerr (_("%s:%u is not in known_hosts; its %s key is %s. Check it, then add it with ssh or pass --accept-new-host-key.\n"),
                  host, port, key_type, fingerprint);
      return TDBG_HOST_KEY_REFUSE;
    }
  g_printerr (_("Accepting the %s key %s of %s:%u for this run only.\n"), key_type, fingerprint, host, port);
  return TDBG_HOST_KEY_ACCEPT_ONCE;
}

static TdbgSource *
open_source (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse (text, &error);
  TdbgSshOptions options = { 0 };
  TdbgSource *source = NULL;

  if (location && !tdbg_location_is_remote (location) &&
      !g_file_test (tdbg_location_get_path (location), G_FILE_TEST_IS_DIR))
    {
      g_printerr (_("%s: not a directory\n"), text);
      return NULL;
    }
  options.known_hosts_file = opt_known_hosts;
  options.config_file = opt_ssh_config;
  options.identity_file = opt_identity;
  options.no_compression = opt_no_ssh_compression;
  options.host_key_func = headless_host_key;
  options.secret_func = tdbg_tty_secret;
  if (location)
    source = tdbg_location_open (location, &options, NULL, &error);
  if (source == NULL)
    g_printerr ("%s\n", error->message);
  return source;
}

static TdbgLogdir *
open_logdir (const char *path)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = open_source (path);

  if (source == NULL)
    return NULL;
  logdir = tdbg_logdir_new (source);
  if (!tdbg_logdir_load (logdir, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  return g_steal_pointer (&logdir);
}

static gboolean
parse_index (const char *text, guint *index)
{
  guint64 value;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32 - 1, &value, NULL))
    {
      g_printerr (_("“%s” is not an index\n"), text);
      return FALSE;
    }
  *index = value;
  return TRUE;
}

static void
print_json (TdbgJson *json)
{
  g_autofree char *text = tdbg_json_free_to_string (json);
  printf ("%s\n", text);
}

/* ---- inspect ------------------------------------------------------------------------ */

static void
json_file_sets (TdbgJson *j, TdbgLogdir *logdir)
{
  tdbg_json_key (j, "file_sets");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < tdbg_logdir_get_n_file_sets (logdir); i++)
    {
      const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, i);
      tdbg_json_begin_object (j);
      tdbg_json_key (j, "host_name"); tdbg_json_string (j, fs->host_name);
      tdbg_json_key (j, "file_prefix"); tdbg_json_string (j, fs->file_prefix);
      tdbg_json_key (j, "prefix_timestamp"); tdbg_json_int (j, fs->prefix_timestamp);
      tdbg_json_key (j, "metadata_wall_time");
      if (fs->has_metadata) tdbg_json_double (j, fs->metadata_wall_time); else tdbg_json_null (j);
      tdbg_json_key (j, "tfdbg_run_id"); tdbg_json_string (j, fs->tfdbg_run_id);
      tdbg_json_key (j, "tensorflow_version"); tdbg_json_string (j, fs->tensorflow_version);
      tdbg_json_key (j, "file_version"); tdbg_json_string (j, fs->file_version);
      tdbg_json_key (j, "files");
      tdbg_json_begin_object (j);
      for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
        {
          const TdbgFileState *f = &fs->files[k];
          if (f->file_name == NULL)
            continue;
          tdbg_json_key (j, tdbg_file_kind_suffix (k));
          tdbg_json_begin_object (j);
          tdbg_json_key (j, "file_name"); tdbg_json_string (j, f->file_name);
          tdbg_json_key (j, "size_bytes"); tdbg_json_uint (j, f->size_bytes);
          tdbg_json_key (j, "records"); tdbg_json_uint (j, f->records);
          if (f->partial_tail)
            {
              tdbg_json_key (j, "complete"); tdbg_json_bool (j, FALSE);
              tdbg_json_key (j, "intact_records"); tdbg_json_uint (j, f->records);
              tdbg_json_key (j, "partial_record_offset"); tdbg_json_uint (j, f->resume_offset);
              tdbg_json_key (j, "partial_tail_bytes"); tdbg_json_uint (j, f->partial_tail_bytes);
            }
          tdbg_json_end_object (j);
        }
      tdbg_json_end_object (j);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

static void
json_counts_section (TdbgJson *j, TdbgLogdir *logdir)
{
  tdbg_json_key (j, "counts");
  tdbg_json_begin_object (j);
  tdbg_json_key (j, "executions"); tdbg_json_uint (j, tdbg_logdir_get_n_executions (logdir));
  tdbg_json_key (j, "executions_all_file_sets"); tdbg_json_uint (j, tdbg_logdir_get_n_executions_all_file_sets (logdir));
  tdbg_json_key (j, "graph_execution_traces"); tdbg_json_uint (j, tdbg_logdir_get_n_traces (logdir));
  tdbg_json_key (j, "graphs"); tdbg_json_uint (j, tdbg_logdir_get_n_graphs (logdir));
  tdbg_json_key (j, "graph_op_creations"); tdbg_json_uint (j, tdbg_logdir_get_n_op_creations (logdir));
  tdbg_json_key (j, "devices"); tdbg_json_uint (j, tdbg_logdir_get_n_devices (logdir));
  tdbg_json_key (j, "stack_frames"); tdbg_json_uint (j, tdbg_logdir_get_n_stack_frames (logdir));
  tdbg_json_key (j, "source_files"); tdbg_json_uint (j, tdbg_logdir_get_n_source_files (logdir));
  tdbg_json_end_object (j);
}

/* Distinct (op, output slot) pairs traced per graph: what the files show was instrumented. */
static guint *
count_instrumented_outputs (TdbgLogdir *logdir)
{
  guint *counts = g_new0 (guint, tdbg_logdir_get_n_graphs (logdir) + 1);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir); i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      gint64 key = ((gint64) d->op << 16) | d->output_slot;
      guint32 graph = tdbg_logdir_get_op (logdir, d->op)->graph;
      if (graph == TDBG_NONE || g_hash_table_contains (seen, &key))
        continue;
      g_hash_table_add (seen, g_memdup2 (&key, sizeof key));
      counts[graph]++;
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
      tdbg_json_key (j, "graph_id"); tdbg_json_string (j, g->graph_id);
      tdbg_json_key (j, "graph_name"); tdbg_json_string (j, g->graph_name ? g->graph_name : "");
      tdbg_json_key (j, "outer_context_id");
      tdbg_json_string (j, g->outer != TDBG_NONE ? tdbg_logdir_get_graph (logdir, g->outer)->graph_id : "");
      tdbg_json_key (j, "depth"); tdbg_json_uint (j, g->depth);
      tdbg_json_key (j, "num_ops"); tdbg_json_uint (j, g->n_ops);
      tdbg_json_key (j, "num_instrumented_outputs"); tdbg_json_uint (j, instrumented[i]);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);

  tdbg_json_key (j, "devices");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < tdbg_logdir_get_n_devices (logdir); i++)
    {
      const TdbgDevice *d = tdbg_logdir_get_device (logdir, i);
      tdbg_json_begin_object (j);
      tdbg_json_key (j, "device_id"); tdbg_json_int (j, d->device_id);
      tdbg_json_key (j, "device_name"); tdbg_json_string (j, d->device_name);
      tdbg_json_key (j, "host_name"); tdbg_json_string (j, d->host_name);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

static void
json_optional_uint (TdbgJson *j, guint32 value)
{
  if (value == TDBG_NONE)
    tdbg_json_null (j);
  else
    tdbg_json_uint (j, value);
}

static void
json_alert (TdbgJson *j, TdbgLogdir *logdir, const TdbgAlert *a)
{
  tdbg_json_begin_object (j);
  tdbg_json_key (j, "alert_type"); tdbg_json_string (j, tdbg_alert_kind_get (a->type)->id);
  tdbg_json_key (j, "op_type"); tdbg_json_string (j, tdbg_logdir_get_string (logdir, a->op_type));
  tdbg_json_key (j, "output_slot"); tdbg_json_uint (j, a->output_slot);
  tdbg_json_key (j, "size");
  if (isnan (a->size)) tdbg_json_null (j); else tdbg_json_double (j, a->size);
  tdbg_json_key (j, "num_neg_inf");
  if (isnan (a->num_neg_inf)) tdbg_json_null (j); else tdbg_json_double (j, a->num_neg_inf);
  tdbg_json_key (j, "num_pos_inf");
  if (isnan (a->num_pos_inf)) tdbg_json_null (j); else tdbg_json_double (j, a->num_pos_inf);
  tdbg_json_key (j, "num_nan");
  if (isnan (a->num_nan)) tdbg_json_null (j); else tdbg_json_double (j, a->num_nan);
  tdbg_json_key (j, "execution_index"); json_optional_uint (j, a->execution_index);
  tdbg_json_key (j, "graph_execution_trace_index"); json_optional_uint (j, a->trace_index);
  tdbg_json_key (j, "wall_time"); tdbg_json_double (j, a->wall_time);
  tdbg_json_end_object (j);
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
  tdbg_json_key (j, "num_alerts"); tdbg_json_uint (j, n);
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
  tdbg_json_key (j, "per_type_alert_limit"); tdbg_json_uint (j, TDBG_ALERT_LIMIT);
  tdbg_json_key (j, "from_graph_execution_traces"); tdbg_json_uint (j, from_traces);
  tdbg_json_key (j, "from_executions"); tdbg_json_uint (j, n - from_traces);
  tdbg_json_key (j, "uncapped_inf_nan_graph_execution_traces"); tdbg_json_uint (j, tdbg_logdir_get_n_inf_nan_traces (logdir));
  tdbg_json_key (j, "uncapped_inf_nan_execution_outputs"); tdbg_json_uint (j, tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
  tdbg_json_key (j, "first_alert");
  if (n > 0)
    json_alert (j, logdir, tdbg_logdir_get_alert (logdir, 0));
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

static void
json_first_events (TdbgJson *j, TdbgLogdir *logdir)
{
  guint32 trace = TDBG_NONE, execution = TDBG_NONE;

  for (guint i = 0; i < tdbg_logdir_get_n_traces (logdir) && trace == TDBG_NONE; i++)
    if (tdbg_logdir_get_trace (logdir, i)->flags & TDBG_DIGEST_HAS_INF_NAN)
      trace = i;
  for (guint i = 0; i < tdbg_logdir_get_n_executions (logdir) && execution == TDBG_NONE; i++)
    if (tdbg_logdir_get_execution (logdir, i)->n_alert_outputs > 0)
      execution = i;

  tdbg_json_key (j, "first_inf_nan_graph_execution_trace");
  if (trace == TDBG_NONE || !tdbg_report_trace_json (j, logdir, trace, NULL))
    tdbg_json_null (j);
  tdbg_json_key (j, "first_inf_nan_execution");
  if (execution == TDBG_NONE || !tdbg_report_execution_json (j, logdir, execution, first_alert_slot (logdir, execution), NULL))
    tdbg_json_null (j);
}

static void
json_problems (TdbgJson *j, TdbgLogdir *logdir)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
  tdbg_json_key (j, "problems");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < problems->len; i++)
    {
      TdbgProblem *p = g_ptr_array_index (problems, i);
      tdbg_json_begin_object (j);
      tdbg_json_key (j, "file_name"); tdbg_json_string (j, p->file_name);
      tdbg_json_key (j, "byte_offset"); tdbg_json_uint (j, p->byte_offset);
      tdbg_json_key (j, "message"); tdbg_json_string (j, p->message);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
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

static void
print_inspect_text (TdbgLogdir *logdir)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
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
      TdbgProblem *p = g_ptr_array_index (problems, i);
      printf (_("Problem: %s at offset %" PRIu64 ": %s\n"), p->file_name, p->byte_offset, p->message);
    }
}

static int
cmd_inspect (int argc, char **argv)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgJson *j;

  if (!parse_args (&argc, &argv, _("LOGDIR — summarise a tfdbg2 logdir"), json_entries, 1))
    return 2;
  if ((logdir = open_logdir (argv[1])) == NULL)
    return 2;
  if (!opt_json)
    {
      print_inspect_text (logdir);
      return 0;
    }
  j = tdbg_json_new (TRUE);
  tdbg_json_begin_object (j);
  tdbg_json_key (j, "tfdbg_run_id"); tdbg_json_string (j, tdbg_logdir_get_run_id (logdir));
  tdbg_json_key (j, "tensorflow_version"); tdbg_json_string (j, tdbg_logdir_get_tensorflow_version (logdir));
  json_modes (j, logdir);
  json_file_sets (j, logdir);
  json_counts_section (j, logdir);
  json_graphs (j, logdir);
  json_alerts (j, logdir);
  json_first_events (j, logdir);
  json_problems (j, logdir);
  tdbg_json_end_object (j);
  print_json (j);
  return 0;
}

/* ---- alerts, trace, execution ----------------------------------------------------------- */

static int
cmd_alerts (int argc, char **argv)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  guint n;

  if (!parse_args (&argc, &argv, _("LOGDIR — list NaN/∞ alerts; exit 1 if there are any"), NULL, 1))
    return 2;
  if ((logdir = open_logdir (argv[1])) == NULL)
    return 2;
  n = tdbg_logdir_get_n_alerts (logdir);
  for (guint i = 0; i < n; i++)
    {
      const TdbgAlert *a = tdbg_logdir_get_alert (logdir, i);
      g_autofree char *counts = isnan (a->num_nan)
        ? g_strdup (_("some elements are -inf, +inf or NaN"))
        : g_strdup_printf (_("-inf %.0f, +inf %.0f, NaN %.0f of %.0f elements"), a->num_neg_inf, a->num_pos_inf, a->num_nan, a->size);
      if (a->trace_index != TDBG_NONE)
        {
          const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_logdir_get_trace (logdir, a->trace_index)->op);
          printf (_("NaN/∞ in graph execution trace %u: %s:%u (%s): %s\n"), a->trace_index, op->op_name,
                  a->output_slot, tdbg_logdir_get_string (logdir, a->op_type), counts);
        }
      else
        printf (_("NaN/∞ in execution %u: %s output %u: %s\n"), a->execution_index,
                tdbg_logdir_get_string (logdir, a->op_type), a->output_slot, counts);
    }
  if (n >= TDBG_ALERT_LIMIT)
    printf (_("(listing stops at %u alerts, as TensorBoard's does; %" PRIu64 " traces and %" PRIu64 " execution outputs hold NaN/∞ in all)\n"),
            n, tdbg_logdir_get_n_inf_nan_traces (logdir), tdbg_logdir_get_n_inf_nan_execution_outputs (logdir));
  return n > 0 ? 1 : 0;
}

static int
cmd_event (int argc, char **argv, gboolean trace)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  guint index;

  if (!parse_args (&argc, &argv, trace ? _("LOGDIR INDEX — one graph execution trace in full")
                                       : _("LOGDIR INDEX — one execution in full"), json_entries, 2))
    return 2;
  if (!parse_index (argv[2], &index) || (logdir = open_logdir (argv[1])) == NULL)
    return 2;
  if (opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      gboolean ok = trace ? tdbg_report_trace_json (j, logdir, index, &error)
                          : tdbg_report_execution_json (j, logdir, index, -1, &error);
      if (!ok)
        {
          tdbg_json_free (j);
          g_printerr ("%s\n", error->message);
          return 2;
        }
      print_json (j);
      return 0;
    }
  g_autofree char *text = trace ? tdbg_report_trace_text (logdir, index, &error)
                                : tdbg_report_execution_text (logdir, index, &error);
  if (text == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  printf ("%s", text);
  return 0;
}

/* ---- explain ----------------------------------------------------------------------------- */

static int
cmd_explain (int argc, char **argv)
{
  static gboolean markdown;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON"), NULL },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, N_("Print a Markdown report for a bug tracker"), NULL },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) cause = NULL;

  if (!parse_args (&argc, &argv, _("LOGDIR — the root cause of the first NaN/∞; exit 1 if there is one"), entries, 1))
    return 2;
  if ((logdir = open_logdir (argv[1])) == NULL)
    return 2;
  cause = tdbg_root_cause_find (logdir);
  if (opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      tdbg_explain_json (j, logdir, cause);
      print_json (j);
    }
  else
    {
      g_autofree char *text = markdown ? tdbg_explain_markdown (logdir, cause) : tdbg_explain_text (logdir, cause);
      printf ("%s", text);
    }
  return tdbg_explain_origin_name (logdir, cause) != NULL ? 1 : 0;
}

/* ---- tensor ------------------------------------------------------------------------------ */

/* The TensorProto of a trace, or of output @slot of an execution; the event owns it. */
static const Tensorflow__TensorProto *
find_tensor (TdbgLogdir *logdir, guint index, gboolean execution, guint slot,
             Tensorflow__DebugEvent **event, guint *mode, GError **error)
{
  *event = execution ? tdbg_logdir_read_execution (logdir, index, error) : tdbg_logdir_read_trace (logdir, index, error);
  if (*event == NULL)
    return NULL;
  if (!execution)
    {
      *mode = (*event)->graph_execution_trace->tensor_debug_mode;
      return (*event)->graph_execution_trace->tensor_proto;
    }
  *mode = (*event)->execution->tensor_debug_mode;
  if (slot >= (*event)->execution->n_tensor_protos)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("execution %u has no output %u"), index, slot);
      return NULL;
    }
  return (*event)->execution->tensor_protos[slot];
}

static int
cmd_tensor (int argc, char **argv)
{
  static gboolean npy, execution;
  static gint slot;
  static char *output;
  const GOptionEntry entries[] = {
    { "npy", 0, 0, G_OPTION_ARG_NONE, &npy, N_("Write the values as a NumPy .npy file"), NULL },
    { "execution", 0, 0, G_OPTION_ARG_NONE, &execution, N_("INDEX is an eager execution, not a graph execution trace"), NULL },
    { "slot", 0, 0, G_OPTION_ARG_INT, &slot, N_("Output slot of the execution (default 0)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("File to write"), N_("FILE") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  Tensorflow__DebugEvent *event = NULL;
  const Tensorflow__TensorProto *proto;
  TdbgTensor tensor;
  guint index, mode = 0;
  int status = 2;

  if (!parse_args (&argc, &argv, _("LOGDIR INDEX — the values of a FULL_TENSOR trace or execution output"), entries, 2))
    return 2;
  if (npy && output == NULL)
    {
      g_printerr (_("--npy needs -o FILE\n"));
      return 2;
    }
  if (!parse_index (argv[2], &index) || (logdir = open_logdir (argv[1])) == NULL)
    return 2;
  proto = find_tensor (logdir, index, execution, (guint) MAX (slot, 0), &event, &mode, &error);
  if (proto != NULL && mode != TDBG_MODE_FULL_TENSOR)
    g_set_error (&error, TDBG_ERROR, TDBG_ERROR_INVALID,
                 _("%u was recorded in %s mode, which keeps no tensor values"), index, tdbg_debug_mode_name (mode));
  else if (proto != NULL && tdbg_tensor_init (&tensor, proto, &error))
    {
      if (npy && tdbg_npy_write (&tensor, output, &error))
        status = 0;
      else if (!npy)
        {
          g_autofree char *text = tdbg_tensor_format (&tensor, 1000);
          printf ("%s\n", text);
          status = 0;
        }
    }
  if (error)
    g_printerr ("%s\n", error->message);
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  return status;
}

/* ---- ops -------------------------------------------------------------------------------- */

static int
cmd_ops (int argc, char **argv)
{
  static char *file, *graph;
  static gint line;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON"), NULL },
    { "file", 0, 0, G_OPTION_ARG_STRING, &file, N_("Only ops built in this file (a path or its last components)"), N_("PATH") },
    { "line", 0, 0, G_OPTION_ARG_INT, &line, N_("Only ops built on this line"), N_("N") },
    { "graph", 0, 0, G_OPTION_ARG_STRING, &graph, N_("Only ops of this graph"), N_("GRAPH_ID") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgOpsFilter filter;

  if (!parse_args (&argc, &argv, _("LOGDIR — every op creation and the line of the program that built it"), entries, 1))
    return 2;
  if ((logdir = open_logdir (argv[1])) == NULL)
    return 2;
  filter = (TdbgOpsFilter) { .file = file, .line = line, .graph = graph };
  if (opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      tdbg_ops_json (j, logdir, &filter);
      print_json (j);
    }
  else
    {
      g_autofree char *text = tdbg_ops_text (logdir, &filter);
      printf ("%s", text);
    }
  return 0;
}

static int cmd_trace (int argc, char **argv) { return cmd_event (argc, argv, TRUE); }
static int cmd_execution (int argc, char **argv) { return cmd_event (argc, argv, FALSE); }

static int
export_graph (const char *location, guint trace, guint depth, const char *format, const char *output)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;

  if (tdbg_graph_export_format_from_name (format) == NULL)
    {
      g_printerr (_("Unknown format “%s”: use png, svg or pdf\n"), format);
      return 2;
    }
  if ((logdir = open_logdir (location)) == NULL)
    return 2;
  if (!tdbg_graph_export_trace (logdir, trace, depth, tdbg_graph_export_format_from_name (format), output, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  tdbg_graph_export_shutdown ();
  return 0;
}

static int
cmd_export_graph (int argc, char **argv)
{
  static gint trace = -1, depth = 2;
  static char *format, *output;
  const GOptionEntry entries[] = {
    { "trace", 0, 0, G_OPTION_ARG_INT, &trace, N_("Graph execution trace whose op is drawn"), N_("INDEX") },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Levels of inputs above and consumers below (default 2)"), N_("N") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("png, svg or pdf"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("File to write"), N_("FILE") },
    { NULL }
  };

  if (!parse_args (&argc, &argv, _("LOGDIR — draw an op's graph neighbourhood to a file"), entries, 1))
    return 2;
  if (trace < 0 || output == NULL || depth < 0 || depth > 10)
    {
      g_printerr (_("export-graph needs --trace INDEX, -o FILE and a depth from 0 to 10\n"));
      return 2;
    }
  if (format == NULL)
    format = g_strdup (strrchr (output, '.') ? strrchr (output, '.') + 1 : "");
  return export_graph (argv[1], trace, depth, format, output);
}

static int cmd_help (int argc, char **argv);

static const struct {
  const char *name;
  CommandFunc func;
  const char *summary;
} commands[] = {
  { "inspect", cmd_inspect, N_("[--json] LOGDIR: run, file sets, counts, alerts, first NaN/∞ and problems") },
  { "alerts", cmd_alerts, N_("LOGDIR: one line per NaN/∞ alert; exit status 0 none, 1 some, 2 unreadable") },
  { "explain", cmd_explain, N_("[--json|--markdown] LOGDIR: why the first NaN/∞ happened; exit status like alerts") },
  { "trace", cmd_trace, N_("[--json] LOGDIR INDEX: one graph execution trace in full") },
  { "execution", cmd_execution, N_("[--json] LOGDIR INDEX: one eager execution in full") },
  { "ops", cmd_ops, N_("[--json] [--file PATH] [--line N] [--graph ID] LOGDIR: every op creation and its line") },
  { "tensor", cmd_tensor, N_("[--npy -o FILE] [--execution [--slot N]] LOGDIR INDEX: the values of a FULL_TENSOR trace") },
  { "export-graph", cmd_export_graph, N_("LOGDIR --trace INDEX [--depth N] --format png|svg|pdf -o FILE: draw an op's neighbourhood") },
  { "help", cmd_help, N_("this list") },
};

static int
cmd_help (int argc, char **argv)
{
  printf (_("Usage: tfdbg-gtk [LOGDIR]            open the window\n"
            "       tfdbg-gtk COMMAND [ARGS…]     headless\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    printf ("  %-10s %s\n", commands[i].name, _(commands[i].summary));
  return 0;
}

gboolean
tdbg_cli_is_subcommand (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return TRUE;
  return g_str_equal (name, "--help") || g_str_equal (name, "-h");
}

int
tdbg_cli_run (int argc, char **argv)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[0], commands[i].name))
      return commands[i].func (argc, argv);
  return cmd_help (argc, argv);
}
