/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bulk reading of a trace record: the straight reading of the usual layout gives what the
 * general field loops give, on every trace of the reference logdirs and of a demo logdir, on
 * those records damaged byte by byte and cut short, and on unusual layouts; and both agree
 * with protobuf-c on what it decodes. */

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "debug_event.pb-c.h"
#include "test-env.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-logdir-private.h"
#include "tdbg-records.h"
#include "tdbg-tensor.h"

/* Both readings of @data: the same answer, field for field (the infos are zeroed first, so
 * their bytes compare), and names at the same bytes. */
static gboolean
check_same (const guint8 *data, gsize length, TdbgTraceInfo *info, TdbgTraceNames *names)
{
  TdbgRecord record = { 1234, data, length };
  TdbgTraceInfo slow_info;
  TdbgTraceNames slow_names;
  const char *fast = tdbg_bulk_parse_trace (&record, info, names);
  const char *slow = tdbg_bulk_parse_trace_slow (&record, &slow_info, &slow_names);

  g_assert_cmpstr (fast, ==, slow);
  g_assert_cmpmem (info, sizeof *info, &slow_info, sizeof slow_info);
  g_assert_true (names->context == slow_names.context && names->name == slow_names.name &&
                 names->device == slow_names.device);
  g_assert_cmpuint (names->context_length, ==, slow_names.context_length);
  g_assert_cmpuint (names->name_length, ==, slow_names.name_length);
  g_assert_cmpuint (names->device_length, ==, slow_names.device_length);
  return fast == NULL;
}

static void
assert_bytes (const guint8 *bytes, gsize length, const char *expected)
{
  g_autofree char *copy = g_strndup ((const char *) (bytes ? bytes : (const guint8 *) ""), length);
  g_assert_cmpstr (copy, ==, expected ? expected : "");
}

/* What protobuf-c decodes of a record the bulk reading accepted. */
static void
check_protobuf (const guint8 *data, gsize length, const TdbgTraceInfo *info, const TdbgTraceNames *names)
{
  Tensorflow__DebugEvent *event = tensorflow__debug_event__unpack (NULL, length, data);
  Tensorflow__GraphExecutionTrace *trace;

  if (event == NULL)
    return; /* the wire reading is more lenient than protobuf-c (wire types of ignored fields) */
  g_assert_cmpint (event->what_case, ==, TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE);
  trace = event->graph_execution_trace;
  g_assert_cmpmem (&info->wall_time, 8, &event->wall_time, 8);
  g_assert_cmpuint (info->output_slot, ==, MIN ((guint) trace->output_slot, G_MAXUINT16));
  g_assert_cmpuint (info->mode, ==, MIN ((guint) trace->tensor_debug_mode, 255));
  assert_bytes (names->context, names->context_length, trace->tfdbg_context_id);
  assert_bytes (names->name, names->name_length, trace->op_name);
  assert_bytes (names->device, names->device_length, trace->device_name);
  if (trace->tensor_proto != NULL && info->mode != TDBG_MODE_FULL_TENSOR && info->mode != TDBG_MODE_SHAPE &&
      !tdbg_tensor_is_empty_proto (trace->tensor_proto))
    {
      TdbgTensor tensor;
      double size, neg_inf, pos_inf, nan;
      if (tdbg_tensor_init (&tensor, trace->tensor_proto, NULL))
        {
          g_autoptr(GArray) slots = tdbg_tensor_to_doubles (&tensor, 16);
          gboolean alert = tdbg_summary_alert (info->mode, (const double *) slots->data, slots->len,
                                               &size, &neg_inf, &pos_inf, &nan);
          g_assert_cmpint (alert, ==, (info->flags & TDBG_DIGEST_HAS_INF_NAN) != 0);
        }
    }
  tensorflow__debug_event__free_unpacked (event, NULL);
}

/* Every way of damaging @data one byte at a time, and every shorter length. */
static void
check_damaged (const guint8 *data, gsize length)
{
  g_autofree guint8 *copy = g_memdup2 (data, length);
  static const guint8 values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
  TdbgTraceInfo info;
  TdbgTraceNames names;

  for (gsize cut = 0; cut < length; cut++)
    check_same (copy, cut, &info, &names);
  for (gsize i = 0; i < length; i++)
    {
      guint8 was = copy[i];
      for (guint v = 0; v < G_N_ELEMENTS (values); v++)
        {
          copy[i] = values[v];
          check_same (copy, length, &info, &names);
          copy[i] = was ^ 0x40;
          check_same (copy, length, &info, &names);
        }
      copy[i] = was;
    }
}

typedef struct {
  guint n_traces;
  guint n_read;
  guint n_damaged;
} Tally;

