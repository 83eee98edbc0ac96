/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A TdbgPrompt that answers as told, for tests: one decision for every unknown host key, one
 * secret for every question, settings set one by one; it counts what it was asked. */

#include "tdbg-prompt.h"

G_BEGIN_DECLS

#define TDBG_TYPE_ANSWER_PROMPT (tdbg_answer_prompt_get_type ())
G_DECLARE_FINAL_TYPE (TdbgAnswerPrompt, tdbg_answer_prompt, TDBG, ANSWER_PROMPT, GObject)

/* @secret: NULL gives up. */
TdbgAnswerPrompt *tdbg_answer_prompt_new (TdbgHostKeyDecision decision, const char *secret);
void tdbg_answer_prompt_set_secret (TdbgAnswerPrompt *self, const char *secret);
void tdbg_answer_prompt_set_setting (TdbgAnswerPrompt *self, TdbgPromptSetting setting, const char *value);
/* Host keys asked about, with a "SHA256:…" fingerprint each; secrets asked for. */
guint tdbg_answer_prompt_get_n_host_keys (TdbgAnswerPrompt *self);
guint tdbg_answer_prompt_get_n_secrets (TdbgAnswerPrompt *self);

G_END_DECLS
