/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <glib/gi18n.h>

#include "libtdbg-analysis.h"
#include "tdbg-report.h"

#define SOURCE_CONTEXT_LINES 3
#define PICTURE_INPUT_DEPTH 2
#define PICTURE_CONSUMER_DEPTH 1
#define PICTURE_MAX_NODES 40

const char *
tdbg_explain_origin_name (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->origin_op != TDBG_NONE)
    return tdbg_logdir_get_op (logdir, rc->origin_op)->op_name;
  return rc->origin_execution != TDBG_NONE ? rc->origin_op_type : NULL;
}

static const TdbgGraph *
origin_graph (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  guint32 graph = TDBG_NONE;
  if (rc->origin_op != TDBG_NONE)
    graph = tdbg_logdir_get_op (logdir, rc->origin_op)->graph;
  else if (rc->origin_execution != TDBG_NONE)
    graph = tdbg_logdir_get_execution (logdir, rc->origin_execution)->graph;
  return graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, graph) : NULL;
}

static const char *
origin_host (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  guint8 file_set = rc->origin_trace != TDBG_NONE
    ? tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, rc->origin_trace))
    : tdbg_logdir_get_execution (logdir, rc->origin_execution)->file_set;
  return tdbg_logdir_get_file_set (logdir, file_set)->host_name;
}

/* The op whose creation line is the one to show: for an op of a gradient, the forward op (the
 * gradient's own stack ends in whoever called tape.gradient); TDBG_NONE for an eager origin. */
static guint32
built_op (const TdbgRootCause *rc)
{
  return rc->gradient_of != TDBG_NONE ? rc->gradient_of : rc->origin_op;
}

/* The line of the user's program that built the origin: its op's innermost user frame (the
 * forward op's, for a gradient), or the eager execution's; NULL when none was recorded. */
static const TdbgStackFrame *
origin_user_frame (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (built_op (rc) != TDBG_NONE)
    return tdbg_logdir_get_op_user_frame (logdir, tdbg_logdir_get_op (logdir, built_op (rc)));
  if (rc->origin_execution != TDBG_NONE)
    return tdbg_report_execution_user_frame (logdir, rc->origin_execution);
  return NULL;
}

/* ---- JSON ------------------------------------------------------------------------------- */

/* The forward op of the gradient the origin is part of, and the user's line that made it. */
static void
json_gradient_of (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *forward = rc->gradient_of != TDBG_NONE ? tdbg_logdir_get_op (logdir, rc->gradient_of) : NULL;
  const TdbgStackFrame *frame = forward ? tdbg_logdir_get_op_user_frame (logdir, forward) : NULL;

  tdbg_json_key (j, "gradient_of");
  if (forward == NULL)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "op_name", forward->op_name);
  tdbg_json_member_string (j, "op_type", forward->op_type);
  tdbg_json_member_string (j, "file_path", frame ? frame->file_path : NULL);
  tdbg_json_key (j, "line");
  if (frame)
    tdbg_json_int (j, frame->line);
  else
    tdbg_json_null (j);
  tdbg_json_end_object (j);
}

static void
json_origin (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgGraph *graph = origin_graph (logdir, rc);
  const TdbgStackFrame *frame;

  tdbg_json_key (j, "origin");
  if (tdbg_explain_origin_name (logdir, rc) == NULL)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_object (j);
  tdbg_json_member_uint_or_null (j, "graph_execution_trace_index", rc->origin_trace, TDBG_NONE);
  tdbg_json_member_uint_or_null (j, "execution_index", rc->origin_execution, TDBG_NONE);
  tdbg_json_member_string (j, "op_name", tdbg_explain_origin_name (logdir, rc));
  tdbg_json_member_string (j, "op_type", rc->origin_op_type);
  tdbg_json_member_uint (j, "output_slot", rc->origin_output_slot);
  tdbg_json_member_string (j, "graph_id", graph ? graph->graph_id : NULL);
  tdbg_json_member_string (j, "graph_name", graph ? graph->graph_name : NULL);
  tdbg_json_member_string (j, "host_name", origin_host (logdir, rc));
  tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (rc->mode));
  tdbg_json_member_double_or_null (j, "num_neg_inf", rc->neg_inf);
  tdbg_json_member_double_or_null (j, "num_pos_inf", rc->pos_inf);
  tdbg_json_member_double_or_null (j, "num_nan", rc->nan);
  /* An update TensorFlow records no output of, inferred from the read at the trace above. */
  tdbg_json_key (j, "traced");
  tdbg_json_bool (j, !rc->origin_untraced);
  json_gradient_of (j, logdir, rc);
  /* The user's line that built it (the forward op's, for a gradient). */
  tdbg_json_key (j, "user_frame");
  frame = origin_user_frame (logdir, rc);
  if (frame)
    tdbg_report_frame_json (j, logdir, frame);
  else
    tdbg_json_null (j);
  tdbg_json_end_object (j);
}

