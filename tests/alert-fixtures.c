/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "alert-fixtures.h"

#include <math.h>
#include "tdbg-fixture-writer.h"

static TdbgFixtureWriter *
writer (const char *dir, const char **frame)
{
  static const char *const lines[] = { "import tensorflow as tf", "", "", "", "", "", "", "", "", "", "",
                                       "@tf.function", "def model(x):", "  return x", NULL };
  g_autoptr(GError) error = NULL;
  TdbgFixtureWriter *w = tdbg_fixture_writer_new (dir, "fixture-host", 1700000000, 1700000000.5, "a1e47000",
                                                  "2.16.1", &error);
  gint file;

  g_assert_no_error (error);
  file = tdbg_fixture_writer_add_source_file (w, 1700000001, "/home/user/model.py", lines, &error);
  g_assert_cmpint (file, >=, 0);
  *frame = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file, 12, "model", &error);
  g_assert_nonnull (*frame);
  g_assert_true (tdbg_fixture_writer_add_device (w, 1700000001, 0, "/device:CPU:0", &error));
  return w;
}

static void
add_graph_op (TdbgFixtureWriter *w, const char *graph_id, const char *graph_name, const char *op_name,
              const char *frame)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { NULL };
  const char *frames[] = { frame, NULL };
  const gint32 ids[] = { 1 };

  g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000002, graph_id, graph_name, NULL, &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, 1700000002, graph_id, graph_name, "MatMul", op_name, inputs, ids, 1,
                                             frames, &error));
}

static void
add_value_trace (TdbgFixtureWriter *w, const char *graph_id, const char *op_name, double step, const float *values,
                 guint n)
{
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { n };
  Tensorflow__TensorProto *tensor = tdbg_fixture_content_tensor (1 /* DT_FLOAT */, shape, 1, values,
                                                                 n * sizeof (float));

  g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000010 + step, graph_id, op_name, 0,
                                                TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensor, "/device:CPU:0",
                                                &error));
  tdbg_fixture_tensor_free (tensor);
}

void
alert_fixture_write_retracing (const char *dir, guint n_graphs)
{
  const char *frame = NULL;
  g_autoptr(TdbgFixtureWriter) w = writer (dir, &frame);
  g_autoptr(GError) error = NULL;
  const float one[] = { 1.0f, -1.0f };

  for (guint i = 0; i < n_graphs; i++)
    {
      g_autofree char *id = g_strdup_printf ("model-%u", i);
      g_autofree char *name = g_strdup_printf ("__inference_model_%u", 100 + i);
      add_graph_op (w, id, name, "model/dense", frame);
      add_value_trace (w, id, "model/dense", i, one, 2);
    }
  add_graph_op (w, "helper-0", "__inference_helper_99", "helper/add", frame);
  add_value_trace (w, "helper-0", "helper/add", n_graphs, one, 2);
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}

void
alert_fixture_write_growth (const char *dir, const double *magnitudes, guint n, gint nan_step)
{
  const char *frame = NULL;
  g_autoptr(TdbgFixtureWriter) w = writer (dir, &frame);
  g_autoptr(GError) error = NULL;

  add_graph_op (w, "step-7", "__inference_step_7", "grow", frame);
  for (guint i = 0; i < n; i++)
    {
      float values[3] = { 0.5f, (float) -magnitudes[i], 0.0f };
      if ((gint) i == nan_step)
        values[2] = NAN;
      add_value_trace (w, "step-7", "grow", i, values, 3);
    }
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
}
