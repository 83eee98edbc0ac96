/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diff --json: the facts of ../pairs/README.md (first_divergence, only_in_a, only_in_b,
 * compared_traces, diverging_step) and, beyond them, each compared op's error figures and the
 * first divergence among the eager executions. */
#include "tdbg-compare-report.h"

#include <math.h>

gboolean
tdbg_comparison_diverges (TdbgComparison *c)
{
  return c->first.kind != TDBG_DIVERGENCE_NONE || c->first_execution.kind != TDBG_DIVERGENCE_NONE ||
         c->only_in_a->len > 0 || c->only_in_b->len > 0;
}

static const TdbgGraph *
graph_of_op (TdbgLogdir *logdir, guint32 op)
{
  guint32 graph = op != TDBG_NONE ? tdbg_logdir_get_op (logdir, op)->graph : TDBG_NONE;
  return graph != TDBG_NONE ? tdbg_logdir_get_graph (logdir, graph) : NULL;
}

static void
json_trace (TdbgJson *j, const char *key, TdbgLogdir *logdir, guint32 trace)
{
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  const TdbgGraph *graph;

  tdbg_json_key (j, key);
  if (trace == TDBG_NONE)
    {
      tdbg_json_null (j);
      return;
    }
  d = tdbg_logdir_get_trace (logdir, trace);
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d));
  graph = graph_of_op (logdir, tdbg_trace_digest_get_op (d));
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "graph_execution_trace_index", trace);
  tdbg_json_member_string (j, "op_name", op->op_name);
  tdbg_json_member_uint (j, "output_slot", d->output_slot);
  tdbg_json_member_string (j, "graph_name", graph ? graph->graph_name : NULL);
  tdbg_json_member_string (j, "graph_id", graph ? graph->graph_id : NULL);
  tdbg_json_member_string (j, "op_type", op->op_type);
  tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (tdbg_trace_digest_get_mode (d)));
  tdbg_json_end_object (j);
}

static void
json_first (TdbgJson *j, TdbgComparison *c)
{
  tdbg_json_key (j, "first_divergence");
  if (c->first.kind == TDBG_DIVERGENCE_NONE)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "kind", tdbg_divergence_kind_code (c->first.kind));
  json_trace (j, "a", c->a, c->first.a);
  json_trace (j, "b", c->b, c->first.b);
  tdbg_json_member_double_or_null (j, "max_abs_diff", c->first.max_abs_diff);
  tdbg_json_end_object (j);
}

static void
json_execution (TdbgJson *j, const char *key, TdbgLogdir *logdir, guint32 index)
{
  const TdbgExecutionDigest *e;

  tdbg_json_key (j, key);
  if (index == TDBG_NONE)
    {
      tdbg_json_null (j);
      return;
    }
  e = tdbg_logdir_get_execution (logdir, index);
  tdbg_json_begin_object (j);
  tdbg_json_member_uint (j, "execution_index", index);
  tdbg_json_member_string (j, "op_type", tdbg_logdir_get_string (logdir, e->op_type));
  tdbg_json_end_object (j);
}

static void
json_first_execution (TdbgJson *j, TdbgComparison *c)
{
  tdbg_json_key (j, "first_execution_divergence");
  if (c->first_execution.kind == TDBG_DIVERGENCE_NONE)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "kind", tdbg_divergence_kind_code (c->first_execution.kind));
  json_execution (j, "a", c->a, c->first_execution.a);
  json_execution (j, "b", c->b, c->first_execution.b);
  tdbg_json_key (j, "output_index");
  if (c->first_execution.kind == TDBG_DIVERGENCE_MISSING)
    tdbg_json_null (j);
  else
    tdbg_json_uint (j, c->first_execution.output_slot);
  tdbg_json_member_double_or_null (j, "max_abs_diff", c->first_execution.max_abs_diff);
  tdbg_json_end_object (j);
}

static void
json_strings (TdbgJson *j, const char *key, GPtrArray *strings)
{
  tdbg_json_key (j, key);
  tdbg_json_begin_array (j);
  for (guint i = 0; i < strings->len; i++)
    tdbg_json_string (j, g_ptr_array_index (strings, i));
  tdbg_json_end_array (j);
}

static void
json_op (TdbgJson *j, TdbgComparison *c, const TdbgOpError *op)
{
  const TdbgOp *info = tdbg_logdir_get_op (c->a, op->op_a);
  const TdbgGraph *graph = graph_of_op (c->a, op->op_a);
  gboolean full = op->mode == TDBG_MODE_FULL_TENSOR;
  gboolean any = op->sums.n > 0;

  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "key", g_ptr_array_index (c->keys, op->key));
  tdbg_json_member_string (j, "op_name", info->op_name);
  tdbg_json_member_uint (j, "output_slot", op->output_slot);
  tdbg_json_member_string (j, "op_type", info->op_type);
  tdbg_json_member_string (j, "graph_name", graph ? graph->graph_name : NULL);
  tdbg_json_member_string (j, "tensor_debug_mode", tdbg_debug_mode_name (op->mode));
  tdbg_json_member_uint (j, "compared_traces", op->compared);
  tdbg_json_member_uint (j, "diverging_traces", op->diverging);
  tdbg_json_member_uint (j, "first_graph_execution_trace_index", op->first_trace);
  tdbg_json_key (j, "first_diverging_trace_index");
  if (op->first_diverging == TDBG_NONE)
    tdbg_json_null (j);
  else
    tdbg_json_uint (j, op->first_diverging);
  tdbg_json_member_double_or_null (j, "max_abs_error", any ? op->sums.max_abs : NAN);
  tdbg_json_member_double_or_null (j, "mean_abs_error", any ? op->sums.sum_abs / op->sums.n : NAN);
  tdbg_json_member_double_or_null (j, "max_rel_error", any ? op->sums.max_rel : NAN);
  tdbg_json_member_double_or_null (j, "cosine_similarity", full && any ? tdbg_error_sums_cosine (&op->sums) : NAN);
  tdbg_json_member_double_or_null (j, "sqnr_db", full && any ? tdbg_error_sums_sqnr_db (&op->sums) : NAN);
  tdbg_json_end_object (j);
}

void
tdbg_comparison_json (TdbgJson *j, TdbgComparison *c)
{
  g_autofree char *run_a = tdbg_logdir_describe (c->a), *run_b = tdbg_logdir_describe (c->b);

  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "run_a", run_a);
  tdbg_json_member_string (j, "run_b", run_b);
  tdbg_json_key (j, "rtol"); tdbg_json_double (j, c->options.rtol);
  tdbg_json_key (j, "atol"); tdbg_json_double (j, c->options.atol);
  json_first (j, c);
  tdbg_json_key (j, "diverging_step");
  if (c->diverging_step < 0)
    tdbg_json_null (j);
  else
    tdbg_json_int (j, c->diverging_step);
  json_strings (j, "only_in_a", c->only_in_a);
  json_strings (j, "only_in_b", c->only_in_b);
  tdbg_json_member_uint (j, "compared_traces", c->compared_traces);
  tdbg_json_member_uint (j, "compared_traces_all", c->compared_all);
  tdbg_json_member_uint (j, "diverging_traces", c->diverging_traces);
  json_first_execution (j, c);
  tdbg_json_member_uint (j, "compared_executions", c->compared_executions);
  tdbg_json_key (j, "ops");
  tdbg_json_begin_array (j);
  for (guint i = 0; i < c->ops->len; i++)
    json_op (j, c, &g_array_index (c->ops, TdbgOpError, i));
  tdbg_json_end_array (j);
  tdbg_json_end_object (j);
}
