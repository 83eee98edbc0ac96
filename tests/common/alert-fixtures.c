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

/* One op of @op_type in graph @graph_id, made by the stack @frames (outermost first). */
static void
add_op_made_by (TdbgFixtureWriter *w, const char *graph_id, const char *graph_name, const char *op_type,
                const char *op_name, const char **frames)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[] = { NULL };
  const gint32 ids[] = { 1 };

  g_assert_true (tdbg_fixture_writer_add_op (w, 1700000002, graph_id, graph_name, op_type, op_name, inputs, ids, 1,
                                             frames, &error));
}

/* @n graphs named exactly @name (as TensorFlow 2.21 names them), each with the argument
 * placeholder made at the caller's line @call and one op made at the body's line @body. */
static void
add_traces_of (TdbgFixtureWriter *w, const char *name, guint n, const char *call, const char *body,
               const char *library)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%s-%s-%u", name, call, body, i);
      const char *placeholder[] = { call, library, NULL };
      const char *op[] = { call, library, body, NULL };
      g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000002, id, name, NULL, &error));
      add_op_made_by (w, id, name, "Placeholder", "x", placeholder);
      add_op_made_by (w, id, name, "Sub", "sub", op);
    }
}

void
alert_fixture_write_real_retracing (const char *dir)
{
  static const char *const train[] = { "import tensorflow as tf", "", "@tf.function", "def normalize(x):",
                                       "  return x - tf.reduce_mean(x)", "", "def step(x):", "  return x",
                                       "for s in shapes:", "  normalize(s)", "normalize(y)", NULL };
  static const char *const other[] = { "import tensorflow as tf", "@tf.function", "def step(x):",
                                       "  return x * 2", NULL };
  static const char *const trainer[] = { "", "def one_step_on_data(data):", "  return data", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "fixture-host", 1700000000, 1700000000.5,
                                                            "a1e47000", "2.21.0", &error);
  gint file = tdbg_fixture_writer_add_source_file (w, 1700000001, "/home/user/train.py", train, &error);
  gint file2 = tdbg_fixture_writer_add_source_file (w, 1700000001, "/home/user/other.py", other, &error);
  gint lib = tdbg_fixture_writer_add_source_file (
      w, 1700000001, "/usr/lib/python3/site-packages/keras/src/backend/tensorflow/trainer.py", trainer, &error);
  const char *loop = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file, 10, "<module>", &error);
  const char *last = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file, 11, "<module>", &error);
  const char *normalize = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file, 5, "normalize", &error);
  const char *step = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file, 8, "step", &error);
  const char *step2 = tdbg_fixture_writer_add_stack_frame (w, 1700000001, file2, 4, "step", &error);
  const char *fit = tdbg_fixture_writer_add_stack_frame (w, 1700000001, lib, 3, "one_step_on_data", &error);
  const char *call = tdbg_fixture_writer_add_stack_frame (w, 1700000001, lib, 1, "__call__", &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_fixture_writer_add_device (w, 1700000001, 0, "/device:CPU:0", &error));
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000002, "eager", "", NULL, &error));
  /* Five traces called from the loop's line, the sixth from another line: one function. */
  add_traces_of (w, "normalize", 5, loop, normalize, call);
  add_traces_of (w, "normalize", 1, last, normalize, call);
  /* Two functions named "step", defined in two files: three graphs each, not six of one. */
  add_traces_of (w, "step", 3, loop, step, call);
  add_traces_of (w, "step", 3, loop, step2, call);
  /* Keras's train function, traced five times; control flow graphs are not functions. */
  add_traces_of (w, "one_step_on_data", 5, loop, fit, call);
  add_traces_of (w, "while_body_48", 1, loop, normalize, call);
  add_traces_of (w, "while_body_52", 1, loop, normalize, call);
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
