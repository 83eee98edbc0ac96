/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A comparison as text and as Markdown: where the runs first part in a sentence, both sides'
 * op, graph, line of source and value, then the worst ops. */
#include "tdbg-compare-report.h"

#include <inttypes.h>
#include <math.h>
#include <glib/gi18n.h>

#include "libtdbg-analysis.h"
#include "libtdbg-data.h"

#define VALUE_ELEMENTS 8
#define PICTURE_INPUT_DEPTH 2
#define PICTURE_CONSUMER_DEPTH 1
#define PICTURE_MAX_NODES 40

/* What one side of a pair shows. */
typedef struct {
  const char *op_name, *op_type, *graph_name;
  guint slot;
  const TdbgStackFrame *frame;
  const char *line;
  char *value;
} Side;

static char *
value_text (TdbgLogdir *logdir, guint32 trace)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, trace, NULL);
  const Tensorflow__GraphExecutionTrace *t = event ? event->graph_execution_trace : NULL;
  TdbgValue v;
  char *text = NULL;

  if (t == NULL)
    {
      if (event)
        tensorflow__debug_event__free_unpacked (event, NULL);
      return g_strdup (_("(cannot be read)"));
    }
  tdbg_value_init (&v, t->tensor_debug_mode, t->tensor_proto);
  if (v.summary)
    {
      GString *s = g_string_new ("[");
      for (guint i = 0; i < v.summary->len; i++)
        g_string_append_printf (s, "%s%.17g", i ? ", " : "", g_array_index (v.summary, double, i));
      g_string_append_c (s, ']');
      text = g_string_free (s, FALSE);
    }
  else if (v.decoded && v.mode == TDBG_MODE_FULL_TENSOR)
    {
      g_autofree char *values = tdbg_tensor_format (&v.tensor, VALUE_ELEMENTS);
      text = g_strdup_printf ("%s %s", tdbg_dtype_name (v.tensor.dtype), values);
    }
  else
    text = g_strdup (_("(no value recorded)"));
  tdbg_value_clear (&v);
  tensorflow__debug_event__free_unpacked (event, NULL);
  return text;
}

static void
side_init (Side *side, TdbgLogdir *logdir, guint32 trace)
{
  const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
  const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  const TdbgGraph *graph = op->graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, op->graph) : NULL;

  side->op_name = op->op_name;
  side->op_type = op->op_type ? op->op_type : "?";
  side->graph_name = graph && graph->graph_name ? graph->graph_name : "?";
  side->slot = d->output_slot;
  side->frame = tdbg_logdir_get_op_user_frame (logdir, op);
  side->line = side->frame ? tdbg_logdir_get_frame_line (logdir, side->frame) : NULL;
  side->value = value_text (logdir, trace);
}

static void
side_clear (Side *side)
{
  g_free (side->value);
}

/* "the values differ by up to 0.00094" and the like. */
static char *
kind_text (const TdbgDivergence *d)
{
  switch (d->kind)
    {
    case TDBG_DIVERGENCE_VALUES:
      return isnan (d->max_abs_diff) ? g_strdup (_("the values are not close (NaN or ∞ on one side only)"))
                                     : g_strdup_printf (_("the values are not close (largest difference %.6g)"), d->max_abs_diff);
    case TDBG_DIVERGENCE_HEALTH:
      return isnan (d->max_abs_diff) ? g_strdup (_("the health summaries differ"))
                                     : g_strdup_printf (_("the health summaries differ (by up to %.6g)"), d->max_abs_diff);
    case TDBG_DIVERGENCE_DTYPE:
      return g_strdup (_("the dtypes differ"));
    case TDBG_DIVERGENCE_SHAPE:
      return g_strdup (_("the shapes differ"));
    case TDBG_DIVERGENCE_MISSING:
      return g_strdup (_("run B traced it fewer times"));
    case TDBG_DIVERGENCE_MODE:
      return g_strdup (_("the runs recorded it in different debug modes"));
    case TDBG_DIVERGENCE_OUTPUTS:
      return g_strdup (_("the runs recorded a different number of outputs"));
    default:
      return g_strdup ("");
    }
}