static gboolean
one_trace (const TdbgRecord *record, gpointer user_data)
{
  Tally *tally = user_data;
  TdbgTraceInfo info;
  TdbgTraceNames names;

  tally->n_traces++;
  if (check_same (record->data, record->length, &info, &names))
    {
      tally->n_read++;
      check_protobuf (record->data, record->length, &info, &names);
    }
  /* A few of each file, byte by byte: the rest are alike. */
  if (tally->n_traces % 97 == 1 && tally->n_damaged < 40)
    {
      tally->n_damaged++;
      check_damaged (record->data, record->length);
    }
  return TRUE;
}

static void
check_dir (const char *dir, Tally *tally)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        check_dir (path, tally);
      else if (g_str_has_suffix (name, ".graph_execution_traces"))
        {
          g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
          g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
          TdbgScanResult result;
          g_assert_nonnull (mapped);
          tdbg_record_scan ((const guint8 *) g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped),
                            0, name, problems, one_trace, tally, &result);
        }
    }
}

static void
test_shared_logdirs (void)
{
  Tally tally = { 0 };

  check_dir (test_env_shared_logdirs (), &tally);
  g_test_message ("%u traces, %u read, %u damaged byte by byte", tally.n_traces, tally.n_read, tally.n_damaged);
  g_assert_cmpuint (tally.n_read, >, 1000);
}

static void
test_demo_logdir (void)
{
  g_autofree char *dir = test_env_build_dir ("bulk-decode-demo");
  TdbgDemoOptions options = { 4, 2, "decode-host", 1720000000 };
  g_autoptr(GError) error = NULL;
  Tally tally = { 0 };

  g_assert_true (tdbg_fixture_write_demo (dir, &options, &error));
  check_dir (dir, &tally);
  g_assert_cmpuint (tally.n_read, ==, tally.n_traces);
  g_assert_cmpuint (tally.n_read, >, 100);
}

/* A trace the straight reading does not take: the loops read it. */
static void
check_layout (const guint8 *data, gsize length, guint16 slot, guint8 mode, gboolean readable)
{
  TdbgTraceInfo info;
  TdbgTraceNames names;

  g_assert_cmpint (check_same (data, length, &info, &names), ==, readable);
  if (readable)
    {
      g_assert_cmpuint (info.output_slot, ==, slot);
      g_assert_cmpuint (info.mode, ==, mode);
      assert_bytes (names.name, names.name_length, "op");
      check_protobuf (data, length, &info, &names);
    }
  check_damaged (data, length);
}

#define WALL 0x09, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f

static void
test_unusual_layouts (void)
{
  /* The usual order, a slot of 300 (two bytes), CURT_HEALTH of two doubles [id, 1]. */
  static const guint8 usual[] = { WALL, 0x52, 43, 0x0a, 1, 'g', 0x12, 2, 'o', 'p', 0x18, 0xac, 0x02, 0x20, 2,
                                  0x2a, 26, 0x08, 2, 0x12, 4, 0x12, 2, 0x08, 2, 0x22, 16,
                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f,
                                  0x32, 1, 'd' };
  /* The device before the name, the tensor's dtype after its content. */
  static const guint8 reordered[] = { WALL, 0x52, 40, 0x32, 1, 'd', 0x0a, 1, 'g', 0x12, 2, 'o', 'p', 0x20, 2,
                                      0x2a, 26, 0x22, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f,
                                      0x12, 4, 0x12, 2, 0x08, 2, 0x08, 2 };
  /* An unknown field in the trace, a repeated mode, a dim with a name. */
  static const guint8 extra[] = { WALL, 0x52, 52, 0x0a, 1, 'g', 0x12, 2, 'o', 'p', 0x20, 4, 0x20, 2,
                                  0x2a, 31, 0x08, 2, 0x12, 9, 0x12, 7, 0x08, 2, 0x12, 3, 'd', 'i', 'm', 0x22, 16,
                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f,
                                  0x32, 1, 'd', 0x78, 0x05, 0x3a, 0x01, 'x' };
  /* Packed double_val rather than tensor_content, and no device. */
  static const guint8 doubles[] = { WALL, 0x52, 37, 0x0a, 1, 'g', 0x12, 2, 'o', 'p', 0x20, 2,
                                    0x2a, 26, 0x08, 2, 0x12, 4, 0x12, 2, 0x08, 2, 0x32, 16,
                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f };
  /* Another event in a trace file. */
  static const guint8 other[] = { WALL, 0x4a, 4, 0x0a, 2, 'o', 'p' };

  check_layout (usual, sizeof usual, 300, 2, TRUE);
  check_layout (reordered, sizeof reordered, 0, 2, TRUE);
  check_layout (extra, sizeof extra, 0, 2, TRUE);
  check_layout (doubles, sizeof doubles, 0, 2, TRUE);
  check_layout (other, sizeof other, 0, 0, FALSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bulk-decode/shared-logdirs", test_shared_logdirs);
  g_test_add_func ("/bulk-decode/demo-logdir", test_demo_logdir);
  g_test_add_func ("/bulk-decode/unusual-layouts", test_unusual_layouts);
  return g_test_run ();
}
