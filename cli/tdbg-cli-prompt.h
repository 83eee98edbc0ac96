/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The command line's answers to what opening a location asks (tdbg-prompt.h): the settings of
 * its options, an unknown host key accepted once only when the command line says so (never
 * remembered), and secrets asked on the terminal. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_CLI_PROMPT (tdbg_cli_prompt_get_type ())
G_DECLARE_FINAL_TYPE (TdbgCliPrompt, tdbg_cli_prompt, TDBG, CLI_PROMPT, GObject)

TdbgCliPrompt *tdbg_cli_prompt_new (gboolean accept_new_host_key);
/* @value: NULL for the kind's default. */
void tdbg_cli_prompt_set_setting (TdbgCliPrompt *self, TdbgPromptSetting setting, const char *value);

G_END_DECLS
