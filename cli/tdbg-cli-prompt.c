/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-cli-prompt.h"

#include <glib/gi18n.h>
#include "tdbg-tty.h"

#define N_SETTINGS (TDBG_PROMPT_REMOTE_PROGRAM + 1)

struct _TdbgCliPrompt {
  GObject parent_instance;
  gboolean accept_new_host_key;
  char *settings[N_SETTINGS];
};

static void tdbg_cli_prompt_iface_init (TdbgPromptInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgCliPrompt, tdbg_cli_prompt, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_PROMPT, tdbg_cli_prompt_iface_init))

/* Headless: nobody to show the key to, so the command line's word decides. */
static TdbgHostKeyDecision
decide_host_key (TdbgPrompt *prompt, const char *host, guint port, const char *key_type, const char *fingerprint)
{
  if (!TDBG_CLI_PROMPT (prompt)->accept_new_host_key)
    {
      g_printerr (_("%s:%u is not in known_hosts; its %s key is %s. Check it, then add it with ssh or pass --accept-new-host-key.\n"),
                  host, port, key_type, fingerprint);
      return TDBG_HOST_KEY_REFUSE;
    }
  g_printerr (_("Accepting the %s key %s of %s:%u for this run only.\n"), key_type, fingerprint, host, port);
  return TDBG_HOST_KEY_ACCEPT_ONCE;
}

static char *
ask_secret (TdbgPrompt *prompt, const char *question, gboolean echo)
{
  return tdbg_tty_secret (question, echo);
}

static const char *
get_setting (TdbgPrompt *prompt, TdbgPromptSetting setting)
{
  return setting < N_SETTINGS ? TDBG_CLI_PROMPT (prompt)->settings[setting] : NULL;
}

static void
tdbg_cli_prompt_iface_init (TdbgPromptInterface *iface)
{
  iface->decide_host_key = decide_host_key;
  iface->ask_secret = ask_secret;
  iface->get_setting = get_setting;
}

TdbgCliPrompt *
tdbg_cli_prompt_new (gboolean accept_new_host_key)
{
  TdbgCliPrompt *self = g_object_new (TDBG_TYPE_CLI_PROMPT, NULL);

  self->accept_new_host_key = accept_new_host_key;
  return self;
}

void
tdbg_cli_prompt_set_setting (TdbgCliPrompt *self, TdbgPromptSetting setting, const char *value)
{
  g_return_if_fail (setting < N_SETTINGS);
  g_free (self->settings[setting]);
  self->settings[setting] = g_strdup (value);
}

static void
tdbg_cli_prompt_finalize (GObject *object)
{
  TdbgCliPrompt *self = TDBG_CLI_PROMPT (object);

  for (guint i = 0; i < N_SETTINGS; i++)
    g_free (self->settings[i]);
  G_OBJECT_CLASS (tdbg_cli_prompt_parent_class)->finalize (object);
}

static void
tdbg_cli_prompt_class_init (TdbgCliPromptClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_cli_prompt_finalize;
}

static void
tdbg_cli_prompt_init (TdbgCliPrompt *self)
{
}