static char *
step_text (TdbgComparison *c)
{
  const TdbgExecutionDigest *e;
  if (c->diverging_step < 0 || c->step_execution == TDBG_NONE)
    return NULL;
  e = tdbg_logdir_get_execution (c->a, c->step_execution);
  /* TRANSLATORS: the 0-based step (call of the outermost function), that function, the execution of that call */
  return g_strdup_printf (_("It happened in step %d (call %d of %s, execution #%u of run A)."), c->diverging_step,
                          c->diverging_step + 1,
                          tdbg_logdir_get_string (c->a, e->op_type), c->step_execution);
}

/* The first divergence in a sentence. */
static char *
headline (TdbgComparison *c)
{
  g_autofree char *kind = NULL;
  Side a;

  if (c->first.kind == TDBG_DIVERGENCE_NONE)
    return g_strdup_printf (_("No trace differs: %" PRIu64 " pairs of traces compared."), c->compared_traces);
  kind = kind_text (&c->first);
  side_init (&a, c->a, c->first.a);
  side_clear (&a);
  if (c->first.b == TDBG_NONE)
    /* TRANSLATORS: op name, output slot, graph name, trace index in run A, how they differ */
    return g_strdup_printf (_("The runs first part at %s:%u in graph %s (trace #%u of run A): %s."), a.op_name, a.slot,
                            a.graph_name, c->first.a, kind);
  /* TRANSLATORS: op name, output slot, graph name, trace index in run A, in run B, how they differ */
  return g_strdup_printf (_("The runs first part at %s:%u in graph %s (trace #%u of run A, #%u of run B): %s."),
                          a.op_name, a.slot, a.graph_name, c->first.a, c->first.b, kind);
}

static void
text_side (GString *out, const char *label, TdbgLogdir *logdir, guint32 trace)
{
  Side s;
  g_autofree char *line = NULL, *value = NULL;
  g_auto(GStrv) indented = NULL;

  side_init (&s, logdir, trace);
  line = g_strstrip (g_strdup (s.line ? s.line : ""));
  /* TRANSLATORS: "Run A: MatMul_1:0 (MatMul) in graph classify, trace #14" */
  g_string_append_printf (out, _("%s: %s:%u (%s) in graph %s, trace #%u\n"), label, s.op_name, s.slot, s.op_type,
                          s.graph_name, trace);
  if (s.frame)
    g_string_append_printf (out, "  %s:%d: %s\n", s.frame->file_path, s.frame->line, line);
  indented = g_strsplit (s.value, "\n", -1);
  value = g_strjoinv ("\n  ", indented);
  g_string_append_printf (out, "  %s\n", value);
  side_clear (&s);
}

static char *
number (double value)
{
  if (isnan (value))
    return g_strdup ("–");
  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "−∞");
  return g_strdup_printf ("%.4g", value);
}

static void
op_figures (TdbgComparison *c, const TdbgOpError *op, char **max_abs, char **mean_abs, char **max_rel, char **cosine,
            char **sqnr)
{
  gboolean any = op->sums.n > 0, full = op->mode == TDBG_MODE_FULL_TENSOR && any;
  *max_abs = number (any ? op->sums.max_abs : NAN);
  *mean_abs = number (any ? op->sums.sum_abs / op->sums.n : NAN);
  *max_rel = number (any ? op->sums.max_rel : NAN);
  *cosine = full ? g_strdup_printf ("%.6f", tdbg_error_sums_cosine (&op->sums)) : g_strdup ("–");
  *sqnr = number (full ? tdbg_error_sums_sqnr_db (&op->sums) : NAN);
}

static void
text_only (GString *out, const char *title, GPtrArray *keys)
{
  if (keys->len == 0)
    return;
  g_string_append_printf (out, "%s\n", title);
  for (guint i = 0; i < keys->len; i++)
    g_string_append_printf (out, "  %s\n", (const char *) g_ptr_array_index (keys, i));
}

