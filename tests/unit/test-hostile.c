/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile logdirs: each opens (or is refused) with a clear message, in bounded time and
 * memory, and never reads outside the logdir. */

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-util.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-logdir.h"
#include "tdbg-neighbourhood.h"
#include "tdbg-records.h"
#include "tdbg-value.h"

static TdbgLogdir *
load (const char *dir)
{
  g_autoptr(GError) error = NULL;
  TdbgLogdir *logdir = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (logdir, NULL, &error));
  g_assert_no_error (error);
  return logdir;
}

static gboolean
problem_about (TdbgLogdir *logdir, const char *file_suffix)
{
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);
  for (guint i = 0; i < problems->len; i++)
    if (g_str_has_suffix (((TdbgProblem *) g_ptr_array_index (problems, i))->file_name, file_suffix))
      return TRUE;
  return FALSE;
}

/* 10 GB of holes after the real records: the records load, the damage is reported, and the
 * search for more stops after a bounded window instead of reading 10 GB. */
static void
test_sparse_10gb (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autofree char *path = NULL;
  TdbgDemoOptions demo = { 2, 1, "sparse", 1700000000 };
  gint64 start;
  guint n;

  g_assert_true (tdbg_fixture_write_demo (dir, &demo, NULL));
  logdir = load (dir);
  n = tdbg_logdir_get_n_traces (logdir);
  g_clear_object (&logdir);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)))
      if (g_str_has_suffix (name, ".graph_execution_traces"))
        path = g_build_filename (dir, name, NULL);
  }
  g_assert_cmpint (truncate (path, G_GINT64_CONSTANT (10) << 30), ==, 0);
  start = g_get_monotonic_time ();
  logdir = load (dir);
  g_test_message ("10 GB sparse file loaded in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, n);
  g_assert_true (problem_about (logdir, ".graph_execution_traces"));
  test_remove_tree (dir);
}

/* A symbolic link in the logdir is not followed, whatever it names. */
static void
test_symlink_outside (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *outside = test_make_temp_dir ();
  g_autofree char *link = g_build_filename (dir, "tfdbg_events.1700000000.h.graphs", NULL);
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgDemoOptions demo = { 1, -1, "outside", 1700000000 };
  g_autofree char *target = NULL;

  g_assert_true (tdbg_fixture_write_demo (outside, &demo, NULL));
  target = g_build_filename (outside, "tfdbg_events.1700000000.outside.graphs", NULL);
  g_assert_cmpint (symlink (target, link), ==, 0);
  logdir = tdbg_logdir_new_for_path (dir);
  /* Only a link: no file set at all. */
  g_assert_false (tdbg_logdir_load (logdir, NULL, NULL));
  g_assert_cmpuint (tdbg_logdir_get_n_graphs (logdir), ==, 0);
  g_unlink (link);
  test_remove_tree (dir);
  test_remove_tree (outside);
}

/* 100,000 files that are not tfdbg2 files beside one real file set. */
static void
test_many_files (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  TdbgDemoOptions demo = { 1, 0, "h", 1700000000 };
  gint64 start;

  g_assert_true (tdbg_fixture_write_demo (dir, &demo, NULL));
  for (guint i = 0; i < 100000; i++)
    {
      char name[64];
      g_snprintf (name, sizeof name, "%s/tfdbg_events.%u.junk%s", dir, i, i % 2 ? ".metadatax" : "");
      int fd = open (name, O_CREAT | O_WRONLY, 0644);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  start = g_get_monotonic_time ();
  logdir = load (dir);
  g_test_message ("100,000 stray files: loaded in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (tdbg_logdir_get_n_file_sets (logdir), ==, 1);
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (logdir), >, 0);
  test_remove_tree (dir);
}

/* Op names with control characters and quotes, a tensor claiming 2^40 elements, outer graphs
 * that name themselves or each other, a stack that repeats one frame, a source file with a
 * 1,000,000-character line and invalid UTF-8. */
static void
test_hostile_contents (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "h", 1700000000, 1700000000.5, "abcd0123", "2.16.1", &error);
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autofree char *long_line = g_strnfill (1000000, 'x');
  const char *lines[] = { long_line, "bad \xff\xfe utf-8", NULL };
  const char *evil = "a\"b\\c\n<d>\x01";
  const char *inputs[] = { NULL };
  const char *evil_inputs[] = { "a\"b\\c\n<d>\x01:0", NULL };
  const gint32 ids[] = { 1 }, ids2[] = { 2 };
  g_autofree const char **frames = g_new0 (const char *, 10001);
  const char *frame;
  gint64 huge = G_GINT64_CONSTANT (1) << 40;
  Tensorflow__TensorProto *tensor;
  g_autoptr(TdbgNeighbourhood) hood = NULL;
  g_autofree char *dot = NULL;
  const TdbgOp *op;
  float value = 1;

  g_assert_no_error (error);
  g_assert_cmpint (tdbg_fixture_writer_add_source_file (w, 1, "/src/evil.py", lines, &error), ==, 0);
  frame = tdbg_fixture_writer_add_stack_frame (w, 1, 0, 1, "f", &error);
  for (guint i = 0; i < 10000; i++)
    frames[i] = frame;
  /* g1 names itself as its outer graph; g2 names g3, which comes later and names g2. */
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "g1", "loop", "g1", &error));
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "g2", "a", "g3", &error));
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1, "g3", "b", "g2", &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, 1, "g1", "loop", "Placeholder", evil, inputs, ids, 1, frames, &error));
  g_assert_true (tdbg_fixture_writer_add_op (w, 1, "g1", "loop", "Log", "log", evil_inputs, ids2, 1, frames, &error));
  tensor = tdbg_fixture_content_tensor (1, &huge, 1, &value, sizeof value);
  g_assert_true (tdbg_fixture_writer_add_trace (w, 2, "g1", evil, 0, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensor, "d", &error));
  tdbg_fixture_tensor_free (tensor);
  g_assert_true (tdbg_fixture_writer_flush (w, &error));

  logdir = load (dir);
  for (guint g = 0; g < tdbg_logdir_get_n_graphs (logdir); g++)
    g_assert_cmpuint (tdbg_logdir_get_graph (logdir, g)->depth, <=, 1);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (logdir), ==, 1);
  op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0)));
  g_assert_cmpstr (op->op_name, ==, evil);
  g_assert_cmpuint (op->consumers->len, ==, 1);
  {
    Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, 0, &error);
    TdbgValue v;
    g_assert_no_error (error);
    tdbg_value_init (&v, 7, event->graph_execution_trace->tensor_proto);
    g_assert_false (v.decoded); /* 2^40 elements claimed, 4 bytes present */
    tdbg_value_clear (&v);
    tensorflow__debug_event__free_unpacked (event, NULL);
  }
  {
    g_autoptr(GPtrArray) stack = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
    g_assert_cmpuint (stack->len, ==, 10000);
    g_assert_cmpuint (strlen (tdbg_logdir_get_frame_line (logdir, g_ptr_array_index (stack, 0))), ==, 1000000);
  }
  hood = tdbg_neighbourhood_new (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, 0)), 3, 3, 10);
  dot = tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_SHORT_NAMES);
  g_assert_nonnull (strstr (dot, "a\\\"b\\\\c <d> "));
  g_assert_true (g_utf8_validate (dot, -1, NULL));
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/sparse-10gb", test_sparse_10gb);
  g_test_add_func ("/hostile/symlink-outside", test_symlink_outside);
  g_test_add_func ("/hostile/many-files", test_many_files);
  g_test_add_func ("/hostile/contents", test_hostile_contents);
  return g_test_run ();
}
