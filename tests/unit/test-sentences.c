/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Texts told one after another say each sentence once (the root-cause card's explanation,
 * hint and caveat). */

#include <glib.h>
#include "tdbg-sentences.h"

#define CAVEAT "CONCISE_HEALTH records no zero or negative counts, so this is inferred from the op type."

static void
test_caveat_once (void)
{
  g_autoptr(TdbgSentences) said = tdbg_sentences_new ();
  g_autofree char *explanation = tdbg_sentences_tell (said, "Sqrt (Sqrt) produced NaN: its input mul held negative "
                                                            "values, whose square root is not a number. " CAVEAT);
  g_autofree char *caveat = tdbg_sentences_tell (said, CAVEAT);
  g_autofree char *hint = tdbg_sentences_tell (said, "Clip the argument (tf.sqrt(tf.maximum(x, 0.0))), e.g. at 0.");

  g_assert_cmpstr (explanation, ==, "Sqrt (Sqrt) produced NaN: its input mul held negative values, whose square "
                                    "root is not a number. " CAVEAT);
  g_assert_cmpstr (caveat, ==, "");
  g_assert_cmpstr (hint, ==, "Clip the argument (tf.sqrt(tf.maximum(x, 0.0))), e.g. at 0.");
  g_assert_null (tdbg_sentences_tell (said, NULL));
}

/* A hint that opens by restating the explanation keeps only what to do. */
static void
test_restated_clause (void)
{
  g_autoptr(TdbgSentences) said = tdbg_sentences_new ();
  g_autofree char *explanation = tdbg_sentences_tell (said, "MatMul (MatMul) produced +∞ from finite inputs: its "
                                                            "values grew past what the type can hold.");
  g_autofree char *hint = tdbg_sentences_tell (said, "Values grew past what the type can hold: lower the learning "
                                                     "rate, clip gradients (tf.clip_by_global_norm).");
  g_autofree char *other = tdbg_sentences_tell (said, "Guard the denominator: tf.math.divide_no_nan(x, y).");

  g_assert_cmpstr (explanation, ==, "MatMul (MatMul) produced +∞ from finite inputs: its values grew past what "
                                   "the type can hold.");
  g_assert_cmpstr (hint, ==, "Lower the learning rate, clip gradients (tf.clip_by_global_norm).");
  g_assert_cmpstr (other, ==, "Guard the denominator: tf.math.divide_no_nan(x, y).");
}

static void
test_repeat_within (void)
{
  g_autoptr(TdbgSentences) said = tdbg_sentences_new ();
  g_autofree char *text = tdbg_sentences_tell (said, "MatMul overflowed. Values grew past what the type can hold. "
                                                     "Its input was large. Values grew past what the type can hold.");
  g_autofree char *japanese = tdbg_sentences_tell (said, "型の範囲を超えました。入力が大きい。型の範囲を超えました。");

  g_assert_cmpstr (text, ==, "MatMul overflowed. Values grew past what the type can hold. Its input was large.");
  g_assert_cmpstr (japanese, ==, "型の範囲を超えました。入力が大きい。");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sentences/caveat-once", test_caveat_once);
  g_test_add_func ("/sentences/repeat-within", test_repeat_within);
  g_test_add_func ("/sentences/restated-clause", test_restated_clause);
  return g_test_run ();
}
