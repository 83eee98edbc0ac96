/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-diagnosis.h"
#include "tdbg-root-cause-private.h"
#include "libtdbg-v1.h"

#include <inttypes.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "libtdbg-data.h"

TdbgDiagnosisKind
tdbg_diagnose_location (const TdbgLocation *location)
{
  const char *path = tdbg_location_get_path (location);

  return path ? tdbg_diagnose_folder (path) : TDBG_DIAGNOSIS_OK;
}

TdbgDiagnosisKind
tdbg_diagnose_folder (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gboolean any = FALSE;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TDBG_DIAGNOSIS_NOT_FOUND;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return TDBG_DIAGNOSIS_NOT_A_DIRECTORY;
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL || g_access (path, R_OK | X_OK) != 0)
    return TDBG_DIAGNOSIS_UNREADABLE;
  /* A tfdbg V1 dump root is read as a logdir (data/v1/). */
  if (tdbg_v1_dump_is_root (path))
    return TDBG_DIAGNOSIS_OK;
  /* A file set that lost its metadata file is a damaged logdir: the loader says what is
   * wrong with it, file by file. */
  while ((name = g_dir_read_name (dir)))
    {
      if (g_str_has_prefix (name, "tfdbg_events."))
        return TDBG_DIAGNOSIS_OK;
      any = TRUE;
    }
  return any ? TDBG_DIAGNOSIS_NO_METADATA : TDBG_DIAGNOSIS_EMPTY_FOLDER;
}

/* Whether damage was found in a file of executions or graph execution traces: then their
 * absence is the damage, not a run that has not written them yet. */
static gboolean
records_damaged (TdbgLogdir *logdir)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);

  for (guint i = 0; problems && i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      if (p->file_name &&
          (g_str_has_suffix (p->file_name, ".execution") || g_str_has_suffix (p->file_name, ".graph_execution_traces")))
        return TRUE;
    }
  return FALSE;
}

TdbgDiagnosisKind
tdbg_diagnose_logdir (TdbgLogdir *logdir)
{
  if (tdbg_logdir_get_n_traces (logdir) > 0)
    return TDBG_DIAGNOSIS_OK;
  if (tdbg_logdir_get_n_executions (logdir) > 0)
    return TDBG_DIAGNOSIS_EAGER_ONLY;
  return records_damaged (logdir) ? TDBG_DIAGNOSIS_DAMAGED : TDBG_DIAGNOSIS_NOTHING_RECORDED;
}

char *
tdbg_diagnosis_intact_parts (TdbgLogdir *logdir)
{
  guint graphs = tdbg_logdir_get_n_graphs (logdir), ops = tdbg_logdir_get_n_op_creations (logdir);
  guint sources = tdbg_logdir_get_n_source_files (logdir);
  g_autofree char *graph_text = NULL, *source_text = NULL;

  if (graphs == 0 && sources == 0)
    return NULL;
  /* Translators: "12 graphs of 140 ops", part of "Intact: 12 graphs of 140 ops, 41 source files." */
  graph_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u graph", "%u graphs", graphs), graphs);
  if (ops > 0)
    {
      g_autofree char *with_ops = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s of %u op", "%s of %u ops", ops),
                                                   graph_text, ops);
      g_free (graph_text);
      graph_text = g_steal_pointer (&with_ops);
    }
  source_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u source file", "%u source files", sources), sources);
  /* Translators: what a damaged logdir still holds that can be browsed */
  return g_strdup_printf (_("Intact: %s, %s. Their graphs and source code can be browsed."), graph_text, source_text);
}

/* The first problem reported for @file_name, or NULL. */
static const TdbgProblem *
first_problem_of (TdbgLogdir *logdir, const char *file_name)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);

  for (guint i = 0; problems && i < problems->len; i++)
    {
      const TdbgProblem *p = g_ptr_array_index (problems, i);
      if (g_strcmp0 (p->file_name, file_name) == 0)
        return p;
    }
  return NULL;
}

static void
append_problem (GString *s, const TdbgProblem *p)
{
  if (s->len > 0)
    g_string_append_c (s, '\n');
  /* Translators: a damaged file, the byte offset of the damage, and what is wrong there */
  g_string_append_printf (s, _("%s at offset %" PRIu64 ": %s"), p->file_name, p->byte_offset, p->message);
}

/* Each file of @fs besides its metadata that holds no byte: a set of empty files names them all,
 * not its metadata alone. */
static void
append_empty_files (GString *s, const TdbgFileSet *fs)
{
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    if (k != TDBG_FILE_METADATA && fs->files[k].file_name != NULL && fs->files[k].size_bytes == 0)
      {
        TdbgProblem empty = { fs->files[k].file_name, 0, (char *) _("the file is empty") };
        append_problem (s, &empty);
      }
}

