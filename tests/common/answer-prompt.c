/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "answer-prompt.h"

#define N_SETTINGS (TDBG_PROMPT_REMOTE_PROGRAM + 1)

struct _TdbgAnswerPrompt {
  GObject parent_instance;
  TdbgHostKeyDecision decision;
  char *secret;
  char *settings[N_SETTINGS];
  /* Asked from the opening thread, read from the test's. */
  gint n_host_keys;
  gint n_secrets;
};

static void tdbg_answer_prompt_iface_init (TdbgPromptInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgAnswerPrompt, tdbg_answer_prompt, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_PROMPT, tdbg_answer_prompt_iface_init))

static TdbgHostKeyDecision
decide_host_key (TdbgPrompt *prompt, const char *host, guint port, const char *key_type, const char *fingerprint)
{
  TdbgAnswerPrompt *self = TDBG_ANSWER_PROMPT (prompt);

  if (g_str_has_prefix (fingerprint, "SHA256:"))
    g_atomic_int_inc (&self->n_host_keys);
  return self->decision;
}

static char *
ask_secret (TdbgPrompt *prompt, const char *question, gboolean echo)
{
  TdbgAnswerPrompt *self = TDBG_ANSWER_PROMPT (prompt);

  g_atomic_int_inc (&self->n_secrets);
  return g_strdup (self->secret);
}

static const char *
get_setting (TdbgPrompt *prompt, TdbgPromptSetting setting)
{
  TdbgAnswerPrompt *self = TDBG_ANSWER_PROMPT (prompt);

  return setting < N_SETTINGS ? self->settings[setting] : NULL;
}

static void
tdbg_answer_prompt_iface_init (TdbgPromptInterface *iface)
{
  iface->decide_host_key = decide_host_key;
  iface->ask_secret = ask_secret;
  iface->get_setting = get_setting;
}

TdbgAnswerPrompt *
tdbg_answer_prompt_new (TdbgHostKeyDecision decision, const char *secret)
{
  TdbgAnswerPrompt *self = g_object_new (TDBG_TYPE_ANSWER_PROMPT, NULL);

  self->decision = decision;
  self->secret = g_strdup (secret);
  return self;
}

void
tdbg_answer_prompt_set_secret (TdbgAnswerPrompt *self, const char *secret)
{
  g_free (self->secret);
  self->secret = g_strdup (secret);
}

void
tdbg_answer_prompt_set_setting (TdbgAnswerPrompt *self, TdbgPromptSetting setting, const char *value)
{
  g_return_if_fail (setting < N_SETTINGS);
  g_free (self->settings[setting]);
  self->settings[setting] = g_strdup (value);
}

guint
tdbg_answer_prompt_get_n_host_keys (TdbgAnswerPrompt *self)
{
  return g_atomic_int_get (&self->n_host_keys);
}

guint
tdbg_answer_prompt_get_n_secrets (TdbgAnswerPrompt *self)
{
  return g_atomic_int_get (&self->n_secrets);
}

static void
tdbg_answer_prompt_finalize (GObject *object)
{
  TdbgAnswerPrompt *self = TDBG_ANSWER_PROMPT (object);

  g_free (self->secret);
  for (guint i = 0; i < N_SETTINGS; i++)
    g_free (self->settings[i]);
  G_OBJECT_CLASS (tdbg_answer_prompt_parent_class)->finalize (object);
}

static void
tdbg_answer_prompt_class_init (TdbgAnswerPromptClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_answer_prompt_finalize;
}

static void
tdbg_answer_prompt_init (TdbgAnswerPrompt *self)
{
}