static void
json_inputs (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  tdbg_json_key (j, "inputs");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < rc->inputs->len; i++)
    {
      const TdbgCauseInput *input = &g_array_index (rc->inputs, TdbgCauseInput, i);
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "op_name", input->op_name);
      tdbg_json_member_uint (j, "output_slot", input->output_slot);
      tdbg_json_key (j, "op_type");
      tdbg_json_string (j, input->op != TDBG_NONE ? tdbg_logdir_get_op (logdir, input->op)->op_type : NULL);
      tdbg_json_member_uint_or_null (j, "graph_execution_trace_index", input->trace, TDBG_NONE);
      tdbg_json_member_uint_or_null (j, "execution_index", input->execution, TDBG_NONE);
      tdbg_json_key (j, "bad"); tdbg_json_bool (j, input->bad);
      tdbg_json_key (j, "culprit"); tdbg_json_bool (j, input->culprit);
      tdbg_json_member_string (j, "not_recorded_because", tdbg_unrecorded_code (input->unrecorded));
      tdbg_json_member_string (j, "unrecorded_op_type", input->maker_type);
      tdbg_json_key (j, "summary");
      if (input->value_read)
        {
          tdbg_json_begin_object (j);
          tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (input->value.mode));
          tdbg_report_value_json (j, &input->value);
          tdbg_json_end_object (j);
        }
      else
        tdbg_json_null (j);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

static void
json_evidence (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  tdbg_json_key (j, "evidence");
  if (rc->evidence_kind == TDBG_EVIDENCE_NONE)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_object (j);
  tdbg_json_key (j, "input_index"); tdbg_json_int (j, rc->evidence_input);
  tdbg_json_member_string (j, "kind", tdbg_evidence_code (rc->evidence_kind));
  tdbg_json_member_double_or_null (j, "count", rc->evidence_count);
  tdbg_json_key (j, "inferred"); tdbg_json_bool (j, rc->inferred);
  /* The variable's read whose negatives or zeros the culprit held (what wrote it is the fix). */
  tdbg_json_key (j, "variable_read");
  if (rc->variable_read == TDBG_NONE)
    tdbg_json_null (j);
  else
    {
      tdbg_json_begin_object (j);
      tdbg_json_member_uint (j, "graph_execution_trace_index", rc->variable_read);
      tdbg_json_member_string (j, "op_name", tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (
                                                tdbg_logdir_get_trace (logdir, rc->variable_read)))->op_name);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_object (j);
}

/* From the first bad trace (or execution) in file order back to the origin, the last step. */
static void
json_walk (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  tdbg_json_key (j, "walk_back");
  tdbg_json_begin_array (j);
  for (guint i = 0; rc->walk && i < rc->walk->len; i++)
    {
      const TdbgWalkStep *step = &g_array_index (rc->walk, TdbgWalkStep, i);
      const char *name = step->trace != TDBG_NONE
        ? tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, step->trace)))->op_name
        : tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, step->execution)->op_type);
      tdbg_json_begin_object (j);
      tdbg_json_member_string (j, "link", tdbg_walk_link_code (step->link));
      tdbg_json_member_uint_or_null (j, "graph_execution_trace_index", step->trace, TDBG_NONE);
      tdbg_json_member_uint_or_null (j, "execution_index", step->execution, TDBG_NONE);
      tdbg_json_member_string (j, "op_name", name);
      tdbg_json_member_uint (j, "output_slot", step->output_slot);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_array (j);
}

/* @key: @op's name, or null for TDBG_NONE. */
static void
json_member_op (TdbgJson *j, TdbgLogdir *logdir, const char *key, guint32 op)
{
  tdbg_json_member_string (j, key, op != TDBG_NONE ? tdbg_logdir_get_op (logdir, op)->op_name : NULL);
}