char *
tdbg_diagnose_unreadable (TdbgLogdir *logdir)
{
  GString *s = g_string_new (NULL);
  guint n_sets = tdbg_logdir_get_n_file_sets (logdir);

  /* A file of records with bytes in it and not one intact record: damage, not a run that is
   * still writing (that leaves a partial tail). */
  for (guint f = 0; f < n_sets; f++)
    for (guint k = TDBG_FILE_EXECUTION; k <= TDBG_FILE_GRAPH_EXECUTION_TRACES; k++)
      {
        const TdbgFileState *state = &tdbg_logdir_get_file_set (logdir, f)->files[k];
        const TdbgProblem *p;
        if (state->file_name == NULL || state->records > 0 || state->partial_tail ||
            (p = first_problem_of (logdir, state->file_name)) == NULL)
          continue;
        append_problem (s, p);
      }
  /* Nothing recorded, and no metadata to say that a run began: nothing tells "no NaN". */
  if (s->len == 0 && tdbg_logdir_get_n_traces (logdir) == 0 && tdbg_logdir_get_n_executions_all_file_sets (logdir) == 0)
    for (guint f = 0; f < n_sets; f++)
      {
        const TdbgFileSet *fs = tdbg_logdir_get_file_set (logdir, f);
        g_autofree char *name = g_strconcat (fs->file_prefix, ".metadata", NULL);
        const TdbgProblem *p = fs->has_metadata ? NULL : first_problem_of (logdir, name);
        if (p != NULL)
          {
            append_problem (s, p);
            append_empty_files (s, fs);
          }
      }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

char *
tdbg_diagnosis_title (TdbgDiagnosisKind kind)
{
  switch (kind)
    {
    case TDBG_DIAGNOSIS_OK:
      return g_strdup (_("A tfdbg2 logdir"));
    case TDBG_DIAGNOSIS_NOT_FOUND:
      return g_strdup (_("Folder not found"));
    case TDBG_DIAGNOSIS_NOT_A_DIRECTORY:
      return g_strdup (_("Not a folder"));
    case TDBG_DIAGNOSIS_UNREADABLE:
      return g_strdup (_("The folder cannot be read"));
    case TDBG_DIAGNOSIS_EMPTY_FOLDER:
      return g_strdup (_("The folder is empty"));
    case TDBG_DIAGNOSIS_NO_METADATA:
      return g_strdup (_("Not a tfdbg2 logdir"));
    case TDBG_DIAGNOSIS_NOTHING_RECORDED:
      return g_strdup (_("Nothing recorded yet"));
    case TDBG_DIAGNOSIS_EAGER_ONLY:
      return g_strdup (_("No graph execution traces"));
    case TDBG_DIAGNOSIS_DAMAGED:
      return g_strdup (_("The logdir is damaged"));
    }
  g_return_val_if_reached (NULL);
}

/* How to make a logdir, shown wherever a folder is not one. */
static const char *
how_to_dump (void)
{
  return _("To make one, call this in the TensorFlow program before it runs its model:\n"
           "tf.debugging.experimental.enable_dump_debug_info(\"/tmp/tfdbg2_logdir\",\n"
           "    tensor_debug_mode=\"FULL_HEALTH\", circular_buffer_size=-1)\n"
           "then open the folder it names.");
}

char *
tdbg_diagnosis_explain (TdbgDiagnosisKind kind, const char *path)
{
  switch (kind)
    {
    case TDBG_DIAGNOSIS_OK:
      return g_strdup ("");
    case TDBG_DIAGNOSIS_NOT_FOUND:
      return g_strdup_printf (_("There is nothing at %s any more. It may have been moved or deleted, or be on a "
                                "disk that is not mounted."), path);
    case TDBG_DIAGNOSIS_NOT_A_DIRECTORY:
      return g_strdup_printf (_("%s is a file. A tfdbg2 logdir is a folder of tfdbg_events.* files: open the "
                                "folder that holds them."), path);
    case TDBG_DIAGNOSIS_UNREADABLE:
      return g_strdup_printf (_("You may not list the files in %s. Check its permissions (it needs read and "
                                "execute access), or open a copy."), path);
    case TDBG_DIAGNOSIS_EMPTY_FOLDER:
      return g_strdup_printf (_("%s holds no files.\n\n%s"), path, how_to_dump ());
    case TDBG_DIAGNOSIS_NO_METADATA:
      return g_strdup_printf (_("%s has no tfdbg_events.*.metadata file, so it is not a tfdbg2 logdir (perhaps "
                                "the logdir is one of its subfolders).\n\n%s"), path, how_to_dump ());
    case TDBG_DIAGNOSIS_NOTHING_RECORDED:
      return g_strdup_printf (_("%s is a tfdbg2 logdir, but it holds no executions and no graph execution "
                                "traces yet. With a circular buffer (circular_buffer_size above 0, the default) "
                                "TensorFlow writes them only when the program exits or calls "
                                "FlushExecutionFiles(); a followed run shows them when they come, otherwise "
                                "reload (F5). To see each as it happens, pass circular_buffer_size=-1 to "
                                "tf.debugging.experimental.enable_dump_debug_info()."), path);
    case TDBG_DIAGNOSIS_DAMAGED:
      return g_strdup_printf (_("%s is a tfdbg2 logdir, but its files of executions and graph execution traces "
                                "hold no intact record: they are damaged (see the problems below), not waiting "
                                "to be written. Copy the logdir again from where the program wrote it."), path);
    case TDBG_DIAGNOSIS_EAGER_ONLY:
      return g_strdup_printf (_("%s records eager executions but no graph execution traces. That is what a run "
                                "with tf.config.run_functions_eagerly(True) leaves: every tf.function runs op "
                                "by op, so there is no graph to instrument. The Execution Timeline still shows "
                                "every op with its tensor summaries. To see graph execution traces, run the "
                                "program again without run_functions_eagerly(True)."), path);
    }
  g_return_val_if_reached (NULL);
}

/* Per outermost graph (the function called, not the eager context TensorFlow 2.21 records as
 * the outer graph of every function called eagerly): its earliest trace and its earliest
 * recorded call. Only the first file
 * set is looked at: other hosts' clocks need not agree with it. */
typedef struct {
  double first_trace;
  double first_call;
} GraphTimes;

static GraphTimes *
graph_times (TdbgLogdir *logdir, double *earliest_trace)
{
  guint n_graphs = tdbg_logdir_get_n_graphs (logdir);
  GraphTimes *times = g_new (GraphTimes, n_graphs + 1);

  for (guint g = 0; g < n_graphs; g++)
    times[g].first_trace = times[g].first_call = INFINITY;
  *earliest_trace = INFINITY;
  /* Per op, the loader kept the earliest wall time of its traces in the first file set. */
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      guint32 g = isfinite (op->earliest_trace_time) ? _tdbg_cause_outermost_graph (logdir, op->graph) : TDBG_NONE;
      if (g == TDBG_NONE)
        continue;
      *earliest_trace = MIN (*earliest_trace, op->earliest_trace_time);
      times[g].first_trace = MIN (times[g].first_trace, op->earliest_trace_time);
    }
  for (guint i = 0; i < tdbg_logdir_get_n_executions (logdir); i++)
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, i);
      if (e->file_set == 0 && e->graph != TDBG_NONE && e->graph < n_graphs)
        times[e->graph].first_call = MIN (times[e->graph].first_call, e->wall_time);
    }
  return times;
}