static char *
execution_text (TdbgComparison *c)
{
  const TdbgDivergence *d = &c->first_execution;
  g_autofree char *kind = NULL;
  const char *type;

  if (d->kind == TDBG_DIVERGENCE_NONE)
    return g_strdup_printf (_("No eager execution differs: %" PRIu64 " pairs compared."), c->compared_executions);
  kind = kind_text (d);
  type = tdbg_logdir_get_string (c->a, tdbg_logdir_get_execution (c->a, d->a)->op_type);
  if (d->b == TDBG_NONE)
    return g_strdup_printf (_("The first eager execution that differs: %s, execution #%u of run A: %s."), type, d->a, kind);
  /* TRANSLATORS: op type, execution index in run A, in run B, output index, how they differ */
  return g_strdup_printf (_("The first eager execution that differs: %s, execution #%u of run A, #%u of run B, output %u: %s."),
                          type, d->a, d->b, d->output_slot, kind);
}

char *
tdbg_comparison_text (TdbgComparison *c, guint max_ops)
{
  GString *out = g_string_new (NULL);
  g_autofree char *head = headline (c), *step = step_text (c), *exec = execution_text (c);
  g_autoptr(GArray) worst = tdbg_comparison_worst_ops (c, max_ops);

  g_string_append_printf (out, "%s\n", head);
  if (c->first.kind != TDBG_DIVERGENCE_NONE)
    {
      text_side (out, _("Run A"), c->a, c->first.a);
      if (c->first.b != TDBG_NONE)
        text_side (out, _("Run B"), c->b, c->first.b);
      if (step)
        g_string_append_printf (out, "%s\n", step);
      g_string_append_printf (out, _("%" PRIu64 " pairs compared up to it; %" PRIu64 " of %" PRIu64 " pairs differ.\n"),
                              c->compared_traces, c->diverging_traces, c->compared_all);
    }
  text_only (out, _("Only in run A:"), c->only_in_a);
  text_only (out, _("Only in run B:"), c->only_in_b);
  g_string_append_printf (out, "%s\n", exec);
  if (worst->len == 0)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, _("Worst ops (diverging/compared traces, max abs error, mean abs error, max rel error, cosine, SQNR dB):\n"));
  for (guint i = 0; i < worst->len; i++)
    {
      const TdbgOpError *op = &g_array_index (c->ops, TdbgOpError, g_array_index (worst, guint, i));
      g_autofree char *max_abs = NULL, *mean_abs = NULL, *max_rel = NULL, *cosine = NULL, *sqnr = NULL;
      op_figures (c, op, &max_abs, &mean_abs, &max_rel, &cosine, &sqnr);
      g_string_append_printf (out, "  %s  %" PRIu64 "/%" PRIu64 "  %s  %s  %s  %s  %s\n",
                              (const char *) g_ptr_array_index (c->keys, op->key), op->diverging, op->compared,
                              max_abs, mean_abs, max_rel, cosine, sqnr);
    }
  return g_string_free (out, FALSE);
}

/* ---- Markdown ---------------------------------------------------------------------------- */

char *
tdbg_comparison_picture_dot (TdbgComparison *c, gboolean run_b)
{
  TdbgLogdir *logdir = run_b ? c->b : c->a;
  guint32 trace = run_b ? c->first.b : c->first.a;
  g_autoptr(TdbgNeighbourhood) hood = NULL;

  if (c->first.kind == TDBG_DIVERGENCE_NONE || trace == TDBG_NONE)
    return NULL;
  hood = tdbg_neighbourhood_new (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, trace)), PICTURE_INPUT_DEPTH,
                                 PICTURE_CONSUMER_DEPTH, PICTURE_MAX_NODES);
  g_array_index (hood->nodes, TdbgNeighbour, 0).mark = TDBG_NEIGHBOUR_ORIGIN;
  return tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_WHOLE_NAMES);
}