static void
json_spread (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  tdbg_json_key (j, "spread");
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "bad_traces_after", rc->spread_traces);
  tdbg_json_member_uint (j, "bad_ops_after", rc->spread_ops);
  tdbg_json_member_uint (j, "bad_executions_after", rc->spread_executions);
  /* A constant's: the first NaN made after it (what a mask of −∞ led to). */
  tdbg_json_member_uint_or_null (j, "first_nan_trace_after", rc->first_nan_after, TDBG_NONE);
  /* Made NaN/∞ whose values the program checks (tf.math.is_finite, as loss scaling does). */
  json_member_op (j, logdir, "checked_by", rc->checked_by);
  /* The first NaN/∞, discarded by an op that read it and came out finite (a guard). */
  tdbg_json_key (j, "guarded_before");
  if (rc->guarded_trace == TDBG_NONE)
    tdbg_json_null (j);
  else
    {
      tdbg_json_begin_object (j);
      tdbg_json_member_uint (j, "graph_execution_trace_index", rc->guarded_trace);
      json_member_op (j, logdir, "op_name", rc->guarded_op);
      json_member_op (j, logdir, "discarded_by", rc->guarded_by);
      tdbg_json_end_object (j);
    }
  /* The op that read the origin's values and came out finite, nothing bad after: harmless. */
  json_member_op (j, logdir, "discarded_by", rc->discarded_by);
  /* A constant's ±∞, the first alert, that does not reach the origin of the NaN explained. */
  json_member_op (j, logdir, "constant_before", rc->constant_before);
  tdbg_json_key (j, "first_step");
  if (rc->step_execution == TDBG_NONE)
    tdbg_json_null (j);
  else
    {
      const TdbgExecutionDigest *e = tdbg_logdir_get_execution (logdir, rc->step_execution);
      tdbg_json_begin_object (j);
      tdbg_json_member_uint (j, "execution_index", rc->step_execution);
      tdbg_json_member_string (j, "function", tdbg_logdir_get_string (logdir, e->op_type));
      tdbg_json_member_uint (j, "call", rc->step_call);
      /* The calls recorded, and the last one a trace of its graphs went bad in. */
      tdbg_json_member_uint (j, "calls", rc->step_calls);
      tdbg_json_member_uint (j, "last_bad_call", rc->step_last_bad_call);
      /* The origin op's run in that call when it ran more than once (a loop's body), else null. */
      tdbg_json_member_uint_or_null (j, "op_run", rc->step_op_run, 0);
      /* Computes no gradient while a function of its name does: evaluation or prediction. */
      tdbg_json_key (j, "evaluates");
      tdbg_json_bool (j, rc->step_evaluates);
      tdbg_json_end_object (j);
    }
  tdbg_json_end_object (j);
}

void
tdbg_explain_json (TdbgJson *j, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  gboolean found = tdbg_explain_origin_name (logdir, rc) != NULL;

  tdbg_json_begin_object (j);
  json_origin (j, logdir, rc);
  tdbg_json_member_string (j, "cause", found ? tdbg_cause_code (rc->cause) : NULL);
  tdbg_json_member_string (j, "op_family", rc->family);
  tdbg_json_member_string (j, "op_semantics", rc->semantics);
  tdbg_json_member_string (j, "composition", rc->composition);
  tdbg_json_key (j, "inferred"); tdbg_json_bool (j, found && rc->inferred);
  tdbg_json_member_string (j, "not_recorded_because", tdbg_unrecorded_code (rc->unrecorded));
  tdbg_json_member_string (j, "explanation", rc->explanation);
  tdbg_json_member_string (j, "hint", rc->hint);
  tdbg_json_member_string (j, "limitation", rc->limitation);
  json_evidence (j, logdir, rc);
  json_inputs (j, logdir, rc);
  json_walk (j, logdir, rc);
  json_spread (j, logdir, rc);
  tdbg_json_end_object (j);
}

/* ---- text and Markdown ------------------------------------------------------------------ */

/* An eager origin's input: the execution that made it, and what its mode recorded. */
static char *
eager_summary_text (const TdbgCauseInput *input)
{
  const TdbgValue *v = &input->value;
  if (v->counts_known)
    return g_strdup_printf (_("execution #%u: −∞ %" PRIu64 ", ∞ %" PRIu64 ", NaN %" PRIu64
                              ", negative %" PRIu64 ", zero %" PRIu64 ", positive %" PRIu64),
                            input->execution, (guint64) v->counts.neg_inf, (guint64) v->counts.pos_inf,
                            (guint64) v->counts.nan, (guint64) v->counts.neg, (guint64) v->counts.zero,
                            (guint64) v->counts.pos);
  return g_strdup_printf (input->bad ? _("execution #%u: holds NaN or ∞") : _("execution #%u: finite"),
                          input->execution);
}