/* A function called before the earliest trace, whose ops are traced later: the traces of
 * that call were written first, so they were dropped. */
static gboolean
call_before_every_trace (TdbgLogdir *logdir, const GraphTimes *times, double earliest_trace)
{
  for (guint g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    if (isfinite (times[g].first_trace) && times[g].first_call < earliest_trace)
      return TRUE;
  return FALSE;
}

gboolean
tdbg_logdir_find_circular_evidence (TdbgLogdir *logdir, TdbgCircularEvidence *evidence)
{
  double earliest_trace;
  g_autofree GraphTimes *times = graph_times (logdir, &earliest_trace);

  evidence->traces_dropped = call_before_every_trace (logdir, times, earliest_trace);
  evidence->kept_traces = tdbg_logdir_get_n_traces (logdir);
  evidence->kept_executions = tdbg_logdir_get_n_executions (logdir);
  return evidence->traces_dropped;
}

char *
tdbg_circular_explain (const TdbgCircularEvidence *evidence)
{
  /* Translators: how many graph execution traces and executions are left */
  return g_strdup_printf (_("The earliest graph execution traces were dropped: the run used a circular buffer "
                            "(circular_buffer_size above 0; 1000 is the default), which keeps only the last "
                            "events of each kind — here %u graph execution traces and %u executions. The first "
                            "NaN or infinity may be among those lost, so the first alert shown need not be the "
                            "root cause. To keep everything, pass circular_buffer_size=-1 to "
                            "enable_dump_debug_info."),
                          evidence->kept_traces, evidence->kept_executions);
}

GPtrArray *
tdbg_logdir_list_notices (TdbgLogdir *logdir)
{
  GPtrArray *notices = g_ptr_array_new_with_free_func (g_free);
  TdbgCircularEvidence evidence;

  if (tdbg_logdir_find_circular_evidence (logdir, &evidence))
    g_ptr_array_add (notices, tdbg_circular_explain (&evidence));
  if (tdbg_logdir_holds_no_traceback (logdir))
    g_ptr_array_add (notices,
                     g_strdup (_("a tfdbg V1 dump holds no Python traceback: no op has a creation stack or source "
                                 "line, and retraced functions cannot be found (a session inlines each traced "
                                 "tf.function into its partition graph, named after the call, not the function)")));
  return notices;
}
