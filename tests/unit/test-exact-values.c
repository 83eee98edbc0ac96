/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Values exactly as recorded: int64 2^53+1 and -2^63, uint64 2^64-1, and strings holding a NUL
 * and bytes that are not UTF-8, in `trace`, `execution` and `tensor` (text and JSON), in the
 * one-element text the window shows, and in `diff`, where two int64 values that one double
 * cannot tell apart differ. */

#include <string.h>
#include "tdbg-fixture-writer.h"
#include "tdbg-tensor.h"
#include "test-util.h"

#define TWO_53_PLUS_1 G_GINT64_CONSTANT (9007199254740993)

static const guint8 strings_content[] = { 3, 4, 'a', 0, 'b', 0xff, 0xfe, 'o', 'k' };

static Tensorflow__TensorProto *
int64_tensor (gint64 first)
{
  const gint64 shape[] = { 2 };
  gint64 values[] = { GINT64_TO_LE (first), GINT64_TO_LE (G_MININT64) };

  return tdbg_fixture_content_tensor (TDBG_DT_INT64, shape, 1, values, sizeof values);
}

/* Traces 0 (int64), 1 (uint64) and 2 (strings) of three ops, and an eager execution whose
 * output is the int64 tensor. */
static void
write_logdir (const char *dir, gint64 first)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgFixtureWriter) w = tdbg_fixture_writer_new (dir, "fixture-host", 1700000000, 1700000000.5,
                                                            "e8ac7000", "2.21.0", &error);
  const gint64 shape[] = { 2 };
  const guint64 big[] = { GUINT64_TO_LE (G_MAXUINT64), GUINT64_TO_LE ((guint64) TWO_53_PLUS_1) };
  Tensorflow__TensorProto *tensors[] = {
    int64_tensor (first),
    tdbg_fixture_content_tensor (TDBG_DT_UINT64, shape, 1, big, sizeof big),
    tdbg_fixture_content_tensor (TDBG_DT_STRING, shape, 1, strings_content, sizeof strings_content),
  };
  const char *names[] = { "ids", "hashes", "tokens" };
  const char *inputs[] = { NULL };
  const char *frames[] = { NULL };
  const gint32 ids[] = { 1 };

  g_assert_true (tdbg_fixture_writer_add_device (w, 1700000001, 0, "/device:CPU:0", &error));
  g_assert_true (tdbg_fixture_writer_add_graph (w, 1700000002, "g", "lookup", NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_true (tdbg_fixture_writer_add_op (w, 1700000002, "g", "lookup", "Identity", names[i], inputs, ids, 1,
                                               frames, &error));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_true (tdbg_fixture_writer_add_trace (w, 1700000003 + i, "g", names[i], 0,
                                                  TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensors[i],
                                                  "/device:CPU:0", &error));
  g_assert_true (tdbg_fixture_writer_add_execution (w, 1700000010, "Identity", 1,
                                                    TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensors, &error));
  g_assert_true (tdbg_fixture_writer_flush (w, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (tensors); i++)
    tdbg_fixture_tensor_free (tensors[i]);
}

#define assert_has(haystack, needle) \
  G_STMT_START { if (strstr ((haystack), (needle)) == NULL) \
      g_error ("%s: %s not in:\n%s", G_STRLOC, (needle), (haystack)); } G_STMT_END

static void
test_command_line (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *ints_json = NULL, *ints_text = NULL, *big_json = NULL, *big_text = NULL;
  g_autofree char *strings_json = NULL, *strings_text = NULL, *execution_json = NULL, *execution_text = NULL;
  int status;

  write_logdir (dir, TWO_53_PLUS_1);
  ints_json = test_run_cli (&status, "trace", "--json", dir, "0", NULL);
  g_assert_cmpint (status, ==, 0);
  assert_has (ints_json, "9007199254740993");
  assert_has (ints_json, "-9223372036854775808");
  ints_text = test_run_cli (&status, "tensor", dir, "0", NULL);
  assert_has (ints_text, "[9007199254740993 -9223372036854775808]");
  big_json = test_run_cli (&status, "trace", "--json", dir, "1", NULL);
  assert_has (big_json, "18446744073709551615");
  big_text = test_run_cli (&status, "trace", dir, "1", NULL);
  assert_has (big_text, "18446744073709551615");
  assert_has (big_text, "9007199254740993");
  /* Bytes: the NUL escaped, not the end of the string; 0xff 0xfe escaped, not replaced. */
  strings_json = test_run_cli (&status, "trace", "--json", dir, "2", NULL);
  assert_has (strings_json, "\"a\\u0000b\"");
  assert_has (strings_json, "\"\\udcff\\udcfeok\"");
  strings_text = test_run_cli (&status, "tensor", dir, "2", NULL);
  assert_has (strings_text, "b'a\\x00b'");
  assert_has (strings_text, "b'\\xff\\xfeok'");
  execution_json = test_run_cli (&status, "execution", "--json", dir, "0", NULL);
  g_assert_cmpint (status, ==, 0);
  assert_has (execution_json, "9007199254740993");
  execution_text = test_run_cli (&status, "execution", dir, "0", NULL);
  assert_has (execution_text, "9007199254740993");
  test_remove_tree (dir);
}

/* The text of one element, as the window's values show it. */
static void
test_elements (void)
{
  const gint64 shape[] = { 2 };
  const guint64 big[] = { GUINT64_TO_LE (G_MAXUINT64), 0 };
  Tensorflow__TensorProto *ints = int64_tensor (TWO_53_PLUS_1);
  Tensorflow__TensorProto *unsigned_ints = tdbg_fixture_content_tensor (TDBG_DT_UINT64, shape, 1, big, sizeof big);
  Tensorflow__TensorProto *strings = tdbg_fixture_content_tensor (TDBG_DT_STRING, shape, 1, strings_content,
                                                                  sizeof strings_content);
  TdbgTensor t;
  char *text;

  g_assert_true (tdbg_tensor_init (&t, ints, NULL));
  g_assert_cmpint (tdbg_tensor_get_int64 (&t, 0), ==, TWO_53_PLUS_1);
  text = tdbg_tensor_format_element (&t, 0);
  g_assert_cmpstr (text, ==, "9007199254740993");
  g_free (text);
  g_assert_true (tdbg_tensor_init (&t, unsigned_ints, NULL));
  text = tdbg_tensor_format_element (&t, 0);
  g_assert_cmpstr (text, ==, "18446744073709551615");
  g_free (text);
  g_assert_true (tdbg_tensor_init (&t, strings, NULL));
  text = tdbg_tensor_format_element (&t, 0);
  g_assert_cmpstr (text, ==, "b'a\\x00b'");
  g_free (text);
  text = tdbg_tensor_format_element (&t, 1);
  g_assert_cmpstr (text, ==, "b'\\xff\\xfeok'");
  g_free (text);
  tdbg_fixture_tensor_free (ints);
  tdbg_fixture_tensor_free (unsigned_ints);
  tdbg_fixture_tensor_free (strings);
}

/* 2^53 and 2^53+1 are one double; with no tolerance `diff` tells them apart and shows both. */
static void
test_diff (void)
{
  g_autofree char *a = test_make_temp_dir ();
  g_autofree char *b = test_make_temp_dir ();
  g_autofree char *out = NULL;
  int status;

  write_logdir (a, TWO_53_PLUS_1 - 1);
  write_logdir (b, TWO_53_PLUS_1);
  out = test_run_cli (&status, "diff", "--rtol", "0", "--atol", "0", a, b, NULL);
  assert_has (out, "9007199254740992");
  assert_has (out, "9007199254740993");
  g_assert_cmpint (status, ==, 1);
  test_remove_tree (a);
  test_remove_tree (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/exact-values/command-line", test_command_line);
  g_test_add_func ("/exact-values/elements", test_elements);
  g_test_add_func ("/exact-values/diff", test_diff);
  return g_test_run ();
}
