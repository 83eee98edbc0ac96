/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What opening a location may need from the person who opens it: a decision on a host key not
 * in known_hosts, a secret (a passphrase, a password, a keyboard-interactive answer), and the
 * settings they gave (a known_hosts file of their own, …). The window answers with dialogs
 * (app/tdbg-dialog-prompt.c), the command line from its options and the terminal
 * (cli/tdbg-cli-prompt.c). Each kind of location asks for what it needs through this one
 * interface (tdbg_location_open()); none knows who answers.
 *
 * The questions are asked from the thread that opens the location, which waits for the answer;
 * an implementation that waits on a person gives up (refuses, gives no secret) once
 * g_cancellable_get_current() in that thread is cancelled. */

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  TDBG_HOST_KEY_REFUSE,
  TDBG_HOST_KEY_ACCEPT_ONCE,
  TDBG_HOST_KEY_ACCEPT_AND_REMEMBER,
} TdbgHostKeyDecision;

/* A setting is a string, NULL when the person gave none (the kind's default applies). */
typedef enum {
  TDBG_PROMPT_KNOWN_HOSTS,         /* known_hosts file instead of ~/.ssh/known_hosts */
  TDBG_PROMPT_GLOBAL_KNOWN_HOSTS,  /* instead of /etc/ssh/ssh_known_hosts */
  TDBG_PROMPT_SSH_CONFIG,          /* instead of ~/.ssh/config; "": none */
  TDBG_PROMPT_IDENTITY,            /* a private key to try first */
  TDBG_PROMPT_COMPRESSION,         /* "no": never compress the connection */
  TDBG_PROMPT_REMOTE_PROGRAM,      /* the tfdbg-gtk to run on an SSH server; "no": none */
} TdbgPromptSetting;

#define TDBG_TYPE_PROMPT (tdbg_prompt_get_type ())
G_DECLARE_INTERFACE (TdbgPrompt, tdbg_prompt, TDBG, PROMPT, GObject)

struct _TdbgPromptInterface {
  GTypeInterface parent_iface;

  /* @host:@port's key, not in known_hosts, is @key_type @fingerprint ("SHA256:…"). Not
   * implemented: refused. */
  TdbgHostKeyDecision (*decide_host_key) (TdbgPrompt *self, const char *host, guint port,
                                          const char *key_type, const char *fingerprint);
  /* The answer to @question, newly allocated (the caller wipes and frees it), or NULL to give
   * up. @echo: whether the answer may be shown as typed. Not implemented: NULL. */
  char *(*ask_secret) (TdbgPrompt *self, const char *question, gboolean echo);
  /* Owned by the prompt, kept while it lives. Not implemented: NULL for every setting. */
  const char *(*get_setting) (TdbgPrompt *self, TdbgPromptSetting setting);
};

/* Each accepts a NULL @self: nobody to ask (unknown keys refused, no secret, no settings). */
TdbgHostKeyDecision tdbg_prompt_decide_host_key (TdbgPrompt *self, const char *host, guint port,
                                                 const char *key_type, const char *fingerprint);
char *tdbg_prompt_ask_secret (TdbgPrompt *self, const char *question, gboolean echo);
const char *tdbg_prompt_get_setting (TdbgPrompt *self, TdbgPromptSetting setting);

G_END_DECLS
