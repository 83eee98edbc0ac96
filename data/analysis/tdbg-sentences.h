/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Texts told one after another (an explanation, then its hint and caveat) say each sentence
 * once: the explanation may already hold the caveat its debug mode brings, and two findings
 * may end on the same words. A sentence ends at ". ", "! ", "? " or "。", or at the end. */
typedef struct _TdbgSentences TdbgSentences;

TdbgSentences *tdbg_sentences_new (void);
void tdbg_sentences_free (TdbgSentences *self);
/* @text without the sentences already told (by an earlier text, or earlier in @text itself),
 * which it then counts as told; "" when every sentence was told. NULL for NULL. */
char *tdbg_sentences_tell (TdbgSentences *self, const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgSentences, tdbg_sentences_free)

G_END_DECLS