static char *recorded_summary_text (const TdbgCauseInput *input);

/* What an input held, and "culprit" when it held what explains the origin's bad values. */
static char *
input_summary_text (const TdbgCauseInput *input)
{
  g_autofree char *summary = recorded_summary_text (input);
  /* TRANSLATORS: an input of the origin that held the zeros (or negatives…) explaining it */
  return input->culprit ? g_strdup_printf (_("culprit — %s"), summary) : g_steal_pointer (&summary);
}

static char *
recorded_summary_text (const TdbgCauseInput *input)
{
  const TdbgValue *v = &input->value;
  if (!input->value_read)
    return tdbg_root_cause_unrecorded_text (input);
  if (input->trace == TDBG_NONE)
    return eager_summary_text (input);
  if (v->counts_known)
    return g_strdup_printf (_("trace #%u: −∞ %" PRIu64 ", ∞ %" PRIu64 ", NaN %" PRIu64
                              ", negative %" PRIu64 ", zero %" PRIu64 ", positive %" PRIu64),
                            input->trace, (guint64) v->counts.neg_inf, (guint64) v->counts.pos_inf, (guint64) v->counts.nan,
                            (guint64) v->counts.neg, (guint64) v->counts.zero, (guint64) v->counts.pos);
  if (v->inf_nan_known)
    return g_strdup_printf (_("trace #%u: −∞ %" PRIu64 ", ∞ %" PRIu64 ", NaN %" PRIu64),
                            input->trace, (guint64) v->counts.neg_inf, (guint64) v->counts.pos_inf, (guint64) v->counts.nan);
  return g_strdup_printf (input->bad ? _("trace #%u: holds NaN or ∞") : _("trace #%u: finite"), input->trace);
}

static char *
origin_title (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const char *name = tdbg_explain_origin_name (logdir, rc);
  if (rc->origin_untraced)
    /* TRANSLATORS: an op TensorFlow records no output of, its type, and the trace that read what it wrote */
    return g_strdup_printf (_("%s (%s), not recorded: inferred from graph execution trace #%u"), name,
                            rc->origin_op_type, rc->origin_trace);
  if (rc->origin_trace != TDBG_NONE)
    return g_strdup_printf (_("%s:%u (%s), graph execution trace #%u"), name, rc->origin_output_slot,
                            rc->origin_op_type, rc->origin_trace);
  return g_strdup_printf (_("%s output %u, eager execution #%u"), name, rc->origin_output_slot, rc->origin_execution);
}

static char *
step_text (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->step_execution == TDBG_NONE)
    return NULL;
  if (rc->step_evaluates)
    /* TRANSLATORS: the call's number, the function's op type (__inference_f_12), its execution */
    return g_strdup_printf (_("in call %u of %s (execution #%u), which computes no gradient: evaluation or "
                              "prediction, not the training step of the same name"), rc->step_call,
                            tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, rc->step_execution)->op_type),
                            rc->step_execution);
  return g_strdup_printf (_("in call %u of %s (execution #%u)"), rc->step_call,
                          tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, rc->step_execution)->op_type),
                          rc->step_execution);
}

/* "Built at: file:line, in func: code", a line of its own. */
static void
append_built_at (GString *out, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgStackFrame *frame = origin_user_frame (logdir, rc);
  const char *line = frame ? tdbg_logdir_get_frame_line (logdir, frame) : NULL;
  g_autofree char *code = line ? g_strstrip (g_strdup (line)) : NULL;

  if (frame == NULL)
    return;
  /* TRANSLATORS: the file, the line number and the function of the user's program that built
   * the origin op, then that line's code (or nothing when the source was not recorded) */
  g_string_append_printf (out, _("Built at: %s:%d, in %s%s%s\n"), frame->file_path, frame->line,
                          frame->func ? frame->func : "?", code ? ": " : "", code ? code : "");
}

