/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-prompt.h"

G_DEFINE_INTERFACE (TdbgPrompt, tdbg_prompt, G_TYPE_OBJECT)

static void
tdbg_prompt_default_init (TdbgPromptInterface *iface)
{
}

TdbgHostKeyDecision
tdbg_prompt_decide_host_key (TdbgPrompt *self, const char *host, guint port, const char *key_type,
                             const char *fingerprint)
{
  TdbgPromptInterface *iface;

  g_return_val_if_fail (self == NULL || TDBG_IS_PROMPT (self), TDBG_HOST_KEY_REFUSE);
  if (self == NULL || (iface = TDBG_PROMPT_GET_IFACE (self))->decide_host_key == NULL)
    return TDBG_HOST_KEY_REFUSE;
  return iface->decide_host_key (self, host, port, key_type, fingerprint);
}

char *
tdbg_prompt_ask_secret (TdbgPrompt *self, const char *question, gboolean echo)
{
  TdbgPromptInterface *iface;

  g_return_val_if_fail (self == NULL || TDBG_IS_PROMPT (self), NULL);
  if (self == NULL || (iface = TDBG_PROMPT_GET_IFACE (self))->ask_secret == NULL)
    return NULL;
  return iface->ask_secret (self, question, echo);
}

const char *
tdbg_prompt_get_setting (TdbgPrompt *self, TdbgPromptSetting setting)
{
  TdbgPromptInterface *iface;

  g_return_val_if_fail (self == NULL || TDBG_IS_PROMPT (self), NULL);
  if (self == NULL || (iface = TDBG_PROMPT_GET_IFACE (self))->get_setting == NULL)
    return NULL;
  return iface->get_setting (self, setting);
}
