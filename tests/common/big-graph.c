/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "big-graph.h"

#include <glib/gstdio.h>
#include "tdbg-fixture-writer.h"

#define T0 1720000000.0
#define DEVICE "/job:localhost/replica:0/task:0/device:CPU:0"

static void
add_op (TdbgFixtureWriter *w, const char *type, const char *name, const char *const *inputs)
{
  g_autoptr(GError) error = NULL;
  const char *no_frames[] = { NULL };
  const gint32 ids[] = { 1 };

  if (!tdbg_fixture_writer_add_op (w, T0 + 1, BIG_GRAPH_ID, "big", type, name, inputs, ids, 1, no_frames, &error))
    g_error ("writing op %s: %s", name, error->message);
}

static void
trace (TdbgFixtureWriter *w, const char *name, Tensorflow__TensorProto *tensor)
{
  g_autoptr(GError) error = NULL;

  if (!tdbg_fixture_writer_add_trace (w, T0 + 2, BIG_GRAPH_ID, name, 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH,
                                      tensor, DEVICE, &error))
    g_error ("writing a trace of %s: %s", name, error->message);
}

static void
write_scope (TdbgFixtureWriter *w, guint k, guint n, Tensorflow__TensorProto *healthy, Tensorflow__TensorProto *nan)
{
  g_autofree char *first = g_strdup_printf ("layer_%u/op_0", k);
  g_autofree char *feed = k > 0 ? g_strdup_printf ("layer_%u/op_%u:0", k - 1, n - 1) : NULL;
  const char *const none[] = { NULL };

  add_op (w, "Const", first, none);
  for (guint j = 1; j < n; j++)
    {
      g_autofree char *name = g_strdup_printf ("layer_%u/op_%u", k, j);
      g_autofree char *prev = g_strdup_printf ("layer_%u/op_%u:0", k, j - 1);
      g_autofree char *base = g_strdup_printf ("layer_%u/op_0:0", k);
      g_autofree char *control = g_strdup_printf ("^layer_%u/op_0", k);
      const char *inputs[] = { prev, j == 1 && feed ? feed : base, j == n - 1 ? control : NULL, NULL };

      add_op (w, "AddV2", name, inputs);
      if (k % 2 == 0)
        trace (w, name, k == 2 && j == n - 1 ? nan : healthy);
    }
}

guint
big_graph_write (const char *dir, guint n_scopes, guint ops_per_scope)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgFixtureWriter) w = NULL;
  double healthy[11] = { 1, -1, 1, 2, 16, 0, 0, 0, 0, 4, 12 };
  double bad[11] = { 1, -1, 1, 2, 16, 0, 0, 3, 0, 4, 9 };
  Tensorflow__TensorProto *healthy_tensor = tdbg_fixture_summary_tensor (healthy, 11);
  Tensorflow__TensorProto *nan_tensor = tdbg_fixture_summary_tensor (bad, 11);

  g_mkdir_with_parents (dir, 0755);
  w = tdbg_fixture_writer_new (dir, "big-host", 1720000000, T0, "b16g4a9h", "2.16.1", &error);
  if (w == NULL)
    g_error ("writing %s: %s", dir, error->message);
  if (!tdbg_fixture_writer_add_graph (w, T0, BIG_GRAPH_ID, "big", NULL, &error))
    g_error ("writing the graph: %s", error->message);
  for (guint k = 0; k < n_scopes; k++)
    write_scope (w, k, MAX (ops_per_scope, 2), healthy_tensor, nan_tensor);
  if (!tdbg_fixture_writer_flush (w, &error))
    g_error ("flushing %s: %s", dir, error->message);
  tdbg_fixture_tensor_free (healthy_tensor);
  tdbg_fixture_tensor_free (nan_tensor);
  return n_scopes * MAX (ops_per_scope, 2);
}