char *
tdbg_explain_text (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  GString *out = g_string_new (NULL);
  g_autofree char *title = NULL, *step = NULL, *spread = NULL;

  if (tdbg_explain_origin_name (logdir, rc) == NULL)
    {
      g_string_append_printf (out, "%s\n", rc->explanation);
      return g_string_free (out, FALSE);
    }
  title = origin_title (logdir, rc);
  step = step_text (logdir, rc);
  spread = tdbg_root_cause_spread_text (rc);
  g_string_append_printf (out, _("Origin: %s\n"), title);
  g_string_append_printf (out, _("Cause: %s\n"), tdbg_cause_code (rc->cause));
  append_built_at (out, logdir, rc);
  g_string_append_printf (out, "%s\n", rc->explanation);
  if (rc->hint)
    g_string_append_printf (out, _("What to do: %s\n"), rc->hint);
  for (guint i = 0; i < rc->inputs->len; i++)
    {
      const TdbgCauseInput *input = &g_array_index (rc->inputs, TdbgCauseInput, i);
      g_autofree char *summary = input_summary_text (input);
      g_string_append_printf (out, _("Input %u: %s:%u — %s\n"), i, input->op_name, input->output_slot, summary);
    }
  /* TRANSLATORS: %s: "295 traces of 52 ops and 3 eager executions went bad after it" */
  g_string_append_printf (out, _("Spread: %s"), spread);
  g_string_append_printf (out, "%s%s\n", step ? "; " : "", step ? step : "");
  return g_string_free (out, FALSE);
}

/* The line of the user's program that built the origin (origin_user_frame()) and the lines around it; for an op
 * of a gradient, the forward op's (the gradient's own ends in whoever called tape.gradient). */
static void
markdown_source (GString *out, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgStackFrame *frame = origin_user_frame (logdir, rc);
  const TdbgSourceFile *file;

  if (frame == NULL)
    return;
  if (rc->gradient_of != TDBG_NONE)
    /* TRANSLATORS: Markdown: the forward op's name, the file, line and function that made it */
    g_string_append_printf (out, _("\n### Where it was built\n\nThe gradient of `%s`, an op made at `%s`, line %d, in `%s`:\n\n```python\n"),
                            tdbg_logdir_get_op (logdir, rc->gradient_of)->op_name, frame->file_path, frame->line,
                            frame->func ? frame->func : "?");
  else
    g_string_append_printf (out, _("\n### Where it was built\n\n`%s`, line %d, in `%s`:\n\n```python\n"),
                            frame->file_path, frame->line, frame->func ? frame->func : "?");
  file = frame->source_file != TDBG_NONE ? tdbg_logdir_get_source_file (logdir, frame->source_file) : NULL;
  for (gint line = MAX (1, frame->line - SOURCE_CONTEXT_LINES); file && line <= frame->line + SOURCE_CONTEXT_LINES; line++)
    if ((guint) line <= file->n_lines)
      g_string_append_printf (out, "%s %4d  %s\n", line == frame->line ? ">" : " ", line, file->lines[line - 1]);
  g_string_append (out, "```\n");
}

static const char *
link_text (TdbgWalkLink link)
{
  switch (link)
    {
    case TDBG_LINK_INPUT:
      return _("through an input of the op");
    case TDBG_LINK_OUTER_GRAPH:
      return _("through the outer graph's op calling the nested graph");
    case TDBG_LINK_FUNCTION_INPUT:
      return _("through the eager call's input to the function");
    case TDBG_LINK_EAGER_INPUT:
      return _("through an eager op's input");
    case TDBG_LINK_FUNCTION_OUTPUT:
      return _("through the function's output");
    case TDBG_LINK_VARIABLE:
      return _("through the eager assignment that wrote the variable read");
    default:
      return _("the first NaN/∞ in file order");
    }
}

/* When the origin is not the first bad trace: each place the values were seen on the way
 * back, the first bad trace first, the origin last. */
static void
markdown_walk (GString *out, TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->walk == NULL || rc->walk->len < 2)
    return;
  g_string_append (out, _("\n### How the values got to the first NaN/∞\n\n"));
  for (guint i = 0; i < rc->walk->len; i++)
    {
      const TdbgWalkStep *step = &g_array_index (rc->walk, TdbgWalkStep, i);
      if (step->trace != TDBG_NONE)
        /* TRANSLATORS: one step of the walk back: op name, output slot, trace index, how it was reached */
        g_string_append_printf (out, _("%u. `%s:%u`, graph execution trace #%u — %s\n"), i + 1,
                                tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, step->trace)))->op_name,
                                step->output_slot, step->trace, link_text (step->link));
      else
        /* TRANSLATORS: one step of the walk back: eager op type, output slot, execution index, how it was reached */
        g_string_append_printf (out, _("%u. `%s` output %u, eager execution #%u — %s\n"), i + 1,
                                tdbg_logdir_get_string (logdir, tdbg_logdir_get_execution (logdir, step->execution)->op_type),
                                step->output_slot, step->execution, link_text (step->link));
    }
}