static void
markdown_side (GString *out, const char *label, TdbgLogdir *logdir, guint32 trace, const char *picture)
{
  Side s;
  g_autofree char *where = tdbg_logdir_describe (logdir);

  side_init (&s, logdir, trace);
  g_string_append_printf (out, "\n### %s: `%s:%u` (%s)\n\n", label, s.op_name, s.slot, s.op_type);
  /* TRANSLATORS: Markdown: the graph's name, the trace's index, the logdir */
  g_string_append_printf (out, _("Graph `%s`, graph execution trace #%u of `%s`.\n\n"), s.graph_name, trace, where);
  if (s.frame)
    g_string_append_printf (out, "`%s`, line %d:\n\n```python\n%s\n```\n\n", s.frame->file_path, s.frame->line,
                            s.line ? s.line : "");
  g_string_append_printf (out, "```\n%s\n```\n\n", s.value);
  if (picture)
    /* TRANSLATORS: Markdown image: the alternative text, then the file beside the report */
    g_string_append_printf (out, _("![The graph around %s in %s, outlined in red](%s)\n"), s.op_name, label, picture);
  else
    g_string_append_printf (out, _("Not drawn here: `diff --markdown -o report.md` writes the pictures of both "
                                   "neighbourhoods beside the report.\n"));
  side_clear (&s);
}

char *
tdbg_comparison_markdown (TdbgComparison *c, const char *picture_a, const char *picture_b)
{
  GString *out = g_string_new (NULL);
  g_autofree char *head = headline (c), *step = step_text (c), *exec = execution_text (c);
  g_autoptr(GArray) worst = tdbg_comparison_worst_ops (c, 10);

  g_string_append_printf (out, _("## Where the runs first part\n\n%s\n"), head);
  if (c->first.kind != TDBG_DIVERGENCE_NONE)
    {
      g_string_append_printf (out, _("\n%" PRIu64 " pairs compared up to it; %" PRIu64 " of %" PRIu64 " pairs differ "
                                     "(rtol %g, atol %g).%s%s\n"),
                              c->compared_traces, c->diverging_traces, c->compared_all, c->options.rtol, c->options.atol,
                              step ? " " : "", step ? step : "");
      markdown_side (out, _("Run A"), c->a, c->first.a, picture_a);
      if (c->first.b != TDBG_NONE)
        markdown_side (out, _("Run B"), c->b, c->first.b, picture_b);
    }
  for (guint side = 0; side < 2; side++)
    {
      GPtrArray *keys = side ? c->only_in_b : c->only_in_a;
      if (keys->len == 0)
        continue;
      g_string_append_printf (out, "\n### %s\n\n", side ? _("Only in run B") : _("Only in run A"));
      for (guint i = 0; i < keys->len; i++)
        g_string_append_printf (out, "- `%s`\n", (const char *) g_ptr_array_index (keys, i));
    }
  g_string_append_printf (out, "\n%s\n", exec);
  if (worst->len == 0)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, _("\n### The worst ops\n\n| op output | diverging / compared | max abs error | mean abs error "
                                 "| max rel error | cosine | SQNR (dB) |\n|---|---|---|---|---|---|---|\n"));
  for (guint i = 0; i < worst->len; i++)
    {
      const TdbgOpError *op = &g_array_index (c->ops, TdbgOpError, g_array_index (worst, guint, i));
      g_autofree char *max_abs = NULL, *mean_abs = NULL, *max_rel = NULL, *cosine = NULL, *sqnr = NULL;
      op_figures (c, op, &max_abs, &mean_abs, &max_rel, &cosine, &sqnr);
      g_string_append_printf (out, "| `%s` | %" PRIu64 " / %" PRIu64 " | %s | %s | %s | %s | %s |\n",
                              (const char *) g_ptr_array_index (c->keys, op->key), op->diverging, op->compared,
                              max_abs, mean_abs, max_rel, cosine, sqnr);
    }
  return g_string_free (out, FALSE);
}
