/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-sentences.h"

#include <string.h>

struct _TdbgSentences {
  GHashTable *told;  /* each sentence told, trimmed */
  GString *folded;   /* everything told, case-folded: where a restated clause is looked for */
};

TdbgSentences *
tdbg_sentences_new (void)
{
  TdbgSentences *self = g_new0 (TdbgSentences, 1);
  self->told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->folded = g_string_new (NULL);
  return self;
}

void
tdbg_sentences_free (TdbgSentences *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->told);
  g_string_free (self->folded, TRUE);
  g_free (self);
}

/* The end of the sentence that starts at @p: past its full stop (and the space after it). */
static const char *
sentence_end (const char *p)
{
  static const char *const stops[] = { ". ", "! ", "? ", "。" };
  const char *end = NULL;
  gsize stop_len = 0;

  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      const char *found = strstr (p, stops[i]);
      if (found != NULL && (end == NULL || found < end))
        {
          end = found;
          stop_len = strlen (stops[i]);
        }
    }
  return end != NULL ? end + stop_len : p + strlen (p);
}

/* @sentence without a leading clause ("Values grew past what the type can hold: lower…") that
 * restates what was told, its rest starting with a capital; NULL when it has no such clause. */
static char *
drop_told_clause (TdbgSentences *self, const char *sentence)
{
  const char *colon = strstr (sentence, ": ");
  g_autofree char *clause = colon ? g_utf8_casefold (sentence, colon - sentence) : NULL;
  const char *rest;
  gunichar first;
  char upper[8];

  if (clause == NULL || strstr (self->folded->str, clause) == NULL)
    return NULL;
  rest = colon + 2;
  first = g_unichar_toupper (g_utf8_get_char (rest));
  upper[g_unichar_to_utf8 (first, upper)] = '\0';
  return g_strconcat (upper, g_utf8_next_char (rest), NULL);
}

char *
tdbg_sentences_tell (TdbgSentences *self, const char *text)
{
  g_autoptr(GString) kept = NULL;
  g_autofree char *folded = NULL;

  if (text == NULL)
    return NULL;
  kept = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      const char *end = sentence_end (p);
      g_autofree char *sentence = g_strstrip (g_strndup (p, end - p));
      g_autofree char *rest = drop_told_clause (self, sentence);
      const char *told = rest != NULL ? rest : sentence;

      p = end;
      if (*told == '\0' || g_hash_table_contains (self->told, told))
        continue;
      if (kept->len > 0 && !g_str_has_suffix (kept->str, "。"))
        g_string_append_c (kept, ' ');
      g_string_append (kept, told);
      g_hash_table_add (self->told, g_strdup (told));
    }
  folded = g_utf8_casefold (kept->str, -1);
  g_string_append_printf (self->folded, "%s\n", folded);
  return g_string_free (g_steal_pointer (&kept), FALSE);
}