/* The op the picture is drawn around: the origin, or (for an eager origin) the first bad trace's. */
static guint32
picture_op (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  if (rc->origin_op != TDBG_NONE)
    return rc->origin_op;
  if (rc->walk && rc->walk->len > 0 && g_array_index (rc->walk, TdbgWalkStep, 0).trace != TDBG_NONE)
    return tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, g_array_index (rc->walk, TdbgWalkStep, 0).trace));
  return TDBG_NONE;
}

char *
tdbg_explain_picture_dot (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  guint32 op = picture_op (logdir, rc);
  g_autoptr(TdbgNeighbourhood) hood = NULL;

  if (op == TDBG_NONE)
    return NULL;
  hood = tdbg_neighbourhood_new (logdir, op, PICTURE_INPUT_DEPTH, PICTURE_CONSUMER_DEPTH, PICTURE_MAX_NODES);
  tdbg_neighbourhood_mark_cause (hood, rc);
  return tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_WHOLE_NAMES);
}

static void
markdown_neighbourhood (GString *out, TdbgLogdir *logdir, const TdbgRootCause *rc, const char *picture)
{
  guint32 op = picture_op (logdir, rc);
  const char *name;

  if (op == TDBG_NONE)
    return;
  name = tdbg_logdir_get_op (logdir, op)->op_name;
  g_string_append (out, _("\n### Its neighbourhood\n\n"));
  if (picture && rc->origin_op == TDBG_NONE)
    /* TRANSLATORS: Markdown image of the graph around the first bad trace, when the origin is an eager op */
    g_string_append_printf (out, _("![The graph around %s, the first trace with NaN/∞](%s)\n"), name, picture);
  else if (picture)
    /* TRANSLATORS: Markdown image: the alternative text, then the file beside the report */
    g_string_append_printf (out, _("![The graph around %s: the origin outlined in red, its inputs in red "
                                   "(bad or culprit) or green (healthy)](%s)\n"), name, picture);
  else
    g_string_append_printf (out, _("Not drawn here: `explain --markdown -o report.md` writes the picture of "
                                   "the graph around %s beside the report.\n"), name);
}

char *
tdbg_explain_markdown (TdbgLogdir *logdir, const TdbgRootCause *rc, const char *picture)
{
  GString *out = g_string_new (NULL);
  g_autofree char *title = NULL, *step = NULL, *spread = NULL;

  g_string_append_printf (out, _("## Root cause of the first NaN/∞\n\n"));
  if (tdbg_explain_origin_name (logdir, rc) == NULL)
    {
      g_string_append_printf (out, "%s\n", rc->explanation);
      return g_string_free (out, FALSE);
    }
  title = origin_title (logdir, rc);
  step = step_text (logdir, rc);
  spread = tdbg_root_cause_spread_text (rc);
  g_string_append_printf (out, _("**Origin:** %s\n\n**Cause:** `%s` — %s\n\n"), title, tdbg_cause_code (rc->cause),
                          rc->explanation);
  if (rc->hint)
    g_string_append_printf (out, _("**What to do:** %s\n\n"), rc->hint);
  g_string_append_printf (out, _("| input | latest trace before it |\n|---|---|\n"));
  for (guint i = 0; i < rc->inputs->len; i++)
    {
      const TdbgCauseInput *input = &g_array_index (rc->inputs, TdbgCauseInput, i);
      g_autofree char *summary = input_summary_text (input);
      g_string_append_printf (out, "| `%s:%u` | %s |\n", input->op_name, input->output_slot, summary);
    }
  g_string_append_printf (out, "\n%s%s%s.\n", spread, step ? ", " : "", step ? step : "");
  markdown_walk (out, logdir, rc);
  markdown_source (out, logdir, rc);
  markdown_neighbourhood (out, logdir, rc, picture);
  return g_string_free (out, FALSE);
}
