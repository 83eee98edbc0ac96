/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "compare-fixtures.h"

#include <math.h>
#include <string.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-model.h"
#include "tdbg-tensor.h"

#define N_OPS 4
#define DEVICE "/job:localhost/replica:0/task:0/device:CPU:0"

static const char *const op_names[N_OPS] = { "x", "MatMul", "add", "Relu" };
static const char *const op_types[N_OPS] = { "Placeholder", "MatMul", "AddV2", "Relu" };

void
compare_run_init (CompareRun *run, gboolean run_b, Tensorflow__TensorDebugMode mode, guint n_steps)
{
  memset (run, 0, sizeof *run);
  run->run_b = run_b;
  run->mode = mode;
  run->n_steps = n_steps;
  run->change_step = G_MAXUINT;
  run->scale = 1;
  run->exec_scale = 1;
}

void
compare_run_values (guint s, guint j, float values[4])
{
  for (guint i = 0; i < 4; i++)
    values[i] = (float) ((i % 2 ? -1.0 : 1.0) * (0.5 + s + 0.25 * j + 0.125 * i));
  if (j == 3)
    for (guint i = 0; i < 4; i++)
      values[i] = MAX (values[i], 0.f);
}

/* The value of a trace as the debug mode records it. */
static Tensorflow__TensorProto *
encode (Tensorflow__TensorDebugMode mode, const float *v, gboolean as_double, gboolean reshape, double tensor_id,
        double device_id)
{
  gint64 shape[2] = { 4, 0 };
  guint rank = 1;
  TdbgCounts c = { 0 };
  double dtype = as_double ? 2 : 1;

  if (reshape)
    {
      shape[0] = shape[1] = 2;
      rank = 2;
    }
  for (guint i = 0; i < 4; i++)
    {
      if (isnan (v[i])) c.nan++;
      else if (isinf (v[i])) *(v[i] < 0 ? &c.neg_inf : &c.pos_inf) += 1;
      else if (v[i] < 0) c.neg++;
      else if (v[i] == 0) c.zero++;
      else c.pos++;
    }
  switch ((guint) mode)
    {
    case TDBG_MODE_FULL_TENSOR:
      if (as_double)
        {
          double d[4];
          for (guint i = 0; i < 4; i++)
            d[i] = v[i];
          return tdbg_fixture_content_tensor (2, shape, rank, d, sizeof d);
        }
      return tdbg_fixture_content_tensor (1, shape, rank, v, 4 * sizeof (float));
    case TDBG_MODE_CURT_HEALTH:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, c.nan + c.neg_inf + c.pos_inf > 0 }, 2);
    case TDBG_MODE_CONCISE_HEALTH:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, 4, c.neg_inf, c.pos_inf, c.nan }, 5);
    case TDBG_MODE_FULL_HEALTH:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, device_id, dtype, rank, 4, c.neg_inf, c.pos_inf,
                                                       c.nan, c.neg, c.zero, c.pos }, 11);
    case TDBG_MODE_SHAPE:
      return tdbg_fixture_summary_tensor ((double[]) { tensor_id, dtype, rank, 4, shape[0], shape[1], 0, 0, 0, 0 }, 10);
    default:
      return NULL;
    }
}

static gboolean
write_ops (TdbgFixtureWriter *w, const CompareRun *run, const char *outer_id, const char *outer_name,
           const char *cond_id, const char *cond_name, GError **error)
{
  gint32 base = run->run_b ? 500 : 100;

  if (!tdbg_fixture_writer_add_graph (w, 1, outer_id, outer_name, NULL, error) ||
      !tdbg_fixture_writer_add_graph (w, 1, cond_id, cond_name, outer_id, error))
    return FALSE;
  for (guint j = 0; j < N_OPS; j++)
    {
      gint32 id = base + j;
      const char *inputs[] = { j > 0 ? op_names[j - 1] : NULL, NULL };
      if (!tdbg_fixture_writer_add_op (w, 1, j == 2 ? cond_id : outer_id, j == 2 ? cond_name : outer_name, op_types[j],
                                       op_names[j], inputs, &id, 1, NULL, error))
        return FALSE;
    }
  if (run->extra_op)
    {
      gint32 id = base + N_OPS;
      return tdbg_fixture_writer_add_op (w, 1, run->extra_in_cond ? cond_id : outer_id,
                                         run->extra_in_cond ? cond_name : outer_name, "Neg", run->extra_op, NULL, &id, 1,
                                         NULL, error);
    }
  return TRUE;
}

static gboolean
write_trace (TdbgFixtureWriter *w, const CompareRun *run, double t, const char *graph_id, const char *op_name,
             const float *values, gboolean changed, double tensor_id, GError **error)
{
  Tensorflow__TensorProto *tensor = encode (run->mode, values, changed && run->as_double, changed && run->reshape,
                                            tensor_id, run->run_b ? 3 : -1);
  gboolean ok = tdbg_fixture_writer_add_trace (w, t, graph_id, op_name, 0, run->mode, tensor, DEVICE, error);
  if (tensor)
    tdbg_fixture_tensor_free (tensor);
  return ok;
}

static gboolean
write_step (TdbgFixtureWriter *w, const CompareRun *run, guint s, const char *outer_id, const char *cond_id,
            const char *function, GError **error)
{
  double t = 10 + s;
  gboolean changed_step = s == run->change_step;
  float out[4];
  Tensorflow__TensorProto *output;
  gboolean ok;

  for (guint j = 0; j < N_OPS; j++)
    {
      float v[4];
      gboolean changed = changed_step && j == 3;
      compare_run_values (s, j, v);
      if (j == 3 && run->drop_last_relu && s + 1 == run->n_steps)
        continue;
      if (changed)
        for (guint i = 0; i < 4; i++)
          v[i] = (float) (v[i] * run->scale);
      if (changed && run->use_set0)
        v[0] = (float) run->set0;
      if (!write_trace (w, run, t + 0.01 * j, j == 2 ? cond_id : outer_id, op_names[j], v, changed,
                        (run->run_b ? 500 : 100) + j, error))
        return FALSE;
    }
  if (run->extra_op)
    {
      float v[4];
      compare_run_values (s, 0, v);
      if (!write_trace (w, run, t + 0.05, run->extra_in_cond ? cond_id : outer_id, run->extra_op, v, FALSE,
                        (run->run_b ? 500 : 100) + N_OPS, error))
        return FALSE;
    }
  /* The eager AddV2, then the call of the function that holds the traces above. */
  compare_run_values (s, 1, out);
  for (guint i = 0; changed_step && i < 4; i++)
    out[i] = (float) (out[i] * run->exec_scale);
  output = encode (run->mode, out, FALSE, FALSE, -1, -1);
  ok = tdbg_fixture_writer_add_execution (w, t + 0.1, "AddV2", 1, run->mode, output ? &output : NULL, error);
  if (output)
    tdbg_fixture_tensor_free (output);
  if (!ok)
    return FALSE;
  compare_run_values (s, 3, out);
  output = encode (run->mode, out, FALSE, FALSE, -1, -1);
  ok = tdbg_fixture_writer_add_execution_full (w, t + 0.5, &(TdbgFixtureExecution) {
      .op_type = function, .graph_id = outer_id, .mode = run->mode, .n_outputs = 1,
      .n_tensor_protos = output ? 1 : 0, .tensor_protos = output ? &output : NULL }, error);
  if (output)
    tdbg_fixture_tensor_free (output);
  return ok;
}

gboolean
compare_run_write (const CompareRun *run, const char *dir, GError **error)
{
  const char *host = run->run_b ? "quasar" : "gpu-ws-17";
  const char *outer_id = run->run_b ? "4277f38c" : "1d044b77", *cond_id = run->run_b ? "b3b2b3ed" : "3cb26d41";
  const char *outer_name = run->run_b ? "outer_301" : "outer_98", *cond_name = run->run_b ? "cond_true_280" : "cond_true_77";
  const char *function = run->run_b ? "__inference_outer_315" : "__inference_outer_351";
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, host, run->run_b ? 1721368920 : 1721539763, 1,
                                                            run->run_b ? "run-b" : "run-a", "2.15.0", error);

  if (w == NULL || !tdbg_fixture_writer_add_device (w, 1, run->run_b ? 7 : 0, DEVICE, error) ||
      !write_ops (w, run, outer_id, outer_name, cond_id, cond_name, error))
    return FALSE;
  for (guint s = 0; s < run->n_steps; s++)
    if (!write_step (w, run, s, outer_id, cond_id, function, error))
      return FALSE;
  return tdbg_fixture_writer_flush (w, error);
}
